from enum import StrEnum

class FactOutType3Kind(StrEnum):
    INVOICE = "invoice"

    def __str__(self) -> str:
        return str(self.value)
