from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.breakage_name import BreakageName
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="PrepaidCreditsInput")



@_attrs_define
class PrepaidCreditsInput:
    """ A `credits` line's prepaid credits (docs/asc606.md §15): revenue through a month is
    the line's allocation times the credits used (of `expected_usage` with proportional
    breakage, of all of them `at_expiry`); what is left is revenue of `expires_on`.

        Attributes:
            credits_ (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than
                the currency allows (SSP: up to 6).
            expires_on (datetime.date): The day unused credits expire, inside the line's service. Example: 2026-12-31.
            breakage (BreakageName | None | Unset):
            expected_usage (Decimal | None | str | Unset):
     """

    credits_: Decimal | str
    expires_on: datetime.date
    breakage: BreakageName | None | Unset = UNSET
    expected_usage: Decimal | None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        credits_: Decimal | str
        credits_ = self.credits_

        expires_on = self.expires_on.isoformat()

        breakage: None | str | Unset
        if isinstance(self.breakage, Unset):
            breakage = UNSET
        elif isinstance(self.breakage, BreakageName):
            breakage = self.breakage.value
        else:
            breakage = self.breakage

        expected_usage: Decimal | None | str | Unset
        if isinstance(self.expected_usage, Unset):
            expected_usage = UNSET
        else:
            expected_usage = self.expected_usage


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "credits": credits_,
            "expires_on": expires_on,
        })
        if breakage is not UNSET:
            field_dict["breakage"] = breakage
        if expected_usage is not UNSET:
            field_dict["expected_usage"] = expected_usage

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_credits_(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        credits_ = _parse_credits_(d.pop("credits"))


        expires_on = datetime.date.fromisoformat(d.pop("expires_on"))




        def _parse_breakage(data: object) -> BreakageName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                breakage_type_1 = BreakageName(data)



                return breakage_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BreakageName | None | Unset, data)

        breakage = _parse_breakage(d.pop("breakage", UNSET))


        def _parse_expected_usage(data: object) -> Decimal | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | str | Unset, data)

        expected_usage = _parse_expected_usage(d.pop("expected_usage", UNSET))


        prepaid_credits_input = cls(
            credits_=credits_,
            expires_on=expires_on,
            breakage=breakage,
            expected_usage=expected_usage,
        )

        return prepaid_credits_input

