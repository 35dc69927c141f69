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
  from ..models.closed_period import ClosedPeriod
  from ..models.period_event import PeriodEvent





T = TypeVar("T", bound="Periods")



@_attrs_define
class Periods:
    """ A tenant's books: the closed months and every close and reopen.

        Attributes:
            closed (list[ClosedPeriod]): The closed months, oldest first, from the first with figures.
            history (list[PeriodEvent]): Every close and reopen, first recorded first. Never rewritten.
            first_open_period (None | str | Unset): The first month not closed; null before any month is closed. Example:
                2026-04.
     """

    closed: list[ClosedPeriod]
    history: list[PeriodEvent]
    first_open_period: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.closed_period import ClosedPeriod # noqa: PLC0415
        from ..models.period_event import PeriodEvent # noqa: PLC0415
        closed = []
        for closed_item_data in self.closed:
            closed_item = closed_item_data.to_dict()
            closed.append(closed_item)



        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        first_open_period: None | str | Unset
        if isinstance(self.first_open_period, Unset):
            first_open_period = UNSET
        else:
            first_open_period = self.first_open_period


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closed": closed,
            "history": history,
        })
        if first_open_period is not UNSET:
            field_dict["first_open_period"] = first_open_period

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.closed_period import ClosedPeriod # noqa: PLC0415
        from ..models.period_event import PeriodEvent # noqa: PLC0415
        d = dict(src_dict)
        closed = []
        _closed = d.pop("closed")
        for closed_item_data in (_closed):
            closed_item = ClosedPeriod.from_dict(closed_item_data)



            closed.append(closed_item)


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = PeriodEvent.from_dict(history_item_data)



            history.append(history_item)


        def _parse_first_open_period(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_open_period = _parse_first_open_period(d.pop("first_open_period", UNSET))


        periods = cls(
            closed=closed,
            history=history,
            first_open_period=first_open_period,
        )


        periods.additional_properties = d
        return periods

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
