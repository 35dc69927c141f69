//! The close package (docs/ledger.md, "The close package"): a closed month's or quarter's
//! figures, rollforwards, reconciliation, corrections, journal check and warnings, the same
//! bytes on every read, as JSON and as a ZIP, and the facts it follows from, which a replay
//! computes again offline to the byte.

use std::io::Read as _;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, number_texts, simple_contract, spawn_each};
use crate::periods::{back_date_the_increase, worked_contract};

/// Cents of an amount as written (`-12.30` → -1230).
fn cents(text: &str) -> i64 {
    let negative = text.starts_with('-');
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let value: i64 = digits.parse().unwrap();
    if negative { -value } else { value }
}

/// The raw text of the first object under `key` after `from` in `text`, amounts as written.
fn raw_object<'a>(text: &'a str, from: &str, key: &str) -> &'a str {
    let after = text.find(from).unwrap();
    let start = after + text[after..].find(&format!("\"{key}\":{{")).unwrap() + key.len() + 3;
    let mut depth = 0;
    for (offset, byte) in text[start..].bytes().enumerate() {
        match byte {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return &text[start..=start + offset];
                }
            }
            _ => {}
        }
    }
    panic!("{key} is not closed in {text}")
}

async fn zip_of(app: &TestApp, path: &str) -> (String, Vec<u8>) {
    let reply = reqwest::Client::new()
        .get(format!("{}{path}", app.address))
        .bearer_auth(SANDBOX)
        .header("Accept", "application/zip")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::OK);
    let kind = reply.headers()["content-type"].to_str().unwrap().to_owned();
    (kind, reply.bytes().await.unwrap().to_vec())
}

