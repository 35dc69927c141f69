// revrec from TypeScript through the committed client package (clients/typescript).
//
// Ingests a 1,000.00 contract recognized in twelve equal months and checks that its months add
// up to exactly 1,000.00, reads a quarter's Note 6, pages the contract list with the cursor,
// retries an ingest under the same Idempotency-Key, ingests a yen contract, records a usage
// line's March and reads it back rated to exactly 190.00, and handles a 422 by its code.
// Amounts arrive as decimal.js Decimals that print as the server wrote them
// (`5381589.10`, `0.00`), never as JS numbers.
//
//   node revrec_example.js [BASE_URL] [TOKEN]   # defaults: http://127.0.0.1:8080 rr_test_sandbox
//
// `examples/typescript/run.sh BASE_URL TOKEN` installs the package into a fresh npm project,
// type-checks this file with tsc --strict and runs it. An unexpected answer throws, so the
// exit status says whether every step held.
import { randomUUID } from "node:crypto";
import { strict as assert } from "node:assert";
import { Decimal, ProblemError, createRevrecClient, expectData, type RevrecClient, type Schemas } from "revrec-client";

type Contract = Schemas["Contract"];
type ContractInput = Schemas["ContractInput"];
type UsageRecorded = Schemas["UsageRecorded"];

/** Two decimals, as the server writes a USD amount: 0.00, not 0. */
function assertCents(amount: Decimal): void {
  assert.match(String(amount), /^-?\d+\.\d{2}$/, `${amount} lost its decimals`);
}

async function ingest(client: RevrecClient, body: ContractInput, key: string = randomUUID()): Promise<Contract> {
  return expectData(await client.POST("/v1/contracts", { body, params: { header: { "Idempotency-Key": key } } }));
}

async function waterfallAddsUp(client: RevrecClient, contract: Contract): Promise<void> {
  const data = expectData(await client.GET("/v1/waterfalls", {
    params: { query: { contract_id: contract.id, start_period: "2026-01", end_period: "2026-12" } },
  }));
  for (const period of data.periods) {
    console.log(`  ${period.period}  recognized ${String(period.recognized_amount).padStart(8)}` +
      `  deferred ${String(period.deferred_balance).padStart(8)}`);
    assertCents(period.recognized_amount);
    assertCents(period.deferred_balance);
  }
  const total = data.periods.reduce((sum, period) => sum.plus(period.recognized_amount), new Decimal(0));
  const asNumbers = data.periods.reduce((sum, period) => sum + period.recognized_amount.toNumber(), 0);
  console.log(`  sum of the months: ${total.toFixed(2)} (as JS numbers it would be ${asNumbers})`);
  assert.equal(data.periods.length, 12);
  assert.ok(total.equals(contract.total_value) && total.equals("1000.00"), `${total} != ${contract.total_value}`);
  assert.ok(data.total_recognized.equals(total));
  assert.equal(String(data.total_recognized), "1000.00");
}

async function note6(client: RevrecClient): Promise<void> {
  const data = expectData(await client.GET("/v1/disclosures/note6", {
    params: { query: { period: "2026-Q2", currency: "USD" } },
  }));
  console.log(`  Note 6, ${data.period}: revenue ${data.total_revenue} ${data.currency}, ` +
    `RPO ${data.rpo_total} (next 12 months ${data.rpo_next_12_months}, thereafter ${data.rpo_thereafter})`);
  const parts = Object.entries(data.disaggregated_revenue).sort(([a], [b]) => a.localeCompare(b));
  for (const [pobType, amount] of parts) console.log(`    ${pobType}: ${amount}`);
  for (const amount of [data.total_revenue, data.rpo_total, data.rpo_next_12_months, data.rpo_thereafter]) {
    assertCents(amount);
  }
  assert.ok(data.rpo_next_12_months.plus(data.rpo_thereafter).equals(data.rpo_total));
  const sum = parts.reduce((total, [, amount]) => total.plus(amount), new Decimal(0));
  assert.ok(sum.equals(data.total_revenue), `${sum} != ${data.total_revenue}`);
}

async function pageThrough(client: RevrecClient, tag: string, expected: string[]): Promise<void> {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const query = cursor === undefined ? { query: tag, limit: 2 } : { query: tag, limit: 2, cursor };
    const data = expectData(await client.GET("/v1/contracts", { params: { query } }));
    pages += 1;
    seen.push(...data.data.map((contract) => contract.id));
    assert.equal(data.total, expected.length);
    if (typeof data.next_cursor !== "string") break;
    cursor = data.next_cursor;
  }
  console.log(`  ${seen.length} contracts in ${pages} pages`);
  assert.deepEqual([...seen].sort(), [...expected].sort());
  assert.equal(pages, Math.ceil(expected.length / 2));
}

