from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RpoExclusionOut")



@_attrs_define
class RpoExclusionOut:
    """ Obligations whose future consideration RPO leaves out.

        Attributes:
            description (str):
            pob_type (str):
            reason (str): `right_to_invoice`: usage recognized as invoiced (ASC 606-10-55-18). Example: right_to_invoice.
            revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    description: str
    pob_type: str
    reason: str
    revenue: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        description = self.description

        pob_type = self.pob_type

        reason = self.reason

        revenue = self.revenue


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "description": description,
            "pob_type": pob_type,
            "reason": reason,
            "revenue": revenue,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description")

        pob_type = d.pop("pob_type")

        reason = d.pop("reason")

        revenue = Decimal(d.pop("revenue"))




        rpo_exclusion_out = cls(
            description=description,
            pob_type=pob_type,
            reason=reason,
            revenue=revenue,
        )


        rpo_exclusion_out.additional_properties = d
        return rpo_exclusion_out

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
