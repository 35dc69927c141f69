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
from ...models.token_request_form import TokenRequestForm
from ...models.token_response import TokenResponse
from typing import cast



def _get_kwargs(
    *,
    body: TokenRequestForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemBody | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ProblemBody | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenRequestForm,

) -> Response[ProblemBody | TokenResponse]:
    """ An access token for a machine client (RFC 6749 §4.4). The body is a form
    (application/x-www-form-urlencoded): grant_type=client_credentials and optionally
    scope. The client authenticates with HTTP Basic (client_secret_basic) or with
    client_id and client_secret in the body (client_secret_post), never both. Failed
    client authentications are limited per client id and per address: past the limit every
    attempt is 429 until the minute ends.

    Args:
        body (TokenRequestForm): The token request's form fields (RFC 6749 §4.4.2, §2.3.1), for
            the OpenAPI document;
            the handler reads the form itself, to refuse repeated parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | TokenResponse]
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
    body: TokenRequestForm,

) -> ProblemBody | TokenResponse | None:
    """ An access token for a machine client (RFC 6749 §4.4). The body is a form
    (application/x-www-form-urlencoded): grant_type=client_credentials and optionally
    scope. The client authenticates with HTTP Basic (client_secret_basic) or with
    client_id and client_secret in the body (client_secret_post), never both. Failed
    client authentications are limited per client id and per address: past the limit every
    attempt is 429 until the minute ends.

    Args:
        body (TokenRequestForm): The token request's form fields (RFC 6749 §4.4.2, §2.3.1), for
            the OpenAPI document;
            the handler reads the form itself, to refuse repeated parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | TokenResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenRequestForm,

) -> Response[ProblemBody | TokenResponse]:
    """ An access token for a machine client (RFC 6749 §4.4). The body is a form
    (application/x-www-form-urlencoded): grant_type=client_credentials and optionally
    scope. The client authenticates with HTTP Basic (client_secret_basic) or with
    client_id and client_secret in the body (client_secret_post), never both. Failed
    client authentications are limited per client id and per address: past the limit every
    attempt is 429 until the minute ends.

    Args:
        body (TokenRequestForm): The token request's form fields (RFC 6749 §4.4.2, §2.3.1), for
            the OpenAPI document;
            the handler reads the form itself, to refuse repeated parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | TokenResponse]
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
    body: TokenRequestForm,

) -> ProblemBody | TokenResponse | None:
    """ An access token for a machine client (RFC 6749 §4.4). The body is a form
    (application/x-www-form-urlencoded): grant_type=client_credentials and optionally
    scope. The client authenticates with HTTP Basic (client_secret_basic) or with
    client_id and client_secret in the body (client_secret_post), never both. Failed
    client authentications are limited per client id and per address: past the limit every
    attempt is 429 until the minute ends.

    Args:
        body (TokenRequestForm): The token request's form fields (RFC 6749 §4.4.2, §2.3.1), for
            the OpenAPI document;
            the handler reads the form itself, to refuse repeated parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | TokenResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
