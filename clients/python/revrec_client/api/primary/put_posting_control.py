from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.posting_control_input import PostingControlInput
from ...models.posting_control_setting import PostingControlSetting
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: PostingControlInput,
    idempotency_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/periods/posting-control",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PostingControlSetting | ProblemBody | None:
    if response.status_code == 200:
        response_200 = PostingControlSetting.from_dict(json.loads(response.content, parse_float=Decimal))



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

    if response.status_code == 408:
        response_408 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_408

    if response.status_code == 409:
        response_409 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_409

    if response.status_code == 413:
        response_413 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_413

    if response.status_code == 415:
        response_415 = ProblemBody.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_415

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PostingControlSetting | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PostingControlInput,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[PostingControlSetting | ProblemBody]:
    """ Set the tenant's posting control (docs/ledger.md, "Posting control"): corrections_only
    refuses a write effective in a closed month unless it says correction=true, for teams
    whose policy forbids silent back-dating. Each change is kept with who made it. Needs
    the close:periods scope.

    Args:
        idempotency_key (None | str | Unset):
        body (PostingControlInput): `PUT /v1/periods/posting-control`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostingControlSetting | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: PostingControlInput,
    idempotency_key: None | str | Unset = UNSET,

) -> PostingControlSetting | ProblemBody | None:
    """ Set the tenant's posting control (docs/ledger.md, "Posting control"): corrections_only
    refuses a write effective in a closed month unless it says correction=true, for teams
    whose policy forbids silent back-dating. Each change is kept with who made it. Needs
    the close:periods scope.

    Args:
        idempotency_key (None | str | Unset):
        body (PostingControlInput): `PUT /v1/periods/posting-control`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostingControlSetting | ProblemBody
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PostingControlInput,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[PostingControlSetting | ProblemBody]:
    """ Set the tenant's posting control (docs/ledger.md, "Posting control"): corrections_only
    refuses a write effective in a closed month unless it says correction=true, for teams
    whose policy forbids silent back-dating. Each change is kept with who made it. Needs
    the close:periods scope.

    Args:
        idempotency_key (None | str | Unset):
        body (PostingControlInput): `PUT /v1/periods/posting-control`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostingControlSetting | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PostingControlInput,
    idempotency_key: None | str | Unset = UNSET,

) -> PostingControlSetting | ProblemBody | None:
    """ Set the tenant's posting control (docs/ledger.md, "Posting control"): corrections_only
    refuses a write effective in a closed month unless it says correction=true, for teams
    whose policy forbids silent back-dating. Each change is kept with who made it. Needs
    the close:periods scope.

    Args:
        idempotency_key (None | str | Unset):
        body (PostingControlInput): `PUT /v1/periods/posting-control`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostingControlSetting | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
