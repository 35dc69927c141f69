from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.estimate_input import EstimateInput
from ...models.event_recorded import EventRecorded
from ...models.problem_body import ProblemBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: EstimateInput,
    idempotency_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contracts/{id}/estimates".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventRecorded | ProblemBody | None:
    if response.status_code == 201:
        response_201 = EventRecorded.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventRecorded | ProblemBody]:
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
    body: EstimateInput,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[EventRecorded | ProblemBody]:
    """ Re-estimate a variable component as of a day in an open month: a new version whose
    transaction price moves by the change in included_amount, booked as a cumulative
    catch-up on the inception basis in as_of's month (ASC 606-10-32-42..44). Months before
    it never move. A change of method is a 422 ESTIMATE_METHOD_CHANGED; an as_of in a
    closed month a 409 PERIOD_CLOSED.

    Args:
        id (str):
        idempotency_key (None | str | Unset):
        body (EstimateInput): Body of `POST /v1/contracts/{id}/estimates`: a variable component's
            new estimate
            (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
            (`obligation_id` with `expected_usage`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventRecorded | ProblemBody]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: EstimateInput,
    idempotency_key: None | str | Unset = UNSET,

) -> EventRecorded | ProblemBody | None:
    """ Re-estimate a variable component as of a day in an open month: a new version whose
    transaction price moves by the change in included_amount, booked as a cumulative
    catch-up on the inception basis in as_of's month (ASC 606-10-32-42..44). Months before
    it never move. A change of method is a 422 ESTIMATE_METHOD_CHANGED; an as_of in a
    closed month a 409 PERIOD_CLOSED.

    Args:
        id (str):
        idempotency_key (None | str | Unset):
        body (EstimateInput): Body of `POST /v1/contracts/{id}/estimates`: a variable component's
            new estimate
            (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
            (`obligation_id` with `expected_usage`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventRecorded | ProblemBody
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: EstimateInput,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[EventRecorded | ProblemBody]:
    """ Re-estimate a variable component as of a day in an open month: a new version whose
    transaction price moves by the change in included_amount, booked as a cumulative
    catch-up on the inception basis in as_of's month (ASC 606-10-32-42..44). Months before
    it never move. A change of method is a 422 ESTIMATE_METHOD_CHANGED; an as_of in a
    closed month a 409 PERIOD_CLOSED.

    Args:
        id (str):
        idempotency_key (None | str | Unset):
        body (EstimateInput): Body of `POST /v1/contracts/{id}/estimates`: a variable component's
            new estimate
            (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
            (`obligation_id` with `expected_usage`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventRecorded | ProblemBody]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: EstimateInput,
    idempotency_key: None | str | Unset = UNSET,

) -> EventRecorded | ProblemBody | None:
    """ Re-estimate a variable component as of a day in an open month: a new version whose
    transaction price moves by the change in included_amount, booked as a cumulative
    catch-up on the inception basis in as_of's month (ASC 606-10-32-42..44). Months before
    it never move. A change of method is a 422 ESTIMATE_METHOD_CHANGED; an as_of in a
    closed month a 409 PERIOD_CLOSED.

    Args:
        id (str):
        idempotency_key (None | str | Unset):
        body (EstimateInput): Body of `POST /v1/contracts/{id}/estimates`: a variable component's
            new estimate
            (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
            (`obligation_id` with `expected_usage`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventRecorded | ProblemBody
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
