from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.estimate_method_name import EstimateMethodName
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.scenario_input import ScenarioInput





T = TypeVar("T", bound="EstimateInput")



@_attrs_define
class EstimateInput:
    """ Body of `POST /v1/contracts/{id}/estimates`: a variable component's new estimate
    (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
    (`obligation_id` with `expected_usage`).

        Attributes:
            as_of (datetime.date): The day the new estimate takes effect, in an open month: its month carries the
                cumulative catch-up. Example: 2026-07-01.
            component_id (None | str | Unset): The component's `id` (a component's estimate). Example: uptime_bonus.
            expected_usage (Decimal | None | str | Unset):
            included_amount (Decimal | None | str | Unset):
            method (EstimateMethodName | None | Unset):
            obligation_id (None | str | Unset): A prepaid credits line's obligation id (`pob_…`): its expected usage is
                revised. Example: pob_01h8.
            scenarios (list[ScenarioInput] | None | Unset): New scenarios; default the component's own.
     """

    as_of: datetime.date
    component_id: None | str | Unset = UNSET
    expected_usage: Decimal | None | str | Unset = UNSET
    included_amount: Decimal | None | str | Unset = UNSET
    method: EstimateMethodName | None | Unset = UNSET
    obligation_id: None | str | Unset = UNSET
    scenarios: list[ScenarioInput] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.scenario_input import ScenarioInput # noqa: PLC0415
        as_of = self.as_of.isoformat()

        component_id: None | str | Unset
        if isinstance(self.component_id, Unset):
            component_id = UNSET
        else:
            component_id = self.component_id

        expected_usage: Decimal | None | str | Unset
        if isinstance(self.expected_usage, Unset):
            expected_usage = UNSET
        else:
            expected_usage = self.expected_usage

        included_amount: Decimal | None | str | Unset
        if isinstance(self.included_amount, Unset):
            included_amount = UNSET
        else:
            included_amount = self.included_amount

        method: None | str | Unset
        if isinstance(self.method, Unset):
            method = UNSET
        elif isinstance(self.method, EstimateMethodName):
            method = self.method.value
        else:
            method = self.method

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id

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
            "as_of": as_of,
        })
        if component_id is not UNSET:
            field_dict["component_id"] = component_id
        if expected_usage is not UNSET:
            field_dict["expected_usage"] = expected_usage
        if included_amount is not UNSET:
            field_dict["included_amount"] = included_amount
        if method is not UNSET:
            field_dict["method"] = method
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id
        if scenarios is not UNSET:
            field_dict["scenarios"] = scenarios

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scenario_input import ScenarioInput # noqa: PLC0415
        d = dict(src_dict)
        as_of = datetime.date.fromisoformat(d.pop("as_of"))




        def _parse_component_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        component_id = _parse_component_id(d.pop("component_id", UNSET))


        def _parse_expected_usage(data: object) -> Decimal | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | str | Unset, data)

        expected_usage = _parse_expected_usage(d.pop("expected_usage", UNSET))


        def _parse_included_amount(data: object) -> Decimal | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | None | str | Unset, data)

        included_amount = _parse_included_amount(d.pop("included_amount", UNSET))


        def _parse_method(data: object) -> EstimateMethodName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                method_type_1 = EstimateMethodName(data)



                return method_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EstimateMethodName | None | Unset, data)

        method = _parse_method(d.pop("method", UNSET))


        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


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


        estimate_input = cls(
            as_of=as_of,
            component_id=component_id,
            expected_usage=expected_usage,
            included_amount=included_amount,
            method=method,
            obligation_id=obligation_id,
            scenarios=scenarios,
        )

        return estimate_input

