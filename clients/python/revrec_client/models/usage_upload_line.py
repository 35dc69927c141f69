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






T = TypeVar("T", bound="UsageUploadLine")



@_attrs_define
class UsageUploadLine:
    """ One line of an NDJSON upload (a CSV upload names the same columns in its header).

        Attributes:
            contract_id (str):
            occurred_on (datetime.date):
            pob_id (str): The usage line's performance obligation id.
            record_id (str):
            amount (Decimal | None | str | Unset):
            quantity (Decimal | None | str | Unset):
     """

    contract_id: str
    occurred_on: datetime.date
    pob_id: str
    record_id: str
    amount: Decimal | None | str | Unset = UNSET
    quantity: Decimal | None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        contract_id = self.contract_id

        occurred_on = self.occurred_on.isoformat()

        pob_id = self.pob_id

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
            "contract_id": contract_id,
            "occurred_on": occurred_on,
            "pob_id": pob_id,
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
        contract_id = d.pop("contract_id")

        occurred_on = datetime.date.fromisoformat(d.pop("occurred_on"))




        pob_id = d.pop("pob_id")

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


        usage_upload_line = cls(
            contract_id=contract_id,
            occurred_on=occurred_on,
            pob_id=pob_id,
            record_id=record_id,
            amount=amount,
            quantity=quantity,
        )

        return usage_upload_line

