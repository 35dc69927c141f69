from enum import StrEnum

class PatternOutType3Kind(StrEnum):
    PROGRESS = "progress"

    def __str__(self) -> str:
        return str(self.value)
