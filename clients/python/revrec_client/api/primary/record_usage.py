from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem_body import ProblemBody
from ...models.usage_record_input import UsageRecordInput
from ...models.usage_recorded import UsageRecorded
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    pob_id: str,
    *,
    body: UsageRecordInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["correction"] = correction


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contracts/{id}/obligations/{pob_id}/usage".format(id=quote(str(id), safe=""),pob_id=quote(str(pob_id), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemBody | UsageRecorded | None:
    if response.status_code == 200:
        response_200 = UsageRecorded.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

    if response.status_code == 201:
        response_201 = UsageRecorded.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_201

    if response.status_code == 400:
        response_400 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_400

    if response.status_code == 401:
        response_401 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_401

    if response.status_code == 402:
        response_402 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_402

    if response.status_code == 403:
        response_403 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_403

    if response.status_code == 404:
        response_404 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_404

    if response.status_code == 408:
        response_408 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_408

    if response.status_code == 409:
        response_409 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_409

    if response.status_code == 413:
        response_413 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_413

    if response.status_code == 415:
        response_415 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_415

    if response.status_code == 422:
        response_422 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_422

    if response.status_code == 429:
        response_429 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_429

    if response.status_code == 500:
        response_500 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_500

    if response.status_code == 503:
        response_503 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ProblemBody | UsageRecorded]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    pob_id: str,
    *,
    client: AuthenticatedClient,
    body: UsageRecordInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[ProblemBody | UsageRecorded]:
    """ Record one usage record on a usage line: its month's revenue becomes the month's
    units rated by the line's usage_pricing (or the sum of the records' own amounts).
    A record_id the obligation already has is a replay with the same body (200, nothing
    changes) and a restatement with another (201, its next revision; it keeps its month).
    A record of a closed month leaves that month as it was closed: the books carry the
    difference in the first open month.

    Args:
        id (str):
        pob_id (str):
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (UsageRecordInput): Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one
            usage record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | UsageRecorded]
     """


    kwargs = _get_kwargs(
        id=id,
pob_id=pob_id,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    pob_id: str,
    *,
    client: AuthenticatedClient,
    body: UsageRecordInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> ProblemBody | UsageRecorded | None:
    """ Record one usage record on a usage line: its month's revenue becomes the month's
    units rated by the line's usage_pricing (or the sum of the records' own amounts).
    A record_id the obligation already has is a replay with the same body (200, nothing
    changes) and a restatement with another (201, its next revision; it keeps its month).
    A record of a closed month leaves that month as it was closed: the books carry the
    difference in the first open month.

    Args:
        id (str):
        pob_id (str):
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (UsageRecordInput): Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one
            usage record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | UsageRecorded
     """


    return sync_detailed(
        id=id,
pob_id=pob_id,
client=client,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    pob_id: str,
    *,
    client: AuthenticatedClient,
    body: UsageRecordInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[ProblemBody | UsageRecorded]:
    """ Record one usage record on a usage line: its month's revenue becomes the month's
    units rated by the line's usage_pricing (or the sum of the records' own amounts).
    A record_id the obligation already has is a replay with the same body (200, nothing
    changes) and a restatement with another (201, its next revision; it keeps its month).
    A record of a closed month leaves that month as it was closed: the books carry the
    difference in the first open month.

    Args:
        id (str):
        pob_id (str):
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (UsageRecordInput): Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one
            usage record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | UsageRecorded]
     """


    kwargs = _get_kwargs(
        id=id,
pob_id=pob_id,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    pob_id: str,
    *,
    client: AuthenticatedClient,
    body: UsageRecordInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> ProblemBody | UsageRecorded | None:
    """ Record one usage record on a usage line: its month's revenue becomes the month's
    units rated by the line's usage_pricing (or the sum of the records' own amounts).
    A record_id the obligation already has is a replay with the same body (200, nothing
    changes) and a restatement with another (201, its next revision; it keeps its month).
    A record of a closed month leaves that month as it was closed: the books carry the
    difference in the first open month.

    Args:
        id (str):
        pob_id (str):
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (UsageRecordInput): Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one
            usage record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | UsageRecorded
     """


    return (await asyncio_detailed(
        id=id,
pob_id=pob_id,
client=client,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    )).parsed
