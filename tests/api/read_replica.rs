//! Reads that tolerate lagging the writes go to the read replica when one is configured
//! (docs/scaling.md, "Read replicas"). A second database stands for the replica here: empty
//! at first (a replica that has not replayed the write yet), then given the same write (one
//! that has). `scripts/replica_bench.sh` does the same with a real streaming replica.

use reqwest::StatusCode;
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;

use crate::helpers::{simple_contract, spawn_configured};

const REPORTS: [&str; 3] = [
    "/v1/waterfalls",
    "/v1/disclosures/note6?period=2026-Q2",
    "/api/v1/reports/waterfall?period=2026",
];

#[tokio::test]
async fn reports_read_the_replica_while_contracts_read_and_write_the_primary() {
    let (Some(primary), Some(replica)) = (TestDatabase::postgres(), TestDatabase::postgres())
    else {
        eprintln!("skipped: a read replica needs PostgreSQL (REVREC_TEST_POSTGRES_URL)");
        return;
    };
    let replica_url = DatabaseUrl::parse(&replica.url).unwrap();
    // The replica's schema, as replication would have brought it.
    let migrate = replica_url.clone();
    tokio::task::spawn_blocking(move || Store::open(&migrate).map(|_| ()))
        .await
        .unwrap()
        .unwrap();
    let app = spawn_configured(primary, |settings| {
        settings.database_read_url = Some(replica_url);
    })
    .await;
    let on_replica = spawn_configured(replica, |_| {}).await;
    let contract = simple_contract("Replica Co", "12000.00", "2026-01-01", "2026-12-31");

    let created = app.post("/v1/contracts", &contract).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let read = app.get(&format!("/v1/contracts/{id}")).await;
    assert_eq!(read.status, StatusCode::OK, "a contract reads the primary");
    for report in REPORTS {
        // The replica has not replayed the write: the report does not show it yet.
        let through_replica = app.get(report).await;
        assert_eq!(
            through_replica.status,
            StatusCode::OK,
            "{}",
            through_replica.text
        );
        assert_eq!(
            through_replica.text,
            on_replica.get(report).await.text,
            "{report} reads the replica"
        );
    }
    let primary_only = spawn_configured(TestDatabase::postgres().unwrap(), |_| {}).await;
    primary_only.post("/v1/contracts", &contract).await;

    // The replica has replayed it: the same bytes as a primary that holds it.
    let replayed = on_replica.post("/v1/contracts", &contract).await;
    assert_eq!(replayed.status, StatusCode::CREATED);
    for report in REPORTS {
        let through_replica = app.get(report).await;
        assert_eq!(
            through_replica.status,
            StatusCode::OK,
            "{}",
            through_replica.text
        );
        assert_eq!(
            through_replica.text,
            primary_only.get(report).await.text,
            "{report}"
        );
    }
}
