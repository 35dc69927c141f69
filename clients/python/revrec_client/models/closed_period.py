from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ClosedPeriod")



@_attrs_define
class ClosedPeriod:
    """ One closed month.

        Attributes:
            closed_at (str): When the close that froze it was recorded (RFC 3339, UTC).
            closed_by (str): The credential that closed it: `key:<id>`, `oauth:<client_id>`, `sandbox`, or
                `console:<user>`.
            digest (str): The canonical digest of every figure the month froze (`revrec verify` recomputes
                it).
            period (str):  Example: 2026-03.
     """

    closed_at: str
    closed_by: str
    digest: str
    period: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        closed_at = self.closed_at

        closed_by = self.closed_by

        digest = self.digest

        period = self.period


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closed_at": closed_at,
            "closed_by": closed_by,
            "digest": digest,
            "period": period,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        closed_at = d.pop("closed_at")

        closed_by = d.pop("closed_by")

        digest = d.pop("digest")

        period = d.pop("period")

        closed_period = cls(
            closed_at=closed_at,
            closed_by=closed_by,
            digest=digest,
            period=period,
        )


        closed_period.additional_properties = d
        return closed_period

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
