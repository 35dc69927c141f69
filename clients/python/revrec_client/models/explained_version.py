from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ExplainedVersion")



@_attrs_define
class ExplainedVersion:
    """ 
        Attributes:
            change (str): `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
                `progress`, `estimate` or `restatement`.
            recorded_at (datetime.datetime):
            version (int):
            effective_date (datetime.date | None | Unset):
     """

    change: str
    recorded_at: datetime.datetime
    version: int
    effective_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        change = self.change

        recorded_at = self.recorded_at.isoformat()

        version = self.version

        effective_date: None | str | Unset
        if isinstance(self.effective_date, Unset):
            effective_date = UNSET
        elif isinstance(self.effective_date, datetime.date):
            effective_date = self.effective_date.isoformat()
        else:
            effective_date = self.effective_date


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "change": change,
            "recorded_at": recorded_at,
            "version": version,
        })
        if effective_date is not UNSET:
            field_dict["effective_date"] = effective_date

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        change = d.pop("change")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        version = d.pop("version")

        def _parse_effective_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                effective_date_type_0 = datetime.date.fromisoformat(data)



                return effective_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        effective_date = _parse_effective_date(d.pop("effective_date", UNSET))


        explained_version = cls(
            change=change,
            recorded_at=recorded_at,
            version=version,
            effective_date=effective_date,
        )


        explained_version.additional_properties = d
        return explained_version

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
