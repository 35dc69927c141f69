from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ChangeOut")



@_attrs_define
class ChangeOut:
    """ 
        Attributes:
            kind (str): `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
                `progress` or `restatement`.
            effective (None | str | Unset):
            obligation_id (None | str | Unset):
            percent_complete (None | str | Unset):
     """

    kind: str
    effective: None | str | Unset = UNSET
    obligation_id: None | str | Unset = UNSET
    percent_complete: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        effective: None | str | Unset
        if isinstance(self.effective, Unset):
            effective = UNSET
        else:
            effective = self.effective

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id

        percent_complete: None | str | Unset
        if isinstance(self.percent_complete, Unset):
            percent_complete = UNSET
        else:
            percent_complete = self.percent_complete


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
        })
        if effective is not UNSET:
            field_dict["effective"] = effective
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id
        if percent_complete is not UNSET:
            field_dict["percent_complete"] = percent_complete

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        def _parse_effective(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        effective = _parse_effective(d.pop("effective", UNSET))


        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


        def _parse_percent_complete(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        percent_complete = _parse_percent_complete(d.pop("percent_complete", UNSET))


        change_out = cls(
            kind=kind,
            effective=effective,
            obligation_id=obligation_id,
            percent_complete=percent_complete,
        )


        change_out.additional_properties = d
        return change_out

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
