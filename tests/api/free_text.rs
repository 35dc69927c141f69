//! Every write operation of both HTTP surfaces refuses an unknown field, and every field a
//! caller writes text into is held to the one free-text rule: the same 422
//! `VALIDATION_FAILED` naming the field, and nothing stored. Both walks are checked against
//! the OpenAPI document, so a new write operation or text field fails here until it is walked.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, simple_contract, spawn_each};

/// What a walk writes on: an active contract with a ratable, an undelivered, a
/// progress-measured and a usage line, a draft, and January closed.
struct Fixture {
    active: String,
    draft: String,
    undelivered: String,
    measured: String,
    metered: String,
}

async fn fixture(app: &TestApp) -> Fixture {
    let contract = app
        .create(&json!({
            "customer_name": "Acme Corp", "total_value": "15000.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31",
            "billing_schedule": [{"date": "2026-01-31", "amount": "1000.00", "number": "INV-1"}],
            "variable_consideration": [{"id": "uptime", "kind": "bonus",
                                        "method": "most_likely_amount", "included_amount": "0"}],
            "line_items": [
                {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                {"name": "Setup", "pob_type": "services", "stated_price": "1000.00", "delivery_date": null},
                {"name": "Training", "pob_type": "services", "stated_price": "2000.00", "recognition": "progress"},
                {"name": "API calls", "pob_type": "usage", "usage_pricing": {"rate": "0.01"}}
            ]
        }))
        .await;
    let obligation = |index: usize| {
        contract["performance_obligations"][index]["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut draft = simple_contract("Beta LLC", "1200.00", "2026-01-01", "2026-12-31");
    draft["status"] = json!("draft");
    let draft = app.create(&draft).await;
    let closed = app
        .post("/v1/periods/close", &json!({"through": "2026-01"}))
        .await;
    assert_eq!(closed.status, 200, "{}", closed.text);
    Fixture {
        active: contract["id"].as_str().unwrap().to_owned(),
        draft: draft["id"].as_str().unwrap().to_owned(),
        undelivered: obligation(1),
        measured: obligation(2),
        metered: obligation(3),
    }
}

/// Everything a tenant's books hold, as read back: a refused write changes none of it.
async fn books(app: &TestApp, fixture: &Fixture) -> String {
    let mut text = String::new();
    for path in [
        "/v1/contracts?limit=500".to_owned(),
        format!("/v1/contracts/{}", fixture.active),
        format!("/v1/contracts/{}/versions", fixture.active),
        format!("/v1/contracts/{}", fixture.draft),
        "/v1/periods".to_owned(),
        "/api/v1/accounting/chart-of-accounts".to_owned(),
    ] {
        let reply = app.get(&path).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        text.push_str(&reply.text);
    }
    text
}

/// One write operation with a body that it accepts as is.
struct Write {
    operation: &'static str,
    method: Method,
    path: String,
    body: Value,
}

impl Write {
    /// The path under `/v1` a batch names, for an operation a batch may run.
    fn in_batch(&self) -> Option<&str> {
        let path = self.path.strip_prefix("/v1")?;
        (path != "/batch").then_some(path)
    }
}

/// Every write operation that takes a JSON body, each with a valid body.
async fn writes(app: &TestApp, fixture: &Fixture) -> Vec<Write> {
    let (id, draft) = (&fixture.active, &fixture.draft);
    let chart = app.get("/api/v1/accounting/chart-of-accounts").await.json();
    let write = |operation, method, path: String, body| Write {
        operation,
        method,
        path,
        body,
    };
    vec![
        write(
            "ingestContract",
            Method::POST,
            "/v1/contracts".into(),
            simple_contract("Gamma", "100.00", "2026-01-01", "2026-12-31"),
        ),
        write(
            "updateContract",
            Method::PUT,
            format!("/v1/contracts/{draft}"),
            simple_contract("Beta LLC", "2400.00", "2026-01-01", "2026-12-31"),
        ),
        write(
            "recordInvoice",
            Method::POST,
            format!("/v1/contracts/{id}/invoices"),
            json!({"date": "2026-02-28", "amount": "100.00", "number": "INV-2"}),
        ),
        write(
            "recordPayment",
            Method::POST,
            format!("/v1/contracts/{id}/payments"),
            json!({"date": "2026-02-15", "amount": "100.00", "reference": "WIRE-1"}),
        ),
        write(
            "fulfillObligation",
            Method::POST,
            format!(
                "/v1/contracts/{id}/obligations/{}/fulfillments",
                fixture.undelivered
            ),
            json!({"date": "2026-03-15"}),
        ),
        write(
            "reportProgress",
            Method::POST,
            format!(
                "/v1/contracts/{id}/obligations/{}/progress",
                fixture.measured
            ),
            json!({"as_of": "2026-03-31", "percent_complete": "40"}),
        ),
        write(
            "recordUsage",
            Method::POST,
            format!("/v1/contracts/{id}/obligations/{}/usage", fixture.metered),
            json!({"record_id": "evt-1", "occurred_on": "2026-03-02", "quantity": "10"}),
        ),
        write(
            "updateEstimate",
            Method::POST,
            format!("/v1/contracts/{id}/estimates"),
            json!({"as_of": "2026-04-01", "component_id": "uptime", "included_amount": "100.00"}),
        ),
        // Last of the contract's writes: a terminated contract takes no more.
        write(
            "terminateContract",
            Method::POST,
            format!("/v1/contracts/{id}/terminate"),
            json!({"effective_date": "2026-10-01"}),
        ),
        write(
            "createWaterfallRecalculationJob",
            Method::POST,
            "/v1/jobs/recalculate-waterfall".into(),
            json!({"contract_ids": [id]}),
        ),
        write(
            "closePeriods",
            Method::POST,
            "/v1/periods/close".into(),
            json!({"through": "2026-02"}),
        ),
        write(
            "reopenPeriods",
            Method::POST,
            "/v1/periods/reopen".into(),
            json!({"from": "2026-01", "reason": "late invoices"}),
        ),
        write(
            "executeBatch",
            Method::POST,
            "/v1/batch".into(),
            json!({"operations": [{"method": "GET", "path": "/periods"}]}),
        ),
        write(
            "ingestGuideContract",
            Method::POST,
            "/api/v1/contracts/ingest".into(),
            json!({"customer_name": "Delta", "start_date": "2026-01-01",
                   "end_date": "2026-12-31", "total_amount": "100.00"}),
        ),
        write(
            "putChartOfAccounts",
            Method::PUT,
            "/api/v1/accounting/chart-of-accounts".into(),
            chart,
        ),
        write(
            "putPostingControl",
            Method::PUT,
            "/v1/periods/posting-control".into(),
            json!({"closed_month_writes": "allowed"}),
        ),
    ]
}

fn document() -> Value {
    serde_json::from_str(&revrec_http::openapi::document_json()).unwrap()
}

/// The operation ids of every operation that takes a JSON body.
fn json_body_operations(document: &Value) -> BTreeSet<String> {
    let mut operations = BTreeSet::new();
    for methods in document["paths"].as_object().unwrap().values() {
        for operation in methods.as_object().unwrap().values() {
            if operation["requestBody"]["content"]
                .get("application/json")
                .is_some()
            {
                operations.insert(operation["operationId"].as_str().unwrap().to_owned());
            }
        }
    }
    operations
}

/// Asserts the 422 an unknown field gets: the field named, the fields it may be instead
/// listed.
#[track_caller]
fn assert_unknown_field(problem: &Value, context: &str) {
    assert_eq!(problem["code"], "VALIDATION_FAILED", "{context}: {problem}");
    let error = &problem["errors"][0];
    assert_eq!(error["field"], "extra", "{context}: {problem}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown field `extra`, expected"),
        "{context}: {problem}"
    );
}

#[tokio::test]
async fn every_write_operation_refuses_an_unknown_field_and_stores_nothing() {
    let document = document();
    for app in spawn_each().await {
        let fixture = fixture(&app).await;
        let writes = writes(&app, &fixture).await;
        let walked: BTreeSet<String> = writes.iter().map(|w| w.operation.to_owned()).collect();
        assert_eq!(
            walked,
            json_body_operations(&document),
            "every operation with a JSON body is walked"
        );
        let before = books(&app, &fixture).await;
        for write in &writes {
            let mut body = write.body.clone();
            body["extra"] = json!(1);
            let reply = app
                .request(
                    write.method.clone(),
                    &write.path,
                    Some(crate::helpers::SANDBOX),
                    Some(&body),
                )
                .await;
            let problem = reply.problem(422, "VALIDATION_FAILED");
            assert_unknown_field(&problem, write.operation);
            if let Some(path) = write.in_batch() {
                let batch = app
                    .post(
                        "/v1/batch",
                        &json!({"operations": [
                            {"method": write.method.as_str(), "path": path, "body": body}
                        ]}),
                    )
                    .await;
                assert_eq!(batch.status, 200, "{}", batch.text);
                let result = &batch.json()["results"][0];
                assert_eq!(result["status"], 422, "{}: {result}", write.operation);
                assert_unknown_field(&result["body"], write.operation);
            }
        }
        // The batch's operations are objects of their own.
        let problem = app
            .post(
                "/v1/batch",
                &json!({"operations": [{"method": "GET", "path": "/periods", "extra": 1}]}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert!(
            problem["errors"][0]["message"]
                .as_str()
                .unwrap()
                .starts_with("unknown field `extra`"),
            "{problem}"
        );
        assert_eq!(books(&app, &fixture).await, before, "nothing was stored");
        // Each body as sent without the field is accepted: the field was the only fault.
        for write in &writes {
            let reply = app
                .request(
                    write.method.clone(),
                    &write.path,
                    Some(crate::helpers::SANDBOX),
                    Some(&write.body),
                )
                .await;
            assert!(
                reply.status.is_success(),
                "{}: {}",
                write.operation,
                reply.text
            );
        }
    }
}

/// The hostile texts every free-text field is refused: a NUL, a control character, a
/// bidirectional override and one character too many for `max`; where the text begins an
/// export cell, a leading `=` too.
fn hostile(max: usize, begins_export_cell: bool) -> Vec<String> {
    let mut texts = vec![
        "Acme\u{0}Corp".to_owned(),
        "Acme\u{1b}[2J".to_owned(),
        "Acme \u{202E}proC".to_owned(),
        "x".repeat(max + 1),
    ];
    if begins_export_cell {
        texts.push("=HYPERLINK(\"http://x\")".to_owned());
    }
    texts
}

/// One field of one operation that takes text: how to put a text in a valid body.
struct TextField {
    operation: &'static str,
    /// The field as the OpenAPI document's schema names it (`line_items[].name`).
    schema_field: &'static str,
    /// The field as a refusal names it (`line_items[0].name`).
    field: &'static str,
    method: Method,
    path: String,
    body: Value,
    /// Where the text goes in `body`, as a JSON pointer.
    pointer: &'static str,
    max: usize,
    begins_export_cell: bool,
}

fn text_fields(fixture: &Fixture, chart: &Value) -> Vec<TextField> {
    let (id, draft) = (&fixture.active, &fixture.draft);
    let contract = json!({
        "customer_name": "Gamma", "total_value": "100.00",
        "start_date": "2026-01-01", "end_date": "2026-12-31",
        "contract_number": "SO-1", "customer_id": "cust-1",
        "line_items": [{"name": "Platform", "pob_type": "subscription", "stated_price": "100.00"},
                       {"name": "Calls", "pob_type": "usage",
                        "usage_pricing": {"unit": "call", "rate": "0.01"}}],
        "billing_schedule": [{"date": "2026-01-31", "amount": "100.00", "number": "INV-1"}],
        "variable_consideration": [{"id": "bonus", "kind": "bonus", "method": "most_likely_amount",
                                    "included_amount": "0", "rationale": "judged"}]
    });
    let mut guide = contract.clone();
    guide["total_amount"] = guide["total_value"].take();
    guide.as_object_mut().unwrap().remove("total_value");
    let mut text_fields = Vec::new();
    for (operation, method, path, body) in [
        (
            "ingestContract",
            Method::POST,
            "/v1/contracts".to_owned(),
            &contract,
        ),
        (
            "updateContract",
            Method::PUT,
            format!("/v1/contracts/{draft}"),
            &contract,
        ),
        (
            "ingestGuideContract",
            Method::POST,
            "/api/v1/contracts/ingest".to_owned(),
            &guide,
        ),
    ] {
        for (schema_field, field, pointer, max) in [
            ("customer_name", "customer_name", "/customer_name", 200),
            (
                "contract_number",
                "contract_number",
                "/contract_number",
                200,
            ),
            ("customer_id", "customer_id", "/customer_id", 200),
            (
                "line_items[].name",
                "line_items[0].name",
                "/line_items/0/name",
                200,
            ),
            (
                "billing_schedule[].number",
                "billing_schedule[0].number",
                "/billing_schedule/0/number",
                64,
            ),
            (
                "line_items[].usage_pricing.unit",
                "line_items[1].usage_pricing.unit",
                "/line_items/1/usage_pricing/unit",
                64,
            ),
            (
                "variable_consideration[].id",
                "variable_consideration[0].id",
                "/variable_consideration/0/id",
                200,
            ),
            (
                "variable_consideration[].rationale",
                "variable_consideration[0].rationale",
                "/variable_consideration/0/rationale",
                1_000,
            ),
        ] {
            text_fields.push(TextField {
                operation,
                schema_field,
                field,
                method: method.clone(),
                path: path.clone(),
                body: body.clone(),
                pointer,
                max,
                begins_export_cell: false,
            });
        }
    }
    text_fields.push(TextField {
        operation: "recordInvoice",
        schema_field: "number",
        field: "number",
        method: Method::POST,
        path: format!("/v1/contracts/{id}/invoices"),
        body: json!({"date": "2026-02-28", "amount": "100.00", "number": "INV-2"}),
        pointer: "/number",
        max: 64,
        begins_export_cell: false,
    });
    text_fields.push(TextField {
        operation: "recordUsage",
        schema_field: "record_id",
        field: "record_id",
        method: Method::POST,
        path: format!("/v1/contracts/{id}/obligations/{}/usage", fixture.metered),
        body: json!({"record_id": "evt-2", "occurred_on": "2026-03-02", "quantity": "1"}),
        pointer: "/record_id",
        max: 128,
        begins_export_cell: false,
    });
    text_fields.push(TextField {
        operation: "recordPayment",
        schema_field: "reference",
        field: "reference",
        method: Method::POST,
        path: format!("/v1/contracts/{id}/payments"),
        body: json!({"date": "2026-02-15", "amount": "100.00", "reference": "WIRE-1"}),
        pointer: "/reference",
        max: 64,
        begins_export_cell: false,
    });
    text_fields.push(TextField {
        operation: "reopenPeriods",
        schema_field: "reason",
        field: "reason",
        method: Method::POST,
        path: "/v1/periods/reopen".to_owned(),
        body: json!({"from": "2026-01", "reason": "late invoices"}),
        pointer: "/reason",
        max: 1_000,
        begins_export_cell: false,
    });
    for (schema_field, field, pointer) in [
        (
            "cash_clearing.name",
            "cash_clearing.name",
            "/cash_clearing/name",
        ),
        (
            "contract_asset.name",
            "contract_asset.name",
            "/contract_asset/name",
        ),
        (
            "customer_credit.name",
            "customer_credit.name",
            "/customer_credit/name",
        ),
        (
            "deferred_revenue.name",
            "deferred_revenue.name",
            "/deferred_revenue/name",
        ),
        ("receivable.name", "receivable.name", "/receivable/name"),
        (
            "revenue.hardware.name",
            "revenue.hardware.name",
            "/revenue/hardware/name",
        ),
        (
            "revenue.license.name",
            "revenue.license.name",
            "/revenue/license/name",
        ),
        (
            "revenue.services.name",
            "revenue.services.name",
            "/revenue/services/name",
        ),
        (
            "revenue.subscription.name",
            "revenue.subscription.name",
            "/revenue/subscription/name",
        ),
        (
            "revenue.support.name",
            "revenue.support.name",
            "/revenue/support/name",
        ),
        (
            "revenue.usage.name",
            "revenue.usage.name",
            "/revenue/usage/name",
        ),
    ] {
        text_fields.push(TextField {
            operation: "putChartOfAccounts",
            schema_field,
            field,
            method: Method::PUT,
            path: "/api/v1/accounting/chart-of-accounts".to_owned(),
            body: chart.clone(),
            pointer,
            max: 128,
            begins_export_cell: true,
        });
    }
    text_fields
}

/// Text fields that are not free text: ids looked up and months parsed. A NUL in them is
/// still a client error, never a 5xx.
fn looked_up(fixture: &Fixture) -> Vec<(&'static str, &'static str, Method, String, Value)> {
    let id = &fixture.active;
    let contract_with_line_id = json!({
        "customer_name": "Gamma", "total_value": "100.00",
        "start_date": "2026-01-01", "end_date": "2026-12-31",
        "line_items": [{"id": "pob\u{0}1", "name": "Platform", "pob_type": "subscription"}]
    });
    let mut guide_with_line_id = contract_with_line_id.clone();
    guide_with_line_id["total_amount"] = guide_with_line_id["total_value"].take();
    guide_with_line_id
        .as_object_mut()
        .unwrap()
        .remove("total_value");
    let mut looked_up = vec![
        (
            "ingestContract",
            "line_items[].id",
            Method::POST,
            "/v1/contracts".to_owned(),
            contract_with_line_id.clone(),
        ),
        (
            "updateContract",
            "line_items[].id",
            Method::PUT,
            format!("/v1/contracts/{id}"),
            {
                let mut body = contract_with_line_id;
                body["effective_date"] = json!("2026-06-01");
                body
            },
        ),
        (
            "ingestGuideContract",
            "line_items[].id",
            Method::POST,
            "/api/v1/contracts/ingest".to_owned(),
            guide_with_line_id,
        ),
        (
            "createWaterfallRecalculationJob",
            "contract_ids[]",
            Method::POST,
            "/v1/jobs/recalculate-waterfall".to_owned(),
            json!({"contract_ids": ["ctr_\u{0}"]}),
        ),
        (
            "closePeriods",
            "through",
            Method::POST,
            "/v1/periods/close".to_owned(),
            json!({"through": "2026-0\u{0}"}),
        ),
        (
            "reopenPeriods",
            "from",
            Method::POST,
            "/v1/periods/reopen".to_owned(),
            json!({"from": "2026-0\u{0}", "reason": "late"}),
        ),
        (
            "executeBatch",
            "operations[].path",
            Method::POST,
            "/v1/batch".to_owned(),
            json!({"operations": [
                {"method": "GET", "path": "/contracts/ctr_\u{0}"},
                {"method": "POST", "path": "/contracts/ctr_\u{0}/payments",
                 "body": {"date": "2026-02-15", "amount": "1.00", "reference": "W"}}
            ]}),
        ),
    ];
    for (operation, method, path) in [
        ("ingestContract", Method::POST, "/v1/contracts".to_owned()),
        (
            "updateContract",
            Method::PUT,
            format!("/v1/contracts/{}", fixture.draft),
        ),
        (
            "ingestGuideContract",
            Method::POST,
            "/api/v1/contracts/ingest".to_owned(),
        ),
    ] {
        for (field, allocation) in [
            (
                "variable_consideration[].allocation.line_ids[]",
                json!({"scope": "obligations", "line_ids": ["Plat\u{0}form"]}),
            ),
            (
                "variable_consideration[].allocation.obligation_ids[]",
                json!({"scope": "obligations", "obligation_ids": ["pob_\u{0}"]}),
            ),
            (
                "variable_consideration[].allocation.obligation_id",
                json!({"scope": "period", "obligation_id": "pob_\u{0}", "period": "2026-03"}),
            ),
        ] {
            let mut body = json!({
                "customer_name": "Gamma", "total_value": "100.00", "total_amount": "100.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "line_items": [{"name": "Platform", "pob_type": "subscription", "stated_price": "100.00"}],
                "variable_consideration": [{"id": "bonus", "kind": "bonus",
                    "method": "most_likely_amount", "included_amount": "1.00", "allocation": allocation}]
            });
            let surface_price = if operation == "ingestGuideContract" {
                "total_value"
            } else {
                "total_amount"
            };
            body.as_object_mut().unwrap().remove(surface_price);
            looked_up.push((operation, field, method.clone(), path.clone(), body));
        }
    }
    looked_up.push((
        "updateEstimate",
        "component_id",
        Method::POST,
        format!("/v1/contracts/{id}/estimates"),
        json!({"as_of": "2026-04-01", "component_id": "up\u{0}time", "included_amount": "1.00"}),
    ));
    looked_up.push((
        "updateEstimate",
        "obligation_id",
        Method::POST,
        format!("/v1/contracts/{id}/estimates"),
        json!({"as_of": "2026-04-01", "obligation_id": "pob_\u{0}", "expected_usage": "1"}),
    ));
    looked_up
}

/// Every string a JSON request body's schema leaves open (no format, pattern or enum), as
/// `operationId field`.
fn open_strings(document: &Value) -> BTreeSet<String> {
    fn walk(document: &Value, schema: &Value, path: &str, out: &mut BTreeSet<String>) {
        if let Some(reference) = schema["$ref"].as_str() {
            let name = reference.rsplit('/').next().unwrap();
            let target = &document["components"]["schemas"][name];
            if target.get("enum").is_none() {
                walk(document, target, path, out);
            }
            return;
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for part in schema[key].as_array().into_iter().flatten() {
                walk(document, part, path, out);
            }
        }
        let types: Vec<&str> = match &schema["type"] {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            let path = if path.is_empty() {
                name.clone()
            } else {
                format!("{path}.{name}")
            };
            walk(document, property, &path, out);
        }
        if types.contains(&"array") {
            walk(document, &schema["items"], &format!("{path}[]"), out);
        }
        if types.contains(&"string")
            && ["format", "pattern", "enum"]
                .iter()
                .all(|key| schema.get(key).is_none())
        {
            out.insert(path.to_owned());
        }
    }
    let mut fields = BTreeSet::new();
    for methods in document["paths"].as_object().unwrap().values() {
        for operation in methods.as_object().unwrap().values() {
            let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
            if schema.is_null() {
                continue;
            }
            let mut strings = BTreeSet::new();
            walk(document, schema, "", &mut strings);
            let id = operation["operationId"].as_str().unwrap();
            fields.extend(strings.into_iter().map(|field| format!("{id} {field}")));
        }
    }
    fields
}

#[tokio::test]
async fn every_free_text_field_refuses_hostile_text_with_one_problem_and_stores_nothing() {
    let document = document();
    for app in spawn_each().await {
        let fixture = fixture(&app).await;
        let chart = app.get("/api/v1/accounting/chart-of-accounts").await.json();
        let text_fields = text_fields(&fixture, &chart);
        let looked_up = looked_up(&fixture);
        let walked: BTreeSet<String> = text_fields
            .iter()
            .map(|f| format!("{} {}", f.operation, f.schema_field))
            .chain(
                looked_up
                    .iter()
                    .map(|(op, field, ..)| format!("{op} {field}")),
            )
            .collect();
        assert_eq!(
            walked,
            open_strings(&document),
            "every open string of every body is walked"
        );
        let before = books(&app, &fixture).await;
        for field in &text_fields {
            for text in hostile(field.max, field.begins_export_cell) {
                let mut body = field.body.clone();
                *body.pointer_mut(field.pointer).unwrap() = json!(text);
                let context = format!("{} {} = {text:.40?}", field.operation, field.field);
                let reply = app
                    .request(
                        field.method.clone(),
                        &field.path,
                        Some(crate::helpers::SANDBOX),
                        Some(&body),
                    )
                    .await;
                assert_eq!(reply.status, 422, "{context}: {}", reply.text);
                let problem = reply.problem(422, "VALIDATION_FAILED");
                let errors = problem["errors"].as_array().unwrap();
                assert!(
                    errors.iter().any(|error| error["field"] == field.field
                        && error["message"].as_str().is_some_and(
                            |m| m.starts_with("must not") || m.starts_with("has at most")
                        )),
                    "{context}: {problem}"
                );
                // The same operation inside a batch is refused the same way.
                if let Some(path) = field.path.strip_prefix("/v1") {
                    let batch = app
                        .post(
                            "/v1/batch",
                            &json!({"operations": [
                                {"method": field.method.as_str(), "path": path, "body": body}
                            ]}),
                        )
                        .await;
                    assert_eq!(batch.status, 200, "{context}: {}", batch.text);
                    let result = &batch.json()["results"][0];
                    assert_eq!(result["status"], 422, "{context} in a batch: {result}");
                    assert_eq!(result["body"]["errors"], problem["errors"], "{context}");
                }
            }
        }
        for (operation, field, method, path, body) in &looked_up {
            let reply = app
                .request(
                    method.clone(),
                    path,
                    Some(crate::helpers::SANDBOX),
                    Some(body),
                )
                .await;
            assert!(
                reply.status.is_client_error()
                    || (reply.status == 200 && !reply.text.contains("\"status\":5")),
                "{:?} {operation} {field}: {} {}",
                app.backend,
                reply.status,
                reply.text
            );
        }
        assert_eq!(books(&app, &fixture).await, before, "nothing was stored");
    }
}
