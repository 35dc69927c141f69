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






T = TypeVar("T", bound="FulfillmentInput")



@_attrs_define
class FulfillmentInput:
    """ Body of `POST /v1/contracts/{id}/obligations/{pob_id}/fulfillments`.

        Attributes:
            date (datetime.date): The day the obligation was delivered, `YYYY-MM-DD`: its whole allocation is revenue
                of that day's month. Example: 2026-03-15.
            percent_complete (Decimal | None | str | Unset):
     """

    date: datetime.date
    percent_complete: Decimal | None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        percent_complete: Decimal | None | str | Unset
        if isinstance(self.percent_complete, Unset):
            percent_complete = UNSET
        else:
            percent_complete = self.percent_complete


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "date": date,
        })
        if percent_complete is not UNSET:
            field_dict["percent_complete"] = percent_complete

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))




        def _parse_percent_complete(data: object) -> Decimal | None | str | Unset:
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

        percent_complete = _parse_percent_complete(d.pop("percent_complete", UNSET))


        fulfillment_input = cls(
            date=date,
            percent_complete=percent_complete,
        )

        return fulfillment_input

