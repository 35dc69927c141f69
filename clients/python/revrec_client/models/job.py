from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.job_status_name import JobStatusName
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.job_request import JobRequest
  from ..models.job_result import JobResult





T = TypeVar("T", bound="Job")



@_attrs_define
class Job:
    """ A job as polled.

        Attributes:
            created_at (datetime.datetime):
            job_id (str):
            progress (int): 0–100: contracts processed over contracts selected; 100 once finished.
            request (JobRequest):
            requested_by (str): Who asked for it (the credential); the versions a restatement writes are recorded
                by them. Example: key:key_01h8.
            status (JobStatusName):
            updated_at (datetime.datetime):
            finished_at (datetime.datetime | None | Unset):
            result (JobResult | None | Unset):
     """

    created_at: datetime.datetime
    job_id: str
    progress: int
    request: JobRequest
    requested_by: str
    status: JobStatusName
    updated_at: datetime.datetime
    finished_at: datetime.datetime | None | Unset = UNSET
    result: JobResult | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.job_request import JobRequest # noqa: PLC0415
        from ..models.job_result import JobResult # noqa: PLC0415
        created_at = self.created_at.isoformat()

        job_id = self.job_id

        progress = self.progress

        request = self.request.to_dict()

        requested_by = self.requested_by

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        finished_at: None | str | Unset
        if isinstance(self.finished_at, Unset):
            finished_at = UNSET
        elif isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, JobResult):
            result = self.result.to_dict()
        else:
            result = self.result


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "job_id": job_id,
            "progress": progress,
            "request": request,
            "requested_by": requested_by,
            "status": status,
            "updated_at": updated_at,
        })
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_request import JobRequest # noqa: PLC0415
        from ..models.job_result import JobResult # noqa: PLC0415
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        job_id = d.pop("job_id")

        progress = d.pop("progress")

        request = JobRequest.from_dict(d.pop("request"))




        requested_by = d.pop("requested_by")

        status = JobStatusName(d.pop("status"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        def _parse_finished_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)



                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finished_at = _parse_finished_at(d.pop("finished_at", UNSET))


        def _parse_result(data: object) -> JobResult | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = JobResult.from_dict(data)



                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobResult | None | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        job = cls(
            created_at=created_at,
            job_id=job_id,
            progress=progress,
            request=request,
            requested_by=requested_by,
            status=status,
            updated_at=updated_at,
            finished_at=finished_at,
            result=result,
        )


        job.additional_properties = d
        return job

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
