//! Recalculation jobs: queued with a poll URL, run by the server's worker, idempotent when
//! nothing changed, and a policy restatement that equals ingesting under the policy. The
//! queue is fair: workers serve tenants round robin, and each tenant's unfinished jobs are
//! capped (429 `JOB_QUEUE_FULL` beyond, directly and inside a batch, on every instance).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Method;
use revrec_app::job_worker::JobWorkerSettings;
use revrec_domain::Period;
use revrec_ports::{JobProgress, JobRecord, JobStatus, RecalculationRequest, Scope};
use revrec_test_support::TestDatabase;
use revrec_usecases::SANDBOX_TENANT;
use serde_json::{Value, json};

use crate::helpers::{
    Reply, SANDBOX, TestApp, simple_contract, spawn_configured, spawn_each, spawn_each_with_jobs,
};

/// The same small portfolio under `convention` for `token`'s tenant: a plain subscription, a
/// bundle, a contract modified prospectively and one terminated.
async fn portfolio(app: &TestApp, token: &str, convention: Option<&str>) -> Vec<String> {
    let with = |mut body: Value| {
        if let Some(convention) = convention {
            body["recognition_convention"] = json!(convention);
        }
        body
    };
    let post = |body: Value| async move {
        let reply = app
            .request(Method::POST, "/v1/contracts", Some(token), Some(&body))
            .await;
        assert_eq!(reply.status.as_u16(), 201, "{}", reply.text);
        reply.json()["id"].as_str().unwrap().to_owned()
    };
    let plain = post(with(simple_contract(
        "Acme",
        "12000.00",
        "2026-01-01",
        "2026-12-31",
    )))
    .await;
    let bundle = post(with(json!({
        "customer_name": "Globex", "total_value": "9000.00",
        "start_date": "2026-02-10", "end_date": "2027-08-20",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 7000},
            {"name": "Support", "pob_type": "support", "stated_price": 1500, "service_start": "2026-03-15"},
            {"name": "Setup", "pob_type": "services", "stated_price": 900, "delivery_date": "2026-02-20"}
        ]
    })))
    .await;
    let modified = post(with(simple_contract(
        "Initech",
        "6000.00",
        "2026-01-15",
        "2027-01-14",
    )))
    .await;
    let change = with(
        json!({"customer_name": "Initech", "total_value": "7500.00", "start_date": "2026-01-15",
                             "end_date": "2027-01-14", "effective_date": "2026-06-01"}),
    );
    let reply = app
        .request(
            Method::PUT,
            &format!("/v1/contracts/{modified}"),
            Some(token),
            Some(&change),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    let ended = post(with(simple_contract(
        "Umbrella",
        "3650.00",
        "2026-01-01",
        "2026-12-31",
    )))
    .await;
    let reply = app
        .request(
            Method::POST,
            &format!("/v1/contracts/{ended}/terminate"),
            Some(token),
            Some(&json!({"effective_date": "2026-09-10"})),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    vec![plain, bundle, modified, ended]
}

/// Every report a reader sees, for comparing two tenants byte for byte.
async fn reports(app: &TestApp, token: &str) -> Vec<String> {
    let mut bodies = Vec::new();
    for path in [
        "/v1/waterfalls",
        "/v1/waterfalls?start_period=2026-05&end_period=2026-11",
        "/v1/disclosures/note6?period=2026-Q1",
        "/v1/disclosures/note6?period=2026-Q2",
        "/v1/disclosures/note6?period=2026-Q3",
        "/v1/disclosures/note6?period=2026-Q4",
        "/v1/disclosures/note6?period=2027-Q2",
        "/api/v1/reports/waterfall?period=2026&granularity=quarterly",
        "/api/v1/accounting/trial-balance?period=2026-09",
    ] {
        let reply = app.request(Method::GET, path, Some(token), None).await;
        assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.text);
        bodies.push(reply.text);
    }
    bodies
}

