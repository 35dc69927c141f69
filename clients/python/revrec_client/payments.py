"""Paying a priced call's HTTP 402 with the Machine Payments Protocol (docs/payments.md).

Written by hand: clients/python/generate.sh keeps this module when it regenerates the rest of
the package. A priced call answers 402 with one `WWW-Authenticate: Payment ...` challenge per
payment method ("rail"). `call_paying` makes the call; on a 402 it hands the parsed challenges
to a payer you supply, which picks one and pays it with its rail, then sends the call again
with the credential in the header the challenge names (`Payment-Authorization`, since
`Authorization` carries the bearer token):

    def sandbox_payer(challenges):
        chosen = next(c for c in challenges if c.method == "sandbox")
        return chosen, {"token": "tok_sandbox_ok"}

    answer = call_paying(client, lambda c: ingest_contract.sync_detailed(
        client=c, body=body, idempotency_key=key), sandbox_payer)
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

import attrs
import httpx

from .client import AuthenticatedClient
from .types import Response

T = TypeVar("T")

# The challenge parameters a credential echoes (MPP; the server ignores any others).
# `intent_url` is ours, for display and discovery, and is not bound, so it is not echoed.
ECHOED_PARAMETERS = ("id", "realm", "method", "intent", "request", "expires", "description", "digest", "opaque", "header")
_TOKEN_CHARS = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class PaymentChallenge:
    """One `WWW-Authenticate: Payment` challenge: its auth-params, names in lower case."""

    params: Mapping[str, str]

    def _get(self, name: str) -> str:
        return self.params.get(name, "")

    @property
    def id(self) -> str:
        return self._get("id")

    @property
    def realm(self) -> str:
        return self._get("realm")

    @property
    def method(self) -> str:
        """The rail: `sandbox`, `stripe`."""
        return self._get("method")

    @property
    def intent(self) -> str:
        return self._get("intent")

    @property
    def request(self) -> str:
        """base64url (no padding) of the canonical JSON charge request; see `charge`."""
        return self._get("request")

    @property
    def expires(self) -> str:
        return self._get("expires")

    @property
    def opaque(self) -> str | None:
        return self.params.get("opaque")

    @property
    def header(self) -> str:
        """The request header the credential goes in."""
        return self.params.get("header") or "Authorization"

    def charge(self) -> dict[str, Any]:
        """The decoded request: `amount` (minor units, a string), `currency`, `description`."""
        decoded = json.loads(_b64url_decode(self.request), parse_float=Decimal)
        if not isinstance(decoded, dict):
            raise ValueError(f"challenge {self.id}: request is not a JSON object")
        return decoded


Payer = Callable[[Sequence[PaymentChallenge]], tuple[PaymentChallenge, Mapping[str, Any]]]
"""Chooses one of a 402's challenges and pays it: returns it with the rail's payload."""


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def parse_payment_challenges(values: Iterable[str]) -> list[PaymentChallenge]:
    """The `Payment` challenges in `WWW-Authenticate` field values (RFC 9110 §11).

    A value may hold several challenges joined by commas, of any scheme; only `Payment`
    ones are returned. Quoted strings may hold commas and escaped quotes."""
    challenges: list[dict[str, str]] = []
    for value in values:
        current: dict[str, str] | None = None
        position = 0
        while position < len(value):
            if value[position] in " \t,":
                position += 1
                continue
            start = position
            while position < len(value) and value[position] in _TOKEN_CHARS:
                position += 1
            token = value[start:position]
            if not token:
                raise ValueError(f"unreadable WWW-Authenticate at {start}: {value!r}")
            after = position
            while after < len(value) and value[after] in " \t":
                after += 1
            if after < len(value) and value[after] == "=":
                # An auth-param of the current challenge: name=token or name="quoted string".
                position = after + 1
                while position < len(value) and value[position] in " \t":
                    position += 1
                if position < len(value) and value[position] == '"':
                    position += 1
                    text: list[str] = []
                    while position < len(value) and value[position] != '"':
                        if value[position] == "\\":
                            position += 1
                        text.append(value[position])
                        position += 1
                    position += 1
                    parameter = "".join(text)
                else:
                    start = position
                    while position < len(value) and value[position] not in " \t,":
                        position += 1
                    parameter = value[start:position]
                if current is not None:
                    current[token.lower()] = parameter
            else:
                # A new challenge: its scheme name. Other schemes' params are skipped.
                position = after
                current = {} if token.lower() == "payment" else None
                if current is not None:
                    challenges.append(current)
    return [PaymentChallenge(params=params) for params in challenges]


def challenges_of(response: Response[Any]) -> list[PaymentChallenge]:
    """The `Payment` challenges of a 402 answer from a generated operation."""
    headers = response.headers
    if isinstance(headers, httpx.Headers):
        values = headers.get_list("www-authenticate")
    else:
        values = [value for name, value in headers.items() if name.lower() == "www-authenticate"]
    return parse_payment_challenges(values)


def payment_credential(challenge: PaymentChallenge, payload: Mapping[str, Any]) -> str:
    """`Payment <base64url of JSON {"challenge": {echoed params}, "payload": {...}}>`."""
    echoed = {name: challenge.params[name] for name in ECHOED_PARAMETERS if name in challenge.params}
    document = json.dumps(
        {"challenge": echoed, "payload": dict(payload)},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return f"Payment {_b64url_encode(document.encode('utf-8'))}"


def payment_receipt(response: Response[Any]) -> dict[str, Any] | None:
    """The decoded `Payment-Receipt` of a paid answer (`status`, `method`, `reference`, ...)."""
    value = next((v for name, v in response.headers.items() if name.lower() == "payment-receipt"), None)
    if value is None:
        return None
    decoded = json.loads(_b64url_decode(value.strip()), parse_float=Decimal)
    return decoded if isinstance(decoded, dict) else None


def call_paying(
    client: AuthenticatedClient,
    call: Callable[[AuthenticatedClient], Response[T]],
    payer: Payer,
) -> Response[T]:
    """Makes `call`; when it answers 402, pays one challenge through `payer` and calls again.

    Any other answer, and the paid call's answer (a 402 again if the payment was refused),
    is returned as it is. Give a write an `idempotency_key`: a retry of a paid write then
    replays its answer without paying twice."""
    first = call(client)
    if first.status_code != 402:
        return first
    challenges = challenges_of(first)
    if not challenges:
        return first
    chosen, payload = payer(challenges)
    if chosen not in challenges:
        raise ValueError("the payer must return one of the challenges it was given")
    credential = payment_credential(chosen, payload)
    # A client of its own for the paid call: with_headers would add the one-use credential
    # to the caller's shared httpx client as well.
    paying = attrs.evolve(client, headers={**client._headers, chosen.header: credential})
    with paying:
        return call(paying)
