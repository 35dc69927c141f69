from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.entry_scope_name import EntryScopeName
from ...models.problem_body import ProblemBody
from ...models.trial_balance_response import TrialBalanceResponse
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    period: str,
    currency: str | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["period"] = period

    params["currency"] = currency

    json_entries: str | Unset = UNSET
    if not isinstance(entries, Unset):
        json_entries = entries.value

    params["entries"] = json_entries

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/accounting/trial-balance",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemBody | TrialBalanceResponse | None:
    if response.status_code == 200:
        response_200 = TrialBalanceResponse.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

    if response.status_code == 400:
        response_400 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_400

    if response.status_code == 401:
        response_401 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_401

    if response.status_code == 403:
        response_403 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ProblemBody | TrialBalanceResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    period: str,
    currency: str | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,

) -> Response[ProblemBody | TrialBalanceResponse]:
    """ Every account's debit or credit balance at the month's end, per currency, from the same
    postings as the journal entries (life to date); debits equal credits.

    Args:
        period (str):
        currency (str | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | TrialBalanceResponse]
     """


    kwargs = _get_kwargs(
        period=period,
currency=currency,
entries=entries,
as_of=as_of,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    period: str,
    currency: str | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,

) -> ProblemBody | TrialBalanceResponse | None:
    """ Every account's debit or credit balance at the month's end, per currency, from the same
    postings as the journal entries (life to date); debits equal credits.

    Args:
        period (str):
        currency (str | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | TrialBalanceResponse
     """


    return sync_detailed(
        client=client,
period=period,
currency=currency,
entries=entries,
as_of=as_of,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    period: str,
    currency: str | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,

) -> Response[ProblemBody | TrialBalanceResponse]:
    """ Every account's debit or credit balance at the month's end, per currency, from the same
    postings as the journal entries (life to date); debits equal credits.

    Args:
        period (str):
        currency (str | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | TrialBalanceResponse]
     """


    kwargs = _get_kwargs(
        period=period,
currency=currency,
entries=entries,
as_of=as_of,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    period: str,
    currency: str | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,

) -> ProblemBody | TrialBalanceResponse | None:
    """ Every account's debit or credit balance at the month's end, per currency, from the same
    postings as the journal entries (life to date); debits equal credits.

    Args:
        period (str):
        currency (str | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | TrialBalanceResponse
     """


    return (await asyncio_detailed(
        client=client,
period=period,
currency=currency,
entries=entries,
as_of=as_of,

    )).parsed