#[tokio::test]
async fn a_job_is_queued_polled_and_changes_nothing_when_nothing_changed() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let before = reports(&app, SANDBOX).await;
        let contract_before = app.get(&format!("/v1/contracts/{}", ids[0])).await.text;

        let created = app.post("/v1/jobs/recalculate-waterfall", &json!({})).await;
        assert_eq!(created.status.as_u16(), 202, "{}", created.text);
        let body = created.json();
        let id = body["job_id"].as_str().unwrap();
        assert!(id.starts_with("job_"));
        assert_eq!(body["status"], "queued");
        let poll_url = format!("{}/v1/jobs/{id}", app.address);
        assert_eq!(body["poll_url"], poll_url);
        assert_eq!(created.header("location"), Some(poll_url));

        let job = app.finished_job(id).await;
        assert_eq!(job["status"], "completed", "{job}");
        assert_eq!(job["progress"], 100);
        let result = &job["result"];
        assert_eq!(result["contracts_recalculated"], 4);
        assert_eq!(result["contracts_changed"], 0);
        assert_eq!(result["total_recognized_delta"], json!({}));
        assert_eq!(result["skipped"], json!([]));
        let hash = result["output_hash"].as_str().unwrap().to_owned();
        assert!(hash.starts_with("sha256:") && hash.len() == 71, "{hash}");

        // Again, with no body at all: the same hash, and nothing written.
        let again = app
            .raw(
                Method::POST,
                "/v1/jobs/recalculate-waterfall",
                &[("Authorization", &format!("Bearer {SANDBOX}"))],
                Vec::new(),
            )
            .await;
        assert_eq!(again.status.as_u16(), 202, "{}", again.text);
        let again = app
            .finished_job(again.json()["job_id"].as_str().unwrap())
            .await;
        assert_eq!(again["result"]["output_hash"], hash);
        assert_eq!(reports(&app, SANDBOX).await, before);
        assert_eq!(
            app.get(&format!("/v1/contracts/{}", ids[0])).await.text,
            contract_before
        );

        // A subset hashes its own contracts only.
        let subset = app
            .recalculate(&json!({"contract_ids": [ids[1], ids[0], ids[1]]}))
            .await;
        assert_eq!(subset["result"]["contracts_recalculated"], 2);
        assert_eq!(
            subset["request"]["contract_ids"].as_array().unwrap().len(),
            2
        );
        assert_ne!(subset["result"]["output_hash"], hash);
    }
}

#[tokio::test]
async fn a_policy_restatement_equals_ingesting_under_that_policy() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let (_, fresh) = app.key("fresh", &Scope::ALL).await;
        portfolio(&app, &fresh, Some("monthly_equal")).await;
        assert_ne!(reports(&app, SANDBOX).await, reports(&app, &fresh).await);
        let versions_path = format!("/v1/contracts/{}/versions", ids[2]);
        let first_path = format!("/v1/contracts/{}?version=1", ids[2]);
        let versions_before = app.get(&versions_path).await.json();
        let first_before = app.get(&first_path).await.text;

        let job = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(job["status"], "completed", "{job}");
        assert_eq!(
            job["request"]["policy"]["recognition_convention"],
            "monthly_equal"
        );
        let result = &job["result"];
        assert_eq!(result["contracts_recalculated"], 4);
        assert_eq!(result["contracts_changed"], 4);
        assert_eq!(reports(&app, SANDBOX).await, reports(&app, &fresh).await);

        // The change through the job's month, for the plain 12,000.00 contract of 2026 alone:
        // monthly_equal counts whole months, daily counts days.
        let as_of = result["as_of_period"].as_str().unwrap();
        let restated = app
            .recalculate(
                &json!({"contract_ids": [ids[0]], "policy": {"recognition_convention": "daily"}}),
            )
            .await;
        let (year, month): (i32, u32) = (as_of[..4].parse().unwrap(), as_of[5..].parse().unwrap());
        let expected_cents: i64 = if year == 2026 {
            let days: i64 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][..month as usize]
                .iter()
                .sum();
            let daily = (1_200_000 * days * 2 + 365) / (365 * 2);
            daily - 100_000 * i64::from(month)
        } else {
            0
        };
        let delta = restated["result"]["total_recognized_delta"]["USD"]
            .as_f64()
            .unwrap_or(0.0);
        assert_eq!((delta * 100.0).round() as i64, expected_cents, "{restated}");
        let back = app.recalculate(&json!({"contract_ids": [ids[0]], "policy": {"recognition_convention": "monthly_equal"}})).await;
        assert_eq!(back["result"]["contracts_changed"], 1);

        // History is never rewritten (docs/asc606.md §8): the restatement is a version of
        // its own, and every earlier version reads back byte for byte as it did before.
        assert_eq!(app.get(&first_path).await.text, first_before);
        let versions_after = app.get(&versions_path).await.json();
        let (before, after) = (
            versions_before["data"].as_array().unwrap(),
            versions_after["data"].as_array().unwrap(),
        );
        assert_eq!(after.len(), before.len() + 1, "{versions_after}");
        assert_eq!(after[..before.len()], before[..]);
        let restatement = &after[before.len()];
        assert_eq!(restatement["change"], "restatement", "{restatement}");
        assert_eq!(restatement["effective_date"], Value::Null);
        let contract = app.get(&format!("/v1/contracts/{}", ids[2])).await.json();
        assert_eq!(contract["recognition_convention"], "monthly_equal");
        assert_eq!(contract["version"], restatement["version"]);
        // Running it again changes nothing and gives the first run's hash.
        let rerun = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(rerun["result"]["contracts_changed"], 0);
        assert_eq!(rerun["result"]["output_hash"], result["output_hash"]);
        // Entry ids of the restated months are new: the restated figures never reuse them.
        let journal = app
            .get("/api/v1/accounting/journal-entries?period=2026-01")
            .await
            .json();
        let fresh_journal = app
            .request(
                Method::GET,
                "/api/v1/accounting/journal-entries?period=2026-01",
                Some(&fresh),
                None,
            )
            .await
            .json();
        assert_eq!(journal["totals"], fresh_journal["totals"]);
    }
}

