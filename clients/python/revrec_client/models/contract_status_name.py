from enum import StrEnum

class ContractStatusName(StrEnum):
    ACTIVE = "active"
    DRAFT = "draft"
    TERMINATED = "terminated"

    def __str__(self) -> str:
        return str(self.value)
