//! The repositories behind access and commerce (OAuth clients and tokens, rate-limit
//! windows, payment redemptions), against every backend, each test in a fresh database.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use std::sync::Arc;

use revrec_ports::{
    AccessTokenRecord, OAuthClientRecord, Plan, QuotaKey, RateLimiter, Redemption,
    RedemptionOutcome, Scope, WINDOW_SECONDS,
};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;

const MINUTE: i64 = WINDOW_SECONDS * 1_000_000;
/// 2026-11-23T12:00:00Z, a window boundary.
const NOON: i64 = 1_795_435_200 * 1_000_000;

fn open(database: &TestDatabase) -> Store {
    Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap()
}

fn key(credential: &str) -> QuotaKey {
    QuotaKey {
        tenant_id: "ten_a".into(),
        credential: credential.into(),
    }
}

/// Takes `count` units at `now`; returns how many were allowed and the last decision's
/// remaining count.
async fn take(
    limiter: &dyn RateLimiter,
    key: &QuotaKey,
    limit: u32,
    now: i64,
    count: u32,
) -> (u32, u32) {
    let mut allowed = 0;
    let mut remaining = limit;
    for _ in 0..count {
        let decision = limiter.acquire(key, limit, now).await.unwrap();
        assert_eq!(decision.limit, limit);
        assert!(decision.remaining <= limit);
        if decision.allowed {
            allowed += 1;
            assert_eq!(decision.remaining, remaining - 1, "one unit per request");
        } else {
            assert_eq!(decision.remaining, 0);
        }
        remaining = decision.remaining;
    }
    (allowed, remaining)
}

#[tokio::test]
async fn every_limiter_admits_the_limit_per_window_and_resets_on_the_boundary() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let limiters: [(&str, Arc<dyn RateLimiter>); 2] = [
            ("the store's own", store.rate_limiter()),
            ("the shared", store.shared_rate_limiter()),
        ];
        for (name, limiter) in limiters {
            let credential = key(name);
            let at = NOON + 15 * 1_000_000;
            let (allowed, remaining) = take(limiter.as_ref(), &credential, 80, at, 100).await;
            assert_eq!(
                (allowed, remaining),
                (80, 0),
                "{name} on {:?}",
                database.backend
            );
            let refused = limiter.acquire(&credential, 80, at).await.unwrap();
            assert!(!refused.allowed);
            assert_eq!(refused.reset_seconds, 45);
            // Another credential has its own window.
            assert_eq!(
                take(limiter.as_ref(), &key(&format!("{name}, other")), 80, at, 1).await,
                (1, 79)
            );
            // The last microsecond of the window is still in it; the next one is not.
            let last = NOON + MINUTE - 1;
            assert!(
                !limiter
                    .acquire(&credential, 80, last)
                    .await
                    .unwrap()
                    .allowed
            );
            assert_eq!(
                limiter
                    .acquire(&credential, 80, last)
                    .await
                    .unwrap()
                    .reset_seconds,
                1
            );
            let next = limiter
                .acquire(&credential, 80, NOON + MINUTE)
                .await
                .unwrap();
            assert!(next.allowed, "{name}: a new window");
            assert_eq!((next.remaining, next.reset_seconds), (79, 60));
        }
    }
}

#[tokio::test]
async fn instances_sharing_a_database_never_admit_more_than_the_limit_together() {
    for database in TestDatabase::all() {
        // Two instances: two stores (two pools) on one database, each with its own leases.
        let (one, two) = (open(&database), open(&database));
        let (one, two) = (one.shared_rate_limiter(), two.shared_rate_limiter());
        for limit in [7, 400, 1_200] {
            let credential = key(&format!("limit {limit}"));
            let mut allowed = 0;
            for request in 0..limit * 2 {
                let limiter = if request % 3 == 0 { &one } else { &two };
                allowed += u32::from(
                    limiter
                        .acquire(&credential, limit, NOON)
                        .await
                        .unwrap()
                        .allowed,
                );
            }
            // What is lost is at most what each instance still holds of its last slice.
            let slice = (limit / 40).max(1);
            assert!(allowed <= limit, "{allowed} > {limit}");
            assert!(allowed >= limit - 2 * (slice - 1), "{allowed} of {limit}");
            assert!(f64::from(allowed) >= f64::from(limit) * 0.9);
        }
    }
}

