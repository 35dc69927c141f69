//! The contract routes end to end: ingest, read, list, modify, activate, terminate.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, simple_contract, spawn_each};

fn amounts(waterfall: &Value) -> Vec<(String, String)> {
    waterfall["periods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["period"].as_str().unwrap().to_owned(),
                row["recognized_amount"].to_string(),
            )
        })
        .collect()
}

async fn contract_waterfall(app: &TestApp, id: &str) -> Value {
    let reply = app.get(&format!("/v1/waterfalls?contract_id={id}")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json()
}

#[tokio::test]
async fn the_four_field_contract_is_one_ratable_subscription_and_active() {
    for app in spawn_each().await {
        let reply = app
            .post("/v1/contracts", &json!({"customer_name": "Acme Corp", "total_value": 12000, "start_date": "2026-01-01", "end_date": "2026-12-31"}))
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        // Amounts are bare JSON numbers with exactly the currency's decimals.
        assert!(
            reply.text.contains("\"total_value\":12000.00"),
            "{}",
            reply.text
        );
        let contract = reply.json();
        let id = contract["id"].as_str().unwrap();
        assert!(id.starts_with("ctr_"));
        assert_eq!(
            reply.header("location"),
            Some(format!("{}/v1/contracts/{id}", app.address))
        );
        assert_eq!(contract["status"], "active");
        assert_eq!(contract["version"], 1);
        assert_eq!(contract["currency"], "USD");
        assert!(
            contract["customer_id"]
                .as_str()
                .unwrap()
                .starts_with("cus_")
        );
        let obligations = contract["performance_obligations"].as_array().unwrap();
        assert_eq!(obligations.len(), 1);
        assert_eq!(obligations[0]["pob_type"], "subscription");
        assert_eq!(obligations[0]["recognition"], "ratable");
        assert_eq!(obligations[0]["allocated_amount"], json!(12000.0));
        assert!(obligations[0]["id"].as_str().unwrap().starts_with("pob_"));

        let fetched = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(fetched.status, StatusCode::OK);
        assert_eq!(fetched.json(), contract);
        let waterfall = contract_waterfall(&app, id).await;
        assert_eq!(amounts(&waterfall)[0], ("2026-01".into(), "1019.18".into()));
        assert_eq!(waterfall["total_recognized"], json!(12000.0));
    }
}

#[tokio::test]
async fn line_items_are_allocated_by_relative_ssp_to_the_cent() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({
                "customer_name": "Telco Buyer",
                "contract_number": "SO-1001",
                "currency": "EUR",
                "total_value": "80.00",
                "start_date": "2026-01-01",
                "end_date": "2026-12-31",
                "line_items": [
                    {"name": "Phone", "pob_type": "hardware", "stated_price": 20, "ssp_price": "20"},
                    {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
                    {"name": "Setup", "pob_type": "services", "stated_price": "40.00", "delivery_date": "2026-02-15"}
                ]
            }))
            .await;
        let allocated: Vec<String> = contract["performance_obligations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pob| pob["allocated_amount"].to_string())
            .collect();
        assert_eq!(allocated, ["17.78", "26.67", "35.55"]);
        assert_eq!(contract["currency"], "EUR");
        assert_eq!(contract["contract_number"], "SO-1001");
        assert_eq!(
            contract["performance_obligations"][2]["delivery_date"],
            "2026-02-15"
        );
        assert_eq!(
            contract["performance_obligations"][2]["timing"],
            "point_in_time"
        );
    }
}

#[tokio::test]
async fn currencies_keep_their_own_exponents() {
    for app in spawn_each().await {
        let mut yen = simple_contract("Tokyo KK", "1200000", "2026-01-01", "2026-12-31");
        yen["currency"] = json!("JPY");
        let reply = app.post("/v1/contracts", &yen).await;
        assert!(
            reply.text.contains("\"total_value\":1200000,"),
            "{}",
            reply.text
        );
        let mut dinar = simple_contract("Manama WLL", "1200.125", "2026-01-01", "2026-12-31");
        dinar["currency"] = json!("BHD");
        let reply = app.post("/v1/contracts", &dinar).await;
        assert!(
            reply.text.contains("\"total_value\":1200.125,"),
            "{}",
            reply.text
        );
    }
}

