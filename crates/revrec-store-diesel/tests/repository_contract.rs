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
    ApiKeyRecord, Claim, ContractCursor, ContractQuery, ContractRecord, ContractRestatement,
    ContractScan, ContractStatus, ContractWrite, Expected, JobFailure, JobLease, JobProgress,
    JobRecord, JobStatus, PageCommit, Plan, RecalculationRequest, RecordedKind, RecordedResponse,
    RepositoryError, RollupDelta, Scope, StoredVersion, UsageRecord, UsageWrite, VersionChange,
    VersionWrite,
};
use revrec_store_diesel::{DatabaseUrl, Store};

mod support;
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
                name: format!("Line {index}").into(),
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
                consumption: None,
            })
            .collect(),
        variable: Vec::new(),
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
        restated_convention: None,
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
            recorded_by: "key:k1".to_owned(),
        }),
        invoices: revrec_ports::InvoiceWrite::Unchanged,
        usage: UsageWrite::default(),
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
async fn a_contract_written_alone_is_stored_as_one_written_among_others() {
    // On PostgreSQL a lone new contract goes in one statement of its own
    // (`new_contract_statement`), several go the general way: the same rows either way.
    for database in TestDatabase::all() {
        eprintln!("backend: {:?}", database.backend);
        let store = open(&database);
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        store
            .contracts()
            .save_all(vec![
                new_contract("t2", "ctr_a", 1),
                new_contract("t3", "ctr_b", 1),
            ])
            .await
            .unwrap();
        let find = |tenant: &'static str| {
            let store = store.clone();
            async move {
                store
                    .contracts()
                    .find(tenant, "ctr_a")
                    .await
                    .unwrap()
                    .unwrap()
            }
        };
        let (alone, among) = (find("t1").await, find("t2").await);
        assert_eq!(
            ContractRecord {
                tenant_id: "t2".into(),
                ..alone.record.clone()
            },
            among.record
        );
        assert_eq!(
            (&alone.versions, &alone.stamps, alone.revision),
            (&among.versions, &among.stamps, among.revision)
        );
        let mut raw = support::migrated(&database);
        assert_eq!(search_text(&mut raw, "t1"), search_text(&mut raw, "t2"));
        assert_eq!(delta_rows(&mut raw, "t1"), delta_rows(&mut raw, "t2"));
        let bounds = |raw: &mut revrec_store_diesel::DbConnection, tenant| {
            size_bounds(raw, tenant)
                .into_iter()
                .map(|(_, bound)| bound)
                .sum::<i64>()
        };
        assert_eq!(bounds(&mut raw, "t1"), bounds(&mut raw, "t2"));
    }
}

