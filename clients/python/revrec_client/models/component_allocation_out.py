from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ComponentAllocationOut")



@_attrs_define
class ComponentAllocationOut:
    """ 
        Attributes:
            scope (str): `all`, `obligations` or `period`. Example: all.
            obligation_id (None | str | Unset):
            obligation_ids (list[str] | Unset):
            period (None | str | Unset):
     """

    scope: str
    obligation_id: None | str | Unset = UNSET
    obligation_ids: list[str] | Unset = UNSET
    period: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        scope = self.scope

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id

        obligation_ids: list[str] | Unset = UNSET
        if not isinstance(self.obligation_ids, Unset):
            obligation_ids = self.obligation_ids



        period: None | str | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        else:
            period = self.period


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "scope": scope,
        })
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id
        if obligation_ids is not UNSET:
            field_dict["obligation_ids"] = obligation_ids
        if period is not UNSET:
            field_dict["period"] = period

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scope = d.pop("scope")

        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


        obligation_ids = cast(list[str], d.pop("obligation_ids", UNSET))


        def _parse_period(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        period = _parse_period(d.pop("period", UNSET))


        component_allocation_out = cls(
            scope=scope,
            obligation_id=obligation_id,
            obligation_ids=obligation_ids,
            period=period,
        )


        component_allocation_out.additional_properties = d
        return component_allocation_out

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
