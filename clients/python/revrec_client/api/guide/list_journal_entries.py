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
from ...models.entry_status_name import EntryStatusName
from ...models.format_name import FormatName
from ...models.journal_entries_response import JournalEntriesResponse
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    period: str,
    status: EntryStatusName | Unset = UNSET,
    currency: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: FormatName | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["period"] = period

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["currency"] = currency

    params["limit"] = limit

    params["cursor"] = cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    json_entries: str | Unset = UNSET
    if not isinstance(entries, Unset):
        json_entries = entries.value

    params["entries"] = json_entries

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/accounting/journal-entries",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> JournalEntriesResponse | ProblemBody | None:
    if response.status_code == 200:
        response_200 = JournalEntriesResponse.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[JournalEntriesResponse | ProblemBody]:
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
    status: EntryStatusName | Unset = UNSET,
    currency: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: FormatName | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,

) -> Response[JournalEntriesResponse | ProblemBody]:
    """ A month's journal entries: one balanced entry per contract with activity in it, dated
    the month's last day, with stable ids. JSON pages by default; format=csv (or
    Accept: text/csv) streams the whole month as CSV for a general-ledger import.

    Args:
        period (str):
        status (EntryStatusName | Unset):
        currency (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):
        format_ (FormatName | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):
        since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JournalEntriesResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
status=status,
currency=currency,
limit=limit,
cursor=cursor,
format_=format_,
entries=entries,
as_of=as_of,
since=since,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    period: str,
    status: EntryStatusName | Unset = UNSET,
    currency: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: FormatName | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,

) -> JournalEntriesResponse | ProblemBody | None:
    """ A month's journal entries: one balanced entry per contract with activity in it, dated
    the month's last day, with stable ids. JSON pages by default; format=csv (or
    Accept: text/csv) streams the whole month as CSV for a general-ledger import.

    Args:
        period (str):
        status (EntryStatusName | Unset):
        currency (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):
        format_ (FormatName | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):
        since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JournalEntriesResponse | ProblemBody
     """


    return sync_detailed(
        client=client,
period=period,
status=status,
currency=currency,
limit=limit,
cursor=cursor,
format_=format_,
entries=entries,
as_of=as_of,
since=since,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    period: str,
    status: EntryStatusName | Unset = UNSET,
    currency: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: FormatName | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,

) -> Response[JournalEntriesResponse | ProblemBody]:
    """ A month's journal entries: one balanced entry per contract with activity in it, dated
    the month's last day, with stable ids. JSON pages by default; format=csv (or
    Accept: text/csv) streams the whole month as CSV for a general-ledger import.

    Args:
        period (str):
        status (EntryStatusName | Unset):
        currency (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):
        format_ (FormatName | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):
        since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JournalEntriesResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
status=status,
currency=currency,
limit=limit,
cursor=cursor,
format_=format_,
entries=entries,
as_of=as_of,
since=since,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    period: str,
    status: EntryStatusName | Unset = UNSET,
    currency: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: FormatName | Unset = UNSET,
    entries: EntryScopeName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,

) -> JournalEntriesResponse | ProblemBody | None:
    """ A month's journal entries: one balanced entry per contract with activity in it, dated
    the month's last day, with stable ids. JSON pages by default; format=csv (or
    Accept: text/csv) streams the whole month as CSV for a general-ledger import.

    Args:
        period (str):
        status (EntryStatusName | Unset):
        currency (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):
        format_ (FormatName | Unset):
        entries (EntryScopeName | Unset):
        as_of (datetime.datetime | Unset):
        since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JournalEntriesResponse | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
period=period,
status=status,
currency=currency,
limit=limit,
cursor=cursor,
format_=format_,
entries=entries,
as_of=as_of,
since=since,

    )).parsed
