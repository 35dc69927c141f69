from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ScenarioInput")



@_attrs_define
class ScenarioInput:
    """ 
        Attributes:
            amount (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than
                the currency allows (SSP: up to 6).
            probability (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals
                than the currency allows (SSP: up to 6).
     """

    amount: Decimal | str
    probability: Decimal | str





    def to_dict(self) -> dict[str, Any]:
        amount: Decimal | str
        amount = self.amount

        probability: Decimal | str
        probability = self.probability


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount": amount,
            "probability": probability,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_amount(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        amount = _parse_amount(d.pop("amount"))


        def _parse_probability(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        probability = _parse_probability(d.pop("probability"))


        scenario_input = cls(
            amount=amount,
            probability=probability,
        )

        return scenario_input

