from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.job_status_name import JobStatusName






T = TypeVar("T", bound="JobCreated")



@_attrs_define
class JobCreated:
    """ The answer to creating a job.

        Attributes:
            job_id (str):  Example: job_01jdx8p3yq4g6bqk2v7hzt0w5n.
            poll_url (str): Absolute URL of `GET /v1/jobs/{job_id}` (also in `Location`).
            status (JobStatusName):
     """

    job_id: str
    poll_url: str
    status: JobStatusName
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        job_id = self.job_id

        poll_url = self.poll_url

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "job_id": job_id,
            "poll_url": poll_url,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        job_id = d.pop("job_id")

        poll_url = d.pop("poll_url")

        status = JobStatusName(d.pop("status"))




        job_created = cls(
            job_id=job_id,
            poll_url=poll_url,
            status=status,
        )


        job_created.additional_properties = d
        return job_created

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
