//! The client side of `scripts/batch_bench.sh`: batch ingest, the raw multi-row INSERT
//! anchor for the same rows, a recalculation job, and a month's CSV export, each timed.
//!
//! ```text
//! bench_client raw    <postgres-url> <contracts> <writers>   # the same rows, plain multi-row INSERTs
//! bench_client ingest <server-url>   <contracts> <clients>   # POST /v1/batch, 100 per batch
//! bench_client job    <server-url>   <server-pid>            # policy restatement, then a re-run
//! bench_client csv    <server-url>   <server-pid> <period>   # one month's journal as CSV
//! ```
//!
//! The contracts are the same in every mode (three lines each: a subscription, support and a
//! setup fee; terms of one to three years starting in the first half of 2026, so every
//! contract is active in June 2026). `raw` runs them through the real ingest use case with a
//! capturing repository, so the rows it writes are exactly the rows the server writes.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark fails loudly"
)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::upsert::excluded;
use revrec_domain::{RollupAmounts, RollupKey};
use revrec_ports::{ContractWrite, VersionWrite};
use revrec_store_diesel::schema::{
    contract_changes, contract_lines, contract_versions, contracts, rollups,
};
use serde_json::{Value, json};

const BATCH: usize = 100;
const TOKEN: &str = "rr_test_sandbox";
/// How a created contract's result starts in a batch answer.
const CREATED: &[u8] = b"{\"status\":201,";

/// Contract `n` of the benchmark, as the JSON body of `POST /v1/contracts`.
fn contract(n: usize) -> Value {
    let month = 1 + n % 6;
    let years = 1 + n % 3;
    let annual = 6_000 + (n * 37) % 90_000;
    json!({
        "customer_name": format!("Bench Customer {n}"),
        "contract_number": format!("BENCH-{n:07}"),
        "total_value": format!("{}.{:02}", annual * years + annual / 5 + 1_500, n % 100),
        "start_date": format!("2026-{month:02}-01"),
        "end_date": format!("{}-{month:02}-{}", 2026 + years, if month == 2 { 28 } else { 30 }),
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": annual * years},
            {"name": "Premium support", "pob_type": "support", "stated_price": annual / 5},
            {"name": "Onboarding", "pob_type": "services", "stated_price": 1_500, "ssp_price": "1800",
             "delivery_date": format!("2026-{month:02}-20")}
        ]
    })
}

fn batches(count: usize) -> Vec<Vec<u8>> {
    (0..count)
        .collect::<Vec<_>>()
        .chunks(BATCH)
        .map(|chunk| {
            let operations: Vec<Value> = chunk
                .iter()
                .map(|n| json!({"method": "POST", "path": "/contracts", "body": contract(*n)}))
                .collect();
            serde_json::to_vec(&json!({ "operations": operations })).unwrap()
        })
        .collect()
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize| args.get(index).cloned().unwrap_or_default();
    match arg(0).as_str() {
        "raw" => raw(&arg(1), arg(2).parse().unwrap(), arg(3).parse().unwrap()).await,
        "ingest" => ingest(&arg(1), arg(2).parse().unwrap(), arg(3).parse().unwrap()).await,
        "job" => job(&arg(1), arg(2).parse().unwrap()).await,
        "csv" => csv(&arg(1), arg(2).parse().unwrap(), &arg(3)).await,
        other => panic!("unknown mode `{other}`; see the file's documentation"),
    }
}