/// A worked contract with its increase back-dated into closed months, a contract billed by
/// an invoice and paid in part, and a draft: January to March closed, then April.
async fn books(app: &TestApp) -> (String, String) {
    let worked = worked_contract(app).await;
    let billed = app
        .create(&simple_contract(
            "Billed Co",
            "3600.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for (path, body) in [
        (
            format!("/v1/contracts/{billed}/invoices"),
            json!({"date": "2026-02-28", "amount": "900.00", "number": "INV-1"}),
        ),
        (
            format!("/v1/contracts/{billed}/payments"),
            json!({"date": "2026-03-15", "amount": "500.00", "reference": "WIRE-1"}),
        ),
    ] {
        let reply = app.post(&path, &body).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    }
    let mut draft = simple_contract("Quote Co", "1200.00", "2026-02-01", "2027-01-31");
    draft["status"] = json!("draft");
    app.create(&draft).await;
    let close = |through: &str| json!({"through": through});
    let reply = app.post("/v1/periods/close", &close("2026-03")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    back_date_the_increase(app, &worked).await;
    let reply = app.post("/v1/periods/close", &close("2026-04")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    (worked, billed)
}

#[tokio::test]
async fn a_close_package_ties_out_reads_the_same_bytes_and_replays_from_its_facts() {
    for app in spawn_each().await {
        let (worked, billed) = books(&app).await;
        let path = "/v1/close-packages/2026-04";
        let first = app.get(path).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.text);
        assert_eq!(app.get(path).await.text, first.text, "the same bytes");
        let package = first.json();
        assert_eq!(package["period"], "2026-04");
        assert_eq!(package["tenant_id"], "sandbox");

        // The month and its digest are what the list of closed months shows.
        let listed = app.get("/v1/periods").await.json();
        let april = listed["closed"]
            .as_array()
            .unwrap()
            .iter()
            .find(|month| month["period"] == "2026-04")
            .unwrap()
            .clone();
        assert_eq!(package["months"][0]["digest"], april["digest"]);
        assert_eq!(package["months"][0]["closed_by"], "sandbox");

        // Every rollforward ties: opening + movements + corrections = closing.
        let usd = &package["currencies"][0];
        assert_eq!(usd["currency"], "USD");
        for name in ["deferred_revenue", "contract_assets", "receivables"] {
            let part = raw_object(&first.text, "\"rollforwards\"", name);
            let amounts: Vec<i64> = number_texts(part, "opening")
                .iter()
                .chain(&number_texts(part, "amount"))
                .chain(&number_texts(part, "corrections"))
                .map(|amount| cents(amount))
                .collect();
            let closing = cents(&number_texts(part, "closing")[0]);
            assert_eq!(amounts.iter().sum::<i64>(), closing, "{name} in {part}");
        }
        // Receivables: 12,000 billed at the start, the increase's 3,000 in April, 900
        // invoiced, 500 received.
        let receivables = raw_object(&first.text, "\"rollforwards\"", "receivables");
        assert_eq!(number_texts(receivables, "closing"), ["15400.00"]);

        // Each contract with its facts and figures, in id order; the draft has no figures.
        let contracts = package["contracts"].as_array().unwrap();
        let in_books: Vec<&str> = contracts
            .iter()
            .filter(|contract| !contract["figures"].is_null())
            .map(|contract| contract["contract_id"].as_str().unwrap())
            .collect();
        let mut expected = vec![worked.as_str(), billed.as_str()];
        expected.sort_unstable();
        assert_eq!(in_books, expected);
        assert_eq!(contracts.len(), 3);
        let worked_figures = raw_object(
            &first.text,
            &format!("{{\"contract_id\":\"{worked}\""),
            "figures",
        );
        // Billed against recognized: April billed the increase's 3,000.
        assert_eq!(number_texts(worked_figures, "billed")[0], "3000.00");
        assert_eq!(number_texts(worked_figures, "billed_to_date"), ["15000.00"]);
        // The back-dated increase: April books corrections of February and March.
        let corrections = &package["contracts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|contract| contract["contract_id"] == worked.as_str())
            .unwrap()["figures"]["corrections"];
        let corrected: Vec<(&str, &str)> = corrections
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                (
                    row["booked_in"].as_str().unwrap(),
                    row["corrects"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(corrected, [("2026-04", "2026-02"), ("2026-04", "2026-03")]);
        let correction_text = &worked_figures[worked_figures.find("\"corrections\":[").unwrap()..];
        let correction_text = &correction_text[..correction_text.find(']').unwrap()];
        assert_eq!(
            number_texts(correction_text, "recognized"),
            ["484.93", "254.80"]
        );

        // The journal posts what the month froze, and is the export.
        let journal = &usd["journals"][0];
        assert_eq!(journal["period"], "2026-04");
        assert_eq!(journal["equals_frozen"], true);
        let export = app
            .get("/api/v1/accounting/journal-entries?period=2026-04&limit=1000")
            .await
            .json();
        let exported: Vec<&Value> = export["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| &entry["id"])
            .collect();
        let packaged: Vec<&Value> = contracts
            .iter()
            .filter(|contract| !contract["figures"].is_null())
            .flat_map(|contract| {
                contract["figures"]["journal"][0]["entry_ids"]
                    .as_array()
                    .unwrap()
            })
            .collect();
        assert_eq!(packaged, exported);

        // The draft is a warning; nothing the server stored differs from the facts.
        let warnings: Vec<&str> = package["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|warning| warning.as_str().unwrap())
            .collect();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("is a draft"), "{warnings:?}");

        // A replay of the package's facts gives the package, to the byte.
        let replayed = revrec_app::replay_command::replay_package(first.text.as_bytes())
            .unwrap_or_else(|error| panic!("{:?}: {error}", app.backend));
        assert_eq!(
            replayed.months,
            [(
                "2026-04".to_owned(),
                april["digest"].as_str().unwrap().to_owned()
            )]
        );

        // A fact altered breaks the chain; a figure altered is named where it differs.
        let paid = first
            .text
            .replacen("\"amount\":\"500.00\"", "\"amount\":\"50.00\"", 1);
        assert_ne!(paid, first.text);
        let error = revrec_app::replay_command::replay_package(paid.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains("(payment of "), "{error}");
        assert!(error.contains("does not match its digest"), "{error}");
        let figure = first
            .text
            .replacen("\"closing\":15400.00", "\"closing\":15400.01", 1);
        assert_ne!(figure, first.text);
        let error = revrec_app::replay_command::replay_package(figure.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains("(in `closing`)"), "{error}");
        assert!(error.contains("15400.01"), "{error}");

        // For a person: a ZIP of CSVs with the JSON inside, the same bytes on every read.
        let (kind, zip) = zip_of(&app, path).await;
        assert_eq!(kind, "application/zip");
        assert_eq!(zip_of(&app, path).await.1, zip);
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
        let names: Vec<String> = archive.file_names().map(str::to_owned).collect();
        for name in [
            "package.json",
            "months.csv",
            "rollforwards.csv",
            "contracts.csv",
            "corrections.csv",
            "journal.csv",
            "frozen.csv",
            "warnings.csv",
        ] {
            assert!(names.iter().any(|held| held == name), "{name} in {names:?}");
        }
        let mut inside = String::new();
        archive
            .by_name("package.json")
            .unwrap()
            .read_to_string(&mut inside)
            .unwrap();
        assert_eq!(inside, first.text);
        let mut rollforwards = String::new();
        archive
            .by_name("rollforwards.csv")
            .unwrap()
            .read_to_string(&mut rollforwards)
            .unwrap();
        assert!(
            rollforwards.contains("USD,receivables,closing,15400.00\r\n"),
            "{rollforwards}"
        );
    }
}

#[tokio::test]
async fn a_quarter_packages_its_three_months_and_an_open_month_has_none() {
    for app in spawn_each().await {
        worked_contract(&app).await;
        let reply = app.get("/v1/close-packages/2026-03").await;
        reply.problem(422, "PERIOD_NOT_CLOSED");
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let quarter = app.get("/v1/close-packages/2026-Q1").await;
        assert_eq!(quarter.status, StatusCode::OK, "{}", quarter.text);
        let months: Vec<String> = quarter.json()["months"]
            .as_array()
            .unwrap()
            .iter()
            .map(|month| month["period"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(months, ["2026-01", "2026-02", "2026-03"]);
        let deferred = raw_object(&quarter.text, "\"rollforwards\"", "deferred_revenue");
        // 12,000 billed at the start, January to March earned.
        assert_eq!(number_texts(deferred, "opening"), ["0.00"]);
        assert_eq!(number_texts(deferred, "closing"), ["9041.10"]);
        revrec_app::replay_command::replay_package(quarter.text.as_bytes()).unwrap();
        let reply = app.get("/v1/close-packages/2026-Q2").await;
        let problem = reply.problem(422, "PERIOD_NOT_CLOSED");
        assert_eq!(problem["first_open_period"], "2026-04");
        app.get("/v1/close-packages/2026-13")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
    }
}

#[tokio::test]
async fn a_package_warns_of_what_a_reviewer_must_look_at_before_signing() {
    for app in spawn_each().await {
        // 2025, ended: a setup never delivered, and a contract billed by an invoice for a
        // part of its price only.
        let awaiting = app
            .create(
                &json!({"customer_name": "Setup Co", "total_value": "15000.00",
                "start_date": "2025-01-01", "end_date": "2025-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                    {"name": "Setup", "pob_type": "services", "stated_price": "3000.00",
                     "delivery_date": null}]}),
            )
            .await;
        let awaiting_id = awaiting["id"].as_str().unwrap();
        let setup = awaiting["performance_obligations"][1]["id"]
            .as_str()
            .unwrap();
        let underbilled = app
            .create(&simple_contract(
                "Half Billed",
                "3600.00",
                "2025-01-01",
                "2025-12-31",
            ))
            .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let reply = app
            .post(
                &format!("/v1/contracts/{underbilled}/invoices"),
                &json!({"date": "2025-06-30", "amount": "1000.00", "number": "INV-H1"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-01"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let package = app.get("/v1/close-packages/2026-01").await;
        assert_eq!(package.status, StatusCode::OK, "{}", package.text);
        let warnings: Vec<String> = package.json()["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|warning| warning.as_str().unwrap().to_owned())
            .collect();
        let expected = [
            format!(
                "contract {awaiting_id}: obligation {setup} still awaits delivery after the contract ended on 2025-12-31"
            ),
            format!(
                "contract {underbilled}: its term ended on 2025-12-31 with 1000.00 USD billed against a transaction price of 3600.00 USD"
            ),
        ];
        let mut sorted = warnings.clone();
        sorted.sort();
        let mut wanted = expected.to_vec();
        wanted.sort();
        assert_eq!(sorted, wanted, "{warnings:?}");
        revrec_app::replay_command::replay_package(package.text.as_bytes()).unwrap();
    }
}

#[tokio::test]
async fn a_package_of_several_pages_streams_in_id_order_and_replays() {
    for app in spawn_each().await {
        // More than two pages of the server's reads (256 contracts each).
        let mut ids = Vec::new();
        for number in 0..520 {
            let contract = simple_contract(
                &format!("Customer {number}"),
                &format!("{}.00", 1200 + number),
                "2026-01-01",
                "2026-12-31",
            );
            ids.push(
                app.create(&contract).await["id"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            );
        }
        ids.sort();
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-02"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let package = app.get("/v1/close-packages/2026-02").await;
        assert_eq!(package.status, StatusCode::OK, "{}", package.text);
        let listed: Vec<String> = package.json()["contracts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|contract| contract["contract_id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(listed, ids);
        let replayed = revrec_app::replay_command::replay_package(package.text.as_bytes())
            .unwrap_or_else(|error| panic!("{:?}: {error}", app.backend));
        // Each contract opened, its version and its entry into the reports; and the close.
        assert_eq!(replayed.facts, 520 * 3 + 1);
        assert_eq!(
            app.get("/v1/close-packages/2026-02").await.text,
            package.text
        );
    }
}
