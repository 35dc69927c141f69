from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_6_kind import FactOutType6Kind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FactOutType6")



@_attrs_define
class FactOutType6:
    """ 
        Attributes:
            actor (str):
            from_ (str):
            kind (FactOutType6Kind):
            recorded_at (str):
            sequence (int):
            reason (None | str | Unset):
     """

    actor: str
    from_: str
    kind: FactOutType6Kind
    recorded_at: str
    sequence: int
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        actor = self.actor

        from_ = self.from_

        kind = self.kind.value

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
            "actor": actor,
            "from": from_,
            "kind": kind,
            "recorded_at": recorded_at,
            "sequence": sequence,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        actor = d.pop("actor")

        from_ = d.pop("from")

        kind = FactOutType6Kind(d.pop("kind"))




        recorded_at = d.pop("recorded_at")

        sequence = d.pop("sequence")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        fact_out_type_6 = cls(
            actor=actor,
            from_=from_,
            kind=kind,
            recorded_at=recorded_at,
            sequence=sequence,
            reason=reason,
        )


        fact_out_type_6.additional_properties = d
        return fact_out_type_6

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
