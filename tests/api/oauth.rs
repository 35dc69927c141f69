//! OAuth 2.0 client credentials (RFC 6749 §4.4, §5), the metadata documents (RFC 8414,
//! RFC 9728) and OAuth access tokens on the API (RFC 6750 §3.1, RFC 9728 §5.1).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use oauth2::basic::BasicClient;
use oauth2::{ClientId, ClientSecret, Scope as OAuthScope, TokenResponse, TokenUrl};
use reqwest::Method;
use revrec_ports::{AccessTokenRecord, Plan, Scope};
use revrec_usecases::authenticate::secret_digest;
use revrec_usecases::oauth_clients::revoke_oauth_client;
use serde_json::{Value, json};

use revrec_test_support::TestDatabase;
use revrec_usecases::policy::ClientAuthLimits;

use crate::helpers::{Reply, TestApp, simple_contract, spawn_configured, spawn_each};
use crate::response_schemas::conforms;

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
        assert_eq!(token.expires_in(), Some(Duration::from_secs(3600)));
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

/// A POST of a form to one of the client-authenticated endpoints.
async fn form_post(app: &TestApp, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    app.raw(Method::POST, path, headers, body.as_bytes().to_vec())
        .await
}

/// The app over `database` allowing `per_client` and `per_address` failed client
/// authentications a minute.
async fn spawn_guarded(database: TestDatabase, per_client: u32, per_address: u32) -> TestApp {
    spawn_configured(database, |settings| {
        settings.policy.failed_client_authentications = ClientAuthLimits {
            per_client,
            per_address,
        };
    })
    .await
}

/// Waits for a fresh minute when the current one has less than `needed` left, so that a
/// test's failures all fall in one window.
async fn fresh_window_for(needed: Duration) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let into_window = Duration::from_micros(u64::try_from(now.as_micros() % 60_000_000).unwrap());
    let left = Duration::from_secs(60) - into_window;
    if left < needed {
        tokio::time::sleep(left + Duration::from_millis(50)).await;
    }
}

/// Asserts the guard's 429: RFC 6749-style JSON (`temporarily_unavailable`), `Retry-After`
/// equal to `RateLimit-Reset`, `RateLimit-Remaining: 0` and `RateLimit-Limit: limit`;
/// returns the body and the seconds to wait.
#[track_caller]
fn throttled(reply: &Reply, limit: u32) -> (Value, u32) {
    let body = oauth_error(
        reply,
        429,
        "temporarily_unavailable",
        "OAUTH_CLIENT_THROTTLED",
    );
    let field = |name: &str| {
        let value = reply
            .header(name)
            .unwrap_or_else(|| panic!("{name} missing: {}", reply.text));
        assert!(value.bytes().all(|b| b.is_ascii_digit()), "{name}: {value}");
        value.parse::<u32>().unwrap()
    };
    let reset = field("ratelimit-reset");
    assert!((1..=60).contains(&reset), "{reset}");
    assert_eq!(field("retry-after"), reset);
    assert_eq!(field("ratelimit-remaining"), 0);
    assert_eq!(field("ratelimit-limit"), limit, "{}", reply.text);
    assert!(
        reply.header("www-authenticate").is_none(),
        "not an auth failure"
    );
    (body, reset)
}

/// What an answer says about the client, without what differs per request.
fn refusal_shape(reply: &Reply) -> (u16, Option<String>, Value) {
    let mut body = reply.json();
    for member in ["request_id", "detail", "message", "error_description"] {
        body.as_object_mut().unwrap().remove(member);
    }
    (
        reply.status.as_u16(),
        reply.header("www-authenticate"),
        body,
    )
}

