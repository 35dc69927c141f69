from enum import StrEnum

class PobTypeName(StrEnum):
    HARDWARE = "hardware"
    LICENSE = "license"
    SERVICES = "services"
    SUBSCRIPTION = "subscription"
    SUPPORT = "support"
    USAGE = "usage"

    def __str__(self) -> str:
        return str(self.value)
