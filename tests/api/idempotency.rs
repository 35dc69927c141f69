//! `Idempotency-Key` on POST and PUT: replay, refusal of reuse, quoting, bad keys.

use reqwest::Method;
use revrec_ports::Scope;
use serde_json::json;

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each};

async fn post_with_key(
    app: &TestApp,
    path: &str,
    key: &str,
    body: &serde_json::Value,
) -> crate::helpers::Reply {
    app.raw(
        Method::POST,
        path,
        &[
            ("Authorization", &format!("Bearer {SANDBOX}")),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        serde_json::to_vec(body).unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_retried_ingest_replays_the_first_answer_and_creates_nothing_more() {
    for app in spawn_each().await {
        let body = simple_contract("Acme", "1200.00", "2026-01-01", "2026-12-31");
        let first = post_with_key(&app, "/v1/contracts", "order-42", &body).await;
        assert_eq!(first.status.as_u16(), 201, "{}", first.text);
        assert_eq!(first.header("idempotent-replayed"), None);
        let again = post_with_key(&app, "/v1/contracts", "order-42", &body).await;
        assert_eq!(again.status.as_u16(), 201);
        assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(again.text, first.text);
        assert_eq!(again.header("location"), first.header("location"));
        // The quoted form (RFC 8941 string) is the same key.
        let quoted = post_with_key(&app, "/v1/contracts", "\"order-42\"", &body).await;
        assert_eq!(
            (quoted.status.as_u16(), quoted.text.clone()),
            (201, first.text.clone())
        );
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 1);

        // The same key on a different request is refused, and nothing is written.
        let other = simple_contract("Acme", "9999.00", "2026-01-01", "2026-12-31");
        post_with_key(&app, "/v1/contracts", "order-42", &other)
            .await
            .problem(422, "IDEMPOTENCY_KEY_REUSED");
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 1);
        // Without a key, every POST is a new contract.
        app.create(&body).await;
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 2);
    }
}

#[tokio::test]
async fn client_errors_replay_too_and_keys_are_per_tenant() {
    for app in spawn_each().await {
        let bad = simple_contract("Acme", "12.345", "2026-01-01", "2026-12-31");
        let first = post_with_key(&app, "/v1/contracts", "k-bad", &bad).await;
        let problem = first.problem(422, "VALIDATION_FAILED");
        let again = post_with_key(&app, "/v1/contracts", "k-bad", &bad).await;
        let replayed = again.problem(422, "VALIDATION_FAILED");
        assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));
        assert_eq!(replayed["errors"], problem["errors"]);
        assert_ne!(replayed["request_id"], problem["request_id"]);

        // Another tenant's identical key is its own.
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let body = simple_contract("Acme", "100.00", "2026-01-01", "2026-12-31");
        let reply = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[
                    ("Authorization", &format!("Bearer {key}")),
                    ("Content-Type", "application/json"),
                    ("Idempotency-Key", "k-bad"),
                ],
                serde_json::to_vec(&body).unwrap(),
            )
            .await;
        assert_eq!(reply.status.as_u16(), 201, "{}", reply.text);
    }
}

#[tokio::test]
async fn every_write_route_takes_a_key_and_bad_keys_are_400() {
    for app in spawn_each().await {
        let mut quote = simple_contract("Quote", "100.00", "2026-01-01", "2026-12-31");
        quote["status"] = json!("draft");
        let id = app.create(&quote).await["id"].as_str().unwrap().to_owned();
        let activate = format!("/v1/contracts/{id}/activate");
        let first = post_with_key(&app, &activate, "activate-1", &json!({})).await;
        assert_eq!(first.status.as_u16(), 200, "{}", first.text);
        // Without the key a second activation is a 409; with it, the first answer again.
        let again = post_with_key(&app, &activate, "activate-1", &json!({})).await;
        assert_eq!(
            (again.status.as_u16(), again.header("idempotent-replayed")),
            (200, Some("true".into()))
        );
        assert_eq!(again.text, first.text);

        let terminate = format!("/v1/contracts/{id}/terminate");
        let body = json!({"effective_date": "2026-06-01"});
        let first = post_with_key(&app, &terminate, "end-1", &body).await;
        let again = post_with_key(&app, &terminate, "end-1", &body).await;
        assert_eq!(
            (first.status.as_u16(), again.text.clone()),
            (200, first.text.clone())
        );

        let mut change = simple_contract("Quote", "100.00", "2026-01-01", "2026-12-31");
        change["effective_date"] = json!("2026-03-01");
        let path = format!("/v1/contracts/{id}");
        let auth = format!("Bearer {SANDBOX}");
        let change = serde_json::to_vec(&change).unwrap();
        let headers = [
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", "put-1"),
        ];
        app.raw(Method::PUT, &path, &headers, change.clone())
            .await
            .problem(409, "INVALID_STATE_TRANSITION");
        let again = app.raw(Method::PUT, &path, &headers, change).await;
        again.problem(409, "INVALID_STATE_TRANSITION");
        assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));

        let long = "k".repeat(256);
        post_with_key(&app, "/v1/contracts", &long, &quote)
            .await
            .problem(400, "INVALID_IDEMPOTENCY_KEY");
        post_with_key(&app, "/v1/contracts", "\"\"", &quote)
            .await
            .problem(400, "INVALID_IDEMPOTENCY_KEY");
        assert_eq!(
            post_with_key(&app, "/v1/contracts", &"k".repeat(255), &quote)
                .await
                .status
                .as_u16(),
            201
        );
    }
}
