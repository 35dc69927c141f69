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
  from ..models.tier_input import TierInput





T = TypeVar("T", bound="UsagePricingInput")



@_attrs_define
class UsagePricingInput:
    """ How a usage line's month is rated: the month's units past `included_per_month`, each
    at the rate of the tier it falls in (graduated), then `rate` past the last tier;
    rounded once per month to the currency's minor unit.

        Attributes:
            rate (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals than the
                currency allows (SSP: up to 6).
            included_per_month (Decimal | None | str | Unset):
            tiers (list[TierInput] | None | Unset): In increasing order of `up_to`; only the last may leave it out (every
                unit beyond).
            unit (None | str | Unset): What a unit is, for people (`api_call`, `GB`); default `unit`. Example: api_call.
     """

    rate: Decimal | str
    included_per_month: Decimal | None | str | Unset = UNSET
    tiers: list[TierInput] | None | Unset = UNSET
    unit: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tier_input import TierInput # noqa: PLC0415
        rate: Decimal | str
        rate = self.rate

        included_per_month: Decimal | None | str | Unset
        if isinstance(self.included_per_month, Unset):
            included_per_month = UNSET
        else:
            included_per_month = self.included_per_month

        tiers: list[dict[str, Any]] | None | Unset
        if isinstance(self.tiers, Unset):
            tiers = UNSET
        elif isinstance(self.tiers, list):
            tiers = []
            for tiers_type_0_item_data in self.tiers:
                tiers_type_0_item = tiers_type_0_item_data.to_dict()
                tiers.append(tiers_type_0_item)


        else:
            tiers = self.tiers

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
        else:
            unit = self.unit


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rate": rate,
        })
        if included_per_month is not UNSET:
            field_dict["included_per_month"] = included_per_month
        if tiers is not UNSET:
            field_dict["tiers"] = tiers
        if unit is not UNSET:
            field_dict["unit"] = unit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tier_input import TierInput # noqa: PLC0415
        d = dict(src_dict)
        def _parse_rate(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        rate = _parse_rate(d.pop("rate"))


        def _parse_included_per_month(data: object) -> Decimal | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | str | Unset, data)

        included_per_month = _parse_included_per_month(d.pop("included_per_month", UNSET))


        def _parse_tiers(data: object) -> list[TierInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tiers_type_0 = []
                _tiers_type_0 = data
                for tiers_type_0_item_data in (_tiers_type_0):
                    tiers_type_0_item = TierInput.from_dict(tiers_type_0_item_data)



                    tiers_type_0.append(tiers_type_0_item)

                return tiers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TierInput] | None | Unset, data)

        tiers = _parse_tiers(d.pop("tiers", UNSET))


        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))


        usage_pricing_input = cls(
            rate=rate,
            included_per_month=included_per_month,
            tiers=tiers,
            unit=unit,
        )

        return usage_pricing_input