/// The same rows as the server writes, as plain multi-row INSERTs with bound parameters
/// (100 contracts a transaction, rollup deltas summed as the store sums them), from
/// `writers` connections at once: no HTTP, no JSON, no computation, no application code
/// between the rows and the database.
async fn raw(database_url: &str, count: usize, writers: usize) {
    let writes = captured_writes(count).await;
    let batches: Vec<Vec<ContractWrite>> = writes.chunks(BATCH).map(<[_]>::to_vec).collect();
    let queue = Arc::new(Mutex::new(batches));
    let started = Instant::now();
    let threads: Vec<_> = (0..writers)
        .map(|_| {
            let (queue, url) = (Arc::clone(&queue), database_url.to_owned());
            std::thread::spawn(move || {
                // Connected as the server connects (no TLS to a server on this host).
                let url = revrec_store_diesel::connection::without_loopback_tls(&url, None);
                let mut connection = PgConnection::establish(&url).expect("connects");
                loop {
                    let Some(batch) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    connection
                        .transaction(|connection| raw_insert(connection, &batch))
                        .expect("the rows insert");
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "raw multi-row INSERT: {count} contracts in {seconds:.2} s = {:.0} contracts/s ({writers} connections)",
        count as f64 / seconds
    );
}

/// The writes the ingest use case makes for the benchmark's contracts.
async fn captured_writes(count: usize) -> Vec<ContractWrite> {
    let captured: Arc<Mutex<Vec<ContractWrite>>> = Arc::default();
    let mut contracts = revrec_ports::contracts::MockContractRepository::new();
    let sink = Arc::clone(&captured);
    contracts.expect_save_all().returning(move |writes| {
        sink.lock().unwrap().extend(writes);
        Ok(())
    });
    // No posting control: every write is taken, as on a tenant that never set one.
    let mut ledger = revrec_ports::ledger::MockLedgerRepository::new();
    ledger.expect_posting_control().returning(|_| Ok(None));
    let services = revrec_usecases::Services::from(revrec_usecases::SharedServices {
        contracts: Arc::new(contracts),
        reports: Arc::new(revrec_ports::reports::MockReportRepository::new()),
        api_keys: Arc::new(revrec_ports::api_keys::MockApiKeyRepository::new()),
        idempotency: Arc::new(revrec_ports::idempotency::MockIdempotencyRepository::new()),
        ledger: Arc::new(ledger),
        jobs: Arc::new(revrec_ports::jobs::MockJobRepository::new()),
        oauth: Arc::new(revrec_ports::oauth::MockOAuthRepository::new()),
        payments: Arc::new(revrec_ports::payments::MockPaymentRepository::new()),
        rate_limiter: Arc::new(revrec_ports::rate_limit::MockRateLimiter::new()),
        client_auth_failures: Arc::new(revrec_ports::rate_limit::MockRateLimiter::new()),
        console: Arc::new(revrec_ports::console::MockConsoleRepository::new()),
        usage: Arc::new(revrec_ports::usage::MockUsageRepository::new()),
        periods: Arc::new(revrec_ports::periods::MockPeriodRepository::nothing_closed()),
        passwords: Arc::new(revrec_ports::passwords::MockPasswordHasher::new()),
        usage_meter: Arc::default(),
        policy: revrec_usecases::Policy::default(),
        clock: Arc::new(revrec_app::system_ports::SystemClock),
        ids: Arc::new(revrec_app::system_ports::RandomIds),
        heavy_reads: Arc::new(revrec_usecases::heavy_reads::HeavyReads::default()),
        waterfall_memo: Arc::default(),
        job_signal: Arc::default(),
        compute: Arc::new(revrec_ports::InlineCompute),
    });
    for chunk in (0..count).collect::<Vec<_>>().chunks(BATCH) {
        let inputs = chunk
            .iter()
            .map(|n| {
                let body = serde_json::to_vec(&contract(*n)).unwrap();
                revrec_http::primary::contracts::parse_new_contract(&body).unwrap()
            })
            .collect();
        for outcome in revrec_usecases::ingest_contract::ingest_contracts(
            &services,
            "sandbox",
            &revrec_usecases::posting_control::WriteContext::by("bench"),
            inputs,
        )
        .await
        {
            outcome.unwrap();
        }
    }
    std::mem::take(&mut *captured.lock().unwrap())
}

#[derive(Insertable)]
#[diesel(table_name = contracts)]
struct ContractRow<'a> {
    tenant_id: &'a str,
    id: &'a str,
    customer_id: &'a str,
    customer_name: &'a str,
    contract_number: Option<&'a str>,
    currency: &'a str,
    status: &'a str,
    version: i32,
    start_date: time::Date,
    end_date: time::Date,
    total_value: i64,
    terminated_on: Option<time::Date>,
    parent_contract_id: Option<&'a str>,
    search_text: String,
    revision: i64,
    created_at: i64,
    updated_at: i64,
    restatements: i32,
}

#[derive(Insertable)]
#[diesel(table_name = contract_changes)]
struct ChangeRow<'a> {
    tenant_id: &'a str,
    currency: &'a str,
    changed_at: i64,
    contract_id: &'a str,
    revision: i64,
}

#[derive(Insertable)]
#[diesel(table_name = contract_versions)]
struct VersionRow<'a> {
    tenant_id: &'a str,
    contract_id: &'a str,
    version: i32,
    change: &'a str,
    effective_date: Option<time::Date>,
    customer_name: &'a str,
    currency: &'a str,
    start_date: time::Date,
    end_date: time::Date,
    signed_date: time::Date,
    transaction_price: i64,
    convention: &'a str,
    recorded_at: i64,
}

#[derive(Insertable)]
#[diesel(table_name = contract_lines)]
struct LineRow<'a> {
    tenant_id: &'a str,
    contract_id: &'a str,
    version: i32,
    line_number: i32,
    obligation_id: &'a str,
    name: &'a str,
    pob_type: &'a str,
    stated_price: Option<i64>,
    ssp_micros: i64,
    recognition: &'a str,
    first_day: time::Date,
    last_day: time::Date,
}

