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
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    route: str | Unset = UNSET,
    plan: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["route"] = route

    params["plan"] = plan


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/payments/challenge",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemBody | None:
    if response.status_code == 400:
        response_400 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_400

    if response.status_code == 402:
        response_402 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_402

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    route: str | Unset = UNSET,
    plan: str | Unset = UNSET,

) -> Response[ProblemBody]:
    """ Always 402: one WWW-Authenticate: Payment challenge per payment method for the
    named call at the named plan's price, so a client can see the terms before calling.
    Nobody authenticates here, so these challenges are issued to no caller and pay for no
    call: a priced call's own 402 carries challenges issued to its caller.

    Args:
        route (str | Unset):
        plan (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody]
     """


    kwargs = _get_kwargs(
        route=route,
plan=plan,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    route: str | Unset = UNSET,
    plan: str | Unset = UNSET,

) -> ProblemBody | None:
    """ Always 402: one WWW-Authenticate: Payment challenge per payment method for the
    named call at the named plan's price, so a client can see the terms before calling.
    Nobody authenticates here, so these challenges are issued to no caller and pay for no
    call: a priced call's own 402 carries challenges issued to its caller.

    Args:
        route (str | Unset):
        plan (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody
     """


    return sync_detailed(
        client=client,
route=route,
plan=plan,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    route: str | Unset = UNSET,
    plan: str | Unset = UNSET,

) -> Response[ProblemBody]:
    """ Always 402: one WWW-Authenticate: Payment challenge per payment method for the
    named call at the named plan's price, so a client can see the terms before calling.
    Nobody authenticates here, so these challenges are issued to no caller and pay for no
    call: a priced call's own 402 carries challenges issued to its caller.

    Args:
        route (str | Unset):
        plan (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody]
     """


    kwargs = _get_kwargs(
        route=route,
plan=plan,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    route: str | Unset = UNSET,
    plan: str | Unset = UNSET,

) -> ProblemBody | None:
    """ Always 402: one WWW-Authenticate: Payment challenge per payment method for the
    named call at the named plan's price, so a client can see the terms before calling.
    Nobody authenticates here, so these challenges are issued to no caller and pay for no
    call: a priced call's own 402 carries challenges issued to its caller.

    Args:
        route (str | Unset):
        plan (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
route=route,
plan=plan,

    )).parsed
