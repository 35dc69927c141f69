// revrec from TypeScript through openapi-typescript types and openapi-fetch.
//
// Ingests a contract, reads its waterfall and a quarter's Note 6, pages the contract list and
// handles a 422 problem, all through the generated types. Amounts arrive as decimal.js Decimals
// (exact-decimals.ts), so the twelve months of a 1,000.00 `monthly_equal` contract add up to
// exactly 1,000.00.
//
//   node dist/revrec_example.js [BASE_URL] [TOKEN]   # defaults: http://127.0.0.1:8080 rr_test_sandbox
//
// Generate the client first (docs/clients.md); `scripts/clients_e2e.sh` does it all.
// An unexpected answer throws, so the exit status says whether every step held.
import { randomUUID } from "node:crypto";
import { strict as assert } from "node:assert";
import { Decimal } from "decimal.js";
import createClient from "openapi-fetch";
import { exactDecimals, type OpenApiDocument } from "./exact-decimals.js";
import type { components, paths } from "./schema.js";

type Contract = components["schemas"]["Contract"];
type ContractInput = components["schemas"]["ContractInput"];
type Problem = components["schemas"]["ProblemBody"];
type Client = ReturnType<typeof createClient<paths>>;

function fail(step: string, problem: Problem | undefined, response: Response): never {
  throw new Error(`${step}: ${response.status} ${problem?.code ?? ""} ${problem?.message ?? ""}`);
}

async function ingest(client: Client, body: ContractInput): Promise<Contract> {
  const { data, error, response } = await client.POST("/v1/contracts", {
    body,
    params: { header: { "Idempotency-Key": randomUUID() } },
  });
  if (data === undefined) fail("ingest", error, response);
  return data;
}

async function waterfallAddsUp(client: Client, contract: Contract): Promise<void> {
  const { data, error, response } = await client.GET("/v1/waterfalls", {
    params: { query: { contract_id: contract.id, start_period: "2026-01", end_period: "2026-12" } },
  });
  if (data === undefined) fail("waterfall", error, response);
  for (const period of data.periods) {
    console.log(`  ${period.period}  recognized ${period.recognized_amount.toFixed(2).padStart(8)}` +
      `  deferred ${period.deferred_balance.toFixed(2).padStart(8)}`);
  }
  const total = data.periods.reduce((sum, period) => sum.plus(period.recognized_amount), new Decimal(0));
  const asNumbers = data.periods.reduce((sum, period) => sum + period.recognized_amount.toNumber(), 0);
  console.log(`  sum of the months: ${total.toFixed(2)} (as JS numbers it would be ${asNumbers})`);
  assert.ok(total.equals(contract.total_value) && total.equals("1000.00"), `${total} != ${contract.total_value}`);
  assert.ok(data.total_recognized.equals(total));
}

async function note6(client: Client): Promise<void> {
  const { data, error, response } = await client.GET("/v1/disclosures/note6", {
    params: { query: { period: "2026-Q2", currency: "USD" } },
  });
  if (data === undefined) fail("Note 6", error, response);
  console.log(`  Note 6, ${data.period}: revenue ${data.total_revenue.toFixed()} ${data.currency}, ` +
    `RPO ${data.rpo_total.toFixed()} (next 12 months ${data.rpo_next_12_months.toFixed()}, ` +
    `thereafter ${data.rpo_thereafter.toFixed()})`);
  const parts = Object.entries(data.disaggregated_revenue).sort(([a], [b]) => a.localeCompare(b));
  for (const [pobType, amount] of parts) console.log(`    ${pobType}: ${amount.toFixed()}`);
  assert.ok(data.rpo_next_12_months.plus(data.rpo_thereafter).equals(data.rpo_total));
  const sum = parts.reduce((total, [, amount]) => total.plus(amount), new Decimal(0));
  assert.ok(sum.equals(data.total_revenue), `${sum} != ${data.total_revenue}`);
}

async function pageThrough(client: Client, tag: string, expected: string[]): Promise<void> {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const query = cursor === undefined ? { query: tag, limit: 2 } : { query: tag, limit: 2, cursor };
    const { data, error, response } = await client.GET("/v1/contracts", { params: { query } });
    if (data === undefined) fail("list", error, response);
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

async function problem422(client: Client): Promise<void> {
  const { data, error, response } = await client.POST("/v1/contracts", {
    body: { customer_name: "Too Precise Ltd", total_value: "100.001", start_date: "2026-01-01", end_date: "2026-12-31" },
  });
  assert.equal(data, undefined);
  assert.equal(response.status, 422);
  // `error` is typed as the union of the operation's problem responses: ProblemBody.
  const problem: Problem | undefined = error;
  assert.ok(problem !== undefined);
  assert.equal(problem.code, "VALIDATION_FAILED");
  const fields = (problem.errors ?? []).map((each) => each.field);
  console.log(`  422 ${problem.code}: ${problem.message} (fields: ${fields.join(", ")})`);
  assert.ok(fields.includes("total_value"), fields.join(", "));
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8080";
  const token = process.argv[3] ?? "rr_test_sandbox";
  const documentResponse = await fetch(`${baseUrl}/openapi.json`);
  const document = (await documentResponse.json()) as OpenApiDocument;
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  client.use(exactDecimals(document));
  const tag = `ts-example-${randomUUID().slice(0, 8)}`;

  console.log("Ingest a 1,000.00 contract recognized in twelve equal months");
  const contract = await ingest(client, {
    customer_name: `Exact Co ${tag}`,
    total_value: new Decimal("1000.00"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    recognition_convention: "monthly_equal",
  });
  console.log(`  ${contract.id} version ${contract.version}, total ${contract.total_value.toFixed(2)} ${contract.currency}`);

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

  console.log("A yen contract: amounts written without decimals are Decimals too");
  const yen = await ingest(client, {
    customer_name: `Kabushiki ${tag}`,
    currency: "JPY",
    total_value: new Decimal("120000"),
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    recognition_convention: "monthly_equal",
  });
  console.log(`  total ${yen.total_value.toFixed()} ${yen.currency}`);
  assert.ok(yen.total_value instanceof Decimal && yen.total_value.equals(120000));

  console.log("A 422 problem");
  await problem422(client);
  console.log("typescript example: every step held");
}

await main();
