//! Several `revrec serve` processes and hard kills: an `Idempotency-Key` holds across two
//! processes on one PostgreSQL, a job whose server was killed finishes as if it had not
//! been, and a kill under ingest and modification load loses nothing acknowledged.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use revrec_ports::ContractScan;
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;
use serde_json::{Value, json};
use support::{Server, load_demo, verify};

const TOKEN: &str = "rr_test_sandbox";

fn client() -> reqwest::Client {
    reqwest::Client::new()
}

async fn get(url: &str) -> Value {
    let reply = client().get(url).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(reply.status().as_u16(), 200, "{url}");
    reply.json().await.unwrap()
}

async fn text(url: &str) -> String {
    let reply = client().get(url).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(reply.status().as_u16(), 200, "{url}");
    reply.text().await.unwrap()
}

async fn start_job(server: &Server, body: &Value) -> String {
    let reply = client()
        .post(format!("{}/v1/jobs/recalculate-waterfall", server.url))
        .bearer_auth(TOKEN)
        .json(body)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status().as_u16(), 202);
    let created: Value = reply.json().await.unwrap();
    created["job_id"].as_str().unwrap().to_owned()
}

async fn finished(server: &Server, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let job = get(&format!("{}/v1/jobs/{id}", server.url)).await;
        if job["status"] == "completed" || job["status"] == "failed" {
            return job;
        }
        assert!(Instant::now() < deadline, "job {id} never finished: {job}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_idempotency_key_on_two_processes_makes_one_contract() {
    let Some(database) = TestDatabase::postgres() else {
        eprintln!("no PostgreSQL configured: skipped");
        return;
    };
    // The first migrates; the second finds the schema in place.
    let first = Server::start(&database.url, &[]);
    let second = Server::start(&database.url, &[]);
    let body = json!({"customer_name": "Once Only", "total_value": "1200.00",
                      "start_date": "2026-01-01", "end_date": "2026-12-31"});
    let requests: Vec<_> = (0..50)
        .map(|n| {
            let url = if n % 2 == 0 { &first.url } else { &second.url };
            let request = client()
                .post(format!("{url}/v1/contracts"))
                .bearer_auth(TOKEN)
                .header("Idempotency-Key", "one-key-two-processes")
                .json(&body);
            tokio::spawn(async move {
                let reply = request.send().await.unwrap();
                let status = reply.status().as_u16();
                let replayed = reply.headers().contains_key("idempotent-replayed");
                (status, replayed, reply.text().await.unwrap())
            })
        })
        .collect();
    let mut created = Vec::new();
    let (mut replays, mut busy) = (0, 0);
    for request in requests {
        let (status, replayed, body) = request.await.unwrap();
        match (status, replayed) {
            (201, false) => created.push(body),
            (201, true) => {
                replays += 1;
                created.push(body);
            }
            (409, _) => {
                assert!(body.contains("IDEMPOTENCY_KEY_IN_PROGRESS"), "{body}");
                busy += 1;
            }
            other => panic!("unexpected answer {other:?}: {body}"),
        }
    }
    assert_eq!(created.len() + busy, 50);
    assert_eq!(created.len() - replays, 1, "exactly one request ran");
    assert!(
        created.windows(2).all(|pair| pair[0] == pair[1]),
        "every replay is the first answer"
    );
    let listed = get(&format!("{}/v1/contracts", second.url)).await;
    assert_eq!(listed["total"], 1);
}

/// The job settings of these tests: small pages, a short lease.
const JOB_ENV: [(&str, &str); 3] = [
    ("REVREC_JOB_LEASE_SECONDS", "2"),
    ("REVREC_JOB_PAGE_SIZE", "20"),
    ("REVREC_JOB_POLL_MS", "50"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_job_killed_midway_finishes_with_the_result_of_an_undisturbed_run() {
    for database in TestDatabase::all() {
        load_demo(&database.url, 2_000);
        let undisturbed = database.copy();
        let policy = json!({"policy": {"recognition_convention": "monthly_equal"}});

        let server = Server::start(&database.url, &JOB_ENV);
        let id = start_job(&server, &policy).await;
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let job = get(&format!("{}/v1/jobs/{id}", server.url)).await;
            let progress = job["progress"].as_u64().unwrap();
            assert_ne!(
                job["status"], "completed",
                "the job ended before it could be killed"
            );
            if job["status"] == "processing" && progress > 10 && progress < 90 {
                break;
            }
            assert!(Instant::now() < deadline, "{job}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.kill();

        // Restarted, the server's worker takes the job over once its lease runs out.
        let restarted = Server::start(&database.url, &JOB_ENV);
        let halfway = get(&format!("{}/v1/jobs/{id}", restarted.url)).await;
        assert_eq!(halfway["status"], "processing", "{halfway}");
        let resumed = finished(&restarted, &id).await;

        let other = Server::start(&undisturbed.url, &JOB_ENV);
        let clean_id = start_job(&other, &policy).await;
        let clean = finished(&other, &clean_id).await;
        assert_eq!(resumed["status"], "completed", "{resumed}");
        assert_eq!(resumed["result"], clean["result"], "{:?}", database.backend);
        assert_eq!(resumed["result"]["contracts_recalculated"], 2_000);
        assert_eq!(resumed["result"]["contracts_changed"], 2_000);
        for path in [
            "/v1/waterfalls",
            "/v1/disclosures/note6?period=2025-Q4",
            "/api/v1/accounting/trial-balance?period=2026-06",
        ] {
            assert_eq!(
                text(&format!("{}{path}", restarted.url)).await,
                text(&format!("{}{path}", other.url)).await,
                "{path}"
            );
        }
    }
}

/// Waits until the job is processing somewhere in its middle.
async fn halfway(server: &Server, id: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let job = get(&format!("{}/v1/jobs/{id}", server.url)).await;
        let progress = job["progress"].as_u64().unwrap();
        assert_ne!(
            job["status"], "completed",
            "the job ended before it could be stopped"
        );
        if job["status"] == "processing" && progress > 10 && progress < 90 {
            return;
        }
        assert!(Instant::now() < deadline, "{job}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_server_stopped_gracefully_hands_its_job_back_at_once() {
    for database in TestDatabase::all() {
        load_demo(&database.url, 1_000);
        let undisturbed = database.copy();
        // A lease far longer than the test: only a hand-back lets the job move on in time.
        let env = [
            ("REVREC_JOB_LEASE_SECONDS", "600"),
            ("REVREC_JOB_PAGE_SIZE", "10"),
            ("REVREC_JOB_POLL_MS", "50"),
        ];
        let policy = json!({"policy": {"recognition_convention": "prorated_first_last"}});
        let server = Server::start(&database.url, &env);
        let id = start_job(&server, &policy).await;
        halfway(&server, &id).await;
        assert!(server.stop(), "SIGTERM ends the server cleanly");

        let next = Server::start(&database.url, &env);
        let handed_back = get(&format!("{}/v1/jobs/{id}", next.url)).await;
        assert_ne!(handed_back["status"], "completed");
        let started = Instant::now();
        let resumed = finished(&next, &id).await;
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "resumed without waiting for the lease"
        );

        let other = Server::start(&undisturbed.url, &env);
        let clean_id = start_job(&other, &policy).await;
        let clean = finished(&other, &clean_id).await;
        assert_eq!(resumed["result"], clean["result"], "{:?}", database.backend);
    }
}

fn batch_of(task: usize, round: usize) -> Value {
    let operations: Vec<Value> = (0..100)
        .map(|n| {
            json!({"method": "POST", "path": "/contracts", "body": {
                "customer_name": format!("Customer {task}-{round}-{n}"),
                "contract_number": format!("B{task}-{round}-{n:03}"),
                "total_value": format!("{}.00", 1_000 + n),
                "start_date": "2026-01-01", "end_date": "2027-06-30",
                "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": 800},
                    {"name": "Support", "pob_type": "support", "stated_price": 150},
                    {"name": "Setup", "pob_type": "services", "stated_price": 50, "delivery_date": "2026-03-01"}
                ]
            }})
        })
        .collect();
    json!({ "operations": operations })
}

/// A contract the modification clients amend again and again.
fn amendable(customer: &str, total: u64) -> Value {
    json!({
        "customer_name": customer,
        "total_value": format!("{total}.00"),
        "start_date": "2026-01-01", "end_date": "2027-06-30",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 10000},
            {"name": "Setup", "pob_type": "services", "stated_price": 2000, "delivery_date": "2026-03-01"}
        ]
    })
}

