from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.movement_out import MovementOut





T = TypeVar("T", bound="RollforwardOut")



@_attrs_define
class RollforwardOut:
    """ `opening` + each movement + `corrections` = `closing`.

        Attributes:
            closing (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            corrections (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            movements (list[MovementOut]):
            opening (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    closing: Decimal
    corrections: Decimal
    movements: list[MovementOut]
    opening: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.movement_out import MovementOut # noqa: PLC0415
        closing = self.closing

        corrections = self.corrections

        movements = []
        for movements_item_data in self.movements:
            movements_item = movements_item_data.to_dict()
            movements.append(movements_item)



        opening = self.opening


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "closing": closing,
            "corrections": corrections,
            "movements": movements,
            "opening": opening,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.movement_out import MovementOut # noqa: PLC0415
        d = dict(src_dict)
        closing = Decimal(d.pop("closing"))




        corrections = Decimal(d.pop("corrections"))




        movements = []
        _movements = d.pop("movements")
        for movements_item_data in (_movements):
            movements_item = MovementOut.from_dict(movements_item_data)



            movements.append(movements_item)


        opening = Decimal(d.pop("opening"))




        rollforward_out = cls(
            closing=closing,
            corrections=corrections,
            movements=movements,
            opening=opening,
        )


        rollforward_out.additional_properties = d
        return rollforward_out

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
