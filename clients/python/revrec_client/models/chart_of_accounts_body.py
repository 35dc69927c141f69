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
  from ..models.account_body import AccountBody
  from ..models.revenue_accounts import RevenueAccounts





T = TypeVar("T", bound="ChartOfAccountsBody")



@_attrs_define
class ChartOfAccountsBody:
    """ The accounts journal entries post to. `PUT` replaces the whole chart.

        Attributes:
            deferred_revenue (AccountBody): An account's code and name.
            receivable (AccountBody): An account's code and name.
            revenue (RevenueAccounts): One revenue account per `pob_type`.
            cash_clearing (AccountBody | Unset): An account's code and name.
            contract_asset (AccountBody | Unset): An account's code and name.
            customer_credit (AccountBody | Unset): An account's code and name.
     """

    deferred_revenue: AccountBody
    receivable: AccountBody
    revenue: RevenueAccounts
    cash_clearing: AccountBody | Unset = UNSET
    contract_asset: AccountBody | Unset = UNSET
    customer_credit: AccountBody | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_body import AccountBody # noqa: PLC0415
        from ..models.revenue_accounts import RevenueAccounts # noqa: PLC0415
        deferred_revenue = self.deferred_revenue.to_dict()

        receivable = self.receivable.to_dict()

        revenue = self.revenue.to_dict()

        cash_clearing: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cash_clearing, Unset):
            cash_clearing = self.cash_clearing.to_dict()

        contract_asset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contract_asset, Unset):
            contract_asset = self.contract_asset.to_dict()

        customer_credit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.customer_credit, Unset):
            customer_credit = self.customer_credit.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "deferred_revenue": deferred_revenue,
            "receivable": receivable,
            "revenue": revenue,
        })
        if cash_clearing is not UNSET:
            field_dict["cash_clearing"] = cash_clearing
        if contract_asset is not UNSET:
            field_dict["contract_asset"] = contract_asset
        if customer_credit is not UNSET:
            field_dict["customer_credit"] = customer_credit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_body import AccountBody # noqa: PLC0415
        from ..models.revenue_accounts import RevenueAccounts # noqa: PLC0415
        d = dict(src_dict)
        deferred_revenue = AccountBody.from_dict(d.pop("deferred_revenue"))




        receivable = AccountBody.from_dict(d.pop("receivable"))




        revenue = RevenueAccounts.from_dict(d.pop("revenue"))




        _cash_clearing = d.pop("cash_clearing", UNSET)
        cash_clearing: AccountBody | Unset
        if isinstance(_cash_clearing,  Unset):
            cash_clearing = UNSET
        else:
            cash_clearing = AccountBody.from_dict(_cash_clearing)




        _contract_asset = d.pop("contract_asset", UNSET)
        contract_asset: AccountBody | Unset
        if isinstance(_contract_asset,  Unset):
            contract_asset = UNSET
        else:
            contract_asset = AccountBody.from_dict(_contract_asset)




        _customer_credit = d.pop("customer_credit", UNSET)
        customer_credit: AccountBody | Unset
        if isinstance(_customer_credit,  Unset):
            customer_credit = UNSET
        else:
            customer_credit = AccountBody.from_dict(_customer_credit)




        chart_of_accounts_body = cls(
            deferred_revenue=deferred_revenue,
            receivable=receivable,
            revenue=revenue,
            cash_clearing=cash_clearing,
            contract_asset=contract_asset,
            customer_credit=customer_credit,
        )

        return chart_of_accounts_body

