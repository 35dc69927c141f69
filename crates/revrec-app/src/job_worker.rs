//! The recalculation-job worker that runs inside `revrec serve`.
//!
//! It has a thread and a small runtime of its own, so a job's CPU work (replaying thousands
//! of contracts) never holds up an HTTP worker. It claims jobs from the database, so any
//! number of instances on one PostgreSQL share the queue; on shutdown it finishes the page
//! in hand and hands its lease back, so another instance resumes the job at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use revrec_usecases::Services;
use revrec_usecases::recalculation::{WorkerSettings, job_output_hash, run_next_job};

/// How the worker waits and holds jobs.
#[derive(Clone, Copy, Debug)]
pub struct JobWorkerSettings {
    pub lease: Duration,
    /// How often an idle worker looks for a job queued by another instance (one queued by
    /// this process wakes it at once).
    pub poll: Duration,
    /// Contracts per committed page.
    pub page_size: u32,
}

/// The running worker. Dropping it without [`JobWorker::stop`] (a test's runtime ending,
/// say) tells it to stop too, without waiting and without handing its job back (its lease
/// runs out instead), so no thread is left behind querying a database that may be gone.
pub struct JobWorker {
    signals: Arc<Signals>,
    thread: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct Signals {
    stop: AtomicBool,
    /// Stop without handing the job back.
    abandon: AtomicBool,
}

impl JobWorker {
    pub fn start(
        services: Services,
        settings: JobWorkerSettings,
    ) -> Result<JobWorker, std::io::Error> {
        let signals = Arc::new(Signals::default());
        let worker = format!("worker_{}", ulid::Ulid::new().to_string().to_lowercase());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let shared = Arc::clone(&signals);
        let thread = std::thread::Builder::new()
            .name("revrec-jobs".into())
            .spawn(move || runtime.block_on(work(services, settings, worker, shared)))?;
        Ok(JobWorker {
            signals,
            thread: Some(thread),
        })
    }

    /// Finishes the page in hand, hands the job back and returns.
    pub async fn stop(mut self) {
        self.signals.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
    }
}

impl Drop for JobWorker {
    fn drop(&mut self) {
        if self.thread.is_some() {
            self.signals.abandon.store(true, Ordering::SeqCst);
            self.signals.stop.store(true, Ordering::SeqCst);
        }
    }
}

async fn work(
    services: Services,
    settings: JobWorkerSettings,
    worker: String,
    signals: Arc<Signals>,
) {
    let lease_micros = i64::try_from(settings.lease.as_micros()).unwrap_or(i64::MAX);
    let stopping = || signals.stop.load(Ordering::SeqCst);
    while !stopping() {
        let outcome = run_next_job(
            &services,
            &worker,
            WorkerSettings {
                lease_micros,
                page_size: settings.page_size,
            },
            &stopping,
        )
        .await;
        match outcome {
            Ok(Some(job)) => {
                if let Some(finished_at) = job.finished_at {
                    // From creation: what a caller waiting on the job experiences.
                    let seconds = (finished_at - job.created_at).max(0) as f64 / 1_000_000.0;
                    metrics::histogram!(
                        revrec_http::shell::metrics::JOB_DURATION,
                        "outcome" => job.status.as_str()
                    )
                    .record(seconds);
                }
                tracing::info!(
                    job_id = %job.id,
                    tenant = %job.tenant_id,
                    status = job.status.as_str(),
                    processed = job.progress.processed,
                    changed = job.progress.changed,
                    output_hash = %job_output_hash(&job),
                    "job left the worker"
                );
            }
            // An idle worker waits for its next poll, or for a job queued in this process.
            Ok(None) => pause(settings.poll, &stopping, &services).await,
            Err(error) => {
                tracing::warn!(%error, "job worker step failed; retrying");
                pause(settings.poll, &stopping, &services).await;
            }
        }
    }
    if signals.abandon.load(Ordering::SeqCst) {
        return;
    }
    if let Err(error) = services.jobs.release(&worker).await {
        tracing::warn!(%error, "could not hand jobs back on shutdown; their leases will run out");
    }
}

/// Waits up to `period`, waking early when asked to stop or when a job is queued in this
/// process.
async fn pause(period: Duration, stopping: &impl Fn() -> bool, services: &Services) {
    let step = Duration::from_millis(50);
    let mut waited = Duration::ZERO;
    while waited < period && !stopping() {
        if tokio::time::timeout(step, services.job_signal.queued())
            .await
            .is_ok()
        {
            return;
        }
        waited += step;
    }
}
