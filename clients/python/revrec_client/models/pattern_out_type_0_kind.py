from enum import StrEnum

class PatternOutType0Kind(StrEnum):
    RATABLE = "ratable"

    def __str__(self) -> str:
        return str(self.value)