#[tokio::test]
async fn concurrent_requests_on_two_instances_hold_one_limit() {
    for database in TestDatabase::all() {
        let stores = [open(&database), open(&database)];
        let limiters: Vec<Arc<dyn RateLimiter>> =
            stores.iter().map(Store::shared_rate_limiter).collect();
        let credential = key("concurrent");
        let mut tasks = tokio::task::JoinSet::new();
        for request in 0..600 {
            let limiter = limiters[request % 2].clone();
            let credential = credential.clone();
            tasks.spawn(async move {
                let decision = limiter.acquire(&credential, 400, NOON).await.unwrap();
                assert!(decision.remaining <= 400, "{decision:?}");
                decision.allowed
            });
        }
        let allowed = tasks.join_all().await.into_iter().filter(|a| *a).count();
        assert!((382..=400).contains(&allowed), "{allowed} of 400");
    }
}

#[tokio::test]
async fn a_released_unit_is_taken_again_within_its_window_only() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let limiters: [(&str, Arc<dyn RateLimiter>); 2] = [
            ("the store's own", store.rate_limiter()),
            ("the shared", store.shared_rate_limiter()),
        ];
        for (name, limiter) in limiters {
            let credential = key(&format!("{name}, released"));
            let at = NOON + 5 * 1_000_000;
            assert_eq!(take(limiter.as_ref(), &credential, 3, at, 3).await, (3, 0));
            limiter.release(&credential, 3, at).await.unwrap();
            // The unit given back is the only one there is.
            let mut outcomes = Vec::new();
            for _ in 0..2 {
                let decision = limiter.acquire(&credential, 3, at).await.unwrap();
                outcomes.push((decision.allowed, decision.remaining));
            }
            assert_eq!(
                outcomes,
                [(true, 0), (false, 0)],
                "{name} on {:?}",
                database.backend
            );
            // A unit of a window that has passed does not go into the next one.
            limiter
                .release(&credential, 3, NOON + MINUTE)
                .await
                .unwrap();
            let next = limiter
                .acquire(&credential, 3, NOON + MINUTE)
                .await
                .unwrap();
            assert_eq!((next.allowed, next.remaining), (true, 2), "{name}");
            // Releasing what was never taken in this window gives nothing either.
            let fresh = key(&format!("{name}, never taken"));
            limiter.release(&fresh, 3, at).await.unwrap();
            assert_eq!(take(limiter.as_ref(), &fresh, 3, at, 4).await, (3, 0));
        }
    }
}

#[tokio::test]
async fn a_unit_released_on_one_instance_is_taken_on_another() {
    for database in TestDatabase::all() {
        let (one, two) = (open(&database), open(&database));
        let (one, two) = (one.shared_rate_limiter(), two.shared_rate_limiter());
        let credential = key("released across instances");
        assert_eq!(take(one.as_ref(), &credential, 2, NOON, 2).await, (2, 0));
        one.release(&credential, 2, NOON).await.unwrap();
        let decision = two.acquire(&credential, 2, NOON).await.unwrap();
        assert!(decision.allowed, "{:?}: {decision:?}", database.backend);
        assert!(!two.acquire(&credential, 2, NOON).await.unwrap().allowed);
        // Refusals raised the count past the limit; a release still frees exactly one.
        one.release(&credential, 2, NOON).await.unwrap();
        assert!(one.acquire(&credential, 2, NOON).await.unwrap().allowed);
        assert!(!one.acquire(&credential, 2, NOON).await.unwrap().allowed);
    }
}

fn client(id: &str, revoked_at: Option<i64>) -> OAuthClientRecord {
    OAuthClientRecord {
        id: id.into(),
        tenant_id: "ten_a".into(),
        name: "Ledger sync".into(),
        secret_digest: format!("digest of {id}"),
        scopes: vec![Scope::ReadContracts, Scope::ReadWaterfalls],
        plan: Plan::Growth,
        created_at: NOON,
        revoked_at,
        last_used_at: None,
    }
}

