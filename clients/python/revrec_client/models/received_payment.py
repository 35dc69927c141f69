from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ReceivedPayment")



@_attrs_define
class ReceivedPayment:
    """ A payment the contract received, as recorded.

        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            date (datetime.date):
            id (str): `pay_…`
            recorded_at (datetime.datetime): When it was recorded (the books know it from then on).
            recorded_by (str): Who recorded it (the credential; `unknown` before actors were kept). Example: key:key_01h8.
            reference (str):
     """

    amount: Decimal
    date: datetime.date
    id: str
    recorded_at: datetime.datetime
    recorded_by: str
    reference: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        date = self.date.isoformat()

        id = self.id

        recorded_at = self.recorded_at.isoformat()

        recorded_by = self.recorded_by

        reference = self.reference


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "date": date,
            "id": id,
            "recorded_at": recorded_at,
            "recorded_by": recorded_by,
            "reference": reference,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        date = datetime.date.fromisoformat(d.pop("date"))




        id = d.pop("id")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        recorded_by = d.pop("recorded_by")

        reference = d.pop("reference")

        received_payment = cls(
            amount=amount,
            date=date,
            id=id,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
            reference=reference,
        )


        received_payment.additional_properties = d
        return received_payment

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
