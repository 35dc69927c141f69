from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.batch_operation import BatchOperation





T = TypeVar("T", bound="BatchRequest")



@_attrs_define
class BatchRequest:
    """ 
        Attributes:
            operations (list[BatchOperation]): Run in order; a later operation sees the writes of an earlier one.
     """

    operations: list[BatchOperation]





    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_operation import BatchOperation # noqa: PLC0415
        operations = []
        for operations_item_data in self.operations:
            operations_item = operations_item_data.to_dict()
            operations.append(operations_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "operations": operations,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_operation import BatchOperation # noqa: PLC0415
        d = dict(src_dict)
        operations = []
        _operations = d.pop("operations")
        for operations_item_data in (_operations):
            operations_item = BatchOperation.from_dict(operations_item_data)



            operations.append(operations_item)


        batch_request = cls(
            operations=operations,
        )

        return batch_request

