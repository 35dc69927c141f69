from enum import StrEnum

class VariableKindName(StrEnum):
    BONUS = "bonus"
    OTHER = "other"
    PENALTY = "penalty"
    PRICE_CONCESSION = "price_concession"
    REBATE = "rebate"

    def __str__(self) -> str:
        return str(self.value)
