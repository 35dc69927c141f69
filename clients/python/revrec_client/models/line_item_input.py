from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pob_type_name import PobTypeName
from ..models.recognition_name import RecognitionName
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.prepaid_credits_input import PrepaidCreditsInput
  from ..models.usage_pricing_input import UsagePricingInput





T = TypeVar("T", bound="LineItemInput")



@_attrs_define
class LineItemInput:
    """ One line item: one performance obligation.

        Attributes:
            pob_type (PobTypeName): The performance-obligation types: subscriptions and support are ratable by default,
                the others point in time.
            delivery_date (datetime.date | None | Unset): A point-in-time line's delivery day; default the contract's
                `start_date`. `null`
                means not delivered yet: nothing is recognized until
                `POST /v1/contracts/{id}/obligations/{pob_id}/fulfillments` names the day.
            id (None | str | Unset): On `PUT`: the id of the obligation this line continues.
            name (None | str | Unset):
            prepaid_credits (None | PrepaidCreditsInput | Unset):
            recognition (None | RecognitionName | Unset):
            removed (bool | None | Unset): On `PUT` of an active contract: `true` drops the obligation `id` names from the
                effective date (it keeps the revenue it earned; the rest leaves RPO). Every other
                obligation in force must be named by its `id`.
            service_end (datetime.date | None | Unset):
            service_start (datetime.date | None | Unset):
            ssp_price (Decimal | None | str | Unset):
            stated_price (Decimal | None | str | Unset):
            usage_pricing (None | Unset | UsagePricingInput):
     """

    pob_type: PobTypeName
    delivery_date: datetime.date | None | Unset = UNSET
    id: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    prepaid_credits: None | PrepaidCreditsInput | Unset = UNSET
    recognition: None | RecognitionName | Unset = UNSET
    removed: bool | None | Unset = UNSET
    service_end: datetime.date | None | Unset = UNSET
    service_start: datetime.date | None | Unset = UNSET
    ssp_price: Decimal | None | str | Unset = UNSET
    stated_price: Decimal | None | str | Unset = UNSET
    usage_pricing: None | Unset | UsagePricingInput = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.prepaid_credits_input import PrepaidCreditsInput # noqa: PLC0415
        from ..models.usage_pricing_input import UsagePricingInput # noqa: PLC0415
        pob_type = self.pob_type.value

        delivery_date: None | str | Unset
        if isinstance(self.delivery_date, Unset):
            delivery_date = UNSET
        elif isinstance(self.delivery_date, datetime.date):
            delivery_date = self.delivery_date.isoformat()
        else:
            delivery_date = self.delivery_date

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        prepaid_credits: dict[str, Any] | None | Unset
        if isinstance(self.prepaid_credits, Unset):
            prepaid_credits = UNSET
        elif isinstance(self.prepaid_credits, PrepaidCreditsInput):
            prepaid_credits = self.prepaid_credits.to_dict()
        else:
            prepaid_credits = self.prepaid_credits

        recognition: None | str | Unset
        if isinstance(self.recognition, Unset):
            recognition = UNSET
        elif isinstance(self.recognition, RecognitionName):
            recognition = self.recognition.value
        else:
            recognition = self.recognition

        removed: bool | None | Unset
        if isinstance(self.removed, Unset):
            removed = UNSET
        else:
            removed = self.removed

        service_end: None | str | Unset
        if isinstance(self.service_end, Unset):
            service_end = UNSET
        elif isinstance(self.service_end, datetime.date):
            service_end = self.service_end.isoformat()
        else:
            service_end = self.service_end

        service_start: None | str | Unset
        if isinstance(self.service_start, Unset):
            service_start = UNSET
        elif isinstance(self.service_start, datetime.date):
            service_start = self.service_start.isoformat()
        else:
            service_start = self.service_start

        ssp_price: Decimal | None | str | Unset
        if isinstance(self.ssp_price, Unset):
            ssp_price = UNSET
        else:
            ssp_price = self.ssp_price

        stated_price: Decimal | None | str | Unset
        if isinstance(self.stated_price, Unset):
            stated_price = UNSET
        else:
            stated_price = self.stated_price

        usage_pricing: dict[str, Any] | None | Unset
        if isinstance(self.usage_pricing, Unset):
            usage_pricing = UNSET
        elif isinstance(self.usage_pricing, UsagePricingInput):
            usage_pricing = self.usage_pricing.to_dict()
        else:
            usage_pricing = self.usage_pricing


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "pob_type": pob_type,
        })
        if delivery_date is not UNSET:
            field_dict["delivery_date"] = delivery_date
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if prepaid_credits is not UNSET:
            field_dict["prepaid_credits"] = prepaid_credits
        if recognition is not UNSET:
            field_dict["recognition"] = recognition
        if removed is not UNSET:
            field_dict["removed"] = removed
        if service_end is not UNSET:
            field_dict["service_end"] = service_end
        if service_start is not UNSET:
            field_dict["service_start"] = service_start
        if ssp_price is not UNSET:
            field_dict["ssp_price"] = ssp_price
        if stated_price is not UNSET:
            field_dict["stated_price"] = stated_price
        if usage_pricing is not UNSET:
            field_dict["usage_pricing"] = usage_pricing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.prepaid_credits_input import PrepaidCreditsInput # noqa: PLC0415
        from ..models.usage_pricing_input import UsagePricingInput # noqa: PLC0415
        d = dict(src_dict)
        pob_type = PobTypeName(d.pop("pob_type"))




        def _parse_delivery_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_date_type_0 = datetime.date.fromisoformat(data)



                return delivery_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        delivery_date = _parse_delivery_date(d.pop("delivery_date", UNSET))


        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_prepaid_credits(data: object) -> None | PrepaidCreditsInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepaid_credits_type_1 = PrepaidCreditsInput.from_dict(data)



                return prepaid_credits_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PrepaidCreditsInput | Unset, data)

        prepaid_credits = _parse_prepaid_credits(d.pop("prepaid_credits", UNSET))


        def _parse_recognition(data: object) -> None | RecognitionName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                recognition_type_1 = RecognitionName(data)



                return recognition_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecognitionName | Unset, data)

        recognition = _parse_recognition(d.pop("recognition", UNSET))


        def _parse_removed(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        removed = _parse_removed(d.pop("removed", UNSET))


        def _parse_service_end(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                service_end_type_0 = datetime.date.fromisoformat(data)



                return service_end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        service_end = _parse_service_end(d.pop("service_end", UNSET))


        def _parse_service_start(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                service_start_type_0 = datetime.date.fromisoformat(data)



                return service_start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        service_start = _parse_service_start(d.pop("service_start", UNSET))


        def _parse_ssp_price(data: object) -> Decimal | None | str | Unset:
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

        ssp_price = _parse_ssp_price(d.pop("ssp_price", UNSET))


        def _parse_stated_price(data: object) -> Decimal | None | str | Unset:
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

        stated_price = _parse_stated_price(d.pop("stated_price", UNSET))


        def _parse_usage_pricing(data: object) -> None | Unset | UsagePricingInput:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_pricing_type_1 = UsagePricingInput.from_dict(data)



                return usage_pricing_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UsagePricingInput, data)

        usage_pricing = _parse_usage_pricing(d.pop("usage_pricing", UNSET))


        line_item_input = cls(
            pob_type=pob_type,
            delivery_date=delivery_date,
            id=id,
            name=name,
            prepaid_credits=prepaid_credits,
            recognition=recognition,
            removed=removed,
            service_end=service_end,
            service_start=service_start,
            ssp_price=ssp_price,
            stated_price=stated_price,
            usage_pricing=usage_pricing,
        )

        return line_item_input

