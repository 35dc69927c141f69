//! One set of limits (docs/limits.md), applied wherever a contract is accepted, and a
//! request's cost charged to its caller's rate limit.

use reqwest::Method;
use revrec_domain::ContractLimits;
use revrec_test_support::TestDatabase;
use revrec_usecases::limits::Limits;
use revrec_usecases::{PerPlan, Policy};
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_configured, spawn_each};

/// `count` subscription lines over the contract's term.
fn with_lines(count: usize, start: &str, end: &str) -> Value {
    let lines: Vec<Value> = (0..count)
        .map(|index| json!({"name": format!("Seat {index}"), "pob_type": "subscription", "stated_price": 10}))
        .collect();
    json!({"customer_name": "Wide", "total_value": count * 10, "start_date": start, "end_date": end,
           "line_items": lines})
}

#[track_caller]
fn says(problem: &Value, field: &str, text: &str) {
    assert!(
        problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .any(|error| error["field"] == field
                && error["message"].as_str().unwrap().contains(text)),
        "{field}: {text}: {problem}"
    );
}

#[tokio::test]
async fn a_contract_is_held_to_its_obligation_months_at_ingest_on_both_surfaces() {
    for app in spawn_each().await {
        // 100 lines over 100 years: 120,000 obligation-months, twice the default.
        let wide = with_lines(100, "2026-01-01", "2125-12-31");
        let problem = app
            .post("/v1/contracts", &wide)
            .await
            .problem(422, "VALIDATION_FAILED");
        says(
            &problem,
            "line_items",
            "at most 60000 obligation-months (obligations × months of the term) are allowed (got 120000)",
        );
        let mut guide = wide.clone();
        guide["total_amount"] = guide["total_value"].take();
        guide.as_object_mut().unwrap().remove("total_value");
        app.post("/api/v1/contracts/ingest", &guide)
            .await
            .problem(422, "VALIDATION_FAILED");
        // Fifty lines over the same hundred years fit exactly.
        app.create(&with_lines(50, "2026-01-01", "2125-12-31"))
            .await;
    }
}

