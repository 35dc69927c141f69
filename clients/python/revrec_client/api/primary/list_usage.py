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
from ...models.usage_month_list import UsageMonthList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    pob_id: str,
    *,
    period: str,
    if_none_match: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["period"] = period


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/contracts/{id}/obligations/{pob_id}/usage".format(id=quote(str(id), safe=""),pob_id=quote(str(pob_id), safe=""),),
        "params": params,
    }


    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ProblemBody | UsageMonthList | None:
    if response.status_code == 200:
        response_200 = UsageMonthList.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ProblemBody | UsageMonthList]:
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
    period: str,
    if_none_match: None | str | Unset = UNSET,

) -> Response[Any | ProblemBody | UsageMonthList]:
    """ A usage line's month: its units, the amounts its records carried, the revenue they
    rate, and every record (the latest revision of each, by day then id).

    Args:
        id (str):
        pob_id (str):
        period (str):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemBody | UsageMonthList]
     """


    kwargs = _get_kwargs(
        id=id,
pob_id=pob_id,
period=period,
if_none_match=if_none_match,

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
    period: str,
    if_none_match: None | str | Unset = UNSET,

) -> Any | ProblemBody | UsageMonthList | None:
    """ A usage line's month: its units, the amounts its records carried, the revenue they
    rate, and every record (the latest revision of each, by day then id).

    Args:
        id (str):
        pob_id (str):
        period (str):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemBody | UsageMonthList
     """


    return sync_detailed(
        id=id,
pob_id=pob_id,
client=client,
period=period,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    pob_id: str,
    *,
    client: AuthenticatedClient,
    period: str,
    if_none_match: None | str | Unset = UNSET,

) -> Response[Any | ProblemBody | UsageMonthList]:
    """ A usage line's month: its units, the amounts its records carried, the revenue they
    rate, and every record (the latest revision of each, by day then id).

    Args:
        id (str):
        pob_id (str):
        period (str):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemBody | UsageMonthList]
     """


    kwargs = _get_kwargs(
        id=id,
pob_id=pob_id,
period=period,
if_none_match=if_none_match,

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
    period: str,
    if_none_match: None | str | Unset = UNSET,

) -> Any | ProblemBody | UsageMonthList | None:
    """ A usage line's month: its units, the amounts its records carried, the revenue they
    rate, and every record (the latest revision of each, by day then id).

    Args:
        id (str):
        pob_id (str):
        period (str):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemBody | UsageMonthList
     """


    return (await asyncio_detailed(
        id=id,
pob_id=pob_id,
client=client,
period=period,
if_none_match=if_none_match,

    )).parsed
