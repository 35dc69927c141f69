from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ContractReconciliationOut")



@_attrs_define
class ContractReconciliationOut:
    """ 
        Attributes:
            billed (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            billed_to_date (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_asset (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_id (str):
            customer_name (str):
            deferred_revenue (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            receivable (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            recognized (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            recognized_to_date (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
     """

    billed: Decimal
    billed_to_date: Decimal
    contract_asset: Decimal
    contract_id: str
    customer_name: str
    deferred_revenue: Decimal
    receivable: Decimal
    recognized: Decimal
    recognized_to_date: Decimal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        billed = self.billed

        billed_to_date = self.billed_to_date

        contract_asset = self.contract_asset

        contract_id = self.contract_id

        customer_name = self.customer_name

        deferred_revenue = self.deferred_revenue

        receivable = self.receivable

        recognized = self.recognized

        recognized_to_date = self.recognized_to_date


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "billed": billed,
            "billed_to_date": billed_to_date,
            "contract_asset": contract_asset,
            "contract_id": contract_id,
            "customer_name": customer_name,
            "deferred_revenue": deferred_revenue,
            "receivable": receivable,
            "recognized": recognized,
            "recognized_to_date": recognized_to_date,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        billed = Decimal(d.pop("billed"))




        billed_to_date = Decimal(d.pop("billed_to_date"))




        contract_asset = Decimal(d.pop("contract_asset"))




        contract_id = d.pop("contract_id")

        customer_name = d.pop("customer_name")

        deferred_revenue = Decimal(d.pop("deferred_revenue"))




        receivable = Decimal(d.pop("receivable"))




        recognized = Decimal(d.pop("recognized"))




        recognized_to_date = Decimal(d.pop("recognized_to_date"))




        contract_reconciliation_out = cls(
            billed=billed,
            billed_to_date=billed_to_date,
            contract_asset=contract_asset,
            contract_id=contract_id,
            customer_name=customer_name,
            deferred_revenue=deferred_revenue,
            receivable=receivable,
            recognized=recognized,
            recognized_to_date=recognized_to_date,
        )


        contract_reconciliation_out.additional_properties = d
        return contract_reconciliation_out

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
