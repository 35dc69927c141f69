from enum import StrEnum

class ConventionName(StrEnum):
    DAILY = "daily"
    MONTHLY_EQUAL = "monthly_equal"
    PRORATED_FIRST_LAST = "prorated_first_last"

    def __str__(self) -> str:
        return str(self.value)
