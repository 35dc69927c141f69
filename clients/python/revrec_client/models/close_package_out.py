from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chained_fact_out import ChainedFactOut
  from ..models.closed_period import ClosedPeriod
  from ..models.contract_package_out import ContractPackageOut
  from ..models.currency_package_out import CurrencyPackageOut





T = TypeVar("T", bound="ClosePackageOut")



@_attrs_define
class ClosePackageOut:
    """ The close package of a closed month or quarter. Its fields are written in this order,
    the contracts a page at a time as they are read.

        Attributes:
            books (list[ChainedFactOut]): The books' own facts, first in the log: closes, reopens and charts of accounts.
            contracts (list[ContractPackageOut]): Each contract with a fact before the period's close, in id order: its
                facts (next
                in the log) and its figures.
            currencies (list[CurrencyPackageOut]):
            engine (str): The release that computed the figures.
            facts_head (str): The last fact's digest: the whole log in one value.
            months (list[ClosedPeriod]): Each month of the period: the close that froze it and the digest of its figures,
                as `GET /v1/periods` lists them.
            period (str): The month (`2026-03`) or quarter (`2026-Q1`) packaged.
            tenant_id (str): The tenant whose books these are: its entry ids are sealed over it.
            warnings (list[str]): What to look at before signing: drafts, obligations awaiting delivery past their
                contract's end, stated prices the allocation moved, and any figure the server
                stored or exports that differs from what the facts give.
     """

    books: list[ChainedFactOut]
    contracts: list[ContractPackageOut]
    currencies: list[CurrencyPackageOut]
    engine: str
    facts_head: str
    months: list[ClosedPeriod]
    period: str
    tenant_id: str
    warnings: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        from ..models.closed_period import ClosedPeriod # noqa: PLC0415
        from ..models.contract_package_out import ContractPackageOut # noqa: PLC0415
        from ..models.currency_package_out import CurrencyPackageOut # noqa: PLC0415
        books = []
        for books_item_data in self.books:
            books_item = books_item_data.to_dict()
            books.append(books_item)



        contracts = []
        for contracts_item_data in self.contracts:
            contracts_item = contracts_item_data.to_dict()
            contracts.append(contracts_item)



        currencies = []
        for currencies_item_data in self.currencies:
            currencies_item = currencies_item_data.to_dict()
            currencies.append(currencies_item)



        engine = self.engine

        facts_head = self.facts_head

        months = []
        for months_item_data in self.months:
            months_item = months_item_data.to_dict()
            months.append(months_item)



        period = self.period

        tenant_id = self.tenant_id

        warnings = self.warnings




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "books": books,
            "contracts": contracts,
            "currencies": currencies,
            "engine": engine,
            "facts_head": facts_head,
            "months": months,
            "period": period,
            "tenant_id": tenant_id,
            "warnings": warnings,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        from ..models.closed_period import ClosedPeriod # noqa: PLC0415
        from ..models.contract_package_out import ContractPackageOut # noqa: PLC0415
        from ..models.currency_package_out import CurrencyPackageOut # noqa: PLC0415
        d = dict(src_dict)
        books = []
        _books = d.pop("books")
        for books_item_data in (_books):
            books_item = ChainedFactOut.from_dict(books_item_data)



            books.append(books_item)


        contracts = []
        _contracts = d.pop("contracts")
        for contracts_item_data in (_contracts):
            contracts_item = ContractPackageOut.from_dict(contracts_item_data)



            contracts.append(contracts_item)


        currencies = []
        _currencies = d.pop("currencies")
        for currencies_item_data in (_currencies):
            currencies_item = CurrencyPackageOut.from_dict(currencies_item_data)



            currencies.append(currencies_item)


        engine = d.pop("engine")

        facts_head = d.pop("facts_head")

        months = []
        _months = d.pop("months")
        for months_item_data in (_months):
            months_item = ClosedPeriod.from_dict(months_item_data)



            months.append(months_item)


        period = d.pop("period")

        tenant_id = d.pop("tenant_id")

        warnings = cast(list[str], d.pop("warnings"))


        close_package_out = cls(
            books=books,
            contracts=contracts,
            currencies=currencies,
            engine=engine,
            facts_head=facts_head,
            months=months,
            period=period,
            tenant_id=tenant_id,
            warnings=warnings,
        )


        close_package_out.additional_properties = d
        return close_package_out

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
