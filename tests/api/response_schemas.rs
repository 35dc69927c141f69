//! Responses against the OpenAPI document's own schemas (the clients decode by them,
//! docs/clients.md): a body and the schema that describes it can no longer disagree. Each
//! answer is validated as JSON Schema 2020-12 against its operation's response schema,
//! `$ref`s resolved in the document.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_each};

/// Checks `body` (the answer of `method path` with `status`) against the document.
#[track_caller]
pub fn conforms(document: &Value, template: &str, method: &str, status: u16, body: &str) {
    let schema = &document["paths"][template][method]["responses"][status.to_string()]["content"]["application/json"]
        ["schema"];
    assert!(
        !schema.is_null(),
        "{method} {template} declares no JSON body for {status}"
    );
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": document["components"],
        "allOf": [schema],
    });
    let validator = jsonschema::validator_for(&root).expect("the document's schemas compile");
    let instance: Value = serde_json::from_str(body).expect("a JSON body");
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{method} {template}: {errors:?}\n{body}");
}

async fn get(app: &TestApp, document: &Value, template: &str, path: &str) {
    let reply = app.get(path).await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.text);
    conforms(document, template, "get", 200, &reply.text);
}

#[tokio::test]
async fn every_read_answers_what_its_schema_says() {
    let document: Value = serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    for app in spawn_each().await {
        let bundle = app
            .create(&json!({"customer_name": "Globex", "total_value": "80.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Phone", "pob_type": "hardware", "stated_price": 20},
                    {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
                    {"name": "Setup", "pob_type": "services", "stated_price": 40, "ssp_price": "41.5",
                     "delivery_date": "2026-02-15"}]}))
            .await;
        conforms(&document, "/v1/contracts", "post", 201, &bundle.to_string());
        let id = bundle["id"].as_str().unwrap();
        let one_line = app
            .create(&json!({"customer_name": "Acme", "total_value": "1000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31"}))
            .await;
        let one_id = one_line["id"].as_str().unwrap();
        let changed = app
            .put(
                &format!("/v1/contracts/{one_id}"),
                &json!({"customer_name": "Acme", "total_value": "1500.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "effective_date": "2026-07-01"}),
            )
            .await;
        conforms(&document, "/v1/contracts/{id}", "put", 200, &changed.text);
        let ended = app
            .post(
                &format!("/v1/contracts/{id}/terminate"),
                &json!({"effective_date": "2026-10-01"}),
            )
            .await;
        conforms(
            &document,
            "/v1/contracts/{id}/terminate",
            "post",
            200,
            &ended.text,
        );

        for (template, path) in [
            ("/v1/contracts", "/v1/contracts?limit=1".to_owned()),
            ("/v1/contracts/{id}", format!("/v1/contracts/{id}")),
            (
                "/v1/contracts/{id}",
                format!("/v1/contracts/{id}?version=1"),
            ),
            (
                "/v1/contracts/{id}",
                format!("/v1/contracts/{id}?version=2"),
            ),
            ("/v1/contracts/{id}", format!("/v1/contracts/{one_id}")),
            ("/v1/waterfalls", "/v1/waterfalls".to_owned()),
            (
                "/v1/waterfalls",
                "/v1/waterfalls?group_by=pob_type".to_owned(),
            ),
            (
                "/v1/waterfalls",
                format!("/v1/waterfalls?contract_id={id}&group_by=obligation"),
            ),
            (
                "/v1/disclosures/note6",
                "/v1/disclosures/note6?period=2026-Q3".to_owned(),
            ),
            (
                "/api/v1/reports/waterfall",
                "/api/v1/reports/waterfall?period=2026&granularity=quarterly&group_by=pob_type"
                    .to_owned(),
            ),
            (
                "/api/v1/accounting/journal-entries",
                "/api/v1/accounting/journal-entries?period=2026-02".to_owned(),
            ),
            (
                "/api/v1/accounting/trial-balance",
                "/api/v1/accounting/trial-balance?period=2026-10".to_owned(),
            ),
            (
                "/api/v1/accounting/chart-of-accounts",
                "/api/v1/accounting/chart-of-accounts".to_owned(),
            ),
        ] {
            get(&app, &document, template, &path).await;
        }
    }
}

#[tokio::test]
async fn events_invoices_and_billed_reports_answer_what_their_schemas_say() {
    let document: Value = serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    for app in spawn_each().await {
        let contract = app
            .create(&json!({"customer_name": "Hooli", "total_value": "15000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": 9000},
                    {"name": "Setup", "pob_type": "services", "stated_price": 1000, "delivery_date": null},
                    {"name": "Rollout", "pob_type": "services", "stated_price": 5000, "recognition": "progress"}],
                "billing_schedule": [{"date": "2026-03-31", "amount": "2000.00", "number": "INV-1"}]}))
            .await;
        conforms(
            &document,
            "/v1/contracts",
            "post",
            201,
            &contract.to_string(),
        );
        let id = contract["id"].as_str().unwrap();
        let pob = |index: usize| {
            contract["performance_obligations"][index]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        let (setup, rollout) = (pob(1), pob(2));
        let fulfilled = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{setup}/fulfillments"),
                &json!({"date": "2026-02-10"}),
            )
            .await;
        conforms(
            &document,
            "/v1/contracts/{id}/obligations/{pob_id}/fulfillments",
            "post",
            201,
            &fulfilled.text,
        );
        let reported = app
            .post(
                &format!("/v1/contracts/{id}/obligations/{rollout}/progress"),
                &json!({"as_of": "2026-02-28", "percent_complete": "37.5"}),
            )
            .await;
        conforms(
            &document,
            "/v1/contracts/{id}/obligations/{pob_id}/progress",
            "post",
            201,
            &reported.text,
        );
        let invoiced = app
            .post(
                &format!("/v1/contracts/{id}/invoices"),
                &json!({"date": "2026-06-30", "amount": 3000, "number": "INV-2"}),
            )
            .await;
        conforms(
            &document,
            "/v1/contracts/{id}/invoices",
            "post",
            201,
            &invoiced.text,
        );
        let replayed = app
            .post(
                &format!("/v1/contracts/{id}/invoices"),
                &json!({"date": "2026-06-30", "amount": 3000, "number": "INV-2"}),
            )
            .await;
        conforms(
            &document,
            "/v1/contracts/{id}/invoices",
            "post",
            200,
            &replayed.text,
        );
        for (template, path) in [
            ("/v1/contracts/{id}", format!("/v1/contracts/{id}")),
            (
                "/v1/contracts/{id}/versions",
                format!("/v1/contracts/{id}/versions"),
            ),
            ("/v1/waterfalls", "/v1/waterfalls".to_owned()),
            (
                "/v1/waterfalls",
                format!("/v1/waterfalls?contract_id={id}&group_by=obligation"),
            ),
            (
                "/v1/disclosures/note6",
                "/v1/disclosures/note6?period=2026-Q2".to_owned(),
            ),
            (
                "/api/v1/reports/waterfall",
                "/api/v1/reports/waterfall?period=2026&granularity=quarterly".to_owned(),
            ),
            (
                "/api/v1/accounting/journal-entries",
                "/api/v1/accounting/journal-entries?period=2026-03".to_owned(),
            ),
            (
                "/api/v1/accounting/trial-balance",
                "/api/v1/accounting/trial-balance?period=2026-03".to_owned(),
            ),
        ] {
            get(&app, &document, template, &path).await;
        }
    }
}

#[tokio::test]
async fn a_body_that_breaks_its_schema_is_caught() {
    // The check itself can fail: a contract missing a required field does not conform.
    let document: Value = serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    let result = std::panic::catch_unwind(|| {
        conforms(
            &document,
            "/v1/contracts/{id}",
            "get",
            200,
            r#"{"id": "ctr_1"}"#,
        );
    });
    assert!(result.is_err());
}
