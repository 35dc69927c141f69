"""Problem responses (RFC 9457) as a typed exception.

Written by hand: clients/python/generate.sh keeps this module when it regenerates the rest of
the package. The generated operations return a `ProblemBody` for a 4xx or 5xx answer;
`expect` turns that into a `RevrecProblem` raised, so a caller handles failures by `code`:

    contract = expect(ingest_contract.sync_detailed(client=client, body=body), Contract)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from .models.problem_body import ProblemBody
from .types import Response

T = TypeVar("T")


@dataclass(frozen=True)
class FieldError:
    """One field's problem in a 422: `field` is a path into the request (`line_items[0].name`)."""

    field: str
    message: str


class RevrecProblem(Exception):
    """A problem answer: `code` is stable and machine-readable (docs/errors.md)."""

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        hint: str | None = None,
        errors: list[FieldError] | None = None,
        request_id: str | None = None,
        body: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" (hint: {hint})" if hint else ""))
        self.status = status
        self.code = code
        self.message = message
        self.hint = hint
        self.errors = errors or []
        self.request_id = request_id
        # The whole body, extensions included (a 402's `challengeId`).
        self.body = body or {}

    @classmethod
    def from_body(cls, status: int, problem: ProblemBody) -> RevrecProblem:
        errors = problem.errors if isinstance(problem.errors, list) else []
        return cls(
            status=status,
            code=problem.code,
            message=problem.message or problem.detail,
            hint=problem.hint if isinstance(problem.hint, str) else None,
            errors=[FieldError(field=error.field, message=error.message) for error in errors],
            request_id=problem.request_id if isinstance(problem.request_id, str) else None,
            body=problem.to_dict(),
        )

    @classmethod
    def from_content(cls, status: int, content: bytes) -> RevrecProblem:
        """A failure the operation does not declare: read the body as a problem if it is one."""
        try:
            body = json.loads(content, parse_float=Decimal)
        except ValueError:
            body = None
        if isinstance(body, dict) and isinstance(body.get("code"), str):
            return cls.from_body(status, ProblemBody.from_dict(body))
        text = content.decode("utf-8", "replace")[:200]
        return cls(status=status, code=f"HTTP_{status}", message=text or "no problem body")


def expect(response: Response[Any], kind: type[T]) -> T:
    """The parsed answer when it is a `kind`; any other answer raises `RevrecProblem`."""
    parsed = response.parsed
    if isinstance(parsed, kind):
        return parsed
    if isinstance(parsed, ProblemBody):
        raise RevrecProblem.from_body(int(response.status_code), parsed)
    raise RevrecProblem.from_content(int(response.status_code), response.content)
