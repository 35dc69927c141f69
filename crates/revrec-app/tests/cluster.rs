//! Several `revrec serve` processes on one database, as behind a load balancer: a write on
//! one instance is seen by the very next read on another (the contract, its waterfall, the
//! portfolio waterfall and Note 6), and modifications racing on two instances never lose an
//! update: each round is one success and one 409, or two successes in sequence.
//! `scripts/cluster_check.sh N` runs this with N instances.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use revrec_test_support::TestDatabase;
use serde_json::{Value, json};
use support::{Cluster, Server, verify};

const TOKEN: &str = "rr_test_sandbox";

fn client() -> reqwest::Client {
    reqwest::Client::new()
}

async fn get(server: &Server, path: &str) -> Value {
    let reply = client()
        .get(format!("{}{path}", server.url))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    let status = reply.status().as_u16();
    let body: Value = reply.json().await.unwrap();
    assert_eq!(status, 200, "{path}: {body}");
    body
}

async fn send(server: &Server, method: reqwest::Method, path: &str, body: &Value) -> (u16, Value) {
    let reply = client()
        .request(method, format!("{}{path}", server.url))
        .bearer_auth(TOKEN)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = reply.status().as_u16();
    (status, reply.json().await.unwrap())
}

fn contract(n: usize, total: u64) -> Value {
    json!({
        "customer_name": format!("Cluster Customer {n}"),
        "total_value": format!("{total}.00"),
        "start_date": "2026-01-01", "end_date": "2026-12-31",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 10000},
            {"name": "Setup", "pob_type": "services", "stated_price": 2000, "delivery_date": "2026-02-15"}
        ]
    })
}

/// Reads that must agree on every instance right after a write: (path, output_hash or the
/// whole body).
async fn views(server: &Server, id: &str) -> Vec<(String, Value)> {
    let mut seen = Vec::new();
    for path in [
        format!("/v1/contracts/{id}"),
        format!("/v1/waterfalls?contract_id={id}"),
        "/v1/waterfalls?currency=USD".to_owned(),
        "/v1/disclosures/note6?period=2026-Q3&currency=USD".to_owned(),
    ] {
        let body = get(server, &path).await;
        // A report's hash stands for its figures; a contract is compared whole.
        let shown = match body.get("output_hash") {
            Some(hash) => hash.clone(),
            None => body,
        };
        seen.push((path, shown));
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn instances_on_one_database_read_each_others_writes_at_once_and_never_lose_an_update() {
    let size = Cluster::size_from_env(3);
    for database in TestDatabase::all() {
        let cluster = Cluster::start(&database.url, size, &[]);
        // Read your write, across processes: every instance in turn writes, the next reads.
        for (round, writer) in cluster.servers.iter().enumerate().cycle().take(3 * size) {
            let reader = cluster.next(round);
            let (status, created) = send(
                writer,
                reqwest::Method::POST,
                "/v1/contracts",
                &contract(round, 12_000),
            )
            .await;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().unwrap().to_owned();
            // Warm the reader's caches on the contract, then change it on the writer.
            assert_eq!(views(reader, &id).await, views(writer, &id).await);
            let mut change = contract(round, 15_000);
            change["effective_date"] = json!("2026-07-01");
            support::name_obligations(&mut change, &created);
            let (status, amended) = send(
                writer,
                reqwest::Method::PUT,
                &format!("/v1/contracts/{id}"),
                &change,
            )
            .await;
            assert_eq!(status, 200, "{amended}");
            let on_reader = views(reader, &id).await;
            assert_eq!(
                on_reader[0].1["version"], 2,
                "stale contract on another instance"
            );
            assert_eq!(on_reader, views(writer, &id).await, "instances disagree");
        }

        // Racing modifications of one contract on two instances.
        let (status, created) = send(
            &cluster.servers[0],
            reqwest::Method::POST,
            "/v1/contracts",
            &contract(999, 12_000),
        )
        .await;
        assert_eq!(status, 201);
        let id = created["id"].as_str().unwrap().to_owned();
        let path = format!("/v1/contracts/{id}");
        let (mut successes, mut conflicts) = (0_u64, 0_u64);
        for round in 0..40_u64 {
            let first = &cluster.servers[0];
            let second = cluster.next(0);
            let mut a = contract(999, 13_000 + round * 2);
            a["effective_date"] = json!("2026-07-01");
            support::name_obligations(&mut a, &created);
            let mut b = contract(999, 13_001 + round * 2);
            b["effective_date"] = json!("2026-07-01");
            support::name_obligations(&mut b, &created);
            let ((status_a, body_a), (status_b, body_b)) = tokio::join!(
                send(first, reqwest::Method::PUT, &path, &a),
                send(second, reqwest::Method::PUT, &path, &b)
            );
            for (status, body) in [(status_a, &body_a), (status_b, &body_b)] {
                match status {
                    200 => successes += 1,
                    409 => {
                        assert_eq!(body["code"], "VERSION_CONFLICT", "{body}");
                        conflicts += 1;
                    }
                    other => panic!("{other}: {body}"),
                }
            }
            assert!(
                status_a == 200 || status_b == 200,
                "both refused: {body_a} {body_b}"
            );
            // No lost update: one version per success, and the contract holds the last one.
            let stored = get(first, &path).await;
            assert_eq!(stored["version"].as_u64(), Some(1 + successes), "{stored}");
            let last = match (status_a, status_b) {
                (200, 409) => &body_a,
                (409, 200) => &body_b,
                _ => {
                    if body_a["version"].as_u64() > body_b["version"].as_u64() {
                        &body_a
                    } else {
                        &body_b
                    }
                }
            };
            assert_eq!(stored["total_value"], last["total_value"], "{stored}");
        }
        eprintln!(
            "{:?}, {size} instances: 40 racing rounds, {successes} successes, {conflicts} conflicts",
            database.backend
        );
        assert!(conflicts > 0, "the modifications never raced");
        drop(cluster);
        let (code, audit) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{audit:#}");
    }
}
