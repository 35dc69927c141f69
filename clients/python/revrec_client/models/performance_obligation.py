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

if TYPE_CHECKING:
  from ..models.prepaid_credits_out import PrepaidCreditsOut
  from ..models.usage_pricing_out import UsagePricingOut





T = TypeVar("T", bound="PerformanceObligation")



@_attrs_define
class PerformanceObligation:
    """ A performance obligation with its allocation (relative SSP, largest remainder).

        Attributes:
            allocated_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            id (str):  Example: pob_01jdx8p3yq4g6bqk2v7hzt0w5p.
            in_force (bool): False for an obligation a modification dropped (it keeps the revenue it earned).
            name (str):
            pob_type (str):
            recognition (str): `ratable`, `point_in_time`, `progress`, or `usage` (rated month by month from its
                usage records).
            standalone_selling_price (Decimal): An exact amount written with exactly the currency's minor-unit decimals
                (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            timing (str): `over_time` or `point_in_time`.
            awaiting_delivery (bool | Unset): Present, and true, while a point-in-time obligation awaits its fulfillment.
            delivery_date (datetime.date | None | Unset):
            percent_complete (Decimal | None | Unset):
            prepaid_credits (None | PrepaidCreditsOut | Unset):
            service_end (datetime.date | None | Unset):
            service_start (datetime.date | None | Unset):
            stated_price (Decimal | None | Unset):
            usage_pricing (None | Unset | UsagePricingOut):
     """

    allocated_amount: Decimal
    id: str
    in_force: bool
    name: str
    pob_type: str
    recognition: str
    standalone_selling_price: Decimal
    timing: str
    awaiting_delivery: bool | Unset = UNSET
    delivery_date: datetime.date | None | Unset = UNSET
    percent_complete: Decimal | None | Unset = UNSET
    prepaid_credits: None | PrepaidCreditsOut | Unset = UNSET
    service_end: datetime.date | None | Unset = UNSET
    service_start: datetime.date | None | Unset = UNSET
    stated_price: Decimal | None | Unset = UNSET
    usage_pricing: None | Unset | UsagePricingOut = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.prepaid_credits_out import PrepaidCreditsOut # noqa: PLC0415
        from ..models.usage_pricing_out import UsagePricingOut # noqa: PLC0415
        allocated_amount = self.allocated_amount

        id = self.id

        in_force = self.in_force

        name = self.name

        pob_type = self.pob_type

        recognition = self.recognition

        standalone_selling_price = self.standalone_selling_price

        timing = self.timing

        awaiting_delivery = self.awaiting_delivery

        delivery_date: None | str | Unset
        if isinstance(self.delivery_date, Unset):
            delivery_date = UNSET
        elif isinstance(self.delivery_date, datetime.date):
            delivery_date = self.delivery_date.isoformat()
        else:
            delivery_date = self.delivery_date

        percent_complete: Decimal | None | Unset
        if isinstance(self.percent_complete, Unset):
            percent_complete = UNSET
        else:
            percent_complete = self.percent_complete

        prepaid_credits: dict[str, Any] | None | Unset
        if isinstance(self.prepaid_credits, Unset):
            prepaid_credits = UNSET
        elif isinstance(self.prepaid_credits, PrepaidCreditsOut):
            prepaid_credits = self.prepaid_credits.to_dict()
        else:
            prepaid_credits = self.prepaid_credits

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

        stated_price: Decimal | None | Unset
        if isinstance(self.stated_price, Unset):
            stated_price = UNSET
        else:
            stated_price = self.stated_price

        usage_pricing: dict[str, Any] | None | Unset
        if isinstance(self.usage_pricing, Unset):
            usage_pricing = UNSET
        elif isinstance(self.usage_pricing, UsagePricingOut):
            usage_pricing = self.usage_pricing.to_dict()
        else:
            usage_pricing = self.usage_pricing


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allocated_amount": allocated_amount,
            "id": id,
            "in_force": in_force,
            "name": name,
            "pob_type": pob_type,
            "recognition": recognition,
            "standalone_selling_price": standalone_selling_price,
            "timing": timing,
        })
        if awaiting_delivery is not UNSET:
            field_dict["awaiting_delivery"] = awaiting_delivery
        if delivery_date is not UNSET:
            field_dict["delivery_date"] = delivery_date
        if percent_complete is not UNSET:
            field_dict["percent_complete"] = percent_complete
        if prepaid_credits is not UNSET:
            field_dict["prepaid_credits"] = prepaid_credits
        if service_end is not UNSET:
            field_dict["service_end"] = service_end
        if service_start is not UNSET:
            field_dict["service_start"] = service_start
        if stated_price is not UNSET:
            field_dict["stated_price"] = stated_price
        if usage_pricing is not UNSET:
            field_dict["usage_pricing"] = usage_pricing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.prepaid_credits_out import PrepaidCreditsOut # noqa: PLC0415
        from ..models.usage_pricing_out import UsagePricingOut # noqa: PLC0415
        d = dict(src_dict)
        allocated_amount = Decimal(d.pop("allocated_amount"))




        id = d.pop("id")

        in_force = d.pop("in_force")

        name = d.pop("name")

        pob_type = d.pop("pob_type")

        recognition = d.pop("recognition")

        standalone_selling_price = Decimal(d.pop("standalone_selling_price"))




        timing = d.pop("timing")

        awaiting_delivery = d.pop("awaiting_delivery", UNSET)

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


        def _parse_percent_complete(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                percent_complete_type_1 = Decimal(data)



                return percent_complete_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        percent_complete = _parse_percent_complete(d.pop("percent_complete", UNSET))


        def _parse_prepaid_credits(data: object) -> None | PrepaidCreditsOut | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepaid_credits_type_1 = PrepaidCreditsOut.from_dict(data)



                return prepaid_credits_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PrepaidCreditsOut | Unset, data)

        prepaid_credits = _parse_prepaid_credits(d.pop("prepaid_credits", UNSET))


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


        def _parse_stated_price(data: object) -> Decimal | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                stated_price_type_1 = Decimal(data)



                return stated_price_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | Unset, data)

        stated_price = _parse_stated_price(d.pop("stated_price", UNSET))


        def _parse_usage_pricing(data: object) -> None | Unset | UsagePricingOut:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_pricing_type_1 = UsagePricingOut.from_dict(data)



                return usage_pricing_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UsagePricingOut, data)

        usage_pricing = _parse_usage_pricing(d.pop("usage_pricing", UNSET))


        performance_obligation = cls(
            allocated_amount=allocated_amount,
            id=id,
            in_force=in_force,
            name=name,
            pob_type=pob_type,
            recognition=recognition,
            standalone_selling_price=standalone_selling_price,
            timing=timing,
            awaiting_delivery=awaiting_delivery,
            delivery_date=delivery_date,
            percent_complete=percent_complete,
            prepaid_credits=prepaid_credits,
            service_end=service_end,
            service_start=service_start,
            stated_price=stated_price,
            usage_pricing=usage_pricing,
        )


        performance_obligation.additional_properties = d
        return performance_obligation

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
