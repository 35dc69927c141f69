"""End to end with the official MCP Python SDK (`mcp` on PyPI) as the client.

Over Streamable HTTP (both the legacy handshake and the 2026-07-28 discovery) and over
stdio (`revrec mcp`): list the tools, ingest a contract, read its waterfall, and see a
validation failure come back as a result with isError. The SDK validates every
structuredContent against the tool's outputSchema, so the schemas are checked too.

    python scripts/mcp_e2e.py http://127.0.0.1:PORT/mcp TOKEN path/to/revrec DATABASE_URL
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

import anyio
import httpx2
from mcp import StdioServerParameters
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

EXPECTED_TOOLS = [
    "list_contracts",
    "get_contract",
    "modify_contract",
    "activate_contract",
    "terminate_contract",
    "list_contract_versions",
    "explain_contract_month",
    "fulfill_obligation",
    "report_progress",
    "record_usage",
    "list_usage",
    "update_estimate",
    "record_invoice",
    "list_payments",
    "record_payment",
    "get_waterfall",
    "get_note6",
    "list_periods",
    "close_period",
    "list_audit_events",
    "start_recalculation",
    "get_job",
    "ingest_contract",
    "get_journal_entries",
    "get_trial_balance",
]


def contract(number: str) -> dict[str, Any]:
    return {
        "customer_name": "Initech",
        "contract_number": number,
        "currency": "USD",
        "total_amount": "1200.00",
        "start_date": "2026-01-01",
        "end_date": "2026-12-31",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": "1200.00", "ssp_price": "1200.00"},
            {"name": "API calls", "pob_type": "usage", "usage_pricing": {"unit": "api_call", "rate": "0.002"}},
        ],
    }


async def exercise(client: Client, label: str, number: str) -> None:
    tools = await client.list_tools()
    names = [tool.name for tool in tools.tools]
    assert names == EXPECTED_TOOLS, f"{label}: {names}"

    created = await client.call_tool("ingest_contract", contract(number))
    assert not created.is_error, f"{label}: {created}"
    assert created.structured_content is not None
    contract_id = created.structured_content["id"]
    assert created.structured_content["total_value"] == 1200.0, created.structured_content

    waterfall = await client.call_tool("get_waterfall", {"contract_id": contract_id})
    assert not waterfall.is_error, f"{label}: {waterfall}"
    periods = waterfall.structured_content["periods"]
    # Daily convention: January has 31 of 365 days; the months add up to the cent.
    recognized = [Decimal(str(period["recognized_amount"])) for period in periods]
    assert len(periods) == 12 and recognized[0] == Decimal("101.92"), periods
    assert sum(recognized) == Decimal("1200.00"), recognized

    # A usage record rates its month: 1,500 calls at 0.002 are 3.00 of March's revenue.
    calls = created.structured_content["performance_obligations"][1]["id"]
    usage = await client.call_tool(
        "record_usage",
        {"id": contract_id, "pob_id": calls, "record_id": "e2e-1",
         "occurred_on": "2026-03-05", "quantity": "1500"},
    )
    assert not usage.is_error, f"{label}: {usage}"
    assert Decimal(str(usage.structured_content["month"]["rated_amount"])) == Decimal("3.00")
    march = await client.call_tool("list_usage", {"id": contract_id, "pob_id": calls, "period": "2026-03"})
    assert not march.is_error and len(march.structured_content["records"]) == 1, f"{label}: {march}"

    refused = await client.call_tool("ingest_contract", {"customer_name": "Broken"})
    assert refused.is_error, f"{label}: {refused}"
    problem = json.loads(refused.content[0].text)
    assert problem["code"] == "VALIDATION_FAILED", problem
    print(f"{label}: {len(names)} tools, contract {contract_id} ingested, 12 months read, "
          f"a usage record rated, a validation failure came back as isError ({problem['code']})")


async def main(url: str, token: str, binary: str, database_url: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    for mode in ("legacy", "auto"):
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            transport = streamable_http_client(url, http_client=http)
            async with Client(transport, mode=mode) as client:
                await exercise(client, f"HTTP ({mode})", f"E2E-HTTP-{mode}")

    stdio = StdioServerParameters(
        command=binary,
        args=["mcp"],
        env={"REVREC_MCP_TOKEN": token, "REVREC_DATABASE_URL": database_url, "REVREC_LOG": "warn"},
    )
    for mode in ("legacy", "auto"):
        async with Client(stdio, mode=mode) as client:
            await exercise(client, f"stdio ({mode})", f"E2E-STDIO-{mode}")


if __name__ == "__main__":
    anyio.run(main, *sys.argv[1:5])
