//! OAuth 2.0 client credentials (RFC 6749 §4.4, §5), the metadata documents (RFC 8414,
//! RFC 9728) and OAuth access tokens on the API (protocols.md §3.6).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use oauth2::basic::BasicClient;
use oauth2::{ClientId, ClientSecret, Scope as OAuthScope, TokenResponse, TokenUrl};
use reqwest::Method;
use revrec_ports::{AccessTokenRecord, Plan, Scope};
use revrec_usecases::authenticate::secret_digest;
use revrec_usecases::oauth_clients::revoke_oauth_client;
use serde_json::{Value, json};

use crate::helpers::{Reply, TestApp, simple_contract, spawn_each};

const FORM: (&str, &str) = ("Content-Type", "application/x-www-form-urlencoded");

fn basic(id: &str, secret: &str) -> String {
    format!("Basic {}", STANDARD.encode(format!("{id}:{secret}")))
}

async fn token_request(app: &TestApp, headers: &[(&str, &str)], body: &str) -> Reply {
    app.raw(
        Method::POST,
        "/oauth/token",
        headers,
        body.as_bytes().to_vec(),
    )
    .await
}

/// Asserts an RFC 6749 §5.2 error: JSON with `error`, never cached, plus our problem code.
#[track_caller]
fn oauth_error(reply: &Reply, status: u16, error: &str, code: &str) -> Value {
    assert_eq!(reply.status.as_u16(), status, "{}", reply.text);
    assert_eq!(
        reply.header("content-type").as_deref(),
        Some("application/json"),
        "{}",
        reply.text
    );
    assert_eq!(reply.header("cache-control").as_deref(), Some("no-store"));
    let body = reply.json();
    assert_eq!(body["error"], error, "{body}");
    let description = body["error_description"].as_str().unwrap();
    assert!(!description.contains(['"', '\\']), "{description}");
    assert_eq!(body["code"], code);
    assert_eq!(body["status"], status);
    body
}

/// A token for `scopes` of a new client of tenant `acme` (client_secret_basic).
async fn token_for(app: &TestApp, scopes: &[Scope]) -> String {
    let (id, secret) = app.oauth_client("acme", scopes, Plan::Growth).await;
    token_with_secret(app, &id, &secret).await
}

/// A token from the token endpoint for an existing client (client_secret_basic).
pub async fn token_with_secret(app: &TestApp, id: &str, secret: &str) -> String {
    let reply = token_request(
        app,
        &[FORM, ("Authorization", &basic(id, secret))],
        "grant_type=client_credentials",
    )
    .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    reply.json()["access_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_oauth2_crate_gets_a_token_and_calls_the_api_with_it() {
    for app in spawn_each().await {
        let (id, secret) = app
            .oauth_client(
                "acme",
                &[Scope::ReadContracts, Scope::WriteContracts],
                Plan::Growth,
            )
            .await;
        let client = BasicClient::new(ClientId::new(id))
            .set_client_secret(ClientSecret::new(secret))
            .set_token_uri(TokenUrl::new(format!("{}/oauth/token", app.address)).unwrap());
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let token = client
            .exchange_client_credentials()
            .add_scope(OAuthScope::new("write:contracts".into()))
            .request_async(&http)
            .await
            .unwrap();
        assert_eq!(
            token.expires_in(),
            Some(std::time::Duration::from_secs(3600))
        );
        assert!(token.refresh_token().is_none());
        let scopes: Vec<String> = token
            .scopes()
            .unwrap()
            .iter()
            .map(|scope| scope.to_string())
            .collect();
        assert_eq!(scopes, ["write:contracts"]);
        let bearer = token.access_token().secret().clone();
        let body = simple_contract("Acme", "1200.00", "2026-01-01", "2026-12-31");
        let created = app
            .request(Method::POST, "/v1/contracts", Some(&bearer), Some(&body))
            .await;
        assert_eq!(created.status.as_u16(), 201, "{}", created.text);
        // The token carries only the scope it asked for.
        let listed = app
            .request(Method::GET, "/v1/contracts", Some(&bearer), None)
            .await;
        listed.problem(403, "INSUFFICIENT_SCOPE");
    }
}

#[tokio::test]
async fn basic_and_post_authentication_both_work_and_the_answer_is_never_cached() {
    for app in spawn_each().await {
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        let by_basic = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, &secret))],
            "grant_type=client_credentials",
        )
        .await;
        let by_post = token_request(
            &app,
            &[FORM],
            &format!("grant_type=client_credentials&client_id={id}&client_secret={secret}"),
        )
        .await;
        for reply in [by_basic, by_post] {
            assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
            assert_eq!(reply.header("cache-control").as_deref(), Some("no-store"));
            assert_eq!(reply.header("pragma").as_deref(), Some("no-cache"));
            let body = reply.json();
            assert_eq!(body["token_type"], "Bearer");
            assert_eq!(body["expires_in"], json!(3600));
            assert_eq!(body["scope"], "read:contracts");
            assert!(body.get("refresh_token").is_none());
            let token = body["access_token"].as_str().unwrap();
            assert!(token.starts_with("rr_oat_") && token.len() > 40);
            let listed = app
                .request(Method::GET, "/v1/contracts", Some(token), None)
                .await;
            assert_eq!(listed.status.as_u16(), 200, "{}", listed.text);
        }
    }
}

