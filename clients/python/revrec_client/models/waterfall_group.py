from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WaterfallGroup")



@_attrs_define
class WaterfallGroup:
    """ One part of a waterfall row (`group_by`).

        Attributes:
            key (str): The `pob_type` (`group_by=pob_type`: all five, zeros included) or the obligation's id
                (`group_by=obligation`: every obligation of the contract, in its order). Example: subscription.
            recognized_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            variable_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    key: str
    recognized_amount: Decimal
    variable_amount: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key

        recognized_amount = self.recognized_amount

        variable_amount = self.variable_amount


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "recognized_amount": recognized_amount,
            "variable_amount": variable_amount,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        recognized_amount = Decimal(d.pop("recognized_amount"))




        variable_amount = Decimal(d.pop("variable_amount"))




        waterfall_group = cls(
            key=key,
            recognized_amount=recognized_amount,
            variable_amount=variable_amount,
        )


        waterfall_group.additional_properties = d
        return waterfall_group

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
