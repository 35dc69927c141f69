from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fact_out_type_0_kind import FactOutType0Kind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FactOutType0")



@_attrs_define
class FactOutType0:
    """ 
        Attributes:
            contract_id (str):
            created_at (str):
            currency (str):
            customer_id (str):
            kind (FactOutType0Kind):
            restatements_in_place (int):
            contract_number (None | str | Unset):
            parent_contract_id (None | str | Unset):
            restated_in_place (None | str | Unset):
     """

    contract_id: str
    created_at: str
    currency: str
    customer_id: str
    kind: FactOutType0Kind
    restatements_in_place: int
    contract_number: None | str | Unset = UNSET
    parent_contract_id: None | str | Unset = UNSET
    restated_in_place: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        contract_id = self.contract_id

        created_at = self.created_at

        currency = self.currency

        customer_id = self.customer_id

        kind = self.kind.value

        restatements_in_place = self.restatements_in_place

        contract_number: None | str | Unset
        if isinstance(self.contract_number, Unset):
            contract_number = UNSET
        else:
            contract_number = self.contract_number

        parent_contract_id: None | str | Unset
        if isinstance(self.parent_contract_id, Unset):
            parent_contract_id = UNSET
        else:
            parent_contract_id = self.parent_contract_id

        restated_in_place: None | str | Unset
        if isinstance(self.restated_in_place, Unset):
            restated_in_place = UNSET
        else:
            restated_in_place = self.restated_in_place


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_id": contract_id,
            "created_at": created_at,
            "currency": currency,
            "customer_id": customer_id,
            "kind": kind,
            "restatements_in_place": restatements_in_place,
        })
        if contract_number is not UNSET:
            field_dict["contract_number"] = contract_number
        if parent_contract_id is not UNSET:
            field_dict["parent_contract_id"] = parent_contract_id
        if restated_in_place is not UNSET:
            field_dict["restated_in_place"] = restated_in_place

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contract_id = d.pop("contract_id")

        created_at = d.pop("created_at")

        currency = d.pop("currency")

        customer_id = d.pop("customer_id")

        kind = FactOutType0Kind(d.pop("kind"))




        restatements_in_place = d.pop("restatements_in_place")

        def _parse_contract_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contract_number = _parse_contract_number(d.pop("contract_number", UNSET))


        def _parse_parent_contract_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        parent_contract_id = _parse_parent_contract_id(d.pop("parent_contract_id", UNSET))


        def _parse_restated_in_place(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        restated_in_place = _parse_restated_in_place(d.pop("restated_in_place", UNSET))


        fact_out_type_0 = cls(
            contract_id=contract_id,
            created_at=created_at,
            currency=currency,
            customer_id=customer_id,
            kind=kind,
            restatements_in_place=restatements_in_place,
            contract_number=contract_number,
            parent_contract_id=parent_contract_id,
            restated_in_place=restated_in_place,
        )


        fact_out_type_0.additional_properties = d
        return fact_out_type_0

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
