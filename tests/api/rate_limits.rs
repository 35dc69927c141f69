//! Rate limits per credential (docs/access.md, Rate limits) with the draft-06 `RateLimit-*`
//! fields (draft-ietf-httpapi-ratelimit-headers-06), on the running server.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Method;
use revrec_ports::{Plan, Scope};
use revrec_test_support::{Backend, TestDatabase};
use revrec_usecases::{PerPlan, Policy};

use crate::helpers::{Reply, SANDBOX, TestApp, spawn_configured};

/// Every plan limited to `limit` requests a minute.
fn limited(limit: u32) -> Policy {
    Policy {
        requests_per_minute: Some(PerPlan {
            sandbox: limit,
            growth: limit,
            scale: limit,
        }),
        ..Policy::default()
    }
}

async fn spawn_limited(database: TestDatabase, limit: u32) -> TestApp {
    spawn_configured(database, |settings| settings.policy = limited(limit)).await
}

/// The three fields as integers, each checked to be one (`^[0-9]+$`).
#[track_caller]
fn fields(reply: &Reply) -> (u32, u32, u32) {
    let field = |name: &str| {
        let value = reply
            .header(name)
            .unwrap_or_else(|| panic!("{name} missing on {} {}", reply.status, reply.text));
        assert!(
            !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()),
            "{name}: {value}"
        );
        value.parse::<u32>().unwrap()
    };
    let (limit, remaining, reset) = (
        field("ratelimit-limit"),
        field("ratelimit-remaining"),
        field("ratelimit-reset"),
    );
    assert!(remaining <= limit && (1..=60).contains(&reset));
    assert!(
        reply.header("x-ratelimit-limit").is_none(),
        "no X- variants"
    );
    (limit, remaining, reset)
}

/// Waits for a fresh window when the current one has less than `needed` left, so a test's
/// requests all fall in one window.
pub async fn fresh_window_for(needed: Duration) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let into_window = Duration::from_micros(u64::try_from(now.as_micros() % 60_000_000).unwrap());
    let left = Duration::from_secs(60) - into_window;
    if left < needed {
        tokio::time::sleep(left + Duration::from_millis(50)).await;
    }
}

async fn limit_is_held_and_resets(database: TestDatabase) {
    let app = spawn_limited(database, 5).await;
    let (_, key) = app.key("acme", &[Scope::ReadContracts]).await;
    fresh_window_for(Duration::from_secs(15)).await;
    // Whatever the answer, an authenticated request counts and carries the fields: 200s,
    // a 404, and a 403 for a scope the key lacks.
    let mut seen = Vec::new();
    for path in [
        "/v1/contracts",
        "/v1/contracts/ctr_missing",
        "/v1/waterfalls?start_period=2026-01&end_period=2026-12",
        "/v1/contracts",
        "/v1/contracts?limit=1",
    ] {
        let reply = app.request(Method::GET, path, Some(&key), None).await;
        let (limit, remaining, _) = fields(&reply);
        assert_eq!(limit, 5);
        seen.push((reply.status.as_u16(), remaining));
    }
    assert_eq!(
        seen,
        [(200, 4), (404, 3), (403, 2), (200, 1), (200, 0)],
        "{:?}",
        app.backend
    );

    // The sixth: 429 with the fields, Retry-After at the same instant as the reset.
    let refused = app
        .request(Method::GET, "/v1/contracts", Some(&key), None)
        .await;
    let body = refused.problem(429, "RATE_LIMITED");
    let (_, remaining, reset) = fields(&refused);
    assert_eq!(remaining, 0);
    assert_eq!(refused.header("retry-after"), Some(reset.to_string()));
    assert!(
        body["hint"]
            .as_str()
            .is_some_and(|h| h.contains("Retry-After")),
        "{body}"
    );
    // Writes are refused the same way and never reach the handler.
    let (_, writer) = app.key("acme", &[Scope::WriteContracts]).await;
    for _ in 0..5 {
        fields(
            &app.request(Method::GET, "/v1/contracts", Some(&writer), None)
                .await,
        );
    }
    let write = app
        .request(
            Method::POST,
            "/v1/contracts",
            Some(&writer),
            Some(&serde_json::json!({})),
        )
        .await;
    write.problem(429, "RATE_LIMITED");

    // Other credentials have their own quota; unauthenticated answers carry no fields.
    let sandbox = app.get("/v1/contracts").await;
    assert_eq!(sandbox.status, 200);
    assert_eq!(fields(&sandbox).1, 4);
    let anonymous = app.request(Method::GET, "/v1/contracts", None, None).await;
    assert_eq!(anonymous.status, 401);
    assert!(anonymous.header("ratelimit-limit").is_none());
    let healthz = app.request(Method::GET, "/healthz", None, None).await;
    assert!(healthz.header("ratelimit-limit").is_none());

    // After waiting `Reset` seconds the credential is served again, with a full quota.
    tokio::time::sleep(Duration::from_secs(u64::from(reset)) + Duration::from_millis(100)).await;
    let again = app
        .request(Method::GET, "/v1/contracts", Some(&key), None)
        .await;
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(fields(&again).1, 4);
}

