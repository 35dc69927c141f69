from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.convention_name import ConventionName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PolicyInput")



@_attrs_define
class PolicyInput:
    """ 
        Attributes:
            recognition_convention (ConventionName | None | Unset):
     """

    recognition_convention: ConventionName | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        recognition_convention: None | str | Unset
        if isinstance(self.recognition_convention, Unset):
            recognition_convention = UNSET
        elif isinstance(self.recognition_convention, ConventionName):
            recognition_convention = self.recognition_convention.value
        else:
            recognition_convention = self.recognition_convention


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if recognition_convention is not UNSET:
            field_dict["recognition_convention"] = recognition_convention

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
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


        policy_input = cls(
            recognition_convention=recognition_convention,
        )

        return policy_input

