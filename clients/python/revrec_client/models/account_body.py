from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AccountBody")



@_attrs_define
class AccountBody:
    """ An account's code and name.

        Attributes:
            code (str):  Example: 4000.
            name (str):  Example: Subscription Revenue.
     """

    code: str
    name: str





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        account_body = cls(
            code=code,
            name=name,
        )

        return account_body

