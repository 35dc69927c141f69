from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.correction_out import CorrectionOut
  from ..models.month_entries_out import MonthEntriesOut





T = TypeVar("T", bound="ContractFiguresOut")



@_attrs_define
class ContractFiguresOut:
    """ Billed against recognized, and where the contract stands at the period's end.

        Attributes:
            billed (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            billed_to_date (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_asset (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            corrections (list[CorrectionOut]): The corrections the period booked for closed months before it.
            deferred_revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            journal (list[MonthEntriesOut]): Each month's journal entry ids, in export order (an id names its lines).
            receivable (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            recognized (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            recognized_to_date (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    billed: Decimal
    billed_to_date: Decimal
    contract_asset: Decimal
    corrections: list[CorrectionOut]
    deferred_revenue: Decimal
    journal: list[MonthEntriesOut]
    receivable: Decimal
    recognized: Decimal
    recognized_to_date: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.correction_out import CorrectionOut # noqa: PLC0415
        from ..models.month_entries_out import MonthEntriesOut # noqa: PLC0415
        billed = self.billed

        billed_to_date = self.billed_to_date

        contract_asset = self.contract_asset

        corrections = []
        for corrections_item_data in self.corrections:
            corrections_item = corrections_item_data.to_dict()
            corrections.append(corrections_item)



        deferred_revenue = self.deferred_revenue

        journal = []
        for journal_item_data in self.journal:
            journal_item = journal_item_data.to_dict()
            journal.append(journal_item)



        receivable = self.receivable

        recognized = self.recognized

        recognized_to_date = self.recognized_to_date


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "billed": billed,
            "billed_to_date": billed_to_date,
            "contract_asset": contract_asset,
            "corrections": corrections,
            "deferred_revenue": deferred_revenue,
            "journal": journal,
            "receivable": receivable,
            "recognized": recognized,
            "recognized_to_date": recognized_to_date,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correction_out import CorrectionOut # noqa: PLC0415
        from ..models.month_entries_out import MonthEntriesOut # noqa: PLC0415
        d = dict(src_dict)
        billed = Decimal(d.pop("billed"))




        billed_to_date = Decimal(d.pop("billed_to_date"))




        contract_asset = Decimal(d.pop("contract_asset"))




        corrections = []
        _corrections = d.pop("corrections")
        for corrections_item_data in (_corrections):
            corrections_item = CorrectionOut.from_dict(corrections_item_data)



            corrections.append(corrections_item)


        deferred_revenue = Decimal(d.pop("deferred_revenue"))




        journal = []
        _journal = d.pop("journal")
        for journal_item_data in (_journal):
            journal_item = MonthEntriesOut.from_dict(journal_item_data)



            journal.append(journal_item)


        receivable = Decimal(d.pop("receivable"))




        recognized = Decimal(d.pop("recognized"))




        recognized_to_date = Decimal(d.pop("recognized_to_date"))




        contract_figures_out = cls(
            billed=billed,
            billed_to_date=billed_to_date,
            contract_asset=contract_asset,
            corrections=corrections,
            deferred_revenue=deferred_revenue,
            journal=journal,
            receivable=receivable,
            recognized=recognized,
            recognized_to_date=recognized_to_date,
        )


        contract_figures_out.additional_properties = d
        return contract_figures_out

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
