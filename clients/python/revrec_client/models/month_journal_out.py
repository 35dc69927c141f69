from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.account_total_out import AccountTotalOut





T = TypeVar("T", bound="MonthJournalOut")



@_attrs_define
class MonthJournalOut:
    """ 
        Attributes:
            accounts (list[AccountTotalOut]):
            entries (int):
            equals_frozen (bool): Whether the journal posts, account by account, what the month froze.
            lines (int):
            period (str):
            total_credit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            total_debit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    accounts: list[AccountTotalOut]
    entries: int
    equals_frozen: bool
    lines: int
    period: str
    total_credit: Decimal
    total_debit: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_total_out import AccountTotalOut # noqa: PLC0415
        accounts = []
        for accounts_item_data in self.accounts:
            accounts_item = accounts_item_data.to_dict()
            accounts.append(accounts_item)



        entries = self.entries

        equals_frozen = self.equals_frozen

        lines = self.lines

        period = self.period

        total_credit = self.total_credit

        total_debit = self.total_debit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accounts": accounts,
            "entries": entries,
            "equals_frozen": equals_frozen,
            "lines": lines,
            "period": period,
            "total_credit": total_credit,
            "total_debit": total_debit,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_total_out import AccountTotalOut # noqa: PLC0415
        d = dict(src_dict)
        accounts = []
        _accounts = d.pop("accounts")
        for accounts_item_data in (_accounts):
            accounts_item = AccountTotalOut.from_dict(accounts_item_data)



            accounts.append(accounts_item)


        entries = d.pop("entries")

        equals_frozen = d.pop("equals_frozen")

        lines = d.pop("lines")

        period = d.pop("period")

        total_credit = Decimal(d.pop("total_credit"))




        total_debit = Decimal(d.pop("total_debit"))




        month_journal_out = cls(
            accounts=accounts,
            entries=entries,
            equals_frozen=equals_frozen,
            lines=lines,
            period=period,
            total_credit=total_credit,
            total_debit=total_debit,
        )


        month_journal_out.additional_properties = d
        return month_journal_out

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
