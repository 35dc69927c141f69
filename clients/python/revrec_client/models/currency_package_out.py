from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.contract_reconciliation_out import ContractReconciliationOut
  from ..models.correction_out import CorrectionOut
  from ..models.frozen_row_out import FrozenRowOut
  from ..models.month_journal_out import MonthJournalOut
  from ..models.rollforwards_out import RollforwardsOut





T = TypeVar("T", bound="CurrencyPackageOut")



@_attrs_define
class CurrencyPackageOut:
    """ One currency's figures.

        Attributes:
            contracts (list[ContractReconciliationOut]): Billed against recognized, contract by contract.
            corrections (list[CorrectionOut]): The corrections the period booked, and the closed months they correct.
            currency (str):  Example: USD.
            frozen (list[FrozenRowOut]): The rows the period's closes froze: each month's own figures, and what it booked
                for an earlier closed month (`corrects`).
            journals (list[MonthJournalOut]): Each month's journal export, and whether it posts what was frozen.
            rollforwards (RollforwardsOut): Deferred revenue, contract assets and receivables from the month before the
                period to
                its end.
     """

    contracts: list[ContractReconciliationOut]
    corrections: list[CorrectionOut]
    currency: str
    frozen: list[FrozenRowOut]
    journals: list[MonthJournalOut]
    rollforwards: RollforwardsOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract_reconciliation_out import ContractReconciliationOut # noqa: PLC0415
        from ..models.correction_out import CorrectionOut # noqa: PLC0415
        from ..models.frozen_row_out import FrozenRowOut # noqa: PLC0415
        from ..models.month_journal_out import MonthJournalOut # noqa: PLC0415
        from ..models.rollforwards_out import RollforwardsOut # noqa: PLC0415
        contracts = []
        for contracts_item_data in self.contracts:
            contracts_item = contracts_item_data.to_dict()
            contracts.append(contracts_item)



        corrections = []
        for corrections_item_data in self.corrections:
            corrections_item = corrections_item_data.to_dict()
            corrections.append(corrections_item)



        currency = self.currency

        frozen = []
        for frozen_item_data in self.frozen:
            frozen_item = frozen_item_data.to_dict()
            frozen.append(frozen_item)



        journals = []
        for journals_item_data in self.journals:
            journals_item = journals_item_data.to_dict()
            journals.append(journals_item)



        rollforwards = self.rollforwards.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contracts": contracts,
            "corrections": corrections,
            "currency": currency,
            "frozen": frozen,
            "journals": journals,
            "rollforwards": rollforwards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract_reconciliation_out import ContractReconciliationOut # noqa: PLC0415
        from ..models.correction_out import CorrectionOut # noqa: PLC0415
        from ..models.frozen_row_out import FrozenRowOut # noqa: PLC0415
        from ..models.month_journal_out import MonthJournalOut # noqa: PLC0415
        from ..models.rollforwards_out import RollforwardsOut # noqa: PLC0415
        d = dict(src_dict)
        contracts = []
        _contracts = d.pop("contracts")
        for contracts_item_data in (_contracts):
            contracts_item = ContractReconciliationOut.from_dict(contracts_item_data)



            contracts.append(contracts_item)


        corrections = []
        _corrections = d.pop("corrections")
        for corrections_item_data in (_corrections):
            corrections_item = CorrectionOut.from_dict(corrections_item_data)



            corrections.append(corrections_item)


        currency = d.pop("currency")

        frozen = []
        _frozen = d.pop("frozen")
        for frozen_item_data in (_frozen):
            frozen_item = FrozenRowOut.from_dict(frozen_item_data)



            frozen.append(frozen_item)


        journals = []
        _journals = d.pop("journals")
        for journals_item_data in (_journals):
            journals_item = MonthJournalOut.from_dict(journals_item_data)



            journals.append(journals_item)


        rollforwards = RollforwardsOut.from_dict(d.pop("rollforwards"))




        currency_package_out = cls(
            contracts=contracts,
            corrections=corrections,
            currency=currency,
            frozen=frozen,
            journals=journals,
            rollforwards=rollforwards,
        )


        currency_package_out.additional_properties = d
        return currency_package_out

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
