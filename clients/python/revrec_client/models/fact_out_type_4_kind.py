from enum import StrEnum

class FactOutType4Kind(StrEnum):
    PAYMENT = "payment"

    def __str__(self) -> str:
        return str(self.value)
