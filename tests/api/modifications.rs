//! Modifications without surprises (decisions.md §13): what an accountant reads after a
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
