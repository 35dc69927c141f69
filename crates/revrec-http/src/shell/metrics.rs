//! `GET /metrics` in the Prometheus text format, and the names of what is recorded.
//!
//! Adapters record through the `metrics` facade (counters and histograms where the event
//! happens); this module owns the process's one recorder and renders it. Gauges that
//! describe a state rather than an event (the connection pool, the job queue) are read at
//! scrape time, so a scrape shows the state now, not when something last changed. No metric
//! carries a tenant, a credential or a path with ids in it: routes are their templates.

use std::sync::OnceLock;

use actix_web::{HttpResponse, web};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::shell::state::AppState;

pub const HTTP_REQUESTS: &str = "revrec_http_requests_total";
pub const HTTP_DURATION: &str = "revrec_http_request_duration_seconds";
pub const JOBS: &str = "revrec_jobs";
pub const JOB_DURATION: &str = "revrec_job_duration_seconds";
pub const IDEMPOTENCY_REPLAYS: &str = "revrec_idempotency_replays_total";
pub const RATE_LIMIT_REFUSALS: &str = "revrec_rate_limit_refusals_total";
pub const PAYMENTS: &str = "revrec_payments_total";

/// Request latencies: half a millisecond to ten seconds.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Job durations: a tenth of a second to an hour.
const JOB_BUCKETS: [f64; 10] = [0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 1800.0, 3600.0];

/// Histograms named `…_size` count things (requests answered by one batch): one to 512.
const SIZE_BUCKETS: [f64; 10] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];

/// How often raw histogram samples are folded into buckets.
const UPKEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// The process's recorder, installed on first use. Every app in the process (tests spawn
/// many) records into it; a second install would fail, so there is only ever one.
pub fn recorder() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(JOB_DURATION.into()), &JOB_BUCKETS)
                .and_then(|builder| {
                    builder.set_buckets_for_metric(
                        Matcher::Suffix("_seconds".into()),
                        &LATENCY_BUCKETS,
                    )
                })
                .and_then(|builder| {
                    builder.set_buckets_for_metric(Matcher::Suffix("_size".into()), &SIZE_BUCKETS)
                });
            let recorder = match builder {
                Ok(builder) => builder.build_recorder(),
                // Only an empty bucket list fails, and ours are constants.
                Err(_) => PrometheusBuilder::new().build_recorder(),
            };
            let handle = recorder.handle();
            // Fails only when another recorder is installed; this one then renders empty.
            let _ = metrics::set_global_recorder(recorder);
            describe();
            // Histogram samples are kept raw until folded into their buckets: folded every
            // few seconds here, memory stays flat whether or not anyone scrapes.
            let upkeep = handle.clone();
            let _ = std::thread::Builder::new()
                .name("metrics-upkeep".into())
                .spawn(move || {
                    loop {
                        std::thread::sleep(UPKEEP_EVERY);
                        upkeep.run_upkeep();
                    }
                });
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        HTTP_REQUESTS,
        "Requests answered, by method, route template and status."
    );
    describe_histogram!(
        HTTP_DURATION,
        Unit::Seconds,
        "Time to answer a request, by method and route template."
    );
    describe_gauge!(
        JOBS,
        "Recalculation jobs waiting or running, across tenants, by status."
    );
    describe_histogram!(
        JOB_DURATION,
        Unit::Seconds,
        "Time from a job's creation to its end, by outcome."
    );
    describe_counter!(
        IDEMPOTENCY_REPLAYS,
        "Requests answered with a stored answer for their Idempotency-Key."
    );
    describe_counter!(
        RATE_LIMIT_REFUSALS,
        "Requests refused with 429 under a credential's rate limit, by plan."
    );
    describe_counter!(
        PAYMENTS,
        "Paid-call credentials by method and outcome (settled, declined, refused, unavailable)."
    );
}

/// `GET /metrics`: the state gauges refreshed, then everything rendered.
pub async fn metrics_route(state: web::Data<AppState>) -> HttpResponse {
    if let Some(refresh) = &state.before_scrape {
        refresh();
    }
    // The queue is read from the database; a scrape during an outage still answers, with
    // the gauges it had.
    if let Ok(depth) = state.services.jobs.queue_depth().await {
        metrics::gauge!(JOBS, "status" => "queued").set(depth.queued as f64);
        metrics::gauge!(JOBS, "status" => "processing").set(depth.processing as f64);
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(recorder().render())
}
