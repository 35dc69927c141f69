from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_3_kind import FactOutType3Kind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FactOutType3")



@_attrs_define
class FactOutType3:
    """ 
        Attributes:
            amount (str):  Example: 500.00.
            books_sequence (int):
            contract_id (str):
            date (str):
            id (str):
            kind (FactOutType3Kind):
            recorded_at (str):
            recorded_by (str):
            number (None | str | Unset):
     """

    amount: str
    books_sequence: int
    contract_id: str
    date: str
    id: str
    kind: FactOutType3Kind
    recorded_at: str
    recorded_by: str
    number: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        books_sequence = self.books_sequence

        contract_id = self.contract_id

        date = self.date

        id = self.id

        kind = self.kind.value

        recorded_at = self.recorded_at

        recorded_by = self.recorded_by

        number: None | str | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "books_sequence": books_sequence,
            "contract_id": contract_id,
            "date": date,
            "id": id,
            "kind": kind,
            "recorded_at": recorded_at,
            "recorded_by": recorded_by,
        })
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        books_sequence = d.pop("books_sequence")

        contract_id = d.pop("contract_id")

        date = d.pop("date")

        id = d.pop("id")

        kind = FactOutType3Kind(d.pop("kind"))




        recorded_at = d.pop("recorded_at")

        recorded_by = d.pop("recorded_by")

        def _parse_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        number = _parse_number(d.pop("number", UNSET))


        fact_out_type_3 = cls(
            amount=amount,
            books_sequence=books_sequence,
            contract_id=contract_id,
            date=date,
            id=id,
            kind=kind,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
            number=number,
        )


        fact_out_type_3.additional_properties = d
        return fact_out_type_3

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
