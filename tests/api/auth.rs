//! Bearer tokens, scopes, tenants and sandbox mode.

use reqwest::Method;
use revrec_app::settings::Mode;
use revrec_ports::Scope;
use revrec_test_support::TestDatabase;
use serde_json::json;

use crate::helpers::{SANDBOX, simple_contract, spawn_app, spawn_each};

#[tokio::test]
async fn a_missing_token_is_401_with_a_challenge_and_no_error() {
    for app in spawn_each().await {
        let reply = app.request(Method::GET, "/v1/contracts", None, None).await;
        reply.problem(401, "AUTHENTICATION_REQUIRED");
        let challenge = reply.header("www-authenticate").unwrap();
        assert_eq!(
            challenge,
            format!(
                "Bearer realm=\"revrec\", resource_metadata=\"{}/.well-known/oauth-protected-resource\"",
                app.address
            )
        );
    }
}

#[tokio::test]
async fn an_unknown_or_malformed_token_is_401_invalid_token() {
    for app in spawn_each().await {
        for token in [
            "rr_live_0000000000000000000000000000000000000000",
            "not-a-key",
            "rr_test_sandbox2",
        ] {
            let reply = app
                .request(Method::GET, "/v1/contracts", Some(token), None)
                .await;
            reply.problem(401, "INVALID_TOKEN");
            assert!(
                reply
                    .header("www-authenticate")
                    .unwrap()
                    .contains("error=\"invalid_token\"")
            );
        }
        let basic = app
            .raw(
                Method::GET,
                "/v1/contracts",
                &[("Authorization", "Basic dXNlcjpwYXNz")],
                Vec::new(),
            )
            .await;
        basic.problem(401, "INVALID_TOKEN");
    }
}

#[tokio::test]
async fn keys_carry_scopes_and_a_missing_scope_is_403_naming_it() {
    for app in spawn_each().await {
        let (_, reader) = app.key("acme", &[Scope::ReadContracts]).await;
        let list = app
            .request(Method::GET, "/v1/contracts", Some(&reader), None)
            .await;
        assert_eq!(list.status.as_u16(), 200, "{}", list.text);
        let body = simple_contract("Acme", "100.00", "2026-01-01", "2026-12-31");
        let refused = app
            .request(Method::POST, "/v1/contracts", Some(&reader), Some(&body))
            .await;
        let problem = refused.problem(403, "INSUFFICIENT_SCOPE");
        assert_eq!(problem["required_scope"], "write:contracts");
        let challenge = refused.header("www-authenticate").unwrap();
        assert!(
            challenge.contains("error=\"insufficient_scope\"")
                && challenge.contains("scope=\"write:contracts\""),
            "{challenge}"
        );
        for (path, scope) in [
            ("/v1/waterfalls", "read:waterfalls"),
            ("/v1/disclosures/note6?period=2026-Q1", "read:disclosures"),
        ] {
            let reply = app.request(Method::GET, path, Some(&reader), None).await;
            assert_eq!(
                reply.problem(403, "INSUFFICIENT_SCOPE")["required_scope"],
                scope
            );
        }
        // Scope is checked before the body is read: a reader's bad body is still a 403.
        let garbage = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[
                    ("Authorization", &format!("Bearer {reader}")),
                    ("Content-Type", "text/plain"),
                ],
                b"{".to_vec(),
            )
            .await;
        garbage.problem(403, "INSUFFICIENT_SCOPE");
    }
}

#[tokio::test]
async fn a_revoked_key_stops_working() {
    for app in spawn_each().await {
        let (id, secret) = app.key("acme", &Scope::ALL).await;
        assert_eq!(
            app.request(Method::GET, "/v1/contracts", Some(&secret), None)
                .await
                .status
                .as_u16(),
            200
        );
        app.revoke(&id).await;
        app.request(Method::GET, "/v1/contracts", Some(&secret), None)
            .await
            .problem(401, "INVALID_TOKEN");
    }
}

#[tokio::test]
async fn tenants_never_see_each_other() {
    for app in spawn_each().await {
        let (_, acme) = app.key("acme", &Scope::ALL).await;
        let (_, globex) = app.key("globex", &Scope::ALL).await;
        let body = simple_contract("Acme", "1200.00", "2026-01-01", "2026-12-31");
        let created = app
            .request(Method::POST, "/v1/contracts", Some(&acme), Some(&body))
            .await
            .json();
        let id = created["id"].as_str().unwrap();

        // Another tenant's id is 404, never 403, on every route that takes one.
        let get = app
            .request(
                Method::GET,
                &format!("/v1/contracts/{id}"),
                Some(&globex),
                None,
            )
            .await;
        get.problem(404, "CONTRACT_NOT_FOUND");
        let put = app
            .request(
                Method::PUT,
                &format!("/v1/contracts/{id}"),
                Some(&globex),
                Some(&body),
            )
            .await;
        put.problem(404, "CONTRACT_NOT_FOUND");
        let terminate = app
            .request(
                Method::POST,
                &format!("/v1/contracts/{id}/terminate"),
                Some(&globex),
                Some(&json!({"effective_date": "2026-06-01"})),
            )
            .await;
        terminate.problem(404, "CONTRACT_NOT_FOUND");
        app.request(
            Method::POST,
            &format!("/v1/contracts/{id}/activate"),
            Some(&globex),
            None,
        )
        .await
        .problem(404, "CONTRACT_NOT_FOUND");
        app.request(
            Method::GET,
            &format!("/v1/waterfalls?contract_id={id}"),
            Some(&globex),
            None,
        )
        .await
        .problem(404, "CONTRACT_NOT_FOUND");

        let listed = app
            .request(Method::GET, "/v1/contracts", Some(&globex), None)
            .await
            .json();
        assert_eq!(listed["total"], 0);
        let waterfall = app
            .request(Method::GET, "/v1/waterfalls", Some(&globex), None)
            .await
            .json();
        assert_eq!(waterfall["periods"], json!([]));
        let note = app
            .request(
                Method::GET,
                "/v1/disclosures/note6?period=2026-Q2",
                Some(&globex),
                None,
            )
            .await
            .json();
        assert_eq!(note["rpo_total"], json!(0.00));
        // The sandbox tenant is a tenant like any other.
        assert_eq!(
            app.request(Method::GET, "/v1/contracts", Some(SANDBOX), None)
                .await
                .json()["total"],
            0
        );
        assert_eq!(
            app.request(Method::GET, "/v1/contracts", Some(&acme), None)
                .await
                .json()["total"],
            1
        );
    }
}

#[tokio::test]
async fn production_mode_refuses_the_sandbox_token() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Production).await;
    app.request(Method::GET, "/v1/contracts", Some(SANDBOX), None)
        .await
        .problem(401, "INVALID_TOKEN");
    let (_, key) = app.key("acme", &Scope::ALL).await;
    assert_eq!(
        app.request(Method::GET, "/v1/contracts", Some(&key), None)
            .await
            .status
            .as_u16(),
        200
    );
}
