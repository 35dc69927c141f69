from enum import StrEnum

class BreakageName(StrEnum):
    AT_EXPIRY = "at_expiry"
    PROPORTIONAL = "proportional"

    def __str__(self) -> str:
        return str(self.value)
