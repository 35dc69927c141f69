//! The same contracts give byte-identical report bodies on SQLite and PostgreSQL (and on
//! any instance of either).

use revrec_app::settings::Mode;
use revrec_domain::format_minor;
use revrec_test_support::TestDatabase;
use revrec_usecases::demo_portfolio::demo_portfolio;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

fn date(date: time::Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The sample portfolio as request bodies.
fn bodies(count: usize) -> Vec<Value> {
    demo_portfolio(count, 42)
        .into_iter()
        .map(|contract| {
            let draft = contract.draft;
            let cents = |minor: i64| format_minor(minor, 2);
            let lines: Vec<Value> = draft
                .lines
                .iter()
                .map(|line| {
                    let mut item = json!({
                        "name": line.name,
                        "pob_type": line.pob_type,
                        "stated_price": cents(line.stated_price.unwrap_or(0)),
                    });
                    if let Some(ssp) = line.ssp {
                        item["ssp_price"] = json!(ssp.to_string());
                    }
                    if let Some(delivery) = line.delivery_date {
                        item["delivery_date"] = json!(date(delivery));
                    }
                    item
                })
                .collect();
            let total = draft
                .transaction_price
                .unwrap_or_else(|| draft.lines.iter().filter_map(|l| l.stated_price).sum());
            json!({
                "customer_name": draft.customer_name,
                "contract_number": contract.contract_number,
                "total_value": cents(total),
                "start_date": date(draft.start_date),
                "end_date": date(draft.end_date),
                "signed_date": date(draft.signed_date.unwrap_or(draft.start_date)),
                "line_items": lines,
            })
        })
        .collect()
}

/// Ingests the portfolio, terminates every 7th contract and re-prices every 11th.
async fn load(app: &TestApp, contracts: &[Value]) {
    for (index, body) in contracts.iter().enumerate() {
        let created = app.create(body).await;
        let id = created["id"].as_str().unwrap();
        // A hundred days in: inside every sample term (one to three years).
        let start = body["start_date"].as_str().unwrap();
        let (year, rest) = start.split_once('-').unwrap();
        let (month, day) = rest.split_once('-').unwrap();
        let start = time::Date::from_calendar_date(
            year.parse().unwrap(),
            time::Month::try_from(month.parse::<u8>().unwrap()).unwrap(),
            day.parse().unwrap(),
        )
        .unwrap();
        let effective = date(start + time::Duration::days(100));
        if index % 7 == 3 {
            let reply = app
                .post(
                    &format!("/v1/contracts/{id}/terminate"),
                    &json!({"effective_date": effective}),
                )
                .await;
            assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
        } else if index % 11 == 5 {
            let mut change = body.clone();
            change["total_value"] = json!("999999.99");
            change["effective_date"] = json!(effective);
            // An amendment names each obligation in force by the id it was given.
            if let Some(lines) = change["line_items"].as_array_mut() {
                for (line, obligation) in lines
                    .iter_mut()
                    .zip(created["performance_obligations"].as_array().unwrap())
                {
                    line["id"] = obligation["id"].clone();
                }
            }
            let reply = app.put(&format!("/v1/contracts/{id}"), &change).await;
            assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
        }
    }
}

const QUERIES: [&str; 8] = [
    "/v1/waterfalls",
    "/v1/waterfalls?start_period=2023-01&end_period=2030-12",
    "/v1/waterfalls?start_period=2025-06",
    "/v1/disclosures/note6?period=2024-Q1",
    "/v1/disclosures/note6?period=2025-Q2",
    "/v1/disclosures/note6?period=2025-Q4",
    "/v1/disclosures/note6?period=2026-Q3",
    "/v1/disclosures/note6?period=2028-Q1",
];

async fn report_bodies(app: &TestApp) -> Vec<String> {
    let mut bodies = Vec::new();
    for query in QUERIES {
        let reply = app.get(query).await;
        assert_eq!(reply.status.as_u16(), 200, "{query}: {}", reply.text);
        bodies.push(reply.text);
    }
    bodies
}

#[tokio::test]
async fn sqlite_and_postgresql_give_byte_identical_reports() {
    let contracts = bodies(80);
    // PostgreSQL when configured (always under CI); otherwise a second SQLite instance.
    let second = TestDatabase::postgres().unwrap_or_else(TestDatabase::sqlite);
    let mut results = Vec::new();
    for database in [TestDatabase::sqlite(), second] {
        let app = spawn_app(database, Mode::Sandbox).await;
        load(&app, &contracts).await;
        results.push((app.backend, report_bodies(&app).await));
    }
    let (first_backend, first) = &results[0];
    let (second_backend, second) = &results[1];
    for ((query, a), b) in QUERIES.iter().zip(first).zip(second) {
        assert_eq!(
            a, b,
            "{query} differs between {first_backend:?} and {second_backend:?}"
        );
    }
    // The reports are not trivially empty.
    let waterfall: Value = serde_json::from_str(&first[1]).unwrap();
    assert!(waterfall["total_recognized"].as_f64().unwrap() > 0.0);
}
