//! The client side of `scripts/usage_bench.sh`: usage records at volume (docs/asc606.md
//! §15), each mode timed.
//!
//! ```text
//! usage_bench_client setup  <server-url> <contracts> <ids-file>            # contracts with a usage line
//! usage_bench_client upload <server-url> <ids-file> <records> <clients>    # POST /v1/usage-records, NDJSON
//! usage_bench_client single <server-url> <ids-file> <records> <clients>    # POST …/usage, one record a call
//! usage_bench_client raw    <postgres-url> <records> <writers>             # the anchor: the record rows as multi-row INSERTs
//! ```
//!
//! Every contract is a 2026 platform fee with one usage line (10,000 calls a month free,
//! then 0.002, 0.001 past 100,000). The records fall in March 2026, spread over its days;
//! an upload carries 10,000 lines, 100 for each of 100 contracts, as a metering export
//! sorted by customer would, and the uploads in flight name different contracts.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark fails loudly"
)]

use std::sync::{Arc, Mutex};
use std::time::Instant;

use diesel::prelude::*;
use revrec_store_diesel::schema::usage_records;
use serde_json::json;

const TOKEN: &str = "rr_test_sandbox";
/// Lines per upload, and how many of them name one contract.
const UPLOAD_LINES: usize = 10_000;
const LINES_PER_CONTRACT: usize = 100;

#[tokio::main]
async fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize| arguments.get(index).cloned().unwrap_or_default();
    match arg(0).as_str() {
        "setup" => setup(&arg(1), arg(2).parse().unwrap(), &arg(3)).await,
        "upload" => {
            upload(
                &arg(1),
                &arg(2),
                arg(3).parse().unwrap(),
                arg(4).parse().unwrap(),
            )
            .await
        }
        "single" => {
            single(
                &arg(1),
                &arg(2),
                arg(3).parse().unwrap(),
                arg(4).parse().unwrap(),
            )
            .await
        }
        "raw" => raw(&arg(1), arg(2).parse().unwrap(), arg(3).parse().unwrap()),
        other => panic!("unknown mode `{other}`; see the file's documentation"),
    }
}

