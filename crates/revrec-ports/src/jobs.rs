//! Recalculation jobs (docs/batch-and-jobs.md): kept in the database, claimed by any worker
//! of any instance under a lease, and resumable from the progress each committed page
//! saves.

use async_trait::async_trait;
use revrec_domain::{Convention, Currency, Period};

use crate::contracts::ContractRestatement;
use crate::error::RepositoryError;
use crate::reports::RollupDelta;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum JobStatus {
    Queued,
    Processing,
    Completed,
    Failed,
}

impl JobStatus {
    pub const ALL: [JobStatus; 4] = [
        JobStatus::Queued,
        JobStatus::Processing,
        JobStatus::Completed,
        JobStatus::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Processing => "processing",
            JobStatus::Completed => "completed",
            JobStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<JobStatus> {
        JobStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
    }

    pub fn is_finished(self) -> bool {
        matches!(self, JobStatus::Completed | JobStatus::Failed)
    }
}

/// What a recalculation covers and under which policy.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RecalculationRequest {
    /// Only these contracts; `None` means every contract of the tenant.
    pub contract_ids: Option<Vec<String>>,
    /// Restate the contracts under this recognition convention; `None` recomputes each
    /// under its own.
    pub convention: Option<Convention>,
    /// Who asked for it (docs/ledger.md, "Who did what"): the versions a restatement
    /// writes are recorded by them.
    pub requested_by: String,
}

/// What a job has done so far. Saved in the transaction of every page it commits, so a job
/// taken over after its worker died resumes with the same counts and the same hash.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct JobProgress {
    /// Contracts selected when the job was created.
    pub total: u64,
    pub processed: u64,
    pub changed: u64,
    /// Change of revenue recognized through the end of the job's `as_of` month, per
    /// currency (amounts of different currencies are never added), in code order.
    pub recognized_delta: Vec<(Currency, i64)>,
    /// Lowercase hex SHA-256 chained over each processed contract's id and plan digest.
    pub hash_chain: String,
    /// The last contract id processed; the next page starts after it.
    pub cursor: Option<String>,
    /// Contracts the requested policy could not be applied to, with the reason (they keep
    /// their figures).
    pub skipped: Vec<(String, String)>,
}

/// Why a job failed, as a problem code and message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JobFailure {
    pub code: String,
    pub message: String,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JobRecord {
    pub tenant_id: String,
    pub id: String,
    pub status: JobStatus,
    pub request: RecalculationRequest,
    /// The month through which `recognized_delta` counts: the month the job was created.
    pub as_of: Period,
    pub progress: JobProgress,
    pub failure: Option<JobFailure>,
    /// How many times a worker claimed it (more than one: a worker died or let go).
    pub attempts: u32,
    /// Microseconds since the epoch.
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
}

/// A job a worker holds: only the lease holder's writes are accepted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JobLease {
    pub tenant_id: String,
    pub job_id: String,
    pub worker: String,
}

/// Jobs not yet finished, across tenants: what an operator watches the queue by.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct QueueDepth {
    pub queued: u64,
    /// Held by a worker (`processing`), whether or not its lease is still running.
    pub processing: u64,
}

/// A tenant's queue at its cap when a job was offered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QueueFull {
    /// The tenant's jobs not yet finished (queued or processing).
    pub unfinished: u64,
    /// When the oldest of them was queued (microseconds since the epoch).
    pub oldest_created_at: i64,
    /// The mean time from queued to completed of the tenant's latest completed jobs (at
    /// most ten); `None` before its first.
    pub recent_turnaround_micros: Option<i64>,
}

/// What offering a job to the queue did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Enqueued {
    Queued,
    /// Nothing was stored: the tenant already has as many unfinished jobs as the cap.
    Full(QueueFull),
}

/// The outcome of committing a page of a job.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PageCommit {
    Committed,
    /// The lease ran out and another worker holds the job: nothing was written.
    LeaseLost,
    /// A contract changed since the page was read: nothing was written; read it again.
    ContractsChanged,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait JobRepository: Send + Sync {
    /// Stores `job` whatever its tenant's queue holds (tools and tests; the API queues
    /// through [`JobRepository::enqueue`]).
    async fn create(&self, job: &JobRecord) -> Result<(), RepositoryError>;

    /// Stores a queued `job` unless its tenant already has `cap` jobs not yet finished.
    /// The count and the insert run in one transaction that holds the tenant's queue row,
    /// so instances racing on one database never take a tenant past the cap.
    async fn enqueue(&self, job: &JobRecord, cap: u64) -> Result<Enqueued, RepositoryError>;

    /// The tenant's job, or `None` (another tenant's included).
    async fn find(&self, tenant_id: &str, id: &str) -> Result<Option<JobRecord>, RepositoryError>;

    /// Takes a job that is queued or whose lease ran out before `now`, for `worker` until
    /// `lease_until`: round robin by tenant, the oldest such job of the tenant whose job was
    /// claimed least recently (a tenant never served first), so one tenant's backlog never
    /// holds up another's job. Several workers on one database never take the same job (on
    /// PostgreSQL `FOR UPDATE SKIP LOCKED`; SQLite has one writer).
    async fn claim(
        &self,
        worker: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<JobRecord>, RepositoryError>;

    /// In one transaction: restates the page's changed contracts (each checked against the
    /// revision it was read at), adds the rollup deltas, saves `progress` and extends the
    /// lease to `lease_until`.
    async fn commit_page(
        &self,
        lease: &JobLease,
        progress: &JobProgress,
        restatements: Vec<ContractRestatement>,
        rollup: Vec<RollupDelta>,
        lease_until: i64,
    ) -> Result<PageCommit, RepositoryError>;

    /// Ends the job (`Completed` or `Failed`); `false` when the lease was lost meanwhile.
    async fn finish(
        &self,
        lease: &JobLease,
        status: JobStatus,
        progress: &JobProgress,
        failure: Option<JobFailure>,
        now: i64,
    ) -> Result<bool, RepositoryError>;

    /// Hands every job `worker` holds back to the queue (graceful shutdown); how many.
    async fn release(&self, worker: &str) -> Result<u64, RepositoryError>;

    /// How many jobs wait and how many are being processed, across tenants.
    async fn queue_depth(&self) -> Result<QueueDepth, RepositoryError>;
}
