from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.batch_result_body import BatchResultBody





T = TypeVar("T", bound="BatchResult")



@_attrs_define
class BatchResult:
    """ 
        Attributes:
            body (BatchResultBody): The route's body: its JSON, or an RFC 9457 problem when it failed.
            status (int): The status the route itself would have answered.
            location (None | str | Unset): The `Location` the route would have sent (a created contract's URL).
     """

    body: BatchResultBody
    status: int
    location: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_result_body import BatchResultBody # noqa: PLC0415
        body = self.body.to_dict()

        status = self.status

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "body": body,
            "status": status,
        })
        if location is not UNSET:
            field_dict["location"] = location

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_result_body import BatchResultBody # noqa: PLC0415
        d = dict(src_dict)
        body = BatchResultBody.from_dict(d.pop("body"))




        status = d.pop("status")

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))


        batch_result = cls(
            body=body,
            status=status,
            location=location,
        )


        batch_result.additional_properties = d
        return batch_result

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
