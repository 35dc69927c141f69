from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CloseInput")



@_attrs_define
class CloseInput:
    """ `POST /v1/periods/close`.

        Attributes:
            through (None | str | Unset): The last month to close, `YYYY-MM`: every open month up to it closes with it. It
                must have ended by the server's clock (UTC). Example: 2026-03.
     """

    through: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        through: None | str | Unset
        if isinstance(self.through, Unset):
            through = UNSET
        else:
            through = self.through


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if through is not UNSET:
            field_dict["through"] = through

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_through(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        through = _parse_through(d.pop("through", UNSET))


        close_input = cls(
            through=through,
        )

        return close_input

