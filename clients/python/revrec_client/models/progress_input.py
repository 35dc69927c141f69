from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ProgressInput")



@_attrs_define
class ProgressInput:
    """ Body of `POST /v1/contracts/{id}/obligations/{pob_id}/progress`.

        Attributes:
            as_of (datetime.date): The day the measure was taken, `YYYY-MM-DD`; its month carries the change. Example:
                2026-02-28.
            percent_complete (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more
                decimals than the currency allows (SSP: up to 6).
     """

    as_of: datetime.date
    percent_complete: Decimal | str





    def to_dict(self) -> dict[str, Any]:
        as_of = self.as_of.isoformat()

        percent_complete: Decimal | str
        percent_complete = self.percent_complete


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "as_of": as_of,
            "percent_complete": percent_complete,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        as_of = datetime.date.fromisoformat(d.pop("as_of"))




        def _parse_percent_complete(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        percent_complete = _parse_percent_complete(d.pop("percent_complete"))


        progress_input = cls(
            as_of=as_of,
            percent_complete=percent_complete,
        )

        return progress_input

