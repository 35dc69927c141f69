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
from ...models.revocation_request_form import RevocationRequestForm
from typing import cast



def _get_kwargs(
    *,
    body: RevocationRequestForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/revoke",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ProblemBody | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RevocationRequestForm,

) -> Response[Any | ProblemBody]:
    """ Revokes one of the calling client's access tokens (RFC 7009): from this answer on,
    the token is refused (401 invalid_token) on every instance. The client authenticates
    as at the token endpoint (HTTP Basic or client_id and client_secret in the form),
    under the same limit of failed authentications. An unknown token, one already revoked
    or expired, and another client's token all answer 200 and change nothing (RFC 7009
    §2.2), so the answer tells nothing about tokens the client does not hold.

    Args:
        body (RevocationRequestForm): The revocation request's form fields (RFC 7009 §2.1), for
            the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemBody]
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
    body: RevocationRequestForm,

) -> Any | ProblemBody | None:
    """ Revokes one of the calling client's access tokens (RFC 7009): from this answer on,
    the token is refused (401 invalid_token) on every instance. The client authenticates
    as at the token endpoint (HTTP Basic or client_id and client_secret in the form),
    under the same limit of failed authentications. An unknown token, one already revoked
    or expired, and another client's token all answer 200 and change nothing (RFC 7009
    §2.2), so the answer tells nothing about tokens the client does not hold.

    Args:
        body (RevocationRequestForm): The revocation request's form fields (RFC 7009 §2.1), for
            the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemBody
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RevocationRequestForm,

) -> Response[Any | ProblemBody]:
    """ Revokes one of the calling client's access tokens (RFC 7009): from this answer on,
    the token is refused (401 invalid_token) on every instance. The client authenticates
    as at the token endpoint (HTTP Basic or client_id and client_secret in the form),
    under the same limit of failed authentications. An unknown token, one already revoked
    or expired, and another client's token all answer 200 and change nothing (RFC 7009
    §2.2), so the answer tells nothing about tokens the client does not hold.

    Args:
        body (RevocationRequestForm): The revocation request's form fields (RFC 7009 §2.1), for
            the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ProblemBody]
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
    body: RevocationRequestForm,

) -> Any | ProblemBody | None:
    """ Revokes one of the calling client's access tokens (RFC 7009): from this answer on,
    the token is refused (401 invalid_token) on every instance. The client authenticates
    as at the token endpoint (HTTP Basic or client_id and client_secret in the form),
    under the same limit of failed authentications. An unknown token, one already revoked
    or expired, and another client's token all answer 200 and change nothing (RFC 7009
    §2.2), so the answer tells nothing about tokens the client does not hold.

    Args:
        body (RevocationRequestForm): The revocation request's form fields (RFC 7009 §2.1), for
            the OpenAPI document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
