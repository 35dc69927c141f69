from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.estimate_method_name import EstimateMethodName
from ..models.variable_kind_name import VariableKindName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.component_allocation_out import ComponentAllocationOut
  from ..models.scenario_out import ScenarioOut





T = TypeVar("T", bound="VariableComponentOut")



@_attrs_define
class VariableComponentOut:
    """ A component as the contract holds it, with its estimate.

        Attributes:
            allocation (ComponentAllocationOut):
            id (str):
            included_amount (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD,
                12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            kind (VariableKindName):
            method (EstimateMethodName):
            scenarios (list[ScenarioOut]):
            estimate (None | str | Unset): The estimate of `scenarios` by `method`, exact: the currency's decimals and six
                more
                (an expected value is a whole number of millionths of a minor unit). Absent without
                scenarios. Example: 24000.00000000.
            rationale (None | str | Unset):
     """

    allocation: ComponentAllocationOut
    id: str
    included_amount: Decimal
    kind: VariableKindName
    method: EstimateMethodName
    scenarios: list[ScenarioOut]
    estimate: None | str | Unset = UNSET
    rationale: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.component_allocation_out import ComponentAllocationOut # noqa: PLC0415
        from ..models.scenario_out import ScenarioOut # noqa: PLC0415
        allocation = self.allocation.to_dict()

        id = self.id

        included_amount = self.included_amount

        kind = self.kind.value

        method = self.method.value

        scenarios = []
        for scenarios_item_data in self.scenarios:
            scenarios_item = scenarios_item_data.to_dict()
            scenarios.append(scenarios_item)



        estimate: None | str | Unset
        if isinstance(self.estimate, Unset):
            estimate = UNSET
        else:
            estimate = self.estimate

        rationale: None | str | Unset
        if isinstance(self.rationale, Unset):
            rationale = UNSET
        else:
            rationale = self.rationale


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allocation": allocation,
            "id": id,
            "included_amount": included_amount,
            "kind": kind,
            "method": method,
            "scenarios": scenarios,
        })
        if estimate is not UNSET:
            field_dict["estimate"] = estimate
        if rationale is not UNSET:
            field_dict["rationale"] = rationale

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.component_allocation_out import ComponentAllocationOut # noqa: PLC0415
        from ..models.scenario_out import ScenarioOut # noqa: PLC0415
        d = dict(src_dict)
        allocation = ComponentAllocationOut.from_dict(d.pop("allocation"))




        id = d.pop("id")

        included_amount = Decimal(d.pop("included_amount"))




        kind = VariableKindName(d.pop("kind"))




        method = EstimateMethodName(d.pop("method"))




        scenarios = []
        _scenarios = d.pop("scenarios")
        for scenarios_item_data in (_scenarios):
            scenarios_item = ScenarioOut.from_dict(scenarios_item_data)



            scenarios.append(scenarios_item)


        def _parse_estimate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        estimate = _parse_estimate(d.pop("estimate", UNSET))


        def _parse_rationale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rationale = _parse_rationale(d.pop("rationale", UNSET))


        variable_component_out = cls(
            allocation=allocation,
            id=id,
            included_amount=included_amount,
            kind=kind,
            method=method,
            scenarios=scenarios,
            estimate=estimate,
            rationale=rationale,
        )


        variable_component_out.additional_properties = d
        return variable_component_out

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