#[tokio::test]
async fn lists_filter_count_and_page() {
    for app in spawn_each().await {
        for (index, name) in [
            "Acme Corp",
            "  acme corp ",
            "Globex",
            "Initech",
            "Acme Labs",
        ]
        .iter()
        .enumerate()
        {
            let mut body = simple_contract(name, "100.00", "2026-01-01", "2026-12-31");
            body["contract_number"] = json!(format!("PO-{index}"));
            if index == 3 {
                body["status"] = json!("draft");
            }
            app.create(&body).await;
        }
        let all = app.get("/v1/contracts").await.json();
        assert_eq!(all["total"], 5);
        assert_eq!(all["next_cursor"], Value::Null);
        let names: Vec<&str> = all["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["customer_name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["Acme Corp", "acme corp", "Globex", "Initech", "Acme Labs"]
        );
        // One customer id per case-folded, trimmed name.
        assert_eq!(all["data"][0]["customer_id"], all["data"][1]["customer_id"]);
        assert_ne!(all["data"][0]["customer_id"], all["data"][4]["customer_id"]);
        let customer = all["data"][0]["customer_id"].as_str().unwrap();
        assert_eq!(
            app.get(&format!("/v1/contracts?customer_id={customer}"))
                .await
                .json()["total"],
            2
        );

        let acme = app.get("/v1/contracts?query=ACME").await.json();
        assert_eq!(acme["total"], 3);
        assert_eq!(app.get("/v1/contracts?query=po-2").await.json()["total"], 1);
        assert_eq!(
            app.get("/v1/contracts?status=draft").await.json()["total"],
            1
        );
        assert_eq!(
            app.get("/v1/contracts?status=active&query=acme")
                .await
                .json()["total"],
            3
        );

        let first = app.get("/v1/contracts?limit=2").await.json();
        assert_eq!(
            (
                first["data"].as_array().unwrap().len(),
                first["total"].as_u64()
            ),
            (2, Some(5))
        );
        let cursor = first["next_cursor"].as_str().unwrap();
        let second = app
            .get(&format!("/v1/contracts?limit=2&cursor={cursor}"))
            .await
            .json();
        assert_eq!(second["data"][0]["customer_name"], "Globex");
        let third = app
            .get(&format!(
                "/v1/contracts?limit=2&cursor={}",
                second["next_cursor"].as_str().unwrap()
            ))
            .await
            .json();
        assert_eq!(third["data"].as_array().unwrap().len(), 1);
        assert_eq!(third["next_cursor"], Value::Null);

        for bad in [
            "limit=0",
            "limit=501",
            "limit=ten",
            "status=open",
            "cursor=%21%21",
        ] {
            let reply = app.get(&format!("/v1/contracts?{bad}")).await;
            reply.problem(400, "INVALID_PARAMETER");
        }
    }
}

