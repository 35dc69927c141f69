from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="PaymentInput")



@_attrs_define
class PaymentInput:
    """ Cash received from the customer against the contract.

        Attributes:
            amount (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than
                the currency allows (SSP: up to 6).
            date (datetime.date): The day the cash was received, `YYYY-MM-DD`: the month it clears receivables in. Example:
                2026-04-15.
            reference (str): The bank's or the payer's reference, unique per contract: sending it again is a
                replay, not a second payment. Example: WIRE-2026-0415-77.
     """

    amount: Decimal | str
    date: datetime.date
    reference: str





    def to_dict(self) -> dict[str, Any]:
        amount: Decimal | str
        amount = self.amount

        date = self.date.isoformat()

        reference = self.reference


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount": amount,
            "date": date,
            "reference": reference,
        })

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




        reference = d.pop("reference")

        payment_input = cls(
            amount=amount,
            date=date,
            reference=reference,
        )

        return payment_input

