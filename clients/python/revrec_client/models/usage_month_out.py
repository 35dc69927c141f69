from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UsageMonthOut")



@_attrs_define
class UsageMonthOut:
    """ One obligation's month of usage and the revenue it rates.

        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            currency (str):
            period (str):  Example: 2026-03.
            pob_id (str):
            quantity (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rated_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            unit (None | str | Unset): The unit of the line's pricing (none: its records carry their amounts).
     """

    amount: Decimal
    currency: str
    period: str
    pob_id: str
    quantity: Decimal
    rated_amount: Decimal
    unit: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        period = self.period

        pob_id = self.pob_id

        quantity = self.quantity

        rated_amount = self.rated_amount

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
        else:
            unit = self.unit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "currency": currency,
            "period": period,
            "pob_id": pob_id,
            "quantity": quantity,
            "rated_amount": rated_amount,
        })
        if unit is not UNSET:
            field_dict["unit"] = unit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        currency = d.pop("currency")

        period = d.pop("period")

        pob_id = d.pop("pob_id")

        quantity = Decimal(d.pop("quantity"))




        rated_amount = Decimal(d.pop("rated_amount"))




        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))


        usage_month_out = cls(
            amount=amount,
            currency=currency,
            period=period,
            pob_id=pob_id,
            quantity=quantity,
            rated_amount=rated_amount,
            unit=unit,
        )


        usage_month_out.additional_properties = d
        return usage_month_out

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
