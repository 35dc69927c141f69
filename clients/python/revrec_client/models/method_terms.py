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
  from ..models.method_amount import MethodAmount





T = TypeVar("T", bound="MethodTerms")



@_attrs_define
class MethodTerms:
    """ A payment method offered here.

        Attributes:
            method (str): The MPP method id: `stripe`, `tempo`, `lightning` or `sandbox`.
            settles_real_money (bool):
            per_usd (MethodAmount | None | Unset):
     """

    method: str
    settles_real_money: bool
    per_usd: MethodAmount | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.method_amount import MethodAmount # noqa: PLC0415
        method = self.method

        settles_real_money = self.settles_real_money

        per_usd: dict[str, Any] | None | Unset
        if isinstance(self.per_usd, Unset):
            per_usd = UNSET
        elif isinstance(self.per_usd, MethodAmount):
            per_usd = self.per_usd.to_dict()
        else:
            per_usd = self.per_usd


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "settles_real_money": settles_real_money,
        })
        if per_usd is not UNSET:
            field_dict["per_usd"] = per_usd

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.method_amount import MethodAmount # noqa: PLC0415
        d = dict(src_dict)
        method = d.pop("method")

        settles_real_money = d.pop("settles_real_money")

        def _parse_per_usd(data: object) -> MethodAmount | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                per_usd_type_1 = MethodAmount.from_dict(data)



                return per_usd_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MethodAmount | None | Unset, data)

        per_usd = _parse_per_usd(d.pop("per_usd", UNSET))


        method_terms = cls(
            method=method,
            settles_real_money=settles_real_money,
            per_usd=per_usd,
        )


        method_terms.additional_properties = d
        return method_terms

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
