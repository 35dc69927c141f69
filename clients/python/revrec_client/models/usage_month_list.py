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





T = TypeVar("T", bound="UsageMonthList")



@_attrs_define
class UsageMonthList:
    """ `GET …/usage?period=`: the month and its records (the latest revision of each, by day
    then id).

        Attributes:
            month (UsageMonthOut): One obligation's month of usage and the revenue it rates.
            records (list[UsageRecordOut]):
     """

    month: UsageMonthOut
    records: list[UsageRecordOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.usage_month_out import UsageMonthOut # noqa: PLC0415
        from ..models.usage_record_out import UsageRecordOut # noqa: PLC0415
        month = self.month.to_dict()

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "month": month,
            "records": records,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_month_out import UsageMonthOut # noqa: PLC0415
        from ..models.usage_record_out import UsageRecordOut # noqa: PLC0415
        d = dict(src_dict)
        month = UsageMonthOut.from_dict(d.pop("month"))




        records = []
        _records = d.pop("records")
        for records_item_data in (_records):
            records_item = UsageRecordOut.from_dict(records_item_data)



            records.append(records_item)


        usage_month_list = cls(
            month=month,
            records=records,
        )


        usage_month_list.additional_properties = d
        return usage_month_list

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