#[derive(Insertable)]
#[diesel(table_name = rollups)]
struct RollupRow {
    tenant_id: &'static str,
    currency: &'static str,
    period: String,
    pob_type: &'static str,
    timing: &'static str,
    recognized: i64,
    booked: i64,
    rpo_change: i64,
    rpo_next_12: i64,
    recognized_from_opening: i64,
}

/// One transaction's rows: the contracts, versions and lines as multi-row INSERTs, their
/// rollup deltas summed into one multi-row upsert.
fn raw_insert(connection: &mut PgConnection, writes: &[ContractWrite]) -> QueryResult<()> {
    let (mut contract_rows, mut version_rows, mut line_rows) = (Vec::new(), Vec::new(), Vec::new());
    let mut change_rows = Vec::new();
    let mut summed: std::collections::BTreeMap<(&'static str, RollupKey), RollupAmounts> =
        std::collections::BTreeMap::new();
    for write in writes {
        let record = &write.record;
        let VersionWrite::Append(version) = &write.version else {
            unreachable!("an ingest appends its first version")
        };
        let terms = &version.terms;
        contract_rows.push(ContractRow {
            tenant_id: &record.tenant_id,
            id: &record.id,
            customer_id: &record.customer_id,
            customer_name: &record.customer_name,
            contract_number: record.contract_number.as_deref(),
            currency: record.currency.code(),
            status: record.status.as_str(),
            version: 1,
            start_date: record.start_date,
            end_date: record.end_date,
            total_value: record.total_value,
            terminated_on: None,
            parent_contract_id: None,
            search_text: format!(
                "{}\n{}\n{}",
                record.customer_name,
                record.contract_number.as_deref().unwrap_or(""),
                record.id
            )
            .to_lowercase(),
            revision: 1,
            created_at: record.created_at,
            updated_at: record.updated_at,
            restatements: 0,
        });
        change_rows.push(ChangeRow {
            tenant_id: &record.tenant_id,
            currency: record.currency.code(),
            changed_at: record.updated_at,
            contract_id: &record.id,
            revision: 1,
        });
        version_rows.push(VersionRow {
            tenant_id: &record.tenant_id,
            contract_id: &record.id,
            version: 1,
            change: "initial",
            effective_date: None,
            customer_name: &terms.customer_name,
            currency: terms.currency.code(),
            start_date: terms.start_date,
            end_date: terms.end_date,
            signed_date: terms.signed_date,
            transaction_price: terms.transaction_price,
            convention: terms.convention.as_str(),
            recorded_at: version.recorded_at,
        });
        for (number, obligation) in terms.obligations.iter().enumerate() {
            line_rows.push(LineRow {
                tenant_id: &record.tenant_id,
                contract_id: &record.id,
                version: 1,
                line_number: i32::try_from(number).unwrap(),
                obligation_id: obligation.id.as_deref().unwrap_or_default(),
                name: &obligation.name,
                pob_type: obligation.pob_type.as_str(),
                stated_price: obligation.stated_price,
                ssp_micros: obligation.ssp.micros(),
                recognition: obligation.pattern.method().as_str(),
                first_day: obligation.pattern.first_day().unwrap_or(terms.start_date),
                last_day: obligation.pattern.last_day().unwrap_or(terms.end_date),
            });
        }
        for delta in &write.rollup {
            summed
                .entry((delta.currency.code(), delta.key))
                .or_default()
                .add(&delta.amounts);
        }
    }
    diesel::insert_into(contracts::table)
        .values(&contract_rows)
        .execute(connection)?;
    diesel::insert_into(contract_changes::table)
        .values(&change_rows)
        .execute(connection)?;
    diesel::insert_into(contract_versions::table)
        .values(&version_rows)
        .execute(connection)?;
    diesel::insert_into(contract_lines::table)
        .values(&line_rows)
        .execute(connection)?;
    let rollup_rows: Vec<RollupRow> = summed
        .into_iter()
        .map(|((currency, key), amounts)| RollupRow {
            tenant_id: "sandbox",
            currency,
            period: key.period.to_string(),
            pob_type: key.pob_type.as_str(),
            timing: key.timing.as_str(),
            recognized: amounts.recognized,
            booked: amounts.booked,
            rpo_change: amounts.rpo_change,
            rpo_next_12: amounts.rpo_next_12,
            recognized_from_opening: amounts.recognized_from_opening,
        })
        .collect();
    diesel::insert_into(rollups::table)
        .values(&rollup_rows)
        .on_conflict((
            rollups::tenant_id,
            rollups::currency,
            rollups::period,
            rollups::pob_type,
            rollups::timing,
        ))
        .do_update()
        .set((
            rollups::recognized.eq(rollups::recognized + excluded(rollups::recognized)),
            rollups::booked.eq(rollups::booked + excluded(rollups::booked)),
            rollups::rpo_change.eq(rollups::rpo_change + excluded(rollups::rpo_change)),
            rollups::rpo_next_12.eq(rollups::rpo_next_12 + excluded(rollups::rpo_next_12)),
            rollups::recognized_from_opening
                .eq(rollups::recognized_from_opening + excluded(rollups::recognized_from_opening)),
        ))
        .execute(connection)?;
    Ok(())
}

/// `count` contracts through `POST /v1/batch`, `clients` batches in flight.
async fn ingest(url: &str, count: usize, clients: usize) {
    let queue = Arc::new(Mutex::new(batches(count)));
    let client = reqwest::Client::new();
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|_| {
            let (queue, client, url) = (Arc::clone(&queue), client.clone(), url.to_owned());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                loop {
                    let Some(body) = queue.lock().unwrap().pop() else {
                        return latencies;
                    };
                    let sent = Instant::now();
                    let reply = client
                        .post(format!("{url}/v1/batch"))
                        .bearer_auth(TOKEN)
                        .header("Content-Type", "application/json")
                        .body(body)
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(reply.status().as_u16(), 200);
                    // Counted in the bytes: parsing 100 contracts per answer would take the
                    // CPU this 2-core machine's server and database need.
                    let body = reply.bytes().await.unwrap();
                    let created = body
                        .windows(CREATED.len())
                        .filter(|window| *window == CREATED)
                        .count();
                    assert_eq!(created, BATCH, "every contract of the batch is created");
                    latencies.push(sent.elapsed());
                }
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap());
    }
    let seconds = started.elapsed().as_secs_f64();
    latencies.sort();
    // The batch latency at a share of the batches (0.5: the median; 1.0: the slowest).
    let at = |share: f64| {
        let last = latencies.len().saturating_sub(1);
        let index = ((last as f64) * share).round() as usize;
        latencies
            .get(index)
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1_000.0
    };
    println!(
        "batch ingest over HTTP: {count} contracts in {seconds:.2} s = {:.0} contracts/s ({clients} batches in flight; batch p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms)",
        count as f64 / seconds,
        at(0.5),
        at(0.99),
        at(1.0),
    );
}