/// `count` contracts through `POST /v1/batch`, 100 a batch; their ids (contract, usage
/// obligation) go to `ids_file`, one pair a line.
async fn setup(url: &str, count: usize, ids_file: &str) {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let mut ids = String::new();
    for first in (0..count).step_by(100) {
        let operations: Vec<_> = (first..count.min(first + 100))
            .map(|n| {
                json!({"method": "POST", "path": "/contracts", "body": {
                    "customer_name": format!("Metered {n}"), "total_value": "12000.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "line_items": [
                        {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                        {"name": "API calls", "pob_type": "usage",
                         "usage_pricing": {"unit": "api_call", "rate": "0.001",
                                           "included_per_month": "10000",
                                           "tiers": [{"up_to": "100000", "rate": "0.002"}]}}]}})
            })
            .collect();
        let reply: serde_json::Value = client
            .post(format!("{url}/v1/batch"))
            .bearer_auth(TOKEN)
            .json(&json!({"operations": operations}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        for result in reply["results"].as_array().unwrap() {
            assert_eq!(result["status"], 201, "{result}");
            let body = &result["body"];
            ids.push_str(&format!(
                "{} {}\n",
                body["id"].as_str().unwrap(),
                body["performance_obligations"][1]["id"].as_str().unwrap()
            ));
        }
    }
    std::fs::write(ids_file, ids).unwrap();
    println!(
        "setup: {count} contracts with a usage line in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn read_ids(ids_file: &str) -> Vec<(String, String)> {
    std::fs::read_to_string(ids_file)
        .unwrap()
        .lines()
        .map(|line| {
            let (contract, obligation) = line.split_once(' ').unwrap();
            (contract.to_owned(), obligation.to_owned())
        })
        .collect()
}

/// Record `n` of contract `(contract, obligation)`: a day of March and some calls.
fn record_line(contract: &str, obligation: &str, n: usize) -> String {
    format!(
        "{{\"contract_id\":\"{contract}\",\"pob_id\":\"{obligation}\",\"record_id\":\"evt-{n}\",\"occurred_on\":\"2026-03-{:02}\",\"quantity\":\"{}\"}}\n",
        1 + n % 31,
        100 + n % 900
    )
}

/// The uploads of `records` lines, each 100 lines for each of 100 contracts in turn.
fn uploads(ids: &[(String, String)], records: usize) -> Vec<Vec<u8>> {
    let mut bodies = Vec::new();
    let mut body = String::new();
    let mut lines = 0;
    let mut contract = 0;
    while lines < records {
        let (id, obligation) = &ids[contract % ids.len()];
        for _ in 0..LINES_PER_CONTRACT.min(records - lines) {
            body.push_str(&record_line(id, obligation, lines));
            lines += 1;
        }
        contract += 1;
        if lines % UPLOAD_LINES == 0 || lines == records {
            bodies.push(std::mem::take(&mut body).into_bytes());
        }
    }
    bodies.reverse();
    bodies
}

/// `records` records through `POST /v1/usage-records`, `clients` uploads in flight.
async fn upload(url: &str, ids_file: &str, records: usize, clients: usize) {
    let ids = read_ids(ids_file);
    let queue = Arc::new(Mutex::new(uploads(&ids, records)));
    let client = reqwest::Client::new();
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|_| {
            let (queue, client, url) = (Arc::clone(&queue), client.clone(), url.to_owned());
            tokio::spawn(async move {
                let mut taken = 0;
                loop {
                    let Some(body) = queue.lock().unwrap().pop() else {
                        return taken;
                    };
                    let reply = client
                        .post(format!("{url}/v1/usage-records"))
                        .bearer_auth(TOKEN)
                        .header("Content-Type", "application/x-ndjson")
                        .body(body)
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(reply.status().as_u16(), 200);
                    let text = reply.text().await.unwrap();
                    let refused = text.matches("\"status\":\"refused\"").count();
                    assert_eq!(refused, 0, "{}", text.lines().next().unwrap_or(""));
                    taken += text.lines().count();
                }
            })
        })
        .collect();
    let mut taken = 0;
    for task in tasks {
        taken += task.await.unwrap();
    }
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(taken, records);
    println!(
        "usage upload over HTTP: {records} records in {seconds:.2} s = {:.0} records/s ({clients} uploads of {UPLOAD_LINES} lines in flight)",
        records as f64 / seconds
    );
}

/// `records` records one call each, `clients` calls in flight.
async fn single(url: &str, ids_file: &str, records: usize, clients: usize) {
    let ids = Arc::new(read_ids(ids_file));
    let next = Arc::new(Mutex::new(0_usize));
    let client = reqwest::Client::new();
    let started = Instant::now();
    let tasks: Vec<_> =
        (0..clients)
            .map(|worker| {
                let (ids, next, client, url) = (
                    Arc::clone(&ids),
                    Arc::clone(&next),
                    client.clone(),
                    url.to_owned(),
                );
                tokio::spawn(async move {
                    loop {
                        let n = {
                            let mut next = next.lock().unwrap();
                            if *next >= records {
                                return;
                            }
                            *next += 1;
                            *next
                        };
                        // Each worker keeps to its own contracts, as one meter per customer does.
                        let (contract, obligation) = &ids[(worker + clients * n) % ids.len()];
                        let reply = client
                        .post(format!(
                            "{url}/v1/contracts/{contract}/obligations/{obligation}/usage"
                        ))
                        .bearer_auth(TOKEN)
                        .json(&json!({"record_id": format!("one-{n}"), "occurred_on": "2026-04-02",
                                      "quantity": "10"}))
                        .send()
                        .await
                        .unwrap();
                        assert_eq!(
                            reply.status().as_u16(),
                            201,
                            "{}",
                            reply.text().await.unwrap()
                        );
                    }
                })
            })
            .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "usage one record a call: {records} records in {seconds:.2} s = {:.0} records/s ({clients} calls in flight)",
        records as f64 / seconds
    );
}

#[derive(Insertable)]
#[diesel(table_name = usage_records)]
struct RecordRow {
    tenant_id: String,
    contract_id: String,
    obligation_id: String,
    record_id: String,
    revision: i32,
    occurred_on: time::Date,
    period: String,
    quantity_millionths: Option<i64>,
    amount: Option<i64>,
    recorded_at: i64,
    recorded_by: String,
    books_sequence: i64,
}

/// The anchor: `records` record rows as multi-row INSERTs of 1,000, `writers` connections
/// (the rows alone, without the months, plans or rollups a write also keeps).
fn raw(database_url: &str, records: usize, writers: usize) {
    let started = Instant::now();
    let per_writer = records.div_ceil(writers);
    std::thread::scope(|scope| {
        for writer in 0..writers {
            scope.spawn(move || {
                let mut connection = PgConnection::establish(database_url).unwrap();
                let first = writer * per_writer;
                let last = records.min(first + per_writer);
                let rows: Vec<RecordRow> = (first..last)
                    .map(|n| RecordRow {
                        tenant_id: "sandbox".into(),
                        contract_id: format!("ctr_{:06}", n / LINES_PER_CONTRACT),
                        obligation_id: "pob_usage".into(),
                        record_id: format!("evt-{n}"),
                        revision: 1,
                        occurred_on: time::Date::from_calendar_date(
                            2026,
                            time::Month::March,
                            u8::try_from(1 + n % 31).unwrap(),
                        )
                        .unwrap(),
                        period: "2026-03".into(),
                        quantity_millionths: Some(
                            i64::try_from(100 + n % 900).unwrap() * 1_000_000,
                        ),
                        amount: None,
                        recorded_at: 0,
                        recorded_by: "sandbox".into(),
                        books_sequence: 0,
                    })
                    .collect();
                for chunk in rows.chunks(1_000) {
                    connection
                        .transaction(|connection| {
                            diesel::insert_into(usage_records::table)
                                .values(chunk)
                                .execute(connection)
                        })
                        .unwrap();
                }
            });
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "raw INSERT of the record rows: {records} rows in {seconds:.2} s = {:.0} rows/s ({writers} writers)",
        records as f64 / seconds
    );
}
