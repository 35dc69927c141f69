from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.audit_events import AuditEvents
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    period: str | Unset = UNSET,
    contract_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["period"] = period

    params["contract_id"] = contract_id

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/audit-events",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuditEvents | ProblemBody | None:
    if response.status_code == 200:
        response_200 = AuditEvents.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AuditEvents | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    period: str | Unset = UNSET,
    contract_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[AuditEvents | ProblemBody]:
    """ Every fact of the tenant's books with who recorded it and when, oldest first: contract
    versions (created, modified, terminated, fulfillments, progress, restatements),
    invoices, payments, closes and reopens, chart versions, posting control changes and
    jobs. Filter by the month a fact was recorded in or by contract; follow next_cursor.
    Needs the read:ledger scope.

    Args:
        period (str | Unset):
        contract_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEvents | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
contract_id=contract_id,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    period: str | Unset = UNSET,
    contract_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> AuditEvents | ProblemBody | None:
    """ Every fact of the tenant's books with who recorded it and when, oldest first: contract
    versions (created, modified, terminated, fulfillments, progress, restatements),
    invoices, payments, closes and reopens, chart versions, posting control changes and
    jobs. Filter by the month a fact was recorded in or by contract; follow next_cursor.
    Needs the read:ledger scope.

    Args:
        period (str | Unset):
        contract_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEvents | ProblemBody
     """


    return sync_detailed(
        client=client,
period=period,
contract_id=contract_id,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    period: str | Unset = UNSET,
    contract_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[AuditEvents | ProblemBody]:
    """ Every fact of the tenant's books with who recorded it and when, oldest first: contract
    versions (created, modified, terminated, fulfillments, progress, restatements),
    invoices, payments, closes and reopens, chart versions, posting control changes and
    jobs. Filter by the month a fact was recorded in or by contract; follow next_cursor.
    Needs the read:ledger scope.

    Args:
        period (str | Unset):
        contract_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEvents | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
contract_id=contract_id,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    period: str | Unset = UNSET,
    contract_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> AuditEvents | ProblemBody | None:
    """ Every fact of the tenant's books with who recorded it and when, oldest first: contract
    versions (created, modified, terminated, fulfillments, progress, restatements),
    invoices, payments, closes and reopens, chart versions, posting control changes and
    jobs. Filter by the month a fact was recorded in or by contract; follow next_cursor.
    Needs the read:ledger scope.

    Args:
        period (str | Unset):
        contract_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEvents | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
period=period,
contract_id=contract_id,
limit=limit,
cursor=cursor,

    )).parsed
