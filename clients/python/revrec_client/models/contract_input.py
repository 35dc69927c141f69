from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.convention_name import ConventionName
from ..models.new_status_name import NewStatusName
from ..models.treatment_name import TreatmentName
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.invoice_input import InvoiceInput
  from ..models.line_item_input import LineItemInput
  from ..models.variable_component_input import VariableComponentInput





T = TypeVar("T", bound="ContractInput")



@_attrs_define
class ContractInput:
    """ A contract as submitted to `POST /v1/contracts` and `PUT /v1/contracts/{id}`.

    The four fields of the spec's `ContractInput` make a one-line subscription recognized
    ratably over the term. The guide surface's fields (`contract_number`, `currency`,
    `line_items`) are accepted as extensions; with line items, `total_value` is the
    transaction price allocated over them by relative standalone selling price.

        Attributes:
            customer_name (str):  Example: Acme Corp.
            end_date (datetime.date): Last day of the term (inclusive), `YYYY-MM-DD`. Example: 2026-12-31.
            start_date (datetime.date): First day of the term, `YYYY-MM-DD`. Example: 2026-01-01.
            total_value (Decimal | str): An exact decimal amount, as a JSON number or a decimal string; never more decimals
                than the currency allows (SSP: up to 6).
            billing_schedule (list[InvoiceInput] | None | Unset): Invoices that bill the contract instead of the billed-at-
                start convention. On `PUT` of
                a draft they replace its schedule; of an active contract they are added (an entry
                whose `number` the contract has is that invoice again).
            contract_number (None | str | Unset): The customer's own number for the contract (order form, PO).
            currency (None | str | Unset): ISO 4217 code, uppercase; default USD. Example: USD.
            customer_id (None | str | Unset): Your id for the customer; by default one stable id per case-folded customer
                name.
            effective_date (datetime.date | None | Unset): `PUT` on an active contract only: the first day under the new
                terms.
            line_items (list[LineItemInput] | None | Unset):
            recognition_convention (ConventionName | None | Unset):
            signed_date (datetime.date | None | Unset): When the contract was signed (RPO counts it from then); default
                `start_date`.
            status (NewStatusName | None | Unset):
            treatment (None | TreatmentName | Unset):
            variable_consideration (list[VariableComponentInput] | None | Unset): Variable consideration (docs/asc606.md
                §15): the transaction price is `total_value`
                (the fixed price) plus each component's `included_amount`.
     """

    customer_name: str
    end_date: datetime.date
    start_date: datetime.date
    total_value: Decimal | str
    billing_schedule: list[InvoiceInput] | None | Unset = UNSET
    contract_number: None | str | Unset = UNSET
    currency: None | str | Unset = UNSET
    customer_id: None | str | Unset = UNSET
    effective_date: datetime.date | None | Unset = UNSET
    line_items: list[LineItemInput] | None | Unset = UNSET
    recognition_convention: ConventionName | None | Unset = UNSET
    signed_date: datetime.date | None | Unset = UNSET
    status: NewStatusName | None | Unset = UNSET
    treatment: None | TreatmentName | Unset = UNSET
    variable_consideration: list[VariableComponentInput] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.invoice_input import InvoiceInput # noqa: PLC0415
        from ..models.line_item_input import LineItemInput # noqa: PLC0415
        from ..models.variable_component_input import VariableComponentInput # noqa: PLC0415
        customer_name = self.customer_name

        end_date = self.end_date.isoformat()

        start_date = self.start_date.isoformat()

        total_value: Decimal | str
        total_value = self.total_value

        billing_schedule: list[dict[str, Any]] | None | Unset
        if isinstance(self.billing_schedule, Unset):
            billing_schedule = UNSET
        elif isinstance(self.billing_schedule, list):
            billing_schedule = []
            for billing_schedule_type_0_item_data in self.billing_schedule:
                billing_schedule_type_0_item = billing_schedule_type_0_item_data.to_dict()
                billing_schedule.append(billing_schedule_type_0_item)


        else:
            billing_schedule = self.billing_schedule

        contract_number: None | str | Unset
        if isinstance(self.contract_number, Unset):
            contract_number = UNSET
        else:
            contract_number = self.contract_number

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        customer_id: None | str | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        effective_date: None | str | Unset
        if isinstance(self.effective_date, Unset):
            effective_date = UNSET
        elif isinstance(self.effective_date, datetime.date):
            effective_date = self.effective_date.isoformat()
        else:
            effective_date = self.effective_date

        line_items: list[dict[str, Any]] | None | Unset
        if isinstance(self.line_items, Unset):
            line_items = UNSET
        elif isinstance(self.line_items, list):
            line_items = []
            for line_items_type_0_item_data in self.line_items:
                line_items_type_0_item = line_items_type_0_item_data.to_dict()
                line_items.append(line_items_type_0_item)


        else:
            line_items = self.line_items

        recognition_convention: None | str | Unset
        if isinstance(self.recognition_convention, Unset):
            recognition_convention = UNSET
        elif isinstance(self.recognition_convention, ConventionName):
            recognition_convention = self.recognition_convention.value
        else:
            recognition_convention = self.recognition_convention

        signed_date: None | str | Unset
        if isinstance(self.signed_date, Unset):
            signed_date = UNSET
        elif isinstance(self.signed_date, datetime.date):
            signed_date = self.signed_date.isoformat()
        else:
            signed_date = self.signed_date

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, NewStatusName):
            status = self.status.value
        else:
            status = self.status

        treatment: None | str | Unset
        if isinstance(self.treatment, Unset):
            treatment = UNSET
        elif isinstance(self.treatment, TreatmentName):
            treatment = self.treatment.value
        else:
            treatment = self.treatment

        variable_consideration: list[dict[str, Any]] | None | Unset
        if isinstance(self.variable_consideration, Unset):
            variable_consideration = UNSET
        elif isinstance(self.variable_consideration, list):
            variable_consideration = []
            for variable_consideration_type_0_item_data in self.variable_consideration:
                variable_consideration_type_0_item = variable_consideration_type_0_item_data.to_dict()
                variable_consideration.append(variable_consideration_type_0_item)


        else:
            variable_consideration = self.variable_consideration


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "customer_name": customer_name,
            "end_date": end_date,
            "start_date": start_date,
            "total_value": total_value,
        })
        if billing_schedule is not UNSET:
            field_dict["billing_schedule"] = billing_schedule
        if contract_number is not UNSET:
            field_dict["contract_number"] = contract_number
        if currency is not UNSET:
            field_dict["currency"] = currency
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if effective_date is not UNSET:
            field_dict["effective_date"] = effective_date
        if line_items is not UNSET:
            field_dict["line_items"] = line_items
        if recognition_convention is not UNSET:
            field_dict["recognition_convention"] = recognition_convention
        if signed_date is not UNSET:
            field_dict["signed_date"] = signed_date
        if status is not UNSET:
            field_dict["status"] = status
        if treatment is not UNSET:
            field_dict["treatment"] = treatment
        if variable_consideration is not UNSET:
            field_dict["variable_consideration"] = variable_consideration

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invoice_input import InvoiceInput # noqa: PLC0415
        from ..models.line_item_input import LineItemInput # noqa: PLC0415
        from ..models.variable_component_input import VariableComponentInput # noqa: PLC0415
        d = dict(src_dict)
        customer_name = d.pop("customer_name")

        end_date = datetime.date.fromisoformat(d.pop("end_date"))




        start_date = datetime.date.fromisoformat(d.pop("start_date"))




        def _parse_total_value(data: object) -> Decimal | str:
            try:
                if not isinstance(data, (Decimal, int)):
                    raise TypeError()
                componentsschemas_decimal_input_type_0 = Decimal(data)



                return componentsschemas_decimal_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decimal | str, data)

        total_value = _parse_total_value(d.pop("total_value"))


        def _parse_billing_schedule(data: object) -> list[InvoiceInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                billing_schedule_type_0 = []
                _billing_schedule_type_0 = data
                for billing_schedule_type_0_item_data in (_billing_schedule_type_0):
                    billing_schedule_type_0_item = InvoiceInput.from_dict(billing_schedule_type_0_item_data)



                    billing_schedule_type_0.append(billing_schedule_type_0_item)

                return billing_schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[InvoiceInput] | None | Unset, data)

        billing_schedule = _parse_billing_schedule(d.pop("billing_schedule", UNSET))


        def _parse_contract_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contract_number = _parse_contract_number(d.pop("contract_number", UNSET))


        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))


        def _parse_customer_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))


        def _parse_effective_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                effective_date_type_0 = datetime.date.fromisoformat(data)



                return effective_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        effective_date = _parse_effective_date(d.pop("effective_date", UNSET))


        def _parse_line_items(data: object) -> list[LineItemInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                line_items_type_0 = []
                _line_items_type_0 = data
                for line_items_type_0_item_data in (_line_items_type_0):
                    line_items_type_0_item = LineItemInput.from_dict(line_items_type_0_item_data)



                    line_items_type_0.append(line_items_type_0_item)

                return line_items_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[LineItemInput] | None | Unset, data)

        line_items = _parse_line_items(d.pop("line_items", UNSET))


        def _parse_recognition_convention(data: object) -> ConventionName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                recognition_convention_type_1 = ConventionName(data)



                return recognition_convention_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConventionName | None | Unset, data)

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


        def _parse_status(data: object) -> NewStatusName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = NewStatusName(data)



                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NewStatusName | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))


        def _parse_treatment(data: object) -> None | TreatmentName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                treatment_type_1 = TreatmentName(data)



                return treatment_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TreatmentName | Unset, data)

        treatment = _parse_treatment(d.pop("treatment", UNSET))


        def _parse_variable_consideration(data: object) -> list[VariableComponentInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variable_consideration_type_0 = []
                _variable_consideration_type_0 = data
                for variable_consideration_type_0_item_data in (_variable_consideration_type_0):
                    variable_consideration_type_0_item = VariableComponentInput.from_dict(variable_consideration_type_0_item_data)



                    variable_consideration_type_0.append(variable_consideration_type_0_item)

                return variable_consideration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[VariableComponentInput] | None | Unset, data)

        variable_consideration = _parse_variable_consideration(d.pop("variable_consideration", UNSET))


        contract_input = cls(
            customer_name=customer_name,
            end_date=end_date,
            start_date=start_date,
            total_value=total_value,
            billing_schedule=billing_schedule,
            contract_number=contract_number,
            currency=currency,
            customer_id=customer_id,
            effective_date=effective_date,
            line_items=line_items,
            recognition_convention=recognition_convention,
            signed_date=signed_date,
            status=status,
            treatment=treatment,
            variable_consideration=variable_consideration,
        )

        return contract_input

