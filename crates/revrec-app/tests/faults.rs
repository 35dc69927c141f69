//! Faults on PostgreSQL, each with a verdict: the database going away under load (through a
//! TCP proxy the test cuts and restores; the shared server never stops), and SIGTERM under
//! 64 connections of load.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use revrec_test_support::TestDatabase;
use revrec_test_support::tcp_proxy::TcpProxy;
use serde_json::{Value, json};
use support::{Server, verify};

const TOKEN: &str = "rr_test_sandbox";

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

fn contract(n: usize) -> Value {
    json!({
        "customer_name": format!("Outage Customer {n}"),
        "contract_number": format!("OUT-{n:05}"),
        "total_value": "12000.00",
        "start_date": "2026-01-01", "end_date": "2026-12-31",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 10000},
            {"name": "Setup", "pob_type": "services", "stated_price": 2000, "delivery_date": "2026-02-15"}
        ]
    })
}

/// What one answer was: its status, and for an error its problem code and `Retry-After`.
#[derive(Debug)]
struct Answer {
    status: u16,
    code: Option<String>,
    retry_after: Option<String>,
    body: String,
}

async fn answer(reply: Result<reqwest::Response, reqwest::Error>) -> Option<Answer> {
    let reply = reply.ok()?;
    let status = reply.status().as_u16();
    let retry_after = reply
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    let body = reply.text().await.ok()?;
    let code = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|problem| problem["code"].as_str().map(str::to_owned));
    Some(Answer {
        status,
        code,
        retry_after,
        body,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_database_outage_is_503_with_retry_after_and_recovers_within_five_seconds() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let (proxy, proxied_url) = TcpProxy::for_postgres_url(&database.url);
    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("revrec.log");
    let server = Server::start_logging(&proxied_url, &[], Some(&log));
    let url = server.url.clone();
    let stop = Arc::new(AtomicBool::new(false));

    // Four writers and four readers, all the time: before, during and after the outage.
    let writers: Vec<_> = (0..4)
        .map(|writer| {
            let (url, stop) = (url.clone(), Arc::clone(&stop));
            tokio::spawn(async move {
                let mut seen = Vec::new();
                let mut n = writer * 100_000;
                while !stop.load(Ordering::SeqCst) {
                    n += 1;
                    let reply = client()
                        .post(format!("{url}/v1/contracts"))
                        .bearer_auth(TOKEN)
                        .json(&contract(n))
                        .send()
                        .await;
                    if let Some(answer) = answer(reply).await {
                        let id = serde_json::from_str::<Value>(&answer.body)
                            .ok()
                            .and_then(|body| body["id"].as_str().map(str::to_owned));
                        seen.push((Instant::now(), answer, id));
                    }
                }
                seen
            })
        })
        .collect();
    let readers: Vec<_> = (0..4)
        .map(|_| {
            let (url, stop) = (url.clone(), Arc::clone(&stop));
            tokio::spawn(async move {
                let mut seen = Vec::new();
                while !stop.load(Ordering::SeqCst) {
                    let reply = client()
                        .get(format!("{url}/v1/waterfalls?currency=USD"))
                        .bearer_auth(TOKEN)
                        .send()
                        .await;
                    if let Some(answer) = answer(reply).await {
                        seen.push((Instant::now(), answer, None));
                    }
                }
                seen
            })
        })
        .collect();

    tokio::time::sleep(Duration::from_secs(1)).await;
    let cut_at = Instant::now();
    proxy.cut();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let ready = answer(client().get(format!("{url}/readyz")).send().await)
        .await
        .unwrap();
    assert_eq!(ready.status, 503, "{ready:?}");
    tokio::time::sleep(Duration::from_secs(5)).await;

    let restored_at = Instant::now();
    proxy.restore();
    // Everything answers 200 again within five seconds of the database's return.
    let recovered = loop {
        let ready = answer(client().get(format!("{url}/readyz")).send().await).await;
        if ready.is_some_and(|ready| ready.status == 200) {
            break restored_at.elapsed();
        }
        assert!(
            restored_at.elapsed() < Duration::from_secs(5),
            "not ready 5 s after the database came back"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    tokio::time::sleep(Duration::from_secs(5)).await;
    stop.store(true, Ordering::SeqCst);

    let mut answers = Vec::new();
    for task in writers.into_iter().chain(readers) {
        answers.extend(task.await.unwrap());
    }
    let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
    for (_, answer, _) in &answers {
        *by_status.entry(answer.status).or_default() += 1;
    }
    eprintln!("outage: answers by status {by_status:?}; ready {recovered:?} after the return");
    let outage_answers = answers
        .iter()
        .filter(|(at, _, _)| *at > cut_at && *at < restored_at)
        .count();
    assert!(outage_answers > 0, "nothing was answered during the outage");
    for (at, answer, _) in &answers {
        match answer.status {
            200 | 201 => {}
            503 => {
                assert_eq!(
                    answer.code.as_deref(),
                    Some("SERVICE_UNAVAILABLE"),
                    "{answer:?}"
                );
                assert!(answer.retry_after.is_some(), "{answer:?}");
                for internal in ["5432", "postgres", "connection", "tcp", "server closed"] {
                    assert!(
                        !answer.body.to_lowercase().contains(internal)
                            || answer.body.contains("The database cannot be reached"),
                        "{answer:?}"
                    );
                }
            }
            other => panic!("{other} at {:?} after the cut: {answer:?}", *at - cut_at),
        }
        // Five seconds after the return, everything succeeds.
        if *at > restored_at + Duration::from_secs(5) {
            assert!(answer.status < 300, "{answer:?}");
        }
    }
    assert!(
        answers
            .iter()
            .any(|(at, answer, _)| *at > restored_at && answer.status == 201),
        "no write succeeded after the return"
    );

    // Every write answered 201 is there, whole; and the books agree with themselves.
    let acknowledged: Vec<&String> = answers
        .iter()
        .filter(|(_, answer, _)| answer.status == 201)
        .filter_map(|(_, _, id)| id.as_ref())
        .collect();
    for id in &acknowledged {
        let reply = client()
            .get(format!("{url}/v1/contracts/{id}"))
            .bearer_auth(TOKEN)
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status().as_u16(), 200, "{id} is missing");
        let stored: Value = reply.json().await.unwrap();
        assert_eq!(
            stored["performance_obligations"].as_array().map(Vec::len),
            Some(2),
            "{stored}"
        );
    }
    drop(server);
    // Each 503 logged its cause server-side, with its request id; no body carried it.
    let failures: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["fields"]["message"] == "request failed")
        .collect();
    assert!(!failures.is_empty(), "no 5xx was logged");
    eprintln!(
        "outage: {} failures logged, e.g. {}",
        failures.len(),
        failures[0]["fields"]["error"]
    );
    for failure in &failures {
        assert_eq!(
            failure["fields"]["code"], "SERVICE_UNAVAILABLE",
            "{failure}"
        );
        assert!(failure["span"]["request_id"].is_string(), "{failure}");
        let cause = failure["fields"]["error"].as_str().unwrap();
        assert!(
            cause.contains("storage unavailable: "),
            "no cause: {failure}"
        );
        let detail = cause.trim_start_matches("storage unavailable: ");
        assert!(
            answers
                .iter()
                .all(|(_, answer, _)| !answer.body.contains(detail)),
            "a body carries the cause {detail}"
        );
    }
    let (code, audit) = verify(&database.url, &[]);
    assert_eq!(code, 0, "{audit:#}");
    // A commit whose acknowledgement the cut swallowed may be stored though answered 503:
    // never fewer contracts than acknowledged, and each of them whole.
    assert!(audit["contracts_checked"].as_u64().unwrap() >= acknowledged.len() as u64);
    eprintln!(
        "outage: {} writes acknowledged, {} contracts stored",
        acknowledged.len(),
        audit["contracts_checked"]
    );
}

/// One request of the SIGTERM test: its id, and its status (`None`: no answer reached the
/// client).
struct Sent {
    id: String,
    status: Option<u16>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_under_64_connections_finishes_what_was_accepted_with_no_5xx() {
    for database in TestDatabase::all() {
        let logs = tempfile::tempdir().unwrap();
        let log = logs.path().join("revrec.log");
        // Arrivals are logged at debug level: the server's own word on what it took in.
        let server = Server::start_logging(
            &database.url,
            &[("REVREC_LOG", "revrec_http=debug,info")],
            Some(&log),
        );
        let url = server.url.clone();
        let stop = Arc::new(AtomicBool::new(false));
        // 64 connections, each its own client: writes, contract lists and waterfalls.
        let tasks: Vec<_> = (0..64)
            .map(|task| {
                let (url, stop) = (url.clone(), Arc::clone(&stop));
                tokio::spawn(async move {
                    let client = reqwest::Client::builder()
                        .pool_max_idle_per_host(1)
                        .timeout(Duration::from_secs(40))
                        .build()
                        .unwrap();
                    let mut sent = Vec::new();
                    let mut n = task * 100_000;
                    while !stop.load(Ordering::SeqCst) {
                        n += 1;
                        let request = match n % 3 {
                            0 => client
                                .post(format!("{url}/v1/contracts"))
                                .json(&contract(n)),
                            1 => client.get(format!("{url}/v1/contracts?limit=20")),
                            _ => client.get(format!("{url}/v1/waterfalls?currency=USD")),
                        };
                        let id = format!("sigterm-{task}-{n}");
                        let reply = request
                            .bearer_auth(TOKEN)
                            .header("X-Request-Id", &id)
                            .send()
                            .await;
                        let status = match reply {
                            Ok(reply) => {
                                let status = reply.status().as_u16();
                                reply.bytes().await.ok().map(|_| status)
                            }
                            Err(_) => None,
                        };
                        sent.push(Sent { id, status });
                        if status.is_none() {
                            break;
                        }
                    }
                    sent
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        let signalled = Instant::now();
        let stopped = tokio::task::spawn_blocking(move || server.stop());
        let exited_cleanly = stopped.await.unwrap();
        let exited = signalled.elapsed();
        stop.store(true, Ordering::SeqCst);
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.unwrap());
        }
        assert!(
            exited_cleanly,
            "revrec did not exit with success after SIGTERM"
        );

        // The server's account: every request it received, and the status it answered.
        let mut received = std::collections::BTreeSet::new();
        let mut answered: BTreeMap<String, u64> = BTreeMap::new();
        for line in std::fs::read_to_string(&log).unwrap().lines() {
            let Ok(line) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let Some(id) = line["span"]["request_id"].as_str() else {
                continue;
            };
            match line["fields"]["message"].as_str() {
                Some("request received") => {
                    received.insert(id.to_owned());
                }
                Some("request handled") => {
                    answered.insert(
                        id.to_owned(),
                        line["fields"]["status"].as_u64().unwrap_or(0),
                    );
                }
                _ => {}
            }
        }
        let server_errors = all
            .iter()
            .filter(|sent| sent.status.is_some_and(|status| status >= 500))
            .count()
            + answered.values().filter(|status| **status >= 500).count();
        // Taken in but never answered by the server, or answered but lost on the way.
        let dropped: Vec<&String> = received
            .iter()
            .filter(|id| !answered.contains_key(*id))
            .collect();
        let lost: Vec<&str> = all
            .iter()
            .filter(|sent| sent.status.is_none() && answered.contains_key(&sent.id))
            .map(|sent| sent.id.as_str())
            .collect();
        let unanswered = all.iter().filter(|sent| sent.status.is_none()).count();
        eprintln!(
            "SIGTERM ({:?}): {} requests sent, {} received by the server, {server_errors} 5xx, \
             {} received but unanswered, {} answered but lost, {unanswered} never taken in \
             (refused or closed at the door); exited in {exited:?}",
            database.backend,
            all.len(),
            received.len(),
            dropped.len(),
            lost.len(),
        );
        assert_eq!(server_errors, 0);
        assert!(dropped.is_empty(), "received, never answered: {dropped:?}");
        assert!(lost.is_empty(), "answered, never delivered: {lost:?}");
        assert!(received.len() > 64, "the load never got going");
    }
}
