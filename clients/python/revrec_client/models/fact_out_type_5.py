from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_5_kind import FactOutType5Kind






T = TypeVar("T", bound="FactOutType5")



@_attrs_define
class FactOutType5:
    """ 
        Attributes:
            actor (str):
            kind (FactOutType5Kind):
            recorded_at (str):
            sequence (int):
            through (str):
     """

    actor: str
    kind: FactOutType5Kind
    recorded_at: str
    sequence: int
    through: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        actor = self.actor

        kind = self.kind.value

        recorded_at = self.recorded_at

        sequence = self.sequence

        through = self.through


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actor": actor,
            "kind": kind,
            "recorded_at": recorded_at,
            "sequence": sequence,
            "through": through,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        actor = d.pop("actor")

        kind = FactOutType5Kind(d.pop("kind"))




        recorded_at = d.pop("recorded_at")

        sequence = d.pop("sequence")

        through = d.pop("through")

        fact_out_type_5 = cls(
            actor=actor,
            kind=kind,
            recorded_at=recorded_at,
            sequence=sequence,
            through=through,
        )


        fact_out_type_5.additional_properties = d
        return fact_out_type_5

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
