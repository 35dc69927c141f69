//! `GET /metrics`, read as Prometheus reads it: parsed with a text-format parser, every
//! family the runbook names present, and each counter moving with what the test did.
//! The recorder is one per process (these tests share it), so counters are compared as
//! before/after differences of at least what this test caused.

use std::time::Duration;

use prom_text_format_parser::{Metric, Scrape, Type, ValueType};
use reqwest::StatusCode;
use revrec_test_support::TestDatabase;
use revrec_usecases::PerPlan;
use serde_json::json;

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_configured};

async fn scrape(url: &str) -> Vec<Metric> {
    let reply = reqwest::get(format!("{url}/metrics")).await.unwrap();
    assert_eq!(reply.status(), StatusCode::OK);
    assert!(
        reply
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("text/plain; version=0.0.4")),
        "{:?}",
        reply.headers()
    );
    let text = reply.text().await.unwrap();
    Scrape::parse(&text)
        .unwrap_or_else(|error| panic!("not the Prometheus text format ({error:?}):\n{text}"))
        .metrics
}

/// The family `name`, which must exist and be of `kind`.
fn family<'a>(metrics: &'a [Metric], name: &str, kind: Type) -> &'a Metric {
    let found = metrics
        .iter()
        .find(|metric| metric.name == name)
        .unwrap_or_else(|| panic!("{name} is missing"));
    assert_eq!(found.kind, kind, "{name}");
    assert!(found.help_desc.is_some(), "{name} has no HELP");
    found
}

/// The sum of `name`'s samples of `value_type` whose labels include `labels` (0 when the
/// family or the series is absent: a counter not yet incremented).
fn value(metrics: &[Metric], name: &str, value_type: ValueType, labels: &[(&str, &str)]) -> f64 {
    metrics
        .iter()
        .filter(|metric| metric.name == name)
        .flat_map(|metric| &metric.samples)
        .filter(|sample| sample.value.value_type == value_type)
        .filter(|sample| {
            labels.iter().all(|(key, wanted)| {
                sample
                    .labels
                    .iter()
                    .any(|label| label.key == *key && label.value == *wanted)
            })
        })
        .map(|sample| sample.value.value.as_f64())
        .sum()
}