fn token(digest: &str, client_id: &str, expires_at: i64) -> AccessTokenRecord {
    AccessTokenRecord {
        digest: digest.into(),
        tenant_id: "ten_a".into(),
        client_id: client_id.into(),
        scopes: vec![Scope::ReadWaterfalls],
        issued_at: NOON,
        expires_at,
    }
}

#[tokio::test]
async fn tokens_live_until_they_expire_or_their_client_is_revoked() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let oauth = store.oauth();
        oauth.insert_client(&client("rrc_1", None)).await.unwrap();
        oauth.insert_client(&client("rrc_2", None)).await.unwrap();
        assert_eq!(
            oauth.find_client("rrc_1").await.unwrap(),
            Some(client("rrc_1", None))
        );
        assert_eq!(oauth.find_client("rrc_9").await.unwrap(), None);
        assert_eq!(
            oauth
                .list_clients(Some("ten_a".into()))
                .await
                .unwrap()
                .len(),
            2
        );
        assert!(
            oauth
                .list_clients(Some("ten_b".into()))
                .await
                .unwrap()
                .is_empty()
        );

        let hour = 3_600 * 1_000_000;
        oauth
            .insert_token(&token("t1", "rrc_1", NOON + hour), NOON)
            .await
            .unwrap();
        oauth
            .insert_token(&token("t2", "rrc_2", NOON + hour), NOON)
            .await
            .unwrap();
        let active = oauth
            .find_active_token("t1", NOON + 1)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (active.client_id.as_str(), active.plan, active.scopes),
            ("rrc_1", Plan::Growth, vec![Scope::ReadWaterfalls])
        );
        // The last microsecond before expiry is valid; expiry itself is not.
        assert!(
            oauth
                .find_active_token("t1", NOON + hour - 1)
                .await
                .unwrap()
                .is_some()
        );
        assert!(
            oauth
                .find_active_token("t1", NOON + hour)
                .await
                .unwrap()
                .is_none()
        );
        assert!(
            oauth
                .find_active_token("nope", NOON)
                .await
                .unwrap()
                .is_none()
        );
        // Lookups asked at once (in one batch on PostgreSQL): each judged at its own instant.
        let mut lookups = tokio::task::JoinSet::new();
        let asked = [
            ("t1", NOON + 1),
            ("t1", NOON + hour),
            ("t2", NOON + 1),
            ("nope", NOON),
            ("t1", NOON + hour - 1),
        ];
        for (index, (digest, now)) in asked.into_iter().enumerate() {
            let oauth = oauth.clone();
            lookups.spawn(async move {
                let found = oauth.find_active_token(digest, now).await.unwrap();
                (index, found.map(|token| token.client_id))
            });
        }
        let mut found = lookups.join_all().await;
        found.sort();
        let client = |id: &str| Some(id.to_owned());
        assert_eq!(
            found,
            vec![
                (0, client("rrc_1")),
                (1, None),
                (2, client("rrc_2")),
                (3, None),
                (4, client("rrc_1")),
            ]
        );

        // Revoking a client ends its tokens at once, and only its own.
        assert!(
            !oauth
                .revoke_client(Some("ten_b".into()), "rrc_1", NOON + 4)
                .await
                .unwrap(),
            "another tenant's client is not found"
        );
        assert!(
            oauth
                .revoke_client(Some("ten_a".into()), "rrc_1", NOON + 5)
                .await
                .unwrap()
        );
        assert!(
            !oauth.revoke_client(None, "rrc_1", NOON + 6).await.unwrap(),
            "already revoked"
        );
        assert!(
            oauth
                .find_active_token("t1", NOON + 6)
                .await
                .unwrap()
                .is_none()
        );
        assert!(
            oauth
                .find_active_token("t2", NOON + 6)
                .await
                .unwrap()
                .is_some()
        );
        assert_eq!(
            oauth
                .find_client("rrc_1")
                .await
                .unwrap()
                .unwrap()
                .revoked_at,
            Some(NOON + 5)
        );
    }
}

