//! Books that close (docs/ledger.md, Month end) through the API, on the worked case of the
//! issue that asked for them: a 12,000 USD daily subscription for 2026, January to March
//! closed, then a price increase to 15,000 back-dated to 1 February.

use reqwest::{Method, StatusCode};
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, simple_contract, spawn_each};

/// (period, recognized, correction, closed) of each row of a waterfall's body, amounts as
/// written.
fn rows(text: &str) -> Vec<(String, String, String, bool)> {
    let waterfall: Value = serde_json::from_str(text).unwrap();
    let recognized = number_texts(text, "recognized_amount");
    let corrections = number_texts(text, "correction_amount");
    waterfall["periods"]
        .as_array()
        .unwrap()
        .iter()
        .zip(recognized.into_iter().zip(corrections))
        .map(|(row, (recognized, correction))| {
            (
                row["period"].as_str().unwrap().to_owned(),
                recognized,
                correction,
                row["closed"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn row(
    period: &str,
    recognized: &str,
    correction: &str,
    closed: bool,
) -> (String, String, String, bool) {
    (period.into(), recognized.into(), correction.into(), closed)
}

async fn read(app: &TestApp, path: &str) -> String {
    let reply = app.get(path).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.text
}

async fn body(app: &TestApp, path: &str) -> Value {
    serde_json::from_str(&read(app, path).await).unwrap()
}

/// The contract's id, signed for 12,000.00 over 2026.
pub(crate) async fn worked_contract(app: &TestApp) -> String {
    app.create(&simple_contract(
        "Acme",
        "12000.00",
        "2026-01-01",
        "2026-12-31",
    ))
    .await["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

pub(crate) async fn back_date_the_increase(app: &TestApp, id: &str) {
    let mut change = simple_contract("Acme", "15000.00", "2026-01-01", "2026-12-31");
    change["effective_date"] = json!("2026-02-01");
    change["treatment"] = json!("cumulative_catch_up");
    let reply = app.put(&format!("/v1/contracts/{id}"), &change).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
}

#[tokio::test]
async fn a_back_dated_change_leaves_closed_months_alone_and_lands_in_the_first_open_one() {
    for app in spawn_each().await {
        let id = worked_contract(&app).await;
        let contract = format!("/v1/waterfalls?contract_id={id}");
        let quarter = "/v1/waterfalls?start_period=2026-01&end_period=2026-03";
        let note6 = "/v1/disclosures/note6?period=2026-Q1";
        let trial_balance = "/api/v1/accounting/trial-balance?period=2026-03";
        let march_journal = "/api/v1/accounting/journal-entries?period=2026-03";
        let march_csv = "/api/v1/accounting/journal-entries?period=2026-03&format=csv";
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let books = reply.json();
        assert_eq!(books["first_open_period"], "2026-04");
        let closed: Vec<&str> = books["closed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|month| month["period"].as_str().unwrap())
            .collect();
        assert_eq!(closed, ["2026-01", "2026-02", "2026-03"]);
        assert_eq!(books["closed"][0]["closed_by"], "sandbox");
        assert!(
            books["closed"][2]["digest"]
                .as_str()
                .unwrap()
                .starts_with("sha256:")
        );
        let (quarter_at_close, note6_at_close, balance_at_close) = (
            read(&app, quarter).await,
            read(&app, note6).await,
            read(&app, trial_balance).await,
        );
        let (journal_at_close, csv_at_close) =
            (read(&app, march_journal).await, read(&app, march_csv).await);

        back_date_the_increase(&app, &id).await;

        // The closed months keep what they reported; April carries the correction.
        let waterfall = read(&app, &contract).await;
        assert_eq!(
            rows(&waterfall)[..4],
            [
                row("2026-01", "1019.18", "0.00", true),
                row("2026-02", "920.55", "0.00", true),
                row("2026-03", "1019.17", "0.00", true),
                row("2026-04", "1972.61", "739.73", false),
            ]
        );
        assert_eq!(number_texts(&waterfall, "total_recognized"), ["15000.00"]);
        // Split by obligation or by type, the parts still sum to the booked rows.
        for group_by in ["obligation", "pob_type"] {
            let grouped = read(&app, &format!("{contract}&group_by={group_by}")).await;
            let parsed: Value = serde_json::from_str(&grouped).unwrap();
            let recognized = number_texts(&grouped, "recognized_amount");
            let mut texts = recognized.iter();
            for row in parsed["periods"].as_array().unwrap() {
                let total = cents(texts.next().unwrap());
                let parts = row["groups"].as_array().unwrap().len();
                let summed: i64 = texts.by_ref().take(parts).map(|text| cents(text)).sum();
                assert_eq!(summed, total, "{group_by} {}", row["period"]);
            }
        }
        // The portfolio agrees, and what was reported for the quarter is the same bytes.
        let portfolio = read(
            &app,
            "/v1/waterfalls?start_period=2026-01&end_period=2026-12",
        )
        .await;
        assert_eq!(rows(&portfolio)[..4], rows(&waterfall)[..4]);
        assert_eq!(read(&app, quarter).await, quarter_at_close);
        assert_eq!(read(&app, note6).await, note6_at_close);
        assert_eq!(read(&app, trial_balance).await, balance_at_close);
        assert_eq!(read(&app, march_journal).await, journal_at_close);
        assert_eq!(read(&app, march_csv).await, csv_at_close);
        // April's entry books the corrections, a line per obligation and corrected month,
        // naming the month and the version that caused it; it still balances.
        let april = read(&app, "/api/v1/accounting/journal-entries?period=2026-04").await;
        let parsed: Value = serde_json::from_str(&april).unwrap();
        let entry = &parsed["entries"][0];
        let lines = entry["lines"].as_array().unwrap();
        let corrections: Vec<(&str, &str)> = lines
            .iter()
            .filter(|line| line["corrects_period"].is_string())
            .map(|line| {
                (
                    line["corrects_period"].as_str().unwrap(),
                    line["memo"].as_str().unwrap(),
                )
            })
            .collect();
        assert!(
            corrections.contains(&("2026-02", "Correction of 2026-02 (version 2): Platform"))
                || corrections.iter().any(|(month, memo)| *month == "2026-02"
                    && memo.starts_with("Correction of 2026-02 (version 2)")),
            "{april}"
        );
        assert!(
            corrections.iter().any(|(month, _)| *month == "2026-03"),
            "{april}"
        );
        let credits: i64 = number_texts(&april, "credit")
            .iter()
            .map(|text| cents(text))
            .sum();
        let debits: i64 = number_texts(&april, "debit")
            .iter()
            .map(|text| cents(text))
            .sum();
        assert_eq!(credits, debits, "{april}");
        let april_csv = read(
            &app,
            "/api/v1/accounting/journal-entries?period=2026-04&format=csv",
        )
        .await;
        assert!(april_csv.contains(",2026-02\r\n"), "{april_csv}");

        // Reopening March shows it restated, with February's correction in it.
        let reply = app
            .post(
                "/v1/periods/reopen",
                &json!({"from": "2026-03", "reason": "the price increase was agreed in March"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        assert_eq!(reply.json()["first_open_period"], "2026-03");
        let waterfall = read(&app, &contract).await;
        assert_eq!(
            rows(&waterfall)[1..4],
            [
                row("2026-02", "920.55", "0.00", true),
                row("2026-03", "1758.90", "484.93", false),
                row("2026-04", "1232.88", "0.00", false),
            ]
        );
        let history = body(&app, "/v1/periods").await;
        assert_eq!(history["history"][1]["action"], "reopen");
        assert_eq!(
            history["history"][1]["reason"],
            "the price increase was agreed in March"
        );
    }
}

#[tokio::test]
async fn a_contract_signed_after_the_close_books_its_closed_months_as_a_correction() {
    for app in spawn_each().await {
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let id = worked_contract(&app).await;
        let waterfall = read(
            &app,
            &format!("/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-12"),
        )
        .await;
        assert_eq!(
            rows(&waterfall)[..4],
            [
                row("2026-01", "0.00", "0.00", true),
                row("2026-02", "0.00", "0.00", true),
                row("2026-03", "0.00", "0.00", true),
                row("2026-04", "3945.21", "2958.90", false),
            ]
        );
        assert_eq!(number_texts(&waterfall, "total_recognized"), ["12000.00"]);
    }
}

#[tokio::test]
async fn bad_closes_and_reopens_are_clear_problems_and_change_nothing() {
    for app in spawn_each().await {
        let this_month = revrec_domain::Period::of(time::OffsetDateTime::now_utc().date());
        let refused = app
            .post(
                "/v1/periods/close",
                &json!({"through": this_month.to_string()}),
            )
            .await
            .problem(422, "PERIOD_NOT_ENDED");
        assert_eq!(refused["period"], this_month.to_string());
        assert_eq!(
            refused["closable_from"],
            this_month.next().first_day().to_string()
        );
        app.post("/v1/periods/close", &json!({"through": "2026-13"}))
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        app.post("/v1/periods/close", &json!({}))
            .await
            .problem(422, "VALIDATION_FAILED");
        app.post(
            "/v1/periods/reopen",
            &json!({"from": "2026-01", "reason": "why not"}),
        )
        .await
        .problem(422, "PERIOD_NOT_CLOSED");
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-02"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let refused = app
            .post(
                "/v1/periods/reopen",
                &json!({"from": "2026-01", "reason": "  "}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "reason");
        let refused = app
            .post(
                "/v1/periods/reopen",
                &json!({"from": "2026-03", "reason": "late invoices"}),
            )
            .await
            .problem(422, "PERIOD_NOT_CLOSED");
        assert_eq!(refused["first_open_period"], "2026-03");
        // Closing what is closed changes nothing.
        let again = app
            .post("/v1/periods/close", &json!({"through": "2026-01"}))
            .await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.text);
        // A key without the scope is refused.
        let (_, secret) = app.key("sandbox", &[Scope::ReadWaterfalls]).await;
        let refused = app
            .request(
                Method::POST,
                "/v1/periods/close",
                Some(&secret),
                Some(&json!({"through": "2026-03"})),
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
        let books = body(&app, "/v1/periods").await;
        assert_eq!(books["first_open_period"], "2026-03");
        assert_eq!(books["history"].as_array().unwrap().len(), 1);
    }
}

/// Minor units of an amount as written (`-12.34` is -1234).
fn cents(text: &str) -> i64 {
    text.replace('.', "").parse().unwrap()
}

/// Each month's (recognized, correction) of a waterfall body, in cents.
fn figures(text: &str) -> Vec<(i64, i64)> {
    number_texts(text, "recognized_amount")
        .iter()
        .zip(number_texts(text, "correction_amount"))
        .map(|(recognized, correction)| (cents(recognized), cents(&correction)))
        .collect()
}

#[tokio::test]
async fn changes_racing_closes_on_two_instances_are_counted_once_in_the_portfolio() {
    for app in spawn_each().await {
        let sibling = app.sibling().await;
        let mut ids = Vec::new();
        for customer in 0..6 {
            ids.push(
                app.create(&simple_contract(
                    &format!("Customer {customer}"),
                    "12000.00",
                    "2026-01-01",
                    "2026-12-31",
                ))
                .await["id"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            );
        }
        let instances = [&app, &sibling];
        // Back-dated increases and new contracts starting in closed months, on both
        // instances, while the other instance closes January, then February, then March.
        let changes = async {
            for (index, id) in ids.iter().enumerate() {
                let instance = instances[index % 2];
                let mut change = simple_contract(
                    &format!("Customer {index}"),
                    &format!("{}.00", 13_000 + index * 500),
                    "2026-01-01",
                    "2026-12-31",
                );
                change["effective_date"] = json!("2026-02-01");
                change["treatment"] = json!("cumulative_catch_up");
                let path = format!("/v1/contracts/{id}");
                let late = simple_contract("Late", "3650.00", "2026-01-15", "2026-06-30");
                let (modified, created) = tokio::join!(
                    instance.put(&path, &change),
                    instance.post("/v1/contracts", &late),
                );
                assert_eq!(modified.status, StatusCode::OK, "{}", modified.text);
                assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
            }
        };
        let closes = async {
            for (through, instance) in [
                ("2026-01", &sibling),
                ("2026-02", &app),
                ("2026-03", &sibling),
            ] {
                tokio::task::yield_now().await;
                let close = json!({"through": through});
                let (first, second) = tokio::join!(
                    instance.post("/v1/periods/close", &close),
                    app.post("/v1/periods/close", &close),
                );
                assert_eq!(first.status, StatusCode::OK, "{}", first.text);
                assert_eq!(second.status, StatusCode::OK, "{}", second.text);
            }
        };
        tokio::join!(changes, closes);

        // Two instances closing at once closed once.
        let books = body(&app, "/v1/periods").await;
        assert_eq!(books["history"].as_array().unwrap().len(), 3, "{books}");
        // Every contract's books, added up, are the portfolio's: each change is inside
        // what a close froze or a correction after it, never lost and never both.
        let range = "start_period=2026-01&end_period=2026-12";
        let listed = body(&app, "/v1/contracts?limit=100").await;
        let mut summed = vec![(0_i64, 0_i64); 12];
        for contract in listed["data"].as_array().unwrap() {
            let id = contract["id"].as_str().unwrap();
            let own =
                figures(&read(&app, &format!("/v1/waterfalls?contract_id={id}&{range}")).await);
            for (total, (recognized, correction)) in summed.iter_mut().zip(own) {
                total.0 += recognized;
                total.1 += correction;
            }
        }
        let portfolio = figures(&read(&sibling, &format!("/v1/waterfalls?{range}")).await);
        assert_eq!(portfolio, summed);
        // Every contract is recognized whole.
        let total: i64 = portfolio.iter().map(|(recognized, _)| recognized).sum();
        let prices: i64 = (0..6).map(|index| 1_300_000 + index * 50_000).sum::<i64>() + 6 * 365_000;
        assert_eq!(total, prices);
    }
}

/// The first obligation id of a contract body.
fn first_obligation(contract: &Value, index: usize) -> String {
    contract["performance_obligations"][index]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn every_kind_of_late_change_leaves_closed_months_alone_and_adds_up() {
    for app in crate::helpers::spawn_each_with_jobs().await {
        let setup_awaiting = app
            .create(&json!({"customer_name": "Acme", "total_value": "15000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                    {"name": "Setup", "pob_type": "services", "stated_price": "3000.00",
                     "delivery_date": null}]}))
            .await;
        let by_progress = app
            .create(
                &json!({"customer_name": "Globex", "total_value": "10000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Implementation", "pob_type": "services", "stated_price": "10000.00",
                     "recognition": "progress"}]}),
            )
            .await;
        let billed = app
            .create(&simple_contract(
                "Initech",
                "6000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let ended = app
            .create(&simple_contract(
                "Umbrella",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let mut quote = simple_contract("Hooli", "3650.00", "2026-01-01", "2026-12-31");
        quote["status"] = json!("draft");
        let draft = app.create(&quote).await;
        let id = |contract: &Value| contract["id"].as_str().unwrap().to_owned();
        let reply = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let frozen_paths = [
            "/v1/waterfalls?start_period=2026-01&end_period=2026-03".to_owned(),
            "/v1/waterfalls?start_period=2026-01&end_period=2026-03&group_by=pob_type".to_owned(),
            "/v1/disclosures/note6?period=2026-Q1".to_owned(),
            "/api/v1/accounting/trial-balance?period=2026-03".to_owned(),
            "/api/v1/accounting/journal-entries?period=2026-02&format=csv".to_owned(),
            "/api/v1/accounting/journal-entries?period=2026-03".to_owned(),
            format!(
                "/v1/waterfalls?contract_id={}&end_period=2026-03",
                id(&billed)
            ),
        ];
        let mut at_close = Vec::new();
        for path in &frozen_paths {
            at_close.push(read(&app, path).await);
        }

        // A fulfillment, a progress report, an invoice and a termination dated in closed
        // months, a draft starting in one activated, and a restatement job.
        let setup = first_obligation(&setup_awaiting, 1);
        let path = format!(
            "/v1/contracts/{}/obligations/{setup}/fulfillments",
            id(&setup_awaiting)
        );
        let reply = app.post(&path, &json!({"date": "2026-02-15"})).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        let services = first_obligation(&by_progress, 0);
        let path = format!(
            "/v1/contracts/{}/obligations/{services}/progress",
            id(&by_progress)
        );
        let reply = app
            .post(
                &path,
                &json!({"as_of": "2026-03-31", "percent_complete": 40}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        let path = format!("/v1/contracts/{}/invoices", id(&billed));
        let reply = app
            .post(
                &path,
                &json!({"date": "2026-01-31", "amount": "1500.00", "number": "INV-1"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        let path = format!("/v1/contracts/{}/terminate", id(&ended));
        let reply = app
            .post(&path, &json!({"effective_date": "2026-03-01"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let path = format!("/v1/contracts/{}/activate", id(&draft));
        let reply = app.post(&path, &json!({})).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let job = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(job["status"], "completed", "{job}");

        // What was reported for the closed months is the same bytes.
        for (path, before) in frozen_paths.iter().zip(&at_close) {
            assert_eq!(&read(&app, path).await, before, "{path}");
        }
        // Every contract's books add up to the portfolio's, month by month, and April
        // carries the corrections.
        let range = "start_period=2026-01&end_period=2026-12";
        let mut summed = vec![(0_i64, 0_i64); 12];
        for contract in [&setup_awaiting, &by_progress, &billed, &ended, &draft] {
            let own = figures(
                &read(
                    &app,
                    &format!("/v1/waterfalls?contract_id={}&{range}", id(contract)),
                )
                .await,
            );
            for (total, (recognized, correction)) in summed.iter_mut().zip(own) {
                total.0 += recognized;
                total.1 += correction;
            }
        }
        let portfolio = figures(&read(&app, &format!("/v1/waterfalls?{range}")).await);
        assert_eq!(portfolio, summed);
        assert!(
            portfolio[3].1 != 0,
            "April corrects the closed months: {portfolio:?}"
        );
        assert!(
            portfolio[..3]
                .iter()
                .all(|(_, correction)| *correction == 0)
        );
        // April's journal balances and its revenue is the waterfall's.
        let april = read(
            &app,
            "/api/v1/accounting/journal-entries?period=2026-04&format=csv",
        )
        .await;
        let (mut debits, mut credits) = (0_i64, 0_i64);
        for row in april.lines().skip(1) {
            let fields: Vec<&str> = row.split(',').collect();
            debits += cents(fields[4]);
            credits += cents(fields[5]);
        }
        assert_eq!(debits, credits, "{april}");
        assert!(
            april.contains(",2026-02\r\n") && april.contains(",2026-03\r\n"),
            "{april}"
        );
    }
}

/// The closed months as `GET /v1/periods` lists them.
async fn closed_months(app: &TestApp) -> Vec<String> {
    body(app, "/v1/periods").await["closed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|month| month["period"].as_str().unwrap().to_owned())
        .collect()
}

async fn post_ok(app: &TestApp, path: &str, body: &Value) -> Value {
    let reply = app.post(path, body).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.json()
}

#[tokio::test]
async fn each_closed_month_is_listed_once_after_reopens_and_none_before_the_calendar() {
    for app in spawn_each().await {
        worked_contract(&app).await;
        let close = |through: &'static str| json!({"through": through});
        let reopen = |from: &'static str| json!({"from": from, "reason": "late invoices"});
        post_ok(&app, "/v1/periods/close", &close("2026-01")).await;
        post_ok(&app, "/v1/periods/close", &close("2026-02")).await;
        let answer = post_ok(&app, "/v1/periods/reopen", &reopen("2026-02")).await;
        assert_eq!(answer["closed"].as_array().unwrap().len(), 1, "{answer}");
        assert_eq!(closed_months(&app).await, ["2026-01"]);
        post_ok(&app, "/v1/periods/close", &close("2026-02")).await;
        post_ok(&app, "/v1/periods/close", &close("2026-03")).await;
        post_ok(&app, "/v1/periods/reopen", &reopen("2026-03")).await;
        assert_eq!(closed_months(&app).await, ["2026-01", "2026-02"]);
        // Reopening the calendar's first month reopens everything: nothing before it is a
        // month the books keep.
        let answer = post_ok(&app, "/v1/periods/reopen", &reopen("1900-01")).await;
        assert_eq!(answer["closed"], json!([]), "{answer}");
        assert_eq!(answer["first_open_period"], Value::Null);
        let books = body(&app, "/v1/periods").await;
        assert_eq!(books["closed"], json!([]));
        assert_eq!(books["history"].as_array().unwrap().len(), 7);
        // A month outside the calendar is refused on every period parameter.
        app.post("/v1/periods/close", &close("1899-12"))
            .await
            .problem(400, "INVALID_PERIOD_RANGE");
        app.post("/v1/periods/reopen", &reopen("1899-12"))
            .await
            .problem(400, "INVALID_PERIOD_RANGE");
        app.post("/v1/periods/reopen", &reopen("2200-01"))
            .await
            .problem(400, "INVALID_PERIOD_RANGE");
    }
}

#[tokio::test]
async fn a_closed_months_digest_is_a_fact_of_its_close() {
    for app in spawn_each().await {
        worked_contract(&app).await;
        let closed = post_ok(&app, "/v1/periods/close", &json!({"through": "2026-03"})).await;
        let digests = |books: &Value| -> Vec<String> {
            books["closed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|month| month["digest"].as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(digests(&closed).len(), 3);
        // A contract in another currency signed after the close, and a later month closed:
        // the months closed before keep the digests their close recorded.
        app.create(
            &json!({"customer_name": "Globex", "currency": "EUR", "total_value": "900.00",
                           "start_date": "2026-05-01", "end_date": "2026-12-31"}),
        )
        .await;
        post_ok(&app, "/v1/periods/close", &json!({"through": "2026-04"})).await;
        let books = body(&app, "/v1/periods").await;
        assert_eq!(digests(&books)[..3], digests(&closed)[..]);
        assert_eq!(digests(&books).len(), 4);
    }
}

/// A close or a reopen sent under an `Idempotency-Key`.
async fn keyed(app: &TestApp, path: &str, key: &str, body: &Value) -> crate::helpers::Reply {
    let bearer = format!("Bearer {}", crate::helpers::SANDBOX);
    app.raw(
        Method::POST,
        path,
        &[
            ("Authorization", bearer.as_str()),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        serde_json::to_vec(body).unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_close_sent_again_after_a_reopen_closes_the_month_and_never_replays_closed() {
    for app in spawn_each().await {
        worked_contract(&app).await;
        let close = json!({"through": "2026-03"});
        let reopen = json!({"from": "2026-03", "reason": "a late invoice"});
        let first = keyed(&app, "/v1/periods/close", "close-2026-03", &close).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.text);
        // A retry while the books stand is the first answer again.
        let retry = keyed(&app, "/v1/periods/close", "close-2026-03", &close).await;
        assert_eq!(retry.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(retry.text, first.text);
        let reopened = keyed(&app, "/v1/periods/reopen", "reopen-2026-03", &reopen).await;
        assert_eq!(
            reopened.json()["first_open_period"],
            "2026-03",
            "{}",
            reopened.text
        );
        // The same close again: March is closed again, not a replay of "closed".
        let again = keyed(&app, "/v1/periods/close", "close-2026-03", &close).await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.text);
        assert_eq!(again.header("idempotent-replayed"), None);
        assert_eq!(
            again.json()["first_open_period"],
            "2026-04",
            "{}",
            again.text
        );
        assert_eq!(
            body(&app, "/v1/periods").await["first_open_period"],
            "2026-04"
        );
        // Its new answer is the one kept now.
        let kept = keyed(&app, "/v1/periods/close", "close-2026-03", &close).await;
        assert_eq!(kept.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(kept.text, again.text);
        // And the reopen's key, sent again once March closed again, reopens it again.
        let reopened_again = keyed(&app, "/v1/periods/reopen", "reopen-2026-03", &reopen).await;
        assert_eq!(reopened_again.header("idempotent-replayed"), None);
        assert_eq!(reopened_again.json()["first_open_period"], "2026-03");
        assert_eq!(
            body(&app, "/v1/periods").await["history"]
                .as_array()
                .unwrap()
                .len(),
            4
        );
    }
}

#[tokio::test]
async fn the_books_as_of_an_instant_are_the_closes_and_reopens_recorded_by_then() {
    for app in spawn_each().await {
        worked_contract(&app).await;
        let first = post_ok(&app, "/v1/periods/close", &json!({"through": "2026-01"})).await;
        let then = first["history"][0]["recorded_at"]
            .as_str()
            .unwrap()
            .to_owned();
        post_ok(&app, "/v1/periods/close", &json!({"through": "2026-03"})).await;
        post_ok(
            &app,
            "/v1/periods/reopen",
            &json!({"from": "2026-01", "reason": "a late invoice"}),
        )
        .await;
        // Closed through December 2025 now, a month with no figures.
        assert_eq!(closed_months(&app).await, ["2025-12"]);
        let books_then = body(&app, &format!("/v1/periods?as_of={then}")).await;
        assert_eq!(books_then["first_open_period"], "2026-02");
        assert_eq!(books_then["history"].as_array().unwrap().len(), 1);
        assert_eq!(books_then["closed"], first["closed"]);
        app.get("/v1/periods?as_of=yesterday")
            .await
            .problem(400, "INVALID_PARAMETER");
    }
}

/// Each account's net debit over the entries of a journal page's body (`skip` entries left
/// out first), in cents, amounts as written.
fn net_by_account(text: &str, skip: usize) -> std::collections::BTreeMap<String, i64> {
    let page: Value = serde_json::from_str(text).unwrap();
    let (debits, credits) = (number_texts(text, "debit"), number_texts(text, "credit"));
    let mut amounts = debits.iter().zip(&credits);
    let mut net = std::collections::BTreeMap::new();
    for (index, entry) in page["entries"].as_array().unwrap().iter().enumerate() {
        for line in entry["lines"].as_array().unwrap() {
            let (debit, credit) = amounts.next().unwrap();
            if index >= skip {
                *net.entry(line["account_code"].as_str().unwrap().to_owned())
                    .or_insert(0) += cents(debit) - cents(credit);
            }
        }
    }
    net
}

/// `left` plus `right`, account by account, zeros left out.
fn plus(
    mut left: std::collections::BTreeMap<String, i64>,
    right: std::collections::BTreeMap<String, i64>,
) -> std::collections::BTreeMap<String, i64> {
    for (account, amount) in right {
        *left.entry(account).or_insert(0) += amount;
    }
    left.retain(|_, amount| *amount != 0);
    left
}

#[tokio::test]
async fn a_reopened_and_reclosed_month_hands_the_ledger_what_changed() {
    for app in spawn_each().await {
        let id = worked_contract(&app).await;
        let closed = post_ok(&app, "/v1/periods/close", &json!({"through": "2026-03"})).await;
        let imported_at = closed["history"][0]["recorded_at"]
            .as_str()
            .unwrap()
            .to_owned();
        let march = "/api/v1/accounting/journal-entries?period=2026-03";
        let imported_text = read(&app, march).await;
        let imported: Value = serde_json::from_str(&imported_text).unwrap();
        let unchanged = body(&app, &format!("{march}&since={imported_at}")).await;
        assert_eq!(unchanged["entries"], json!([]), "{unchanged}");

        post_ok(
            &app,
            "/v1/periods/reopen",
            &json!({"from": "2026-03", "reason": "price increase signed in February"}),
        )
        .await;
        back_date_the_increase(&app, &id).await;
        post_ok(&app, "/v1/periods/close", &json!({"through": "2026-03"})).await;
        let current_text = read(&app, march).await;
        let current: Value = serde_json::from_str(&current_text).unwrap();
        let delta_text = read(&app, &format!("{march}&since={imported_at}")).await;
        let delta: Value = serde_json::from_str(&delta_text).unwrap();
        // The reversal of what was imported, then the new entry.
        let entries = delta["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 2, "{delta}");
        assert_eq!(entries[0]["reverses"], imported["entries"][0]["id"]);
        assert_eq!(entries[1], current["entries"][0]);
        assert!(current["entries"][0].get("reverses").is_none());
        // The reversal takes the imported entry out to the cent, and imported plus the
        // delta is what the month reads now, account by account.
        let imported_net = net_by_account(&imported_text, 0);
        let delta_net = net_by_account(&delta_text, 0);
        let reversal_net = plus(
            delta_net.clone(),
            net_by_account(&delta_text, 1)
                .into_iter()
                .map(|(account, amount)| (account, -amount))
                .collect(),
        );
        assert!(plus(imported_net.clone(), reversal_net).is_empty());
        assert_eq!(
            plus(imported_net, delta_net),
            plus(net_by_account(&current_text, 0), Default::default())
        );
        // The CSV of the delta names the entry each reversal reverses in its memo.
        let csv = read(&app, &format!("{march}&since={imported_at}&format=csv")).await;
        let reversed = imported["entries"][0]["id"].as_str().unwrap();
        assert!(csv.contains(&format!("Reversal of {reversed}: ")), "{csv}");
        app.get(&format!(
            "{march}&since=2026-04-01T00:00:00Z&as_of=2026-03-01T00:00:00Z"
        ))
        .await
        .problem(400, "INVALID_PARAMETER");
    }
}

#[tokio::test]
async fn a_posting_control_refuses_back_dated_writes_unless_they_say_they_correct() {
    for app in spawn_each().await {
        let id = worked_contract(&app).await;
        let control = body(&app, "/v1/periods/posting-control").await;
        assert_eq!(
            control,
            json!({"closed_month_writes": "allowed", "recorded_at": null, "recorded_by": null})
        );
        post_ok(&app, "/v1/periods/close", &json!({"through": "2026-03"})).await;
        let set = app
            .put(
                "/v1/periods/posting-control",
                &json!({"closed_month_writes": "corrections_only"}),
            )
            .await;
        assert_eq!(set.status, StatusCode::OK, "{}", set.text);
        assert_eq!(set.json()["recorded_by"], "sandbox");
        let before = read(&app, &format!("/v1/contracts/{id}")).await;

        // A change back-dated into February, a payment and an invoice dated in January, a
        // contract starting in February: each refused, naming the closed month.
        let mut change = simple_contract("Acme", "15000.00", "2026-01-01", "2026-12-31");
        change["effective_date"] = json!("2026-02-01");
        change["treatment"] = json!("cumulative_catch_up");
        let refused = app
            .put(&format!("/v1/contracts/{id}"), &change)
            .await
            .problem(409, "PERIOD_CLOSED");
        assert_eq!(refused["period"], "2026-02");
        assert_eq!(refused["closed_through"], "2026-03");
        let payment = json!({"date": "2026-01-15", "amount": "100.00", "reference": "WIRE-7"});
        app.post(&format!("/v1/contracts/{id}/payments"), &payment)
            .await
            .problem(409, "PERIOD_CLOSED");
        let invoice = json!({"date": "2026-01-31", "amount": "100.00", "number": "INV-7"});
        app.post(&format!("/v1/contracts/{id}/invoices"), &invoice)
            .await
            .problem(409, "PERIOD_CLOSED");
        let late = simple_contract("Initech", "1200.00", "2026-02-01", "2027-01-31");
        app.post("/v1/contracts", &late)
            .await
            .problem(409, "PERIOD_CLOSED");
        app.post(
            &format!("/v1/contracts/{id}/terminate"),
            &json!({"effective_date": "2026-03-01"}),
        )
        .await
        .problem(409, "PERIOD_CLOSED");
        // Nothing was stored.
        assert_eq!(read(&app, &format!("/v1/contracts/{id}")).await, before);
        assert_eq!(
            body(&app, "/v1/contracts?query=initech").await["data"],
            json!([])
        );
        // A write into an open month, and a draft, are taken as they come.
        let may = json!({"date": "2026-05-15", "amount": "100.00", "reference": "WIRE-8"});
        let paid = app
            .post(&format!("/v1/contracts/{id}/payments"), &may)
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.text);
        let mut quote = late.clone();
        quote["status"] = json!("draft");
        let drafted = app.post("/v1/contracts", &quote).await;
        assert_eq!(drafted.status, StatusCode::CREATED, "{}", drafted.text);
        app.post(
            &format!("/v1/contracts/{id}/payments?correction=maybe"),
            &payment,
        )
        .await
        .problem(400, "INVALID_PARAMETER");

        // Said to be corrections, they are booked in April, the first open month.
        let amended = app
            .put(&format!("/v1/contracts/{id}?correction=true"), &change)
            .await;
        assert_eq!(amended.status, StatusCode::OK, "{}", amended.text);
        let paid = app
            .post(
                &format!("/v1/contracts/{id}/payments?correction=true"),
                &payment,
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.text);
        let batch = app
            .post(
                "/v1/batch",
                &json!({"operations": [{"method": "POST", "path": "/contracts?correction=true", "body": late}]}),
            )
            .await;
        assert_eq!(batch.status, StatusCode::OK, "{}", batch.text);
        assert_eq!(batch.json()["results"][0]["status"], 201, "{}", batch.text);
        let april = rows(
            &read(
                &app,
                &format!("/v1/waterfalls?contract_id={id}&start_period=2026-04&end_period=2026-04"),
            )
            .await,
        );
        assert_eq!(april, [row("2026-04", "1972.61", "739.73", false)]);

        // Back to the default, a back-dated write is taken again.
        app.put(
            "/v1/periods/posting-control",
            &json!({"closed_month_writes": "allowed"}),
        )
        .await;
        let invoiced = app
            .post(&format!("/v1/contracts/{id}/invoices"), &invoice)
            .await;
        assert_eq!(invoiced.status, StatusCode::CREATED, "{}", invoiced.text);
        app.put(
            "/v1/periods/posting-control",
            &json!({"closed_month_writes": "sometimes"}),
        )
        .await
        .problem(422, "VALIDATION_FAILED");
    }
}

#[tokio::test]
async fn every_fact_records_who_made_it_and_no_secret() {
    for app in crate::helpers::spawn_each_with_jobs().await {
        let id = worked_contract(&app).await;
        let (key_id, secret) = app.key("sandbox", &Scope::ALL).await;
        let as_key = |method: Method, path: String, body: Value| {
            let (app, secret) = (&app, secret.clone());
            async move { app.request(method, &path, Some(&secret), Some(&body)).await }
        };
        let paid = as_key(
            Method::POST,
            format!("/v1/contracts/{id}/payments"),
            json!({"date": "2026-02-10", "amount": "500.00", "reference": "WIRE-9"}),
        )
        .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.text);
        let queued = as_key(
            Method::POST,
            "/v1/jobs/recalculate-waterfall".to_owned(),
            json!({"contract_ids": [id], "policy": {"recognition_convention": "monthly_equal"}}),
        )
        .await;
        assert_eq!(queued.status, StatusCode::ACCEPTED, "{}", queued.text);
        let job_id = queued.json()["job_id"].as_str().unwrap().to_owned();
        let job = app.finished_job(&job_id).await;
        let by_key = format!("key:{key_id}");
        assert_eq!(job["requested_by"], by_key.as_str());
        let terminated = as_key(
            Method::POST,
            format!("/v1/contracts/{id}/terminate"),
            json!({"effective_date": "2026-10-01"}),
        )
        .await;
        assert_eq!(terminated.status, StatusCode::OK, "{}", terminated.text);

        let versions = read(&app, &format!("/v1/contracts/{id}/versions")).await;
        let recorded_by: Vec<(String, String)> = serde_json::from_str::<Value>(&versions).unwrap()
            ["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|version| {
                (
                    version["change"].as_str().unwrap().to_owned(),
                    version["recorded_by"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            recorded_by,
            [
                ("initial".to_owned(), "sandbox".to_owned()),
                ("restatement".to_owned(), by_key.clone()),
                ("termination".to_owned(), by_key.clone()),
            ]
        );
        let payments = read(&app, &format!("/v1/contracts/{id}/payments")).await;
        assert_eq!(
            serde_json::from_str::<Value>(&payments).unwrap()["data"][0]["recorded_by"],
            by_key.as_str()
        );
        post_ok(&app, "/v1/periods/close", &json!({"through": "2026-01"})).await;
        let set = app
            .put(
                "/v1/periods/posting-control",
                &json!({"closed_month_writes": "allowed"}),
            )
            .await;
        assert_eq!(set.status, StatusCode::OK, "{}", set.text);

        // The audit trail: every fact, oldest first, with who recorded it.
        let trail = read(&app, "/v1/audit-events").await;
        let events: Vec<(String, Option<String>, String)> = serde_json::from_str::<Value>(&trail)
            .unwrap()["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|event| {
                (
                    event["kind"].as_str().unwrap().to_owned(),
                    event["contract_id"].as_str().map(str::to_owned),
                    event["actor"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let of = |kind: &str, contract: bool, actor: &str| {
            (
                kind.to_owned(),
                contract.then(|| id.clone()),
                actor.to_owned(),
            )
        };
        assert_eq!(
            events,
            [
                of("version.initial", true, "sandbox"),
                of("payment", true, &by_key),
                of("job", false, &by_key),
                of("version.restatement", true, &by_key),
                of("version.termination", true, &by_key),
                of("period.close", false, "sandbox"),
                of("posting_control", false, "sandbox"),
            ]
        );
        // A contract's facts alone; a month recorded in; a page at a time.
        let of_contract = body(&app, &format!("/v1/audit-events?contract_id={id}")).await;
        assert_eq!(of_contract["data"].as_array().unwrap().len(), 4);
        let elsewhere = body(&app, "/v1/audit-events?period=2025-01").await;
        assert_eq!(elsewhere["data"], json!([]));
        let mut paged = Vec::new();
        let mut path = "/v1/audit-events?limit=3".to_owned();
        loop {
            let page = body(&app, &path).await;
            paged.extend(page["data"].as_array().unwrap().iter().cloned());
            match page["next_cursor"].as_str() {
                Some(cursor) => path = format!("/v1/audit-events?limit=3&cursor={cursor}"),
                None => break,
            }
        }
        assert_eq!(
            Value::Array(paged),
            serde_json::from_str::<Value>(&trail).unwrap()["data"]
        );
        app.get("/v1/audit-events?cursor=nope")
            .await
            .problem(400, "INVALID_PARAMETER");
        let (_, reader) = app.key("sandbox", &[Scope::ReadContracts]).await;
        app.request(Method::GET, "/v1/audit-events", Some(&reader), None)
            .await
            .problem(403, "INSUFFICIENT_SCOPE");
        for body in [&versions, &payments, &job.to_string(), &trail] {
            assert!(!body.contains(&secret), "a secret in {body}");
        }
    }
}
