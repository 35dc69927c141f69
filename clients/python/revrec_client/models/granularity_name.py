from enum import StrEnum

class GranularityName(StrEnum):
    ANNUAL = "annual"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"

    def __str__(self) -> str:
        return str(self.value)
