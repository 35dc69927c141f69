//! The work of a request runs on the compute pool, off the threads that serve requests:
//! while one caller's contracts are being computed, `/healthz` and another tenant's reads
//! are answered by the very same (single) HTTP worker. (Work under 2,400 obligation-months
//! runs inline: less than the hop to the pool would cost.)

use std::sync::{Arc, Mutex};
use std::time::Duration;

use revrec_ports::{ComputePool, Scope};
use revrec_test_support::TestDatabase;
use serde_json::json;

use crate::helpers::{SANDBOX, simple_contract, spawn_computing_on};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Holds every job until the test lets them run.
#[derive(Default)]
struct HeldCompute {
    held: Mutex<Vec<Job>>,
}

impl ComputePool for HeldCompute {
    fn execute(&self, job: Job) {
        self.held.lock().unwrap().push(job);
    }
}

impl HeldCompute {
    fn waiting(&self) -> usize {
        self.held.lock().unwrap().len()
    }

    fn release(&self) {
        let jobs: Vec<Job> = std::mem::take(&mut *self.held.lock().unwrap());
        std::thread::spawn(move || jobs.into_iter().for_each(|job| job()));
    }
}

#[tokio::test]
async fn a_request_computing_holds_up_neither_healthz_nor_another_tenants_reads() {
    for database in TestDatabase::all() {
        let compute = Arc::new(HeldCompute::default());
        let app = spawn_computing_on(
            database,
            |settings| settings.workers = Some(1),
            Some(compute.clone() as Arc<dyn ComputePool>),
        )
        .await;
        let (_, bystander) = app.key("bystander", &[Scope::ReadContracts]).await;
        let app = Arc::new(app);
        let ingest = {
            let app = Arc::clone(&app);
            tokio::spawn(async move {
                // 20 contracts of 20 lines over a year: 4,800 obligation-months, work
                // large enough to leave the request thread (smaller work runs inline).
                let operations: Vec<_> = (0..20)
                    .map(|index| {
                        let mut body = simple_contract(&format!("Batch {index}"), "1200.00", "2026-01-01", "2026-12-31");
                        body["line_items"] = json!((0..20)
                            .map(|line| json!({"name": format!("Seat {line}"), "pob_type": "subscription", "stated_price": 60}))
                            .collect::<Vec<_>>());
                        json!({"method": "POST", "path": "/contracts", "body": body})
                    })
                    .collect();
                app.request(
                    reqwest::Method::POST,
                    "/v1/batch",
                    Some(SANDBOX),
                    Some(&json!({"operations": operations})),
                )
                .await
            })
        };
        // The batch's contracts wait on the compute pool…
        for _ in 0..200 {
            if compute.waiting() > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(compute.waiting(), 1, "the batch computes on the pool");
        // …while the one HTTP worker answers everybody else.
        let health = app
            .request(reqwest::Method::GET, "/healthz", None, None)
            .await;
        assert_eq!(health.status.as_u16(), 200);
        let read = app
            .request(
                reqwest::Method::GET,
                "/v1/contracts?limit=1",
                Some(&bystander),
                None,
            )
            .await;
        assert_eq!(read.status.as_u16(), 200, "{}", read.text);
        assert!(!ingest.is_finished());
        compute.release();
        let batch = ingest.await.unwrap();
        assert_eq!(batch.status.as_u16(), 200, "{}", batch.text);
        let results = batch.json()["results"].as_array().unwrap().clone();
        assert!(
            results.iter().all(|result| result["status"] == 201),
            "{results:?}"
        );
    }
}
