from enum import StrEnum

class EstimateMethodName(StrEnum):
    EXPECTED_VALUE = "expected_value"
    MOST_LIKELY_AMOUNT = "most_likely_amount"

    def __str__(self) -> str:
        return str(self.value)
