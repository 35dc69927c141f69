from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="AuditEvent")



@_attrs_define
class AuditEvent:
    """ One fact of the books and who recorded it.

        Attributes:
            actor (str): Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `cli` or
                `console:<email>` (`unknown` for facts recorded before actors were kept). Never a
                secret. Example: key:key_01h8.
            kind (str): `version.initial`, `version.prospective`, `version.cumulative_catch_up`,
                `version.termination`, `version.fulfillment`, `version.progress`,
                `version.restatement`, `invoice`, `payment`, `period.close`, `period.reopen`,
                `chart`, `posting_control`, `job`, `usage.recorded` or `usage.restated`. Example: version.prospective.
            recorded_at (datetime.datetime): When it was recorded (RFC 3339, UTC, to the microsecond).
            reference (str): Which one: the version number, the invoice's or payment's id, the month closed
                through or reopened from, the chart version, the setting, the job's id. Example: 2.
            contract_id (None | str | Unset): The contract the fact is of; null for a fact of the books (a close, a chart
                version, a posting control change, a job).
     """

    actor: str
    kind: str
    recorded_at: datetime.datetime
    reference: str
    contract_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        actor = self.actor

        kind = self.kind

        recorded_at = self.recorded_at.isoformat()

        reference = self.reference

        contract_id: None | str | Unset
        if isinstance(self.contract_id, Unset):
            contract_id = UNSET
        else:
            contract_id = self.contract_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actor": actor,
            "kind": kind,
            "recorded_at": recorded_at,
            "reference": reference,
        })
        if contract_id is not UNSET:
            field_dict["contract_id"] = contract_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        actor = d.pop("actor")

        kind = d.pop("kind")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        reference = d.pop("reference")

        def _parse_contract_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contract_id = _parse_contract_id(d.pop("contract_id", UNSET))


        audit_event = cls(
            actor=actor,
            kind=kind,
            recorded_at=recorded_at,
            reference=reference,
            contract_id=contract_id,
        )


        audit_event.additional_properties = d
        return audit_event

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
