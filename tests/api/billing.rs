//! Invoices and contract balances (docs/asc606.md §12), through the API on both backends.
//! Worked example 12 of docs/asc606.md: 12,000.00 for 2026 recognized daily and billed
//! 3,000.00 at each quarter's end, in arrears.

use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, simple_contract, spawn_each};

fn subscription() -> Value {
    simple_contract("Initech", "12000.00", "2026-01-01", "2026-12-31")
}

fn invoice(date: &str, number: &str) -> Value {
    json!({"date": date, "amount": "3000.00", "number": number})
}

/// `(recognized, deferred, billed, contract asset)` of each month, as written.
fn months(body: &str) -> Vec<(String, String, String, String)> {
    let recognized = number_texts(body, "recognized_amount");
    let deferred = number_texts(body, "deferred_balance");
    let billed = number_texts(body, "billed_amount");
    let asset = number_texts(body, "contract_asset_balance");
    (0..recognized.len())
        .map(|month| {
            (
                recognized[month].clone(),
                deferred[month].clone(),
                billed[month].clone(),
                asset[month].clone(),
            )
        })
        .collect()
}

fn row(
    recognized: &str,
    deferred: &str,
    billed: &str,
    asset: &str,
) -> (String, String, String, String) {
    (
        recognized.into(),
        deferred.into(),
        billed.into(),
        asset.into(),
    )
}

async fn first_half(app: &TestApp, id: &str) -> String {
    app.get(&format!(
        "/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-06"
    ))
    .await
    .text
}

