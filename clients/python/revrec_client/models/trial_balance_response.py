from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.currency_trial_balance import CurrencyTrialBalance





T = TypeVar("T", bound="TrialBalanceResponse")



@_attrs_define
class TrialBalanceResponse:
    """ The trial balance at a month's end: every account's life-to-date balance, per currency.

        Attributes:
            as_of (datetime.date): The period's last day: balances are as of its end.
            balances (list[CurrencyTrialBalance]):
            period (str):  Example: 2026-03.
     """

    as_of: datetime.date
    balances: list[CurrencyTrialBalance]
    period: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.currency_trial_balance import CurrencyTrialBalance # noqa: PLC0415
        as_of = self.as_of.isoformat()

        balances = []
        for balances_item_data in self.balances:
            balances_item = balances_item_data.to_dict()
            balances.append(balances_item)



        period = self.period


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "as_of": as_of,
            "balances": balances,
            "period": period,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.currency_trial_balance import CurrencyTrialBalance # noqa: PLC0415
        d = dict(src_dict)
        as_of = datetime.date.fromisoformat(d.pop("as_of"))




        balances = []
        _balances = d.pop("balances")
        for balances_item_data in (_balances):
            balances_item = CurrencyTrialBalance.from_dict(balances_item_data)



            balances.append(balances_item)


        period = d.pop("period")

        trial_balance_response = cls(
            as_of=as_of,
            balances=balances,
            period=period,
        )


        trial_balance_response.additional_properties = d
        return trial_balance_response

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