#[tokio::test]
async fn token_requests_that_break_rfc_6749_get_its_errors() {
    for app in spawn_each().await {
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        let auth = basic(&id, &secret);
        let grant = "grant_type=client_credentials";

        // Both client authentication methods at once.
        let both = token_request(
            &app,
            &[FORM, ("Authorization", &auth)],
            &format!("{grant}&client_id={id}&client_secret={secret}"),
        )
        .await;
        oauth_error(&both, 400, "invalid_request", "OAUTH_INVALID_REQUEST");

        // A wrong secret through Basic: 401 with a Basic challenge.
        let wrong = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, "rr_cs_wrong"))],
            grant,
        )
        .await;
        oauth_error(&wrong, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        let challenge = wrong.header("www-authenticate").unwrap();
        assert!(
            challenge.starts_with("Basic realm=\"revrec\""),
            "{challenge}"
        );
        assert!(challenge.contains("resource_metadata="), "{challenge}");

        // An unknown client and no client authentication at all look the same.
        let unknown = token_request(
            &app,
            &[FORM],
            &format!("{grant}&client_id=rrc_nobody&client_secret={secret}"),
        )
        .await;
        oauth_error(&unknown, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        let anonymous = token_request(&app, &[FORM], grant).await;
        oauth_error(&anonymous, 401, "invalid_client", "OAUTH_INVALID_CLIENT");

        let password = token_request(
            &app,
            &[FORM, ("Authorization", &auth)],
            "grant_type=password&username=a&password=b",
        )
        .await;
        oauth_error(
            &password,
            400,
            "unsupported_grant_type",
            "OAUTH_UNSUPPORTED_GRANT_TYPE",
        );

        for scope in ["write%3Acontracts", "read%3Aeverything"] {
            let bad_scope = token_request(
                &app,
                &[FORM, ("Authorization", &auth)],
                &format!("{grant}&scope={scope}"),
            )
            .await;
            oauth_error(&bad_scope, 400, "invalid_scope", "OAUTH_INVALID_SCOPE");
        }

        let as_json = token_request(
            &app,
            &[
                ("Content-Type", "application/json"),
                ("Authorization", &auth),
            ],
            r#"{"grant_type":"client_credentials"}"#,
        )
        .await;
        oauth_error(&as_json, 400, "invalid_request", "OAUTH_INVALID_REQUEST");

        let repeated = token_request(
            &app,
            &[FORM, ("Authorization", &auth)],
            &format!("{grant}&{grant}"),
        )
        .await;
        oauth_error(&repeated, 400, "invalid_request", "OAUTH_INVALID_REQUEST");

        let missing = token_request(&app, &[FORM, ("Authorization", &auth)], "scope=").await;
        oauth_error(&missing, 400, "invalid_request", "OAUTH_INVALID_REQUEST");

        // POST only.
        let get = app.raw(Method::GET, "/oauth/token", &[], Vec::new()).await;
        get.problem(405, "METHOD_NOT_ALLOWED");
    }
}

#[tokio::test]
async fn basic_credentials_are_form_urlencoded_before_encoding() {
    for app in spawn_each().await {
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        // RFC 6749 §2.3.1: each part is form-urlencoded first; `_` stays, and an encoded
        // form of an unreserved character decodes to it.
        let encoded_secret = secret.replacen('_', "%5F", 1);
        let reply = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, &encoded_secret))],
            "grant_type=client_credentials",
        )
        .await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    }
}

