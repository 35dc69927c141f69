from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.journal_line_view import JournalLineView





T = TypeVar("T", bound="JournalEntryView")



@_attrs_define
class JournalEntryView:
    """ One contract's balanced entry for one month, dated the month's last day.

        Attributes:
            contract_id (str):
            currency (str):
            date (datetime.date):
            id (str): `je_` + a hash of the entry's contract, version and month and every field of every
                line: the same on every run, and an id once answered always names the same lines
                (a line added or changed makes a new id), so a ledger import can skip the ids it
                has. The recognition and billing parts (`entries=recognition|billing`) each have
                their own, sealed over their own lines. Example: je_4f1c2a9e0b7d4c3a8e6f5d2c1b0a9f8e.
            lines (list[JournalLineView]):
            period (str):  Example: 2026-03.
            status (str): `approved` (active and terminated contracts) or `draft` (previews of drafts).
            total_credit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            total_debit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            version (int): The contract version whose terms produced the month.
            reverses (str | Unset): In a delta (`since`), the id of the entry this one reverses: every line of it with
                debit and credit swapped. Absent on every other entry. Example: je_0b7d4c3a8e6f5d2c1b0a9f8e4f1c2a9e.
     """

    contract_id: str
    currency: str
    date: datetime.date
    id: str
    lines: list[JournalLineView]
    period: str
    status: str
    total_credit: Decimal
    total_debit: Decimal
    version: int
    reverses: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.journal_line_view import JournalLineView # noqa: PLC0415
        contract_id = self.contract_id

        currency = self.currency

        date = self.date.isoformat()

        id = self.id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)



        period = self.period

        status = self.status

        total_credit = self.total_credit

        total_debit = self.total_debit

        version = self.version

        reverses = self.reverses


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_id": contract_id,
            "currency": currency,
            "date": date,
            "id": id,
            "lines": lines,
            "period": period,
            "status": status,
            "total_credit": total_credit,
            "total_debit": total_debit,
            "version": version,
        })
        if reverses is not UNSET:
            field_dict["reverses"] = reverses

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.journal_line_view import JournalLineView # noqa: PLC0415
        d = dict(src_dict)
        contract_id = d.pop("contract_id")

        currency = d.pop("currency")

        date = datetime.date.fromisoformat(d.pop("date"))




        id = d.pop("id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = JournalLineView.from_dict(lines_item_data)



            lines.append(lines_item)


        period = d.pop("period")

        status = d.pop("status")

        total_credit = Decimal(d.pop("total_credit"))




        total_debit = Decimal(d.pop("total_debit"))




        version = d.pop("version")

        reverses = d.pop("reverses", UNSET)

        journal_entry_view = cls(
            contract_id=contract_id,
            currency=currency,
            date=date,
            id=id,
            lines=lines,
            period=period,
            status=status,
            total_credit=total_credit,
            total_debit=total_debit,
            version=version,
            reverses=reverses,
        )


        journal_entry_view.additional_properties = d
        return journal_entry_view

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
