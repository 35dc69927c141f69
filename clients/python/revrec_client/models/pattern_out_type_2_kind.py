from enum import StrEnum

class PatternOutType2Kind(StrEnum):
    AWAITING_DELIVERY = "awaiting_delivery"

    def __str__(self) -> str:
        return str(self.value)
