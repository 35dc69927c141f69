//! `POST /v1/batch`: operations in order, each authorized on its own and answered as its
//! route would answer; a run of ingests written together.

use reqwest::Method;
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each};

async fn batch(app: &TestApp, token: &str, operations: Value) -> Value {
    let reply = app
        .request(
            Method::POST,
            "/v1/batch",
            Some(token),
            Some(&json!({ "operations": operations })),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    reply.json()["results"].clone()
}

fn statuses_of(results: &Value) -> Vec<u64> {
    results
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn operations_run_in_order_through_their_routes_and_fail_on_their_own() {
    for app in spawn_each().await {
        let existing = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = existing["id"].as_str().unwrap();
        let results = batch(
            &app,
            SANDBOX,
            json!([
                {"method": "POST", "path": "/contracts", "body": simple_contract("Batch Co", "1200.00", "2026-01-01", "2026-12-31")},
                {"method": "POST", "path": "/v1/contracts", "body": simple_contract("Broken", "12.345", "2026-01-01", "2026-12-31")},
                {"method": "GET", "path": "/contracts?query=batch%20co"},
                {"method": "PUT", "path": format!("/contracts/{id}"), "body": {"customer_name": "Acme", "total_value": "15000.00", "start_date": "2026-01-01", "end_date": "2026-12-31", "effective_date": "2026-07-01"}},
                {"method": "GET", "path": format!("/v1/contracts/{id}?version=1")},
                {"method": "POST", "path": format!("/contracts/{id}/terminate"), "body": {"effective_date": "2026-10-01"}},
                {"method": "GET", "path": "/waterfalls?start_period=2026-01&end_period=2026-01"},
                {"method": "GET", "path": "/disclosures/note6?period=2026-Q1"},
                {"method": "GET", "path": "/contracts/ctr_nope"},
                {"method": "PUT", "path": "/waterfalls"},
                {"method": "POST", "path": "/batch", "body": {"operations": []}},
                {"method": "GET", "path": "/payments/intent"},
                {"method": "GET", "path": "/nowhere"},
                {"method": "GET", "path": "/jobs/job_nope"},
                {"method": "POST", "path": "/jobs/recalculate-waterfall"}
            ]),
        )
        .await;
        let statuses = statuses_of(&results);
        assert_eq!(
            statuses,
            [
                201, 422, 200, 200, 200, 200, 200, 200, 404, 405, 400, 400, 404, 404, 202
            ]
        );
        let created = &results[0]["body"];
        assert_eq!(created["customer_name"], "Batch Co");
        assert_eq!(
            results[0]["location"],
            format!(
                "{}/v1/contracts/{}",
                app.address,
                created["id"].as_str().unwrap()
            )
        );
        let problem = &results[1]["body"];
        assert_eq!(problem["code"], "VALIDATION_FAILED");
        assert_eq!(problem["instance"], "/v1/contracts");
        assert_eq!(problem["errors"][0]["field"], "total_value");
        // A later operation sees an earlier one's write.
        assert_eq!(results[2]["body"]["total"], 1);
        assert_eq!(results[3]["body"]["version"], 2);
        assert_eq!(results[4]["body"]["total_value"], 12000.0);
        assert_eq!(results[5]["body"]["status"], "terminated");
        assert_eq!(results[6]["body"]["periods"][0]["period"], "2026-01");
        assert_eq!(results[8]["body"]["code"], "CONTRACT_NOT_FOUND");
        assert_eq!(results[9]["body"]["code"], "METHOD_NOT_ALLOWED");
        assert_eq!(results[10]["body"]["code"], "BATCH_OPERATION_NOT_ALLOWED");
        assert_eq!(results[11]["body"]["code"], "BATCH_OPERATION_NOT_ALLOWED");
        assert_eq!(results[12]["body"]["code"], "ROUTE_NOT_FOUND");
        assert_eq!(results[13]["body"]["code"], "JOB_NOT_FOUND");
        assert!(
            results[14]["location"]
                .as_str()
                .unwrap()
                .contains("/v1/jobs/job_")
        );
        // The problem bodies are whole RFC 9457 documents.
        assert!(
            problem["type"]
                .as_str()
                .unwrap()
                .ends_with("/errors/validation-failed")
        );
        assert_eq!(problem["status"], 422);
        // Only the valid ingest was written, and the plain routes agree with the batch.
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 2);
        let plain = app
            .get(&format!("/v1/contracts/{id}?version=1"))
            .await
            .json();
        assert_eq!(plain, results[4]["body"]);
    }
}

#[tokio::test]
async fn each_operation_is_authorized_on_its_own() {
    for app in spawn_each().await {
        let (_, writer) = app.key("acme", &[Scope::WriteContracts]).await;
        let results = batch(
            &app,
            &writer,
            json!([
                {"method": "POST", "path": "/contracts", "body": simple_contract("A", "100.00", "2026-01-01", "2026-12-31")},
                {"method": "GET", "path": "/waterfalls"},
                {"method": "GET", "path": "/contracts"}
            ]),
        )
        .await;
        assert_eq!(results[0]["status"], 201);
        assert_eq!(results[1]["status"], 403);
        assert_eq!(results[1]["body"]["code"], "INSUFFICIENT_SCOPE");
        assert_eq!(results[1]["body"]["required_scope"], "read:waterfalls");
        assert_eq!(results[2]["body"]["required_scope"], "read:contracts");
        // The batch itself needs write:contracts.
        let (_, reader) = app.key("acme", &Scope::ALL[..1]).await;
        app.request(
            Method::POST,
            "/v1/batch",
            Some(&reader),
            Some(&json!({"operations": []})),
        )
        .await
        .problem(403, "INSUFFICIENT_SCOPE");
        // Another tenant's contracts stay invisible inside a batch too.
        let theirs = app
            .create(&simple_contract(
                "Mine",
                "100.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let results = batch(
            &app,
            &writer,
            json!([{"method": "POST", "path": format!("/contracts/{}/terminate", theirs["id"].as_str().unwrap()), "body": {"effective_date": "2026-05-01"}}]),
        )
        .await;
        assert_eq!(results[0]["body"]["code"], "CONTRACT_NOT_FOUND");
    }
}

#[tokio::test]
async fn the_envelope_is_checked_and_limited() {
    for app in spawn_each().await {
        let one = json!({"method": "GET", "path": "/contracts"});
        let too_many = json!({ "operations": vec![one.clone(); 101] });
        let problem = app
            .post("/v1/batch", &too_many)
            .await
            .problem(400, "BATCH_TOO_LARGE");
        assert!(
            problem["detail"].as_str().unwrap().contains("101"),
            "{problem}"
        );
        assert_eq!(
            batch(&app, SANDBOX, json!(vec![one.clone(); 100]))
                .await
                .as_array()
                .unwrap()
                .len(),
            100
        );
        assert_eq!(batch(&app, SANDBOX, json!([])).await, json!([]));

        let problem = app
            .post(
                "/v1/batch",
                &json!({"operations": [{"method": "DELETE", "path": "/contracts"}, {"method": "POST", "path": "/contracts", "body": [1]}]}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        let fields: Vec<&str> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["operations[0].method", "operations[1].body"]);
        app.post("/v1/batch", &json!({"ops": []}))
            .await
            .problem(422, "VALIDATION_FAILED");

        // Bodies up to 5 MiB: a hundred contracts of fifty lines with long names (each
        // within the 200 characters a name may have) pass the 1 MiB JSON limit.
        let long_name = "N".repeat(190);
        let lines: Vec<Value> = (0..50)
            .map(|n| json!({"name": format!("{long_name}{n}"), "pob_type": "subscription", "stated_price": 1}))
            .collect();
        let big: Vec<Value> = (0..100)
            .map(|n| {
                json!({"method": "POST", "path": "/contracts", "body": {
                "customer_name": format!("Big {n}"), "total_value": "10.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": lines}})
            })
            .collect();
        assert!(serde_json::to_vec(&big).unwrap().len() > 1024 * 1024);
        let results = batch(&app, SANDBOX, json!(big)).await;
        assert!(
            results
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["status"] == 201)
        );
        let huge = vec![b' '; 5 * 1024 * 1024 + 1];
        app.raw(
            Method::POST,
            "/v1/batch",
            &[
                ("Authorization", &format!("Bearer {SANDBOX}")),
                ("Content-Type", "application/json"),
            ],
            huge,
        )
        .await
        .problem(413, "PAYLOAD_TOO_LARGE");
    }
}

#[tokio::test]
async fn a_run_of_ingests_is_written_as_if_one_by_one() {
    for app in spawn_each().await {
        // The same hundred contracts, once in a batch (one invalid among them) and once one by
        // one in another tenant: the same reports, byte for byte.
        let contracts: Vec<Value> = (0..100)
            .map(|n| {
                let mut body = json!({
                    "customer_name": format!("Customer {n}"),
                    "total_value": format!("{}.{:02}", 1_000 + n * 37, n),
                    "start_date": format!("2026-{:02}-01", 1 + n % 12),
                    "end_date": format!("2027-{:02}-15", 1 + n % 12),
                    "line_items": [
                        {"name": "Platform", "pob_type": "subscription", "stated_price": 900},
                        {"name": "Support", "pob_type": "support", "stated_price": 150},
                        {"name": "Setup", "pob_type": "services", "stated_price": 80, "ssp_price": "95.5"}
                    ]
                });
                if n == 50 {
                    body["line_items"][0]["pob_type"] = json!("consulting");
                }
                body
            })
            .collect();
        let operations: Vec<Value> = contracts
            .iter()
            .map(|body| json!({"method": "POST", "path": "/contracts", "body": body}))
            .collect();
        let results = batch(&app, SANDBOX, json!(operations)).await;
        for (index, result) in results.as_array().unwrap().iter().enumerate() {
            let expected = if index == 50 { 422 } else { 201 };
            assert_eq!(result["status"], expected, "{result}");
        }
        let (_, other) = app.key("one-by-one", &Scope::ALL).await;
        for (index, body) in contracts.iter().enumerate() {
            let reply = app
                .request(Method::POST, "/v1/contracts", Some(&other), Some(body))
                .await;
            assert_eq!(reply.status.as_u16(), if index == 50 { 422 } else { 201 });
        }
        for path in [
            "/v1/waterfalls",
            "/v1/disclosures/note6?period=2026-Q4",
            "/api/v1/reports/waterfall?period=2027&granularity=quarterly",
            "/api/v1/accounting/trial-balance?period=2026-12",
        ] {
            let batched = app.get(path).await;
            let single = app.request(Method::GET, path, Some(&other), None).await;
            assert_eq!(batched.status.as_u16(), 200, "{}", batched.text);
            assert_eq!(batched.text, single.text, "{path}");
        }
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 99);
    }
}

#[tokio::test]
async fn a_batch_takes_an_idempotency_key_as_a_whole() {
    for app in spawn_each().await {
        let body = serde_json::to_vec(&json!({"operations": [
            {"method": "POST", "path": "/contracts", "body": simple_contract("Once", "100.00", "2026-01-01", "2026-12-31")}
        ]}))
        .unwrap();
        let auth = format!("Bearer {SANDBOX}");
        let headers = [
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", "batch-7"),
        ];
        let first = app
            .raw(Method::POST, "/v1/batch", &headers, body.clone())
            .await;
        let again = app.raw(Method::POST, "/v1/batch", &headers, body).await;
        assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(again.text, first.text);
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 1);
    }
}

