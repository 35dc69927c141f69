from enum import StrEnum

class FactOutType2Kind(StrEnum):
    REPORTED = "reported"

    def __str__(self) -> str:
        return str(self.value)
