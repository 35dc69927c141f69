from enum import StrEnum

class PatternOutType1Kind(StrEnum):
    POINT_IN_TIME = "point_in_time"

    def __str__(self) -> str:
        return str(self.value)
