from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="InvoiceInput")



@_attrs_define
class InvoiceInput:
    """ One invoice: an entry of `billing_schedule`, or the body of
    `POST /v1/contracts/{id}/invoices`.

        Attributes:
            amount (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than
                the currency allows (SSP: up to 6).
            date (datetime.date): The invoice date, `YYYY-MM-DD`: the month it bills in. Example: 2026-03-31.
            number (None | str | Unset): The billing system's number, unique per contract: sending it again is a replay, not
                a second invoice. Example: INV-2026-0042.
     """

    amount: Decimal | str
    date: datetime.date
    number: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount: Decimal | str
        amount = self.amount

        date = self.date.isoformat()

        number: None | str | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount": amount,
            "date": date,
        })
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_amount(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        amount = _parse_amount(d.pop("amount"))


        date = datetime.date.fromisoformat(d.pop("date"))




        def _parse_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        number = _parse_number(d.pop("number", UNSET))


        invoice_input = cls(
            amount=amount,
            date=date,
            number=number,
        )

        return invoice_input

