from enum import StrEnum

class ClosedMonthWritesName(StrEnum):
    ALLOWED = "allowed"
    CORRECTIONS_ONLY = "corrections_only"

    def __str__(self) -> str:
        return str(self.value)
