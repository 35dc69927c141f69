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





T = TypeVar("T", bound="WaterfallPeriod")



@_attrs_define
class WaterfallPeriod:
    """ 
        Attributes:
            billed_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            closed (bool): Whether the period is closed: its figures are those it froze at the close, whatever
                changed since.
            contract_asset_balance (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            correction_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            deferred_balance (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            period (str): `YYYY-MM`. Example: 2026-01.
            recognized_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            variable_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            groups (list[WaterfallGroup] | Unset): With `group_by`: the month's revenue in parts that sum to
                `recognized_amount` exactly.
     """

    billed_amount: Decimal
    closed: bool
    contract_asset_balance: Decimal
    correction_amount: Decimal
    deferred_balance: Decimal
    period: str
    recognized_amount: Decimal
    variable_amount: Decimal
    groups: list[WaterfallGroup] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.waterfall_group import WaterfallGroup # noqa: PLC0415
        billed_amount = self.billed_amount

        closed = self.closed

        contract_asset_balance = self.contract_asset_balance

        correction_amount = self.correction_amount

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
            "closed": closed,
            "contract_asset_balance": contract_asset_balance,
            "correction_amount": correction_amount,
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




        closed = d.pop("closed")

        contract_asset_balance = Decimal(d.pop("contract_asset_balance"))




        correction_amount = Decimal(d.pop("correction_amount"))




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


        waterfall_period = cls(
            billed_amount=billed_amount,
            closed=closed,
            contract_asset_balance=contract_asset_balance,
            correction_amount=correction_amount,
            deferred_balance=deferred_balance,
            period=period,
            recognized_amount=recognized_amount,
            variable_amount=variable_amount,
            groups=groups,
        )


        waterfall_period.additional_properties = d
        return waterfall_period

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
