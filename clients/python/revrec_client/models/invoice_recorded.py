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
  from ..models.invoice_out import InvoiceOut





T = TypeVar("T", bound="InvoiceRecorded")



@_attrs_define
class InvoiceRecorded:
    """ The answer to `POST /v1/contracts/{id}/invoices`: the invoice and the contract billed by it.

        Attributes:
            contract (Contract): A contract. The first six fields are the spec's `Contract`; the rest are extensions.
            invoice (InvoiceOut): An invoice as recorded.
     """

    contract: Contract
    invoice: InvoiceOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.invoice_out import InvoiceOut # noqa: PLC0415
        contract = self.contract.to_dict()

        invoice = self.invoice.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract": contract,
            "invoice": invoice,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.invoice_out import InvoiceOut # noqa: PLC0415
        d = dict(src_dict)
        contract = Contract.from_dict(d.pop("contract"))




        invoice = InvoiceOut.from_dict(d.pop("invoice"))




        invoice_recorded = cls(
            contract=contract,
            invoice=invoice,
        )


        invoice_recorded.additional_properties = d
        return invoice_recorded

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
