from enum import StrEnum

class FactOutType6Kind(StrEnum):
    REOPEN = "reopen"

    def __str__(self) -> str:
        return str(self.value)