#[tokio::test]
async fn bad_requests_and_other_tenants_jobs_are_refused() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let problem = app
            .post(
                "/v1/jobs/recalculate-waterfall",
                &json!({"contract_ids": [ids[0], "ctr_nope"]}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "contract_ids");
        assert!(
            problem["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("ctr_nope")
        );
        for body in [
            json!({"contract_ids": []}),
            json!({"policy": {"recognition_convention": "weekly"}}),
            json!({"policy": "monthly_equal"}),
            json!({"colour": 1}),
        ] {
            app.post("/v1/jobs/recalculate-waterfall", &body)
                .await
                .problem(422, "VALIDATION_FAILED");
        }
        app.raw(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            &[
                ("Authorization", &format!("Bearer {SANDBOX}")),
                ("Content-Type", "text/plain"),
            ],
            b"{}".to_vec(),
        )
        .await
        .problem(415, "UNSUPPORTED_MEDIA_TYPE");

        let job = app.recalculate(&json!({})).await;
        let id = job["job_id"].as_str().unwrap();
        let (_, other) = app.key("acme", &Scope::ALL).await;
        app.request(Method::GET, &format!("/v1/jobs/{id}"), Some(&other), None)
            .await
            .problem(404, "JOB_NOT_FOUND");
        // Another tenant's contract ids are unknown to it.
        app.request(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            Some(&other),
            Some(&json!({"contract_ids": [ids[0]]})),
        )
        .await
        .problem(422, "VALIDATION_FAILED");
        let (_, reader) = app.key("sandbox", &[Scope::ReadContracts]).await;
        app.request(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            Some(&reader),
            Some(&json!({})),
        )
        .await
        .problem(403, "INSUFFICIENT_SCOPE");
        assert_eq!(
            app.request(Method::GET, &format!("/v1/jobs/{id}"), Some(&reader), None)
                .await
                .status
                .as_u16(),
            200
        );
    }
}

/// The app on each backend with no job worker (jobs stay queued) and a cap of `cap`.
async fn spawn_each_capped(cap: u32) -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(spawn_configured(database, |settings| settings.policy.job_queue_cap = cap).await);
    }
    apps
}

async fn start_job(app: &TestApp, token: &str) -> Reply {
    app.request(
        Method::POST,
        "/v1/jobs/recalculate-waterfall",
        Some(token),
        Some(&json!({})),
    )
    .await
}

/// Asserts a JOB_QUEUE_FULL answer under `cap` and returns its `Retry-After` seconds (the
/// body says the same, for callers inside a batch that see no headers).
#[track_caller]
fn queue_full(reply: &Reply, cap: u32) -> u64 {
    let problem = reply.problem(429, "JOB_QUEUE_FULL");
    let retry_after: u64 = reply
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("whole seconds");
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(problem["retry_after"], retry_after);
    assert_eq!(problem["job_queue_cap"], cap);
    assert!(
        problem["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains("Retry-After")),
        "{problem}"
    );
    retry_after
}

fn micros_now() -> i64 {
    i64::try_from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_micros(),
    )
    .unwrap()
}

#[tokio::test]
async fn a_tenant_past_its_job_queue_cap_is_told_to_retry_and_nothing_is_queued() {
    for app in spawn_each_capped(3).await {
        for _ in 0..3 {
            let queued = start_job(&app, SANDBOX).await;
            assert_eq!(queued.status.as_u16(), 202, "{}", queued.text);
        }
        // No job of the tenant has completed yet: the estimate is the default 5 s.
        assert_eq!(queue_full(&start_job(&app, SANDBOX).await, 3), 5);
        let depth = app.services().await.jobs.queue_depth().await.unwrap();
        assert_eq!(depth.queued, 3);

        // The cap is each tenant's own.
        let (_, other) = app.key("other", &Scope::ALL).await;
        assert_eq!(start_job(&app, &other).await.status.as_u16(), 202);
    }
}

