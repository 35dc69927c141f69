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
  from ..models.currency_totals import CurrencyTotals
  from ..models.journal_entry_view import JournalEntryView





T = TypeVar("T", bound="JournalEntriesResponse")



@_attrs_define
class JournalEntriesResponse:
    """ A page of a month's journal entries, in contract id order.

        Attributes:
            entries (list[JournalEntryView]):
            period (str):  Example: 2026-03.
            status (str):
            totals (list[CurrencyTotals]): Debits and credits of this page's entries, per currency (they are equal).
            next_cursor (None | str | Unset): Pass as `cursor` for the next page; null on the last page.
     """

    entries: list[JournalEntryView]
    period: str
    status: str
    totals: list[CurrencyTotals]
    next_cursor: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.currency_totals import CurrencyTotals # noqa: PLC0415
        from ..models.journal_entry_view import JournalEntryView # noqa: PLC0415
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        period = self.period

        status = self.status

        totals = []
        for totals_item_data in self.totals:
            totals_item = totals_item_data.to_dict()
            totals.append(totals_item)



        next_cursor: None | str | Unset
        if isinstance(self.next_cursor, Unset):
            next_cursor = UNSET
        else:
            next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "entries": entries,
            "period": period,
            "status": status,
            "totals": totals,
        })
        if next_cursor is not UNSET:
            field_dict["next_cursor"] = next_cursor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.currency_totals import CurrencyTotals # noqa: PLC0415
        from ..models.journal_entry_view import JournalEntryView # noqa: PLC0415
        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = JournalEntryView.from_dict(entries_item_data)



            entries.append(entries_item)


        period = d.pop("period")

        status = d.pop("status")

        totals = []
        _totals = d.pop("totals")
        for totals_item_data in (_totals):
            totals_item = CurrencyTotals.from_dict(totals_item_data)



            totals.append(totals_item)


        def _parse_next_cursor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor", UNSET))


        journal_entries_response = cls(
            entries=entries,
            period=period,
            status=status,
            totals=totals,
            next_cursor=next_cursor,
        )


        journal_entries_response.additional_properties = d
        return journal_entries_response

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
