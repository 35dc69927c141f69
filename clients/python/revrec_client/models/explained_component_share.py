from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ExplainedComponentShare")



@_attrs_define
class ExplainedComponentShare:
    """ 
        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            obligation_id (None | str | Unset):
     """

    amount: Decimal
    obligation_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
        })
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


        explained_component_share = cls(
            amount=amount,
            obligation_id=obligation_id,
        )


        explained_component_share.additional_properties = d
        return explained_component_share

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
