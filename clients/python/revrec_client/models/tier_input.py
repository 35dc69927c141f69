from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TierInput")



@_attrs_define
class TierInput:
    """ 
        Attributes:
            rate (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than the
                currency allows (SSP: up to 6).
            up_to (Decimal | None | str | Unset):
     """

    rate: Decimal | str
    up_to: Decimal | None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        rate: Decimal | str
        rate = self.rate

        up_to: Decimal | None | str | Unset
        if isinstance(self.up_to, Unset):
            up_to = UNSET
        else:
            up_to = self.up_to


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rate": rate,
        })
        if up_to is not UNSET:
            field_dict["up_to"] = up_to

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_rate(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        rate = _parse_rate(d.pop("rate"))


        def _parse_up_to(data: object) -> Decimal | None | str | Unset:
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

        up_to = _parse_up_to(d.pop("up_to", UNSET))


        tier_input = cls(
            rate=rate,
            up_to=up_to,
        )

        return tier_input

