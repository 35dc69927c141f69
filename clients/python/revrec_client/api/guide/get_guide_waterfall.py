from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.granularity_name import GranularityName
from ...models.group_by_name import GroupByName
from ...models.guide_waterfall_response import GuideWaterfallResponse
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    period: str,
    granularity: GranularityName | Unset = UNSET,
    currency: str | Unset = UNSET,
    group_by: GroupByName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["period"] = period

    json_granularity: str | Unset = UNSET
    if not isinstance(granularity, Unset):
        json_granularity = granularity.value

    params["granularity"] = json_granularity

    params["currency"] = currency

    json_group_by: str | Unset = UNSET
    if not isinstance(group_by, Unset):
        json_group_by = group_by.value

    params["group_by"] = json_group_by

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/reports/waterfall",
        "params": params,
    }


    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | GuideWaterfallResponse | ProblemBody | None:
    if response.status_code == 200:
        response_200 = GuideWaterfallResponse.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | GuideWaterfallResponse | ProblemBody]:
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
    granularity: GranularityName | Unset = UNSET,
    currency: str | Unset = UNSET,
    group_by: GroupByName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,

) -> Response[Any | GuideWaterfallResponse | ProblemBody]:
    """ Recognized revenue and the deferred balance of the tenant's portfolio over one year,
    read from the monthly rollups (its cost does not grow with the number of contracts).

    Args:
        period (str):
        granularity (GranularityName | Unset):
        currency (str | Unset):
        group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows
            by obligation type) or
            `obligation` (one contract's rows by obligation; needs `contract_id`).
        as_of (datetime.datetime | Unset):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GuideWaterfallResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
granularity=granularity,
currency=currency,
group_by=group_by,
as_of=as_of,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    period: str,
    granularity: GranularityName | Unset = UNSET,
    currency: str | Unset = UNSET,
    group_by: GroupByName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,

) -> Any | GuideWaterfallResponse | ProblemBody | None:
    """ Recognized revenue and the deferred balance of the tenant's portfolio over one year,
    read from the monthly rollups (its cost does not grow with the number of contracts).

    Args:
        period (str):
        granularity (GranularityName | Unset):
        currency (str | Unset):
        group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows
            by obligation type) or
            `obligation` (one contract's rows by obligation; needs `contract_id`).
        as_of (datetime.datetime | Unset):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GuideWaterfallResponse | ProblemBody
     """


    return sync_detailed(
        client=client,
period=period,
granularity=granularity,
currency=currency,
group_by=group_by,
as_of=as_of,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    period: str,
    granularity: GranularityName | Unset = UNSET,
    currency: str | Unset = UNSET,
    group_by: GroupByName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,

) -> Response[Any | GuideWaterfallResponse | ProblemBody]:
    """ Recognized revenue and the deferred balance of the tenant's portfolio over one year,
    read from the monthly rollups (its cost does not grow with the number of contracts).

    Args:
        period (str):
        granularity (GranularityName | Unset):
        currency (str | Unset):
        group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows
            by obligation type) or
            `obligation` (one contract's rows by obligation; needs `contract_id`).
        as_of (datetime.datetime | Unset):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GuideWaterfallResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,
granularity=granularity,
currency=currency,
group_by=group_by,
as_of=as_of,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    period: str,
    granularity: GranularityName | Unset = UNSET,
    currency: str | Unset = UNSET,
    group_by: GroupByName | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,

) -> Any | GuideWaterfallResponse | ProblemBody | None:
    """ Recognized revenue and the deferred balance of the tenant's portfolio over one year,
    read from the monthly rollups (its cost does not grow with the number of contracts).

    Args:
        period (str):
        granularity (GranularityName | Unset):
        currency (str | Unset):
        group_by (GroupByName | Unset): `group_by`: `pob_type` (a portfolio's or a contract's rows
            by obligation type) or
            `obligation` (one contract's rows by obligation; needs `contract_id`).
        as_of (datetime.datetime | Unset):
        if_none_match (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GuideWaterfallResponse | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
period=period,
granularity=granularity,
currency=currency,
group_by=group_by,
as_of=as_of,
if_none_match=if_none_match,

    )).parsed
