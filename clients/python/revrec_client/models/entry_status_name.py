from enum import StrEnum

class EntryStatusName(StrEnum):
    APPROVED = "approved"
    DRAFT = "draft"

    def __str__(self) -> str:
        return str(self.value)