#[tokio::test]
async fn a_batch_queues_jobs_up_to_the_default_cap_and_the_rest_are_refused_in_its_results() {
    for app in spawn_each().await {
        let mut operations: Vec<Value> = (0..12)
            .map(|_| json!({"method": "POST", "path": "/jobs/recalculate-waterfall"}))
            .collect();
        operations.push(json!({"method": "GET", "path": "/contracts"}));
        let reply = app
            .post("/v1/batch", &json!({ "operations": operations }))
            .await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
        let results = reply.json()["results"].as_array().unwrap().clone();
        let statuses: Vec<u64> = results
            .iter()
            .map(|result| result["status"].as_u64().unwrap())
            .collect();
        assert_eq!(
            statuses,
            [
                202, 202, 202, 202, 202, 202, 202, 202, 202, 202, 429, 429, 200
            ]
        );
        for refused in &results[10..12] {
            let problem = &refused["body"];
            assert_eq!(problem["code"], "JOB_QUEUE_FULL", "{problem}");
            assert_eq!(problem["status"], 429);
            assert_eq!(problem["job_queue_cap"], 10);
            assert_eq!(problem["retry_after"], 5);
            assert_eq!(problem["instance"], "/jobs/recalculate-waterfall");
        }
        // The route itself refuses too, with the header.
        assert_eq!(queue_full(&start_job(&app, SANDBOX).await, 10), 5);
    }
}

#[tokio::test]
async fn retry_after_follows_how_long_the_tenants_latest_jobs_took() {
    for app in spawn_each_capped(2).await {
        // A job that took 30 s from queued to completed, a while ago.
        let now = micros_now();
        let done = JobRecord {
            tenant_id: SANDBOX_TENANT.into(),
            id: "job_earlier".into(),
            status: JobStatus::Completed,
            request: RecalculationRequest::default(),
            as_of: Period::parse("2026-11").unwrap(),
            progress: JobProgress::default(),
            failure: None,
            attempts: 1,
            created_at: now - 100_000_000,
            updated_at: now - 70_000_000,
            finished_at: Some(now - 70_000_000),
        };
        app.services().await.jobs.create(&done).await.unwrap();
        for _ in 0..2 {
            assert_eq!(start_job(&app, SANDBOX).await.status.as_u16(), 202);
        }
        // The oldest unfinished job was queued moments ago: about 30 s to go.
        let retry_after = queue_full(&start_job(&app, SANDBOX).await, 2);
        assert!((25..=30).contains(&retry_after), "{retry_after}");
    }
}

#[tokio::test]
async fn two_instances_never_queue_past_the_cap_together() {
    for first in spawn_each_capped(3).await {
        let second = first.sibling().await;
        let offers = (0..12).map(|n| {
            let app = if n % 2 == 0 { &first } else { &second };
            start_job(app, SANDBOX)
        });
        let replies = futures_util::future::join_all(offers).await;
        let accepted = replies
            .iter()
            .filter(|reply| reply.status.as_u16() == 202)
            .count();
        assert_eq!(accepted, 3);
        for refused in replies.iter().filter(|reply| reply.status.as_u16() != 202) {
            queue_full(refused, 3);
        }
    }
}

