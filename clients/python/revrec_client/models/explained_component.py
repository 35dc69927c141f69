from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.explained_component_share import ExplainedComponentShare





T = TypeVar("T", bound="ExplainedComponent")



@_attrs_define
class ExplainedComponent:
    """ A variable component, step by step: its estimate, the constraint, its allocation.

        Attributes:
            id (str):
            included_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            kind (str):
            method (str):
            scope (str): `all`, `obligations` or `period`.
            shares (list[ExplainedComponentShare]): What it gave each obligation (none for `all`: it is part of
                `allocation`).
            text (str):
            estimate (None | str | Unset): Exact: the currency's decimals and six more. Absent without scenarios.
     """

    id: str
    included_amount: Decimal
    kind: str
    method: str
    scope: str
    shares: list[ExplainedComponentShare]
    text: str
    estimate: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.explained_component_share import ExplainedComponentShare # noqa: PLC0415
        id = self.id

        included_amount = self.included_amount

        kind = self.kind

        method = self.method

        scope = self.scope

        shares = []
        for shares_item_data in self.shares:
            shares_item = shares_item_data.to_dict()
            shares.append(shares_item)



        text = self.text

        estimate: None | str | Unset
        if isinstance(self.estimate, Unset):
            estimate = UNSET
        else:
            estimate = self.estimate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "included_amount": included_amount,
            "kind": kind,
            "method": method,
            "scope": scope,
            "shares": shares,
            "text": text,
        })
        if estimate is not UNSET:
            field_dict["estimate"] = estimate

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explained_component_share import ExplainedComponentShare # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        included_amount = Decimal(d.pop("included_amount"))




        kind = d.pop("kind")

        method = d.pop("method")

        scope = d.pop("scope")

        shares = []
        _shares = d.pop("shares")
        for shares_item_data in (_shares):
            shares_item = ExplainedComponentShare.from_dict(shares_item_data)



            shares.append(shares_item)


        text = d.pop("text")

        def _parse_estimate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        estimate = _parse_estimate(d.pop("estimate", UNSET))


        explained_component = cls(
            id=id,
            included_amount=included_amount,
            kind=kind,
            method=method,
            scope=scope,
            shares=shares,
            text=text,
            estimate=estimate,
        )


        explained_component.additional_properties = d
        return explained_component

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
