from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.route_price_methods import RoutePriceMethods





T = TypeVar("T", bound="RoutePrice")



@_attrs_define
class RoutePrice:
    """ What one priced call costs a caller of one plan.

        Attributes:
            methods (RoutePriceMethods): What each payment method's challenge for this call asks, in its own unit (a method
                that cannot take the charge, such as Lightning for 0.00, is absent).
            usd (str): USD, two decimals. Example: 0.05.
     """

    methods: RoutePriceMethods
    usd: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.route_price_methods import RoutePriceMethods # noqa: PLC0415
        methods = self.methods.to_dict()

        usd = self.usd


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "methods": methods,
            "usd": usd,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_price_methods import RoutePriceMethods # noqa: PLC0415
        d = dict(src_dict)
        methods = RoutePriceMethods.from_dict(d.pop("methods"))




        usd = d.pop("usd")

        route_price = cls(
            methods=methods,
            usd=usd,
        )


        route_price.additional_properties = d
        return route_price

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
