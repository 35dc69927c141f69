from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.waterfall_group import WaterfallGroup





T = TypeVar("T", bound="GuideWaterfallRow")



@_attrs_define
class GuideWaterfallRow:
    """ One row of the guide surface's waterfall.

        Attributes:
            billed_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_asset_balance (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            deferred_balance (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            period (str): `YYYY-MM`, `YYYY-Qn` or `YYYY`, by granularity. Example: 2026-01.
            recognized_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            variable_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            groups (list[WaterfallGroup] | Unset): With `group_by=pob_type`: the row's revenue by obligation type, summing
                to it exactly.
     """

    billed_amount: Decimal
    contract_asset_balance: Decimal
    deferred_balance: Decimal
    period: str
    recognized_amount: Decimal
    variable_amount: Decimal
    groups: list[WaterfallGroup] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.waterfall_group import WaterfallGroup # noqa: PLC0415
        billed_amount = self.billed_amount

        contract_asset_balance = self.contract_asset_balance

        deferred_balance = self.deferred_balance

        period = self.period

        recognized_amount = self.recognized_amount

        variable_amount = self.variable_amount

        groups: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.groups, Unset):
            groups = []
            for groups_item_data in self.groups:
                groups_item = groups_item_data.to_dict()
                groups.append(groups_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "billed_amount": billed_amount,
            "contract_asset_balance": contract_asset_balance,
            "deferred_balance": deferred_balance,
            "period": period,
            "recognized_amount": recognized_amount,
            "variable_amount": variable_amount,
        })
        if groups is not UNSET:
            field_dict["groups"] = groups

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.waterfall_group import WaterfallGroup # noqa: PLC0415
        d = dict(src_dict)
        billed_amount = Decimal(d.pop("billed_amount"))




        contract_asset_balance = Decimal(d.pop("contract_asset_balance"))




        deferred_balance = Decimal(d.pop("deferred_balance"))




        period = d.pop("period")

        recognized_amount = Decimal(d.pop("recognized_amount"))




        variable_amount = Decimal(d.pop("variable_amount"))




        _groups = d.pop("groups", UNSET)
        groups: list[WaterfallGroup] | Unset = UNSET
        if _groups is not UNSET:
            groups = []
            for groups_item_data in _groups:
                groups_item = WaterfallGroup.from_dict(groups_item_data)



                groups.append(groups_item)


        guide_waterfall_row = cls(
            billed_amount=billed_amount,
            contract_asset_balance=contract_asset_balance,
            deferred_balance=deferred_balance,
            period=period,
            recognized_amount=recognized_amount,
            variable_amount=variable_amount,
            groups=groups,
        )


        guide_waterfall_row.additional_properties = d
        return guide_waterfall_row

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
