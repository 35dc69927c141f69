from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ExplainedRatingStep")



@_attrs_define
class ExplainedRatingStep:
    """ 
        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rate (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            units (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    amount: Decimal
    rate: Decimal
    units: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        rate = self.rate

        units = self.units


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "rate": rate,
            "units": units,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        rate = Decimal(d.pop("rate"))




        units = Decimal(d.pop("units"))




        explained_rating_step = cls(
            amount=amount,
            rate=rate,
            units=units,
        )


        explained_rating_step.additional_properties = d
        return explained_rating_step

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
