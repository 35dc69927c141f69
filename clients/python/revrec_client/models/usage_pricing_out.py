from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tier_out import TierOut





T = TypeVar("T", bound="UsagePricingOut")



@_attrs_define
class UsagePricingOut:
    """ A usage line's pricing as the contract holds it.

        Attributes:
            included_per_month (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rate (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            tiers (list[TierOut]):
            unit (str):
     """

    included_per_month: Decimal
    rate: Decimal
    tiers: list[TierOut]
    unit: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tier_out import TierOut # noqa: PLC0415
        included_per_month = self.included_per_month

        rate = self.rate

        tiers = []
        for tiers_item_data in self.tiers:
            tiers_item = tiers_item_data.to_dict()
            tiers.append(tiers_item)



        unit = self.unit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "included_per_month": included_per_month,
            "rate": rate,
            "tiers": tiers,
            "unit": unit,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tier_out import TierOut # noqa: PLC0415
        d = dict(src_dict)
        included_per_month = Decimal(d.pop("included_per_month"))




        rate = Decimal(d.pop("rate"))




        tiers = []
        _tiers = d.pop("tiers")
        for tiers_item_data in (_tiers):
            tiers_item = TierOut.from_dict(tiers_item_data)



            tiers.append(tiers_item)


        unit = d.pop("unit")

        usage_pricing_out = cls(
            included_per_month=included_per_month,
            rate=rate,
            tiers=tiers,
            unit=unit,
        )


        usage_pricing_out.additional_properties = d
        return usage_pricing_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