#[tokio::test]
async fn a_tenants_one_job_behind_anothers_backlog_runs_second() {
    for app in spawn_each().await {
        portfolio(&app, SANDBOX, None).await;
        let mut backlog = Vec::new();
        for _ in 0..5 {
            let queued = start_job(&app, SANDBOX).await;
            assert_eq!(queued.status.as_u16(), 202, "{}", queued.text);
            backlog.push(queued.json()["job_id"].as_str().unwrap().to_owned());
        }
        let (_, other) = app.key("tenant_b", &Scope::ALL).await;
        let queued = start_job(&app, &other).await;
        assert_eq!(queued.status.as_u16(), 202, "{}", queued.text);
        let behind = queued.json()["job_id"].as_str().unwrap().to_owned();

        // One worker, on a second instance, serves the queue from here on.
        let worker = app
            .sibling_with(|settings| {
                settings.job_worker = Some(JobWorkerSettings {
                    lease: Duration::from_secs(5),
                    poll: Duration::from_millis(50),
                    page_size: 2,
                });
            })
            .await;
        for id in &backlog {
            assert_eq!(worker.finished_job(id).await["status"], "completed");
        }
        let jobs = std::sync::Arc::clone(&app.services().await.jobs);
        let finished = |tenant: &'static str, id: String| {
            let jobs = jobs.clone();
            async move {
                jobs.find(tenant, &id)
                    .await
                    .unwrap()
                    .and_then(|job| job.finished_at)
                    .expect("finished")
            }
        };
        let b = finished("tenant_b", behind).await;
        let mut order = Vec::new();
        for id in backlog {
            order.push(finished(SANDBOX_TENANT, id).await);
        }
        // The sandbox's first job, then tenant B's, then the rest of the backlog.
        assert!(order[0] < b, "{order:?} {b}");
        assert!(order[1..].iter().all(|at| b < *at), "{order:?} {b}");
    }
}

#[tokio::test]
async fn a_job_over_usage_and_credits_hashes_the_rated_books_and_a_restatement_keeps_them() {
    for app in spawn_each_with_jobs().await {
        let contract = app
            .create(
                &json!({"customer_name": "Metered", "currency": "USD", "total_value": "18000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                    {"name": "API calls", "pob_type": "usage",
                     "usage_pricing": {"unit": "api_call", "rate": "0.002"}},
                    {"name": "Credits", "pob_type": "services", "recognition": "credits",
                     "stated_price": "6000.00",
                     "prepaid_credits": {"credits": "6000", "expires_on": "2026-12-31",
                                         "expected_usage": "5000"}}]}),
            )
            .await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let record = |index: usize, record_id: &'static str, quantity: &'static str| {
            let path = format!(
                "/v1/contracts/{id}/obligations/{}/usage",
                contract["performance_obligations"][index]["id"]
                    .as_str()
                    .unwrap()
            );
            let app = &app;
            async move {
                let body = json!({"record_id": record_id, "occurred_on": "2026-03-10", "quantity": quantity});
                let recorded = app.post(&path, &body).await;
                assert_eq!(recorded.status.as_u16(), 201, "{}", recorded.text);
            }
        };
        record(1, "calls", "50000").await;
        record(2, "credits", "1000").await;

        // Nothing to restate: the books are as they are, and the hash covers them rated.
        let first = app.recalculate(&json!({})).await;
        assert_eq!(first["result"]["contracts_changed"], 0, "{first}");
        let hash = first["result"]["output_hash"].as_str().unwrap().to_owned();
        let again = app.recalculate(&json!({})).await;
        assert_eq!(again["result"]["output_hash"], hash.as_str());
        // A record is no restatement, but the hash of the books it moved is another.
        record(1, "more calls", "10000").await;
        let after_usage = app.recalculate(&json!({})).await;
        assert_eq!(after_usage["result"]["contracts_changed"], 0);
        assert_ne!(after_usage["result"]["output_hash"], hash.as_str());

        // Restated to whole months, the platform moves; the usage and credits lines are
        // rated as before: March keeps its 120.00 of calls and 1,200.00 of credits.
        let restated = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(restated["result"]["contracts_changed"], 1, "{restated}");
        let by_obligation = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&start_period=2026-03&end_period=2026-03&group_by=obligation"
            ))
            .await;
        assert_eq!(
            crate::helpers::number_texts(&by_obligation.text, "recognized_amount"),
            ["2320.00", "1000.00", "120.00", "1200.00"]
        );
    }
}

/// A job queued on an instance starts there at once: its worker, idle between polls for a job
/// another instance queued, is woken. Here the worker polls every ten minutes, so the job
/// would not finish within `finished_job`'s minute without the wake-up.
#[tokio::test]
async fn a_job_queued_here_wakes_the_idle_worker_before_its_next_poll() {
    for database in TestDatabase::all() {
        let app = spawn_configured(database, |settings| {
            settings.job_worker = Some(JobWorkerSettings {
                lease: Duration::from_secs(5),
                poll: Duration::from_secs(600),
                page_size: 2,
            });
        })
        .await;
        portfolio(&app, SANDBOX, None).await;
        // The worker found nothing when it started, and idles.
        tokio::time::sleep(Duration::from_millis(200)).await;
        for _ in 0..2 {
            let job = app.recalculate(&json!({})).await;
            assert_eq!(job["status"], "completed", "{job}");
            assert_eq!(job["result"]["contracts_recalculated"], 4, "{job}");
        }
    }
}
