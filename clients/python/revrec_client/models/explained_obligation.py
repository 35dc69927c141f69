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
  from ..models.explained_correction import ExplainedCorrection
  from ..models.explained_credits import ExplainedCredits
  from ..models.explained_price import ExplainedPrice
  from ..models.explained_rating import ExplainedRating
  from ..models.explained_recognition import ExplainedRecognition





T = TypeVar("T", bound="ExplainedObligation")



@_attrs_define
class ExplainedObligation:
    """ 
        Attributes:
            allocated_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            corrections (list[ExplainedCorrection]):
            name (str):
            pob_type (str):
            price_changes (list[ExplainedPrice]): Every change of its price: from which day, and to what.
            recognized_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            text (str):
            credits_ (ExplainedCredits | None | Unset):
            obligation_id (None | str | Unset):
            rating (ExplainedRating | None | Unset):
            recognition (ExplainedRecognition | None | Unset):
     """

    allocated_amount: Decimal
    corrections: list[ExplainedCorrection]
    name: str
    pob_type: str
    price_changes: list[ExplainedPrice]
    recognized_amount: Decimal
    text: str
    credits_: ExplainedCredits | None | Unset = UNSET
    obligation_id: None | str | Unset = UNSET
    rating: ExplainedRating | None | Unset = UNSET
    recognition: ExplainedRecognition | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_correction import ExplainedCorrection # noqa: PLC0415
        from ..models.explained_credits import ExplainedCredits # noqa: PLC0415
        from ..models.explained_price import ExplainedPrice # noqa: PLC0415
        from ..models.explained_rating import ExplainedRating # noqa: PLC0415
        from ..models.explained_recognition import ExplainedRecognition # noqa: PLC0415
        allocated_amount = self.allocated_amount

        corrections = []
        for corrections_item_data in self.corrections:
            corrections_item = corrections_item_data.to_dict()
            corrections.append(corrections_item)



        name = self.name

        pob_type = self.pob_type

        price_changes = []
        for price_changes_item_data in self.price_changes:
            price_changes_item = price_changes_item_data.to_dict()
            price_changes.append(price_changes_item)



        recognized_amount = self.recognized_amount

        text = self.text

        credits_: dict[str, Any] | None | Unset
        if isinstance(self.credits_, Unset):
            credits_ = UNSET
        elif isinstance(self.credits_, ExplainedCredits):
            credits_ = self.credits_.to_dict()
        else:
            credits_ = self.credits_

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id

        rating: dict[str, Any] | None | Unset
        if isinstance(self.rating, Unset):
            rating = UNSET
        elif isinstance(self.rating, ExplainedRating):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        recognition: dict[str, Any] | None | Unset
        if isinstance(self.recognition, Unset):
            recognition = UNSET
        elif isinstance(self.recognition, ExplainedRecognition):
            recognition = self.recognition.to_dict()
        else:
            recognition = self.recognition


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allocated_amount": allocated_amount,
            "corrections": corrections,
            "name": name,
            "pob_type": pob_type,
            "price_changes": price_changes,
            "recognized_amount": recognized_amount,
            "text": text,
        })
        if credits_ is not UNSET:
            field_dict["credits"] = credits_
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id
        if rating is not UNSET:
            field_dict["rating"] = rating
        if recognition is not UNSET:
            field_dict["recognition"] = recognition

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_correction import ExplainedCorrection # noqa: PLC0415
        from ..models.explained_credits import ExplainedCredits # noqa: PLC0415
        from ..models.explained_price import ExplainedPrice # noqa: PLC0415
        from ..models.explained_rating import ExplainedRating # noqa: PLC0415
        from ..models.explained_recognition import ExplainedRecognition # noqa: PLC0415
        d = dict(src_dict)
        allocated_amount = Decimal(d.pop("allocated_amount"))




        corrections = []
        _corrections = d.pop("corrections")
        for corrections_item_data in (_corrections):
            corrections_item = ExplainedCorrection.from_dict(corrections_item_data)



            corrections.append(corrections_item)


        name = d.pop("name")

        pob_type = d.pop("pob_type")

        price_changes = []
        _price_changes = d.pop("price_changes")
        for price_changes_item_data in (_price_changes):
            price_changes_item = ExplainedPrice.from_dict(price_changes_item_data)



            price_changes.append(price_changes_item)


        recognized_amount = Decimal(d.pop("recognized_amount"))




        text = d.pop("text")

        def _parse_credits_(data: object) -> ExplainedCredits | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credits_type_1 = ExplainedCredits.from_dict(data)



                return credits_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExplainedCredits | None | Unset, data)

        credits_ = _parse_credits_(d.pop("credits", UNSET))


        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


        def _parse_rating(data: object) -> ExplainedRating | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_1 = ExplainedRating.from_dict(data)



                return rating_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExplainedRating | None | Unset, data)

        rating = _parse_rating(d.pop("rating", UNSET))


        def _parse_recognition(data: object) -> ExplainedRecognition | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recognition_type_1 = ExplainedRecognition.from_dict(data)



                return recognition_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExplainedRecognition | None | Unset, data)

        recognition = _parse_recognition(d.pop("recognition", UNSET))


        explained_obligation = cls(
            allocated_amount=allocated_amount,
            corrections=corrections,
            name=name,
            pob_type=pob_type,
            price_changes=price_changes,
            recognized_amount=recognized_amount,
            text=text,
            credits_=credits_,
            obligation_id=obligation_id,
            rating=rating,
            recognition=recognition,
        )


        explained_obligation.additional_properties = d
        return explained_obligation

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
