from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="JournalLineView")



@_attrs_define
class JournalLineView:
    """ One line of an entry: a debit or a credit to one account.

        Attributes:
            account_code (str):  Example: 2400.
            account_name (str):  Example: Deferred Revenue.
            contract_id (str):
            credit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            debit (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY,
                1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            memo (str):
            corrects_period (str | Unset): The closed month this line corrects (`YYYY-MM`): a change made after that month
                closed, booked in the first open month (docs/ledger.md). Absent on a month's own
                lines. Example: 2026-02.
            pob_id (None | str | Unset): The performance obligation (empty on the receivable line, which covers them all).
            pob_type (None | str | Unset):
     """

    account_code: str
    account_name: str
    contract_id: str
    credit: Decimal
    debit: Decimal
    memo: str
    corrects_period: str | Unset = UNSET
    pob_id: None | str | Unset = UNSET
    pob_type: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_code = self.account_code

        account_name = self.account_name

        contract_id = self.contract_id

        credit = self.credit

        debit = self.debit

        memo = self.memo

        corrects_period = self.corrects_period

        pob_id: None | str | Unset
        if isinstance(self.pob_id, Unset):
            pob_id = UNSET
        else:
            pob_id = self.pob_id

        pob_type: None | str | Unset
        if isinstance(self.pob_type, Unset):
            pob_type = UNSET
        else:
            pob_type = self.pob_type


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account_code": account_code,
            "account_name": account_name,
            "contract_id": contract_id,
            "credit": credit,
            "debit": debit,
            "memo": memo,
        })
        if corrects_period is not UNSET:
            field_dict["corrects_period"] = corrects_period
        if pob_id is not UNSET:
            field_dict["pob_id"] = pob_id
        if pob_type is not UNSET:
            field_dict["pob_type"] = pob_type

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_code = d.pop("account_code")

        account_name = d.pop("account_name")

        contract_id = d.pop("contract_id")

        credit = Decimal(d.pop("credit"))




        debit = Decimal(d.pop("debit"))




        memo = d.pop("memo")

        corrects_period = d.pop("corrects_period", UNSET)

        def _parse_pob_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pob_id = _parse_pob_id(d.pop("pob_id", UNSET))


        def _parse_pob_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pob_type = _parse_pob_type(d.pop("pob_type", UNSET))


        journal_line_view = cls(
            account_code=account_code,
            account_name=account_name,
            contract_id=contract_id,
            credit=credit,
            debit=debit,
            memo=memo,
            corrects_period=corrects_period,
            pob_id=pob_id,
            pob_type=pob_type,
        )


        journal_line_view.additional_properties = d
        return journal_line_view

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
