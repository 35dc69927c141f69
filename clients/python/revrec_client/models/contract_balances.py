from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ContractBalances")



@_attrs_define
class ContractBalances:
    """ Contract balances (ASC 606-10-50-8): deferred revenue is the contract liabilities.

        Attributes:
            closing_contract_assets (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            closing_deferred_revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals
                (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            opening_contract_assets (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            opening_deferred_revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals
                (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            revenue_recognized_from_opening_balance (Decimal): An exact amount written with exactly the currency's minor-unit
                decimals (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            closing_customer_credits (Decimal | None | Unset):
            closing_receivables (Decimal | None | Unset):
            opening_customer_credits (Decimal | None | Unset):
            opening_receivables (Decimal | None | Unset):
     """

    closing_contract_assets: Decimal
    closing_deferred_revenue: Decimal
    opening_contract_assets: Decimal
    opening_deferred_revenue: Decimal
    revenue_recognized_from_opening_balance: Decimal
    closing_customer_credits: Decimal | None | Unset = UNSET
    closing_receivables: Decimal | None | Unset = UNSET
    opening_customer_credits: Decimal | None | Unset = UNSET
    opening_receivables: Decimal | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        closing_contract_assets = self.closing_contract_assets

        closing_deferred_revenue = self.closing_deferred_revenue

        opening_contract_assets = self.opening_contract_assets

        opening_deferred_revenue = self.opening_deferred_revenue

        revenue_recognized_from_opening_balance = self.revenue_recognized_from_opening_balance

        closing_customer_credits: Decimal | None | Unset
        if isinstance(self.closing_customer_credits, Unset):
            closing_customer_credits = UNSET
        else:
            closing_customer_credits = self.closing_customer_credits

        closing_receivables: Decimal | None | Unset
        if isinstance(self.closing_receivables, Unset):
            closing_receivables = UNSET
        else:
            closing_receivables = self.closing_receivables

        opening_customer_credits: Decimal | None | Unset
        if isinstance(self.opening_customer_credits, Unset):
            opening_customer_credits = UNSET
        else:
            opening_customer_credits = self.opening_customer_credits

        opening_receivables: Decimal | None | Unset
        if isinstance(self.opening_receivables, Unset):
            opening_receivables = UNSET
        else:
            opening_receivables = self.opening_receivables


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closing_contract_assets": closing_contract_assets,
            "closing_deferred_revenue": closing_deferred_revenue,
            "opening_contract_assets": opening_contract_assets,
            "opening_deferred_revenue": opening_deferred_revenue,
            "revenue_recognized_from_opening_balance": revenue_recognized_from_opening_balance,
        })
        if closing_customer_credits is not UNSET:
            field_dict["closing_customer_credits"] = closing_customer_credits
        if closing_receivables is not UNSET:
            field_dict["closing_receivables"] = closing_receivables
        if opening_customer_credits is not UNSET:
            field_dict["opening_customer_credits"] = opening_customer_credits
        if opening_receivables is not UNSET:
            field_dict["opening_receivables"] = opening_receivables

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        closing_contract_assets = Decimal(d.pop("closing_contract_assets"))




        closing_deferred_revenue = Decimal(d.pop("closing_deferred_revenue"))




        opening_contract_assets = Decimal(d.pop("opening_contract_assets"))




        opening_deferred_revenue = Decimal(d.pop("opening_deferred_revenue"))




        revenue_recognized_from_opening_balance = Decimal(d.pop("revenue_recognized_from_opening_balance"))




        def _parse_closing_customer_credits(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                closing_customer_credits_type_1 = Decimal(data)



                return closing_customer_credits_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        closing_customer_credits = _parse_closing_customer_credits(d.pop("closing_customer_credits", UNSET))


        def _parse_closing_receivables(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                closing_receivables_type_1 = Decimal(data)



                return closing_receivables_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        closing_receivables = _parse_closing_receivables(d.pop("closing_receivables", UNSET))


        def _parse_opening_customer_credits(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                opening_customer_credits_type_1 = Decimal(data)



                return opening_customer_credits_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        opening_customer_credits = _parse_opening_customer_credits(d.pop("opening_customer_credits", UNSET))


        def _parse_opening_receivables(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                opening_receivables_type_1 = Decimal(data)



                return opening_receivables_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        opening_receivables = _parse_opening_receivables(d.pop("opening_receivables", UNSET))


        contract_balances = cls(
            closing_contract_assets=closing_contract_assets,
            closing_deferred_revenue=closing_deferred_revenue,
            opening_contract_assets=opening_contract_assets,
            opening_deferred_revenue=opening_deferred_revenue,
            revenue_recognized_from_opening_balance=revenue_recognized_from_opening_balance,
            closing_customer_credits=closing_customer_credits,
            closing_receivables=closing_receivables,
            opening_customer_credits=opening_customer_credits,
            opening_receivables=opening_receivables,
        )


        contract_balances.additional_properties = d
        return contract_balances

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
