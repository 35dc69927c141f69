//! Usage lines (docs/asc606.md §15) through the API on both backends: a platform fee with
//! metered API calls, records rated month by month, replays and restatements, a late
//! record of a closed month booked as a correction, and the bad input each refused with
//! nothing stored.

use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, spawn_each};

/// A 2026 platform fee of 12,000.00 (daily) with API calls: 10,000 a month free, then 0.002
/// a call up to 100,000, 0.001 beyond.
fn platform_with_api_calls() -> Value {
    json!({"customer_name": "Acme", "currency": "USD", "total_value": "12000.00",
           "start_date": "2026-01-01", "end_date": "2026-12-31",
           "line_items": [
               {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
               {"name": "API calls", "pob_type": "usage",
                "usage_pricing": {"unit": "api_call", "rate": "0.001",
                                  "included_per_month": "10000",
                                  "tiers": [{"up_to": "100000", "rate": "0.002"}]}}]})
}

fn usage_path(id: &str, pob_id: &str) -> String {
    format!("/v1/contracts/{id}/obligations/{pob_id}/usage")
}

/// The contract's id and its usage line's obligation id.
async fn create(app: &TestApp) -> (String, String) {
    let contract = app.create(&platform_with_api_calls()).await;
    let usage = contract["performance_obligations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|obligation| obligation["recognition"] == "usage")
        .unwrap()
        .clone();
    (
        contract["id"].as_str().unwrap().to_owned(),
        usage["id"].as_str().unwrap().to_owned(),
    )
}

/// (recognized, correction) of each month of 2026 in the contract's waterfall.
async fn months(app: &TestApp, id: &str) -> Vec<(String, String)> {
    let waterfall = app
        .get(&format!(
            "/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-12"
        ))
        .await;
    assert_eq!(waterfall.status, 200, "{}", waterfall.text);
    number_texts(&waterfall.text, "recognized_amount")
        .into_iter()
        .zip(number_texts(&waterfall.text, "correction_amount"))
        .collect()
}

fn pair(recognized: &str, correction: &str) -> (String, String) {
    (recognized.to_owned(), correction.to_owned())
}

#[tokio::test]
async fn a_usage_line_is_rated_month_by_month_and_restated_records_move_their_month() {
    let mut months_by_backend = Vec::new();
    for app in spawn_each().await {
        let created = app.post("/v1/contracts", &platform_with_api_calls()).await;
        assert_eq!(created.status, 201, "{}", created.text);
        let contract = created.json();
        let line = &contract["performance_obligations"][1];
        assert_eq!(line["recognition"], "usage");
        assert_eq!(line["pob_type"], "usage");
        assert_eq!(line["usage_pricing"]["unit"], "api_call");
        assert_eq!(line["usage_pricing"]["tiers"][0]["up_to"], json!(100000.0));
        assert_eq!(
            number_texts(&created.text, "allocated_amount"),
            ["12000.00", "0.00"],
            "nothing is allocated to a usage line at inception"
        );
        let id = contract["id"].as_str().unwrap().to_owned();
        let pob = line["id"].as_str().unwrap().to_owned();
        let path = usage_path(&id, &pob);
        let versions_before = app.get(&format!("/v1/contracts/{id}/versions")).await.text;
        let first = app
            .post(
                &path,
                &json!({"record_id": "evt-1", "occurred_on": "2026-03-03", "quantity": "60000"}),
            )
            .await;
        assert_eq!(first.status, 201, "{}", first.text);
        assert_eq!(first.json()["status"], "recorded");
        // 50,000 calls past the 10,000 free at 0.002.
        assert_eq!(number_texts(&first.text, "rated_amount"), ["100.00"]);
        let second = app
            .post(
                &path,
                &json!({"record_id": "evt-2", "occurred_on": "2026-03-20", "quantity": 50000}),
            )
            .await;
        assert_eq!(second.status, 201, "{}", second.text);
        // 110,000 calls: 90,000 at 0.002 and 10,000 at 0.001.
        assert_eq!(number_texts(&second.text, "rated_amount"), ["190.00"]);
        assert_eq!(
            number_texts(&second.text, "quantity"),
            ["50000.000000", "110000.000000"]
        );

        // The same body again is a replay; another body a restatement of the record.
        let replay = app
            .post(
                &path,
                &json!({"record_id": "evt-2", "occurred_on": "2026-03-20", "quantity": "50000.0"}),
            )
            .await;
        assert_eq!(replay.status, 200, "{}", replay.text);
        assert_eq!(replay.json()["status"], "replayed");
        let restated = app
            .post(
                &path,
                &json!({"record_id": "evt-2", "occurred_on": "2026-03-21", "quantity": "20000"}),
            )
            .await;
        assert_eq!(restated.status, 201, "{}", restated.text);
        assert_eq!(restated.json()["status"], "restated");
        assert_eq!(restated.json()["record"]["revision"], 2);
        assert_eq!(number_texts(&restated.text, "rated_amount"), ["140.00"]);

        // Usage makes no version, and the version reads back as it was recorded.
        let versions_after = app.get(&format!("/v1/contracts/{id}/versions")).await.text;
        assert_eq!(versions_after, versions_before);
        // The audit trail names each record's revision and who recorded it.
        let trail = app
            .get(&format!("/v1/audit-events?contract_id={id}"))
            .await
            .json();
        let usage: Vec<(String, String, String)> = trail["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|event| event["kind"].as_str().unwrap().starts_with("usage."))
            .map(|event| {
                (
                    event["kind"].as_str().unwrap().to_owned(),
                    event["reference"].as_str().unwrap().to_owned(),
                    event["actor"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let entry = |kind: &str, reference: &str| {
            (
                kind.to_owned(),
                format!("{pob}/{reference}"),
                "sandbox".to_owned(),
            )
        };
        assert_eq!(
            usage,
            [
                entry("usage.recorded", "evt-1#1"),
                entry("usage.recorded", "evt-2#1"),
                entry("usage.restated", "evt-2#2"),
            ]
        );
        let march = app.get(&format!("{path}?period=2026-03")).await;
        assert_eq!(march.status, 200, "{}", march.text);
        let listed = march.json();
        assert_eq!(listed["records"].as_array().unwrap().len(), 2);
        assert_eq!(listed["records"][1]["record_id"], "evt-2");
        assert_eq!(listed["records"][1]["revision"], 2);
        assert_eq!(number_texts(&march.text, "rated_amount"), ["140.00"]);
        let april = app.get(&format!("{path}?period=2026-04")).await;
        assert_eq!(number_texts(&april.text, "rated_amount"), ["0.00"]);

        // March's revenue is the platform's day share and the rated calls; the price grew
        // by them.
        let rows = months(&app, &id).await;
        assert_eq!(rows[2], pair("1159.17", "0.00"));
        assert_eq!(rows[3].0, "986.31");
        let read = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(number_texts(&read.text, "total_value"), ["12140.00"]);
        // The journal credits the usage account.
        let journal = app
            .get("/api/v1/accounting/journal-entries?period=2026-03")
            .await;
        assert_eq!(journal.status, 200, "{}", journal.text);
        assert!(journal.text.contains("\"4600\""), "{}", journal.text);
        assert!(journal.text.contains("Usage Revenue"), "{}", journal.text);
        // Explain rates the month step by step.
        let explained = app
            .get(&format!("/v1/contracts/{id}/explain?period=2026-03"))
            .await;
        assert_eq!(explained.status, 200, "{}", explained.text);
        let rating = &explained.json()["obligations"][1]["rating"];
        assert_eq!(rating["steps"].as_array().unwrap().len(), 1);
        assert_eq!(
            number_texts(&explained.text, "amount")
                .into_iter()
                .filter(|text| text.len() > 15)
                .collect::<Vec<_>>(),
            ["140.000000000000"]
        );
        assert_eq!(number_texts(&explained.text, "quantity"), ["80000.000000"]);
        assert_eq!(number_texts(&explained.text, "included"), ["10000.000000"]);
        assert!(rating["text"].as_str().unwrap().contains("api_call"));
        // Note 6 says usage is left out of RPO, with the quarter's usage revenue.
        let note = app
            .get("/v1/disclosures/note6?period=2026-Q1&currency=USD")
            .await;
        assert_eq!(note.status, 200, "{}", note.text);
        let excluded = &note.json()["rpo_excluded"];
        assert_eq!(excluded[0]["reason"], "right_to_invoice");
        assert_eq!(excluded[0]["pob_type"], "usage");
        assert_eq!(number_texts(&note.text, "revenue"), ["140.00"]);
        // RPO is the platform's rest alone: 12,000.00 less January to March.
        assert_eq!(number_texts(&note.text, "rpo_total"), ["9041.10"]);
        months_by_backend.push(rows);
    }
    assert!(
        months_by_backend.windows(2).all(|pair| pair[0] == pair[1]),
        "both backends rate the same months"
    );
}

#[tokio::test]
async fn a_late_record_of_a_closed_month_leaves_it_closed_and_corrects_the_first_open_one() {
    for app in spawn_each().await {
        let (id, pob) = create(&app).await;
        let path = usage_path(&id, &pob);
        let recorded = app
            .post(
                &path,
                &json!({"record_id": "a", "occurred_on": "2026-03-10", "quantity": "80000"}),
            )
            .await;
        assert_eq!(recorded.status, 201, "{}", recorded.text);
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let before = months(&app, &id).await;
        assert_eq!(before[2], pair("1159.17", "0.00"));

        // 30,000 more calls of March arrive after its close: 50.00 more revenue.
        let late = app
            .post(
                &path,
                &json!({"record_id": "b", "occurred_on": "2026-03-31", "quantity": "30000"}),
            )
            .await;
        assert_eq!(late.status, 201, "{}", late.text);
        assert_eq!(number_texts(&late.text, "rated_amount"), ["190.00"]);
        let after = months(&app, &id).await;
        assert_eq!(after[..3], before[..3], "closed months never move");
        assert_eq!(after[3], pair("1036.31", "50.00"));
        // A restatement of a closed month's record is a correction too.
        let restated = app
            .post(
                &path,
                &json!({"record_id": "a", "occurred_on": "2026-03-10", "quantity": "70000"}),
            )
            .await;
        assert_eq!(restated.status, 201, "{}", restated.text);
        let restated_months = months(&app, &id).await;
        assert_eq!(restated_months[..3], before[..3]);
        assert_eq!(restated_months[3], pair("1026.31", "40.00"));
        // March's close package carries the usage months it froze as facts, and a replay
        // of them gives the package to the byte; the late records are not among them.
        let package = app.get("/v1/close-packages/2026-03").await;
        assert_eq!(package.status, 200, "{}", package.text);
        let facts: Vec<Value> = package.json()["contracts"][0]["facts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|fact| fact["fact"]["kind"] == "usage_month")
            .cloned()
            .collect();
        assert_eq!(facts.len(), 1, "{facts:?}");
        assert_eq!(facts[0]["fact"]["quantity"], "80000.000000");
        assert!(
            package
                .text
                .contains("\"usage\":{\"pricing\":{\"unit\":\"api_call\"")
        );
        let replayed = revrec_app::replay_command::replay_package(package.text.as_bytes())
            .unwrap_or_else(|error| panic!("{:?}: {error}", app.backend));
        assert_eq!(replayed.months.len(), 1);
    }
}

#[tokio::test]
async fn bad_usage_is_refused_with_a_problem_and_nothing_is_stored() {
    for app in spawn_each().await {
        let (id, pob) = create(&app).await;
        let path = usage_path(&id, &pob);
        let contract = app.get(&format!("/v1/contracts/{id}")).await.json();
        let platform = contract["performance_obligations"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let refusals = [
            (
                usage_path(&id, &platform),
                json!({"record_id": "x", "occurred_on": "2026-03-01", "quantity": "1"}),
                "pob_id",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2025-12-31", "quantity": "1"}),
                "occurred_on",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2027-01-01", "quantity": "1"}),
                "occurred_on",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2026-03-01", "quantity": "-1"}),
                "quantity",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2026-03-01", "quantity": "0.0000001"}),
                "quantity",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2026-03-01"}),
                "quantity",
            ),
            (
                path.clone(),
                json!({"record_id": "x", "occurred_on": "2026-03-01", "quantity": "1", "amount": "5.00"}),
                "amount",
            ),
            (
                path.clone(),
                json!({"record_id": " ", "occurred_on": "2026-03-01", "quantity": "1"}),
                "record_id",
            ),
        ];
        for (path, body, field) in refusals {
            let reply = app.post(&path, &body).await;
            let problem = reply.problem(422, "VALIDATION_FAILED");
            assert_eq!(
                problem["errors"][0]["field"], field,
                "{body}: {}",
                reply.text
            );
        }
        // A restatement into another month is refused; the record keeps its month.
        let kept = app
            .post(
                &path,
                &json!({"record_id": "m", "occurred_on": "2026-03-31", "quantity": "1"}),
            )
            .await;
        assert_eq!(kept.status, 201, "{}", kept.text);
        let moved = app
            .post(
                &path,
                &json!({"record_id": "m", "occurred_on": "2026-04-01", "quantity": "1"}),
            )
            .await;
        let problem = moved.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "occurred_on");
        let april = app.get(&format!("{path}?period=2026-04")).await.json();
        assert_eq!(april["records"], json!([]));
        let march = app.get(&format!("{path}?period=2026-03")).await;
        assert_eq!(march.json()["records"].as_array().unwrap().len(), 1);
        assert_eq!(
            number_texts(&march.text, "quantity"),
            ["1.000000", "1.000000"]
        );

        // Lines that cannot be usage lines, refused at ingest.
        let mut stated = platform_with_api_calls();
        stated["line_items"][1]["stated_price"] = json!("100.00");
        let reply = app.post("/v1/contracts", &stated).await;
        let problem = reply.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "line_items[1].stated_price");
        let mut tiers = platform_with_api_calls();
        tiers["line_items"][1]["usage_pricing"]["tiers"] =
            json!([{"up_to": "100", "rate": "0.01"}, {"up_to": "50", "rate": "0.02"}]);
        let reply = app.post("/v1/contracts", &tiers).await;
        let problem = reply.problem(422, "VALIDATION_FAILED");
        assert_eq!(
            problem["errors"][0]["field"],
            "line_items[1].usage_pricing.tiers"
        );
        let mut priced = platform_with_api_calls();
        priced["line_items"][0]["usage_pricing"] = json!({"rate": "1"});
        let reply = app.post("/v1/contracts", &priced).await;
        let problem = reply.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "line_items[0].usage_pricing");
        let listed = app.get("/v1/contracts").await.json();
        assert_eq!(listed["data"].as_array().unwrap().len(), 1);
    }
}

/// The answers of an upload, one JSON value per line.
fn answers(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[tokio::test]
async fn an_upload_answers_each_line_and_stores_only_the_lines_it_takes() {
    for app in spawn_each().await {
        let (id, pob) = create(&app).await;
        let upload = |content_type: &'static str, body: String| {
            let app = &app;
            async move {
                app.raw(
                    reqwest::Method::POST,
                    "/v1/usage-records",
                    &[
                        (
                            "authorization",
                            &format!("Bearer {}", crate::helpers::SANDBOX),
                        ),
                        ("content-type", content_type),
                    ],
                    body.into_bytes(),
                )
                .await
            }
        };
        // NDJSON: two records, a malformed line, a record of an unknown contract, a replay.
        let ndjson = [
            json!({"contract_id": id, "pob_id": pob, "record_id": "n1", "occurred_on": "2026-03-02", "quantity": "30000"}).to_string(),
            "{\"contract_id\": 7}".to_owned(),
            String::new(),
            json!({"contract_id": "ctr_nope", "pob_id": pob, "record_id": "n2", "occurred_on": "2026-03-02", "quantity": "1"}).to_string(),
            json!({"contract_id": id, "pob_id": pob, "record_id": "n3", "occurred_on": "2026-03-03", "quantity": "-5"}).to_string(),
            json!({"contract_id": id, "pob_id": pob, "record_id": "n1", "occurred_on": "2026-03-02", "quantity": "30000"}).to_string(),
        ]
        .join("\n");
        let reply = upload("application/x-ndjson", ndjson).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = answers(&reply.text);
        let statuses: Vec<(u64, &str)> = lines
            .iter()
            .map(|line| {
                (
                    line["line"].as_u64().unwrap(),
                    line["status"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            statuses,
            [
                (1, "recorded"),
                (2, "refused"),
                (4, "refused"),
                (5, "refused"),
                (6, "replayed")
            ]
        );
        assert_eq!(lines[1]["problem"]["code"], "VALIDATION_FAILED");
        assert_eq!(lines[2]["problem"]["code"], "CONTRACT_NOT_FOUND");
        assert_eq!(lines[3]["problem"]["errors"][0]["field"], "quantity");

        // CSV with quoting, its header naming the columns in its own order.
        let csv = format!(
            "record_id,occurred_on,quantity,contract_id,pob_id\r\n\
             \"c1\",2026-03-04,\"40000\",{id},{pob}\r\n\
             c2,2026-13-01,1,{id},{pob}\r\n\
             c3,2026-04-01,20000,{id},{pob}\r\n"
        );
        let reply = upload("text/csv", csv).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = answers(&reply.text);
        let statuses: Vec<(u64, &str)> = lines
            .iter()
            .map(|line| {
                (
                    line["line"].as_u64().unwrap(),
                    line["status"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(statuses, [(2, "recorded"), (3, "refused"), (4, "recorded")]);
        assert_eq!(lines[1]["problem"]["errors"][0]["field"], "occurred_on");

        // What was taken is stored, and nothing of the refused lines: March holds n1 and c1.
        let march = app
            .get(&format!("{}?period=2026-03", usage_path(&id, &pob)))
            .await;
        let ids: Vec<String> = march.json()["records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|record| record["record_id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(ids, ["n1", "c1"]);
        // 70,000 calls: 60,000 at 0.002.
        assert_eq!(number_texts(&march.text, "rated_amount"), ["120.00"]);

        // An upload none of whose lines is taken is refused whole, with its first problem.
        let reply = upload("application/x-ndjson", "[null, null]\n".into()).await;
        reply.problem(422, "VALIDATION_FAILED");
        // A header that names an unknown column is refused whole, nothing read.
        let reply = upload(
            "text/csv",
            "contract_id,pob_id,record_id,occurred_on,colour\n".into(),
        )
        .await;
        reply.problem(422, "VALIDATION_FAILED");
        let reply = upload("text/plain", String::new()).await;
        assert_eq!(reply.status, 415, "{}", reply.text);
    }
}

#[tokio::test]
async fn under_corrections_only_usage_of_a_closed_month_is_taken_only_as_a_correction() {
    for app in spawn_each().await {
        let (id, pob) = create(&app).await;
        let path = usage_path(&id, &pob);
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let control = app
            .put(
                "/v1/periods/posting-control",
                &json!({"closed_month_writes": "corrections_only"}),
            )
            .await;
        assert_eq!(control.status, 200, "{}", control.text);
        let march = json!({"record_id": "late", "occurred_on": "2026-03-10", "quantity": "60000"});

        // One record, and a line of an upload: each refused, naming the closed month.
        let refused = app.post(&path, &march).await;
        assert_eq!(refused.status, 409, "{}", refused.text);
        assert_eq!(refused.json()["code"], "PERIOD_CLOSED");
        let upload = |query: &'static str| {
            let app = &app;
            let lines = [
                json!({"contract_id": id, "pob_id": pob, "record_id": "up-march",
                       "occurred_on": "2026-03-11", "quantity": "20000"})
                .to_string(),
                json!({"contract_id": id, "pob_id": pob, "record_id": "up-april",
                       "occurred_on": "2026-04-02", "quantity": "20000"})
                .to_string(),
            ]
            .join("\n");
            async move {
                app.raw(
                    reqwest::Method::POST,
                    &format!("/v1/usage-records{query}"),
                    &[
                        (
                            "authorization",
                            &format!("Bearer {}", crate::helpers::SANDBOX),
                        ),
                        ("content-type", "application/x-ndjson"),
                    ],
                    lines.into_bytes(),
                )
                .await
            }
        };
        let reply = upload("").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = answers(&reply.text);
        assert_eq!(lines[0]["status"], "refused", "{}", reply.text);
        assert_eq!(lines[0]["problem"]["code"], "PERIOD_CLOSED");
        assert_eq!(lines[1]["status"], "recorded", "{}", reply.text);
        let listed = app.get(&format!("{path}?period=2026-03")).await;
        assert_eq!(listed.json()["records"].as_array().unwrap().len(), 0);

        // Said to be corrections, they are taken and booked in April, the first open month:
        // March's 80,000 calls, 70,000 past the 10,000 free at 0.002; April has its own
        // 20,000, 20.00 of them.
        let taken = app.post(&format!("{path}?correction=true"), &march).await;
        assert_eq!(taken.status, 201, "{}", taken.text);
        let reply = upload("?correction=true").await;
        let lines = answers(&reply.text);
        assert_eq!(lines[0]["status"], "recorded", "{}", reply.text);
        assert_eq!(lines[1]["status"], "replayed", "{}", reply.text);
        let rows = months(&app, &id).await;
        assert_eq!(rows[2], pair("1019.17", "0.00"), "March stays as it closed");
        assert_eq!(rows[3], pair("1146.31", "140.00"));
    }
}
