from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ExplainedCorrection")



@_attrs_define
class ExplainedCorrection:
    """ 
        Attributes:
            correction_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            corrects_period (str): The closed month corrected, `YYYY-MM`.
            reported_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            restated_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            text (str):
     """

    correction_amount: Decimal
    corrects_period: str
    reported_amount: Decimal
    restated_amount: Decimal
    text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        correction_amount = self.correction_amount

        corrects_period = self.corrects_period

        reported_amount = self.reported_amount

        restated_amount = self.restated_amount

        text = self.text


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "correction_amount": correction_amount,
            "corrects_period": corrects_period,
            "reported_amount": reported_amount,
            "restated_amount": restated_amount,
            "text": text,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        correction_amount = Decimal(d.pop("correction_amount"))




        corrects_period = d.pop("corrects_period")

        reported_amount = Decimal(d.pop("reported_amount"))




        restated_amount = Decimal(d.pop("restated_amount"))




        text = d.pop("text")

        explained_correction = cls(
            correction_amount=correction_amount,
            corrects_period=corrects_period,
            reported_amount=reported_amount,
            restated_amount=restated_amount,
            text=text,
        )


        explained_correction.additional_properties = d
        return explained_correction

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
