from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.explained_share import ExplainedShare





T = TypeVar("T", bound="ExplainedAllocation")



@_attrs_define
class ExplainedAllocation:
    """ 
        Attributes:
            method (str): `relative_ssp_largest_remainder`
            steps (list[ExplainedShare]): One per obligation, in the order of `obligations`.
            text (str):
     """

    method: str
    steps: list[ExplainedShare]
    text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_share import ExplainedShare # noqa: PLC0415
        method = self.method

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        text = self.text


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "steps": steps,
            "text": text,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_share import ExplainedShare # noqa: PLC0415
        d = dict(src_dict)
        method = d.pop("method")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = ExplainedShare.from_dict(steps_item_data)



            steps.append(steps_item)


        text = d.pop("text")

        explained_allocation = cls(
            method=method,
            steps=steps,
            text=text,
        )


        explained_allocation.additional_properties = d
        return explained_allocation

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
