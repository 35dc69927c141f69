from enum import StrEnum

class FactOutType1Kind(StrEnum):
    VERSION = "version"

    def __str__(self) -> str:
        return str(self.value)