#[tokio::test]
async fn events_invoices_and_versions_run_in_a_batch_as_through_their_routes() {
    for app in spawn_each().await {
        // 12,000.00 of platform for 2026 and a 3,000.00 setup not delivered yet.
        let contract = app
            .create(&json!({"customer_name": "Acme", "total_value": "15000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "recognition_convention": "monthly_equal", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                    {"name": "Setup", "pob_type": "services", "stated_price": "3000.00",
                     "delivery_date": null}]}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let obligation = |index: usize| {
            contract["performance_obligations"][index]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        let (platform, setup) = (obligation(0), obligation(1));
        let invoice = json!({"date": "2026-03-31", "amount": "3000.00", "number": "INV-1"});
        let results = batch(
            &app,
            SANDBOX,
            json!([
                {"method": "POST", "path": format!("/contracts/{id}/obligations/{setup}/fulfillments"), "body": {"date": "2026-03-15"}},
                {"method": "POST", "path": format!("/v1/contracts/{id}/obligations/{setup}/fulfillments"), "body": {"date": "2026-04-15"}},
                {"method": "POST", "path": format!("/contracts/{id}/obligations/{platform}/progress"), "body": {"as_of": "2026-04-30", "percent_complete": 50}},
                {"method": "POST", "path": format!("/contracts/{id}/obligations/pob_nope/fulfillments"), "body": {"date": "2026-03-15"}},
                {"method": "POST", "path": format!("/contracts/{id}/invoices"), "body": invoice},
                {"method": "POST", "path": format!("/contracts/{id}/invoices"), "body": invoice},
                {"method": "GET", "path": format!("/contracts/{id}/versions")},
                {"method": "GET", "path": format!("/contracts/{id}/invoices")},
                {"method": "PUT", "path": format!("/contracts/{id}/obligations/{setup}/progress")},
                {"method": "POST", "path": format!("/contracts/{id}/versions")}
            ]),
        )
        .await;
        let statuses = statuses_of(&results);
        assert_eq!(statuses, [201, 409, 422, 404, 201, 200, 200, 405, 405, 405]);
        let fulfilled = &results[0]["body"];
        assert_eq!(fulfilled["version"]["change"], "fulfillment");
        assert_eq!(fulfilled["version"]["recognized"], json!(3000.0));
        assert_eq!(results[1]["body"]["code"], "OBLIGATION_ALREADY_SATISFIED");
        assert_eq!(results[2]["body"]["code"], "VALIDATION_FAILED");
        assert_eq!(results[3]["body"]["code"], "OBLIGATION_NOT_FOUND");
        assert_eq!(results[4]["body"]["invoice"]["number"], "INV-1");
        // The invoice's number makes the second one a replay of the first.
        assert_eq!(results[5]["body"]["invoice"], results[4]["body"]["invoice"]);
        assert_eq!(results[7]["body"]["code"], "METHOD_NOT_ALLOWED");
        // The batch's answers are the plain routes' answers.
        assert_eq!(
            results[6]["body"],
            app.get(&format!("/v1/contracts/{id}/versions"))
                .await
                .json()
        );
        let read = app.get(&format!("/v1/contracts/{id}")).await.json();
        assert_eq!(read, results[5]["body"]["contract"]);
        assert_eq!(read["billing_schedule"][0]["number"], "INV-1");
        assert_eq!(
            results[6]["body"]["data"].as_array().unwrap().len(),
            2,
            "an invoice is no version"
        );
    }
}
