from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ExplainedCumulative")



@_attrs_define
class ExplainedCumulative:
    """ 
        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            cumulative (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            date (datetime.date):
            offset (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            pattern (str): `ratable`, `point_in_time` or `awaiting_event`.
            text (str):
            convention (None | str | Unset): The convention of a ratable pattern.
            denominator (None | str | Unset):
            numerator (None | str | Unset): `n` and `d` of a part served (null when none or all of `A` is recognized).
            terms_from (datetime.date | None | Unset): The day the terms in force took over (a change, a delivery or a
                progress report);
                null for the terms the obligation started with.
     """

    amount: Decimal
    cumulative: Decimal
    date: datetime.date
    offset: Decimal
    pattern: str
    text: str
    convention: None | str | Unset = UNSET
    denominator: None | str | Unset = UNSET
    numerator: None | str | Unset = UNSET
    terms_from: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        cumulative = self.cumulative

        date = self.date.isoformat()

        offset = self.offset

        pattern = self.pattern

        text = self.text

        convention: None | str | Unset
        if isinstance(self.convention, Unset):
            convention = UNSET
        else:
            convention = self.convention

        denominator: None | str | Unset
        if isinstance(self.denominator, Unset):
            denominator = UNSET
        else:
            denominator = self.denominator

        numerator: None | str | Unset
        if isinstance(self.numerator, Unset):
            numerator = UNSET
        else:
            numerator = self.numerator

        terms_from: None | str | Unset
        if isinstance(self.terms_from, Unset):
            terms_from = UNSET
        elif isinstance(self.terms_from, datetime.date):
            terms_from = self.terms_from.isoformat()
        else:
            terms_from = self.terms_from


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "cumulative": cumulative,
            "date": date,
            "offset": offset,
            "pattern": pattern,
            "text": text,
        })
        if convention is not UNSET:
            field_dict["convention"] = convention
        if denominator is not UNSET:
            field_dict["denominator"] = denominator
        if numerator is not UNSET:
            field_dict["numerator"] = numerator
        if terms_from is not UNSET:
            field_dict["terms_from"] = terms_from

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        cumulative = Decimal(d.pop("cumulative"))




        date = datetime.date.fromisoformat(d.pop("date"))




        offset = Decimal(d.pop("offset"))




        pattern = d.pop("pattern")

        text = d.pop("text")

        def _parse_convention(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        convention = _parse_convention(d.pop("convention", UNSET))


        def _parse_denominator(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        denominator = _parse_denominator(d.pop("denominator", UNSET))


        def _parse_numerator(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numerator = _parse_numerator(d.pop("numerator", UNSET))


        def _parse_terms_from(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                terms_from_type_0 = datetime.date.fromisoformat(data)



                return terms_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        terms_from = _parse_terms_from(d.pop("terms_from", UNSET))


        explained_cumulative = cls(
            amount=amount,
            cumulative=cumulative,
            date=date,
            offset=offset,
            pattern=pattern,
            text=text,
            convention=convention,
            denominator=denominator,
            numerator=numerator,
            terms_from=terms_from,
        )


        explained_cumulative.additional_properties = d
        return explained_cumulative

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
