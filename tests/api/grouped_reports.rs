//! Waterfalls split by `group_by` (docs/asc606.md §6, "Waterfalls by type or by
//! obligation"): by `pob_type` over a portfolio (both surfaces) and by obligation for one
//! contract. Each row's parts sum to its total exactly, and the bodies are the same on
//! every backend.

use serde_json::{Value, json};

use crate::helpers::{number_texts, spawn_each};

/// Minor units of an amount's exact text (`17.78` → 1778): no float on the way.
fn cents(text: &str) -> i64 {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let sign = if whole.starts_with('-') { -1 } else { 1 };
    let digits = format!("{}{fraction:0<2}", whole.trim_start_matches('-'));
    sign * digits.parse::<i64>().unwrap()
}

fn amounts(body: &str) -> Vec<String> {
    number_texts(body, "recognized_amount")
}

/// A bundle recognized in equal months: Phone (hardware, at the start) 17.78, Minutes
/// (subscription, 12 months) 26.67, Setup (services, delivered 15 February) 35.55.
fn bundle() -> Value {
    json!({"customer_name": "Globex", "total_value": "80.00", "start_date": "2026-01-01",
           "end_date": "2026-12-31", "recognition_convention": "monthly_equal",
           "line_items": [
               {"name": "Phone", "pob_type": "hardware", "stated_price": 20},
               {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
               {"name": "Setup", "pob_type": "services", "stated_price": 40,
                "delivery_date": "2026-02-15"}]})
}

/// Checks that every row of `rows` has parts with `keys` summing to its total exactly;
/// returns each row's parts in minor units.
fn parts_of(body: &str, rows: &[Value], keys: &[&str]) -> Vec<Vec<i64>> {
    let texts = amounts(body);
    // Each row is its total, then one amount per part.
    let mut texts = texts.iter();
    rows.iter()
        .map(|row| {
            let groups = row["groups"].as_array().unwrap();
            let names: Vec<&str> = groups.iter().map(|g| g["key"].as_str().unwrap()).collect();
            assert_eq!(names, keys);
            let total = cents(texts.next().unwrap());
            let parts: Vec<i64> = (0..keys.len())
                .map(|_| cents(texts.next().unwrap()))
                .collect();
            assert_eq!(parts.iter().sum::<i64>(), total, "{row}");
            parts
        })
        .collect()
}

#[tokio::test]
async fn a_portfolio_waterfall_by_pob_type_splits_each_month_exactly() {
    let mut bodies = Vec::new();
    for app in spawn_each().await {
        app.create(&bundle()).await;
        app.create(&json!({"customer_name": "Acme", "total_value": "1000.00",
                           "start_date": "2026-01-01", "end_date": "2026-12-31",
                           "recognition_convention": "monthly_equal"}))
            .await;
        let plain = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-03")
            .await;
        assert!(!plain.text.contains("groups") && !plain.text.contains("group_by"));
        let grouped = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-03&group_by=pob_type")
            .await;
        assert_eq!(grouped.status, 200, "{}", grouped.text);
        let body = grouped.json();
        assert_eq!(body["group_by"], "pob_type");
        assert_eq!(body["total_recognized"], plain.json()["total_recognized"]);
        assert_ne!(body["output_hash"], plain.json()["output_hash"]);
        let keys = [
            "hardware",
            "license",
            "services",
            "subscription",
            "support",
            "usage",
        ];
        let parts = parts_of(&grouped.text, body["periods"].as_array().unwrap(), &keys);
        // January: the phone, and a twelfth of each subscription (1000.00 and 26.67).
        assert_eq!(parts[0], [1778, 0, 0, 8333 + 222, 0, 0]);
        // February: the setup is delivered.
        assert_eq!(parts[1][2], 3555);
        bodies.push(grouped.text);
    }
    if let [sqlite, postgres] = bodies.as_slice() {
        assert_eq!(sqlite, postgres, "the same bytes on both backends");
    }
}

#[tokio::test]
async fn one_contracts_waterfall_by_obligation_names_each_obligation() {
    for app in spawn_each().await {
        let contract = app.create(&bundle()).await;
        let id = contract["id"].as_str().unwrap();
        let reply = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&group_by=obligation"
            ))
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let body = reply.json();
        let periods = body["periods"].as_array().unwrap();
        assert_eq!(periods.len(), 12);
        // Keyed by the ids the service gave the obligations, in the contract's order.
        let ids: Vec<&str> = contract["performance_obligations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|obligation| obligation["id"].as_str().unwrap())
            .collect();
        let parts = parts_of(&reply.text, periods, &ids);
        assert_eq!(parts[0], [1778, 222, 0]);
        assert_eq!(parts[1][2], 3555);
        let by_obligation: Vec<i64> = (0..3)
            .map(|i| parts.iter().map(|row| row[i]).sum())
            .collect();
        assert_eq!(
            by_obligation,
            [1778, 2667, 3555],
            "each obligation's allocation, whole"
        );
        // The same contract by type: its own obligation types.
        let by_type = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&group_by=pob_type"
            ))
            .await;
        assert_eq!(by_type.status, 200, "{}", by_type.text);

        let refused = app.get("/v1/waterfalls?group_by=obligation").await;
        let problem = refused.problem(400, "INVALID_PARAMETER");
        assert!(
            problem["message"].as_str().unwrap().contains("contract_id"),
            "{problem}"
        );
        app.get("/v1/waterfalls?group_by=customer")
            .await
            .problem(400, "INVALID_PARAMETER");
    }
}

#[tokio::test]
async fn the_guide_waterfall_by_pob_type_splits_each_quarter_exactly() {
    for app in spawn_each().await {
        app.create(&bundle()).await;
        let reply = app
            .get("/api/v1/reports/waterfall?period=2026&granularity=quarterly&group_by=pob_type")
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let body = reply.json();
        assert_eq!(body["group_by"], "pob_type");
        let rows = body["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 4);
        let keys = [
            "hardware",
            "license",
            "services",
            "subscription",
            "support",
            "usage",
        ];
        let parts = parts_of(&reply.text, rows, &keys);
        assert_eq!(parts[0][0], 1778);
        assert_eq!(parts[0][2], 3555);
        let subscription: i64 = parts.iter().map(|row| row[3]).sum();
        assert_eq!(subscription, 2667);
    }
}
