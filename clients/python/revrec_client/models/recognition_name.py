from enum import StrEnum

class RecognitionName(StrEnum):
    CREDITS = "credits"
    POINT_IN_TIME = "point_in_time"
    PROGRESS = "progress"
    RATABLE = "ratable"
    USAGE = "usage"

    def __str__(self) -> str:
        return str(self.value)
