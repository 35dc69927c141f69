//! The repository contract: the same suite against every backend (SQLite always,
//! PostgreSQL from `REVREC_TEST_POSTGRES_URL`), each test in a fresh database.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_domain::{
    ContractTerms, Convention, Currency, ObligationTerms, Pattern, Period, PobType, RollupAmounts,
    RollupKey, Ssp, Timing,
};
use revrec_ports::{
    ApiKeyRecord, Claim, ContractCursor, ContractQuery, ContractRecord, ContractStatus,
    ContractWrite, Expected, Plan, RecordedKind, RecordedResponse, RepositoryError, RollupDelta,
    Scope, StoredVersion, VersionChange, VersionWrite,
};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;
use time::macros::date;

fn open(database: &TestDatabase) -> Store {
    Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap()
}

/// Runs `suite` once per backend.
async fn for_each_backend<F, Fut>(suite: F)
where
    F: Fn(Store) -> Fut,
    Fut: Future<Output = ()>,
{
    for database in TestDatabase::all() {
        eprintln!("backend: {:?}", database.backend);
        suite(open(&database)).await;
    }
}

fn terms(price: i64, obligations: usize) -> ContractTerms {
    ContractTerms {
        customer_name: "Ünïcödé Kunde GmbH".into(),
        currency: Currency::EUR,
        start_date: date!(2026 - 01 - 01),
        end_date: date!(2026 - 12 - 31),
        signed_date: date!(2025 - 12 - 15),
        transaction_price: price,
        convention: Convention::ProratedFirstLast,
        obligations: (0..obligations)
            .map(|index| ObligationTerms {
                id: Some(format!("pob_{index}")),
                name: format!("Line {index}"),
                pob_type: if index % 2 == 0 {
                    PobType::Subscription
                } else {
                    PobType::Services
                },
                stated_price: (index % 3 != 0)
                    .then_some(123_456_789_012 + i64::try_from(index).unwrap()),
                ssp: Ssp::from_micros(999_999_999_999_999_999 - i64::try_from(index).unwrap()),
                pattern: if index % 2 == 0 {
                    Pattern::Ratable {
                        start: date!(2026 - 01 - 01),
                        end: date!(2026 - 12 - 31),
                    }
                } else {
                    Pattern::PointInTime {
                        date: date!(2026 - 02 - 28),
                    }
                },
            })
            .collect(),
    }
}

fn record(tenant: &str, id: &str, created_at: i64) -> ContractRecord {
    ContractRecord {
        tenant_id: tenant.into(),
        id: id.into(),
        customer_id: "cus_1".into(),
        customer_name: "Ünïcödé Kunde GmbH".into(),
        contract_number: Some("SO-50%_off".into()),
        currency: Currency::EUR,
        status: ContractStatus::Active,
        version: 1,
        start_date: date!(2026 - 01 - 01),
        end_date: date!(2026 - 12 - 31),
        total_value: 9_999_999_999_999_999,
        terminated_on: None,
        parent_contract_id: None,
        restatements: 0,
        created_at,
        updated_at: created_at,
    }
}

fn delta(period: &str, recognized: i64, booked: i64) -> RollupDelta {
    RollupDelta {
        currency: Currency::EUR,
        key: RollupKey {
            period: Period::parse(period).unwrap(),
            pob_type: PobType::Subscription,
            timing: Timing::OverTime,
        },
        amounts: RollupAmounts {
            recognized,
            booked,
            rpo_change: booked - recognized,
            ..Default::default()
        },
    }
}

fn new_contract(tenant: &str, id: &str, created_at: i64) -> ContractWrite {
    ContractWrite {
        record: record(tenant, id, created_at),
        expected: None,
        version: VersionWrite::Append(StoredVersion {
            number: 1,
            change: VersionChange::Initial,
            terms: terms(9_999_999_999_999_999, 3),
            recorded_at: created_at,
        }),
        rollup: vec![delta("2026-01", 100, 1_200), delta("2026-02", 100, 0)],
    }
}

#[tokio::test]
async fn a_contract_round_trips_exactly() {
    for_each_backend(|store| async move {
        let write = new_contract("t1", "ctr_a", 1);
        store.contracts().save(write.clone()).await.unwrap();
        let found = store
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.record, write.record);
        let VersionWrite::Append(version) = write.version else {
            unreachable!()
        };
        assert_eq!(found.versions, vec![version]);
    })
    .await;
}

