from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ExplainedCreditsThrough")



@_attrs_define
class ExplainedCreditsThrough:
    """ A credits line's revenue through one month end.

        Attributes:
            allocated (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            basis (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            cumulative (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            day (datetime.date):
            expected_usage (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            expired (bool): Whether the credits had expired by then (all of the allocation is revenue).
            formula (str): `round(allocated × min(used, basis) / basis)`, or `allocated` once expired.
            used (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    allocated: Decimal
    basis: Decimal
    cumulative: Decimal
    day: datetime.date
    expected_usage: Decimal
    expired: bool
    formula: str
    used: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        allocated = self.allocated

        basis = self.basis

        cumulative = self.cumulative

        day = self.day.isoformat()

        expected_usage = self.expected_usage

        expired = self.expired

        formula = self.formula

        used = self.used


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allocated": allocated,
            "basis": basis,
            "cumulative": cumulative,
            "day": day,
            "expected_usage": expected_usage,
            "expired": expired,
            "formula": formula,
            "used": used,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allocated = Decimal(d.pop("allocated"))




        basis = Decimal(d.pop("basis"))




        cumulative = Decimal(d.pop("cumulative"))




        day = datetime.date.fromisoformat(d.pop("day"))




        expected_usage = Decimal(d.pop("expected_usage"))




        expired = d.pop("expired")

        formula = d.pop("formula")

        used = Decimal(d.pop("used"))




        explained_credits_through = cls(
            allocated=allocated,
            basis=basis,
            cumulative=cumulative,
            day=day,
            expected_usage=expected_usage,
            expired=expired,
            formula=formula,
            used=used,
        )


        explained_credits_through.additional_properties = d
        return explained_credits_through

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
