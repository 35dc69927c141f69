from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.contract_status_name import ContractStatusName
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.contract_version import ContractVersion
  from ..models.invoice_out import InvoiceOut
  from ..models.performance_obligation import PerformanceObligation
  from ..models.variable_component_out import VariableComponentOut





T = TypeVar("T", bound="Contract")



@_attrs_define
class Contract:
    """ A contract. The first six fields are the spec's `Contract`; the rest are extensions.

        Attributes:
            created_at (datetime.datetime):
            currency (str):
            customer_id (str):
            customer_name (str):
            end_date (datetime.date):
            id (str):  Example: ctr_01jdx8p3yq4g6bqk2v7hzt0w5n.
            start_date (datetime.date):
            status (ContractStatusName):
            total_value (Decimal): An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500
                JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).
            updated_at (datetime.datetime):
            version (int): The version shown (1 for a new contract; each modification adds one).
            billing_schedule (list[InvoiceOut] | Unset): The invoices that bill the contract, by date; left out when it has
                none (it is then
                billed at its start).
            contract_number (None | str | Unset):
            parent_contract_id (None | str | Unset): The contract this one was split from by a `separate_contract`
                modification.
            performance_obligations (list[PerformanceObligation] | None | Unset): Present on single-contract responses.
            recognition_convention (None | str | Unset):
            signed_date (datetime.date | None | Unset):
            terminated_on (datetime.date | None | Unset):
            variable_consideration (list[VariableComponentOut] | Unset): The variable components of the version shown, each
                with its estimate; left out when
                the price is fixed.
            version_effect (ContractVersion | None | Unset):
     """

    created_at: datetime.datetime
    currency: str
    customer_id: str
    customer_name: str
    end_date: datetime.date
    id: str
    start_date: datetime.date
    status: ContractStatusName
    total_value: Decimal
    updated_at: datetime.datetime
    version: int
    billing_schedule: list[InvoiceOut] | Unset = UNSET
    contract_number: None | str | Unset = UNSET
    parent_contract_id: None | str | Unset = UNSET
    performance_obligations: list[PerformanceObligation] | None | Unset = UNSET
    recognition_convention: None | str | Unset = UNSET
    signed_date: datetime.date | None | Unset = UNSET
    terminated_on: datetime.date | None | Unset = UNSET
    variable_consideration: list[VariableComponentOut] | Unset = UNSET
    version_effect: ContractVersion | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract_version import ContractVersion # noqa: PLC0415
        from ..models.invoice_out import InvoiceOut # noqa: PLC0415
        from ..models.performance_obligation import PerformanceObligation # noqa: PLC0415
        from ..models.variable_component_out import VariableComponentOut # noqa: PLC0415
        created_at = self.created_at.isoformat()

        currency = self.currency

        customer_id = self.customer_id

        customer_name = self.customer_name

        end_date = self.end_date.isoformat()

        id = self.id

        start_date = self.start_date.isoformat()

        status = self.status.value

        total_value = self.total_value

        updated_at = self.updated_at.isoformat()

        version = self.version

        billing_schedule: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.billing_schedule, Unset):
            billing_schedule = []
            for billing_schedule_item_data in self.billing_schedule:
                billing_schedule_item = billing_schedule_item_data.to_dict()
                billing_schedule.append(billing_schedule_item)



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

        performance_obligations: list[dict[str, Any]] | None | Unset
        if isinstance(self.performance_obligations, Unset):
            performance_obligations = UNSET
        elif isinstance(self.performance_obligations, list):
            performance_obligations = []
            for performance_obligations_type_0_item_data in self.performance_obligations:
                performance_obligations_type_0_item = performance_obligations_type_0_item_data.to_dict()
                performance_obligations.append(performance_obligations_type_0_item)


        else:
            performance_obligations = self.performance_obligations

        recognition_convention: None | str | Unset
        if isinstance(self.recognition_convention, Unset):
            recognition_convention = UNSET
        else:
            recognition_convention = self.recognition_convention

        signed_date: None | str | Unset
        if isinstance(self.signed_date, Unset):
            signed_date = UNSET
        elif isinstance(self.signed_date, datetime.date):
            signed_date = self.signed_date.isoformat()
        else:
            signed_date = self.signed_date

        terminated_on: None | str | Unset
        if isinstance(self.terminated_on, Unset):
            terminated_on = UNSET
        elif isinstance(self.terminated_on, datetime.date):
            terminated_on = self.terminated_on.isoformat()
        else:
            terminated_on = self.terminated_on

        variable_consideration: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.variable_consideration, Unset):
            variable_consideration = []
            for variable_consideration_item_data in self.variable_consideration:
                variable_consideration_item = variable_consideration_item_data.to_dict()
                variable_consideration.append(variable_consideration_item)



        version_effect: dict[str, Any] | None | Unset
        if isinstance(self.version_effect, Unset):
            version_effect = UNSET
        elif isinstance(self.version_effect, ContractVersion):
            version_effect = self.version_effect.to_dict()
        else:
            version_effect = self.version_effect


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "currency": currency,
            "customer_id": customer_id,
            "customer_name": customer_name,
            "end_date": end_date,
            "id": id,
            "start_date": start_date,
            "status": status,
            "total_value": total_value,
            "updated_at": updated_at,
            "version": version,
        })
        if billing_schedule is not UNSET:
            field_dict["billing_schedule"] = billing_schedule
        if contract_number is not UNSET:
            field_dict["contract_number"] = contract_number
        if parent_contract_id is not UNSET:
            field_dict["parent_contract_id"] = parent_contract_id
        if performance_obligations is not UNSET:
            field_dict["performance_obligations"] = performance_obligations
        if recognition_convention is not UNSET:
            field_dict["recognition_convention"] = recognition_convention
        if signed_date is not UNSET:
            field_dict["signed_date"] = signed_date
        if terminated_on is not UNSET:
            field_dict["terminated_on"] = terminated_on
        if variable_consideration is not UNSET:
            field_dict["variable_consideration"] = variable_consideration
        if version_effect is not UNSET:
            field_dict["version_effect"] = version_effect

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract_version import ContractVersion # noqa: PLC0415
        from ..models.invoice_out import InvoiceOut # noqa: PLC0415
        from ..models.performance_obligation import PerformanceObligation # noqa: PLC0415
        from ..models.variable_component_out import VariableComponentOut # noqa: PLC0415
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        currency = d.pop("currency")

        customer_id = d.pop("customer_id")

        customer_name = d.pop("customer_name")

        end_date = datetime.date.fromisoformat(d.pop("end_date"))




        id = d.pop("id")

        start_date = datetime.date.fromisoformat(d.pop("start_date"))




        status = ContractStatusName(d.pop("status"))




        total_value = Decimal(d.pop("total_value"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        version = d.pop("version")

        _billing_schedule = d.pop("billing_schedule", UNSET)
        billing_schedule: list[InvoiceOut] | Unset = UNSET
        if _billing_schedule is not UNSET:
            billing_schedule = []
            for billing_schedule_item_data in _billing_schedule:
                billing_schedule_item = InvoiceOut.from_dict(billing_schedule_item_data)



                billing_schedule.append(billing_schedule_item)


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


        def _parse_performance_obligations(data: object) -> list[PerformanceObligation] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                performance_obligations_type_0 = []
                _performance_obligations_type_0 = data
                for performance_obligations_type_0_item_data in (_performance_obligations_type_0):
                    performance_obligations_type_0_item = PerformanceObligation.from_dict(performance_obligations_type_0_item_data)



                    performance_obligations_type_0.append(performance_obligations_type_0_item)

                return performance_obligations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PerformanceObligation] | None | Unset, data)

        performance_obligations = _parse_performance_obligations(d.pop("performance_obligations", UNSET))


        def _parse_recognition_convention(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recognition_convention = _parse_recognition_convention(d.pop("recognition_convention", UNSET))


        def _parse_signed_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signed_date_type_0 = datetime.date.fromisoformat(data)



                return signed_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        signed_date = _parse_signed_date(d.pop("signed_date", UNSET))


        def _parse_terminated_on(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                terminated_on_type_0 = datetime.date.fromisoformat(data)



                return terminated_on_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        terminated_on = _parse_terminated_on(d.pop("terminated_on", UNSET))


        _variable_consideration = d.pop("variable_consideration", UNSET)
        variable_consideration: list[VariableComponentOut] | Unset = UNSET
        if _variable_consideration is not UNSET:
            variable_consideration = []
            for variable_consideration_item_data in _variable_consideration:
                variable_consideration_item = VariableComponentOut.from_dict(variable_consideration_item_data)



                variable_consideration.append(variable_consideration_item)


        def _parse_version_effect(data: object) -> ContractVersion | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                version_effect_type_1 = ContractVersion.from_dict(data)



                return version_effect_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContractVersion | None | Unset, data)

        version_effect = _parse_version_effect(d.pop("version_effect", UNSET))


        contract = cls(
            created_at=created_at,
            currency=currency,
            customer_id=customer_id,
            customer_name=customer_name,
            end_date=end_date,
            id=id,
            start_date=start_date,
            status=status,
            total_value=total_value,
            updated_at=updated_at,
            version=version,
            billing_schedule=billing_schedule,
            contract_number=contract_number,
            parent_contract_id=parent_contract_id,
            performance_obligations=performance_obligations,
            recognition_convention=recognition_convention,
            signed_date=signed_date,
            terminated_on=terminated_on,
            variable_consideration=variable_consideration,
            version_effect=version_effect,
        )


        contract.additional_properties = d
        return contract

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
