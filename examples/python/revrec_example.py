"""revrec from Python through the committed client package (clients/python).

Ingests a 1,000.00 contract recognized in twelve equal months and checks that its months add
up to exactly 1,000.00, reads a quarter's Note 6, pages the contract list with the cursor,
retries an ingest under the same Idempotency-Key, ingests a yen contract, records a usage
line's March and reads it back rated to exactly 190.00, and handles a 422 by its code. Amounts
arrive as `Decimal`, written with the currency's decimals as the server
sent them.

    python revrec_example.py [BASE_URL] [TOKEN]     # defaults: http://127.0.0.1:8080 rr_test_sandbox

`examples/python/run.sh BASE_URL TOKEN` installs the client into a fresh venv, type-checks
this file with mypy --strict and runs it. An unexpected answer raises, so the exit status
says whether every step held.
"""

from __future__ import annotations

import datetime
import sys
import uuid
from decimal import Decimal

from revrec_client import AuthenticatedClient
from revrec_client.api.primary import (
    get_note_6_disclosures,
    get_revenue_waterfalls,
    ingest_contract,
    list_contracts,
    list_usage,
    record_usage,
)
from revrec_client.models import (
    Contract,
    ContractInput,
    ContractList,
    ConventionName,
    LineItemInput,
    Note6Response,
    PobTypeName,
    TierInput,
    UsageMonthList,
    UsagePricingInput,
    UsageRecorded,
    UsageRecordInput,
    WaterfallResponse,
)
from revrec_client.problems import RevrecProblem, expect
from revrec_client.types import UNSET, Unset


def ingest(client: AuthenticatedClient, body: ContractInput, key: str | None = None) -> Contract:
    answer = ingest_contract.sync_detailed(client=client, body=body, idempotency_key=key or str(uuid.uuid4()))
    return expect(answer, Contract)


def waterfall_adds_up(client: AuthenticatedClient, contract: Contract) -> None:
    """The contract's months, added as Decimals, equal its total to the cent."""
    answer = expect(get_revenue_waterfalls.sync_detailed(
        client=client, contract_id=contract.id, start_period="2026-01", end_period="2026-12"
    ), WaterfallResponse)
    for period in answer.periods:
        print(f"  {period.period}  recognized {period.recognized_amount:>8}  deferred {period.deferred_balance:>8}")
    total = sum((period.recognized_amount for period in answer.periods), Decimal("0"))
    as_floats = sum(float(period.recognized_amount) for period in answer.periods)
    print(f"  sum of the months: {total} (as binary floats it would be {as_floats!r})")
    assert len(answer.periods) == 12, len(answer.periods)
    assert total == contract.total_value == Decimal("1000.00"), (total, contract.total_value)
    assert str(total) == "1000.00", total
    assert answer.total_recognized == total


def note6(client: AuthenticatedClient) -> None:
    answer = expect(get_note_6_disclosures.sync_detailed(client=client, period="2026-Q2", currency="USD"), Note6Response)
    print(f"  Note 6, {answer.period}: revenue {answer.total_revenue} {answer.currency}, "
          f"RPO {answer.rpo_total} (next 12 months {answer.rpo_next_12_months}, "
          f"thereafter {answer.rpo_thereafter})")
    for pob_type, amount in sorted(answer.disaggregated_revenue.additional_properties.items()):
        print(f"    {pob_type}: {amount}")
    assert answer.rpo_next_12_months + answer.rpo_thereafter == answer.rpo_total
    parts = sum(answer.disaggregated_revenue.additional_properties.values(), Decimal("0"))
    assert parts == answer.total_revenue, (parts, answer.total_revenue)
    # Amounts keep the currency's two decimals as sent: 0.00, not 0.
    assert answer.rpo_total.as_tuple().exponent == -2, answer.rpo_total


def page_through(client: AuthenticatedClient, tag: str, expected: set[str]) -> None:
    """Follow `next_cursor` two contracts at a time until the list ends."""
    seen: list[str] = []
    cursor: str | Unset = UNSET
    pages = 0
    while True:
        page = expect(list_contracts.sync_detailed(client=client, query=tag, limit=2, cursor=cursor), ContractList)
        pages += 1
        seen.extend(contract.id for contract in page.data)
        assert page.total == len(expected), page.total
        if not isinstance(page.next_cursor, str):
            break
        cursor = page.next_cursor
    print(f"  {len(seen)} contracts in {pages} pages")
    assert sorted(seen) == sorted(expected), seen
    assert pages == (len(expected) + 1) // 2