#[tokio::test]
async fn each_credential_gets_its_plan_limit_with_headers_then_429_until_the_reset() {
    let runs = TestDatabase::all()
        .into_iter()
        .map(limit_is_held_and_resets);
    futures_util::future::join_all(runs).await;
}

#[tokio::test]
async fn plans_set_the_limit_and_oauth_tokens_count_per_client() {
    for database in TestDatabase::all() {
        let app = spawn_configured(database, |settings| {
            settings.policy.requests_per_minute = Some(PerPlan {
                sandbox: 3,
                growth: 7,
                scale: 11,
            });
        })
        .await;
        fresh_window_for(Duration::from_secs(10)).await;
        assert_eq!(fields(&app.get("/v1/contracts").await).0, 3);
        let (_, growth) = app.key("acme", &[Scope::ReadContracts]).await;
        let reply = app
            .request(Method::GET, "/v1/contracts", Some(&growth), None)
            .await;
        assert_eq!(fields(&reply).0, 7);
        // Two tokens of one OAuth client share the client's quota.
        let (id, secret) = app
            .oauth_client("acme", &[Scope::ReadContracts], Plan::Scale)
            .await;
        let mut remaining = Vec::new();
        for _ in 0..2 {
            let token = crate::oauth::token_with_secret(&app, &id, &secret).await;
            let reply = app
                .request(Method::GET, "/v1/contracts", Some(&token), None)
                .await;
            let (limit, left, _) = fields(&reply);
            assert_eq!(limit, 11);
            remaining.push(left);
        }
        assert_eq!(remaining, [10, 9]);
    }
}

#[tokio::test]
async fn two_instances_on_one_postgresql_database_hold_one_limit() {
    let Some(database) = TestDatabase::all()
        .into_iter()
        .find(|database| database.backend == Backend::Postgres)
    else {
        eprintln!("skipped: REVREC_TEST_POSTGRES_URL is not set");
        return;
    };
    let one = spawn_limited(database, 120).await;
    let two = one.sibling().await;
    fresh_window_for(Duration::from_secs(20)).await;
    let (mut allowed, mut refused) = (0, 0);
    for request in 0..200 {
        let app = if request % 2 == 0 { &one } else { &two };
        let reply = app
            .request(Method::GET, "/v1/contracts", Some(SANDBOX), None)
            .await;
        fields(&reply);
        match reply.status.as_u16() {
            200 => allowed += 1,
            429 => refused += 1,
            other => panic!("{other}: {}", reply.text),
        }
    }
    // A slice is 3 units: each instance may leave at most 2 unused.
    assert!((116..=120).contains(&allowed), "{allowed} allowed");
    assert_eq!(allowed + refused, 200);
}
