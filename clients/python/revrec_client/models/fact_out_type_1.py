from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_1_kind import FactOutType1Kind
from typing import cast

if TYPE_CHECKING:
  from ..models.change_out import ChangeOut
  from ..models.terms_out import TermsOut





T = TypeVar("T", bound="FactOutType1")



@_attrs_define
class FactOutType1:
    """ 
        Attributes:
            books_sequence (int):
            change (ChangeOut):
            contract_id (str):
            kind (FactOutType1Kind):
            number (int):
            recorded_at (str):
            recorded_by (str):
            terms (TermsOut):
     """

    books_sequence: int
    change: ChangeOut
    contract_id: str
    kind: FactOutType1Kind
    number: int
    recorded_at: str
    recorded_by: str
    terms: TermsOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.change_out import ChangeOut # noqa: PLC0415
        from ..models.terms_out import TermsOut # noqa: PLC0415
        books_sequence = self.books_sequence

        change = self.change.to_dict()

        contract_id = self.contract_id

        kind = self.kind.value

        number = self.number

        recorded_at = self.recorded_at

        recorded_by = self.recorded_by

        terms = self.terms.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "books_sequence": books_sequence,
            "change": change,
            "contract_id": contract_id,
            "kind": kind,
            "number": number,
            "recorded_at": recorded_at,
            "recorded_by": recorded_by,
            "terms": terms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change_out import ChangeOut # noqa: PLC0415
        from ..models.terms_out import TermsOut # noqa: PLC0415
        d = dict(src_dict)
        books_sequence = d.pop("books_sequence")

        change = ChangeOut.from_dict(d.pop("change"))




        contract_id = d.pop("contract_id")

        kind = FactOutType1Kind(d.pop("kind"))




        number = d.pop("number")

        recorded_at = d.pop("recorded_at")

        recorded_by = d.pop("recorded_by")

        terms = TermsOut.from_dict(d.pop("terms"))




        fact_out_type_1 = cls(
            books_sequence=books_sequence,
            change=change,
            contract_id=contract_id,
            kind=kind,
            number=number,
            recorded_at=recorded_at,
            recorded_by=recorded_by,
            terms=terms,
        )


        fact_out_type_1.additional_properties = d
        return fact_out_type_1

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
