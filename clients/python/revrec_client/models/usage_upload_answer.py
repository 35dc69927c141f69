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
  from ..models.usage_upload_answer_problem_type_0 import UsageUploadAnswerProblemType0





T = TypeVar("T", bound="UsageUploadAnswer")



@_attrs_define
class UsageUploadAnswer:
    """ The answer to one line, in the order of the lines.

        Attributes:
            line (int): The line's number in the body, from 1 (a CSV header is line 1).
            status (str): `recorded`, `replayed`, `restated`, or `refused` (with `problem`).
            contract_id (None | str | Unset):
            pob_id (None | str | Unset):
            problem (None | Unset | UsageUploadAnswerProblemType0): Why the line was refused: an RFC 9457 problem, as a
                whole request would get it.
            record_id (None | str | Unset):
            revision (int | None | Unset): The record's revision as stored.
     """

    line: int
    status: str
    contract_id: None | str | Unset = UNSET
    pob_id: None | str | Unset = UNSET
    problem: None | Unset | UsageUploadAnswerProblemType0 = UNSET
    record_id: None | str | Unset = UNSET
    revision: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.usage_upload_answer_problem_type_0 import UsageUploadAnswerProblemType0 # noqa: PLC0415
        line = self.line

        status = self.status

        contract_id: None | str | Unset
        if isinstance(self.contract_id, Unset):
            contract_id = UNSET
        else:
            contract_id = self.contract_id

        pob_id: None | str | Unset
        if isinstance(self.pob_id, Unset):
            pob_id = UNSET
        else:
            pob_id = self.pob_id

        problem: dict[str, Any] | None | Unset
        if isinstance(self.problem, Unset):
            problem = UNSET
        elif isinstance(self.problem, UsageUploadAnswerProblemType0):
            problem = self.problem.to_dict()
        else:
            problem = self.problem

        record_id: None | str | Unset
        if isinstance(self.record_id, Unset):
            record_id = UNSET
        else:
            record_id = self.record_id

        revision: int | None | Unset
        if isinstance(self.revision, Unset):
            revision = UNSET
        else:
            revision = self.revision


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "line": line,
            "status": status,
        })
        if contract_id is not UNSET:
            field_dict["contract_id"] = contract_id
        if pob_id is not UNSET:
            field_dict["pob_id"] = pob_id
        if problem is not UNSET:
            field_dict["problem"] = problem
        if record_id is not UNSET:
            field_dict["record_id"] = record_id
        if revision is not UNSET:
            field_dict["revision"] = revision

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_upload_answer_problem_type_0 import UsageUploadAnswerProblemType0 # noqa: PLC0415
        d = dict(src_dict)
        line = d.pop("line")

        status = d.pop("status")

        def _parse_contract_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contract_id = _parse_contract_id(d.pop("contract_id", UNSET))


        def _parse_pob_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pob_id = _parse_pob_id(d.pop("pob_id", UNSET))


        def _parse_problem(data: object) -> None | Unset | UsageUploadAnswerProblemType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                problem_type_0 = UsageUploadAnswerProblemType0.from_dict(data)



                return problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UsageUploadAnswerProblemType0, data)

        problem = _parse_problem(d.pop("problem", UNSET))


        def _parse_record_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        record_id = _parse_record_id(d.pop("record_id", UNSET))


        def _parse_revision(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        revision = _parse_revision(d.pop("revision", UNSET))


        usage_upload_answer = cls(
            line=line,
            status=status,
            contract_id=contract_id,
            pob_id=pob_id,
            problem=problem,
            record_id=record_id,
            revision=revision,
        )


        usage_upload_answer.additional_properties = d
        return usage_upload_answer

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
