//! Explain (docs/asc606.md §14): every cent of a contract's month traced, on the worked case
//! of docs/asc606.md (12,000.00 over 2026, January to March closed, an increase to
//! 15,000.00 back-dated to 1 February) and on a bundle allocated by relative SSP.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, spawn_each};
use crate::periods::{back_date_the_increase, worked_contract};

async fn read(app: &TestApp, path: &str) -> String {
    let reply = app.get(path).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.text
}

/// The exact text of the first `key` number after `anchor` in `body`.
fn number_after(body: &str, anchor: &str, key: &str) -> String {
    let at = body
        .find(anchor)
        .unwrap_or_else(|| panic!("{anchor} in {body}"));
    number_texts(&body[at..], key)[0].clone()
}

/// Each obligation's cell of the contract's by-obligation waterfall for `period`.
async fn waterfall_cells(app: &TestApp, id: &str, period: &str) -> Vec<String> {
    let body = read(
        app,
        &format!(
            "/v1/waterfalls?contract_id={id}&group_by=obligation&start_period={period}&end_period={period}"
        ),
    )
    .await;
    let parsed: Value = serde_json::from_str(&body).unwrap();
    let parts = parsed["periods"][0]["groups"].as_array().unwrap().len();
    // The row's total, then one amount per obligation.
    number_texts(&body, "recognized_amount")[1..=parts].to_vec()
}

#[tokio::test]
async fn every_cent_of_the_worked_case_is_traced_and_sums_to_the_waterfall() {
    for app in spawn_each().await {
        let id = worked_contract(&app).await;
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        back_date_the_increase(&app, &id).await;

        let april = read(&app, &format!("/v1/contracts/{id}/explain?period=2026-04")).await;
        let body: Value = serde_json::from_str(&april).unwrap();
        assert_eq!(body["closed"], false);
        assert_eq!(body["version"], 2);
        assert_eq!(number_texts(&april, "transaction_price"), ["15000.00"]);
        // Through 31 March and 30 April under the terms in force from 1 February (a
        // cumulative catch-up restates from the start: no offset).
        let recognition = &body["obligations"][0]["recognition"];
        assert_eq!(
            recognition["through_previous_month"]["terms_from"],
            "2026-02-01"
        );
        assert_eq!(recognition["through_previous_month"]["numerator"], "90");
        assert_eq!(recognition["through_previous_month"]["denominator"], "365");
        assert_eq!(recognition["through_month"]["numerator"], "120");
        assert_eq!(
            number_after(&april, "\"through_previous_month\"", "cumulative"),
            "3698.63"
        );
        assert_eq!(
            number_after(&april, "\"through_month\"", "cumulative"),
            "4931.51"
        );
        assert_eq!(number_after(&april, "\"formula\"", "amount"), "1232.88");
        let text = recognition["through_month"]["text"].as_str().unwrap();
        assert!(
            text.contains("round(15000.00 × 120 / 365)") && text.contains("4931.51"),
            "{text}"
        );
        // The corrections of February and March: restated, reported, difference.
        let corrections: Vec<(String, String, String, String)> =
            body["obligations"][0]["corrections"]
                .as_array()
                .unwrap()
                .iter()
                .map(|correction| {
                    let month = correction["corrects_period"].as_str().unwrap();
                    let anchor = format!("\"corrects_period\":\"{month}\"");
                    (
                        correction["corrects_period"].as_str().unwrap().to_owned(),
                        number_after(&april, &anchor, "restated_amount"),
                        number_after(&april, &anchor, "reported_amount"),
                        number_after(&april, &anchor, "correction_amount"),
                    )
                })
                .collect();
        assert_eq!(
            corrections,
            [
                (
                    "2026-02".into(),
                    "1405.48".into(),
                    "920.55".into(),
                    "484.93".into()
                ),
                (
                    "2026-03".into(),
                    "1273.97".into(),
                    "1019.17".into(),
                    "254.80".into()
                )
            ]
        );
        // The parts sum to the obligation's cell of the by-obligation waterfall.
        assert_eq!(
            number_texts(&april, "recognized_amount"),
            ["1972.61", "1972.61"],
            "the obligation's, then the contract's"
        );
        assert_eq!(waterfall_cells(&app, &id, "2026-04").await, ["1972.61"]);
        // The journal lines of the month are there, corrections included.
        let lines = body["journal_entries"][0]["lines"].as_array().unwrap();
        assert!(
            lines
                .iter()
                .any(|line| line["corrects_period"] == "2026-02")
        );
        assert!(
            body["text"].as_str().unwrap().contains("739.73"),
            "{}",
            body["text"]
        );

        // March is closed: explained as the close saw the contract (12,000.00), no
        // correction, its frozen 1,019.17.
        let march = read(&app, &format!("/v1/contracts/{id}/explain?period=2026-03")).await;
        let parsed: Value = serde_json::from_str(&march).unwrap();
        assert_eq!(parsed["closed"], true);
        assert_eq!(parsed["version"], 1);
        assert_eq!(number_after(&march, "\"formula\"", "amount"), "1019.17");
        assert_eq!(waterfall_cells(&app, &id, "2026-03").await, ["1019.17"]);
        assert_eq!(
            number_texts(&march, "recognized_amount"),
            ["1019.17", "1019.17"]
        );

        // Bad input is a clear problem.
        app.get(&format!("/v1/contracts/{id}/explain"))
            .await
            .problem(400, "MISSING_PARAMETER");
        app.get(&format!("/v1/contracts/{id}/explain?period=2026-4"))
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        app.get("/v1/contracts/ctr_nope/explain?period=2026-04")
            .await
            .problem(404, "CONTRACT_NOT_FOUND");
    }
}

#[tokio::test]
async fn a_bundle_shows_its_largest_remainder_allocation_step_by_step() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({
                "customer_name": "Telco Buyer", "total_value": "80.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "recognition_convention": "monthly_equal",
                "line_items": [
                    {"name": "Phone", "pob_type": "hardware", "stated_price": 20},
                    {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
                    {"name": "Setup", "pob_type": "services", "stated_price": 40,
                     "delivery_date": "2026-02-15"}]}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let february = read(&app, &format!("/v1/contracts/{id}/explain?period=2026-02")).await;
        let body: Value = serde_json::from_str(&february).unwrap();
        let steps = body["allocation"]["steps"].as_array().unwrap();
        let extra: Vec<bool> = steps
            .iter()
            .map(|step| step["extra_unit"].as_bool().unwrap())
            .collect();
        // Exact shares 17.777…, 26.666…, 35.555…: floors 17.77, 26.66, 35.55; the two
        // cents left over go to the two largest fractions.
        assert_eq!(extra, [true, true, false]);
        assert_eq!(
            number_texts(&february, "floor"),
            ["17.77", "26.66", "35.55"]
        );
        assert_eq!(
            number_texts(&february, "allocated_amount")[..3],
            ["17.78", "26.67", "35.55"]
        );
        // February: Phone nothing more (delivered at the start), Minutes its second month
        // of 26.67 in twelve (4.45 through February less 2.22 through January), Setup
        // delivered on 15 February.
        let cells = waterfall_cells(&app, id, "2026-02").await;
        let explained: Vec<String> = number_texts(&february, "recognized_amount");
        assert_eq!(explained[..3], cells[..]);
        assert_eq!(cells, ["0.00", "2.23", "35.55"]);
        let setup = &body["obligations"][2]["recognition"]["through_month"];
        assert_eq!(setup["pattern"], "point_in_time");
        assert!(
            setup["text"].as_str().unwrap().contains("all of 35.55"),
            "{setup}"
        );
    }
}
