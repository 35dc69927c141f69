"""Paying for a priced call over HTTP 402 with the client's MPP helper (docs/payments.md).

Needs a server where the caller's plan has a price, e.g. the sandbox tenant with
`REVREC_CALL_PRICES=sandbox=0.05`; scripts/clients_e2e.sh starts one. The sandbox rail pays
with `{"token": "tok_sandbox_ok"}` and declines `tok_sandbox_declined`.

    python revrec_paid_example.py BASE_URL TOKEN
"""

from __future__ import annotations

import datetime
import sys
import uuid
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from revrec_client import AuthenticatedClient
from revrec_client.api.primary import ingest_contract
from revrec_client.models import Contract, ContractInput
from revrec_client.payments import PaymentChallenge, call_paying, challenges_of, payment_receipt
from revrec_client.problems import RevrecProblem, expect


class SandboxPayer:
    """Pays the sandbox rail's challenge with a fixed token, and counts what it paid."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.paid: list[PaymentChallenge] = []

    def __call__(self, challenges: Sequence[PaymentChallenge]) -> tuple[PaymentChallenge, Mapping[str, Any]]:
        chosen = next(challenge for challenge in challenges if challenge.method == "sandbox")
        self.paid.append(chosen)
        return chosen, {"token": self.token}


def main() -> None:
    base_url, token = sys.argv[1], sys.argv[2]
    client = AuthenticatedClient(base_url=base_url, token=token)
    tag = f"py-paid-{uuid.uuid4().hex[:8]}"
    body = ContractInput(
        customer_name=f"Paid Co {tag}",
        total_value=Decimal("600.00"),
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 6, 30),
    )

    print("An unpaid call: 402 with one challenge per rail")
    unpaid = ingest_contract.sync_detailed(client=client, body=body, idempotency_key=str(uuid.uuid4()))
    challenges = challenges_of(unpaid)
    for challenge in challenges:
        charge = challenge.charge()
        print(f"  {challenge.method}/{challenge.intent}: {charge['amount']} {charge['currency']} minor units, "
              f"'{charge['description']}', expires {challenge.expires}, credential in {challenge.header}")
    try:
        expect(unpaid, Contract)
        raise AssertionError("a priced call ran unpaid")
    except RevrecProblem as problem:
        assert problem.status == 402 and problem.code == "PAYMENT_REQUIRED", problem
    assert any(challenge.method == "sandbox" for challenge in challenges), challenges

    print("Pay with the sandbox rail, then retry under the same Idempotency-Key")
    key = str(uuid.uuid4())
    payer = SandboxPayer("tok_sandbox_ok")
    paid = call_paying(client, lambda c: ingest_contract.sync_detailed(client=c, body=body, idempotency_key=key), payer)
    contract = expect(paid, Contract)
    receipt = payment_receipt(paid)
    print(f"  {contract.id}, total {contract.total_value}; receipt {receipt}")
    assert receipt is not None and receipt["status"] == "success" and receipt["method"] == "sandbox", receipt
    assert len(payer.paid) == 1
    replay = call_paying(client, lambda c: ingest_contract.sync_detailed(client=c, body=body, idempotency_key=key), payer)
    assert expect(replay, Contract).id == contract.id
    assert len(payer.paid) == 1, "a replayed paid write must not be paid again"
    print(f"  the retry replayed {contract.id} without paying again")

    print("A declined payment is a problem with its own code")
    declining = SandboxPayer("tok_sandbox_declined")
    declined = call_paying(client, lambda c: ingest_contract.sync_detailed(
        client=c, body=body, idempotency_key=str(uuid.uuid4())), declining)
    try:
        expect(declined, Contract)
        raise AssertionError("a declined payment was accepted")
    except RevrecProblem as problem:
        print(f"  {problem.status} {problem.code}: {problem.message}")
        assert problem.code == "PAYMENT_VERIFICATION_FAILED", problem.code
    print("python paid example: every step held")


if __name__ == "__main__":
    main()
