from enum import StrEnum

class FactOutType0Kind(StrEnum):
    CONTRACT_OPENED = "contract_opened"

    def __str__(self) -> str:
        return str(self.value)
