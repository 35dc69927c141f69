from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.closed_month_writes_name import ClosedMonthWritesName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PostingControlInput")



@_attrs_define
class PostingControlInput:
    """ `PUT /v1/periods/posting-control`.

        Attributes:
            closed_month_writes (ClosedMonthWritesName | None | Unset):
     """

    closed_month_writes: ClosedMonthWritesName | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        closed_month_writes: None | str | Unset
        if isinstance(self.closed_month_writes, Unset):
            closed_month_writes = UNSET
        elif isinstance(self.closed_month_writes, ClosedMonthWritesName):
            closed_month_writes = self.closed_month_writes.value
        else:
            closed_month_writes = self.closed_month_writes


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if closed_month_writes is not UNSET:
            field_dict["closed_month_writes"] = closed_month_writes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_closed_month_writes(data: object) -> ClosedMonthWritesName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_month_writes_type_1 = ClosedMonthWritesName(data)



                return closed_month_writes_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClosedMonthWritesName | None | Unset, data)

        closed_month_writes = _parse_closed_month_writes(d.pop("closed_month_writes", UNSET))


        posting_control_input = cls(
            closed_month_writes=closed_month_writes,
        )

        return posting_control_input

