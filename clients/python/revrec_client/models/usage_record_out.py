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






T = TypeVar("T", bound="UsageRecordOut")



@_attrs_define
class UsageRecordOut:
    """ A usage record as stored: its latest revision.

        Attributes:
            occurred_on (datetime.date):
            pob_id (str):
            record_id (str):
            recorded_at (datetime.datetime):
            recorded_by (str): Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `console:<email>`.
            revision (int): 1 for the first body under the record id; each restatement the next.
            amount (Decimal | None | Unset):
            quantity (Decimal | None | Unset):
     """

    occurred_on: datetime.date
    pob_id: str
    record_id: str
    recorded_at: datetime.datetime
    recorded_by: str
    revision: int
    amount: Decimal | None | Unset = UNSET
    quantity: Decimal | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        occurred_on = self.occurred_on.isoformat()

        pob_id = self.pob_id

        record_id = self.record_id

        recorded_at = self.recorded_at.isoformat()

        recorded_by = self.recorded_by

        revision = self.revision

        amount: Decimal | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        quantity: Decimal | None | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "occurred_on": occurred_on,
            "pob_id": pob_id,
            "record_id": record_id,
            "recorded_at": recorded_at,
            "recorded_by": recorded_by,
            "revision": revision,
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




        pob_id = d.pop("pob_id")

        record_id = d.pop("record_id")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        recorded_by = d.pop("recorded_by")

        revision = d.pop("revision")

        def _parse_amount(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                amount_type_1 = Decimal(data)



                return amount_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))


        def _parse_quantity(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                quantity_type_1 = Decimal(data)



                return quantity_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))


        usage_record_out = cls(
            occurred_on=occurred_on,
            pob_id=pob_id,
            record_id=record_id,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
            revision=revision,
            amount=amount,
            quantity=quantity,
        )


        usage_record_out.additional_properties = d
        return usage_record_out

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
