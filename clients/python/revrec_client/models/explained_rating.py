from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.explained_rating_step import ExplainedRatingStep





T = TypeVar("T", bound="ExplainedRating")



@_attrs_define
class ExplainedRating:
    """ How a usage line's month is rated: its units, those free, each priced run at its rate
    (exact), the amounts its records carried, and the sum rounded once.

        Attributes:
            carried_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            included (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            quantity (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rated_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            steps (list[ExplainedRatingStep]):
            text (str):
     """

    carried_amount: Decimal
    included: Decimal
    quantity: Decimal
    rated_amount: Decimal
    steps: list[ExplainedRatingStep]
    text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_rating_step import ExplainedRatingStep # noqa: PLC0415
        carried_amount = self.carried_amount

        included = self.included

        quantity = self.quantity

        rated_amount = self.rated_amount

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        text = self.text


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "carried_amount": carried_amount,
            "included": included,
            "quantity": quantity,
            "rated_amount": rated_amount,
            "steps": steps,
            "text": text,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_rating_step import ExplainedRatingStep # noqa: PLC0415
        d = dict(src_dict)
        carried_amount = Decimal(d.pop("carried_amount"))




        included = Decimal(d.pop("included"))




        quantity = Decimal(d.pop("quantity"))




        rated_amount = Decimal(d.pop("rated_amount"))




        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = ExplainedRatingStep.from_dict(steps_item_data)



            steps.append(steps_item)


        text = d.pop("text")

        explained_rating = cls(
            carried_amount=carried_amount,
            included=included,
            quantity=quantity,
            rated_amount=rated_amount,
            steps=steps,
            text=text,
        )


        explained_rating.additional_properties = d
        return explained_rating

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