#[tokio::test]
async fn expired_and_revoked_tokens_are_invalid_at_once_on_every_instance() {
    for app in spawn_each().await {
        let sibling = app.sibling().await;
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        let reply = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, &secret))],
            "grant_type=client_credentials",
        )
        .await;
        let token = reply.json()["access_token"].as_str().unwrap().to_owned();
        for instance in [&app, &sibling] {
            let listed = instance
                .request(Method::GET, "/v1/contracts", Some(&token), None)
                .await;
            assert_eq!(listed.status.as_u16(), 200, "{}", listed.text);
        }
        let services = app.services().await;
        assert!(revoke_oauth_client(&services, None, &id).await.unwrap());
        for instance in [&app, &sibling] {
            let refused = instance
                .request(Method::GET, "/v1/contracts", Some(&token), None)
                .await;
            refused.problem(401, "INVALID_TOKEN");
            assert!(
                refused
                    .header("www-authenticate")
                    .unwrap()
                    .contains("error=\"invalid_token\"")
            );
        }
        // A revoked client gets no new token either.
        let again = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, &secret))],
            "grant_type=client_credentials",
        )
        .await;
        oauth_error(&again, 401, "invalid_client", "OAUTH_INVALID_CLIENT");

        // A token past its hour is refused.
        let (live_id, _) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        let expired = "rr_oat_expired0000000000000000000000000000000000";
        let hour_ago = services.clock.now_micros() - 3_600_000_000;
        services
            .oauth
            .insert_token(
                &AccessTokenRecord {
                    digest: secret_digest(expired),
                    tenant_id: "acme".into(),
                    client_id: live_id,
                    scopes: vec![Scope::ReadContracts],
                    issued_at: hour_ago - 1,
                    expires_at: hour_ago + 1_000_000,
                },
                hour_ago,
            )
            .await
            .unwrap();
        let refused = app
            .request(Method::GET, "/v1/contracts", Some(expired), None)
            .await;
        refused.problem(401, "INVALID_TOKEN");
    }
}

#[tokio::test]
async fn oauth_tokens_work_where_the_spec_says_and_bearer_only_routes_refuse_them() {
    for app in spawn_each().await {
        let token = token_for(&app, &Scope::ALL).await;
        for path in [
            "/v1/contracts",
            "/v1/waterfalls",
            "/v1/disclosures/note6?period=2026-Q1",
            "/api/v1/reports/waterfall?period=2026&granularity=monthly",
            "/api/v1/accounting/journal-entries?period=2026-01",
        ] {
            let reply = app.request(Method::GET, path, Some(&token), None).await;
            assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.text);
        }
        let batch = json!({ "operations": [{ "method": "GET", "path": "/contracts" }] });
        let refused = [
            app.request(Method::POST, "/v1/batch", Some(&token), Some(&batch))
                .await,
            app.request(
                Method::POST,
                "/v1/jobs/recalculate-waterfall",
                Some(&token),
                Some(&json!({})),
            )
            .await,
            app.request(Method::GET, "/v1/jobs/job_whatever", Some(&token), None)
                .await,
        ];
        for reply in refused {
            let problem = reply.problem(403, "CREDENTIAL_NOT_ALLOWED");
            assert!(problem["hint"].as_str().unwrap().contains("API key"));
        }
        // An API key of the same tenant runs the batch.
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let ran = app
            .request(Method::POST, "/v1/batch", Some(&key), Some(&batch))
            .await;
        assert_eq!(ran.status.as_u16(), 200, "{}", ran.text);

        // A token without the route's scope: 403 naming it in the challenge.
        let narrow = token_for(&app, &[Scope::ReadContracts]).await;
        let refused = app
            .request(Method::GET, "/v1/waterfalls", Some(&narrow), None)
            .await;
        refused.problem(403, "INSUFFICIENT_SCOPE");
        let challenge = refused.header("www-authenticate").unwrap();
        assert!(
            challenge.contains("error=\"insufficient_scope\"")
                && challenge.contains("scope=\"read:waterfalls\""),
            "{challenge}"
        );
    }
}

#[tokio::test]
async fn metadata_documents_are_built_from_the_public_url() {
    for app in spawn_each().await {
        let resource = app
            .request(
                Method::GET,
                "/.well-known/oauth-protected-resource",
                None,
                None,
            )
            .await;
        assert_eq!(resource.status.as_u16(), 200);
        assert_eq!(
            resource.header("content-type").as_deref(),
            Some("application/json")
        );
        let resource = resource.json();
        assert_eq!(resource["resource"], app.address.as_str());
        assert_eq!(resource["authorization_servers"], json!([app.address]));
        let scopes = resource["scopes_supported"].as_array().unwrap();
        assert!(scopes.contains(&json!("execute:mcp")));
        assert_eq!(resource["bearer_methods_supported"], json!(["header"]));

        let server = app
            .request(
                Method::GET,
                "/.well-known/oauth-authorization-server",
                None,
                None,
            )
            .await;
        assert_eq!(server.status.as_u16(), 200);
        let server = server.json();
        assert_eq!(server["issuer"], app.address.as_str());
        assert_eq!(
            server["token_endpoint"],
            format!("{}/oauth/token", app.address)
        );
        assert_eq!(
            server["grant_types_supported"],
            json!(["client_credentials"])
        );
        assert_eq!(
            server["token_endpoint_auth_methods_supported"],
            json!(["client_secret_basic", "client_secret_post"])
        );
        assert_eq!(server["response_types_supported"], json!([]));
    }
}
