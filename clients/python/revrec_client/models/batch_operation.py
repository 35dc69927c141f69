from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.batch_method import BatchMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.batch_operation_body_type_0 import BatchOperationBodyType0





T = TypeVar("T", bound="BatchOperation")



@_attrs_define
class BatchOperation:
    """ 
        Attributes:
            method (BatchMethod):
            path (str): A primary route relative to `/v1` (a leading `/v1` is accepted), with its query
                string: `/contracts`, `/contracts/ctr_…/terminate`, `/waterfalls?start_period=2026-01`. Example: /contracts.
            body (BatchOperationBodyType0 | None | Unset): The route's JSON body, for POST and PUT.
     """

    method: BatchMethod
    path: str
    body: BatchOperationBodyType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_operation_body_type_0 import BatchOperationBodyType0 # noqa: PLC0415
        method = self.method.value

        path = self.path

        body: dict[str, Any] | None | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        elif isinstance(self.body, BatchOperationBodyType0):
            body = self.body.to_dict()
        else:
            body = self.body


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "method": method,
            "path": path,
        })
        if body is not UNSET:
            field_dict["body"] = body

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_operation_body_type_0 import BatchOperationBodyType0 # noqa: PLC0415
        d = dict(src_dict)
        method = BatchMethod(d.pop("method"))




        path = d.pop("path")

        def _parse_body(data: object) -> BatchOperationBodyType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_0 = BatchOperationBodyType0.from_dict(data)



                return body_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatchOperationBodyType0 | None | Unset, data)

        body = _parse_body(d.pop("body", UNSET))


        batch_operation = cls(
            method=method,
            path=path,
            body=body,
        )

        return batch_operation

