from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.method_terms import MethodTerms
  from ..models.payment_intent_plan_rates import PaymentIntentPlanRates
  from ..models.payment_intent_plans import PaymentIntentPlans
  from ..models.payment_intent_prices import PaymentIntentPrices
  from ..models.payment_intent_rates import PaymentIntentRates





T = TypeVar("T", bound="PaymentIntent")



@_attrs_define
class PaymentIntent:
    """ The published payment terms (MPP, docs/payments.md).

        Attributes:
            challenge_url (str):
            credential_header (str): `Payment-Authorization`.
            currency (str): `USD`: the currency prices are set in.
            intent (str): `charge`.
            merchant (str):
            methods (list[MethodTerms]):
            plan_rates (PaymentIntentPlanRates): Every plan's USD price per priced call (plan → route → USD); `prices` has
                the same
                and the methods' amounts.
            plans (PaymentIntentPlans): Monthly plan prices, USD.
            priced_routes (list[str]): The calls that can carry a price (`METHOD path`), on both surfaces.
            prices (PaymentIntentPrices): What a caller of each plan pays per priced call: plan → route → price, in USD and
                in each payment method's unit. What a 402 charges is exactly this.
            protocol (str): `mpp/1.0`.
            rates (PaymentIntentRates): The sandbox (free) plan's prices only, kept for older clients: read `prices`.
            supported_methods (list[str]): The payment methods, in challenge order.
     """

    challenge_url: str
    credential_header: str
    currency: str
    intent: str
    merchant: str
    methods: list[MethodTerms]
    plan_rates: PaymentIntentPlanRates
    plans: PaymentIntentPlans
    priced_routes: list[str]
    prices: PaymentIntentPrices
    protocol: str
    rates: PaymentIntentRates
    supported_methods: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.method_terms import MethodTerms # noqa: PLC0415
        from ..models.payment_intent_plan_rates import PaymentIntentPlanRates # noqa: PLC0415
        from ..models.payment_intent_plans import PaymentIntentPlans # noqa: PLC0415
        from ..models.payment_intent_prices import PaymentIntentPrices # noqa: PLC0415
        from ..models.payment_intent_rates import PaymentIntentRates # noqa: PLC0415
        challenge_url = self.challenge_url

        credential_header = self.credential_header

        currency = self.currency

        intent = self.intent

        merchant = self.merchant

        methods = []
        for methods_item_data in self.methods:
            methods_item = methods_item_data.to_dict()
            methods.append(methods_item)



        plan_rates = self.plan_rates.to_dict()

        plans = self.plans.to_dict()

        priced_routes = self.priced_routes



        prices = self.prices.to_dict()

        protocol = self.protocol

        rates = self.rates.to_dict()

        supported_methods = self.supported_methods




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge_url": challenge_url,
            "credential_header": credential_header,
            "currency": currency,
            "intent": intent,
            "merchant": merchant,
            "methods": methods,
            "plan_rates": plan_rates,
            "plans": plans,
            "priced_routes": priced_routes,
            "prices": prices,
            "protocol": protocol,
            "rates": rates,
            "supported_methods": supported_methods,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.method_terms import MethodTerms # noqa: PLC0415
        from ..models.payment_intent_plan_rates import PaymentIntentPlanRates # noqa: PLC0415
        from ..models.payment_intent_plans import PaymentIntentPlans # noqa: PLC0415
        from ..models.payment_intent_prices import PaymentIntentPrices # noqa: PLC0415
        from ..models.payment_intent_rates import PaymentIntentRates # noqa: PLC0415
        d = dict(src_dict)
        challenge_url = d.pop("challenge_url")

        credential_header = d.pop("credential_header")

        currency = d.pop("currency")

        intent = d.pop("intent")

        merchant = d.pop("merchant")

        methods = []
        _methods = d.pop("methods")
        for methods_item_data in (_methods):
            methods_item = MethodTerms.from_dict(methods_item_data)



            methods.append(methods_item)


        plan_rates = PaymentIntentPlanRates.from_dict(d.pop("plan_rates"))




        plans = PaymentIntentPlans.from_dict(d.pop("plans"))




        priced_routes = cast(list[str], d.pop("priced_routes"))


        prices = PaymentIntentPrices.from_dict(d.pop("prices"))




        protocol = d.pop("protocol")

        rates = PaymentIntentRates.from_dict(d.pop("rates"))




        supported_methods = cast(list[str], d.pop("supported_methods"))


        payment_intent = cls(
            challenge_url=challenge_url,
            credential_header=credential_header,
            currency=currency,
            intent=intent,
            merchant=merchant,
            methods=methods,
            plan_rates=plan_rates,
            plans=plans,
            priced_routes=priced_routes,
            prices=prices,
            protocol=protocol,
            rates=rates,
            supported_methods=supported_methods,
        )


        payment_intent.additional_properties = d
        return payment_intent

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
