//! Modifications without surprises (docs/asc606.md §5): what an accountant reads after a
//! change is what was given and what is in force.

use serde_json::json;

use crate::helpers::{number_texts, spawn_each};

fn ssp_texts(body: &str) -> Vec<String> {
    number_texts(body, "standalone_selling_price")
}

#[tokio::test]
async fn the_ssp_shown_is_the_one_given_as_an_amount_after_a_prospective_change_too() {
    for app in spawn_each().await {
        let bundle = app
            .create(&json!({"customer_name": "Globex", "total_value": "80.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Phone", "pob_type": "hardware", "stated_price": 20},
                    {"name": "Minutes", "pob_type": "subscription", "stated_price": "30.5"},
                    {"name": "Setup", "pob_type": "services", "stated_price": 40, "ssp_price": "45.25",
                     "delivery_date": "2026-02-15"}]}))
            .await;
        let id = bundle["id"].as_str().unwrap();
        let read = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(ssp_texts(&read.text), ["20.00", "30.50", "45.25"]);

        // A one-line contract changed from 1 July: its SSP is the new price given, not the
        // weight of what remains.
        let one_line = app
            .create(&json!({"customer_name": "Acme", "total_value": "1000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31"}))
            .await;
        let id = one_line["id"].as_str().unwrap();
        let changed = app
            .put(
                &format!("/v1/contracts/{id}"),
                &json!({"customer_name": "Acme", "total_value": "1500.00",
                        "start_date": "2026-01-01", "end_date": "2026-12-31",
                        "effective_date": "2026-07-01", "treatment": "prospective"}),
            )
            .await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        assert_eq!(ssp_texts(&changed.text), ["1500.00"]);
        let first = app.get(&format!("/v1/contracts/{id}?version=1")).await;
        assert_eq!(ssp_texts(&first.text), ["1000.00"]);
    }
}

#[tokio::test]
async fn after_a_termination_no_obligation_is_in_force() {
    for app in spawn_each().await {
        let contract = app
            .create(
                &json!({"customer_name": "Initech", "total_value": "36000.00",
                "start_date": "2026-01-01", "end_date": "2027-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": 30000},
                    {"name": "Onboarding", "pob_type": "services", "stated_price": 6000,
                     "delivery_date": "2026-03-31"}]}),
            )
            .await;
        let id = contract["id"].as_str().unwrap();
        let terminated = app
            .post(
                &format!("/v1/contracts/{id}/terminate"),
                &json!({"effective_date": "2026-10-01"}),
            )
            .await;
        assert_eq!(terminated.status, 200, "{}", terminated.text);
        let now = app.get(&format!("/v1/contracts/{id}")).await.json();
        let in_force: Vec<bool> = now["performance_obligations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|obligation| obligation["in_force"].as_bool().unwrap())
            .collect();
        assert_eq!(in_force, [false, false]);
        // The version before the termination still reads them in force.
        let before = app
            .get(&format!("/v1/contracts/{id}?version=1"))
            .await
            .json();
        assert!(
            before["performance_obligations"]
                .as_array()
                .unwrap()
                .iter()
                .all(|obligation| obligation["in_force"] == true)
        );
    }
}

