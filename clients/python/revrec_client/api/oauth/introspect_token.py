from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.introspection_request_form import IntrospectionRequestForm
from ...models.introspection_response import IntrospectionResponse
from ...models.problem_body import ProblemBody
from typing import cast



def _get_kwargs(
    *,
    body: IntrospectionRequestForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/introspect",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IntrospectionResponse | ProblemBody | None:
    if response.status_code == 200:
        response_200 = IntrospectionResponse.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

    if response.status_code == 400:
        response_400 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_400

    if response.status_code == 401:
        response_401 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_401

    if response.status_code == 413:
        response_413 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_413

    if response.status_code == 429:
        response_429 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[IntrospectionResponse | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: IntrospectionRequestForm,

) -> Response[IntrospectionResponse | ProblemBody]:
    """ Describes one of the calling client's access tokens (RFC 7662). The client
    authenticates as at the token endpoint, under the same limit of failed
    authentications. A token that is unknown, expired, revoked, of a revoked client or
    issued to another client is {"active": false}.

    Args:
        body (IntrospectionRequestForm): The introspection request's form fields (RFC 7662 §2.1),
            for the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IntrospectionResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: IntrospectionRequestForm,

) -> IntrospectionResponse | ProblemBody | None:
    """ Describes one of the calling client's access tokens (RFC 7662). The client
    authenticates as at the token endpoint, under the same limit of failed
    authentications. A token that is unknown, expired, revoked, of a revoked client or
    issued to another client is {"active": false}.

    Args:
        body (IntrospectionRequestForm): The introspection request's form fields (RFC 7662 §2.1),
            for the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IntrospectionResponse | ProblemBody
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: IntrospectionRequestForm,

) -> Response[IntrospectionResponse | ProblemBody]:
    """ Describes one of the calling client's access tokens (RFC 7662). The client
    authenticates as at the token endpoint, under the same limit of failed
    authentications. A token that is unknown, expired, revoked, of a revoked client or
    issued to another client is {"active": false}.

    Args:
        body (IntrospectionRequestForm): The introspection request's form fields (RFC 7662 §2.1),
            for the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IntrospectionResponse | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: IntrospectionRequestForm,

) -> IntrospectionResponse | ProblemBody | None:
    """ Describes one of the calling client's access tokens (RFC 7662). The client
    authenticates as at the token endpoint, under the same limit of failed
    authentications. A token that is unknown, expired, revoked, of a revoked client or
    issued to another client is {"active": false}.

    Args:
        body (IntrospectionRequestForm): The introspection request's form fields (RFC 7662 §2.1),
            for the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IntrospectionResponse | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
