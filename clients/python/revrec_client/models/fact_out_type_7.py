from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_7_kind import FactOutType7Kind
from typing import cast

if TYPE_CHECKING:
  from ..models.chart_account_out import ChartAccountOut





T = TypeVar("T", bound="FactOutType7")



@_attrs_define
class FactOutType7:
    """ 
        Attributes:
            accounts (list[ChartAccountOut]):
            actor (str):
            books_sequence (int):
            kind (FactOutType7Kind):
            recorded_at (str):
            version (int):
     """

    accounts: list[ChartAccountOut]
    actor: str
    books_sequence: int
    kind: FactOutType7Kind
    recorded_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chart_account_out import ChartAccountOut # noqa: PLC0415
        accounts = []
        for accounts_item_data in self.accounts:
            accounts_item = accounts_item_data.to_dict()
            accounts.append(accounts_item)



        actor = self.actor

        books_sequence = self.books_sequence

        kind = self.kind.value

        recorded_at = self.recorded_at

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accounts": accounts,
            "actor": actor,
            "books_sequence": books_sequence,
            "kind": kind,
            "recorded_at": recorded_at,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chart_account_out import ChartAccountOut # noqa: PLC0415
        d = dict(src_dict)
        accounts = []
        _accounts = d.pop("accounts")
        for accounts_item_data in (_accounts):
            accounts_item = ChartAccountOut.from_dict(accounts_item_data)



            accounts.append(accounts_item)


        actor = d.pop("actor")

        books_sequence = d.pop("books_sequence")

        kind = FactOutType7Kind(d.pop("kind"))




        recorded_at = d.pop("recorded_at")

        version = d.pop("version")

        fact_out_type_7 = cls(
            accounts=accounts,
            actor=actor,
            books_sequence=books_sequence,
            kind=kind,
            recorded_at=recorded_at,
            version=version,
        )


        fact_out_type_7.additional_properties = d
        return fact_out_type_7

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
