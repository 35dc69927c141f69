from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.frozen_row_out import FrozenRowOut
  from ..models.month_journal_out import MonthJournalOut
  from ..models.rollforwards_out import RollforwardsOut





T = TypeVar("T", bound="CurrencyPackageOut")



@_attrs_define
class CurrencyPackageOut:
    """ One currency's figures.

        Attributes:
            currency (str):  Example: USD.
            frozen (list[FrozenRowOut]): The rows the period's closes froze: each month's own figures, and what it booked
                for an earlier closed month (`corrects`).
            journals (list[MonthJournalOut]): Each month's journal, and whether it posts what was frozen.
            rollforwards (RollforwardsOut): Deferred revenue, contract assets and receivables from the month before the
                period to
                its end.
     """

    currency: str
    frozen: list[FrozenRowOut]
    journals: list[MonthJournalOut]
    rollforwards: RollforwardsOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.frozen_row_out import FrozenRowOut # noqa: PLC0415
        from ..models.month_journal_out import MonthJournalOut # noqa: PLC0415
        from ..models.rollforwards_out import RollforwardsOut # noqa: PLC0415
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
            "currency": currency,
            "frozen": frozen,
            "journals": journals,
            "rollforwards": rollforwards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.frozen_row_out import FrozenRowOut # noqa: PLC0415
        from ..models.month_journal_out import MonthJournalOut # noqa: PLC0415
        from ..models.rollforwards_out import RollforwardsOut # noqa: PLC0415
        d = dict(src_dict)
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
