from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.contract import Contract
from ...models.guide_contract_input import GuideContractInput
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: GuideContractInput,
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
        "url": "/api/v1/contracts/ingest",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Contract | ProblemBody | None:
    if response.status_code == 201:
        response_201 = Contract.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Contract | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: GuideContractInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[Contract | ProblemBody]:
    """ Ingest a contract in the guide payload (total_amount, line items with pob_type,
    stated_price and ssp_price): broken into performance obligations, allocated and
    scheduled at once, answered with them.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (GuideContractInput): A contract as submitted to `POST /api/v1/contracts/ingest`
            (docs/asc606.md §2). Required:
            `customer_name`, `start_date`, `end_date`, and `line_items` or `total_amount` (or both);
            the transaction price is `total_amount` when given, else the sum of `stated_price`.
            Beyond the guide payload's fields it takes the primary surface's options.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contract | ProblemBody]
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
    body: GuideContractInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Contract | ProblemBody | None:
    """ Ingest a contract in the guide payload (total_amount, line items with pob_type,
    stated_price and ssp_price): broken into performance obligations, allocated and
    scheduled at once, answered with them.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (GuideContractInput): A contract as submitted to `POST /api/v1/contracts/ingest`
            (docs/asc606.md §2). Required:
            `customer_name`, `start_date`, `end_date`, and `line_items` or `total_amount` (or both);
            the transaction price is `total_amount` when given, else the sum of `stated_price`.
            Beyond the guide payload's fields it takes the primary surface's options.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contract | ProblemBody
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
    body: GuideContractInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[Contract | ProblemBody]:
    """ Ingest a contract in the guide payload (total_amount, line items with pob_type,
    stated_price and ssp_price): broken into performance obligations, allocated and
    scheduled at once, answered with them.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (GuideContractInput): A contract as submitted to `POST /api/v1/contracts/ingest`
            (docs/asc606.md §2). Required:
            `customer_name`, `start_date`, `end_date`, and `line_items` or `total_amount` (or both);
            the transaction price is `total_amount` when given, else the sum of `stated_price`.
            Beyond the guide payload's fields it takes the primary surface's options.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contract | ProblemBody]
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
    body: GuideContractInput,
    correction: bool | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,

) -> Contract | ProblemBody | None:
    """ Ingest a contract in the guide payload (total_amount, line items with pob_type,
    stated_price and ssp_price): broken into performance obligations, allocated and
    scheduled at once, answered with them.

    Args:
        correction (bool | Unset):
        idempotency_key (None | str | Unset):
        body (GuideContractInput): A contract as submitted to `POST /api/v1/contracts/ingest`
            (docs/asc606.md §2). Required:
            `customer_name`, `start_date`, `end_date`, and `line_items` or `total_amount` (or both);
            the transaction price is `total_amount` when given, else the sum of `stated_price`.
            Beyond the guide payload's fields it takes the primary surface's options.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contract | ProblemBody
     """


    return (await asyncio_detailed(
        client=client,
body=body,
correction=correction,
idempotency_key=idempotency_key,

    )).parsed
