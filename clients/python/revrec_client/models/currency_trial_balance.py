from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.account_balance_view import AccountBalanceView





T = TypeVar("T", bound="CurrencyTrialBalance")



@_attrs_define
class CurrencyTrialBalance:
    """ 
        Attributes:
            accounts (list[AccountBalanceView]): Every account of the chart, by code.
            currency (str):
            total_credit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            total_debit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    accounts: list[AccountBalanceView]
    currency: str
    total_credit: Decimal
    total_debit: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_balance_view import AccountBalanceView # noqa: PLC0415
        accounts = []
        for accounts_item_data in self.accounts:
            accounts_item = accounts_item_data.to_dict()
            accounts.append(accounts_item)



        currency = self.currency

        total_credit = self.total_credit

        total_debit = self.total_debit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accounts": accounts,
            "currency": currency,
            "total_credit": total_credit,
            "total_debit": total_debit,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_balance_view import AccountBalanceView # noqa: PLC0415
        d = dict(src_dict)
        accounts = []
        _accounts = d.pop("accounts")
        for accounts_item_data in (_accounts):
            accounts_item = AccountBalanceView.from_dict(accounts_item_data)



            accounts.append(accounts_item)


        currency = d.pop("currency")

        total_credit = Decimal(d.pop("total_credit"))




        total_debit = Decimal(d.pop("total_debit"))




        currency_trial_balance = cls(
            accounts=accounts,
            currency=currency,
            total_credit=total_credit,
            total_debit=total_debit,
        )


        currency_trial_balance.additional_properties = d
        return currency_trial_balance

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