/// Peak and current resident memory of a process, in MB.
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|line| line.starts_with(name))
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// A job over the whole tenant: a restatement to `monthly_equal`, then a re-run with nothing
/// to change. Prints its time, how often progress moved and the server's memory.
async fn job(url: &str, pid: u32) {
    let client = reqwest::Client::new();
    for (label, body) in [
        (
            "restatement to monthly_equal",
            json!({"policy": {"recognition_convention": "monthly_equal"}}),
        ),
        (
            "re-run, nothing to change",
            json!({"policy": {"recognition_convention": "monthly_equal"}}),
        ),
    ] {
        let started = Instant::now();
        let created: Value = client
            .post(format!("{url}/v1/jobs/recalculate-waterfall"))
            .bearer_auth(TOKEN)
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let poll = created["poll_url"].as_str().unwrap().to_owned();
        let (mut last_progress, mut last_move) = (0, Instant::now());
        let mut longest_still = Duration::ZERO;
        let job = loop {
            let job: Value = client
                .get(&poll)
                .bearer_auth(TOKEN)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let progress = job["progress"].as_u64().unwrap_or(0);
            if progress != last_progress {
                longest_still = longest_still.max(last_move.elapsed());
                (last_progress, last_move) = (progress, Instant::now());
            }
            if job["status"] == "completed" || job["status"] == "failed" {
                break job;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let (peak, now) = memory(pid);
        println!(
            "job ({label}): {} in {:.1} s, {} contracts, {} changed; progress never stood still longer than {:.2} s; server memory peak {peak} MB, now {now} MB",
            job["status"],
            started.elapsed().as_secs_f64(),
            job["result"]["contracts_recalculated"],
            job["result"]["contracts_changed"],
            longest_still.as_secs_f64(),
        );
    }
}

/// One month's journal as CSV, streamed and counted.
async fn csv(url: &str, pid: u32, period: &str) {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let mut reply = client
        .get(format!(
            "{url}/api/v1/accounting/journal-entries?period={period}&format=csv"
        ))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status().as_u16(), 200);
    let (mut bytes, mut lines) = (0_usize, 0_usize);
    let mut first_byte = None;
    while let Some(chunk) = reply.chunk().await.unwrap() {
        first_byte.get_or_insert_with(|| started.elapsed());
        bytes += chunk.len();
        lines += chunk.iter().filter(|byte| **byte == b'\n').count();
    }
    let (peak, now) = memory(pid);
    println!(
        "CSV export of {period}: {} lines ({:.1} MB) in {:.2} s, first byte after {:.3} s; server memory peak {peak} MB, now {now} MB",
        lines.saturating_sub(1),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        first_byte.unwrap_or_default().as_secs_f64(),
    );
}
