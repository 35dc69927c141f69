from enum import StrEnum

class RecognitionName(StrEnum):
    POINT_IN_TIME = "point_in_time"
    PROGRESS = "progress"
    RATABLE = "ratable"

    def __str__(self) -> str:
        return str(self.value)