/// Amends `id` until the server dies: each acknowledged (version, total in cents).
async fn amend_until_killed(url: String, id: String) -> (String, Vec<(u64, u64)>) {
    let mut acknowledged = Vec::new();
    let contract: Value = client()
        .get(format!("{url}/v1/contracts/{id}"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for step in 1_u64.. {
        let total = 12_000 + step;
        let mut change = amendable("Amended", total);
        change["effective_date"] = json!("2026-07-01");
        support::name_obligations(&mut change, &contract);
        let Ok(reply) = client()
            .put(format!("{url}/v1/contracts/{id}"))
            .bearer_auth(TOKEN)
            .json(&change)
            .send()
            .await
        else {
            break;
        };
        let status = reply.status().as_u16();
        let Ok(body) = reply.json::<Value>().await else {
            break;
        };
        assert_eq!(status, 200, "{body}");
        acknowledged.push((body["version"].as_u64().unwrap(), total * 100));
    }
    (id, acknowledged)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_kill_under_ingest_and_modification_load_loses_nothing_acknowledged() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let url = server.url.clone();
        let mut amended_ids = Vec::new();
        for n in 0..2 {
            let created = client()
                .post(format!("{url}/v1/contracts"))
                .bearer_auth(TOKEN)
                .json(&amendable(&format!("Amended {n}"), 12_000))
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap();
            amended_ids.push(created["id"].as_str().unwrap().to_owned());
        }
        // Two clients send batches of a hundred, two amend a contract each, until the
        // server dies under them.
        let batches: Vec<_> = (0..2)
            .map(|task| {
                let url = url.clone();
                tokio::spawn(async move {
                    let mut acknowledged = Vec::new();
                    for round in 0.. {
                        let reply = client()
                            .post(format!("{url}/v1/batch"))
                            .bearer_auth(TOKEN)
                            .json(&batch_of(task, round))
                            .send()
                            .await;
                        let Ok(reply) = reply else { break };
                        let Ok(body) = reply.json::<Value>().await else {
                            break;
                        };
                        assert!(
                            body["results"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .all(|r| r["status"] == 201)
                        );
                        acknowledged.push(round);
                    }
                    (task, acknowledged)
                })
            })
            .collect();
        let amenders: Vec<_> = amended_ids
            .iter()
            .map(|id| tokio::spawn(amend_until_killed(url.clone(), id.clone())))
            .collect();
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        server.kill();
        let mut acknowledged = Vec::new();
        for client in batches {
            acknowledged.push(client.await.unwrap());
        }
        assert!(
            acknowledged.iter().all(|(_, rounds)| !rounds.is_empty()),
            "no batch got through before the kill"
        );

        // After a restart: every acknowledged amendment is there (the one in flight at the
        // kill may have landed too, whole), read through the API.
        let restarted = Server::start(&database.url, &[]);
        for amender in amenders {
            let (id, amendments) = amender.await.unwrap();
            let &(version, total) = amendments.last().expect("no amendment got through");
            let stored = get(&format!("{}/v1/contracts/{id}", restarted.url)).await;
            let stored_version = stored["version"].as_u64().unwrap();
            let stored_total = (stored["total_value"].as_f64().unwrap() * 100.0).round() as u64;
            assert!(
                (stored_version, stored_total) == (version, total)
                    || (stored_version, stored_total) == (version + 1, total + 100),
                "acknowledged v{version} at {total}, stored v{stored_version} at {stored_total}"
            );
        }
        drop(restarted);

        // Every batch whole or absent, every acknowledged one present.
        let store = Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap();
        let mut scan = ContractScan {
            limit: 500,
            ..ContractScan::default()
        };
        let mut per_batch: BTreeMap<String, usize> = BTreeMap::new();
        loop {
            let page = store.contracts().scan("sandbox", &scan).await.unwrap();
            for contract in &page.contracts {
                let number = contract.record.contract_number.clone();
                if let Some(batch) = number.as_deref().and_then(|n| n.rsplit_once('-')) {
                    assert_eq!(contract.versions[0].terms.obligations.len(), 3);
                    *per_batch.entry(batch.0.to_owned()).or_default() += 1;
                }
            }
            match page.next {
                Some(next) => scan.after = Some(next),
                None => break,
            }
        }
        assert!(
            per_batch.values().all(|count| *count == 100),
            "{per_batch:?}"
        );
        for (task, rounds) in acknowledged {
            for round in rounds {
                assert_eq!(per_batch.get(&format!("B{task}-{round}")), Some(&100));
            }
        }
        // And the audit: every contract row agrees with its versions, and the rollups equal
        // a recomputation from the stored contracts.
        let (code, audit) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{audit:#}");
    }
}
