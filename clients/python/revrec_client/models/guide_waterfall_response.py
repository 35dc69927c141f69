from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.granularity_name import GranularityName
from ..models.group_by_name import GroupByName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.guide_waterfall_row import GuideWaterfallRow





T = TypeVar("T", bound="GuideWaterfallResponse")



@_attrs_define
class GuideWaterfallResponse:
    """ The guide surface's waterfall of one year (docs/asc606.md §6).

        Attributes:
            closing_deferred_balance (Decimal): An exact amount written with exactly the currency's minor-unit decimals
                (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            currency (str):
            granularity (GranularityName):
            output_hash (str):
            period (str):  Example: 2026.
            rows (list[GuideWaterfallRow]):
            total_recognized (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows by obligation type)
                or
                `obligation` (one contract's rows by obligation; needs `contract_id`).
     """

    closing_deferred_balance: Decimal
    currency: str
    granularity: GranularityName
    output_hash: str
    period: str
    rows: list[GuideWaterfallRow]
    total_recognized: Decimal
    group_by: GroupByName | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.guide_waterfall_row import GuideWaterfallRow # noqa: PLC0415
        closing_deferred_balance = self.closing_deferred_balance

        currency = self.currency

        granularity = self.granularity.value

        output_hash = self.output_hash

        period = self.period

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)



        total_recognized = self.total_recognized

        group_by: str | Unset = UNSET
        if not isinstance(self.group_by, Unset):
            group_by = self.group_by.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closing_deferred_balance": closing_deferred_balance,
            "currency": currency,
            "granularity": granularity,
            "output_hash": output_hash,
            "period": period,
            "rows": rows,
            "total_recognized": total_recognized,
        })
        if group_by is not UNSET:
            field_dict["group_by"] = group_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.guide_waterfall_row import GuideWaterfallRow # noqa: PLC0415
        d = dict(src_dict)
        closing_deferred_balance = Decimal(d.pop("closing_deferred_balance"))




        currency = d.pop("currency")

        granularity = GranularityName(d.pop("granularity"))




        output_hash = d.pop("output_hash")

        period = d.pop("period")

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = GuideWaterfallRow.from_dict(rows_item_data)



            rows.append(rows_item)


        total_recognized = Decimal(d.pop("total_recognized"))




        _group_by = d.pop("group_by", UNSET)
        group_by: GroupByName | Unset
        if isinstance(_group_by,  Unset):
            group_by = UNSET
        else:
            group_by = GroupByName(_group_by)




        guide_waterfall_response = cls(
            closing_deferred_balance=closing_deferred_balance,
            currency=currency,
            granularity=granularity,
            output_hash=output_hash,
            period=period,
            rows=rows,
            total_recognized=total_recognized,
            group_by=group_by,
        )


        guide_waterfall_response.additional_properties = d
        return guide_waterfall_response

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
