from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.breakage_name import BreakageName
from typing import cast
import datetime






T = TypeVar("T", bound="PrepaidCreditsOut")



@_attrs_define
class PrepaidCreditsOut:
    """ A credits line's credits as the contract holds them.

        Attributes:
            breakage (BreakageName):
            credits_ (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            expected_usage (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            expires_on (datetime.date):
     """

    breakage: BreakageName
    credits_: Decimal
    expected_usage: Decimal
    expires_on: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        breakage = self.breakage.value

        credits_ = self.credits_

        expected_usage = self.expected_usage

        expires_on = self.expires_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "breakage": breakage,
            "credits": credits_,
            "expected_usage": expected_usage,
            "expires_on": expires_on,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        breakage = BreakageName(d.pop("breakage"))




        credits_ = Decimal(d.pop("credits"))




        expected_usage = Decimal(d.pop("expected_usage"))




        expires_on = datetime.date.fromisoformat(d.pop("expires_on"))




        prepaid_credits_out = cls(
            breakage=breakage,
            credits_=credits_,
            expected_usage=expected_usage,
            expires_on=expires_on,
        )


        prepaid_credits_out.additional_properties = d
        return prepaid_credits_out

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
