from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import json
from decimal import Decimal

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.payment_intent import PaymentIntent
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/payments/intent",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PaymentIntent | None:
    if response.status_code == 200:
        response_200 = PaymentIntent.from_dict(json.loads(response.content, parse_float=Decimal))



        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PaymentIntent]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[PaymentIntent]:
    """ The merchant, the payment methods, and what each plan pays per priced call, in USD and
    in each payment method's unit (prices). plan_rates and the deprecated rates (the
    sandbox plan's) are kept for older clients.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaymentIntent]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> PaymentIntent | None:
    """ The merchant, the payment methods, and what each plan pays per priced call, in USD and
    in each payment method's unit (prices). plan_rates and the deprecated rates (the
    sandbox plan's) are kept for older clients.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaymentIntent
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[PaymentIntent]:
    """ The merchant, the payment methods, and what each plan pays per priced call, in USD and
    in each payment method's unit (prices). plan_rates and the deprecated rates (the
    sandbox plan's) are kept for older clients.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaymentIntent]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> PaymentIntent | None:
    """ The merchant, the payment methods, and what each plan pays per priced call, in USD and
    in each payment method's unit (prices). plan_rates and the deprecated rates (the
    sandbox plan's) are kept for older clients.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaymentIntent
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