#[tokio::test]
async fn an_active_contracts_put_keeps_its_convention_and_refuses_another() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({"customer_name": "Acme", "total_value": "1200.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "recognition_convention": "monthly_equal"}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let path = format!("/v1/contracts/{id}");
        let change = |convention: Option<&str>| {
            let mut body = json!({"customer_name": "Acme", "total_value": "1800.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "effective_date": "2026-07-01", "treatment": "prospective"});
            if let Some(convention) = convention {
                body["recognition_convention"] = json!(convention);
            }
            body
        };
        let refused = app.put(&path, &change(Some("daily"))).await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        assert_eq!(
            problem["errors"][0]["field"], "recognition_convention",
            "{problem}"
        );
        assert!(
            problem["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("monthly_equal")
        );
        assert_eq!(
            app.get(&path).await.json()["version"],
            1,
            "nothing was written"
        );

        // Left out, it is kept: the remaining 1200.00 (1800.00 - 600.00 recognized) is
        // spread in six equal months of 200.00, not by days.
        let changed = app.put(&path, &change(None)).await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        assert_eq!(changed.json()["recognition_convention"], "monthly_equal");
        let waterfall = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&start_period=2026-06&end_period=2026-08"
            ))
            .await;
        assert!(
            waterfall
                .text
                .contains(r#"{"period":"2026-07","recognized_amount":200.00"#)
                && waterfall
                    .text
                    .contains(r#"{"period":"2026-08","recognized_amount":200.00"#),
            "{}",
            waterfall.text
        );
        // Named and the same: accepted.
        let again = app
            .put(
                &path,
                &json!({"customer_name": "Acme", "total_value": "1800.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "effective_date": "2026-09-01", "treatment": "prospective",
                    "recognition_convention": "monthly_equal"}),
            )
            .await;
        assert_eq!(again.status, 200, "{}", again.text);
    }
}

#[tokio::test]
async fn a_put_names_every_obligation_in_force_and_drops_one_only_on_purpose() {
    for app in spawn_each().await {
        let contract = app
            .create(
                &json!({"customer_name": "Initech", "total_value": "36000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": 30000},
                    {"name": "Onboarding", "pob_type": "services", "stated_price": 6000,
                     "delivery_date": "2026-09-30"}]}),
            )
            .await;
        let id = contract["id"].as_str().unwrap();
        let path = format!("/v1/contracts/{id}");
        let ids: Vec<String> = contract["performance_obligations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|obligation| obligation["id"].as_str().unwrap().to_owned())
            .collect();
        let (platform, onboarding) = (&ids[0], &ids[1]);
        let base = json!({"customer_name": "Initech", "total_value": "36000.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31",
            "effective_date": "2026-07-01", "treatment": "prospective"});
        let with_lines = |lines: serde_json::Value| {
            let mut body = base.clone();
            body["line_items"] = lines;
            body
        };

        // Left out, the line items would replace both obligations with a new subscription
        // (moving the undelivered onboarding's revenue into it): refused, naming the ids.
        let refused = app.put(&path, &base).await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        let message = problem["errors"][0]["message"].as_str().unwrap();
        assert_eq!(problem["errors"][0]["field"], "line_items");
        assert!(
            message.contains(platform) && message.contains(onboarding),
            "{message}"
        );

        // One left out: refused, naming only it.
        let refused = app
            .put(
                &path,
                &with_lines(
                    json!([{"id": platform, "name": "Platform", "pob_type": "subscription",
                                    "stated_price": 30000}]),
                ),
            )
            .await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        let message = problem["errors"][0]["message"].as_str().unwrap();
        assert!(
            message.contains(onboarding) && !message.contains(platform),
            "{message}"
        );

        // `removed` needs the id of an obligation in force; and not all of them may go.
        let refused = app
            .put(
                &path,
                &with_lines(json!([
                    {"id": platform, "name": "Platform", "pob_type": "subscription", "stated_price": 30000},
                    {"name": "Onboarding", "pob_type": "services", "removed": true}])),
            )
            .await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "line_items[1].removed");
        let refused = app
            .put(
                &path,
                &with_lines(json!([
                    {"id": platform, "name": "Platform", "pob_type": "subscription", "removed": true},
                    {"id": onboarding, "name": "Onboarding", "pob_type": "services", "removed": true}])),
            )
            .await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "line_items");
        assert_eq!(
            app.get(&path).await.json()["version"],
            1,
            "nothing was written"
        );

        // Dropped on purpose: the onboarding is out of force from 1 July, the platform goes on.
        let changed = app
            .put(
                &path,
                &with_lines(json!([
                    {"id": platform, "name": "Platform", "pob_type": "subscription", "stated_price": 30000},
                    {"id": onboarding, "name": "Onboarding", "pob_type": "services", "removed": true}])),
            )
            .await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        let body = changed.json();
        let obligations = body["performance_obligations"].as_array().unwrap();
        let state: Vec<(&str, bool)> = obligations
            .iter()
            .map(|o| (o["id"].as_str().unwrap(), o["in_force"].as_bool().unwrap()))
            .collect();
        assert_eq!(
            state,
            [(platform.as_str(), true), (onboarding.as_str(), false)]
        );

        // A new contract lists only what it sells.
        let refused = app
            .post(
                "/v1/contracts",
                &json!({"customer_name": "New", "total_value": "100.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                        {"name": "Platform", "pob_type": "subscription", "stated_price": 100, "removed": true}]}),
            )
            .await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "line_items[0].removed");
    }
}

#[tokio::test]
async fn a_prospective_change_measures_what_remains_by_the_contracts_convention() {
    for app in spawn_each().await {
        // Platform 12,000.00 in twelve equal months; from 1 July a 3,000.00 support line is
        // added and the price becomes 15,000.00. Recognized through June: 6,000.00, so
        // 9,000.00 is left. Half the platform's 12 months remain: its SSP left is 6,000
        // (by days it would be 12,000 × 184/365 = 6,049.32). Shares: 6,000.00 and 3,000.00,
        // so July is 1,000.00 + 500.00.
        let contract = app
            .create(&json!({"customer_name": "Acme", "total_value": "12000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "recognition_convention": "monthly_equal",
                "line_items": [{"name": "Platform", "pob_type": "subscription", "stated_price": 12000}]}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let platform = contract["performance_obligations"][0]["id"].clone();
        let changed = app
            .put(
                &format!("/v1/contracts/{id}"),
                &json!({"customer_name": "Acme", "total_value": "15000.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "effective_date": "2026-07-01", "treatment": "prospective",
                    "line_items": [
                        {"id": platform, "name": "Platform", "pob_type": "subscription", "stated_price": 12000},
                        {"name": "Support", "pob_type": "support", "stated_price": 3000,
                         "service_start": "2026-07-01", "service_end": "2026-12-31"}]}),
            )
            .await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        let allocated = number_texts(&changed.text, "allocated_amount");
        assert_eq!(allocated, ["12000.00", "3000.00"]);
        let july = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&start_period=2026-07&end_period=2026-07&group_by=obligation"
            ))
            .await;
        assert_eq!(
            number_texts(&july.text, "recognized_amount"),
            ["1500.00", "1000.00", "500.00"]
        );
    }
}