#[tokio::test]
async fn example_12_billed_quarterly_in_arrears_an_asset_then_a_liability() {
    let mut bodies = Vec::new();
    for app in spawn_each().await {
        let contract = app.create(&subscription()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        // Without invoices: billed at start, no contract assets; every field is there all
        // the same (the shape never depends on the data).
        let before = first_half(&app, &id).await;
        let before: Value = serde_json::from_str(&before).unwrap();
        for (index, row) in before["periods"].as_array().unwrap().iter().enumerate() {
            assert_eq!(row["contract_asset_balance"], json!(0.0), "{row}");
            assert_eq!(row["correction_amount"], json!(0.0), "{row}");
            assert_eq!(row["closed"], json!(false), "{row}");
            // The whole price in the start month, nothing after.
            let billed = if index == 0 {
                contract["total_value"].clone()
            } else {
                json!(0.0)
            };
            assert_eq!(row["billed_amount"], billed, "{row}");
        }

        for (date, number) in [("2026-03-31", "INV-Q1"), ("2026-06-30", "INV-Q2")] {
            let reply = app
                .post(
                    &format!("/v1/contracts/{id}/invoices"),
                    &invoice(date, number),
                )
                .await;
            assert_eq!(reply.status, 201, "{}", reply.text);
            assert_eq!(reply.json()["invoice"]["number"], number);
        }
        let body = first_half(&app, &id).await;
        // January and February earn before anything is billed: a contract asset. March's
        // invoice (3,000.00) covers the asset (1,939.73) and leaves 1,060.27 deferred, of
        // which March earns 1,019.17: a liability of 41.10.
        assert_eq!(
            months(&body),
            [
                row("1019.18", "0.00", "0.00", "1019.18"),
                row("920.55", "0.00", "0.00", "1939.73"),
                row("1019.17", "41.10", "3000.00", "0.00"),
                row("986.31", "0.00", "0.00", "945.21"),
                row("1019.17", "0.00", "0.00", "1964.38"),
                row("986.30", "49.32", "3000.00", "0.00"),
            ]
        );

        // Note 6: receivables, contract assets and liabilities, revenue from the opening one.
        let q2 = app.get("/v1/disclosures/note6?period=2026-Q2").await;
        let balances = &q2.json()["contract_balances"];
        assert_eq!(balances["opening_receivables"], json!(3000.0));
        assert_eq!(
            number_texts(&q2.text, "opening_deferred_revenue"),
            ["41.10"]
        );
        assert_eq!(
            number_texts(&q2.text, "closing_deferred_revenue"),
            ["49.32"]
        );
        assert_eq!(
            number_texts(&q2.text, "revenue_recognized_from_opening_balance"),
            ["41.10"]
        );
        assert_eq!(number_texts(&q2.text, "closing_receivables"), ["6000.00"]);
        assert_eq!(number_texts(&q2.text, "closing_contract_assets"), ["0.00"]);

        // The journal: March's invoice clears the asset first, then defers the rest.
        let march = app
            .get("/api/v1/accounting/journal-entries?period=2026-03")
            .await;
        let lines: Vec<String> = march.json()["entries"][0]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| {
                format!(
                    "{} {} {}",
                    line["account_code"].as_str().unwrap(),
                    number_text(&line["debit"]),
                    number_text(&line["credit"])
                )
            })
            .collect();
        assert_eq!(
            lines,
            [
                "1200 3000.00 0.00",
                "1300 0.00 1939.73",
                "2400 0.00 1060.27",
                "4000 0.00 1019.17",
                "2400 1019.17 0.00",
            ]
        );
        // The trial balance still balances, with the contract asset of April's end.
        let trial = app
            .get("/api/v1/accounting/trial-balance?period=2026-04")
            .await;
        let usd = &trial.json()["balances"][0];
        assert_eq!(usd["total_debit"], usd["total_credit"]);
        let asset = usd["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|account| account["account_code"] == "1300")
            .unwrap();
        assert_eq!(number_text(&asset["debit"]), "945.21");

        bodies.push(body.replace(&id, "ctr"));
    }
    if let [sqlite, postgres] = bodies.as_slice() {
        assert_eq!(sqlite, postgres, "the same bytes on both backends");
    }
}

/// A JSON number as two-decimal text (the test reads lines through `Value`).
fn number_text(value: &Value) -> String {
    let text = value.to_string();
    match text.split_once('.') {
        Some((whole, fraction)) => format!("{whole}.{fraction:0<2}"),
        None => format!("{text}.00"),
    }
}

#[tokio::test]
async fn a_billing_schedule_on_ingest_bills_the_same_as_invoices_posted_later() {
    for app in spawn_each().await {
        let mut scheduled = subscription();
        scheduled["billing_schedule"] = json!([
            invoice("2026-03-31", "INV-Q1"),
            invoice("2026-06-30", "INV-Q2")
        ]);
        let with_schedule = app.create(&scheduled).await;
        let id = with_schedule["id"].as_str().unwrap();
        assert_eq!(
            with_schedule["billing_schedule"][0]["number"], "INV-Q1",
            "{with_schedule}"
        );
        let posted = app.create(&subscription()).await;
        let other = posted["id"].as_str().unwrap();
        for (date, number) in [("2026-03-31", "INV-Q1"), ("2026-06-30", "INV-Q2")] {
            app.post(
                &format!("/v1/contracts/{other}/invoices"),
                &invoice(date, number),
            )
            .await;
        }
        assert_eq!(
            first_half(&app, id).await.replace(id, "ctr"),
            first_half(&app, other).await.replace(other, "ctr")
        );

        // Entries of the schedule are checked like posted invoices, each named.
        let mut bad = subscription();
        bad["billing_schedule"] = json!([
            {"date": "2025-12-31", "amount": "100.00"},
            {"date": "2026-01-31", "amount": "12000.01"},
            {"date": "2026-02-28", "amount": "1.001"}
        ]);
        let refused = app
            .post("/v1/contracts", &bad)
            .await
            .problem(422, "VALIDATION_FAILED");
        let fields: Vec<&str> = refused["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| error["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["billing_schedule[2].amount"]);
        bad["billing_schedule"] = json!([
            {"date": "2025-12-31", "amount": "100.00"},
            {"date": "2026-01-31", "amount": "12000.01"}
        ]);
        let refused = app
            .post("/v1/contracts", &bad)
            .await
            .problem(422, "VALIDATION_FAILED");
        let fields: Vec<&str> = refused["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| error["field"].as_str().unwrap())
            .collect();
        assert_eq!(
            fields,
            ["billing_schedule[0].date", "billing_schedule[1].amount"]
        );
    }
}

#[tokio::test]
async fn an_invoice_number_is_a_natural_idempotency_key_and_the_price_a_ceiling() {
    for app in spawn_each().await {
        let contract = app.create(&subscription()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let path = format!("/v1/contracts/{id}/invoices");
        let first = app.post(&path, &invoice("2026-03-31", "INV-Q1")).await;
        assert_eq!(first.status, 201, "{}", first.text);
        // The same number and figures: a replay, nothing new.
        let again = app.post(&path, &invoice("2026-03-31", "INV-Q1")).await;
        assert_eq!(again.status, 200, "{}", again.text);
        let read = app.get(&format!("/v1/contracts/{id}")).await.json();
        assert_eq!(read["billing_schedule"].as_array().unwrap().len(), 1);
        // The same number with other figures names another invoice: refused.
        app.post(
            &path,
            &json!({"date": "2026-03-31", "amount": "2500.00", "number": "INV-Q1"}),
        )
        .await
        .problem(409, "INVOICE_NUMBER_REUSED");
        // Above the transaction price, before signing, not above zero.
        for (body, field) in [
            (json!({"date": "2026-06-30", "amount": "9000.01"}), "amount"),
            (json!({"date": "2025-12-31", "amount": "10.00"}), "date"),
            (json!({"date": "2026-06-30", "amount": 0}), "amount"),
            (json!({"date": "2026-06-30", "amount": "1.001"}), "amount"),
        ] {
            let refused = app
                .post(&path, &body)
                .await
                .problem(422, "VALIDATION_FAILED");
            assert_eq!(refused["errors"][0]["field"], field, "{body}");
        }
        // The rest of the price may still be billed.
        let rest = app
            .post(&path, &json!({"date": "2026-06-30", "amount": "9000.00"}))
            .await;
        assert_eq!(rest.status, 201, "{}", rest.text);

        let mut draft = subscription();
        draft["status"] = json!("draft");
        let draft = app.create(&draft).await;
        app.post(
            &format!("/v1/contracts/{}/invoices", draft["id"].as_str().unwrap()),
            &invoice("2026-03-31", "INV-D"),
        )
        .await
        .problem(409, "INVALID_STATE_TRANSITION");

        // An amount is read in the contract's own currency: yen have no decimals.
        let mut yen = subscription();
        yen["currency"] = json!("JPY");
        let yen = app.create(&yen).await;
        let yen_path = format!("/v1/contracts/{}/invoices", yen["id"].as_str().unwrap());
        let refused = app
            .post(&yen_path, &json!({"date": "2026-03-31", "amount": "10.50"}))
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "amount");
        let billed = app
            .post(&yen_path, &json!({"date": "2026-03-31", "amount": "1050"}))
            .await;
        assert_eq!(billed.status, 201, "{}", billed.text);
        // The invoice, then the contract's billing schedule holding it.
        assert_eq!(number_texts(&billed.text, "amount"), ["1050", "1050"]);
        app.post(
            "/v1/contracts/ctr_nope/invoices",
            &invoice("2026-03-31", "INV-X"),
        )
        .await
        .problem(404, "CONTRACT_NOT_FOUND");
    }
}
