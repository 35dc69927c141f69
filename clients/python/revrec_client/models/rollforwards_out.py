from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rollforward_out import RollforwardOut





T = TypeVar("T", bound="RollforwardsOut")



@_attrs_define
class RollforwardsOut:
    """ Deferred revenue, contract assets and receivables from the month before the period to
    its end.

        Attributes:
            contract_assets (RollforwardOut): `opening` + each movement + `corrections` = `closing`.
            deferred_revenue (RollforwardOut): `opening` + each movement + `corrections` = `closing`.
            receivables (RollforwardOut): `opening` + each movement + `corrections` = `closing`.
     """

    contract_assets: RollforwardOut
    deferred_revenue: RollforwardOut
    receivables: RollforwardOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rollforward_out import RollforwardOut # noqa: PLC0415
        contract_assets = self.contract_assets.to_dict()

        deferred_revenue = self.deferred_revenue.to_dict()

        receivables = self.receivables.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract_assets": contract_assets,
            "deferred_revenue": deferred_revenue,
            "receivables": receivables,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rollforward_out import RollforwardOut # noqa: PLC0415
        d = dict(src_dict)
        contract_assets = RollforwardOut.from_dict(d.pop("contract_assets"))




        deferred_revenue = RollforwardOut.from_dict(d.pop("deferred_revenue"))




        receivables = RollforwardOut.from_dict(d.pop("receivables"))




        rollforwards_out = cls(
            contract_assets=contract_assets,
            deferred_revenue=deferred_revenue,
            receivables=receivables,
        )


        rollforwards_out.additional_properties = d
        return rollforwards_out

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
