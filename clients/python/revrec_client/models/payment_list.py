from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.received_payment import ReceivedPayment





T = TypeVar("T", bound="PaymentList")



@_attrs_define
class PaymentList:
    """ The answer to `GET /v1/contracts/{id}/payments`: the cash the contract received, in the
    order it was recorded.

        Attributes:
            contract_id (str):
            currency (str):  Example: USD.
            data (list[ReceivedPayment]):
     """

    contract_id: str
    currency: str
    data: list[ReceivedPayment]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.received_payment import ReceivedPayment # noqa: PLC0415
        contract_id = self.contract_id

        currency = self.currency

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_id": contract_id,
            "currency": currency,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.received_payment import ReceivedPayment # noqa: PLC0415
        d = dict(src_dict)
        contract_id = d.pop("contract_id")

        currency = d.pop("currency")

        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = ReceivedPayment.from_dict(data_item_data)



            data.append(data_item)


        payment_list = cls(
            contract_id=contract_id,
            currency=currency,
            data=data,
        )


        payment_list.additional_properties = d
        return payment_list

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