async function idempotentRetry(client: RevrecClient, tag: string): Promise<void> {
  const key = randomUUID();
  const body: ContractInput = {
    customer_name: `Retry Ltd ${tag}`,
    total_value: new Decimal("2400.00"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  };
  const first = await ingest(client, body, key);
  const again = await ingest(client, body, key);
  console.log(`  first ${first.id}, retried ${again.id}`);
  assert.equal(again.id, first.id);
}

/** A usage line's March: 110,000 calls rate to exactly 190.00, and a resent record is a replay. */
async function usageMonth(client: RevrecClient): Promise<void> {
  const contract = await ingest(client, {
    customer_name: "Usage Example",
    currency: "USD",
    total_value: new Decimal("12000.00"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    line_items: [
      { name: "Platform", pob_type: "subscription", stated_price: new Decimal("12000.00") },
      {
        name: "API calls",
        pob_type: "usage",
        usage_pricing: {
          unit: "api_call",
          rate: new Decimal("0.001"),
          included_per_month: new Decimal("10000"),
          tiers: [{ up_to: new Decimal("100000"), rate: new Decimal("0.002") }],
        },
      },
    ],
  });
  const obligations = contract.performance_obligations ?? [];
  assert.equal(obligations.length, 2);
  const usage = obligations[1];
  assert.ok(usage !== undefined && usage.recognition === "usage" && usage.id.startsWith("pob_"), JSON.stringify(usage));
  const path = { id: contract.id, pob_id: usage.id };

  // The record id makes a resend safe: the same body again is a replay, not a second record.
  async function record(record_id: string, occurred_on: string, quantity: string): Promise<[number, UsageRecorded]> {
    const result = await client.POST("/v1/contracts/{id}/obligations/{pob_id}/usage", {
      params: { path },
      body: { record_id, occurred_on, quantity: new Decimal(quantity) },
    });
    return [result.response.status, expectData(result)];
  }
  const [firstStatus, first] = await record("evt-1", "2026-03-03", "60000");
  assert.deepEqual([firstStatus, first.status], [201, "recorded"]);
  const [secondStatus, second] = await record("evt-2", "2026-03-20", "50000");
  assert.deepEqual([secondStatus, second.status], [201, "recorded"]);
  // 90,000 calls at 0.002 past the 10,000 included, then 10,000 past the tier at 0.001.
  assert.equal(String(second.month.rated_amount), "190.00");
  const [againStatus, again] = await record("evt-2", "2026-03-20", "50000");
  assert.deepEqual([againStatus, again.status], [200, "replayed"]);

  const data = expectData(await client.GET("/v1/contracts/{id}/obligations/{pob_id}/usage", {
    params: { path, query: { period: "2026-03" } },
  }));
  const month = data.month;
  console.log(`  ${month.period}: ${month.quantity} ${month.unit} in ${data.records.length} records rated ` +
    `${month.rated_amount} ${month.currency} (evt-2 resent: ${again.status})`);
  assert.equal(data.records.length, 2);
  assert.ok(month.rated_amount instanceof Decimal && month.rated_amount.equals("190.00"), `${month.rated_amount}`);
  assert.equal(String(month.rated_amount), "190.00");
  assert.ok(month.quantity.equals(110000), `${month.quantity}`);
}

async function problem422(client: RevrecClient): Promise<void> {
  try {
    await ingest(client, { customer_name: "Too Precise Ltd", total_value: "100.001", start_date: "2026-01-01", end_date: "2026-12-31" });
  } catch (problem) {
    if (!(problem instanceof ProblemError) || problem.code !== "VALIDATION_FAILED") throw problem;
    const fields = problem.errors.map((each) => each.field);
    console.log(`  ${problem.status} ${problem.code}: ${problem.message} (fields: ${fields.join(", ")}; hint: ${problem.hint})`);
    assert.equal(problem.status, 422);
    assert.ok(fields.includes("total_value"), fields.join(", "));
    return;
  }
  assert.fail("an amount with a tenth of a cent was accepted");
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8080";
  const token = process.argv[3] ?? "rr_test_sandbox";
  const client = createRevrecClient({ baseUrl, token });
  const tag = `ts-example-${randomUUID().slice(0, 8)}`;

  console.log("Ingest a 1,000.00 contract recognized in twelve equal months");
  const contract = await ingest(client, {
    customer_name: `Exact Co ${tag}`,
    total_value: new Decimal("1000.00"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    recognition_convention: "monthly_equal",
  });
  console.log(`  ${contract.id} version ${contract.version}, total ${contract.total_value} ${contract.currency}`);
  assert.equal(String(contract.total_value), "1000.00");

  console.log("Its waterfall");
  await waterfallAddsUp(client, contract);

  console.log("Note 6 for 2026-Q2");
  await note6(client);

  console.log("Page the contract list");
  const others: Contract[] = [];
  for (let n = 0; n < 4; n += 1) {
    others.push(await ingest(client, {
      customer_name: `Paged ${n} ${tag}`,
      total_value: "1200.00",
      start_date: "2026-01-01",
      end_date: "2026-12-31",
    }));
  }
  await pageThrough(client, tag, [contract.id, ...others.map((other) => other.id)]);

  console.log("A batch: the bodies of its results have no schema, and their amounts stay exact");
  const batch = await client.POST("/v1/batch", {
    body: { operations: [{ method: "GET", path: `/contracts/${contract.id}` }] },
  });
  const result = batch.data?.results[0];
  assert.ok(result !== undefined, JSON.stringify(batch.error));
  const total = (result.body as Record<string, unknown>)["total_value"];
  assert.ok(total instanceof Decimal && String(total) === "1000.00", `batch body total_value ${String(total)}`);
  console.log(`  ${result.status}: total_value ${String(total)}`);

  console.log("Retry an ingest under the same Idempotency-Key");
  await idempotentRetry(client, tag);

  console.log("A yen contract: amounts written without decimals are Decimals too");
  const yen = await ingest(client, {
    customer_name: `Kabushiki ${tag}`,
    currency: "JPY",
    total_value: new Decimal("120000"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    recognition_convention: "monthly_equal",
  });
  console.log(`  total ${yen.total_value} ${yen.currency}`);
  assert.ok(yen.total_value instanceof Decimal && yen.total_value.equals(120000));
  assert.equal(String(yen.total_value), "120000");

  console.log("A usage line: record March's API calls and read the rated month back");
  await usageMonth(client);

  console.log("A 422 problem, handled by its code");
  await problem422(client);
  console.log("typescript example: every step held");
}

await main();
