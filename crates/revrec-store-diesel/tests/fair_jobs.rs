//! Fair job queues on every backend (SQLite always, PostgreSQL from
//! `REVREC_TEST_POSTGRES_URL`), each test in a fresh database: workers claim round robin by
//! tenant, and a tenant's unfinished jobs never exceed its cap, however many offers race.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use std::sync::Arc;

use revrec_domain::Period;
use revrec_ports::{
    Enqueued, JobLease, JobProgress, JobRecord, JobRepository, JobStatus, QueueFull,
    RecalculationRequest,
};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;

/// Runs `suite` once per backend with that backend's job repository.
async fn for_each_backend<F, Fut>(suite: F)
where
    F: Fn(Arc<dyn JobRepository>) -> Fut,
    Fut: Future<Output = ()>,
{
    for database in TestDatabase::all() {
        eprintln!("backend: {:?}", database.backend);
        let store = Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap();
        suite(store.jobs()).await;
    }
}

fn job(tenant: &str, id: &str, created_at: i64) -> JobRecord {
    JobRecord {
        tenant_id: tenant.into(),
        id: id.into(),
        status: JobStatus::Queued,
        request: RecalculationRequest::default(),
        as_of: Period::parse("2026-11").unwrap(),
        progress: JobProgress::default(),
        failure: None,
        attempts: 0,
        created_at,
        updated_at: created_at,
        finished_at: None,
    }
}

/// The id of each job claimed, in order, until none is left (each lease outlives the test).
async fn drain(jobs: &dyn JobRepository, now: i64) -> Vec<String> {
    let mut order = Vec::new();
    while let Some(job) = jobs.claim("w1", now, i64::MAX).await.unwrap() {
        order.push(job.id);
    }
    order
}

#[tokio::test]
async fn a_job_queued_behind_another_tenants_ten_is_claimed_second() {
    for_each_backend(|jobs| async move {
        for n in 0..10 {
            let offered = jobs.enqueue(&job("a", &format!("a{n}"), n), 10).await;
            assert_eq!(offered.unwrap(), Enqueued::Queued);
        }
        let offered = jobs.enqueue(&job("b", "b0", 100), 10).await;
        assert_eq!(offered.unwrap(), Enqueued::Queued);

        let order = drain(jobs.as_ref(), 1_000).await;
        // Not eleventh, as a single FIFO queue would have it.
        assert_eq!(
            order,
            [
                "a0", "b0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn tenants_take_turns_by_who_was_served_least_recently() {
    for_each_backend(|jobs| async move {
        for (tenant, id, created_at) in [
            ("a", "a0", 1),
            ("a", "a1", 2),
            ("a", "a2", 3),
            ("b", "b0", 4),
            ("b", "b1", 5),
            ("c", "c0", 6),
        ] {
            jobs.enqueue(&job(tenant, id, created_at), 10)
                .await
                .unwrap();
        }
        let round: Vec<String> = {
            let mut order = Vec::new();
            for _ in 0..4 {
                order.push(jobs.claim("w1", 100, i64::MAX).await.unwrap().unwrap().id);
            }
            order
        };
        assert_eq!(round, ["a0", "b0", "c0", "a1"]);

        // Turns so far: b 2, c 3, a 4. A new job of c waits for b's turn only, and d, never
        // served (its job stored by `create`, so no queue row yet), goes first of all.
        jobs.enqueue(&job("c", "c1", 7), 10).await.unwrap();
        jobs.create(&job("d", "d0", 8)).await.unwrap();
        assert_eq!(drain(jobs.as_ref(), 100).await, ["d0", "b1", "c1", "a2"]);
    })
    .await;
}

#[tokio::test]
async fn a_job_whose_lease_ran_out_is_taken_over_in_its_tenants_turn() {
    for_each_backend(|jobs| async move {
        jobs.enqueue(&job("a", "a0", 1), 10).await.unwrap();
        jobs.enqueue(&job("b", "b0", 2), 10).await.unwrap();
        jobs.enqueue(&job("b", "b1", 3), 10).await.unwrap();
        // w1 takes a0 and dies; w2 takes b0 and keeps working.
        assert_eq!(jobs.claim("w1", 10, 50).await.unwrap().unwrap().id, "a0");
        assert_eq!(jobs.claim("w2", 10, 1_000).await.unwrap().unwrap().id, "b0");
        // Once a0's lease has run out, a (served before b) goes first: a0 is taken over.
        let taken = jobs.claim("w3", 60, 2_000).await.unwrap().unwrap();
        assert_eq!((taken.id.as_str(), taken.attempts), ("a0", 2));
        assert_eq!(jobs.claim("w3", 60, 2_000).await.unwrap().unwrap().id, "b1");
        assert_eq!(jobs.claim("w3", 60, 2_000).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn the_cap_holds_when_many_offers_race() {
    for_each_backend(|jobs| async move {
        let offers: Vec<_> = (0..12)
            .map(|n| {
                let jobs = Arc::clone(&jobs);
                tokio::spawn(async move { jobs.enqueue(&job("a", &format!("a{n}"), n), 3).await })
            })
            .collect();
        let mut queued = 0;
        for offer in offers {
            match offer.await.unwrap().unwrap() {
                Enqueued::Queued => queued += 1,
                Enqueued::Full(full) => assert_eq!(full.unfinished, 3),
            }
        }
        assert_eq!(queued, 3);
        // The cap is each tenant's own.
        let other = jobs.enqueue(&job("b", "b0", 50), 3).await.unwrap();
        assert_eq!(other, Enqueued::Queued);
        assert_eq!(jobs.queue_depth().await.unwrap().queued, 4);
    })
    .await;
}

#[tokio::test]
async fn the_cap_counts_unfinished_jobs_and_reports_recent_turnaround() {
    for_each_backend(|jobs| async move {
        for (id, created_at) in [("a0", 1_000), ("a1", 2_000)] {
            let offered = jobs.enqueue(&job("a", id, created_at), 2).await.unwrap();
            assert_eq!(offered, Enqueued::Queued);
        }
        // Full, with no job completed yet: no turnaround to report.
        assert_eq!(
            jobs.enqueue(&job("a", "a2", 3_000), 2).await.unwrap(),
            Enqueued::Full(QueueFull {
                unfinished: 2,
                oldest_created_at: 1_000,
                recent_turnaround_micros: None,
            })
        );
        // A processing job still counts; a completed one frees its place.
        let held = jobs.claim("w1", 4_000, i64::MAX).await.unwrap().unwrap();
        assert_eq!(held.id, "a0");
        assert!(matches!(
            jobs.enqueue(&job("a", "a2", 4_000), 2).await.unwrap(),
            Enqueued::Full(_)
        ));
        let lease = JobLease {
            tenant_id: "a".into(),
            job_id: "a0".into(),
            worker: "w1".into(),
        };
        let progress = JobProgress::default();
        let finished = jobs.finish(&lease, JobStatus::Completed, &progress, None, 11_000);
        assert!(finished.await.unwrap());
        assert_eq!(
            jobs.enqueue(&job("a", "a2", 12_000), 2).await.unwrap(),
            Enqueued::Queued
        );
        // Full again: a1 is the oldest unfinished, and a0 took 10,000 µs queued to done.
        assert_eq!(
            jobs.enqueue(&job("a", "a3", 13_000), 2).await.unwrap(),
            Enqueued::Full(QueueFull {
                unfinished: 2,
                oldest_created_at: 2_000,
                recent_turnaround_micros: Some(10_000),
            })
        );
        assert_eq!(jobs.find("a", "a3").await.unwrap(), None);
    })
    .await;
}
