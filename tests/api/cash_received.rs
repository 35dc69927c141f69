//! Cash received and the journal's export scope (docs/ledger.md), through the API on both
//! backends: worked example 12 (12,000.00 for 2026 recognized daily, billed 3,000.00 at each
//! quarter's end) with the customer paying the first invoice in April and overpaying the
//! second in July; the credit is used up by the third invoice in October.

use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, simple_contract, spawn_each};

async fn paid_subscription(app: &TestApp) -> String {
    let contract = app
        .create(&simple_contract(
            "Initech",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
    let id = contract["id"].as_str().unwrap().to_owned();
    for (date, number) in [
        ("2026-03-31", "INV-Q1"),
        ("2026-06-30", "INV-Q2"),
        ("2026-10-01", "INV-Q3"),
    ] {
        let reply = app
            .post(
                &format!("/v1/contracts/{id}/invoices"),
                &json!({"date": date, "amount": "3000.00", "number": number}),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
    }
    for (date, amount, reference) in [
        ("2026-04-20", "3000.00", "WIRE-1"),
        ("2026-07-10", "4000.00", "WIRE-2"),
    ] {
        let reply = app
            .post(
                &format!("/v1/contracts/{id}/payments"),
                &json!({"date": date, "amount": amount, "reference": reference}),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(reply.json()["payment"]["reference"], reference);
        assert_eq!(number_texts(&reply.text, "amount")[0], amount);
    }
    id
}

/// `(opening receivables, closing receivables, opening credits, closing credits)`.
async fn receivables(app: &TestApp, quarter: &str) -> (String, String, String, String) {
    let body = app
        .get(&format!("/v1/disclosures/note6?period={quarter}"))
        .await
        .text;
    let one = |key: &str| number_texts(&body, key).pop().unwrap_or_default();
    (
        one("opening_receivables"),
        one("closing_receivables"),
        one("opening_customer_credits"),
        one("closing_customer_credits"),
    )
}

fn owned(figures: (&str, &str, &str, &str)) -> (String, String, String, String) {
    (
        figures.0.into(),
        figures.1.into(),
        figures.2.into(),
        figures.3.into(),
    )
}

#[tokio::test]
async fn receivables_are_invoices_less_payments_and_an_overpayment_is_a_credit() {
    let mut bodies = Vec::new();
    for app in spawn_each().await {
        paid_subscription(&app).await;
        // Q2: March's invoice unpaid at the opening; paid in April, June's unpaid at the close.
        assert_eq!(
            receivables(&app, "2026-Q2").await,
            owned(("3000.00", "3000.00", "0.00", "0.00"))
        );
        // Q3: 4,000.00 received against 3,000.00 billed: no receivable, 1,000.00 of credit.
        assert_eq!(
            receivables(&app, "2026-Q3").await,
            owned(("3000.00", "0.00", "0.00", "1000.00"))
        );
        // Q4: October's invoice uses the credit up first.
        assert_eq!(
            receivables(&app, "2026-Q4").await,
            owned(("0.00", "2000.00", "1000.00", "0.00"))
        );
        bodies.push(app.get("/v1/disclosures/note6?period=2026-Q3").await.text);
    }
    assert_eq!(bodies[0], bodies[1], "the same bytes on both backends");
}

/// The contract's entry of `period` under `entries` (none when it has no such lines), with
/// the page's text (amounts as written).
async fn entry(app: &TestApp, period: &str, entries: &str) -> Option<(Value, String)> {
    let reply = app
        .get(&format!(
            "/api/v1/accounting/journal-entries?period={period}&entries={entries}"
        ))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let entry = reply.json()["entries"].as_array().unwrap().first().cloned();
    entry.map(|entry| (entry, reply.text))
}

/// `(account, debit, credit)` of each line of a page's one entry, amounts as written.
fn lines((entry, text): &(Value, String)) -> Vec<(String, String, String)> {
    let (debits, credits) = (number_texts(text, "debit"), number_texts(text, "credit"));
    entry["lines"]
        .as_array()
        .unwrap()
        .iter()
        .zip(debits.iter().zip(&credits))
        .map(|(line, (debit, credit))| {
            (
                line["account_code"].as_str().unwrap().to_owned(),
                debit.clone(),
                credit.clone(),
            )
        })
        .collect()
}

fn line(account: &str, debit: &str, credit: &str) -> (String, String, String) {
    (account.into(), debit.into(), credit.into())
}

#[tokio::test]
async fn cash_is_booked_to_clearing_and_the_export_takes_recognition_or_billing() {
    for app in spawn_each().await {
        paid_subscription(&app).await;
        let all = entry(&app, "2026-07", "all").await.unwrap();
        let billing = entry(&app, "2026-07", "billing").await.unwrap();
        let recognition = entry(&app, "2026-07", "recognition").await.unwrap();
        // July: 4,000.00 received clears the 3,000.00 receivable, 1,000.00 is the
        // customer's credit; the month's 1,019.18 of revenue comes out of deferred revenue.
        assert_eq!(
            lines(&billing),
            [
                line("1010", "4000.00", "0.00"),
                line("1200", "0.00", "3000.00"),
                line("2450", "0.00", "1000.00"),
            ]
        );
        assert!(
            lines(&recognition)
                .iter()
                .all(|(account, _, _)| ["4000", "2400", "1300"].contains(&account.as_str())),
            "{}",
            recognition.1
        );
        // The parts balance, have ids of their own, and make up the entry line for line.
        for (part, text) in [&billing, &recognition] {
            assert_eq!(
                number_texts(text, "total_debit"),
                number_texts(text, "total_credit")
            );
            assert_ne!(part["id"], all.0["id"]);
        }
        let mut rejoined = lines(&recognition);
        rejoined.extend(lines(&billing));
        let mut whole = lines(&all);
        rejoined.sort();
        whole.sort();
        assert_eq!(rejoined, whole);
        // A month with revenue only has no billing part.
        assert!(entry(&app, "2026-08", "billing").await.is_none());
        // October: the credit is used up by the invoice.
        let october = lines(&entry(&app, "2026-10", "billing").await.unwrap());
        assert!(
            october.contains(&line("2450", "1000.00", "0.00")),
            "{october:?}"
        );
        assert!(
            october.contains(&line("1200", "3000.00", "0.00")),
            "{october:?}"
        );

        // The CSV export takes the same scope.
        let csv = app
            .get("/api/v1/accounting/journal-entries?period=2026-07&format=csv&entries=recognition")
            .await;
        assert_eq!(csv.status, 200);
        assert!(
            !csv.text.contains(",1010,") && csv.text.contains(",4000,"),
            "{}",
            csv.text
        );
        assert!(
            csv.header("content-disposition")
                .is_some_and(|value| value.contains("-recognition.csv")),
            "{:?}",
            csv.header("content-disposition")
        );

        app.get("/api/v1/accounting/journal-entries?period=2026-07&entries=cash")
            .await
            .problem(400, "INVALID_PARAMETER");
    }
}

/// Each account's net debit (credit negative, in cents) in the trial balance of `entries`.
async fn trial_balance(app: &TestApp, period: &str, entries: &str) -> Vec<(String, i64)> {
    let reply = app
        .get(&format!(
            "/api/v1/accounting/trial-balance?period={period}&entries={entries}"
        ))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let (debits, credits) = (
        number_texts(&reply.text, "debit"),
        number_texts(&reply.text, "credit"),
    );
    let cents = |text: &str| text.replace('.', "").parse::<i64>().unwrap();
    let body = reply.json();
    assert_eq!(
        body["balances"][0]["total_debit"],
        body["balances"][0]["total_credit"]
    );
    body["balances"][0]["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .zip(debits.iter().zip(&credits))
        .map(|(account, (debit, credit))| {
            (
                account["account_code"].as_str().unwrap().to_owned(),
                cents(debit) - cents(credit),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_trial_balances_of_recognition_and_billing_add_up_to_the_whole() {
    for app in spawn_each().await {
        paid_subscription(&app).await;
        let all = trial_balance(&app, "2026-07", "all").await;
        // Cash clearing holds what was received, the credit what was paid beyond billing.
        assert!(all.contains(&("1010".into(), 700_000)), "{all:?}");
        assert!(all.contains(&("1200".into(), 0)), "{all:?}");
        assert!(all.contains(&("2450".into(), -100_000)), "{all:?}");
        let mut summed: std::collections::BTreeMap<String, i64> = Default::default();
        for scope in ["recognition", "billing"] {
            for (account, net) in trial_balance(&app, "2026-07", scope).await {
                *summed.entry(account).or_default() += net;
            }
        }
        for (account, net) in &all {
            assert_eq!(summed.get(account).copied().unwrap_or(0), *net, "{account}");
        }
        // The recognition balance holds no cash and no receivable.
        let recognition = trial_balance(&app, "2026-07", "recognition").await;
        assert!(
            recognition
                .iter()
                .all(|(account, _)| !["1010", "1200", "2450"].contains(&account.as_str())),
            "{recognition:?}"
        );
    }
}

#[tokio::test]
async fn a_payment_reference_is_a_natural_idempotency_key_and_bad_payments_store_nothing() {
    for app in spawn_each().await {
        let id = paid_subscription(&app).await;
        let path = format!("/v1/contracts/{id}/payments");
        let before = app.get("/v1/disclosures/note6?period=2026-Q3").await.text;
        // The same reference and figures: a replay, nothing new.
        let replay = app
            .post(
                &path,
                &json!({"date": "2026-07-10", "amount": "4000.00", "reference": "WIRE-2"}),
            )
            .await;
        assert_eq!(replay.status, 200, "{}", replay.text);
        // The same reference, another amount: a conflict.
        app.post(
            &path,
            &json!({"date": "2026-07-10", "amount": "4100.00", "reference": "WIRE-2"}),
        )
        .await
        .problem(409, "PAYMENT_REFERENCE_REUSED");
        // An invoice's number is not a payment's reference.
        let settles = app
            .post(
                &path,
                &json!({"date": "2026-10-15", "amount": "2000.00", "reference": "INV-Q3"}),
            )
            .await;
        assert_eq!(settles.status, 201, "{}", settles.text);
        let after_settling = app.get("/v1/disclosures/note6?period=2026-Q3").await.text;
        assert_eq!(before, after_settling, "a payment in Q4 leaves Q3 alone");
        for (body, field) in [
            (
                json!({"date": "2026-07-11", "amount": "0.00", "reference": "W-0"}),
                "amount",
            ),
            (
                json!({"date": "2025-12-31", "amount": "1.00", "reference": "W-1"}),
                "date",
            ),
            (
                json!({"date": "2026-07-11", "amount": "1.00", "reference": "  "}),
                "reference",
            ),
            (
                json!({"date": "2026-07-11", "amount": "1.001", "reference": "W-2"}),
                "amount",
            ),
        ] {
            let problem = app
                .post(&path, &body)
                .await
                .problem(422, "VALIDATION_FAILED");
            assert_eq!(problem["errors"][0]["field"], field, "{problem}");
        }
        assert_eq!(
            app.get("/v1/disclosures/note6?period=2026-Q4").await.status,
            200
        );
        let q4 = receivables(&app, "2026-Q4").await;
        assert_eq!(q4.1, "0.00", "only the settling payment was stored: {q4:?}");
        // A draft is not paid.
        let mut draft = simple_contract("Quote", "100.00", "2026-01-01", "2026-12-31");
        draft["status"] = json!("draft");
        let draft = app.create(&draft).await;
        app.post(
            &format!("/v1/contracts/{}/payments", draft["id"].as_str().unwrap()),
            &json!({"date": "2026-02-01", "amount": "1.00", "reference": "W-3"}),
        )
        .await
        .problem(409, "INVALID_STATE_TRANSITION");
    }
}

#[tokio::test]
async fn a_payment_dated_in_a_closed_month_is_a_correction_in_the_first_open_month() {
    for app in spawn_each().await {
        let id = paid_subscription(&app).await;
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-06"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let june_balance = app
            .get("/api/v1/accounting/trial-balance?period=2026-06")
            .await
            .text;
        let june_journal = app
            .get("/api/v1/accounting/journal-entries?period=2026-06&format=csv")
            .await
            .text;
        // Cash that came in May, recorded after June was closed.
        let late = app
            .post(
                &format!("/v1/contracts/{id}/payments"),
                &json!({"date": "2026-05-15", "amount": "500.00", "reference": "LATE-1"}),
            )
            .await;
        assert_eq!(late.status, 201, "{}", late.text);
        assert_eq!(
            app.get("/api/v1/accounting/trial-balance?period=2026-06")
                .await
                .text,
            june_balance
        );
        assert_eq!(
            app.get("/api/v1/accounting/journal-entries?period=2026-06&format=csv")
                .await
                .text,
            june_journal
        );
        // July books it, naming May, on its billing lines.
        let (july, _) = entry(&app, "2026-07", "billing").await.unwrap();
        let corrections: Vec<&Value> = july["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|line| line["corrects_period"] == "2026-05")
            .collect();
        assert!(
            corrections.iter().any(|line| line["account_code"] == "1010"
                && line["memo"].as_str().unwrap().contains("2026-05")),
            "{july}"
        );
        assert!(
            entry(&app, "2026-07", "recognition").await.unwrap().0["lines"]
                .as_array()
                .unwrap()
                .iter()
                .all(|line| line["corrects_period"].is_null()),
            "cash corrects no revenue"
        );
        // Through July the 500.00 counts: 7,500.00 received.
        let all = trial_balance(&app, "2026-07", "all").await;
        assert!(all.contains(&("1010".into(), 750_000)), "{all:?}");
    }
}

/// `GET /v1/contracts/{id}/payments` lists the cash received in the order it was recorded,
/// as the books knew it at an `as_of` instant, and the same through a batch.
#[tokio::test]
async fn a_contracts_payments_are_listed_as_recorded_and_as_they_stood() {
    for app in spawn_each().await {
        let id = paid_subscription(&app).await;
        let listed = app.get(&format!("/v1/contracts/{id}/payments")).await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        let body = listed.json();
        assert_eq!(body["contract_id"], id.as_str());
        assert_eq!(body["currency"], "USD");
        let references: Vec<&str> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|payment| payment["reference"].as_str().unwrap())
            .collect();
        assert_eq!(references, ["WIRE-1", "WIRE-2"]);
        assert_eq!(number_texts(&listed.text, "amount"), ["3000.00", "4000.00"]);
        assert!(body["data"][0]["id"].as_str().unwrap().starts_with("pay_"));
        assert_eq!(body["data"][1]["date"], "2026-07-10");

        // As the books stood when the first payment was recorded: it alone.
        let first_recorded = body["data"][0]["recorded_at"].as_str().unwrap();
        let then = app
            .get(&format!(
                "/v1/contracts/{id}/payments?as_of={}",
                first_recorded.replace('+', "%2B")
            ))
            .await;
        assert_eq!(then.status, 200, "{}", then.text);
        assert_eq!(then.json()["data"].as_array().unwrap().len(), 1);

        let batch = app
            .post(
                "/v1/batch",
                &json!({"operations": [
                    {"method": "GET", "path": format!("/contracts/{id}/payments")},
                    {"method": "GET", "path": "/contracts/ctr_nope/payments"}
                ]}),
            )
            .await;
        let results = batch.json()["results"].clone();
        assert_eq!(results[0]["status"], 200);
        assert_eq!(results[0]["body"], body);
        assert_eq!(results[1]["body"]["code"], "CONTRACT_NOT_FOUND");
    }
}
