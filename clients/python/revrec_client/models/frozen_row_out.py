from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FrozenRowOut")



@_attrs_define
class FrozenRowOut:
    """ 
        Attributes:
            billed (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_asset_change (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            contract_asset_earned (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            customer_credit_change (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00
                USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            invoiced (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            paid (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            period (str):
            pob_type (str):
            recognized (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            recognized_from_opening_deferred (Decimal): An exact amount written with exactly the currency's minor-unit
                decimals (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rpo_change (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            rpo_next_12_months (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            timing (str):
            corrects (None | str | Unset):
     """

    billed: Decimal
    contract_asset_change: Decimal
    contract_asset_earned: Decimal
    customer_credit_change: Decimal
    invoiced: Decimal
    paid: Decimal
    period: str
    pob_type: str
    recognized: Decimal
    recognized_from_opening_deferred: Decimal
    rpo_change: Decimal
    rpo_next_12_months: Decimal
    timing: str
    corrects: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        billed = self.billed

        contract_asset_change = self.contract_asset_change

        contract_asset_earned = self.contract_asset_earned

        customer_credit_change = self.customer_credit_change

        invoiced = self.invoiced

        paid = self.paid

        period = self.period

        pob_type = self.pob_type

        recognized = self.recognized

        recognized_from_opening_deferred = self.recognized_from_opening_deferred

        rpo_change = self.rpo_change

        rpo_next_12_months = self.rpo_next_12_months

        timing = self.timing

        corrects: None | str | Unset
        if isinstance(self.corrects, Unset):
            corrects = UNSET
        else:
            corrects = self.corrects


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "billed": billed,
            "contract_asset_change": contract_asset_change,
            "contract_asset_earned": contract_asset_earned,
            "customer_credit_change": customer_credit_change,
            "invoiced": invoiced,
            "paid": paid,
            "period": period,
            "pob_type": pob_type,
            "recognized": recognized,
            "recognized_from_opening_deferred": recognized_from_opening_deferred,
            "rpo_change": rpo_change,
            "rpo_next_12_months": rpo_next_12_months,
            "timing": timing,
        })
        if corrects is not UNSET:
            field_dict["corrects"] = corrects

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        billed = Decimal(d.pop("billed"))




        contract_asset_change = Decimal(d.pop("contract_asset_change"))




        contract_asset_earned = Decimal(d.pop("contract_asset_earned"))




        customer_credit_change = Decimal(d.pop("customer_credit_change"))




        invoiced = Decimal(d.pop("invoiced"))




        paid = Decimal(d.pop("paid"))




        period = d.pop("period")

        pob_type = d.pop("pob_type")

        recognized = Decimal(d.pop("recognized"))




        recognized_from_opening_deferred = Decimal(d.pop("recognized_from_opening_deferred"))




        rpo_change = Decimal(d.pop("rpo_change"))




        rpo_next_12_months = Decimal(d.pop("rpo_next_12_months"))




        timing = d.pop("timing")

        def _parse_corrects(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        corrects = _parse_corrects(d.pop("corrects", UNSET))


        frozen_row_out = cls(
            billed=billed,
            contract_asset_change=contract_asset_change,
            contract_asset_earned=contract_asset_earned,
            customer_credit_change=customer_credit_change,
            invoiced=invoiced,
            paid=paid,
            period=period,
            pob_type=pob_type,
            recognized=recognized,
            recognized_from_opening_deferred=recognized_from_opening_deferred,
            rpo_change=rpo_change,
            rpo_next_12_months=rpo_next_12_months,
            timing=timing,
            corrects=corrects,
        )


        frozen_row_out.additional_properties = d
        return frozen_row_out

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
