from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.contract import Contract
  from ..models.contract_version import ContractVersion





T = TypeVar("T", bound="EventRecorded")



@_attrs_define
class EventRecorded:
    """ The answer to an event: the contract at its new version, and that version's effect.

        Attributes:
            contract (Contract): A contract. The first six fields are the spec's `Contract`; the rest are extensions.
            version (ContractVersion): One version of a contract and its effect.
     """

    contract: Contract
    version: ContractVersion
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.contract_version import ContractVersion # noqa: PLC0415
        contract = self.contract.to_dict()

        version = self.version.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract": contract,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.contract_version import ContractVersion # noqa: PLC0415
        d = dict(src_dict)
        contract = Contract.from_dict(d.pop("contract"))




        version = ContractVersion.from_dict(d.pop("version"))




        event_recorded = cls(
            contract=contract,
            version=version,
        )


        event_recorded.additional_properties = d
        return event_recorded

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
