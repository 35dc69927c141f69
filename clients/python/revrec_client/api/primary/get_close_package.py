from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.close_package_out import ClosePackageOut
from ...models.problem_body import ProblemBody
from typing import cast



def _get_kwargs(
    period: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/close-packages/{period}".format(period=quote(str(period), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClosePackageOut | ProblemBody | None:
    if response.status_code == 200:
        response_200 = ClosePackageOut.from_dict(json.loads(response.content, parse_float=Decimal))



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ClosePackageOut | ProblemBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    period: str,
    *,
    client: AuthenticatedClient,

) -> Response[ClosePackageOut | ProblemBody]:
    """ The close package of a closed month (2026-03) or a quarter of closed months
    (2026-Q1): the figures each close froze with their digests; rollforwards of deferred
    revenue, contract assets and receivables; billed against recognized per contract; the
    corrections booked; each month's journal checked against what was frozen; warnings;
    and the facts it all follows from as a hash-chained log that revrec replay computes
    again offline, to the byte. The same bytes on every read while the months stay closed,
    streamed a page of contracts at a time. Accept: application/zip answers a ZIP of CSVs
    with the JSON inside. Needs the read:disclosures scope.

    Args:
        period (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClosePackageOut | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    period: str,
    *,
    client: AuthenticatedClient,

) -> ClosePackageOut | ProblemBody | None:
    """ The close package of a closed month (2026-03) or a quarter of closed months
    (2026-Q1): the figures each close froze with their digests; rollforwards of deferred
    revenue, contract assets and receivables; billed against recognized per contract; the
    corrections booked; each month's journal checked against what was frozen; warnings;
    and the facts it all follows from as a hash-chained log that revrec replay computes
    again offline, to the byte. The same bytes on every read while the months stay closed,
    streamed a page of contracts at a time. Accept: application/zip answers a ZIP of CSVs
    with the JSON inside. Needs the read:disclosures scope.

    Args:
        period (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClosePackageOut | ProblemBody
     """


    return sync_detailed(
        period=period,
client=client,

    ).parsed

async def asyncio_detailed(
    period: str,
    *,
    client: AuthenticatedClient,

) -> Response[ClosePackageOut | ProblemBody]:
    """ The close package of a closed month (2026-03) or a quarter of closed months
    (2026-Q1): the figures each close froze with their digests; rollforwards of deferred
    revenue, contract assets and receivables; billed against recognized per contract; the
    corrections booked; each month's journal checked against what was frozen; warnings;
    and the facts it all follows from as a hash-chained log that revrec replay computes
    again offline, to the byte. The same bytes on every read while the months stay closed,
    streamed a page of contracts at a time. Accept: application/zip answers a ZIP of CSVs
    with the JSON inside. Needs the read:disclosures scope.

    Args:
        period (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClosePackageOut | ProblemBody]
     """


    kwargs = _get_kwargs(
        period=period,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    period: str,
    *,
    client: AuthenticatedClient,

) -> ClosePackageOut | ProblemBody | None:
    """ The close package of a closed month (2026-03) or a quarter of closed months
    (2026-Q1): the figures each close froze with their digests; rollforwards of deferred
    revenue, contract assets and receivables; billed against recognized per contract; the
    corrections booked; each month's journal checked against what was frozen; warnings;
    and the facts it all follows from as a hash-chained log that revrec replay computes
    again offline, to the byte. The same bytes on every read while the months stay closed,
    streamed a page of contracts at a time. Accept: application/zip answers a ZIP of CSVs
    with the JSON inside. Needs the read:disclosures scope.

    Args:
        period (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClosePackageOut | ProblemBody
     """


    return (await asyncio_detailed(
        period=period,
client=client,

    )).parsed
