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
  from ..models.explained_allocation import ExplainedAllocation
  from ..models.explained_component import ExplainedComponent
  from ..models.explained_obligation import ExplainedObligation
  from ..models.explained_version import ExplainedVersion
  from ..models.journal_entry_view import JournalEntryView





T = TypeVar("T", bound="ExplainResponse")



@_attrs_define
class ExplainResponse:
    """ 
        Attributes:
            closed (bool): Whether the month is closed: its figures are those it froze, explained by the
                contract as the close saw it.
            contract_id (str):
            currency (str):
            journal_entries (list[JournalEntryView]): The contract's journal entries for the month, as the journal reports
                them.
            obligations (list[ExplainedObligation]):
            period (str): `YYYY-MM`
            recognized_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            text (str):
            transaction_price (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            version (int): The version the month's figures are computed under.
            versions (list[ExplainedVersion]): Every version known (at `as_of` when given).
            allocation (ExplainedAllocation | None | Unset):
            variable_consideration (list[ExplainedComponent] | Unset): The variable components of the version in force: the
                estimate, the constraint and
                where each went (docs/asc606.md §15); left out when the price is fixed.
     """

    closed: bool
    contract_id: str
    currency: str
    journal_entries: list[JournalEntryView]
    obligations: list[ExplainedObligation]
    period: str
    recognized_amount: Decimal
    text: str
    transaction_price: Decimal
    version: int
    versions: list[ExplainedVersion]
    allocation: ExplainedAllocation | None | Unset = UNSET
    variable_consideration: list[ExplainedComponent] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_allocation import ExplainedAllocation # noqa: PLC0415
        from ..models.explained_component import ExplainedComponent # noqa: PLC0415
        from ..models.explained_obligation import ExplainedObligation # noqa: PLC0415
        from ..models.explained_version import ExplainedVersion # noqa: PLC0415
        from ..models.journal_entry_view import JournalEntryView # noqa: PLC0415
        closed = self.closed

        contract_id = self.contract_id

        currency = self.currency

        journal_entries = []
        for journal_entries_item_data in self.journal_entries:
            journal_entries_item = journal_entries_item_data.to_dict()
            journal_entries.append(journal_entries_item)



        obligations = []
        for obligations_item_data in self.obligations:
            obligations_item = obligations_item_data.to_dict()
            obligations.append(obligations_item)



        period = self.period

        recognized_amount = self.recognized_amount

        text = self.text

        transaction_price = self.transaction_price

        version = self.version

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)



        allocation: dict[str, Any] | None | Unset
        if isinstance(self.allocation, Unset):
            allocation = UNSET
        elif isinstance(self.allocation, ExplainedAllocation):
            allocation = self.allocation.to_dict()
        else:
            allocation = self.allocation

        variable_consideration: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.variable_consideration, Unset):
            variable_consideration = []
            for variable_consideration_item_data in self.variable_consideration:
                variable_consideration_item = variable_consideration_item_data.to_dict()
                variable_consideration.append(variable_consideration_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closed": closed,
            "contract_id": contract_id,
            "currency": currency,
            "journal_entries": journal_entries,
            "obligations": obligations,
            "period": period,
            "recognized_amount": recognized_amount,
            "text": text,
            "transaction_price": transaction_price,
            "version": version,
            "versions": versions,
        })
        if allocation is not UNSET:
            field_dict["allocation"] = allocation
        if variable_consideration is not UNSET:
            field_dict["variable_consideration"] = variable_consideration

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_allocation import ExplainedAllocation # noqa: PLC0415
        from ..models.explained_component import ExplainedComponent # noqa: PLC0415
        from ..models.explained_obligation import ExplainedObligation # noqa: PLC0415
        from ..models.explained_version import ExplainedVersion # noqa: PLC0415
        from ..models.journal_entry_view import JournalEntryView # noqa: PLC0415
        d = dict(src_dict)
        closed = d.pop("closed")

        contract_id = d.pop("contract_id")

        currency = d.pop("currency")

        journal_entries = []
        _journal_entries = d.pop("journal_entries")
        for journal_entries_item_data in (_journal_entries):
            journal_entries_item = JournalEntryView.from_dict(journal_entries_item_data)



            journal_entries.append(journal_entries_item)


        obligations = []
        _obligations = d.pop("obligations")
        for obligations_item_data in (_obligations):
            obligations_item = ExplainedObligation.from_dict(obligations_item_data)



            obligations.append(obligations_item)


        period = d.pop("period")

        recognized_amount = Decimal(d.pop("recognized_amount"))




        text = d.pop("text")

        transaction_price = Decimal(d.pop("transaction_price"))




        version = d.pop("version")

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in (_versions):
            versions_item = ExplainedVersion.from_dict(versions_item_data)



            versions.append(versions_item)


        def _parse_allocation(data: object) -> ExplainedAllocation | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                allocation_type_1 = ExplainedAllocation.from_dict(data)



                return allocation_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExplainedAllocation | None | Unset, data)

        allocation = _parse_allocation(d.pop("allocation", UNSET))


        _variable_consideration = d.pop("variable_consideration", UNSET)
        variable_consideration: list[ExplainedComponent] | Unset = UNSET
        if _variable_consideration is not UNSET:
            variable_consideration = []
            for variable_consideration_item_data in _variable_consideration:
                variable_consideration_item = ExplainedComponent.from_dict(variable_consideration_item_data)



                variable_consideration.append(variable_consideration_item)


        explain_response = cls(
            closed=closed,
            contract_id=contract_id,
            currency=currency,
            journal_entries=journal_entries,
            obligations=obligations,
            period=period,
            recognized_amount=recognized_amount,
            text=text,
            transaction_price=transaction_price,
            version=version,
            versions=versions,
            allocation=allocation,
            variable_consideration=variable_consideration,
        )


        explain_response.additional_properties = d
        return explain_response

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
