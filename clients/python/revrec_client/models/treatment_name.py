from enum import StrEnum

class TreatmentName(StrEnum):
    CUMULATIVE_CATCH_UP = "cumulative_catch_up"
    PROSPECTIVE = "prospective"
    SEPARATE_CONTRACT = "separate_contract"

    def __str__(self) -> str:
        return str(self.value)
