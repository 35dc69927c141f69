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
  from ..models.component_allocation_input import ComponentAllocationInput
  from ..models.scenario_input import ScenarioInput





T = TypeVar("T", bound="VariableComponentInput")



@_attrs_define
class VariableComponentInput:
    """ A component of the price that depends on what happens (ASC 606-10-32-5..14).

        Attributes:
            id (str): Unique within the contract; estimates name it. Example: uptime_bonus.
            included_amount (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more
                decimals than the currency allows (SSP: up to 6).
            kind (VariableKindName):
            method (EstimateMethodName):
            allocation (ComponentAllocationInput | None | Unset):
            rationale (None | str | Unset): Why the constraint includes what it does: the preparer's judgement, for the
                auditor.
            scenarios (list[ScenarioInput] | None | Unset): The outcomes and their probabilities (exact decimals summing to
                1); the estimate is
                computed exactly and echoed.
     """

    id: str
    included_amount: Decimal | str
    kind: VariableKindName
    method: EstimateMethodName
    allocation: ComponentAllocationInput | None | Unset = UNSET
    rationale: None | str | Unset = UNSET
    scenarios: list[ScenarioInput] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.component_allocation_input import ComponentAllocationInput # noqa: PLC0415
        from ..models.scenario_input import ScenarioInput # noqa: PLC0415
        id = self.id

        included_amount: Decimal | str
        included_amount = self.included_amount

        kind = self.kind.value

        method = self.method.value

        allocation: dict[str, Any] | None | Unset
        if isinstance(self.allocation, Unset):
            allocation = UNSET
        elif isinstance(self.allocation, ComponentAllocationInput):
            allocation = self.allocation.to_dict()
        else:
            allocation = self.allocation

        rationale: None | str | Unset
        if isinstance(self.rationale, Unset):
            rationale = UNSET
        else:
            rationale = self.rationale

        scenarios: list[dict[str, Any]] | None | Unset
        if isinstance(self.scenarios, Unset):
            scenarios = UNSET
        elif isinstance(self.scenarios, list):
            scenarios = []
            for scenarios_type_0_item_data in self.scenarios:
                scenarios_type_0_item = scenarios_type_0_item_data.to_dict()
                scenarios.append(scenarios_type_0_item)


        else:
            scenarios = self.scenarios


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "included_amount": included_amount,
            "kind": kind,
            "method": method,
        })
        if allocation is not UNSET:
            field_dict["allocation"] = allocation
        if rationale is not UNSET:
            field_dict["rationale"] = rationale
        if scenarios is not UNSET:
            field_dict["scenarios"] = scenarios

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.component_allocation_input import ComponentAllocationInput # noqa: PLC0415
        from ..models.scenario_input import ScenarioInput # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_included_amount(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        included_amount = _parse_included_amount(d.pop("included_amount"))


        kind = VariableKindName(d.pop("kind"))




        method = EstimateMethodName(d.pop("method"))




        def _parse_allocation(data: object) -> ComponentAllocationInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                allocation_type_1 = ComponentAllocationInput.from_dict(data)



                return allocation_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComponentAllocationInput | None | Unset, data)

        allocation = _parse_allocation(d.pop("allocation", UNSET))


        def _parse_rationale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rationale = _parse_rationale(d.pop("rationale", UNSET))


        def _parse_scenarios(data: object) -> list[ScenarioInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scenarios_type_0 = []
                _scenarios_type_0 = data
                for scenarios_type_0_item_data in (_scenarios_type_0):
                    scenarios_type_0_item = ScenarioInput.from_dict(scenarios_type_0_item_data)



                    scenarios_type_0.append(scenarios_type_0_item)

                return scenarios_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ScenarioInput] | None | Unset, data)

        scenarios = _parse_scenarios(d.pop("scenarios", UNSET))


        variable_component_input = cls(
            id=id,
            included_amount=included_amount,
            kind=kind,
            method=method,
            allocation=allocation,
            rationale=rationale,
            scenarios=scenarios,
        )

        return variable_component_input

