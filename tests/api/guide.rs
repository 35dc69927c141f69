//! The guide surface: ingest in the §2.3 payload and the yearly waterfall.

use reqwest::Method;
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, simple_contract, spawn_each};

fn globex() -> Value {
    json!({
        "customer_name": "Globex",
        "contract_number": "SO-1001",
        "currency": "USD",
        "total_amount": "80.00",
        "start_date": "2026-01-01",
        "end_date": "2026-12-31",
        "line_items": [
            {"name": "Phone", "pob_type": "hardware", "stated_price": 20, "ssp_price": 20},
            {"name": "Minutes", "pob_type": "subscription", "stated_price": 30, "ssp_price": 30},
            {"name": "Setup", "pob_type": "services", "stated_price": 40, "ssp_price": "40.000000", "delivery_date": "2026-02-15"}
        ]
    })
}

#[tokio::test]
async fn guide_ingest_answers_the_contract_with_its_obligations() {
    for app in spawn_each().await {
        let reply = app.post("/api/v1/contracts/ingest", &globex()).await;
        assert_eq!(reply.status.as_u16(), 201, "{}", reply.text);
        let contract = reply.json();
        let id = contract["id"].as_str().unwrap();
        assert_eq!(
            reply.header("location"),
            Some(format!("{}/v1/contracts/{id}", app.address))
        );
        assert_eq!(contract["status"], "active");
        assert_eq!(contract["contract_number"], "SO-1001");
        assert!(
            reply.text.contains("\"total_value\":80.00"),
            "{}",
            reply.text
        );
        let obligations: Vec<(String, String, String)> = contract["performance_obligations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pob| {
                (
                    pob["name"].as_str().unwrap().to_owned(),
                    pob["allocated_amount"].to_string(),
                    pob["recognition"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        // KPMG's 20/30/40 example: 80.00 allocated as 17.78 / 26.67 / 35.55.
        assert_eq!(
            obligations,
            [
                ("Phone".into(), "17.78".into(), "point_in_time".into()),
                ("Minutes".into(), "26.67".into(), "ratable".into()),
                ("Setup".into(), "35.55".into(), "point_in_time".into()),
            ]
        );
        // The same contract, read back on the primary surface.
        let read = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(
            read.json()["performance_obligations"],
            contract["performance_obligations"]
        );

        // Without total_amount, the price is the sum of the stated prices.
        let mut summed = globex();
        summed.as_object_mut().unwrap().remove("total_amount");
        let reply = app.post("/api/v1/contracts/ingest", &summed).await;
        assert!(
            reply.text.contains("\"total_value\":90.00"),
            "{}",
            reply.text
        );
    }
}

#[tokio::test]
async fn every_field_problem_is_reported_at_once_on_both_surfaces() {
    for app in spawn_each().await {
        let guide = json!({
            "customer_name": " ",
            "start_date": "2026-13-01",
            "end_date": "2026-12-31",
            "total_amount": "1.001",
            "colour": "red",
            "line_items": [
                {"pob_type": "consulting", "stated_price": "x"},
                {"pob_type": "support", "stated_price": true},
                {"pob_type": "services", "stated_price": 5, "service_start": "2026-02-01"}
            ]
        });
        let problem = app
            .post("/api/v1/contracts/ingest", &guide)
            .await
            .problem(422, "VALIDATION_FAILED");
        let mut fields: Vec<&str> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| error["field"].as_str().unwrap())
            .collect();
        fields.sort_unstable();
        assert_eq!(
            fields,
            [
                "colour",
                "customer_name",
                "line_items[0].pob_type",
                "line_items[0].stated_price",
                "line_items[1].stated_price",
                "line_items[2].service_start",
                "start_date",
                "total_amount",
            ],
            "{problem}"
        );
        // The primary surface: a malformed date no longer hides the other fields' problems.
        let primary = json!({
            "customer_name": "",
            "total_value": "-5",
            "start_date": "soon",
            "end_date": "2026-12-31",
            "line_items": [{"pob_type": "consulting", "stated_price": 1}]
        });
        let problem = app
            .post("/v1/contracts", &primary)
            .await
            .problem(422, "VALIDATION_FAILED");
        let messages: Vec<String> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| {
                format!(
                    "{}: {}",
                    error["field"].as_str().unwrap(),
                    error["message"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(
            messages,
            [
                "start_date: must be a calendar date in YYYY-MM-DD form (got `soon`)",
                "customer_name: must not be blank",
                "total_value: must not be negative (got -5.00)",
                "line_items[0].pob_type: unknown pob_type `consulting`; allowed: hardware, license, services, subscription, support, usage",
            ]
        );
        // The guide surface names the price `total_amount` in its own problems too.
        let mut negative = globex();
        negative["total_amount"] = json!("-1.00");
        let problem = app
            .post("/api/v1/contracts/ingest", &negative)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "total_amount");
        let mut neither = globex();
        neither.as_object_mut().unwrap().remove("total_amount");
        neither.as_object_mut().unwrap().remove("line_items");
        let problem = app
            .post("/api/v1/contracts/ingest", &neither)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(
            problem["errors"][0]["message"],
            "give line_items, a total amount, or both"
        );
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 0);
    }
}

#[tokio::test]
async fn guide_ingest_takes_idempotency_keys_and_needs_write_scope() {
    for app in spawn_each().await {
        let send = |key: &'static str, token: String| {
            let body = serde_json::to_vec(&globex()).unwrap();
            let app = &app;
            async move {
                app.raw(
                    Method::POST,
                    "/api/v1/contracts/ingest",
                    &[
                        ("Authorization", &format!("Bearer {token}")),
                        ("Content-Type", "application/json"),
                        ("Idempotency-Key", key),
                    ],
                    body,
                )
                .await
            }
        };
        let first = send("guide-1", SANDBOX.to_owned()).await;
        assert_eq!(first.status.as_u16(), 201, "{}", first.text);
        let again = send("guide-1", SANDBOX.to_owned()).await;
        assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(again.text, first.text);
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 1);

        let (_, reader) = app.key("acme", &[Scope::ReadContracts]).await;
        send("guide-2", reader)
            .await
            .problem(403, "INSUFFICIENT_SCOPE");
    }
}

#[tokio::test]
async fn the_yearly_waterfall_reads_by_month_quarter_and_year() {
    for app in spawn_each().await {
        app.create(&simple_contract(
            "A",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        app.post("/api/v1/contracts/ingest", &globex()).await;

        let monthly = app.get("/api/v1/reports/waterfall?period=2026").await;
        assert_eq!(monthly.status.as_u16(), 200, "{}", monthly.text);
        let body = monthly.json();
        assert_eq!(body["granularity"], "monthly");
        assert_eq!(body["currency"], "USD");
        let rows = body["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 12);
        assert_eq!(
            rows[0],
            json!({"period": "2026-01", "recognized_amount": 1039.23, "deferred_balance": 11040.77,
                   "billed_amount": 12080.00, "contract_asset_balance": 0.0,
                   "variable_amount": 0.0})
        );
        assert!(
            monthly
                .text
                .contains("\"total_recognized\":12080.00,\"closing_deferred_balance\":0.00"),
            "{}",
            monthly.text
        );

        // Quarters and the year are sums of the months, balances at their ends, and agree
        // with the primary surface's monthly waterfall.
        let primary = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-12")
            .await
            .json();
        let quarterly = app
            .get("/api/v1/reports/waterfall?period=2026&granularity=quarterly")
            .await
            .json();
        let labels: Vec<&str> = quarterly["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["period"].as_str().unwrap())
            .collect();
        assert_eq!(labels, ["2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4"]);
        let cents = |value: &Value| (value.as_f64().unwrap() * 100.0).round() as i64;
        let q1: i64 = primary["periods"].as_array().unwrap()[..3]
            .iter()
            .map(|p| cents(&p["recognized_amount"]))
            .sum();
        assert_eq!(cents(&quarterly["rows"][0]["recognized_amount"]), q1);
        assert_eq!(
            quarterly["rows"][0]["deferred_balance"],
            primary["periods"][2]["deferred_balance"]
        );
        let annual = app
            .get("/api/v1/reports/waterfall?period=2026&granularity=annual")
            .await
            .json();
        assert_eq!(
            annual["rows"],
            json!([{"period": "2026", "recognized_amount": 12080.00, "deferred_balance": 0.00,
                    "billed_amount": 12080.00, "contract_asset_balance": 0.00,
                    "variable_amount": 0.00}])
        );
        // A year with nothing is twelve zero months.
        let empty = app
            .get("/api/v1/reports/waterfall?period=2030")
            .await
            .json();
        assert_eq!(
            empty["rows"][11],
            json!({"period": "2030-12", "recognized_amount": 0.00, "deferred_balance": 0.00,
                   "billed_amount": 0.00, "contract_asset_balance": 0.00,
                   "variable_amount": 0.00})
        );
    }
}

#[tokio::test]
async fn bad_years_and_granularities_are_400s_naming_what_is_allowed() {
    for app in spawn_each().await {
        let problem = app
            .get("/api/v1/reports/waterfall?period=26")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        assert!(
            problem["detail"].as_str().unwrap().contains("YYYY"),
            "{problem}"
        );
        app.get("/api/v1/reports/waterfall?period=2026-01")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        app.get("/api/v1/reports/waterfall")
            .await
            .problem(400, "MISSING_PARAMETER");
        let problem = app
            .get("/api/v1/reports/waterfall?period=2026&granularity=weekly")
            .await
            .problem(400, "INVALID_PARAMETER");
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("monthly, quarterly, annual"),
            "{problem}"
        );
        // Two currencies need a choice.
        let mut euros = simple_contract("E", "100.00", "2026-01-01", "2026-12-31");
        euros["currency"] = json!("EUR");
        app.create(&euros).await;
        app.create(&simple_contract("U", "100.00", "2026-01-01", "2026-12-31"))
            .await;
        app.get("/api/v1/reports/waterfall?period=2026")
            .await
            .problem(422, "CURRENCY_REQUIRED");
        let euro = app
            .get("/api/v1/reports/waterfall?period=2026&currency=EUR")
            .await
            .json();
        assert_eq!(euro["currency"], "EUR");
        app.request(
            Method::POST,
            "/api/v1/reports/waterfall?period=2026",
            Some(SANDBOX),
            None,
        )
        .await
        .problem(405, "METHOD_NOT_ALLOWED");
    }
}