#[tokio::test]
async fn the_limits_are_settings_enforced_at_ingest_modification_and_batch() {
    for database in TestDatabase::all() {
        let app = spawn_configured(database, |settings| {
            settings.policy.limits = Limits {
                contract: ContractLimits {
                    max_term_years: 10,
                    max_lines: 3,
                    max_obligation_months: 1_000,
                },
                request_obligation_months: 2_000,
                ..Limits::default()
            };
        })
        .await;
        let long = simple_contract("Long", "100.00", "2026-01-01", "2036-01-01");
        let problem = app
            .post("/v1/contracts", &long)
            .await
            .problem(422, "VALIDATION_FAILED");
        says(&problem, "end_date", "the term may not exceed 10 years");
        let problem = app
            .post("/v1/contracts", &with_lines(4, "2026-01-01", "2026-12-31"))
            .await
            .problem(422, "VALIDATION_FAILED");
        says(
            &problem,
            "line_items",
            "at most 3 line items are allowed (got 4)",
        );

        // A modification is held to the same limits.
        let created = app
            .create(&simple_contract(
                "Short",
                "100.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = created["id"].as_str().unwrap();
        let mut change = simple_contract("Short", "100.00", "2026-01-01", "2040-12-31");
        change["effective_date"] = json!("2026-07-01");
        let problem = app
            .put(&format!("/v1/contracts/{id}"), &change)
            .await
            .problem(422, "VALIDATION_FAILED");
        says(&problem, "end_date", "the term may not exceed 10 years");

        // A batch: each contract within its limit, together over the request's.
        let three = with_lines(3, "2026-01-01", "2045-12-31");
        assert!(app.post("/v1/contracts", &three).await.status.as_u16() == 422);
        let fits = with_lines(3, "2026-01-01", "2030-12-31"); // 180 obligation-months
        let operations: Vec<Value> = (0..12)
            .map(|_| json!({"method": "POST", "path": "/contracts", "body": fits}))
            .collect();
        let problem = app
            .post("/v1/batch", &json!({"operations": operations}))
            .await
            .problem(422, "WORK_LIMIT_EXCEEDED");
        assert_eq!(
            (problem["limit"].as_u64(), problem["value"].as_u64()),
            (Some(2_000), Some(2_160))
        );
        let listed = app.get("/v1/contracts").await.json();
        assert_eq!(
            listed["total"], 1,
            "nothing of the batch was stored: {listed}"
        );
        let operations: Vec<Value> = (0..11)
            .map(|_| json!({"method": "POST", "path": "/contracts", "body": fits}))
            .collect();
        let batch = app
            .post("/v1/batch", &json!({"operations": operations}))
            .await;
        assert_eq!(batch.status.as_u16(), 200, "{}", batch.text);
        assert!(
            batch.json()["results"]
                .as_array()
                .unwrap()
                .iter()
                .all(|result| result["status"] == 201)
        );
    }
}

/// Every plan limited to `limit` requests a minute.
pub async fn limited(database: TestDatabase, limit: u32) -> TestApp {
    spawn_configured(database, |settings| {
        settings.policy = Policy {
            requests_per_minute: Some(PerPlan {
                sandbox: limit,
                growth: limit,
                scale: limit,
            }),
            ..Policy::default()
        };
    })
    .await
}

fn remaining(reply: &crate::helpers::Reply) -> u32 {
    reply
        .header("ratelimit-remaining")
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_request_is_charged_what_it_costs_and_the_headers_say_so() {
    for database in TestDatabase::all() {
        let app = limited(database, 60).await;
        // The figures compare within one window.
        crate::rate_limits::fresh_window_for(std::time::Duration::from_secs(15)).await;
        let first = app.get("/v1/contracts?limit=1").await;
        let before = remaining(&first);
        // A batch of ten small operations costs ten.
        let operations: Vec<Value> = (0..10)
            .map(|_| json!({"method": "GET", "path": "/contracts?limit=1"}))
            .collect();
        let batch = app
            .post("/v1/batch", &json!({"operations": operations}))
            .await;
        assert_eq!(batch.status.as_u16(), 200, "{}", batch.text);
        assert_eq!(remaining(&batch), before - 10, "{:?}", batch.headers);
        // A contract of 50,000 obligation-months costs five (a started 12,000 each).
        let large = app
            .post("/v1/contracts", &with_lines(50, "2026-01-01", "2109-04-30"))
            .await;
        assert_eq!(large.status.as_u16(), 201, "{}", large.text);
        assert_eq!(remaining(&large), before - 15);
        // More than is left: refused whole, and nothing is taken.
        let left = remaining(&large);
        let operations: Vec<Value> = (0..=left)
            .map(|_| json!({"method": "GET", "path": "/contracts?limit=1"}))
            .collect();
        let refused = app
            .request(
                Method::POST,
                "/v1/batch",
                Some(SANDBOX),
                Some(&json!({"operations": operations})),
            )
            .await;
        refused.problem(429, "RATE_LIMITED");
        assert!(refused.header("retry-after").is_some());
        let after = app.get("/v1/contracts?limit=1").await;
        assert_eq!(
            remaining(&after),
            left - 2,
            "the refused batch took its one unit only"
        );
    }
}

/// A journal page ends at 10,000 lines whatever its `limit`, and its cursor carries on: the
/// pages hold every entry exactly once, as the CSV export (which reads the same pages as
/// the client reads the body) does.
#[tokio::test]
async fn journal_pages_end_at_ten_thousand_lines_and_the_cursor_carries_on() {
    for app in spawn_each().await {
        let operations: Vec<Value> = (0..25)
            .map(|_| json!({"method": "POST", "path": "/contracts", "body": with_lines(400, "2026-01-01", "2026-12-31")}))
            .collect();
        let batch = app
            .post("/v1/batch", &json!({"operations": operations}))
            .await;
        assert_eq!(batch.status.as_u16(), 200, "{}", batch.text);
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let path = match &cursor {
                Some(cursor) => format!(
                    "/api/v1/accounting/journal-entries?period=2026-03&limit=1000&cursor={cursor}"
                ),
                None => "/api/v1/accounting/journal-entries?period=2026-03&limit=1000".to_owned(),
            };
            let page = app.get(&path).await;
            assert_eq!(page.status.as_u16(), 200, "{}", page.text);
            let page = page.json();
            let entries = page["entries"].as_array().unwrap();
            let lines: usize = entries
                .iter()
                .map(|entry| entry["lines"].as_array().unwrap().len())
                .sum();
            assert!(lines < 10_000 + 2 * 400 + 10, "{lines} lines in one page");
            seen.extend(
                entries
                    .iter()
                    .map(|entry| entry["id"].as_str().unwrap().to_owned()),
            );
            pages += 1;
            match page["next_cursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => break,
            }
        }
        assert!(
            pages > 1,
            "25 entries of 400 obligations need several pages"
        );
        let mut unique = seen.clone();
        unique.sort();
        unique.dedup();
        assert_eq!((seen.len(), unique.len()), (25, 25));
        let csv = app
            .get("/api/v1/accounting/journal-entries?period=2026-03&format=csv")
            .await;
        assert_eq!(csv.status.as_u16(), 200);
        let mut in_csv: Vec<&str> = csv
            .text
            .lines()
            .skip(1)
            .filter_map(|line| line.split(',').nth(1))
            .collect();
        in_csv.dedup();
        assert_eq!(in_csv.len(), 25, "every entry once, in order");
    }
}