#[tokio::test]
async fn a_token_is_revoked_by_its_own_client_only_and_stays_revoked() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let oauth = store.oauth();
        oauth.insert_client(&client("rrc_1", None)).await.unwrap();
        oauth.insert_client(&client("rrc_2", None)).await.unwrap();
        let hour = 3_600 * 1_000_000;
        for (digest, owner) in [("t1", "rrc_1"), ("t2", "rrc_1"), ("t3", "rrc_2")] {
            oauth
                .insert_token(&token(digest, owner, NOON + hour), NOON)
                .await
                .unwrap();
        }
        let active = oauth
            .find_active_token("t1", NOON + 1)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((active.issued_at, active.expires_at), (NOON, NOON + hour));
        let revoke = |tenant: &'static str, client: &'static str, digest: &'static str| {
            let oauth = oauth.clone();
            async move {
                oauth
                    .revoke_token(tenant, client, digest, NOON + 2)
                    .await
                    .unwrap()
            }
        };
        assert!(
            !revoke("ten_a", "rrc_2", "t1").await,
            "another client's token"
        );
        assert!(!revoke("ten_b", "rrc_1", "t1").await, "another tenant");
        assert!(!revoke("ten_a", "rrc_1", "nope").await, "unknown token");
        assert!(
            oauth
                .find_active_token("t1", NOON + 3)
                .await
                .unwrap()
                .is_some(),
            "{:?}: refused revocations change nothing",
            database.backend
        );
        assert!(revoke("ten_a", "rrc_1", "t1").await);
        assert!(!revoke("ten_a", "rrc_1", "t1").await, "already revoked");
        assert!(
            oauth
                .find_active_token("t1", NOON + 3)
                .await
                .unwrap()
                .is_none()
        );
        // Only that token: the client's other token and other clients' stay valid.
        for other in ["t2", "t3"] {
            assert!(
                oauth
                    .find_active_token(other, NOON + 3)
                    .await
                    .unwrap()
                    .is_some(),
                "{other}"
            );
        }
    }
}

fn redemption(challenge_id: &str, proof_digest: &str) -> Redemption {
    Redemption {
        tenant_id: "ten_a".into(),
        challenge_id: challenge_id.into(),
        method: "sandbox".into(),
        proof_digest: proof_digest.into(),
        route: "GET /v1/waterfalls".into(),
        amount: 5,
        currency: "usd".into(),
        created_at: NOON,
    }
}

#[tokio::test]
async fn a_challenge_or_a_proof_is_redeemed_once_unless_released() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let payments = store.payments();
        assert!(
            payments
                .claim(&redemption("ch_1", "proof_1"))
                .await
                .unwrap()
        );
        // The same challenge with another proof, or the same proof under another challenge.
        assert!(
            !payments
                .claim(&redemption("ch_1", "proof_2"))
                .await
                .unwrap()
        );
        assert!(
            !payments
                .claim(&redemption("ch_2", "proof_1"))
                .await
                .unwrap()
        );
        // A failed settlement releases the claim so the payer can try again.
        payments.release("ch_1").await.unwrap();
        assert!(
            payments
                .claim(&redemption("ch_1", "proof_2"))
                .await
                .unwrap()
        );
        payments
            .finish(
                "ch_1",
                RedemptionOutcome::Settled,
                Some("pi_1".into()),
                NOON + 1,
            )
            .await
            .unwrap();
        payments.release("ch_1").await.unwrap();
        assert!(
            !payments
                .claim(&redemption("ch_1", "proof_3"))
                .await
                .unwrap(),
            "settled stays used"
        );

        // Concurrent claims of one challenge: exactly one wins.
        let mut tasks = tokio::task::JoinSet::new();
        for attempt in 0..16 {
            let payments = payments.clone();
            tasks.spawn(async move {
                payments
                    .claim(&redemption("ch_race", &format!("proof_race_{attempt}")))
                    .await
                    .unwrap()
            });
        }
        let winners = tasks
            .join_all()
            .await
            .into_iter()
            .filter(|won| *won)
            .count();
        assert_eq!(winners, 1);
    }
}
