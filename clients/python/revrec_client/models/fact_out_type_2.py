from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_2_kind import FactOutType2Kind






T = TypeVar("T", bound="FactOutType2")



@_attrs_define
class FactOutType2:
    """ 
        Attributes:
            books_sequence (int):
            contract_id (str):
            kind (FactOutType2Kind):
            recorded_at (str):
     """

    books_sequence: int
    contract_id: str
    kind: FactOutType2Kind
    recorded_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        books_sequence = self.books_sequence

        contract_id = self.contract_id

        kind = self.kind.value

        recorded_at = self.recorded_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "books_sequence": books_sequence,
            "contract_id": contract_id,
            "kind": kind,
            "recorded_at": recorded_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        books_sequence = d.pop("books_sequence")

        contract_id = d.pop("contract_id")

        kind = FactOutType2Kind(d.pop("kind"))




        recorded_at = d.pop("recorded_at")

        fact_out_type_2 = cls(
            books_sequence=books_sequence,
            contract_id=contract_id,
            kind=kind,
            recorded_at=recorded_at,
        )


        fact_out_type_2.additional_properties = d
        return fact_out_type_2

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
