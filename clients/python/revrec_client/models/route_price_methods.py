from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.method_amount import MethodAmount





T = TypeVar("T", bound="RoutePriceMethods")



@_attrs_define
class RoutePriceMethods:
    """ What each payment method's challenge for this call asks, in its own unit (a method
    that cannot take the charge, such as Lightning for 0.00, is absent).

     """

    additional_properties: dict[str, MethodAmount] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.method_amount import MethodAmount # noqa: PLC0415
        
        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()


        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.method_amount import MethodAmount # noqa: PLC0415
        d = dict(src_dict)
        route_price_methods = cls(
        )


        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = MethodAmount.from_dict(prop_dict)



            additional_properties[prop_name] = additional_property

        route_price_methods.additional_properties = additional_properties
        return route_price_methods

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> MethodAmount:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: MethodAmount) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
