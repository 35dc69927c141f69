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






T = TypeVar("T", bound="PostingControlSetting")



@_attrs_define
class PostingControlSetting:
    """ A tenant's posting control (docs/ledger.md, "Posting control").

        Attributes:
            closed_month_writes (ClosedMonthWritesName): What a tenant's posting control does with a write effective in a
                closed month.
            recorded_at (None | str | Unset): When it was set (RFC 3339, UTC); null while the default is in force.
            recorded_by (None | str | Unset): The credential that set it; null while the default is in force.
     """

    closed_month_writes: ClosedMonthWritesName
    recorded_at: None | str | Unset = UNSET
    recorded_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        closed_month_writes = self.closed_month_writes.value

        recorded_at: None | str | Unset
        if isinstance(self.recorded_at, Unset):
            recorded_at = UNSET
        else:
            recorded_at = self.recorded_at

        recorded_by: None | str | Unset
        if isinstance(self.recorded_by, Unset):
            recorded_by = UNSET
        else:
            recorded_by = self.recorded_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closed_month_writes": closed_month_writes,
        })
        if recorded_at is not UNSET:
            field_dict["recorded_at"] = recorded_at
        if recorded_by is not UNSET:
            field_dict["recorded_by"] = recorded_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        closed_month_writes = ClosedMonthWritesName(d.pop("closed_month_writes"))




        def _parse_recorded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recorded_at = _parse_recorded_at(d.pop("recorded_at", UNSET))


        def _parse_recorded_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recorded_by = _parse_recorded_by(d.pop("recorded_by", UNSET))


        posting_control_setting = cls(
            closed_month_writes=closed_month_writes,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
        )


        posting_control_setting.additional_properties = d
        return posting_control_setting

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
