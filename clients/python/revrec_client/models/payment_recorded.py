from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.contract import Contract
  from ..models.payment_out import PaymentOut





T = TypeVar("T", bound="PaymentRecorded")



@_attrs_define
class PaymentRecorded:
    """ The answer to `POST /v1/contracts/{id}/payments`: the payment and the contract that
    received it.

        Attributes:
            contract (Contract): A contract. The first six fields are the spec's `Contract`; the rest are extensions.
            payment (PaymentOut): A payment as recorded.
     """

    contract: Contract
    payment: PaymentOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.payment_out import PaymentOut # noqa: PLC0415
        contract = self.contract.to_dict()

        payment = self.payment.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract": contract,
            "payment": payment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.payment_out import PaymentOut # noqa: PLC0415
        d = dict(src_dict)
        contract = Contract.from_dict(d.pop("contract"))




        payment = PaymentOut.from_dict(d.pop("payment"))




        payment_recorded = cls(
            contract=contract,
            payment=payment,
        )


        payment_recorded.additional_properties = d
        return payment_recorded

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