async fn failures_are_throttled_per_client_until_the_window_ends(database: TestDatabase) {
    // Per address: more than this test fails, so only the client's allowance is met.
    let app = spawn_guarded(database, 3, 1_000).await;
    let sibling = app.sibling().await;
    let (id, secret) = app
        .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
        .await;
    let (other_id, other_secret) = app
        .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
        .await;
    let grant = "grant_type=client_credentials";
    let by_post = |id: &str, secret: &str| format!("{grant}&client_id={id}&client_secret={secret}");
    fresh_window_for(Duration::from_secs(20)).await;

    // Three wrong secrets (both methods count): 401 each, then the fourth attempt is 429.
    let mut refusals = Vec::new();
    for attempt in 0..3 {
        let reply = if attempt % 2 == 0 {
            token_request(
                &app,
                &[FORM, ("Authorization", &basic(&id, "rr_cs_wrong"))],
                grant,
            )
            .await
        } else {
            token_request(&app, &[FORM], &by_post(&id, "rr_cs_wrong")).await
        };
        oauth_error(&reply, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        refusals.push(reply);
    }
    let fourth = token_request(&app, &[FORM], &by_post(&id, "rr_cs_wrong")).await;
    let (body, _) = throttled(&fourth, 3);
    let document: Value = serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    conforms(&document, "/oauth/token", "post", 429, &fourth.text);
    assert!(
        body["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains("Retry-After")),
        "{body}"
    );

    // Now the right secret is refused too, by every method, at every endpoint, and on
    // another instance on the same database.
    let right_basic = basic(&id, &secret);
    let right = [
        token_request(&app, &[FORM, ("Authorization", &right_basic)], grant).await,
        token_request(&app, &[FORM], &by_post(&id, &secret)).await,
        form_post(
            &app,
            "/oauth/revoke",
            &[FORM, ("Authorization", &right_basic)],
            "token=rr_oat_whatever",
        )
        .await,
        form_post(
            &app,
            "/oauth/introspect",
            &[FORM, ("Authorization", &right_basic)],
            "token=rr_oat_whatever",
        )
        .await,
        token_request(&sibling, &[FORM, ("Authorization", &right_basic)], grant).await,
    ];
    for reply in &right {
        throttled(reply, 3);
    }

    // Another client of the same tenant and address is not affected.
    let unaffected = token_with_secret(&app, &other_id, &other_secret).await;
    assert!(unaffected.starts_with("rr_oat_"));

    // An unknown client id is counted and answered exactly like a known one.
    let mut unknown = Vec::new();
    for _ in 0..3 {
        let reply = token_request(&app, &[FORM], &by_post("rrc_nobody", "rr_cs_wrong")).await;
        oauth_error(&reply, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        unknown.push(reply);
    }
    assert_eq!(refusal_shape(&unknown[0]), refusal_shape(&refusals[1]));
    let unknown_fourth = token_request(&app, &[FORM], &by_post("rrc_nobody", "rr_cs_wrong")).await;
    throttled(&unknown_fourth, 3);
    assert_eq!(refusal_shape(&unknown_fourth), refusal_shape(&fourth));

    // After Retry-After seconds the window has passed: the right secret works again, on
    // both instances, and the client's allowance is whole again.
    let wait = right
        .iter()
        .map(|reply| reply.header("retry-after").unwrap().parse::<u64>().unwrap())
        .max()
        .unwrap();
    tokio::time::sleep(Duration::from_secs(wait) + Duration::from_millis(200)).await;
    let token = token_with_secret(&app, &id, &secret).await;
    let listed = app
        .request(Method::GET, "/v1/contracts", Some(&token), None)
        .await;
    assert_eq!(listed.status.as_u16(), 200, "{}", listed.text);
    token_with_secret(&sibling, &id, &secret).await;
    for _ in 0..3 {
        let reply = token_request(&app, &[FORM], &by_post(&id, "rr_cs_wrong")).await;
        oauth_error(&reply, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
    }
}

#[tokio::test]
async fn wrong_secrets_are_throttled_per_client_then_even_the_right_one_is_429_until_the_window_ends()
 {
    // Both backends at once: each waits for its window to end.
    let runs = TestDatabase::all()
        .into_iter()
        .map(failures_are_throttled_per_client_until_the_window_ends);
    futures_util::future::join_all(runs).await;
}

#[tokio::test]
async fn failures_from_one_address_are_throttled_whatever_client_ids_they_name() {
    for database in TestDatabase::all() {
        let app = spawn_guarded(database, 1_000, 4).await;
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        fresh_window_for(Duration::from_secs(10)).await;
        // Successes never count against the address.
        for _ in 0..5 {
            token_with_secret(&app, &id, &secret).await;
        }
        // A new made-up id for each guess, and requests with no client at all.
        for guess in 0..3 {
            let reply = token_request(
                &app,
                &[FORM],
                &format!(
                    "grant_type=client_credentials&client_id=rrc_guess{guess}&client_secret=x"
                ),
            )
            .await;
            oauth_error(&reply, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        }
        let anonymous = token_request(&app, &[FORM], "grant_type=client_credentials").await;
        oauth_error(&anonymous, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        // The address's allowance is spent: a client with the right secret is refused.
        let refused = token_request(
            &app,
            &[FORM, ("Authorization", &basic(&id, &secret))],
            "grant_type=client_credentials",
        )
        .await;
        throttled(&refused, 4);
        let guess = token_request(
            &app,
            &[FORM],
            "grant_type=client_credentials&client_id=rrc_guess9&client_secret=x",
        )
        .await;
        throttled(&guess, 4);
    }
}

/// The status of a read with `token` on each instance.
async fn statuses_on(instances: [&TestApp; 2], token: String) -> Vec<u16> {
    let mut statuses = Vec::new();
    for instance in instances {
        let reply = instance
            .request(Method::GET, "/v1/contracts", Some(&token), None)
            .await;
        statuses.push(reply.status.as_u16());
    }
    statuses
}

async fn token_pair(app: &TestApp) -> ((String, String), String) {
    let (id, secret) = app
        .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
        .await;
    let token = token_with_secret(app, &id, &secret).await;
    ((id, secret), token)
}

#[tokio::test]
async fn a_client_revokes_its_own_token_at_once_on_every_instance_and_nothing_else() {
    for app in spawn_each().await {
        let sibling = app.sibling().await;
        let ((id, secret), token) = token_pair(&app).await;
        let other_token = token_with_secret(&app, &id, &secret).await;
        let ((stranger_id, stranger_secret), stranger_token) = token_pair(&app).await;
        let instances = [&app, &sibling];
        let works = |token: String| statuses_on(instances, token);
        assert_eq!(works(token.clone()).await, [200, 200]);

        // Another client's token: 200, and nothing happens (RFC 7009 §2.1).
        let foreign = form_post(
            &app,
            "/oauth/revoke",
            &[FORM],
            &format!("token={token}&client_id={stranger_id}&client_secret={stranger_secret}"),
        )
        .await;
        assert_eq!(foreign.status.as_u16(), 200, "{}", foreign.text);
        assert_eq!(works(token.clone()).await, [200, 200]);

        // An unknown token: 200 as well.
        let auth = basic(&id, &secret);
        let unknown = form_post(
            &app,
            "/oauth/revoke",
            &[FORM, ("Authorization", &auth)],
            "token=rr_oat_unknown",
        )
        .await;
        assert_eq!(unknown.status.as_u16(), 200, "{}", unknown.text);

        // Its own token, through HTTP Basic: refused at once, on both instances.
        let revoked = form_post(
            &app,
            "/oauth/revoke",
            &[FORM, ("Authorization", &auth)],
            &format!("token={token}&token_type_hint=access_token"),
        )
        .await;
        assert_eq!(revoked.status.as_u16(), 200, "{}", revoked.text);
        assert!(revoked.text.is_empty());
        assert_eq!(revoked.header("cache-control").as_deref(), Some("no-store"));
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
        // Only that token: the client's other token and the stranger's still work, and
        // the client still gets new ones.
        assert_eq!(works(other_token).await, [200, 200]);
        assert_eq!(works(stranger_token).await, [200, 200]);
        token_with_secret(&sibling, &id, &secret).await;
        // Revoking it again is no error.
        let again = form_post(
            &sibling,
            "/oauth/revoke",
            &[FORM],
            &format!("token={token}&client_id={id}&client_secret={secret}"),
        )
        .await;
        assert_eq!(again.status.as_u16(), 200, "{}", again.text);

        // The endpoint authenticates the client and wants a token.
        let wrong = form_post(
            &app,
            "/oauth/revoke",
            &[FORM, ("Authorization", &basic(&id, "rr_cs_wrong"))],
            &format!("token={token}"),
        )
        .await;
        oauth_error(&wrong, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        assert!(
            wrong
                .header("www-authenticate")
                .unwrap()
                .starts_with("Basic ")
        );
        let anonymous = form_post(&app, "/oauth/revoke", &[FORM], &format!("token={token}")).await;
        oauth_error(&anonymous, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        let no_token =
            form_post(&app, "/oauth/revoke", &[FORM, ("Authorization", &auth)], "").await;
        oauth_error(&no_token, 400, "invalid_request", "OAUTH_INVALID_REQUEST");
        let get = app.raw(Method::GET, "/oauth/revoke", &[], Vec::new()).await;
        get.problem(405, "METHOD_NOT_ALLOWED");
    }
}

async fn introspect(app: &TestApp, id: &str, secret: &str, token: &str) -> Reply {
    form_post(
        app,
        "/oauth/introspect",
        &[FORM, ("Authorization", &basic(id, secret))],
        &format!("token={token}"),
    )
    .await
}

#[track_caller]
fn inactive(reply: &Reply) {
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    assert_eq!(reply.json(), json!({ "active": false }));
}

#[tokio::test]
async fn introspection_describes_a_clients_live_token_and_nothing_else() {
    for app in spawn_each().await {
        let ((id, secret), token) = token_pair(&app).await;
        let ((stranger_id, stranger_secret), _) = token_pair(&app).await;
        let before = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();

        let active = introspect(&app, &id, &secret, &token).await;
        assert_eq!(active.status.as_u16(), 200, "{}", active.text);
        assert_eq!(
            active.header("content-type").as_deref(),
            Some("application/json")
        );
        assert_eq!(active.header("cache-control").as_deref(), Some("no-store"));
        let document: Value = serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
        conforms(&document, "/oauth/introspect", "post", 200, &active.text);
        let body = active.json();
        assert_eq!(body["active"], true);
        assert_eq!(body["scope"], "read:contracts");
        assert_eq!(body["client_id"], id.as_str());
        assert_eq!(body["sub"], id.as_str());
        assert_eq!(body["token_type"], "Bearer");
        assert_eq!(body["iss"], app.address.as_str());
        let (iat, exp) = (body["iat"].as_u64().unwrap(), body["exp"].as_u64().unwrap());
        assert_eq!(exp - iat, 3_600);
        assert!(iat.abs_diff(before) <= 60, "{iat} vs {before}");

        // client_secret_post works too.
        let by_post = form_post(
            &app,
            "/oauth/introspect",
            &[FORM],
            &format!("token={token}&client_id={id}&client_secret={secret}"),
        )
        .await;
        assert_eq!(by_post.json(), body);

        // Another client's token, an unknown one, an expired one: inactive.
        let foreign = introspect(&app, &stranger_id, &stranger_secret, &token).await;
        inactive(&foreign);
        conforms(&document, "/oauth/introspect", "post", 200, &foreign.text);
        inactive(&introspect(&app, &id, &secret, "rr_oat_unknown").await);
        let services = app.services().await;
        let expired = "rr_oat_expired1111111111111111111111111111111111";
        let hour_ago = services.clock.now_micros() - 3_600_000_000;
        services
            .oauth
            .insert_token(
                &AccessTokenRecord {
                    digest: secret_digest(expired),
                    tenant_id: "acme".into(),
                    client_id: id.clone(),
                    scopes: vec![Scope::ReadContracts],
                    issued_at: hour_ago - 1,
                    expires_at: hour_ago + 1_000_000,
                },
                hour_ago,
            )
            .await
            .unwrap();
        inactive(&introspect(&app, &id, &secret, expired).await);

        // Revoked: inactive from then on.
        let revoked = form_post(
            &app,
            "/oauth/revoke",
            &[FORM, ("Authorization", &basic(&id, &secret))],
            &format!("token={token}"),
        )
        .await;
        assert_eq!(revoked.status.as_u16(), 200);
        inactive(&introspect(&app, &id, &secret, &token).await);

        // The endpoint authenticates the client and wants one token.
        let wrong = introspect(&app, &id, "rr_cs_wrong", &token).await;
        oauth_error(&wrong, 401, "invalid_client", "OAUTH_INVALID_CLIENT");
        let no_token = form_post(
            &app,
            "/oauth/introspect",
            &[FORM, ("Authorization", &basic(&id, &secret))],
            "token_type_hint=access_token",
        )
        .await;
        oauth_error(&no_token, 400, "invalid_request", "OAUTH_INVALID_REQUEST");
        let as_json = form_post(
            &app,
            "/oauth/introspect",
            &[
                ("Content-Type", "application/json"),
                ("Authorization", &basic(&id, &secret)),
            ],
            &json!({ "token": token }).to_string(),
        )
        .await;
        oauth_error(&as_json, 400, "invalid_request", "OAUTH_INVALID_REQUEST");
    }
}

#[tokio::test]
async fn metadata_advertises_revocation_and_introspection() {
    for app in spawn_each().await {
        let server = app
            .request(
                Method::GET,
                "/.well-known/oauth-authorization-server",
                None,
                None,
            )
            .await
            .json();
        let methods = json!(["client_secret_basic", "client_secret_post"]);
        assert_eq!(
            server["revocation_endpoint"],
            format!("{}/oauth/revoke", app.address)
        );
        assert_eq!(
            server["revocation_endpoint_auth_methods_supported"],
            methods
        );
        assert_eq!(
            server["introspection_endpoint"],
            format!("{}/oauth/introspect", app.address)
        );
        assert_eq!(
            server["introspection_endpoint_auth_methods_supported"],
            methods
        );
    }
}

#[tokio::test]
async fn a_burst_of_guesses_sent_at_once_gets_no_more_secrets_checked_than_the_allowance() {
    for database in TestDatabase::all() {
        let app = spawn_guarded(database, 3, 1_000).await;
        let (id, _) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Growth)
            .await;
        fresh_window_for(Duration::from_secs(15)).await;
        let body =
            format!("grant_type=client_credentials&client_id={id}&client_secret=rr_cs_guess");
        let guesses = (0..24).map(|_| token_request(&app, &[FORM], &body));
        let replies = futures_util::future::join_all(guesses).await;
        let mut statuses: Vec<u16> = replies.iter().map(|reply| reply.status.as_u16()).collect();
        statuses.sort_unstable();
        // Each attempt holds a unit before its secret is compared: three were compared.
        assert_eq!(
            statuses.iter().filter(|s| **s == 401).count(),
            3,
            "{statuses:?}"
        );
        assert_eq!(
            statuses.iter().filter(|s| **s == 429).count(),
            21,
            "{statuses:?}"
        );
    }
}
