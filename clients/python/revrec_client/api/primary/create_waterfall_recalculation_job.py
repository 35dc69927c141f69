from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.job_created import JobCreated
from ...models.problem_body import ProblemBody
from ...models.recalculation_input import RecalculationInput
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: None | RecalculationInput | Unset = UNSET,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["correction"] = correction


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/jobs/recalculate-waterfall",
        "params": params,
    }

    
    if isinstance(body, RecalculationInput):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> JobCreated | ProblemBody | None:
    if response.status_code == 202:
        response_202 = JobCreated.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[JobCreated | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: None | RecalculationInput | Unset = UNSET,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[JobCreated | ProblemBody]:
    """ Start recalculating the tenant's waterfall figures (optionally restated under another
    recognition convention). Poll poll_url for progress and the result.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (None | RecalculationInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobCreated | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,
correction=correction,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: None | RecalculationInput | Unset = UNSET,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> JobCreated | ProblemBody | None:
    """ Start recalculating the tenant's waterfall figures (optionally restated under another
    recognition convention). Poll poll_url for progress and the result.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (None | RecalculationInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobCreated | ProblemBody
     """


    return sync_detailed(
        client=client,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: None | RecalculationInput | Unset = UNSET,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[JobCreated | ProblemBody]:
    """ Start recalculating the tenant's waterfall figures (optionally restated under another
    recognition convention). Poll poll_url for progress and the result.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (None | RecalculationInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobCreated | ProblemBody]
     """


    kwargs = _get_kwargs(
        body=body,
correction=correction,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: None | RecalculationInput | Unset = UNSET,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> JobCreated | ProblemBody | None:
    """ Start recalculating the tenant's waterfall figures (optionally restated under another
    recognition convention). Poll poll_url for progress and the result.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (None | RecalculationInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobCreated | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    )).parsed
