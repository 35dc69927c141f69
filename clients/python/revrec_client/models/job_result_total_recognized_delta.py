from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="JobResultTotalRecognizedDelta")



@_attrs_define
class JobResultTotalRecognizedDelta:
    """ Change of revenue recognized through the end of `as_of_period`, per currency.

     """

    additional_properties: dict[str, Decimal] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        job_result_total_recognized_delta = cls(
        )


        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = Decimal(prop_dict)



            additional_properties[prop_name] = additional_property

        job_result_total_recognized_delta.additional_properties = additional_properties
        return job_result_total_recognized_delta

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Decimal:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Decimal) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
