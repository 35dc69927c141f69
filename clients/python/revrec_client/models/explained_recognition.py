from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.explained_cumulative import ExplainedCumulative





T = TypeVar("T", bound="ExplainedRecognition")



@_attrs_define
class ExplainedRecognition:
    """ 
        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            formula (str): `R(P) = offset + round(A × n / d)`: revenue through the end of month `P` is what
                the terms in force had recognized before they took over plus their amount `A`
                spread by the convention (`n / d` the share of it served by then).
            text (str):
            through_month (ExplainedCumulative):
            through_previous_month (ExplainedCumulative):
     """

    amount: Decimal
    formula: str
    text: str
    through_month: ExplainedCumulative
    through_previous_month: ExplainedCumulative
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_cumulative import ExplainedCumulative # noqa: PLC0415
        amount = self.amount

        formula = self.formula

        text = self.text

        through_month = self.through_month.to_dict()

        through_previous_month = self.through_previous_month.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "formula": formula,
            "text": text,
            "through_month": through_month,
            "through_previous_month": through_previous_month,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_cumulative import ExplainedCumulative # noqa: PLC0415
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        formula = d.pop("formula")

        text = d.pop("text")

        through_month = ExplainedCumulative.from_dict(d.pop("through_month"))




        through_previous_month = ExplainedCumulative.from_dict(d.pop("through_previous_month"))




        explained_recognition = cls(
            amount=amount,
            formula=formula,
            text=text,
            through_month=through_month,
            through_previous_month=through_previous_month,
        )


        explained_recognition.additional_properties = d
        return explained_recognition

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
