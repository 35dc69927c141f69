from enum import StrEnum

class GroupByName(StrEnum):
    OBLIGATION = "obligation"
    POB_TYPE = "pob_type"

    def __str__(self) -> str:
        return str(self.value)
