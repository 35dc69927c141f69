from enum import StrEnum

class FactOutType7Kind(StrEnum):
    CHART = "chart"

    def __str__(self) -> str:
        return str(self.value)
