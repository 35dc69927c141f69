//! The repositories behind the administration console (users, sessions, failed sign-ins,
//! usage counts, credentials' last use, payments received), against every backend, each test
//! in a fresh database.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_ports::{
    ApiKeyRecord, ConsoleSessionRecord, ConsoleUserRecord, CredentialKind, CredentialUse,
    FailureWindow, Plan, Redemption, RedemptionOutcome, RepositoryError, Scope, UsageCount,
};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;

/// 2026-11-23T12:00:00Z.
const NOON: i64 = 1_795_435_200 * 1_000_000;
/// A failure count's window: 15 minutes.
const WINDOW: i64 = 900_000_000;

fn open(database: &TestDatabase) -> Store {
    Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap()
}

fn user(id: &str, email: &str) -> ConsoleUserRecord {
    ConsoleUserRecord {
        tenant_id: "acme".into(),
        id: id.into(),
        email: email.into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        must_change_password: true,
        created_at: NOON,
    }
}

#[tokio::test]
async fn users_are_unique_by_address_and_their_password_can_change() {
    for database in TestDatabase::all() {
        let console = open(&database).console();
        console
            .insert_user(&user("usr_1", "ana@example.com"))
            .await
            .unwrap();
        assert!(matches!(
            console.insert_user(&user("usr_2", "ana@example.com")).await,
            Err(RepositoryError::Conflict(_))
        ));
        assert_eq!(
            console.find_user_by_email("ana@example.com").await.unwrap(),
            Some(user("usr_1", "ana@example.com"))
        );
        assert_eq!(
            console.find_user_by_email("bob@example.com").await.unwrap(),
            None
        );

        let first = user("usr_1", "ana@example.com").password_hash;
        console
            .set_password("acme", "usr_1", &first, "$argon2id$new", "no session")
            .await
            .unwrap();
        let stored = console.find_user("acme", "usr_1").await.unwrap().unwrap();
        assert_eq!(stored.password_hash, "$argon2id$new");
        assert!(!stored.must_change_password);
        // A change made from a stale read (the password replaced meanwhile) changes nothing.
        assert!(matches!(
            console
                .set_password("acme", "usr_1", &first, "$argon2id$late", "no session")
                .await,
            Err(RepositoryError::Conflict(_))
        ));
        assert_eq!(
            console.find_user("acme", "usr_1").await.unwrap().unwrap(),
            stored
        );
        assert_eq!(console.find_user("other", "usr_1").await.unwrap(), None);
    }
}

#[tokio::test]
async fn sessions_open_expire_and_close() {
    for database in TestDatabase::all() {
        let console = open(&database).console();
        console
            .insert_user(&user("usr_1", "ana@example.com"))
            .await
            .unwrap();
        let keys = ["client:a".to_owned(), "account-client:x:a".to_owned()];
        console
            .record_sign_in_failure(&keys, NOON, WINDOW)
            .await
            .unwrap();
        let session = |digest: &str, created_at: i64| ConsoleSessionRecord {
            digest: digest.into(),
            tenant_id: "acme".into(),
            user_id: "usr_1".into(),
            created_at,
            expires_at: created_at + 100,
        };
        console
            .open_session(&session("d1", NOON), &keys[1..])
            .await
            .unwrap();
        // Opening a session forgets the failures it is given, and only those.
        assert_eq!(
            console.sign_in_failures(&keys, NOON).await.unwrap(),
            [
                FailureWindow {
                    failures: 1,
                    ends_at: NOON + WINDOW
                },
                FailureWindow::default()
            ]
        );
        assert_eq!(
            console.find_session("d1", NOON + 99).await.unwrap(),
            Some(session("d1", NOON))
        );
        assert_eq!(
            console.find_session("d1", NOON + 100).await.unwrap(),
            None,
            "expired"
        );
        assert_eq!(console.find_session("d2", NOON).await.unwrap(), None);
        // A later sign-in removes sessions already expired.
        console
            .open_session(&session("d2", NOON + 500), &[])
            .await
            .unwrap();
        assert_eq!(
            console.find_session("d1", NOON).await.unwrap(),
            None,
            "purged"
        );
        // A new password ends every other session of the user.
        console
            .open_session(&session("d3", NOON + 500), &[])
            .await
            .unwrap();
        console
            .set_password(
                "acme",
                "usr_1",
                &user("usr_1", "ana@example.com").password_hash,
                "$argon2id$new",
                "d3",
            )
            .await
            .unwrap();
        assert_eq!(console.find_session("d2", NOON + 501).await.unwrap(), None);
        assert!(
            console
                .find_session("d3", NOON + 501)
                .await
                .unwrap()
                .is_some()
        );
        console.close_session("d3").await.unwrap();
        assert_eq!(console.find_session("d3", NOON + 501).await.unwrap(), None);
    }
}

