from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.breakage_name import BreakageName
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.explained_credits_through import ExplainedCreditsThrough





T = TypeVar("T", bound="ExplainedCredits")



@_attrs_define
class ExplainedCredits:
    """ How a prepaid credits line's month is earned: what the credits used through the month
    before and through the month earn of the allocation in force at each month end, the
    rest of the allocation once they expire.

        Attributes:
            amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            breakage (BreakageName):
            credits_ (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            expires_on (datetime.date):
            text (str):
            through_month (ExplainedCreditsThrough): A credits line's revenue through one month end.
            through_previous_month (ExplainedCreditsThrough): A credits line's revenue through one month end.
     """

    amount: Decimal
    breakage: BreakageName
    credits_: Decimal
    expires_on: datetime.date
    text: str
    through_month: ExplainedCreditsThrough
    through_previous_month: ExplainedCreditsThrough
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_credits_through import ExplainedCreditsThrough # noqa: PLC0415
        amount = self.amount

        breakage = self.breakage.value

        credits_ = self.credits_

        expires_on = self.expires_on.isoformat()

        text = self.text

        through_month = self.through_month.to_dict()

        through_previous_month = self.through_previous_month.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "breakage": breakage,
            "credits": credits_,
            "expires_on": expires_on,
            "text": text,
            "through_month": through_month,
            "through_previous_month": through_previous_month,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_credits_through import ExplainedCreditsThrough # noqa: PLC0415
        d = dict(src_dict)
        amount = Decimal(d.pop("amount"))




        breakage = BreakageName(d.pop("breakage"))




        credits_ = Decimal(d.pop("credits"))




        expires_on = datetime.date.fromisoformat(d.pop("expires_on"))




        text = d.pop("text")

        through_month = ExplainedCreditsThrough.from_dict(d.pop("through_month"))




        through_previous_month = ExplainedCreditsThrough.from_dict(d.pop("through_previous_month"))




        explained_credits = cls(
            amount=amount,
            breakage=breakage,
            credits_=credits_,
            expires_on=expires_on,
            text=text,
            through_month=through_month,
            through_previous_month=through_previous_month,
        )


        explained_credits.additional_properties = d
        return explained_credits

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
