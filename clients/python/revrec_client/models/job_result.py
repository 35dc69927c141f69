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
  from ..models.job_result_total_recognized_delta import JobResultTotalRecognizedDelta
  from ..models.problem_body import ProblemBody
  from ..models.skipped_contract import SkippedContract





T = TypeVar("T", bound="JobResult")



@_attrs_define
class JobResult:
    """ 
        Attributes:
            as_of_period (str):  Example: 2026-11.
            contracts_changed (int): Contracts whose figures changed (and were written).
            contracts_recalculated (int):
            output_hash (str): `sha256:` chained over every recalculated contract's schedule, in id order: the same
                figures give the same hash.
            skipped (list[SkippedContract]): Contracts the policy could not be applied to; they keep their figures.
            total_recognized_delta (JobResultTotalRecognizedDelta): Change of revenue recognized through the end of
                `as_of_period`, per currency.
            error (None | ProblemBody | Unset):
     """

    as_of_period: str
    contracts_changed: int
    contracts_recalculated: int
    output_hash: str
    skipped: list[SkippedContract]
    total_recognized_delta: JobResultTotalRecognizedDelta
    error: None | ProblemBody | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.job_result_total_recognized_delta import JobResultTotalRecognizedDelta # noqa: PLC0415
        from ..models.problem_body import ProblemBody # noqa: PLC0415
        from ..models.skipped_contract import SkippedContract # noqa: PLC0415
        as_of_period = self.as_of_period

        contracts_changed = self.contracts_changed

        contracts_recalculated = self.contracts_recalculated

        output_hash = self.output_hash

        skipped = []
        for skipped_item_data in self.skipped:
            skipped_item = skipped_item_data.to_dict()
            skipped.append(skipped_item)



        total_recognized_delta = self.total_recognized_delta.to_dict()

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, ProblemBody):
            error = self.error.to_dict()
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "as_of_period": as_of_period,
            "contracts_changed": contracts_changed,
            "contracts_recalculated": contracts_recalculated,
            "output_hash": output_hash,
            "skipped": skipped,
            "total_recognized_delta": total_recognized_delta,
        })
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_result_total_recognized_delta import JobResultTotalRecognizedDelta # noqa: PLC0415
        from ..models.problem_body import ProblemBody # noqa: PLC0415
        from ..models.skipped_contract import SkippedContract # noqa: PLC0415
        d = dict(src_dict)
        as_of_period = d.pop("as_of_period")

        contracts_changed = d.pop("contracts_changed")

        contracts_recalculated = d.pop("contracts_recalculated")

        output_hash = d.pop("output_hash")

        skipped = []
        _skipped = d.pop("skipped")
        for skipped_item_data in (_skipped):
            skipped_item = SkippedContract.from_dict(skipped_item_data)



            skipped.append(skipped_item)


        total_recognized_delta = JobResultTotalRecognizedDelta.from_dict(d.pop("total_recognized_delta"))




        def _parse_error(data: object) -> None | ProblemBody | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_1 = ProblemBody.from_dict(data)



                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProblemBody | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        job_result = cls(
            as_of_period=as_of_period,
            contracts_changed=contracts_changed,
            contracts_recalculated=contracts_recalculated,
            output_hash=output_hash,
            skipped=skipped,
            total_recognized_delta=total_recognized_delta,
            error=error,
        )


        job_result.additional_properties = d
        return job_result

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