#[tokio::test]
async fn a_draft_stays_out_of_reports_until_activated() {
    for app in spawn_each().await {
        let mut quote = simple_contract("Quote Co", "1200.00", "2026-01-01", "2026-12-31");
        quote["status"] = json!("draft");
        let draft = app.create(&quote).await;
        assert_eq!(draft["status"], "draft");
        let id = draft["id"].as_str().unwrap().to_owned();
        assert_eq!(app.get("/v1/waterfalls").await.json()["periods"], json!([]));
        // A draft's own waterfall is a preview.
        assert_eq!(amounts(&contract_waterfall(&app, &id).await)[0].1, "101.92");

        // Editing a draft replaces its terms in place.
        let replaced = app
            .put(
                &format!("/v1/contracts/{id}"),
                &simple_contract("Quote Co", "2400.00", "2026-01-01", "2026-12-31"),
            )
            .await;
        assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
        assert_eq!(
            (
                replaced.json()["version"].as_u64(),
                replaced.json()["total_value"].clone()
            ),
            (Some(1), json!(2400.0))
        );
        let mut with_date = simple_contract("Quote Co", "2400.00", "2026-01-01", "2026-12-31");
        with_date["effective_date"] = json!("2026-03-01");
        let refused = app
            .put(&format!("/v1/contracts/{id}"), &with_date)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "effective_date");

        let activated = app
            .post(&format!("/v1/contracts/{id}/activate"), &json!({}))
            .await;
        assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
        assert_eq!(activated.json()["status"], "active");
        let waterfall = app.get("/v1/waterfalls").await.json();
        assert_eq!(waterfall["total_recognized"], json!(2400.0));
        let again = app
            .post(&format!("/v1/contracts/{id}/activate"), &json!({}))
            .await;
        assert_eq!(
            again.problem(409, "INVALID_STATE_TRANSITION")["contract_status"],
            "active"
        );
    }
}

#[tokio::test]
async fn a_prospective_modification_makes_a_new_version_and_keeps_the_past() {
    for app in spawn_each().await {
        let id = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let path = format!("/v1/contracts/{id}");
        let before = amounts(&contract_waterfall(&app, &id).await);

        let missing_date = app
            .put(
                &path,
                &simple_contract("Acme", "15000.00", "2026-01-01", "2026-12-31"),
            )
            .await;
        assert_eq!(
            missing_date.problem(422, "VALIDATION_FAILED")["errors"][0]["field"],
            "effective_date"
        );

        let mut change = simple_contract("Acme", "15000.00", "2026-01-01", "2026-12-31");
        change["effective_date"] = json!("2026-07-01");
        let amended = app.put(&path, &change).await;
        assert_eq!(amended.status, StatusCode::OK, "{}", amended.text);
        let amended = amended.json();
        assert_eq!(
            (amended["version"].as_u64(), amended["total_value"].clone()),
            (Some(2), json!(15000.0))
        );
        // The subscription continues (same obligation id); 9,049.32 is spread from July.
        let after = amounts(&contract_waterfall(&app, &id).await);
        assert_eq!(before[..6], after[..6]);
        let july_on: Vec<&str> = after[6..]
            .iter()
            .map(|(_, amount)| amount.as_str())
            .collect();
        assert_eq!(
            july_on,
            [
                "1524.61", "1524.62", "1475.43", "1524.61", "1475.44", "1524.61"
            ]
        );

        let original = app.get(&format!("{path}?version=1")).await.json();
        assert_eq!(
            (
                original["version"].as_u64(),
                original["total_value"].clone()
            ),
            (Some(1), json!(12000.0))
        );
        assert_eq!(
            original["performance_obligations"][0]["id"],
            amended["performance_obligations"][0]["id"]
        );
        app.get(&format!("{path}?version=3"))
            .await
            .problem(404, "VERSION_NOT_FOUND");
        app.get(&format!("{path}?version=0"))
            .await
            .problem(400, "INVALID_PARAMETER");

        // A prospective change cannot take back revenue already recognized.
        let mut too_low = simple_contract("Acme", "1000.00", "2026-01-01", "2026-12-31");
        too_low["effective_date"] = json!("2026-08-01");
        let refused = app
            .put(&path, &too_low)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "treatment");
        // Changes apply in date order.
        let mut earlier = simple_contract("Acme", "16000.00", "2026-01-01", "2026-12-31");
        earlier["effective_date"] = json!("2026-05-01");
        let refused = app
            .put(&path, &earlier)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "effective_date");
    }
}

