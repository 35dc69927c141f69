from enum import StrEnum

class ComponentScopeName(StrEnum):
    OBLIGATIONS = "obligations"
    PERIOD = "period"

    def __str__(self) -> str:
        return str(self.value)