#[tokio::test]
async fn a_write_through_another_instance_is_seen_at_once() {
    // Two stores over one database stand for two server instances: the reader's cache of
    // decoded contracts must never serve what the other instance has since changed.
    for database in TestDatabase::all() {
        let (reader, writer) = (open(&database), open(&database));
        reader
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let before = reader
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(before.record.customer_name, "Ünïcödé Kunde GmbH");
        let mut renamed = record("t1", "ctr_a", 1);
        renamed.customer_name = "Renamed AG".into();
        writer
            .contracts()
            .save(ContractWrite {
                record: renamed,
                expected: Some(Expected {
                    version: 1,
                    status: ContractStatus::Active,
                }),
                version: VersionWrite::Unchanged,
                rollup: Vec::new(),
            })
            .await
            .unwrap();
        let after = reader
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(after.record.customer_name, "Renamed AG");
        // And a repeated read, served from the cache, is the same.
        assert_eq!(
            reader
                .contracts()
                .find("t1", "ctr_a")
                .await
                .unwrap()
                .unwrap(),
            after
        );
    }
}

#[tokio::test]
async fn another_tenant_sees_nothing() {
    for_each_backend(|store| async move {
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        assert_eq!(store.contracts().find("t2", "ctr_a").await.unwrap(), None);
        let page = store
            .contracts()
            .list(
                "t2",
                &ContractQuery {
                    limit: 10,
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        assert_eq!((page.items.len(), page.total), (0, 0));
        assert!(store.reports().currencies("t2").await.unwrap().is_empty());
        assert!(
            store
                .reports()
                .rollup("t2", Currency::EUR, None)
                .await
                .unwrap()
                .is_empty()
        );
    })
    .await;
}

#[tokio::test]
async fn a_duplicate_id_is_a_conflict() {
    for_each_backend(|store| async move {
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let error = store
            .contracts()
            .save(new_contract("t1", "ctr_a", 2))
            .await
            .unwrap_err();
        assert!(matches!(error, RepositoryError::Conflict(_)), "{error:?}");
        // The same id in another tenant is another contract.
        store
            .contracts()
            .save(new_contract("t2", "ctr_a", 3))
            .await
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_stale_write_is_a_conflict_and_writes_nothing() {
    for_each_backend(|store| async move {
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let before = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        let mut stale = new_contract("t1", "ctr_a", 1);
        stale.expected = Some(Expected {
            version: 7,
            status: ContractStatus::Active,
        });
        stale.record.version = 8;
        let error = store.contracts().save(stale).await.unwrap_err();
        assert!(matches!(error, RepositoryError::Conflict(_)), "{error:?}");
        assert_eq!(
            store
                .reports()
                .rollup("t1", Currency::EUR, None)
                .await
                .unwrap(),
            before
        );
        assert_eq!(
            store
                .contracts()
                .find("t1", "ctr_a")
                .await
                .unwrap()
                .unwrap()
                .versions
                .len(),
            1
        );
    })
    .await;
}

#[tokio::test]
async fn a_failure_midway_rolls_back_every_part_of_the_write() {
    for_each_backend(|store| async move {
        let mut broken = new_contract("t1", "ctr_a", 1);
        if let VersionWrite::Append(version) = &mut broken.version {
            // Fails after the contract row is written, before the lines and rollups.
            version.terms.obligations[1].id = None;
        }
        assert!(store.contracts().save(broken).await.is_err());
        assert_eq!(store.contracts().find("t1", "ctr_a").await.unwrap(), None);
        assert!(
            store
                .reports()
                .rollup("t1", Currency::EUR, None)
                .await
                .unwrap()
                .is_empty()
        );
    })
    .await;
}

#[tokio::test]
async fn versions_append_and_drafts_replace() {
    for_each_backend(|store| async move {
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let mut next = record("t1", "ctr_a", 1);
        next.version = 2;
        next.status = ContractStatus::Terminated;
        next.terminated_on = Some(date!(2026 - 07 - 01));
        let amended = StoredVersion {
            number: 2,
            change: VersionChange::Termination {
                effective: date!(2026 - 07 - 01),
            },
            terms: terms(5, 2),
            recorded_at: 9,
        };
        store
            .contracts()
            .save(ContractWrite {
                record: next.clone(),
                expected: Some(Expected {
                    version: 1,
                    status: ContractStatus::Active,
                }),
                version: VersionWrite::Append(amended.clone()),
                rollup: vec![delta("2026-07", 0, -600)],
            })
            .await
            .unwrap();
        let found = store
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.record, next);
        assert_eq!(found.versions.len(), 2);
        assert_eq!(found.versions[1], amended);
        assert_eq!(found.versions[0].terms.obligations.len(), 3);

        // A draft's version 1 is replaced in place.
        let mut draft = new_contract("t1", "ctr_d", 2);
        draft.record.status = ContractStatus::Draft;
        draft.rollup.clear();
        store.contracts().save(draft).await.unwrap();
        let replacement = StoredVersion {
            number: 1,
            change: VersionChange::Initial,
            terms: terms(42, 1),
            recorded_at: 10,
        };
        let mut replaced = record("t1", "ctr_d", 2);
        replaced.status = ContractStatus::Draft;
        replaced.total_value = 42;
        store
            .contracts()
            .save(ContractWrite {
                record: replaced.clone(),
                expected: Some(Expected {
                    version: 1,
                    status: ContractStatus::Draft,
                }),
                version: VersionWrite::ReplaceCurrent(replacement.clone()),
                rollup: Vec::new(),
            })
            .await
            .unwrap();
        let found = store
            .contracts()
            .find("t1", "ctr_d")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.versions, vec![replacement]);
        assert_eq!(found.record, replaced);
    })
    .await;
}

#[tokio::test]
async fn rollups_add_up_across_contracts_and_respect_the_through_month() {
    for_each_backend(|store| async move {
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        store
            .contracts()
            .save(new_contract("t1", "ctr_b", 2))
            .await
            .unwrap();
        let rollup = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        let totals = rollup.by_period();
        assert_eq!(totals[&Period::parse("2026-01").unwrap()].recognized, 200);
        assert_eq!(totals[&Period::parse("2026-01").unwrap()].booked, 2_400);
        assert_eq!(totals[&Period::parse("2026-02").unwrap()].recognized, 200);
        let through_january = store
            .reports()
            .rollup("t1", Currency::EUR, Some(Period::parse("2026-01").unwrap()))
            .await
            .unwrap();
        assert_eq!(through_january.by_period().len(), 1);
        assert_eq!(
            store.reports().currencies("t1").await.unwrap(),
            vec![Currency::EUR]
        );
        assert!(
            store
                .reports()
                .rollup("t1", Currency::USD, None)
                .await
                .unwrap()
                .is_empty()
        );
    })
    .await;
}

#[tokio::test]
async fn lists_filter_count_and_page_in_creation_order() {
    for_each_backend(|store| async move {
        for (index, id) in ["ctr_c", "ctr_a", "ctr_b", "ctr_e", "ctr_d"]
            .iter()
            .enumerate()
        {
            let mut write = new_contract("t1", id, 100 - i64::try_from(index % 2).unwrap());
            write.record.customer_name = format!("Customer {index}");
            write.record.customer_id = format!("cus_{}", index % 2);
            write.record.contract_number = Some(if index == 3 {
                "PO-50%".into()
            } else {
                format!("PO-{index}")
            });
            if index == 4 {
                write.record.status = ContractStatus::Draft;
            }
            store.contracts().save(write).await.unwrap();
        }
        let list = |query: ContractQuery| {
            let contracts = store.contracts();
            async move { contracts.list("t1", &query).await.unwrap() }
        };
        // Created ascending (a and e at 99, the rest at 100), then id.
        let all = list(ContractQuery {
            limit: 10,
            ..Default::default()
        })
        .await;
        let ids: Vec<_> = all.items.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["ctr_a", "ctr_e", "ctr_b", "ctr_c", "ctr_d"]);
        assert_eq!((all.total, all.next), (5, None));

        let first = list(ContractQuery {
            limit: 2,
            ..Default::default()
        })
        .await;
        assert_eq!(first.total, 5);
        assert_eq!(
            first.next,
            Some(ContractCursor {
                created_at: 99,
                id: "ctr_e".into()
            })
        );
        let second = list(ContractQuery {
            limit: 2,
            after: first.next.clone(),
            ..Default::default()
        })
        .await;
        let ids: Vec<_> = second.items.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["ctr_b", "ctr_c"]);
        assert_eq!(second.total, 5);

        let by_text = list(ContractQuery {
            text: Some("customer 3".into()),
            limit: 10,
            ..Default::default()
        })
        .await;
        assert_eq!(
            by_text
                .items
                .iter()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>(),
            ["ctr_e"]
        );
        // `%` is a character, not a wildcard.
        let by_percent = list(ContractQuery {
            text: Some("50%".into()),
            limit: 10,
            ..Default::default()
        })
        .await;
        assert_eq!(by_percent.total, 1);
        let by_id = list(ContractQuery {
            text: Some("ctr_d".into()),
            limit: 10,
            ..Default::default()
        })
        .await;
        assert_eq!(by_id.total, 1);
        let by_customer = list(ContractQuery {
            customer_id: Some("cus_1".into()),
            limit: 10,
            ..Default::default()
        })
        .await;
        assert_eq!(by_customer.total, 2);
        let drafts = list(ContractQuery {
            status: Some(ContractStatus::Draft),
            limit: 10,
            ..Default::default()
        })
        .await;
        assert_eq!(
            drafts
                .items
                .iter()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>(),
            ["ctr_d"]
        );
    })
    .await;
}

#[tokio::test]
async fn api_keys_are_found_by_digest_listed_and_revoked() {
    for_each_backend(|store| async move {
        let key = |id: &str, tenant: &str, digest: &str| ApiKeyRecord {
            id: id.into(),
            tenant_id: tenant.into(),
            name: "ci".into(),
            prefix: "rr_live_abcd".into(),
            digest: digest.into(),
            scopes: vec![Scope::ReadContracts, Scope::WriteContracts],
            plan: Plan::Growth,
            created_at: 5,
            revoked_at: None,
        };
        let keys = store.api_keys();
        keys.insert(&key("key_1", "t1", "d1")).await.unwrap();
        keys.insert(&key("key_2", "t2", "d2")).await.unwrap();
        assert!(matches!(
            keys.insert(&key("key_3", "t1", "d1")).await,
            Err(RepositoryError::Conflict(_))
        ));
        assert_eq!(
            keys.find_by_digest("d1").await.unwrap(),
            Some(key("key_1", "t1", "d1"))
        );
        assert_eq!(keys.find_by_digest("nope").await.unwrap(), None);
        assert_eq!(keys.list(Some("t1".into())).await.unwrap().len(), 1);
        assert_eq!(keys.list(None).await.unwrap().len(), 2);
        assert!(keys.revoke("key_1", 77).await.unwrap());
        assert!(!keys.revoke("key_1", 78).await.unwrap());
        assert_eq!(
            keys.find_by_digest("d1").await.unwrap().unwrap().revoked_at,
            Some(77)
        );
    })
    .await;
}

#[tokio::test]
async fn idempotency_claims_replay_refuse_expire_and_release() {
    const HOUR: i64 = 3_600_000_000;
    for_each_backend(|store| async move {
        let keys = store.idempotency();
        let claim = |key: &'static str, fingerprint: &'static str, now: i64| {
            let keys = store.idempotency();
            async move {
                keys.claim("t1", key, fingerprint, now, 24 * HOUR, HOUR / 12)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(claim("k1", "f1", 0).await, Claim::Granted);
        // Still running: the same request waits, another request is refused.
        assert_eq!(claim("k1", "f1", 1).await, Claim::InFlight);
        assert_eq!(claim("k1", "f2", 1).await, Claim::Mismatch);
        let answer = RecordedResponse {
            status: 201,
            kind: RecordedKind::Body,
            content: "{\"id\":\"ctr_1\"}".into(),
            location: Some("http://x/v1/contracts/ctr_1".into()),
        };
        keys.record("t1", "k1", &answer).await.unwrap();
        assert_eq!(claim("k1", "f1", 2).await, Claim::Replay(answer.clone()));
        assert_eq!(claim("k1", "f2", 2).await, Claim::Mismatch);
        // Keys are per tenant.
        assert_eq!(
            keys.claim("t2", "k1", "f2", 2, 24 * HOUR, HOUR)
                .await
                .unwrap(),
            Claim::Granted
        );
        // After 24 hours the key is new again.
        assert_eq!(claim("k1", "f2", 24 * HOUR + 3).await, Claim::Granted);
        // A released claim (a server failure) lets the retry run.
        assert_eq!(claim("k2", "f1", 0).await, Claim::Granted);
        keys.release("t1", "k2").await.unwrap();
        assert_eq!(claim("k2", "f1", 1).await, Claim::Granted);
        // A claim whose request died is taken over after the abandon time.
        assert_eq!(claim("k3", "f1", 0).await, Claim::Granted);
        assert_eq!(claim("k3", "f1", HOUR / 12 + 1).await, Claim::Granted);
    })
    .await;
}

#[tokio::test]
async fn the_database_answers_pings() {
    for_each_backend(|store| async move {
        store.reports().ping().await.unwrap();
    })
    .await;
}
