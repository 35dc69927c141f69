//! Obligations satisfied by events (docs/asc606.md §11), through the API on both backends:
//! a setup fee awaiting delivery and its fulfillment, and services measured by progress.
//! Worked examples 10 and 11 of docs/asc606.md.

use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, spawn_each};

/// 12,000.00 of platform for 2026 (`monthly_equal`: 1,000.00 a month) and a 3,000.00 setup
/// not delivered yet.
fn platform_and_setup() -> Value {
    json!({"customer_name": "Acme", "total_value": "15000.00",
           "start_date": "2026-01-01", "end_date": "2026-12-31",
           "recognition_convention": "monthly_equal", "line_items": [
               {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
               {"name": "Setup", "pob_type": "services", "stated_price": "3000.00",
                "delivery_date": null}]})
}

fn obligation_ids(contract: &Value) -> Vec<String> {
    contract["performance_obligations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|obligation| obligation["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn q1_texts(app: &TestApp) -> (Vec<String>, Vec<String>, Vec<String>) {
    let waterfall = app
        .get("/v1/waterfalls?start_period=2026-01&end_period=2026-04")
        .await;
    let note6 = app.get("/v1/disclosures/note6?period=2026-Q1").await;
    (
        number_texts(&waterfall.text, "recognized_amount"),
        number_texts(&note6.text, "rpo_total"),
        number_texts(&note6.text, "total_revenue"),
    )
}

#[tokio::test]
async fn example_10_a_setup_fee_awaits_delivery_then_is_revenue_of_its_month() {
    let mut bodies = Vec::new();
    for app in spawn_each().await {
        let contract = app.create(&platform_and_setup()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let [platform, setup] = obligation_ids(&contract).try_into().unwrap();
        let waiting = &contract["performance_obligations"][1];
        assert_eq!(waiting["awaiting_delivery"], true);
        assert_eq!(waiting["recognition"], "point_in_time");
        assert!(waiting.get("delivery_date").is_none());
        let read = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(
            number_texts(&read.text, "allocated_amount"),
            ["12000.00", "3000.00"]
        );

        // Nothing of the setup recognized; the whole of it is in RPO (9,000 + 3,000).
        let (months, rpo, revenue) = q1_texts(&app).await;
        assert_eq!(months, ["1000.00", "1000.00", "1000.00", "1000.00"]);
        assert_eq!(
            (rpo, revenue),
            (vec!["12000.00".into()], vec!["3000.00".into()])
        );

        let fulfilled = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{setup}/fulfillments"),
                &json!({"date": "2026-03-15"}),
            )
            .await;
        assert_eq!(fulfilled.status, 201, "{}", fulfilled.text);
        let body = fulfilled.json();
        assert_eq!(body["version"]["version"], 2);
        assert_eq!(body["version"]["change"], "fulfillment");
        assert_eq!(body["version"]["pob_id"], setup.as_str());
        assert_eq!(body["version"]["effective_date"], "2026-03-15");
        assert_eq!(number_texts(&fulfilled.text, "recognized"), ["3000.00"]);
        assert_eq!(body["contract"]["version"], 2);
        let delivered = &body["contract"]["performance_obligations"][1];
        assert_eq!(delivered["delivery_date"], "2026-03-15");
        assert!(delivered.get("awaiting_delivery").is_none());

        // March carries the setup; RPO loses it; the quarter's revenue gains it.
        let (months, rpo, revenue) = q1_texts(&app).await;
        assert_eq!(months, ["1000.00", "1000.00", "4000.00", "1000.00"]);
        assert_eq!(
            (rpo, revenue),
            (vec!["9000.00".into()], vec!["6000.00".into()])
        );
        // The journal credits services revenue in March.
        let march = app
            .get("/api/v1/accounting/journal-entries?period=2026-03")
            .await;
        assert!(
            march
                .text
                .contains("\"account_code\":\"4100\",\"account_name\":\"Services Revenue\",\"debit\":0.00,\"credit\":3000.00"),
            "{}",
            march.text
        );
        // Version 1 still reads the setup awaiting delivery.
        let first = app
            .get(&format!("/v1/contracts/{id}?version=1"))
            .await
            .json();
        assert_eq!(
            first["performance_obligations"][1]["awaiting_delivery"],
            true
        );
        assert_eq!(first["version_effect"]["change"], "initial");
        // Version 2 read on its own carries its effect: what the fulfillment recognized.
        let second = app.get(&format!("/v1/contracts/{id}?version=2")).await;
        assert_eq!(number_texts(&second.text, "recognized"), ["3000.00"]);
        let second = second.json();
        assert_eq!(second["version_effect"], body["version"]);
        // The current contract, read without `version`, is as it always was.
        let current = app.get(&format!("/v1/contracts/{id}")).await.json();
        assert!(current.get("version_effect").is_none(), "{current}");

        // A second fulfillment, a partial share, the wrong pattern, an unknown obligation.
        app.post(
            &format!("/v1/contracts/{id}/obligations/{setup}/fulfillments"),
            &json!({"date": "2026-04-01"}),
        )
        .await
        .problem(409, "OBLIGATION_ALREADY_SATISFIED");
        let partial = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{platform}/fulfillments"),
                &json!({"date": "2026-04-01", "percent_complete": 50}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(partial["errors"][0]["field"], "percent_complete");
        assert!(
            partial["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("progress")
        );
        let ratable = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{platform}/fulfillments"),
                &json!({"date": "2026-04-01"}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(ratable["errors"][0]["field"], "pob_id");
        app.post(
            &format!("/v1/contracts/{id}/obligations/pob_missing/fulfillments"),
            &json!({"date": "2026-04-01"}),
        )
        .await
        .problem(404, "OBLIGATION_NOT_FOUND");

        let versions = app.get(&format!("/v1/contracts/{id}/versions")).await;
        assert_eq!(versions.status, 200, "{}", versions.text);
        let list = versions.json();
        let changes: Vec<&str> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|version| version["change"].as_str().unwrap())
            .collect();
        assert_eq!(changes, ["initial", "fulfillment"]);
        let waterfall = app.get(&format!("/v1/waterfalls?contract_id={id}")).await;
        bodies.push(waterfall.text.replace(&id, "ctr"));
    }
    if let [sqlite, postgres] = bodies.as_slice() {
        assert_eq!(sqlite, postgres, "the same bytes on both backends");
    }
}

/// 10,000.00 of implementation services measured by progress.
fn services_by_progress() -> Value {
    json!({"customer_name": "Globex", "total_value": "10000.00",
           "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
               {"name": "Implementation", "pob_type": "services", "stated_price": "10000.00",
                "recognition": "progress"}]})
}

#[tokio::test]
async fn example_11_progress_at_25_60_then_a_lowered_55_then_100() {
    let mut waterfalls = Vec::new();
    for app in spawn_each().await {
        let contract = app.create(&services_by_progress()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let [services] = obligation_ids(&contract).try_into().unwrap();
        let obligation = &contract["performance_obligations"][0];
        assert_eq!(obligation["recognition"], "progress");
        assert_eq!(obligation["timing"], "over_time");
        assert_eq!(obligation["percent_complete"], 0);

        let mut recognized = Vec::new();
        for (as_of, percent) in [
            ("2026-01-31", json!(25)),
            ("2026-02-28", json!("60")),
            ("2026-03-31", json!(55)),
            ("2026-04-30", json!(100)),
        ] {
            let reply = app
                .post(
                    &format!("/v1/contracts/{id}/obligations/{services}/progress"),
                    &json!({"as_of": as_of, "percent_complete": percent}),
                )
                .await;
            assert_eq!(reply.status, 201, "{}", reply.text);
            recognized.extend(number_texts(&reply.text, "recognized"));
        }
        // Each report's month carries the cumulative difference; the lowered estimate is a
        // negative March, never a restated February.
        assert_eq!(recognized, ["2500.00", "3500.00", "-500.00", "4500.00"]);
        let waterfall = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-05"
            ))
            .await;
        assert_eq!(
            number_texts(&waterfall.text, "recognized_amount"),
            ["2500.00", "3500.00", "-500.00", "4500.00", "0.00"]
        );
        let third = app.get(&format!("/v1/contracts/{id}?version=3")).await;
        // The obligation's percent complete, then the version's effect: the 60 % report.
        assert_eq!(number_texts(&third.text, "percent_complete"), ["60", "60"]);
        assert_eq!(number_texts(&third.text, "recognized"), ["3500.00"]);

        // Reports that cannot be read, or out of order.
        let bad = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{services}/progress"),
                &json!({"as_of": "2026-05-31", "percent_complete": "33.33333"}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(bad["errors"][0]["field"], "percent_complete");
        app.post(
            &format!("/v1/contracts/{id}/obligations/{services}/progress"),
            &json!({"as_of": "2026-05-31", "percent_complete": 100.5}),
        )
        .await
        .problem(422, "VALIDATION_FAILED");
        let early = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{services}/progress"),
                &json!({"as_of": "2026-04-01", "percent_complete": 90}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(early["errors"][0]["field"], "as_of");
        waterfalls.push(waterfall.text.replace(&id, "ctr"));
    }
    if let [sqlite, postgres] = waterfalls.as_slice() {
        assert_eq!(sqlite, postgres, "the same bytes on both backends");
    }
}

#[tokio::test]
async fn progress_reports_only_apply_to_progress_obligations_of_active_contracts() {
    for app in spawn_each().await {
        let contract = app.create(&platform_and_setup()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let [_, setup] = obligation_ids(&contract).try_into().unwrap();
        let wrong = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{setup}/progress"),
                &json!({"as_of": "2026-02-01", "percent_complete": 50}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert!(
            wrong["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("progress")
        );

        let mut draft = services_by_progress();
        draft["status"] = json!("draft");
        let draft = app.create(&draft).await;
        let draft_id = draft["id"].as_str().unwrap();
        let [services] = obligation_ids(&draft).try_into().unwrap();
        app.post(
            &format!("/v1/contracts/{draft_id}/obligations/{services}/progress"),
            &json!({"as_of": "2026-02-01", "percent_complete": 50}),
        )
        .await
        .problem(409, "INVALID_STATE_TRANSITION");
    }
}

#[tokio::test]
async fn a_put_that_says_nothing_of_an_awaiting_obligation_keeps_it_awaiting() {
    for app in spawn_each().await {
        let contract = app.create(&platform_and_setup()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let [platform, setup] = obligation_ids(&contract).try_into().unwrap();
        let changed = app
            .put(
                &format!("/v1/contracts/{id}"),
                &json!({"customer_name": "Acme", "total_value": "16500.00",
                        "start_date": "2026-01-01", "end_date": "2026-12-31",
                        "effective_date": "2026-07-01", "line_items": [
                            {"id": platform, "pob_type": "subscription", "stated_price": "13500.00"},
                            {"id": setup, "pob_type": "services", "stated_price": "3000.00"}]}),
            )
            .await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        let body = changed.json();
        let kept = &body["performance_obligations"][1];
        assert_eq!(kept["awaiting_delivery"], true, "{}", changed.text);
        // What remains from July: half the platform's SSP (6,750.00) and the whole setup
        // (3,000.00) share the 10,500.00 not yet recognized: 7,269.23 and 3,230.77, so the
        // platform carries 6,000.00 + 7,269.23.
        assert_eq!(
            number_texts(&changed.text, "allocated_amount"),
            ["13269.23", "3230.77"]
        );
        let versions = app
            .get(&format!("/v1/contracts/{id}/versions"))
            .await
            .json();
        let moved = versions["data"][1]["reallocations"].as_array().unwrap();
        assert_eq!(moved.len(), 2);
    }
}
