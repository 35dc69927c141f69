from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="TerminateInput")



@_attrs_define
class TerminateInput:
    """ Body of `POST /v1/contracts/{id}/terminate`.

        Attributes:
            effective_date (datetime.date): The first day without service, `YYYY-MM-DD`. Example: 2026-10-01.
     """

    effective_date: datetime.date





    def to_dict(self) -> dict[str, Any]:
        effective_date = self.effective_date.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "effective_date": effective_date,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        effective_date = datetime.date.fromisoformat(d.pop("effective_date"))




        terminate_input = cls(
            effective_date=effective_date,
        )

        return terminate_input

