from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PeriodEvent")



@_attrs_define
class PeriodEvent:
    """ One close or reopen.

        Attributes:
            action (str): `close` or `reopen`. Example: close.
            actor (str):
            period (str): The last month a close closed, or the first month a reopen reopened. Example: 2026-03.
            recorded_at (str):
            sequence (int): 1 for the tenant's first, one more each time.
            reason (None | str | Unset): Why a reopen was made; null for a close.
     """

    action: str
    actor: str
    period: str
    recorded_at: str
    sequence: int
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        action = self.action

        actor = self.actor

        period = self.period

        recorded_at = self.recorded_at

        sequence = self.sequence

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "actor": actor,
            "period": period,
            "recorded_at": recorded_at,
            "sequence": sequence,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        actor = d.pop("actor")

        period = d.pop("period")

        recorded_at = d.pop("recorded_at")

        sequence = d.pop("sequence")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        period_event = cls(
            action=action,
            actor=actor,
            period=period,
            recorded_at=recorded_at,
            sequence=sequence,
            reason=reason,
        )


        period_event.additional_properties = d
        return period_event

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
