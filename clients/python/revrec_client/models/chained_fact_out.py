from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chained_fact_out_fact import ChainedFactOutFact





T = TypeVar("T", bound="ChainedFactOut")



@_attrs_define
class ChainedFactOut:
    """ A fact with the digest that chains it to the one before it in the log.

        Attributes:
            fact (ChainedFactOutFact): The fact, by its `kind`: `contract_opened`, `version` (with its `change` and full
                `terms`), `reported`, `invoice`, `payment`, `close`, `reopen`, `chart` or
                `usage_month`, each with
                its fields (docs/ledger.md, "Replaying a close package"). An object of its own
                shape per kind, described here rather than as a union, which some client
                generators cannot build without extra packages.
            hash_ (str):
     """

    fact: ChainedFactOutFact
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chained_fact_out_fact import ChainedFactOutFact # noqa: PLC0415
        fact = self.fact.to_dict()

        hash_ = self.hash_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fact": fact,
            "hash": hash_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chained_fact_out_fact import ChainedFactOutFact # noqa: PLC0415
        d = dict(src_dict)
        fact = ChainedFactOutFact.from_dict(d.pop("fact"))




        hash_ = d.pop("hash")

        chained_fact_out = cls(
            fact=fact,
            hash_=hash_,
        )


        chained_fact_out.additional_properties = d
        return chained_fact_out

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
