from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.usage_month_out import UsageMonthOut
  from ..models.usage_record_out import UsageRecordOut





T = TypeVar("T", bound="UsageRecorded")



@_attrs_define
class UsageRecorded:
    """ What became of one record, and its month as it now stands.

        Attributes:
            month (UsageMonthOut): One obligation's month of usage and the revenue it rates.
            record (UsageRecordOut): A usage record as stored: its latest revision.
            status (str): `recorded`, `replayed` (the same body again: nothing changed) or `restated`. Example: recorded.
     """

    month: UsageMonthOut
    record: UsageRecordOut
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.usage_month_out import UsageMonthOut # noqa: PLC0415
        from ..models.usage_record_out import UsageRecordOut # noqa: PLC0415
        month = self.month.to_dict()

        record = self.record.to_dict()

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "month": month,
            "record": record,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_month_out import UsageMonthOut # noqa: PLC0415
        from ..models.usage_record_out import UsageRecordOut # noqa: PLC0415
        d = dict(src_dict)
        month = UsageMonthOut.from_dict(d.pop("month"))




        record = UsageRecordOut.from_dict(d.pop("record"))




        status = d.pop("status")

        usage_recorded = cls(
            month=month,
            record=record,
            status=status,
        )


        usage_recorded.additional_properties = d
        return usage_recorded

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
