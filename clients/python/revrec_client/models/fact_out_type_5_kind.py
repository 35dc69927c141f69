from enum import StrEnum

class FactOutType5Kind(StrEnum):
    CLOSE = "close"

    def __str__(self) -> str:
        return str(self.value)