#[tokio::test]
async fn a_catch_up_modification_books_the_difference_in_the_effective_month() {
    for app in spawn_each().await {
        let id = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let mut change = simple_contract("Acme", "15000.00", "2026-01-01", "2026-12-31");
        change["effective_date"] = json!("2026-07-01");
        change["treatment"] = json!("cumulative_catch_up");
        let reply = app.put(&format!("/v1/contracts/{id}"), &change).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let months = amounts(&contract_waterfall(&app, &id).await);
        assert_eq!(months[6], ("2026-07".into(), "2761.65".into()));
        assert_eq!(months[7], ("2026-08".into(), "1273.97".into()));

        change["treatment"] = json!("retroactive");
        let refused = app
            .put(&format!("/v1/contracts/{id}"), &change)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(refused["errors"][0]["field"], "treatment");
    }
}

#[tokio::test]
async fn a_separate_contract_modification_leaves_the_original_untouched() {
    for app in spawn_each().await {
        let original = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = original["id"].as_str().unwrap();
        let mut added = simple_contract("Acme", "3000.00", "2026-07-01", "2026-12-31");
        added["effective_date"] = json!("2026-07-01");
        added["treatment"] = json!("separate_contract");
        let reply = app.put(&format!("/v1/contracts/{id}"), &added).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        let separate = reply.json();
        assert_ne!(separate["id"], original["id"]);
        assert_eq!(separate["parent_contract_id"], original["id"]);
        assert_eq!(separate["customer_id"], original["customer_id"]);
        assert_eq!(
            app.get(&format!("/v1/contracts/{id}")).await.json(),
            original
        );
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 2);
    }
}

#[tokio::test]
async fn termination_releases_the_rest_and_is_final() {
    for app in spawn_each().await {
        let id = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let terminate = format!("/v1/contracts/{id}/terminate");
        let outside = app
            .post(&terminate, &json!({"effective_date": "2027-03-01"}))
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(outside["errors"][0]["field"], "effective_date");
        let missing = app
            .post(&terminate, &json!({}))
            .await
            .problem(422, "VALIDATION_FAILED");
        assert!(
            missing["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("effective_date"),
            "{missing}"
        );

        let reply = app
            .post(&terminate, &json!({"effective_date": "2026-10-01"}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let terminated = reply.json();
        assert_eq!(terminated["status"], "terminated");
        assert_eq!(terminated["terminated_on"], "2026-10-01");
        assert_eq!(terminated["version"], 2);
        assert_eq!(terminated["total_value"], json!(8975.34));
        let waterfall = contract_waterfall(&app, &id).await;
        let last = waterfall["periods"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(
            last,
            json!({"period": "2026-10", "recognized_amount": 0.0, "deferred_balance": 0.0,
                   "billed_amount": -3024.66, "contract_asset_balance": 0.0,
                   "correction_amount": 0.0, "variable_amount": 0.0, "closed": false})
        );

        app.post(&terminate, &json!({"effective_date": "2026-11-01"}))
            .await
            .problem(409, "INVALID_STATE_TRANSITION");
        let mut change = simple_contract("Acme", "1.00", "2026-01-01", "2026-12-31");
        change["effective_date"] = json!("2026-11-01");
        app.put(&format!("/v1/contracts/{id}"), &change)
            .await
            .problem(409, "INVALID_STATE_TRANSITION");
        app.post(&format!("/v1/contracts/{id}/activate"), &json!({}))
            .await
            .problem(409, "INVALID_STATE_TRANSITION");
        // The version before the termination is still readable, as it was.
        let before = app
            .get(&format!("/v1/contracts/{id}?version=1"))
            .await
            .json();
        assert_eq!(
            (before["status"].as_str(), before["total_value"].clone()),
            (Some("active"), json!(12000.0))
        );

        let mut quote = simple_contract("Quote", "1.00", "2026-01-01", "2026-12-31");
        quote["status"] = json!("draft");
        let draft = app.create(&quote).await;
        let path = format!("/v1/contracts/{}/terminate", draft["id"].as_str().unwrap());
        app.post(&path, &json!({"effective_date": "2026-06-01"}))
            .await
            .problem(409, "INVALID_STATE_TRANSITION");
        app.get("/v1/contracts/ctr_does_not_exist")
            .await
            .problem(404, "CONTRACT_NOT_FOUND");
    }
}
