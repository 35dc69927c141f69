from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chained_fact_out import ChainedFactOut





T = TypeVar("T", bound="FactsLogOut")



@_attrs_define
class FactsLogOut:
    """ The facts the figures follow from, each chained to the one before by its digest.

        Attributes:
            head (str): The last fact's digest: the whole log in one value.
            log (list[ChainedFactOut]):
     """

    head: str
    log: list[ChainedFactOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        head = self.head

        log = []
        for log_item_data in self.log:
            log_item = log_item_data.to_dict()
            log.append(log_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "head": head,
            "log": log,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chained_fact_out import ChainedFactOut # noqa: PLC0415
        d = dict(src_dict)
        head = d.pop("head")

        log = []
        _log = d.pop("log")
        for log_item_data in (_log):
            log_item = ChainedFactOut.from_dict(log_item_data)



            log.append(log_item)


        facts_log_out = cls(
            head=head,
            log=log,
        )


        facts_log_out.additional_properties = d
        return facts_log_out

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