#[tokio::test]
async fn metrics_count_requests_by_route_template_and_show_latency_pool_jobs_and_replays() {
    for database in TestDatabase::all() {
        let on_postgres = database.url.starts_with("postgres");
        let app = spawn_configured(database, |settings| {
            settings.job_worker = Some(revrec_app::job_worker::JobWorkerSettings {
                lease: Duration::from_secs(5),
                poll: Duration::from_millis(50),
                page_size: 2,
            });
        })
        .await;
        let before = scrape(&app.address).await;

        let created = app
            .create(&simple_contract(
                "Metrics Co",
                "1200.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(app.get(&format!("/v1/contracts/{id}")).await.status, 200);
        assert_eq!(app.get("/v1/contracts/ctr_missing").await.status, 404);
        let key = format!("metrics-{}", app.address);
        assert_eq!(post_keyed(&app, &key).await.status, 201);
        let replay = post_keyed(&app, &key).await;
        assert_eq!(
            replay.header("idempotent-replayed").as_deref(),
            Some("true")
        );
        let job = app
            .post("/v1/jobs/recalculate-waterfall", &json!({}))
            .await
            .json();
        let finished = app.finished_job(job["job_id"].as_str().unwrap()).await;
        assert_eq!(finished["status"], "completed");

        let after = scrape(&app.address).await;
        let moved = |metric: &str, labels: &[(&str, &str)]| {
            value(&after, metric, ValueType::Sample, labels)
                - value(&before, metric, ValueType::Sample, labels)
        };
        let counted = |metric: &str, labels: &[(&str, &str)]| {
            value(&after, metric, ValueType::Count, labels)
                - value(&before, metric, ValueType::Count, labels)
        };
        let requests = "revrec_http_requests_total";
        let template = [("method", "GET"), ("route", "/v1/contracts/{id}")];
        assert!(moved(requests, &[template[0], template[1], ("status", "200")]) >= 1.0);
        assert!(moved(requests, &[template[0], template[1], ("status", "404")]) >= 1.0);
        assert!(
            moved(
                requests,
                &[
                    ("method", "POST"),
                    ("route", "/v1/contracts"),
                    ("status", "201")
                ]
            ) >= 3.0
        );
        family(&after, requests, Type::Counter);
        // No sample names a path with an id in it.
        assert!(
            after
                .iter()
                .flat_map(|metric| &metric.samples)
                .flat_map(|sample| sample.labels.iter())
                .all(|label| label.key != "route" || !label.value.contains("ctr_")),
            "a route label carries an id"
        );
        let latency = "revrec_http_request_duration_seconds";
        family(&after, latency, Type::Histogram);
        assert!(counted(latency, &template) >= 2.0);
        let buckets = family(&after, latency, Type::Histogram)
            .samples
            .iter()
            .filter(|sample| sample.value.value_type == ValueType::Sample)
            .filter(|sample| {
                template.iter().all(|(key, wanted)| {
                    sample
                        .labels
                        .iter()
                        .any(|label| label.key == *key && label.value == *wanted)
                })
            })
            .count();
        // Fourteen bounds and +Inf for the one (GET, template) series.
        assert_eq!(buckets, 15);
        assert!(moved("revrec_idempotency_replays_total", &[]) >= 1.0);
        family(&after, "revrec_job_duration_seconds", Type::Histogram);
        assert!(counted("revrec_job_duration_seconds", &[("outcome", "completed")]) >= 1.0);
        family(&after, "revrec_db_pool_wait_seconds", Type::Histogram);
        assert!(counted("revrec_db_pool_wait_seconds", &[]) >= 1.0);
        if on_postgres {
            // The contract's write and the revision check of its read went out in batches.
            let batches = "revrec_db_batch_size";
            family(&after, batches, Type::Histogram);
            assert!(counted(batches, &[("what", "new_contract")]) >= 1.0);
            assert!(counted(batches, &[("what", "contract_revision")]) >= 1.0);
        }
        for gauge in [
            "revrec_db_pool_connections",
            "revrec_db_pool_max_connections",
            "revrec_jobs",
        ] {
            family(&after, gauge, Type::Gauge);
        }
        for (name, labels) in [
            ("revrec_db_pool_connections", [("state", "idle")]),
            ("revrec_db_pool_connections", [("state", "in_use")]),
            ("revrec_jobs", [("status", "queued")]),
            ("revrec_jobs", [("status", "processing")]),
        ] {
            let series = family(&after, name, Type::Gauge)
                .samples
                .iter()
                .filter(|sample| {
                    sample
                        .labels
                        .iter()
                        .any(|label| (label.key.as_str(), label.value.as_str()) == labels[0])
                });
            assert_eq!(series.count(), 1, "{name} {labels:?}");
        }
        assert!(
            value(
                &after,
                "revrec_db_pool_max_connections",
                ValueType::Sample,
                &[]
            ) >= 1.0
        );
        family(&after, "revrec_idempotency_replays_total", Type::Counter);
    }
}

async fn post_keyed(app: &TestApp, key: &str) -> crate::helpers::Reply {
    let body = simple_contract("Replayed Co", "100.00", "2026-01-01", "2026-12-31");
    app.raw(
        reqwest::Method::POST,
        "/v1/contracts",
        &[
            ("Authorization", "Bearer rr_test_sandbox"),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        serde_json::to_vec(&body).unwrap(),
    )
    .await
}

#[tokio::test]
async fn paid_call_outcomes_and_rate_limit_refusals_are_counted() {
    // Sandbox calls cost a cent, two a minute: two challenges, then a refusal.
    let app = spawn_configured(TestDatabase::sqlite(), |settings| {
        settings.policy.call_price_cents = PerPlan {
            sandbox: 1,
            growth: 0,
            scale: 0,
        };
        settings.policy.requests_per_minute = Some(PerPlan {
            sandbox: 2,
            growth: 1_000,
            scale: 1_000,
        });
    })
    .await;
    let before = scrape(&app.address).await;
    for expected in [402, 402, 429] {
        let reply = app.get("/v1/contracts").await;
        assert_eq!(reply.status, expected, "{}", reply.text);
    }
    let after = scrape(&app.address).await;
    let moved = |metric: &str, labels: &[(&str, &str)]| {
        value(&after, metric, ValueType::Sample, labels)
            - value(&before, metric, ValueType::Sample, labels)
    };
    family(&after, "revrec_payments_total", Type::Counter);
    family(&after, "revrec_rate_limit_refusals_total", Type::Counter);
    assert!(moved("revrec_payments_total", &[("outcome", "challenged")]) >= 2.0);
    assert!(moved("revrec_rate_limit_refusals_total", &[("plan", "sandbox")]) >= 1.0);
}

#[tokio::test]
async fn a_metrics_listen_address_serves_metrics_alone() {
    let app = spawn_configured(TestDatabase::sqlite(), |settings| {
        settings.metrics_listen = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let metrics = app.metrics_address.clone().expect("a metrics listener");
    // The API's address no longer answers it; the metrics address answers nothing else.
    let on_api = app
        .request(reqwest::Method::GET, "/metrics", None, None)
        .await;
    assert_eq!(on_api.status, 404);
    let reply = reqwest::Client::new()
        .get(format!("{metrics}/v1/contracts"))
        .bearer_auth(SANDBOX)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 404);
    family(
        &scrape(&metrics).await,
        "revrec_http_requests_total",
        Type::Counter,
    );
}

#[tokio::test]
async fn invented_methods_and_unknown_paths_do_not_make_new_series() {
    let app = spawn_configured(TestDatabase::sqlite(), |_| {}).await;
    let brew = reqwest::Method::from_bytes(b"BREW").unwrap();
    let reply = app
        .request(brew, "/v1/contracts/ctr_teapot", None, None)
        .await;
    assert_eq!(reply.status, 405);
    let reply = app
        .request(reqwest::Method::GET, "/no/such/path/42", None, None)
        .await;
    assert_eq!(reply.status, 404);
    let after = scrape(&app.address).await;
    let labels: Vec<(String, String)> = family(&after, "revrec_http_requests_total", Type::Counter)
        .samples
        .iter()
        .flat_map(|sample| sample.labels.iter())
        .map(|label| (label.key.clone(), label.value.clone()))
        .collect();
    assert!(
        labels
            .iter()
            .all(|(_, value)| value != "BREW" && !value.contains("/no/such")),
        "{labels:?}"
    );
    assert!(
        labels.contains(&("method".into(), "other".into())),
        "{labels:?}"
    );
    assert!(
        labels.contains(&("route".into(), "unmatched".into())),
        "{labels:?}"
    );
}
