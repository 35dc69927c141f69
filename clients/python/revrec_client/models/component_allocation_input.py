from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.component_scope_name import ComponentScopeName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ComponentAllocationInput")



@_attrs_define
class ComponentAllocationInput:
    """ Where a component's amount goes (ASC 606-10-32-39..41).

        Attributes:
            scope (ComponentScopeName):
            line_ids (list[str] | None | Unset): `obligations`: the request's line ids or names.
            obligation_id (None | str | Unset): `period`: the obligation, by line id, name or obligation id.
            obligation_ids (list[str] | None | Unset): `obligations`: obligation ids (`pob_…`), as on `PUT`.
            period (None | str | Unset): `period`: the month, `YYYY-MM`. Example: 2026-03.
     """

    scope: ComponentScopeName
    line_ids: list[str] | None | Unset = UNSET
    obligation_id: None | str | Unset = UNSET
    obligation_ids: list[str] | None | Unset = UNSET
    period: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        scope = self.scope.value

        line_ids: list[str] | None | Unset
        if isinstance(self.line_ids, Unset):
            line_ids = UNSET
        elif isinstance(self.line_ids, list):
            line_ids = self.line_ids


        else:
            line_ids = self.line_ids

        obligation_id: None | str | Unset
        if isinstance(self.obligation_id, Unset):
            obligation_id = UNSET
        else:
            obligation_id = self.obligation_id

        obligation_ids: list[str] | None | Unset
        if isinstance(self.obligation_ids, Unset):
            obligation_ids = UNSET
        elif isinstance(self.obligation_ids, list):
            obligation_ids = self.obligation_ids


        else:
            obligation_ids = self.obligation_ids

        period: None | str | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        else:
            period = self.period


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scope": scope,
        })
        if line_ids is not UNSET:
            field_dict["line_ids"] = line_ids
        if obligation_id is not UNSET:
            field_dict["obligation_id"] = obligation_id
        if obligation_ids is not UNSET:
            field_dict["obligation_ids"] = obligation_ids
        if period is not UNSET:
            field_dict["period"] = period

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scope = ComponentScopeName(d.pop("scope"))




        def _parse_line_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                line_ids_type_0 = cast(list[str], data)

                return line_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        line_ids = _parse_line_ids(d.pop("line_ids", UNSET))


        def _parse_obligation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        obligation_id = _parse_obligation_id(d.pop("obligation_id", UNSET))


        def _parse_obligation_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                obligation_ids_type_0 = cast(list[str], data)

                return obligation_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        obligation_ids = _parse_obligation_ids(d.pop("obligation_ids", UNSET))


        def _parse_period(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        period = _parse_period(d.pop("period", UNSET))


        component_allocation_input = cls(
            scope=scope,
            line_ids=line_ids,
            obligation_id=obligation_id,
            obligation_ids=obligation_ids,
            period=period,
        )

        return component_allocation_input

