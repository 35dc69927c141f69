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
from ...models.usage_upload_answer import UsageUploadAnswer
from ...models.usage_upload_line import UsageUploadLine
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: UsageUploadLine,
    correction: bool | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    params["correction"] = correction


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/usage-records",
        "params": params,
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/x-ndjson"

    if "json" in _kwargs:
        _kwargs["content"] = json.dumps(_kwargs.pop("json"), default=str)
    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemBody | UsageUploadAnswer | None:
    if response.status_code == 200:
        response_200 = UsageUploadAnswer.from_dict(response.content)



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ProblemBody | UsageUploadAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UsageUploadLine,
    correction: bool | Unset = UNSET,

) -> Response[ProblemBody | UsageUploadAnswer]:
    """ Upload a metering system's usage records, one per line, as NDJSON
    (application/x-ndjson: objects {contract_id, pob_id, record_id, occurred_on, quantity
    | amount}) or CSV (text/csv: a header naming those columns, then one record per line,
    RFC 4180 quoting, no line breaks inside a field). Each line is answered in order by one
    NDJSON line: stored whole (recorded, replayed, restated, as
    POST …/usage would answer it) or refused with its problem; a refused line stores
    nothing and does not stop the others. The records of one contract in a group of lines
    are written in one transaction. At most 64 MiB per upload.

    Args:
        correction (bool | Unset):
        body (UsageUploadLine): One line of an NDJSON upload (a CSV upload names the same columns
            in its header).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | UsageUploadAnswer]
     """


    kwargs = _get_kwargs(
        body=body,
correction=correction,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: UsageUploadLine,
    correction: bool | Unset = UNSET,

) -> ProblemBody | UsageUploadAnswer | None:
    """ Upload a metering system's usage records, one per line, as NDJSON
    (application/x-ndjson: objects {contract_id, pob_id, record_id, occurred_on, quantity
    | amount}) or CSV (text/csv: a header naming those columns, then one record per line,
    RFC 4180 quoting, no line breaks inside a field). Each line is answered in order by one
    NDJSON line: stored whole (recorded, replayed, restated, as
    POST …/usage would answer it) or refused with its problem; a refused line stores
    nothing and does not stop the others. The records of one contract in a group of lines
    are written in one transaction. At most 64 MiB per upload.

    Args:
        correction (bool | Unset):
        body (UsageUploadLine): One line of an NDJSON upload (a CSV upload names the same columns
            in its header).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | UsageUploadAnswer
     """


    return sync_detailed(
        client=client,
body=body,
correction=correction,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UsageUploadLine,
    correction: bool | Unset = UNSET,

) -> Response[ProblemBody | UsageUploadAnswer]:
    """ Upload a metering system's usage records, one per line, as NDJSON
    (application/x-ndjson: objects {contract_id, pob_id, record_id, occurred_on, quantity
    | amount}) or CSV (text/csv: a header naming those columns, then one record per line,
    RFC 4180 quoting, no line breaks inside a field). Each line is answered in order by one
    NDJSON line: stored whole (recorded, replayed, restated, as
    POST …/usage would answer it) or refused with its problem; a refused line stores
    nothing and does not stop the others. The records of one contract in a group of lines
    are written in one transaction. At most 64 MiB per upload.

    Args:
        correction (bool | Unset):
        body (UsageUploadLine): One line of an NDJSON upload (a CSV upload names the same columns
            in its header).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemBody | UsageUploadAnswer]
     """


    kwargs = _get_kwargs(
        body=body,
correction=correction,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: UsageUploadLine,
    correction: bool | Unset = UNSET,

) -> ProblemBody | UsageUploadAnswer | None:
    """ Upload a metering system's usage records, one per line, as NDJSON
    (application/x-ndjson: objects {contract_id, pob_id, record_id, occurred_on, quantity
    | amount}) or CSV (text/csv: a header naming those columns, then one record per line,
    RFC 4180 quoting, no line breaks inside a field). Each line is answered in order by one
    NDJSON line: stored whole (recorded, replayed, restated, as
    POST …/usage would answer it) or refused with its problem; a refused line stores
    nothing and does not stop the others. The records of one contract in a group of lines
    are written in one transaction. At most 64 MiB per upload.

    Args:
        correction (bool | Unset):
        body (UsageUploadLine): One line of an NDJSON upload (a CSV upload names the same columns
            in its header).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemBody | UsageUploadAnswer
     """


    return (await asyncio_detailed(
        client=client,
body=body,
correction=correction,

    )).parsed
