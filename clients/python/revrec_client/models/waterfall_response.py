from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.group_by_name import GroupByName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.waterfall_period import WaterfallPeriod





T = TypeVar("T", bound="WaterfallResponse")



@_attrs_define
class WaterfallResponse:
    """ Monthly recognized revenue and deferred balances. The first three fields are the spec's;
    `currency` and `output_hash` are extensions.

        Attributes:
            currency (str):
            output_hash (str): `sha256:` digest of the figures: equal inputs give equal hashes on any backend.
            periods (list[WaterfallPeriod]): Every month of the range, zeros included, ascending.
            total_deferred (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            total_recognized (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows by obligation type)
                or
                `obligation` (one contract's rows by obligation; needs `contract_id`).
     """

    currency: str
    output_hash: str
    periods: list[WaterfallPeriod]
    total_deferred: Decimal
    total_recognized: Decimal
    group_by: GroupByName | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.waterfall_period import WaterfallPeriod # noqa: PLC0415
        currency = self.currency

        output_hash = self.output_hash

        periods = []
        for periods_item_data in self.periods:
            periods_item = periods_item_data.to_dict()
            periods.append(periods_item)



        total_deferred = self.total_deferred

        total_recognized = self.total_recognized

        group_by: str | Unset = UNSET
        if not isinstance(self.group_by, Unset):
            group_by = self.group_by.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "output_hash": output_hash,
            "periods": periods,
            "total_deferred": total_deferred,
            "total_recognized": total_recognized,
        })
        if group_by is not UNSET:
            field_dict["group_by"] = group_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.waterfall_period import WaterfallPeriod # noqa: PLC0415
        d = dict(src_dict)
        currency = d.pop("currency")

        output_hash = d.pop("output_hash")

        periods = []
        _periods = d.pop("periods")
        for periods_item_data in (_periods):
            periods_item = WaterfallPeriod.from_dict(periods_item_data)



            periods.append(periods_item)


        total_deferred = Decimal(d.pop("total_deferred"))




        total_recognized = Decimal(d.pop("total_recognized"))




        _group_by = d.pop("group_by", UNSET)
        group_by: GroupByName | Unset
        if isinstance(_group_by,  Unset):
            group_by = UNSET
        else:
            group_by = GroupByName(_group_by)




        waterfall_response = cls(
            currency=currency,
            output_hash=output_hash,
            periods=periods,
            total_deferred=total_deferred,
            total_recognized=total_recognized,
            group_by=group_by,
        )


        waterfall_response.additional_properties = d
        return waterfall_response

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