#[tokio::test]
async fn a_write_through_another_instance_is_seen_at_once() {
    // Two stores over one database stand for two server instances: the reader's cache of
    // decoded contracts must never serve what the other instance has since changed.
    for database in TestDatabase::all() {
        let (reader, writer) = (open(&database), open(&database));
        // One repository for every read, as a server holds one: its cache is the one at risk.
        let reads = reader.contracts();
        reads.save(new_contract("t1", "ctr_a", 1)).await.unwrap();
        let before = reads.find("t1", "ctr_a").await.unwrap().unwrap();
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
                    revision: 1,
                }),
                version: VersionWrite::Unchanged,
                invoices: revrec_ports::InvoiceWrite::Unchanged,
                usage: UsageWrite::default(),
                rollup: Vec::new(),
            })
            .await
            .unwrap();
        let after = reads.find("t1", "ctr_a").await.unwrap().unwrap();
        assert_eq!(after.record.customer_name, "Renamed AG");
        // And a repeated read, served from the cache, is the same.
        assert_eq!(reads.find("t1", "ctr_a").await.unwrap().unwrap(), after);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_reads_each_get_their_own_contract_while_it_changes() {
    // On PostgreSQL concurrent reads share one revision query: every reader must still get
    // its own contract (or none), at a revision no older than the last write before it asked.
    for database in TestDatabase::all() {
        let store = open(&database);
        let contracts = store.contracts();
        for n in 0..40 {
            let tenant = if n % 2 == 0 { "t1" } else { "t2" };
            contracts
                .save(new_contract(tenant, &format!("ctr_{n}"), n))
                .await
                .unwrap();
        }
        let writer = open(&database).contracts();
        let mut readers = Vec::new();
        for round in 0..400_i64 {
            let shared = std::sync::Arc::clone(&contracts);
            let n = round % 45;
            readers.push(tokio::spawn(async move {
                let tenant = if n % 2 == 0 { "t1" } else { "t2" };
                let found = shared.find(tenant, &format!("ctr_{n}")).await.unwrap();
                // Asked in the other tenant, nobody's.
                let other = if n % 2 == 0 { "t2" } else { "t1" };
                let foreign = shared.find(other, &format!("ctr_{n}")).await.unwrap();
                (n, found, foreign)
            }));
            if round % 50 == 0 {
                // Meanwhile another instance renames ctr_0; a read asked after the rename
                // is answered must see it.
                let mut renamed = record("t1", "ctr_0", 0);
                renamed.customer_name = format!("Renamed {round}");
                let current = contracts.find("t1", "ctr_0").await.unwrap().unwrap();
                renamed.version = current.record.version;
                writer
                    .save(ContractWrite {
                        record: renamed,
                        expected: Some(Expected {
                            version: current.record.version,
                            status: ContractStatus::Active,
                            revision: current.revision,
                        }),
                        version: VersionWrite::Unchanged,
                        invoices: revrec_ports::InvoiceWrite::Unchanged,
                        usage: UsageWrite::default(),
                        rollup: Vec::new(),
                    })
                    .await
                    .unwrap();
                let seen = contracts.find("t1", "ctr_0").await.unwrap().unwrap();
                assert_eq!(seen.record.customer_name, format!("Renamed {round}"));
            }
        }
        for reader in readers {
            let (n, found, foreign) = reader.await.unwrap();
            assert!(foreign.is_none(), "ctr_{n} found in the other tenant");
            match found {
                Some(found) => {
                    assert!(n < 40, "ctr_{n} does not exist");
                    assert_eq!(found.record.id, format!("ctr_{n}"));
                }
                None => assert!(n >= 40, "ctr_{n} was not found"),
            }
        }
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
            revision: 1,
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
            recorded_by: "key:k1".to_owned(),
        };
        store
            .contracts()
            .save(ContractWrite {
                record: next.clone(),
                expected: Some(Expected {
                    version: 1,
                    status: ContractStatus::Active,
                    revision: 1,
                }),
                version: VersionWrite::Append(amended.clone()),
                invoices: revrec_ports::InvoiceWrite::Unchanged,
                usage: UsageWrite::default(),
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
            recorded_by: "key:k1".to_owned(),
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
                    revision: 1,
                }),
                version: VersionWrite::ReplaceCurrent(replacement.clone()),
                invoices: revrec_ports::InvoiceWrite::Unchanged,
                usage: UsageWrite::default(),
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
async fn ids_sort_and_compare_byte_by_byte_on_every_backend() {
    // The test's PostgreSQL database sorts text by English rules by default (`a-1` before
    // `B-1`); the schema's text columns sort by bytes, as SQLite does, so both backends
    // give the same order and the same pages.
    for_each_backend(|store| async move {
        for (created_at, id) in (1..).zip(["b-0", "Ä-2", "B-1", "_z", "a-1"]) {
            store
                .contracts()
                .save(new_contract("t1", id, created_at))
                .await
                .unwrap();
        }
        let scan = |after: Option<&str>, through: Option<&str>| {
            let contracts = store.contracts();
            let scan = ContractScan {
                after: after.map(str::to_owned),
                through: through.map(str::to_owned),
                limit: 10,
                ..ContractScan::default()
            };
            async move {
                let page = contracts.scan("t1", &scan).await.unwrap();
                page.contracts
                    .iter()
                    .map(|stored| stored.record.id.clone())
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(scan(None, None).await, ["B-1", "_z", "a-1", "b-0", "Ä-2"]);
        assert_eq!(scan(Some("B-1"), Some("b-0")).await, ["_z", "a-1", "b-0"]);
        assert_eq!(scan(Some("a-1"), None).await, ["b-0", "Ä-2"]);
        // Created at the same instant, the list breaks the tie by id, byte by byte too.
        for id in ["a-9", "B-9"] {
            store
                .contracts()
                .save(new_contract("t1", id, 100))
                .await
                .unwrap();
        }
        let listed = store
            .contracts()
            .list(
                "t1",
                &ContractQuery {
                    limit: 10,
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        let ids: Vec<_> = listed.items.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["b-0", "Ä-2", "B-1", "_z", "a-1", "B-9", "a-9"]);
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
            last_used_at: None,
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
        // Within another tenant the key is not found (the console revokes within its own).
        assert!(!keys.revoke(Some("t2".into()), "key_1", 76).await.unwrap());
        assert!(keys.revoke(Some("t1".into()), "key_1", 77).await.unwrap());
        assert!(!keys.revoke(None, "key_1", 78).await.unwrap());
        assert_eq!(
            keys.find_by_digest("d1").await.unwrap().unwrap().revoked_at,
            Some(77)
        );
        // Lookups at once (on PostgreSQL, batched into one query): each its own answer.
        let lookups = ["d2", "nope", "d1", "d2"].map(|digest| {
            let keys = std::sync::Arc::clone(&keys);
            tokio::spawn(async move { keys.find_by_digest(digest).await.unwrap() })
        });
        let mut found = Vec::new();
        for lookup in lookups {
            found.push(lookup.await.unwrap().map(|key| (key.id, key.revoked_at)));
        }
        assert_eq!(
            found,
            [
                Some(("key_2".to_owned(), None)),
                None,
                Some(("key_1".to_owned(), Some(77))),
                Some(("key_2".to_owned(), None)),
            ]
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
        // Claims asked at once (in batches, many to a transaction): each answered as it
        // would be alone. Of the three on k4 one is granted; the retry with its fingerprint
        // finds it in flight, the other fingerprint is refused.
        let asked = [("k4", "f1"), ("k4", "f1"), ("k5", "f1"), ("k4", "f2")];
        let mut at_once = tokio::task::JoinSet::new();
        for (index, (key, fingerprint)) in asked.into_iter().enumerate() {
            let keys = store.idempotency();
            at_once.spawn(async move {
                let claimed = keys
                    .claim("t1", key, fingerprint, 10, 24 * HOUR, HOUR / 12)
                    .await
                    .unwrap();
                (index, claimed)
            });
        }
        let mut answers = at_once.join_all().await;
        answers.sort_by_key(|(index, _)| *index);
        assert_eq!(answers[2].1, Claim::Granted, "k5");
        let on_k4 = [0, 1, 3];
        let granted: Vec<usize> = on_k4
            .into_iter()
            .filter(|index| answers[*index].1 == Claim::Granted)
            .collect();
        assert_eq!(granted.len(), 1, "{answers:?}");
        for index in on_k4.into_iter().filter(|index| *index != granted[0]) {
            let expected = if asked[index].1 == asked[granted[0]].1 {
                Claim::InFlight
            } else {
                Claim::Mismatch
            };
            assert_eq!(answers[index].1, expected, "{answers:?}");
        }
        // Answers recorded at once are each kept for their own key.
        let mut recorded = tokio::task::JoinSet::new();
        for key in ["k4", "k5"] {
            let (keys, mut answer) = (store.idempotency(), answer.clone());
            answer.content = format!("{{\"key\":\"{key}\"}}");
            recorded.spawn(async move { keys.record("t1", key, &answer).await.unwrap() });
        }
        recorded.join_all().await;
        for key in ["k4", "k5"] {
            let fingerprint = if key == "k4" {
                asked[granted[0]].1
            } else {
                "f1"
            };
            let Claim::Replay(replayed) = claim(key, fingerprint, 11).await else {
                panic!("{key} not replayed");
            };
            assert_eq!(replayed.content, format!("{{\"key\":\"{key}\"}}"));
        }
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

#[tokio::test]
async fn several_contracts_are_written_all_together_or_not_at_all() {
    for_each_backend(|store| async move {
        let writes: Vec<ContractWrite> = (0..250)
            .map(|n| new_contract("t1", &format!("ctr_{n:03}"), n))
            .collect();
        store.contracts().save_all(writes.clone()).await.unwrap();
        assert_eq!(
            store
                .contracts()
                .list(
                    "t1",
                    &ContractQuery {
                        limit: 1,
                        ..ContractQuery::default()
                    }
                )
                .await
                .unwrap()
                .total,
            250
        );
        // The rollup deltas of all of them are summed into the rows.
        let months = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap()
            .by_period();
        let january = months[&Period::parse("2026-01").unwrap()];
        assert_eq!(
            (january.recognized, january.booked),
            (250 * 100, 250 * 1_200)
        );

        // One bad write among many: nothing of any of them is written.
        let mut more: Vec<ContractWrite> = (0..50)
            .map(|n| new_contract("t1", &format!("ctr_new_{n:02}"), 1_000 + n))
            .collect();
        more.push(new_contract("t1", "ctr_007", 2_000));
        assert!(matches!(
            store.contracts().save_all(more).await,
            Err(RepositoryError::Conflict(_))
        ));
        assert_eq!(
            store.contracts().find("t1", "ctr_new_00").await.unwrap(),
            None
        );
        let after = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap()
            .by_period();
        assert_eq!(after, months);
    })
    .await;
}

#[tokio::test]
async fn scans_read_whole_contracts_a_page_at_a_time_in_id_order() {
    for_each_backend(|store| async move {
        for n in [3, 1, 4, 5, 9, 2, 6] {
            let mut write = new_contract("t1", &format!("ctr_{n}"), n);
            if n == 9 {
                write.record.status = ContractStatus::Draft;
            }
            if n == 6 {
                write.record.start_date = date!(2027 - 01 - 01);
                write.record.end_date = date!(2027 - 12 - 31);
            }
            store.contracts().save(write).await.unwrap();
        }
        store
            .contracts()
            .save(new_contract("t2", "ctr_0", 1))
            .await
            .unwrap();
        let ids = |page: &revrec_ports::ScannedPage| -> Vec<String> {
            page.contracts.iter().map(|c| c.record.id.clone()).collect()
        };
        let first = store
            .contracts()
            .scan(
                "t1",
                &ContractScan {
                    limit: 3,
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(ids(&first), ["ctr_1", "ctr_2", "ctr_3"]);
        assert_eq!(first.next.as_deref(), Some("ctr_3"));
        let first = &first.contracts;
        assert_eq!(first[0].versions.len(), 1);
        assert_eq!(first[0].versions[0].terms, terms(9_999_999_999_999_999, 3));
        assert_eq!(first[0].revision, 1);
        let rest = store
            .contracts()
            .scan(
                "t1",
                &ContractScan {
                    after: Some("ctr_3".into()),
                    limit: 100,
                    statuses: vec![ContractStatus::Active],
                    overlapping: Some((date!(2026 - 06 - 01), date!(2026 - 06 - 30))),
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(ids(&rest), ["ctr_4", "ctr_5"]);
        assert_eq!(rest.next, None);
        // A page looks at `limit` contracts and returns those that match, saying where
        // the next one starts.
        let drafts_only = store
            .contracts()
            .scan(
                "t1",
                &ContractScan {
                    limit: 3,
                    statuses: vec![ContractStatus::Draft],
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(ids(&drafts_only), Vec::<String>::new());
        assert_eq!(drafts_only.next.as_deref(), Some("ctr_3"));
        let chosen = store
            .contracts()
            .scan(
                "t1",
                &ContractScan {
                    limit: 100,
                    ids: Some(vec!["ctr_9".into(), "ctr_2".into(), "ctr_0".into()]),
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(
            ids(&chosen),
            ["ctr_2", "ctr_9"],
            "another tenant's id is left out"
        );
        // Marks: where reads of two contracts each end, the tenant's own ids only.
        let marks = store
            .contracts()
            .scan_marks("t1", Some("ctr_1".into()), 2, 5)
            .await
            .unwrap();
        assert_eq!(marks, ["ctr_3", "ctr_5", "ctr_9"]);
        let within = store
            .contracts()
            .scan(
                "t1",
                &ContractScan {
                    after: Some("ctr_3".into()),
                    through: Some("ctr_5".into()),
                    limit: 100,
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(ids(&within), ["ctr_4", "ctr_5"]);
        assert_eq!(within.next, None);
    })
    .await;
}

/// A scan of the contracts with activity in some days (what a month's journal reads) finds
/// one by an invoice dated in them, even outside its term: after its end, or between its
/// signing and its start. The journal of such a month left the invoice's entry out.
#[tokio::test]
async fn a_scan_of_some_days_finds_a_contract_invoiced_in_them_outside_its_term() {
    for_each_backend(|store| async move {
        let invoice = |id: &str, date| revrec_ports::InvoiceRecord {
            kind: revrec_ports::BillingKind::Invoice,
            id: id.into(),
            number: None,
            date,
            amount: 1_000,
            recorded_at: 1,
            recorded_by: "key:k1".to_owned(),
        };
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let mut billed = new_contract("t1", "ctr_b", 2);
        billed.invoices = revrec_ports::InvoiceWrite::Add(vec![
            invoice("inv_1", date!(2025 - 12 - 20)),
            invoice("inv_2", date!(2027 - 02 - 10)),
        ]);
        store.contracts().save(billed).await.unwrap();
        // Another tenant's invoice of a contract with the same id is not this one's.
        let mut other = new_contract("t2", "ctr_a", 3);
        other.invoices =
            revrec_ports::InvoiceWrite::Add(vec![invoice("inv_3", date!(2027 - 03 - 05))]);
        store.contracts().save(other).await.unwrap();

        for ((first, last), expected) in [
            (
                (date!(2026 - 06 - 01), date!(2026 - 06 - 30)),
                vec!["ctr_a", "ctr_b"],
            ),
            (
                (date!(2027 - 02 - 01), date!(2027 - 02 - 28)),
                vec!["ctr_b"],
            ),
            (
                (date!(2025 - 12 - 01), date!(2025 - 12 - 31)),
                vec!["ctr_b"],
            ),
            ((date!(2027 - 03 - 01), date!(2027 - 03 - 31)), vec![]),
        ] {
            let page = store
                .contracts()
                .scan(
                    "t1",
                    &ContractScan {
                        limit: 100,
                        overlapping: Some((first, last)),
                        ..ContractScan::default()
                    },
                )
                .await
                .unwrap();
            let found: Vec<&str> = page
                .contracts
                .iter()
                .map(|c| c.record.id.as_str())
                .collect();
            assert_eq!(found, expected, "{first} to {last}");
        }
    })
    .await;
}

#[tokio::test]
async fn a_tenants_chart_of_accounts_is_its_own_and_each_change_a_version_of_it() {
    for_each_backend(|store| async move {
        assert_eq!(store.ledger().charts("t1").await.unwrap(), []);
        let first = revrec_domain::ChartOfAccounts {
            receivable: revrec_domain::Account::new("1100", "Trade Debtors"),
            ..Default::default()
        };
        let second = revrec_domain::ChartOfAccounts {
            receivable: revrec_domain::Account::new("1150", "Debtors"),
            ..Default::default()
        };
        let saved = store
            .ledger()
            .save_chart("t1", &first, 10, "key:a")
            .await
            .unwrap();
        store
            .ledger()
            .save_chart("t1", &second, 20, "cli")
            .await
            .unwrap();
        let versions = store.ledger().charts("t1").await.unwrap();
        assert_eq!(versions.first(), Some(&saved));
        let kept: Vec<(i64, &revrec_domain::ChartOfAccounts, i64, &str)> = versions
            .iter()
            .map(|version| {
                (
                    version.version,
                    &version.chart,
                    version.recorded_at,
                    version.actor.as_str(),
                )
            })
            .collect();
        assert_eq!(kept, [(1, &first, 10, "key:a"), (2, &second, 20, "cli")]);
        assert!(versions.iter().all(|version| version.books_sequence == 0));
        assert_eq!(store.ledger().charts("t2").await.unwrap(), []);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn versions_saved_at_once_each_get_the_next_number() {
    // A chart or a posting control is a new version numbered after the latest: saved at
    // the same moment by several requests, each is kept under a number of its own (on
    // SQLite none meets a locked database, on PostgreSQL none a duplicate number).
    for_each_backend(|store| async move {
        let saves: Vec<_> = (0..12_i64)
            .map(|index| {
                let ledger = store.ledger();
                tokio::spawn(async move {
                    let chart = revrec_domain::ChartOfAccounts {
                        receivable: revrec_domain::Account::new(
                            &format!("11{index:02}"),
                            "Debtors",
                        ),
                        ..Default::default()
                    };
                    let control = if index % 2 == 0 {
                        revrec_domain::PostingControl::CorrectionsOnly
                    } else {
                        revrec_domain::PostingControl::Open
                    };
                    let chart = ledger.save_chart("t1", &chart, index, "key:a").await;
                    let control = ledger
                        .save_posting_control("t1", control, index, "key:a")
                        .await;
                    (
                        chart.map(|saved| saved.version),
                        control.map(|saved| saved.version),
                    )
                })
            })
            .collect();
        let mut charts = Vec::new();
        let mut controls = Vec::new();
        for save in saves {
            let (chart, control) = save.await.unwrap();
            charts.push(chart.unwrap());
            controls.push(control.unwrap());
        }
        charts.sort_unstable();
        controls.sort_unstable();
        assert_eq!(charts, (1..=12).collect::<Vec<i64>>());
        assert_eq!(controls, (1..=12).collect::<Vec<i64>>());
    })
    .await;
}

fn job(tenant: &str, id: &str, created_at: i64) -> JobRecord {
    JobRecord {
        tenant_id: tenant.into(),
        id: id.into(),
        status: JobStatus::Queued,
        request: RecalculationRequest {
            contract_ids: Some(vec!["ctr_1".into(), "ctr_2".into()]),
            convention: Some(Convention::MonthlyEqual),
            requested_by: "key:k1".to_owned(),
        },
        as_of: Period::parse("2026-11").unwrap(),
        progress: JobProgress {
            total: 2,
            hash_chain: "seed".into(),
            ..JobProgress::default()
        },
        failure: None,
        attempts: 0,
        created_at,
        updated_at: created_at,
        finished_at: None,
    }
}

fn lease(tenant: &str, id: &str, worker: &str) -> JobLease {
    JobLease {
        tenant_id: tenant.into(),
        job_id: id.into(),
        worker: worker.into(),
    }
}

#[tokio::test]
async fn jobs_are_claimed_once_under_a_lease_and_taken_over_when_it_runs_out() {
    for_each_backend(|store| async move {
        let jobs = store.jobs();
        jobs.create(&job("t1", "job_a", 10)).await.unwrap();
        jobs.create(&job("t2", "job_b", 20)).await.unwrap();
        assert_eq!(
            jobs.find("t1", "job_a").await.unwrap(),
            Some(job("t1", "job_a", 10))
        );
        assert_eq!(jobs.find("t2", "job_a").await.unwrap(), None);

        // Oldest first; a job held under a lease is nobody else's until it runs out.
        let first = jobs.claim("w1", 100, 1_000).await.unwrap().unwrap();
        assert_eq!(
            (first.id.as_str(), first.status, first.attempts),
            ("job_a", JobStatus::Processing, 1)
        );
        let second = jobs.claim("w2", 100, 100_000).await.unwrap().unwrap();
        assert_eq!(second.id, "job_b");
        assert_eq!(jobs.claim("w3", 999, 2_000).await.unwrap(), None);

        // A page commits with its progress and extends the lease, for the holder only.
        let progress = JobProgress {
            total: 2,
            processed: 1,
            changed: 1,
            recognized_delta: vec![(Currency::EUR, -5), (Currency::USD, 7)],
            hash_chain: "abc".into(),
            cursor: Some("ctr_1".into()),
            skipped: vec![("ctr_x".into(), "cannot be restated: reason".into())],
        };
        let a = lease("t1", "job_a", "w1");
        assert_eq!(
            jobs.commit_page(&a, &progress, Vec::new(), Vec::new(), 1_500)
                .await
                .unwrap(),
            PageCommit::Committed
        );
        assert_eq!(
            jobs.commit_page(
                &lease("t1", "job_a", "w2"),
                &progress,
                Vec::new(),
                Vec::new(),
                1_500
            )
            .await
            .unwrap(),
            PageCommit::LeaseLost
        );
        let saved = jobs.find("t1", "job_a").await.unwrap().unwrap();
        assert_eq!(saved.progress, progress);

        // w1 dies; after its lease, w3 takes the job over where it stood.
        assert_eq!(jobs.claim("w3", 1_400, 3_000).await.unwrap(), None);
        let taken = jobs.claim("w3", 1_600, 3_000).await.unwrap().unwrap();
        assert_eq!((taken.id.as_str(), taken.attempts), ("job_a", 2));
        assert_eq!(taken.progress, progress);
        assert_eq!(
            jobs.commit_page(&a, &progress, Vec::new(), Vec::new(), 4_000)
                .await
                .unwrap(),
            PageCommit::LeaseLost
        );
        assert!(
            !jobs
                .finish(&a, JobStatus::Completed, &progress, None, 1_700)
                .await
                .unwrap()
        );

        // Handing back on shutdown queues it again at once.
        assert_eq!(jobs.release("w3").await.unwrap(), 1);
        let queued = jobs.find("t1", "job_a").await.unwrap().unwrap();
        assert_eq!(queued.status, JobStatus::Queued);
        let again = jobs.claim("w4", 1_800, 5_000).await.unwrap().unwrap();
        assert_eq!((again.id.as_str(), again.attempts), ("job_a", 3));
        let failure = JobFailure {
            code: "INTERNAL_ERROR".into(),
            message: "boom".into(),
        };
        assert!(
            jobs.finish(
                &lease("t1", "job_a", "w4"),
                JobStatus::Failed,
                &progress,
                Some(failure.clone()),
                1_900
            )
            .await
            .unwrap()
        );
        let failed = jobs.find("t1", "job_a").await.unwrap().unwrap();
        assert_eq!(
            (failed.status, failed.failure, failed.finished_at),
            (JobStatus::Failed, Some(failure), Some(1_900))
        );
        assert_eq!(
            jobs.claim("w5", 1_000_000, 2_000_000)
                .await
                .unwrap()
                .map(|j| j.id),
            Some("job_b".into())
        );
    })
    .await;
}

#[tokio::test]
async fn concurrent_claims_never_take_the_same_job() {
    for_each_backend(|store| async move {
        for n in 0..5 {
            store
                .jobs()
                .create(&job("t1", &format!("job_{n}"), n))
                .await
                .unwrap();
        }
        let claims: Vec<_> = (0..16)
            .map(|worker| {
                let jobs = store.jobs();
                tokio::spawn(async move { jobs.claim(&format!("w{worker}"), 100, 10_000).await })
            })
            .collect();
        let mut taken = Vec::new();
        for claim in claims {
            taken.extend(claim.await.unwrap().unwrap().map(|job| job.id));
        }
        taken.sort();
        assert_eq!(taken, ["job_0", "job_1", "job_2", "job_3", "job_4"]);
    })
    .await;
}

#[tokio::test]
async fn a_page_restates_contracts_only_at_the_revisions_it_read() {
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
        store.jobs().create(&job("t1", "job_a", 10)).await.unwrap();
        store.jobs().claim("w1", 100, 1_000).await.unwrap().unwrap();
        let restate = |id: &str, revision| ContractRestatement {
            contract_id: id.into(),
            expected_revision: revision,
            convention: Convention::MonthlyEqual,
            version: Some(StoredVersion {
                number: 2,
                change: VersionChange::Restatement,
                terms: ContractTerms {
                    convention: Convention::MonthlyEqual,
                    ..terms(9_999_999_999_999_999, 3)
                },
                recorded_at: 500,
                recorded_by: "key:k1".to_owned(),
            }),
            total_value: None,
            updated_at: 500,
        };
        let progress = JobProgress::default();
        let a = lease("t1", "job_a", "w1");
        // One contract read at a revision it no longer has: nothing of the page is written.
        assert_eq!(
            store
                .jobs()
                .commit_page(
                    &a,
                    &progress,
                    vec![restate("ctr_a", 1), restate("ctr_b", 7)],
                    vec![delta("2026-01", 1, 0)],
                    2_000
                )
                .await
                .unwrap(),
            PageCommit::ContractsChanged
        );
        let unchanged = store
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!((unchanged.revision, unchanged.record.restatements), (1, 0));
        assert_eq!(unchanged.record.restated_convention, None);
        // Nor any version.
        assert_eq!(unchanged.versions.len(), 1);
        assert_eq!(
            store
                .jobs()
                .commit_page(
                    &a,
                    &progress,
                    vec![restate("ctr_a", 1), restate("ctr_b", 1)],
                    vec![delta("2026-01", 1, 0)],
                    2_000
                )
                .await
                .unwrap(),
            PageCommit::Committed
        );
        let restated = store
            .contracts()
            .find("t1", "ctr_a")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                restated.revision,
                restated.record.restatements,
                restated.record.updated_at
            ),
            (2, 1, 500)
        );
        assert_eq!(
            restated.record.restated_convention,
            Some(Convention::MonthlyEqual)
        );
        // The versions keep their terms as they were recorded; the restatement is one more.
        assert_eq!(
            restated.versions[0].terms.convention,
            Convention::ProratedFirstLast
        );
        assert_eq!(restated.record.version, 2);
        assert_eq!(
            (
                restated.versions.len(),
                &restated.versions[1].change,
                restated.versions[1].terms.convention
            ),
            (2, &VersionChange::Restatement, Convention::MonthlyEqual)
        );
        // It stores no lines of its own: its obligations read back as its predecessor's.
        assert_eq!(
            restated.versions[1].terms.obligations,
            restated.versions[0].terms.obligations
        );

        let january = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap()
            .by_period()[&Period::parse("2026-01").unwrap()];
        assert_eq!(january.recognized, 201);
    })
    .await;
}

/// Usage records (docs/asc606.md §15): appended with the write that carries them, read
/// back as monthly totals with the contract (by id and by scan), a restatement the next
/// revision, and gone with the contract.
#[tokio::test]
async fn usage_records_are_appended_and_read_back_as_monthly_totals() {
    use revrec_domain::usage::Quantity;
    use revrec_domain::{MonthUsage, Period};
    for database in TestDatabase::all() {
        let contracts = open(&database).contracts();
        contracts
            .save(new_contract("t1", "ctr_u", 1))
            .await
            .unwrap();
        let units = |n: i64| Quantity::units(n).unwrap();
        let usage_record = |id: &str, revision: u32, day: time::Date, quantity: i64| UsageRecord {
            obligation_id: "pob_0".into(),
            record_id: id.into(),
            revision,
            occurred_on: day,
            quantity: Some(units(quantity)),
            amount: None,
            recorded_at: 10,
            recorded_by: "key:k1".into(),
        };
        let month = |text: &str, quantity: i64| {
            (
                "pob_0".to_owned(),
                MonthUsage {
                    period: Period::parse(text).unwrap(),
                    quantity: units(quantity),
                    amount: 0,
                },
            )
        };
        let write = |revision: i64, usage: UsageWrite| ContractWrite {
            record: record("t1", "ctr_u", 1),
            expected: Some(Expected {
                version: 1,
                status: ContractStatus::Active,
                revision,
            }),
            version: VersionWrite::Unchanged,
            invoices: revrec_ports::InvoiceWrite::Unchanged,
            usage,
            rollup: Vec::new(),
        };
        contracts
            .save(write(
                1,
                UsageWrite {
                    records: vec![
                        usage_record("r1", 1, date!(2026 - 01 - 05), 100),
                        usage_record("r2", 1, date!(2026 - 01 - 20), 50),
                        usage_record("r3", 1, date!(2026 - 02 - 01), 7),
                    ],
                    months: vec![month("2026-01", 150), month("2026-02", 7)],
                },
            ))
            .await
            .unwrap();
        let stored = contracts.find("t1", "ctr_u").await.unwrap().unwrap();
        assert_eq!(
            stored.usage["pob_0"]
                .iter()
                .map(|m| (m.period.to_string(), m.quantity))
                .collect::<Vec<_>>(),
            [
                ("2026-01".to_owned(), units(150)),
                ("2026-02".to_owned(), units(7))
            ]
        );
        // A restatement of r1: its next revision, and January's new total.
        contracts
            .save(write(
                2,
                UsageWrite {
                    records: vec![usage_record("r1", 2, date!(2026 - 01 - 06), 40)],
                    months: vec![month("2026-01", 90)],
                },
            ))
            .await
            .unwrap();
        let named = contracts
            .usage_records_named(
                "t1",
                "ctr_u",
                &[
                    ("pob_0".to_owned(), "r1".to_owned()),
                    ("pob_0".to_owned(), "r9".to_owned()),
                    ("pob_other".to_owned(), "r2".to_owned()),
                ],
            )
            .await
            .unwrap();
        // Only r1 of pob_0 exists among those named, at its latest revision.
        assert_eq!(
            named
                .iter()
                .map(|r| (r.record_id.as_str(), r.revision, r.quantity))
                .collect::<Vec<_>>(),
            [("r1", 2, Some(units(40)))]
        );
        let january = contracts
            .usage_records("t1", "ctr_u", "pob_0", Period::parse("2026-01").unwrap())
            .await
            .unwrap();
        assert_eq!(
            january
                .iter()
                .map(|r| (r.record_id.as_str(), r.revision))
                .collect::<Vec<_>>(),
            [("r1", 2), ("r2", 1)]
        );
        let page = contracts
            .scan(
                "t1",
                &ContractScan {
                    limit: 10,
                    ..ContractScan::default()
                },
            )
            .await
            .unwrap();
        let scanned = page
            .contracts
            .iter()
            .find(|c| c.record.id == "ctr_u")
            .unwrap();
        assert_eq!(scanned.usage["pob_0"][0].quantity, units(90));
        // January was written under one books sequence twice: one layer, the latest totals.
        assert_eq!(
            scanned
                .stamps
                .usage
                .iter()
                .map(|layer| (layer.month.period.to_string(), layer.month.quantity))
                .collect::<Vec<_>>(),
            [
                ("2026-01".to_owned(), units(90)),
                ("2026-02".to_owned(), units(7))
            ]
        );
    }
}

/// The tenant's rollup rows as stored: (period, recognized), in key order.
fn stored_rollup_rows(
    connection: &mut revrec_store_diesel::DbConnection,
    tenant: &str,
) -> Vec<(String, i64)> {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::rollups;
    rollups::table
        .filter(rollups::tenant_id.eq(tenant))
        .order(rollups::period)
        .select((rollups::period, rollups::recognized))
        .load(connection)
        .unwrap()
}

/// How many rollup delta rows the tenant's writes appended and no fold took yet.
fn appended_deltas(connection: &mut revrec_store_diesel::DbConnection, tenant: &str) -> i64 {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::rollup_deltas;
    rollup_deltas::table
        .filter(rollup_deltas::tenant_id.eq(tenant))
        .count()
        .get_result(connection)
        .unwrap()
}

/// The search text stored with the tenant's contract `ctr_a`.
fn search_text(connection: &mut revrec_store_diesel::DbConnection, tenant: &str) -> String {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::contracts;
    contracts::table
        .filter(contracts::tenant_id.eq(tenant))
        .filter(contracts::id.eq("ctr_a"))
        .select(contracts::search_text)
        .first(connection)
        .unwrap()
}

/// The tenant's appended rollup delta rows: (currency, deltas), in serial order.
fn delta_rows(
    connection: &mut revrec_store_diesel::DbConnection,
    tenant: &str,
) -> Vec<(String, String)> {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::rollup_deltas;
    rollup_deltas::table
        .filter(rollup_deltas::tenant_id.eq(tenant))
        .order(rollup_deltas::serial)
        .select((rollup_deltas::currency, rollup_deltas::deltas))
        .load(connection)
        .unwrap()
}

/// The tenant's books size bounds in one currency: (stripe, bound), in stripe order.
fn size_bounds(
    connection: &mut revrec_store_diesel::DbConnection,
    tenant: &str,
) -> Vec<(i16, i64)> {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::books_size_bounds;
    books_size_bounds::table
        .filter(books_size_bounds::tenant_id.eq(tenant))
        .order(books_size_bounds::stripe)
        .select((books_size_bounds::stripe, books_size_bounds::size_bound))
        .load(connection)
        .unwrap()
}

#[tokio::test]
async fn concurrent_writes_append_deltas_that_reads_add_and_a_fold_merges() {
    use diesel::connection::SimpleConnection;
    use revrec_store_diesel::DbConnection;
    const WRITERS: usize = 8;
    for database in TestDatabase::all() {
        let store = open(&database);
        let mut raw = support::migrated(&database);
        // Hold the tenant's books alone, so every write waits on a pooled connection of its
        // own: on PostgreSQL they then run side by side once it lets go.
        let postgres = matches!(raw, DbConnection::Postgres(_));
        if postgres {
            raw.batch_execute("BEGIN; SELECT pg_advisory_xact_lock(606, hashtext('t1'));")
                .unwrap();
        }
        let mut writers = tokio::task::JoinSet::new();
        for index in 0..WRITERS {
            let contracts = store.contracts();
            writers.spawn(async move {
                contracts
                    .save(new_contract("t1", &format!("ctr_{index}"), 1))
                    .await
            });
        }
        if postgres {
            wait_for_waiting_writers(&mut raw, WRITERS).await;
            raw.batch_execute("COMMIT").unwrap();
        }
        while let Some(saved) = writers.join_next().await {
            saved.unwrap().unwrap();
        }
        let count = i64::try_from(WRITERS).unwrap();
        assert_eq!(
            stored_rollup_rows(&mut raw, "t1"),
            vec![],
            "a write touches no rollup row"
        );
        assert_eq!(appended_deltas(&mut raw, "t1"), count, "one row a write");
        let before = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        let january = Period::parse("2026-01").unwrap();
        assert_eq!(before.by_period()[&january].recognized, 100 * count);
        assert_eq!(before.by_period()[&january].booked, 1_200 * count);

        let folded = store.reports().fold_rollups().await.unwrap();
        assert_eq!(folded, WRITERS);
        assert_eq!(
            stored_rollup_rows(&mut raw, "t1"),
            vec![
                ("2026-01".to_owned(), 100 * count),
                ("2026-02".to_owned(), 100 * count)
            ]
        );
        assert_eq!(appended_deltas(&mut raw, "t1"), 0);
        let after = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        assert_eq!(after, before, "a fold changes no figure");
        assert_eq!(store.reports().fold_rollups().await.unwrap(), 0);

        // Half folded, half appended: reads add them up the same way.
        store
            .contracts()
            .save(new_contract("t1", "ctr_late", 2))
            .await
            .unwrap();
        let (books, _) = store.reports().rollups_in_books("t1", None).await.unwrap();
        assert_eq!(
            books[0].1.by_period()[&january].recognized,
            100 * (count + 1)
        );
    }
}

/// Waits until `count` writes wait for the books lock (PostgreSQL).
async fn wait_for_waiting_writers(
    connection: &mut revrec_store_diesel::DbConnection,
    count: usize,
) {
    use diesel::prelude::*;
    use diesel::sql_types::BigInt;
    #[derive(QueryableByName)]
    struct Waiting {
        #[diesel(sql_type = BigInt)]
        waiting: i64,
    }
    let revrec_store_diesel::DbConnection::Postgres(pg) = connection else {
        return;
    };
    for _ in 0..400 {
        let Waiting { waiting } = diesel::sql_query(
            "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        )
        .get_result(pg)
        .unwrap();
        if usize::try_from(waiting).unwrap() >= count {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("{count} writers never waited for the books");
}

#[tokio::test]
async fn the_size_bounds_cover_the_books_and_a_write_they_cannot_admit_is_measured_exactly() {
    use diesel::prelude::*;
    use revrec_store_diesel::SHARED_CEILING;
    use revrec_store_diesel::schema::books_size_bounds;
    for database in TestDatabase::all() {
        let store = open(&database);
        let mut raw = support::migrated(&database);
        store
            .contracts()
            .save(new_contract("t1", "ctr_a", 1))
            .await
            .unwrap();
        let mut terminated = new_contract("t1", "ctr_b", 2);
        // A write that takes figures back: the bounds still only grow.
        terminated.rollup = vec![delta("2026-01", -40, -40), delta("2026-03", 7, 0)];
        store.contracts().save(terminated).await.unwrap();
        let books = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        let bounds = size_bounds(&mut raw, "t1");
        let bounded: i128 = bounds.iter().map(|(_, bound)| i128::from(*bound)).sum();
        assert!(
            bounded >= books.gross(),
            "{bounds:?} cover {}",
            books.gross()
        );

        // Bounds at the ceiling (as after a great many writes): the next write cannot be
        // admitted by them, runs holding the books alone, and sets them to the exact size.
        diesel::update(books_size_bounds::table.filter(books_size_bounds::tenant_id.eq("t1")))
            .set(books_size_bounds::size_bound.eq(SHARED_CEILING))
            .execute(&mut raw)
            .unwrap();
        store
            .contracts()
            .save(new_contract("t1", "ctr_c", 3))
            .await
            .unwrap();
        let books = store
            .reports()
            .rollup("t1", Currency::EUR, None)
            .await
            .unwrap();
        assert_eq!(
            size_bounds(&mut raw, "t1"),
            vec![(0, i64::try_from(books.gross()).unwrap())]
        );

        // A write past the limit is still refused exactly, and leaves the books as they were.
        let mut too_large = new_contract("t1", "ctr_d", 4);
        too_large.rollup = vec![delta("2026-04", revrec_domain::BOOKS_LIMIT_MINOR, 0)];
        let refused = store.contracts().save(too_large).await.unwrap_err();
        assert!(
            matches!(refused, RepositoryError::OutOfRange(_)),
            "{refused:?}"
        );
        assert_eq!(
            store
                .reports()
                .rollup("t1", Currency::EUR, None)
                .await
                .unwrap(),
            books
        );
    }
}

#[tokio::test]
async fn a_currency_whose_deltas_cancel_out_holds_no_report_figure() {
    use diesel::prelude::*;
    use revrec_store_diesel::schema::{rollup_deltas, rollups};
    for database in TestDatabase::all() {
        let store = open(&database);
        let mut raw = support::migrated(&database);
        // A folded +5 in USD, a write taking it back not folded yet, and 5 EUR appended.
        diesel::insert_into(rollups::table)
            .values((
                rollups::tenant_id.eq("t1"),
                rollups::currency.eq("USD"),
                rollups::period.eq("2026-01"),
                rollups::pob_type.eq("subscription"),
                rollups::timing.eq("over_time"),
                rollups::recognized.eq(5_i64),
                rollups::booked.eq(0_i64),
                rollups::rpo_change.eq(0_i64),
                rollups::rpo_next_12.eq(0_i64),
                rollups::recognized_from_opening.eq(0_i64),
            ))
            .execute(&mut raw)
            .unwrap();
        for (serial, currency, recognized) in [(1_i64, "USD", -5), (2, "EUR", 5)] {
            diesel::insert_into(rollup_deltas::table)
                .values((
                    rollup_deltas::tenant_id.eq("t1"),
                    rollup_deltas::serial.eq(serial),
                    rollup_deltas::currency.eq(currency),
                    rollup_deltas::deltas.eq(format!(
                        "2026-01 subscription over_time {recognized} 0 0 0 0 0 0 0 0 0 0\n"
                    )),
                ))
                .execute(&mut raw)
                .unwrap();
        }
        assert_eq!(
            store.reports().currencies("t1").await.unwrap(),
            vec![Currency::EUR]
        );
        assert_eq!(
            store.reports().currencies_ever("t1").await.unwrap(),
            vec![Currency::EUR, Currency::USD]
        );
        store.reports().fold_rollups().await.unwrap();
        assert_eq!(
            store.reports().currencies("t1").await.unwrap(),
            vec![Currency::EUR]
        );
    }
}
