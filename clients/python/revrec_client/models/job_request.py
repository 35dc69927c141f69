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
  from ..models.policy_input import PolicyInput





T = TypeVar("T", bound="JobRequest")



@_attrs_define
class JobRequest:
    """ 
        Attributes:
            contract_ids (list[str] | None | Unset):
            policy (None | PolicyInput | Unset):
     """

    contract_ids: list[str] | None | Unset = UNSET
    policy: None | PolicyInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_input import PolicyInput # noqa: PLC0415
        contract_ids: list[str] | None | Unset
        if isinstance(self.contract_ids, Unset):
            contract_ids = UNSET
        elif isinstance(self.contract_ids, list):
            contract_ids = self.contract_ids


        else:
            contract_ids = self.contract_ids

        policy: dict[str, Any] | None | Unset
        if isinstance(self.policy, Unset):
            policy = UNSET
        elif isinstance(self.policy, PolicyInput):
            policy = self.policy.to_dict()
        else:
            policy = self.policy


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if contract_ids is not UNSET:
            field_dict["contract_ids"] = contract_ids
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_input import PolicyInput # noqa: PLC0415
        d = dict(src_dict)
        def _parse_contract_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                contract_ids_type_0 = cast(list[str], data)

                return contract_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        contract_ids = _parse_contract_ids(d.pop("contract_ids", UNSET))


        def _parse_policy(data: object) -> None | PolicyInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                policy_type_1 = PolicyInput.from_dict(data)



                return policy_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PolicyInput | Unset, data)

        policy = _parse_policy(d.pop("policy", UNSET))


        job_request = cls(
            contract_ids=contract_ids,
            policy=policy,
        )


        job_request.additional_properties = d
        return job_request

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
