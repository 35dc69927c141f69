from enum import StrEnum

class EntryScopeName(StrEnum):
    ALL = "all"
    BILLING = "billing"
    RECOGNITION = "recognition"

    def __str__(self) -> str:
        return str(self.value)