def idempotent_retry(client: AuthenticatedClient, tag: str) -> None:
    """The same Idempotency-Key twice: the second answer replays the first contract."""
    key = str(uuid.uuid4())
    body = ContractInput(
        customer_name=f"Retry Ltd {tag}",
        total_value=Decimal("2400.00"),
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    first = ingest(client, body, key)
    again = ingest(client, body, key)
    print(f"  first {first.id}, retried {again.id}")
    assert first.id == again.id, (first.id, again.id)


def usage_month(client: AuthenticatedClient) -> None:
    """A usage line's March: 110,000 calls rate to exactly 190.00, and a resent record is a replay."""
    contract = ingest(client, ContractInput(
        customer_name="Usage Example",
        currency="USD",
        total_value=Decimal("12000.00"),
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        line_items=[
            LineItemInput(name="Platform", pob_type=PobTypeName.SUBSCRIPTION, stated_price=Decimal("12000.00")),
            LineItemInput(name="API calls", pob_type=PobTypeName.USAGE, usage_pricing=UsagePricingInput(
                unit="api_call",
                rate=Decimal("0.001"),
                included_per_month=Decimal("10000"),
                tiers=[TierInput(up_to=Decimal("100000"), rate=Decimal("0.002"))],
            )),
        ],
    ))
    obligations = contract.performance_obligations
    assert isinstance(obligations, list) and len(obligations) == 2, obligations
    usage = obligations[1]
    assert usage.recognition == "usage" and usage.id.startswith("pob_"), (usage.recognition, usage.id)

    def record(record_id: str, day: int, quantity: str) -> tuple[int, UsageRecorded]:
        # The record id makes a resend safe: the same body again is a replay, not a second record.
        body = UsageRecordInput(record_id=record_id, occurred_on=datetime.date(2026, 3, day), quantity=Decimal(quantity))
        answer = record_usage.sync_detailed(contract.id, usage.id, client=client, body=body)
        return int(answer.status_code), expect(answer, UsageRecorded)

    status, first = record("evt-1", 3, "60000")
    assert (status, first.status) == (201, "recorded"), (status, first.status)
    status, second = record("evt-2", 20, "50000")
    assert (status, second.status) == (201, "recorded"), (status, second.status)
    # 90,000 calls at 0.002 past the 10,000 included, then 10,000 past the tier at 0.001.
    assert second.month.rated_amount == Decimal("190.00") and str(second.month.rated_amount) == "190.00", second.month
    status, again = record("evt-2", 20, "50000")
    assert (status, again.status) == (200, "replayed"), (status, again.status)

    answer = expect(list_usage.sync_detailed(contract.id, usage.id, client=client, period="2026-03"), UsageMonthList)
    month = answer.month
    print(f"  {month.period}: {month.quantity} {month.unit} in {len(answer.records)} records rated "
          f"{month.rated_amount} {month.currency} (evt-2 resent: {again.status})")
    assert len(answer.records) == 2, answer.records
    assert isinstance(month.rated_amount, Decimal) and month.rated_amount == Decimal("190.00"), month.rated_amount
    assert str(month.rated_amount) == "190.00", month.rated_amount
    assert month.quantity == Decimal("110000"), month.quantity


def problem_422(client: AuthenticatedClient) -> None:
    """A total with a tenth of a cent is refused: a RevrecProblem with the field's error."""
    body = ContractInput(
        customer_name="Too Precise Ltd",
        total_value="100.001",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    try:
        ingest(client, body)
    except RevrecProblem as problem:
        fields = [error.field for error in problem.errors]
        print(f"  {problem.status} {problem.code}: {problem.message} (fields: {', '.join(fields)}; hint: {problem.hint})")
        assert problem.status == 422, problem.status
        if problem.code != "VALIDATION_FAILED":
            raise
        assert "total_value" in fields, fields
    else:
        raise AssertionError("an amount with a tenth of a cent was accepted")


def main() -> None:
    base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
    token = sys.argv[2] if len(sys.argv) > 2 else "rr_test_sandbox"
    client = AuthenticatedClient(base_url=base_url, token=token, raise_on_unexpected_status=True)
    tag = f"py-example-{uuid.uuid4().hex[:8]}"

    print("Ingest a 1,000.00 contract recognized in twelve equal months")
    contract = ingest(client, ContractInput(
        customer_name=f"Exact Co {tag}",
        total_value=Decimal("1000.00"),
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        recognition_convention=ConventionName.MONTHLY_EQUAL,
    ))
    print(f"  {contract.id} version {contract.version}, total {contract.total_value} {contract.currency}")

    print("Its waterfall")
    waterfall_adds_up(client, contract)

    print("Note 6 for 2026-Q2")
    note6(client)

    print("Page the contract list")
    others = [ingest(client, ContractInput(
        customer_name=f"Paged {n} {tag}",
        total_value="1200.00",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
    )) for n in range(4)]
    page_through(client, tag, {contract.id, *(other.id for other in others)})

    print("Retry an ingest under the same Idempotency-Key")
    idempotent_retry(client, tag)

    print("A yen contract: amounts written without decimals are Decimals too")
    yen = ingest(client, ContractInput(
        customer_name=f"Kabushiki {tag}",
        currency="JPY",
        total_value=Decimal("120000"),
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        recognition_convention=ConventionName.MONTHLY_EQUAL,
    ))
    print(f"  total {yen.total_value} {yen.currency}")
    assert isinstance(yen.total_value, Decimal) and yen.total_value == 120000

    print("A usage line: record March's API calls and read the rated month back")
    usage_month(client)

    print("A 422 problem, handled by its code")
    problem_422(client)
    print("python example: every step held")


if __name__ == "__main__":
    main()
