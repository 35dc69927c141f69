from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.obligation_out import ObligationOut





T = TypeVar("T", bound="TermsOut")



@_attrs_define
class TermsOut:
    """ 
        Attributes:
            convention (str):
            currency (str):
            customer_name (str):
            end_date (str):
            obligations (list[ObligationOut]):
            signed_date (str):
            start_date (str):
            transaction_price (str):  Example: 500.00.
     """

    convention: str
    currency: str
    customer_name: str
    end_date: str
    obligations: list[ObligationOut]
    signed_date: str
    start_date: str
    transaction_price: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.obligation_out import ObligationOut # noqa: PLC0415
        convention = self.convention

        currency = self.currency

        customer_name = self.customer_name

        end_date = self.end_date

        obligations = []
        for obligations_item_data in self.obligations:
            obligations_item = obligations_item_data.to_dict()
            obligations.append(obligations_item)



        signed_date = self.signed_date

        start_date = self.start_date

        transaction_price = self.transaction_price


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "convention": convention,
            "currency": currency,
            "customer_name": customer_name,
            "end_date": end_date,
            "obligations": obligations,
            "signed_date": signed_date,
            "start_date": start_date,
            "transaction_price": transaction_price,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.obligation_out import ObligationOut # noqa: PLC0415
        d = dict(src_dict)
        convention = d.pop("convention")

        currency = d.pop("currency")

        customer_name = d.pop("customer_name")

        end_date = d.pop("end_date")

        obligations = []
        _obligations = d.pop("obligations")
        for obligations_item_data in (_obligations):
            obligations_item = ObligationOut.from_dict(obligations_item_data)



            obligations.append(obligations_item)


        signed_date = d.pop("signed_date")

        start_date = d.pop("start_date")

        transaction_price = d.pop("transaction_price")

        terms_out = cls(
            convention=convention,
            currency=currency,
            customer_name=customer_name,
            end_date=end_date,
            obligations=obligations,
            signed_date=signed_date,
            start_date=start_date,
            transaction_price=transaction_price,
        )


        terms_out.additional_properties = d
        return terms_out

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