#[tokio::test]
async fn failed_sign_ins_count_per_key_in_a_window_that_opens_at_the_first() {
    for database in TestDatabase::all() {
        let console = open(&database).console();
        let keys = ["client:a".to_owned(), "account:x".to_owned()];
        let window = |failures, ends_at| FailureWindow { failures, ends_at };
        assert_eq!(
            console.sign_in_failures(&keys, NOON).await.unwrap(),
            [FailureWindow::default(); 2]
        );
        // Each failure counts under every key given; the window stays where it opened.
        for (second, expected) in [(0, 1), (1, 2), (2, 3)] {
            let counts = console
                .record_sign_in_failure(&keys, NOON + second * 1_000_000, WINDOW)
                .await
                .unwrap();
            assert_eq!(counts, [window(expected, NOON + WINDOW); 2]);
        }
        let other = ["client:b".to_owned(), "account:x".to_owned()];
        let counts = console
            .record_sign_in_failure(&other, NOON + 5, WINDOW)
            .await
            .unwrap();
        assert_eq!(
            counts,
            [window(1, NOON + 5 + WINDOW), window(4, NOON + WINDOW)]
        );
        // Read back in the order asked, a key never counted being none.
        let asked = [
            "account:x".to_owned(),
            "client:never".to_owned(),
            "client:a".to_owned(),
        ];
        assert_eq!(
            console.sign_in_failures(&asked, NOON + 10).await.unwrap(),
            [
                window(4, NOON + WINDOW),
                FailureWindow::default(),
                window(3, NOON + WINDOW)
            ]
        );
        // A closed window counts nothing, and the next failure opens a new one.
        let after = NOON + WINDOW;
        assert_eq!(
            console.sign_in_failures(&keys, after).await.unwrap(),
            [FailureWindow::default(); 2]
        );
        let counts = console
            .record_sign_in_failure(&keys[..1], after, WINDOW)
            .await
            .unwrap();
        assert_eq!(counts, [window(1, after + WINDOW)]);
        // Concurrent failures all count (each is one statement).
        let mut racing = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let console = console.clone();
            let key = other[..1].to_vec();
            racing
                .spawn(async move { console.record_sign_in_failure(&key, NOON + 6, WINDOW).await });
        }
        while let Some(result) = racing.join_next().await {
            result.unwrap().unwrap();
        }
        assert_eq!(
            console
                .sign_in_failures(&other[..1], NOON + 7)
                .await
                .unwrap(),
            [window(9, NOON + 5 + WINDOW)]
        );
    }
}

fn count(tenant: &str, day: &str, route: &str, class: &str, requests: i64) -> UsageCount {
    UsageCount {
        tenant_id: tenant.into(),
        day: day.into(),
        route: route.into(),
        status_class: class.into(),
        requests,
    }
}

#[tokio::test]
async fn usage_counts_add_up_across_flushes_and_last_use_only_moves_forward() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let usage = store.usage();
        let route = "GET /v1/contracts";
        usage
            .record(
                vec![
                    count("acme", "2026-11-22", route, "2xx", 3),
                    count("acme", "2026-11-23", route, "4xx", 1),
                    count("other", "2026-11-23", route, "2xx", 9),
                ],
                vec![],
            )
            .await
            .unwrap();
        // A second instance's flush adds to the same rows.
        usage
            .record(vec![count("acme", "2026-11-22", route, "2xx", 2)], vec![])
            .await
            .unwrap();
        assert_eq!(
            usage
                .usage("acme", "2026-11-22", "2026-11-23")
                .await
                .unwrap(),
            [
                count("acme", "2026-11-22", route, "2xx", 5),
                count("acme", "2026-11-23", route, "4xx", 1),
            ]
        );
        assert_eq!(
            usage
                .usage("acme", "2026-11-23", "2026-11-23")
                .await
                .unwrap()
                .len(),
            1
        );

        let keys = store.api_keys();
        keys.insert(&ApiKeyRecord {
            id: "key_1".into(),
            tenant_id: "acme".into(),
            name: "ci".into(),
            prefix: "rr_test_abcd".into(),
            digest: "d1".into(),
            scopes: vec![Scope::ReadContracts],
            plan: Plan::Growth,
            created_at: NOON,
            revoked_at: None,
            last_used_at: None,
        })
        .await
        .unwrap();
        let used = |at| CredentialUse {
            kind: CredentialKind::ApiKey,
            id: "key_1".into(),
            at,
        };
        usage.record(vec![], vec![used(NOON + 20)]).await.unwrap();
        usage.record(vec![], vec![used(NOON + 10)]).await.unwrap();
        let key = keys.find_by_digest("d1").await.unwrap().unwrap();
        assert_eq!(
            key.last_used_at,
            Some(NOON + 20),
            "an older flush never moves it back"
        );
    }
}

#[tokio::test]
async fn payments_received_are_the_tenants_settled_ones_newest_first() {
    for database in TestDatabase::all() {
        let payments = open(&database).payments();
        for (challenge, tenant, outcome, at) in [
            ("ch_1", "acme", Some(RedemptionOutcome::Settled), NOON + 1),
            ("ch_2", "acme", Some(RedemptionOutcome::Declined), NOON + 2),
            ("ch_3", "acme", None, NOON + 3),
            ("ch_4", "other", Some(RedemptionOutcome::Settled), NOON + 4),
            ("ch_5", "acme", Some(RedemptionOutcome::Settled), NOON + 5),
        ] {
            let redemption = Redemption {
                tenant_id: tenant.into(),
                challenge_id: challenge.into(),
                method: "sandbox".into(),
                proof_digest: format!("proof of {challenge}"),
                route: "GET /v1/waterfalls".into(),
                amount: 5,
                currency: "USD".into(),
                created_at: NOON,
            };
            assert!(payments.claim(&redemption).await.unwrap());
            if let Some(outcome) = outcome {
                payments
                    .finish(challenge, outcome, Some(format!("pi_{challenge}")), at)
                    .await
                    .unwrap();
            }
        }
        let received = payments.received("acme", 10).await.unwrap();
        let seen: Vec<(&str, i64)> = received
            .iter()
            .map(|payment| (payment.challenge_id.as_str(), payment.settled_at))
            .collect();
        assert_eq!(seen, [("ch_5", NOON + 5), ("ch_1", NOON + 1)]);
        assert_eq!(payments.received("acme", 1).await.unwrap().len(), 1);
    }
}
