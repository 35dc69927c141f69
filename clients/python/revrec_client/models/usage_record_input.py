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






T = TypeVar("T", bound="UsageRecordInput")



@_attrs_define
class UsageRecordInput:
    """ Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one usage record.

        Attributes:
            occurred_on (datetime.date): The day the usage happened: inside the line's service days. Example: 2026-03-14.
            record_id (str): The metering system's id of the record, unique within the obligation: sent again
                with the same body it is a replay, with another body a restatement. Example: evt_2026_03_000187.
            amount (Decimal | None | str | Unset):
            quantity (Decimal | None | str | Unset):
     """

    occurred_on: datetime.date
    record_id: str
    amount: Decimal | None | str | Unset = UNSET
    quantity: Decimal | None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        occurred_on = self.occurred_on.isoformat()

        record_id = self.record_id

        amount: Decimal | None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        quantity: Decimal | None | str | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "occurred_on": occurred_on,
            "record_id": record_id,
        })
        if amount is not UNSET:
            field_dict["amount"] = amount
        if quantity is not UNSET:
            field_dict["quantity"] = quantity

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        occurred_on = datetime.date.fromisoformat(d.pop("occurred_on"))




        record_id = d.pop("record_id")

        def _parse_amount(data: object) -> Decimal | None | str | Unset:
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

        amount = _parse_amount(d.pop("amount", UNSET))


        def _parse_quantity(data: object) -> Decimal | None | str | Unset:
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

        quantity = _parse_quantity(d.pop("quantity", UNSET))


        usage_record_input = cls(
            occurred_on=occurred_on,
            record_id=record_id,
            amount=amount,
            quantity=quantity,
        )

        return usage_record_input

