from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.contract_version_list import ContractVersionList
from ...models.problem_body import ProblemBody
from typing import cast



def _get_kwargs(
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/contracts/{id}/versions".format(id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ContractVersionList | ProblemBody | None:
    if response.status_code == 200:
        response_200 = ContractVersionList.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ContractVersionList | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ContractVersionList | ProblemBody]:
    """ Every version of a contract, first to current, with what each changed: the treatment,
    the catch-up booked in its effective month, the re-allocation of a prospective change,
    what an event recognized.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractVersionList | ProblemBody]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ContractVersionList | ProblemBody | None:
    """ Every version of a contract, first to current, with what each changed: the treatment,
    the catch-up booked in its effective month, the re-allocation of a prospective change,
    what an event recognized.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractVersionList | ProblemBody
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ContractVersionList | ProblemBody]:
    """ Every version of a contract, first to current, with what each changed: the treatment,
    the catch-up booked in its effective month, the re-allocation of a prospective change,
    what an event recognized.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractVersionList | ProblemBody]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ContractVersionList | ProblemBody | None:
    """ Every version of a contract, first to current, with what each changed: the treatment,
    the catch-up booked in its effective month, the re-allocation of a prospective change,
    what an event recognized.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractVersionList | ProblemBody
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
