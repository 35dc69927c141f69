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
  from ..models.field_problem import FieldProblem





T = TypeVar("T", bound="ProblemBody")



@_attrs_define
class ProblemBody:
    """ RFC 9457 problem details, as served (`application/problem+json`).

        Attributes:
            code (str): Stable machine-readable code, such as `INVALID_PERIOD_FORMAT`.
            detail (str):
            instance (str): The path of the request that failed.
            message (str): Human-readable explanation of this occurrence.
            status (int): The HTTP status, repeated.
            title (str):
            type_ (str): `{public_url}/errors/<slug>`; the page there explains the problem type.
            errors (list[FieldProblem] | None | Unset): Every field problem of a 422.
            hint (None | str | Unset): A next step an agent can take.
            request_id (None | str | Unset): The request's id (also in `X-Request-Id`), for support.
     """

    code: str
    detail: str
    instance: str
    message: str
    status: int
    title: str
    type_: str
    errors: list[FieldProblem] | None | Unset = UNSET
    hint: None | str | Unset = UNSET
    request_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.field_problem import FieldProblem # noqa: PLC0415
        code = self.code

        detail = self.detail

        instance = self.instance

        message = self.message

        status = self.status

        title = self.title

        type_ = self.type_

        errors: list[dict[str, Any]] | None | Unset
        if isinstance(self.errors, Unset):
            errors = UNSET
        elif isinstance(self.errors, list):
            errors = []
            for errors_type_0_item_data in self.errors:
                errors_type_0_item = errors_type_0_item_data.to_dict()
                errors.append(errors_type_0_item)


        else:
            errors = self.errors

        hint: None | str | Unset
        if isinstance(self.hint, Unset):
            hint = UNSET
        else:
            hint = self.hint

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "detail": detail,
            "instance": instance,
            "message": message,
            "status": status,
            "title": title,
            "type": type_,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if hint is not UNSET:
            field_dict["hint"] = hint
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_problem import FieldProblem # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        instance = d.pop("instance")

        message = d.pop("message")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        def _parse_errors(data: object) -> list[FieldProblem] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                errors_type_0 = []
                _errors_type_0 = data
                for errors_type_0_item_data in (_errors_type_0):
                    errors_type_0_item = FieldProblem.from_dict(errors_type_0_item_data)



                    errors_type_0.append(errors_type_0_item)

                return errors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[FieldProblem] | None | Unset, data)

        errors = _parse_errors(d.pop("errors", UNSET))


        def _parse_hint(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hint = _parse_hint(d.pop("hint", UNSET))


        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))


        problem_body = cls(
            code=code,
            detail=detail,
            instance=instance,
            message=message,
            status=status,
            title=title,
            type_=type_,
            errors=errors,
            hint=hint,
            request_id=request_id,
        )


        problem_body.additional_properties = d
        return problem_body

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
