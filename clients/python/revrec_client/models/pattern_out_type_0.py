from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pattern_out_type_0_kind import PatternOutType0Kind






T = TypeVar("T", bound="PatternOutType0")



@_attrs_define
class PatternOutType0:
    """ 
        Attributes:
            end (str):
            kind (PatternOutType0Kind):
            start (str):
     """

    end: str
    kind: PatternOutType0Kind
    start: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        end = self.end

        kind = self.kind.value

        start = self.start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "end": end,
            "kind": kind,
            "start": start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        end = d.pop("end")

        kind = PatternOutType0Kind(d.pop("kind"))




        start = d.pop("start")

        pattern_out_type_0 = cls(
            end=end,
            kind=kind,
            start=start,
        )


        pattern_out_type_0.additional_properties = d
        return pattern_out_type_0

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
