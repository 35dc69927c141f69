//! Recalculation jobs (docs/batch-and-jobs.md): recompute every selected contract's
//! schedule, optionally restated under another recognition convention, and keep the rollups
//! in step.
//!
//! A job runs a page of contracts at a time, in contract id order. Each page commits its
//! restatements, its rollup deltas and the job's progress in one transaction, so a job whose
//! worker died is taken over by another worker when its lease runs out and resumes after
//! the last committed page, with the same counts and the same `output_hash` as a run that
//! was never interrupted. A restatement is retrospective (a change of accounting policy,
//! not a modification): every version of the contract is computed under the new convention
//! from then on (the versions keep their terms as recorded), and the reports afterwards
//! equal those of contracts ingested under it.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::digest::sha256_hex;
use revrec_domain::{Convention, Currency, Period, Rollup, output_hash};
use revrec_ports::{
    ContractQuery, ContractRestatement, ContractScan, Enqueued, JobFailure, JobLease, JobProgress,
    JobRecord, JobStatus, PageCommit, QueueFull, RecalculationRequest, RollupDelta, StoredContract,
    StoredVersion, VersionChange,
};

use crate::error::UseCaseError;
use crate::history::{billing_of, legacy_restatement, replay, replay_as, rollup_deltas};
use crate::posting_control::{WriteContext, admit_write};
use crate::services::Services;

/// Most contract ids one job may name.
pub const MAX_CONTRACT_IDS: usize = 1_000;
/// Contracts per committed page by default: small enough that progress moves many times a
/// second (a page of 500 took about 25 ms to commit over 100,000 contracts), large enough
/// that a page's fixed costs (its reads, one commit) stay small: the restatement took
/// 5.52–5.56 s in pages of 500 against 5.80–5.84 s in pages of 250 (docs/performance.md).
pub const DEFAULT_PAGE_SIZE: u32 = 500;
/// A page that keeps meeting concurrent changes is retried this often before the job lets
/// its lease run out (another attempt comes later).
const PAGE_ATTEMPTS: usize = 5;
/// Where the chain of contract digests starts.
const HASH_SEED: &str = "revrec/recalculate-waterfall/v1";
pub use crate::policy::DEFAULT_JOB_QUEUE_CAP;
/// `Retry-After` for a full queue when the tenant has no completed job to measure by.
const QUEUE_RETRY_WITHOUT_HISTORY_SECONDS: u32 = 5;
/// `Retry-After` for a full queue stays within these bounds (never 0, which reads as "now",
/// and never so long that a queue which drained early sits idle).
const QUEUE_RETRY_SECONDS: std::ops::RangeInclusive<u32> = 1..=60;

/// Queues a recalculation of the tenant's contracts (or of `request.contract_ids`).
///
/// # Errors
/// `Invalid` naming each id the tenant does not have; `JobQueueFull` when the tenant
/// already has `policy.job_queue_cap` jobs queued or running (nothing is queued).
pub async fn start_recalculation(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    mut request: RecalculationRequest,
) -> Result<JobRecord, UseCaseError> {
    request.requested_by.clone_from(&context.actor);
    if request.convention.is_some() {
        // A restatement restates every month of its contracts, the calendar's first
        // included: under a posting control, it is a correction once any month is closed.
        admit_write(
            services,
            tenant_id,
            context,
            Period::of(revrec_domain::calendar::first_day()),
        )
        .await?;
    }
    let total = match &mut request.contract_ids {
        Some(ids) => {
            ids.sort();
            ids.dedup();
            let found = services
                .contracts
                .scan(
                    tenant_id,
                    &ContractScan {
                        limit: u32::try_from(ids.len()).unwrap_or(u32::MAX),
                        ids: Some(ids.clone()),
                        ..ContractScan::default()
                    },
                )
                .await?
                .contracts;
            let missing: Vec<&String> = ids
                .iter()
                .filter(|id| !found.iter().any(|stored| stored.record.id == **id))
                .collect();
            if !missing.is_empty() {
                return Err(UseCaseError::UnknownContracts {
                    ids: missing.into_iter().cloned().collect(),
                });
            }
            u64::try_from(ids.len()).unwrap_or(u64::MAX)
        }
        None => {
            let every = ContractQuery {
                limit: 1,
                ..ContractQuery::default()
            };
            services.contracts.list(tenant_id, &every).await?.total
        }
    };
    let now = services.clock.now_micros();
    let job = JobRecord {
        tenant_id: tenant_id.to_owned(),
        id: services.ids.new_id("job_"),
        status: JobStatus::Queued,
        request,
        as_of: Period::of(revrec_ports::clock::utc_date(now)),
        progress: JobProgress {
            total,
            hash_chain: sha256_hex(&[HASH_SEED]),
            ..JobProgress::default()
        },
        failure: None,
        attempts: 0,
        created_at: now,
        updated_at: now,
        finished_at: None,
    };
    let cap = services.policy.job_queue_cap;
    match services.jobs.enqueue(&job, u64::from(cap)).await? {
        Enqueued::Queued => {
            services.job_signal.job_queued();
            Ok(job)
        }
        Enqueued::Full(full) => Err(UseCaseError::JobQueueFull {
            cap,
            retry_after_seconds: queue_retry_after(&full, now),
        }),
    }
}

/// Seconds until a full queue likely has room: a place frees when the tenant's oldest
/// unfinished job finishes, expected as long after it was queued as the tenant's latest
/// completed jobs took from queued to completed (that span already includes the turns of
/// other tenants and of its own jobs ahead, under the current load). Rounded up, within 1
/// to 60 s; 5 s before any of its jobs completed.
pub fn queue_retry_after(full: &QueueFull, now: i64) -> u32 {
    let Some(turnaround) = full.recent_turnaround_micros else {
        return QUEUE_RETRY_WITHOUT_HISTORY_SECONDS;
    };
    let remaining = full
        .oldest_created_at
        .saturating_add(turnaround)
        .saturating_sub(now)
        .max(0);
    let seconds = u32::try_from(remaining.saturating_add(999_999) / 1_000_000).unwrap_or(u32::MAX);
    seconds.clamp(*QUEUE_RETRY_SECONDS.start(), *QUEUE_RETRY_SECONDS.end())
}

pub async fn get_job(
    services: &Services,
    tenant_id: &str,
    id: &str,
) -> Result<JobRecord, UseCaseError> {
    services
        .jobs
        .find(tenant_id, id)
        .await?
        .ok_or_else(|| UseCaseError::JobNotFound { id: id.to_owned() })
}

/// 0–100: contracts processed over contracts selected; 100 only once finished.
pub fn progress_percent(job: &JobRecord) -> u8 {
    if job.status.is_finished() {
        return 100;
    }
    let done = job.progress.processed.saturating_mul(100) / job.progress.total.max(1);
    u8::try_from(done.min(99)).unwrap_or(99)
}

/// `sha256:` and the chain of every processed contract's digest.
pub fn job_output_hash(job: &JobRecord) -> String {
    format!("sha256:{}", job.progress.hash_chain)
}

/// How a worker holds its jobs.
#[derive(Clone, Copy, Debug)]
pub struct WorkerSettings {
    /// How long a claim lasts without a committed page; a worker that dies is replaced
    /// this long after its last page.
    pub lease_micros: i64,
    /// Contracts per committed page. The result does not depend on it.
    pub page_size: u32,
}

/// Claims one job (queued, or abandoned by a worker whose lease ran out) and runs it to the
/// end, or until `stop` says to hand it back. `None` when there was nothing to do.
///
/// # Errors
/// Storage failures; the job then keeps its lease until it runs out and is retried.
pub async fn run_next_job(
    services: &Services,
    worker: &str,
    settings: WorkerSettings,
    stop: &(dyn Fn() -> bool + Send + Sync),
) -> Result<Option<JobRecord>, UseCaseError> {
    let now = services.clock.now_micros();
    let Some(mut job) = services
        .jobs
        .claim(worker, now, now + settings.lease_micros)
        .await?
    else {
        return Ok(None);
    };
    let lease = JobLease {
        tenant_id: job.tenant_id.clone(),
        job_id: job.id.clone(),
        worker: worker.to_owned(),
    };
    // The page after the one just committed, read and computed while it committed.
    let mut read_ahead = None;
    loop {
        if stop() {
            services.jobs.release(worker).await?;
            return Ok(Some(job));
        }
        match run_page(services, &job, &lease, settings, read_ahead.take()).await {
            Ok(PageOutcome::Committed(progress, next)) => {
                job.progress = progress;
                read_ahead = next;
            }
            Ok(PageOutcome::Done) => {
                let finished_at = services.clock.now_micros();
                if services
                    .jobs
                    .finish(
                        &lease,
                        JobStatus::Completed,
                        &job.progress,
                        None,
                        finished_at,
                    )
                    .await?
                {
                    job.status = JobStatus::Completed;
                    job.finished_at = Some(finished_at);
                }
                return Ok(Some(job));
            }
            Ok(PageOutcome::LeaseLost) => return Ok(Some(job)),
            Err(UseCaseError::Corrupt(message)) => {
                let failure = JobFailure {
                    code: "INTERNAL_ERROR".into(),
                    message: format!("A stored contract could not be recomputed: {message}."),
                };
                let finished_at = services.clock.now_micros();
                services
                    .jobs
                    .finish(
                        &lease,
                        JobStatus::Failed,
                        &job.progress,
                        Some(failure.clone()),
                        finished_at,
                    )
                    .await?;
                job.status = JobStatus::Failed;
                job.failure = Some(failure);
                return Ok(Some(job));
            }
            Err(other) => return Err(other),
        }
    }
}

enum PageOutcome {
    /// The progress committed, and the pages after it when they were read meanwhile.
    Committed(JobProgress, Option<Box<ReadAhead>>),
    Done,
    LeaseLost,
}

/// The contracts of the job's page after `cursor`.
async fn scan_page(
    services: &Services,
    job: &JobRecord,
    cursor: Option<String>,
    settings: WorkerSettings,
) -> Result<Vec<Arc<StoredContract>>, UseCaseError> {
    let scan = ContractScan {
        after: cursor,
        limit: settings.page_size.max(1),
        ids: job.request.contract_ids.clone(),
        ..ContractScan::default()
    };
    Ok(services
        .contracts
        .scan(&job.tenant_id, &scan)
        .await?
        .contracts)
}

/// A page read and recomputed, not yet counted into the job's progress.
struct ComputedPage {
    contracts: Vec<Arc<StoredContract>>,
    outcomes: Vec<Recalculated>,
    /// The page's rollup deltas, summed by currency and key while the page before commits,
    /// so its own commit carries a few rows, not every contract's.
    rollup: Vec<RollupDelta>,
}

/// What a worker holds of the pages after the one it commits: the next one recomputed,
/// and the one after it read (none when it was not, or its read failed: it is read again).
struct ReadAhead {
    computed: ComputedPage,
    read: Option<Vec<Arc<StoredContract>>>,
}

/// Recomputes each contract of a page read.
fn compute(
    job: &JobRecord,
    contracts: Vec<Arc<StoredContract>>,
    now: i64,
) -> Result<ComputedPage, UseCaseError> {
    let mut outcomes: Vec<Recalculated> = contracts
        .iter()
        .map(|stored| recalculate(stored, job, now))
        .collect::<Result<_, _>>()?;
    let rollup = page_rollup(
        outcomes
            .iter_mut()
            .filter_map(|outcome| outcome.change.as_mut())
            .map(|change| std::mem::take(&mut change.rollup)),
    );
    Ok(ComputedPage {
        contracts,
        outcomes,
        rollup,
    })
}

/// The contracts' rollup deltas summed by currency and key (a [`Rollup`] per currency, which
/// keeps no row that sums to zero). A sum past `i64` leaves them as they are, for the store
/// to refuse as it refuses any write past the books' limit.
fn page_rollup(contracts: impl Iterator<Item = Vec<RollupDelta>>) -> Vec<RollupDelta> {
    let deltas: Vec<RollupDelta> = contracts.flatten().collect();
    let mut summed: BTreeMap<Currency, Rollup> = BTreeMap::new();
    for delta in &deltas {
        let rollup = summed.entry(delta.currency).or_default();
        if rollup.checked_add(delta.key, &delta.amounts).is_none() {
            return deltas;
        }
    }
    summed
        .iter()
        .flat_map(|(currency, rollup)| {
            rollup.rows().map(|(key, amounts)| RollupDelta {
                currency: *currency,
                key: *key,
                amounts: *amounts,
            })
        })
        .collect()
}

/// Recomputes the page after `cursor` (`read` when it was read already) while the page after
/// it is read: three stages at once with the commit beside them, so the database reads one
/// page and writes another while the worker computes a third.
async fn compute_and_read_on(
    services: &Services,
    job: &JobRecord,
    cursor: Option<String>,
    read: Option<Vec<Arc<StoredContract>>>,
    settings: WorkerSettings,
) -> Result<ReadAhead, UseCaseError> {
    let contracts = match read {
        Some(contracts) => contracts,
        None => scan_page(services, job, cursor, settings).await?,
    };
    let after = contracts.last().map(|stored| stored.record.id.clone());
    // Polled first, so its read is on its way before the computing (which does not wait)
    // takes the worker.
    let read_on = async {
        match after {
            Some(after) => scan_page(services, job, Some(after), settings).await.ok(),
            None => None,
        }
    };
    let now = services.clock.now_micros();
    let computing = async { compute(job, contracts, now) };
    let (read, computed) = futures_util::future::join(read_on, computing).await;
    Ok(ReadAhead {
        computed: computed?,
        read,
    })
}

/// Commits the page after the job's cursor (recomputed ahead, or read and recomputed now).
/// The next page is recomputed, and the one after it read, while this one commits: the
/// pages do not overlap (each starts after the last id of the one before), and a contract of
/// a page read ahead that changes before its page commits is caught then, as always.
async fn run_page(
    services: &Services,
    job: &JobRecord,
    lease: &JobLease,
    settings: WorkerSettings,
    mut read_ahead: Option<Box<ReadAhead>>,
) -> Result<PageOutcome, UseCaseError> {
    for _ in 0..PAGE_ATTEMPTS {
        let (page, read) = match read_ahead.take() {
            Some(ahead) => {
                let ahead = *ahead;
                (ahead.computed, ahead.read)
            }
            None => {
                let contracts =
                    scan_page(services, job, job.progress.cursor.clone(), settings).await?;
                (compute(job, contracts, services.clock.now_micros())?, None)
            }
        };
        if page.contracts.is_empty() {
            return Ok(PageOutcome::Done);
        }
        let mut progress = job.progress.clone();
        let mut restatements = Vec::new();
        for (stored, outcome) in page.contracts.iter().zip(page.outcomes) {
            progress.processed += 1;
            progress.cursor = Some(stored.record.id.clone());
            progress.hash_chain = sha256_hex(&[
                &progress.hash_chain,
                &stored.record.id,
                outcome.digest.as_str(),
            ]);
            if let Some(reason) = outcome.skipped {
                progress.skipped.push((stored.record.id.clone(), reason));
            }
            if let Some(change) = outcome.change {
                progress.changed += 1;
                add_delta(
                    &mut progress.recognized_delta,
                    stored.record.currency,
                    change.recognized_delta,
                );
                restatements.push(change.restatement);
            }
        }
        let lease_until = services.clock.now_micros() + settings.lease_micros;
        let commit =
            services
                .jobs
                .commit_page(lease, &progress, restatements, page.rollup, lease_until);
        let next = compute_and_read_on(services, job, progress.cursor.clone(), read, settings);
        let (committed, next) = futures_util::future::join(commit, next).await;
        match committed? {
            // The pages read ahead are of no use if this one must be read again; one that
            // failed to compute fails again, and properly, when its turn comes.
            PageCommit::Committed => {
                return Ok(PageOutcome::Committed(progress, next.ok().map(Box::new)));
            }
            PageCommit::LeaseLost => return Ok(PageOutcome::LeaseLost),
            // A contract of the page changed meanwhile: read the page again.
            PageCommit::ContractsChanged => {}
        }
    }
    Err(UseCaseError::Conflict)
}

struct Recalculated {
    /// The digest of the contract's plan after the job (what `output_hash` chains).
    digest: String,
    change: Option<Change>,
    skipped: Option<String>,
}

struct Change {
    restatement: ContractRestatement,
    rollup: Vec<RollupDelta>,
    recognized_delta: i64,
}

/// One contract under the job's policy: its digest, and what changes if anything does.
fn recalculate(
    stored: &StoredContract,
    job: &JobRecord,
    now: i64,
) -> Result<Recalculated, UseCaseError> {
    let current = replay(stored)?;
    let digest = |history: &revrec_domain::PlanHistory| {
        output_hash("plan/v1", history.current()).to_string()
    };
    let Some(convention) = job
        .request
        .convention
        .filter(|convention| !computed_under(stored, *convention))
    else {
        return Ok(Recalculated {
            digest: digest(&current),
            change: None,
            skipped: None,
        });
    };
    // A restatement is a version of its own: the stored ones are never rewritten.
    let latest = stored.versions.last().ok_or_else(|| {
        UseCaseError::Corrupt(format!("contract {} has no versions", stored.record.id))
    })?;
    let mut version = StoredVersion {
        number: latest.number + 1,
        change: VersionChange::Restatement,
        terms: latest.terms.clone(),
        recorded_at: now,
        recorded_by: job.request.requested_by.clone(),
    };
    version.terms.convention = convention;
    // A draft is restated in place (its terms are still edited in place): every version
    // computed under the new convention, as before restatements were versions.
    let draft = stored.record.status == revrec_ports::ContractStatus::Draft;
    let replayed = if draft {
        replay_as(&stored.versions, Some(convention))
    } else {
        let mut with_restatement = stored.versions.clone();
        with_restatement.push(version.clone());
        replay_as(&with_restatement, legacy_restatement(stored))
    };
    let restated = match replayed {
        Ok(history) => history
            .with_usage(&stored.usage)
            .with_billing(billing_of(&stored.invoices)),
        // The contract's amendments do not hold under the new convention (say, a price
        // below what the new convention had recognized by then): it keeps its figures.
        Err(UseCaseError::Corrupt(reason)) => {
            return Ok(Recalculated {
                digest: digest(&current),
                change: None,
                skipped: Some(format!("cannot be restated under {convention}: {reason}")),
            });
        }
        Err(other) => return Err(other),
    };
    let record = &stored.record;
    let reported = record.status.is_reported();
    let through = job.as_of.last_day();
    let recognized_delta = if reported {
        restated.current().recognized_through(through)
            - current.current().recognized_through(through)
    } else {
        0
    };
    Ok(Recalculated {
        digest: digest(&restated),
        change: Some(Change {
            restatement: ContractRestatement {
                contract_id: record.id.clone(),
                expected_revision: stored.revision,
                convention,
                version: (!draft).then(|| StoredVersion {
                    terms: revrec_domain::ContractTerms {
                        transaction_price: restated.current().transaction_price(),
                        ..version.terms
                    },
                    ..version
                }),
                total_value: Some(restated.current().transaction_price())
                    .filter(|price| *price != record.total_value),
                updated_at: now,
            },
            rollup: rollup_deltas(
                record.currency,
                reported.then_some(&current),
                reported.then_some(&restated),
            )?,
            recognized_delta,
        }),
        skipped: None,
    })
}

/// Whether every version of the contract is already computed under `convention`.
fn computed_under(stored: &StoredContract, convention: Convention) -> bool {
    match stored.record.restated_convention {
        Some(restated) => restated == convention,
        None => stored
            .versions
            .iter()
            .all(|version| version.terms.convention == convention),
    }
}

fn add_delta(deltas: &mut Vec<(Currency, i64)>, currency: Currency, amount: i64) {
    match deltas.iter_mut().find(|(held, _)| *held == currency) {
        Some((_, sum)) => *sum += amount,
        None => {
            deltas.push((currency, amount));
            deltas.sort_by_key(|(currency, _)| currency.code());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use revrec_domain::{RollupAmounts, RollupKey};
    use revrec_ports::JobStatus;
    use revrec_ports::contracts::MockContractRepository;
    use revrec_ports::ids::MockIdSource;
    use revrec_ports::jobs::MockJobRepository;

    use super::*;
    use crate::mocked_services::replayable;

    fn services(contracts: MockContractRepository, jobs: MockJobRepository) -> Services {
        Services::from(crate::SharedServices {
            contracts: Arc::new(contracts),
            jobs: Arc::new(jobs),
            ..crate::mocked_services::mocked_at(1_000)
        })
    }

    fn queued() -> JobRecord {
        JobRecord {
            tenant_id: "t1".into(),
            id: "job_1".into(),
            status: JobStatus::Processing,
            request: RecalculationRequest::default(),
            as_of: Period::parse("2026-11").unwrap_or_else(|_| unreachable!()),
            progress: JobProgress::default(),
            failure: None,
            attempts: 1,
            created_at: 0,
            updated_at: 0,
            finished_at: None,
        }
    }

    #[tokio::test]
    async fn a_contract_that_cannot_be_replayed_fails_the_job_with_a_problem() {
        let mut contracts = MockContractRepository::new();
        contracts.expect_scan().returning(|_, _| {
            // A contract without versions: stored data this code cannot recompute.
            let mut stored = (*replayable("ctr_1")).clone();
            stored.versions.clear();
            Ok(revrec_ports::ScannedPage {
                contracts: vec![Arc::new(stored)],
                next: None,
            })
        });
        let mut jobs = MockJobRepository::new();
        jobs.expect_claim().returning(|_, _, _| Ok(Some(queued())));
        jobs.expect_commit_page().never();
        jobs.expect_finish()
            .withf(|lease, status, _, failure, _| {
                lease.worker == "w1"
                    && *status == JobStatus::Failed
                    && failure.as_ref().is_some_and(|f| f.code == "INTERNAL_ERROR")
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        let job = run_to_the_end(&services(contracts, jobs), DEFAULT_PAGE_SIZE).await;
        assert_eq!(job.status, JobStatus::Failed);
    }

    /// Worker `w1` runs the job it claims with pages of `page_size`, never asked to stop.
    async fn run_to_the_end(services: &Services, page_size: u32) -> JobRecord {
        run_next_job(
            services,
            "w1",
            WorkerSettings {
                lease_micros: 1_000_000,
                page_size,
            },
            &|| false,
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"))
        .unwrap_or_else(|| panic!("a job ran"))
    }

    #[tokio::test]
    async fn a_page_read_again_after_a_concurrent_change_drops_the_page_computed_ahead() {
        // Two pages of one contract each; the first commit meets a concurrent change.
        let mut contracts = MockContractRepository::new();
        contracts.expect_scan().returning(|_, scan| {
            let page = match scan.after.as_deref() {
                None => vec![replayable("ctr_1")],
                Some("ctr_1") => vec![replayable("ctr_2")],
                Some(_) => Vec::new(),
            };
            Ok(revrec_ports::ScannedPage {
                contracts: page,
                next: None,
            })
        });
        let commits = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut jobs = MockJobRepository::new();
        jobs.expect_claim().returning(|_, _, _| Ok(Some(queued())));
        let seen = Arc::clone(&commits);
        jobs.expect_commit_page()
            .returning(move |_, progress, _, _, _| {
                let mut seen = seen.lock().unwrap_or_else(|_| unreachable!());
                seen.push((progress.cursor.clone(), progress.processed));
                Ok(if seen.len() == 1 {
                    PageCommit::ContractsChanged
                } else {
                    PageCommit::Committed
                })
            });
        jobs.expect_finish()
            .withf(|_, status, progress, _, _| {
                *status == JobStatus::Completed && progress.processed == 2
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        let job = run_to_the_end(&services(contracts, jobs), 1).await;
        assert_eq!(job.status, JobStatus::Completed);
        // The first page twice (its second reading counted once), then the second.
        let commits = commits.lock().unwrap_or_else(|_| unreachable!()).clone();
        assert_eq!(
            commits,
            vec![
                (Some("ctr_1".to_owned()), 1),
                (Some("ctr_1".to_owned()), 1),
                (Some("ctr_2".to_owned()), 2),
            ]
        );
    }

    #[tokio::test]
    async fn a_stop_request_hands_the_job_back_before_the_next_page() {
        let mut jobs = MockJobRepository::new();
        jobs.expect_claim().returning(|_, _, _| Ok(Some(queued())));
        jobs.expect_release()
            .withf(|worker| worker == "w1")
            .times(1)
            .returning(|_| Ok(1));
        let services = services(MockContractRepository::new(), jobs);
        let job = run_next_job(
            &services,
            "w1",
            WorkerSettings {
                lease_micros: 1,
                page_size: DEFAULT_PAGE_SIZE,
            },
            &|| true,
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(job.map(|job| job.status), Some(JobStatus::Processing));
    }

    #[tokio::test]
    async fn a_tenant_at_its_cap_is_refused_with_an_estimate_and_nothing_is_queued() {
        let mut contracts = MockContractRepository::new();
        contracts.expect_list().returning(|_, _| {
            Ok(revrec_ports::ContractPage {
                items: Vec::new(),
                total: 4,
                next: None,
            })
        });
        let mut jobs = MockJobRepository::new();
        jobs.expect_create().never();
        jobs.expect_enqueue()
            .withf(|job, cap| job.tenant_id == "t1" && job.status == JobStatus::Queued && *cap == 3)
            .times(1)
            .returning(|_, _| {
                Ok(Enqueued::Full(QueueFull {
                    unfinished: 3,
                    oldest_created_at: 0,
                    // Jobs took 7.501 s from queued to done, the oldest was queued at 0 and the clock
                    // reads 1,000 µs: 7.5 s remain, so 8.
                    recent_turnaround_micros: Some(7_501_000),
                }))
            });
        let mut ids = MockIdSource::new();
        ids.expect_new_id().returning(|prefix| format!("{prefix}1"));
        let mut services = services(contracts, jobs);
        services.ids = Arc::new(ids);
        services.policy.job_queue_cap = 3;
        let refused = start_recalculation(
            &services,
            "t1",
            &WriteContext::by("t1"),
            RecalculationRequest::default(),
        )
        .await;
        assert!(
            matches!(
                refused,
                Err(UseCaseError::JobQueueFull {
                    cap: 3,
                    retry_after_seconds: 8
                })
            ),
            "{refused:?}"
        );
    }

    #[test]
    fn a_full_queue_is_retried_when_its_oldest_job_should_be_done() {
        let full = |oldest_created_at, turnaround| QueueFull {
            unfinished: 10,
            oldest_created_at,
            recent_turnaround_micros: turnaround,
        };
        let second = 1_000_000;
        for (queue, now, seconds) in [
            // No completed job to measure by yet.
            (full(0, None), 0, 5),
            // Queued at 0, jobs take 10 s: at 4 s, 6 s remain.
            (full(0, Some(10 * second)), 4 * second, 6),
            // A part of a second counts as a whole one.
            (full(0, Some(2_300_000)), 0, 3),
            // Due now or overdue: at least a second.
            (full(0, Some(10 * second)), 10 * second, 1),
            (full(0, Some(second)), 30 * second, 1),
            // Never more than a minute.
            (full(0, Some(3_600 * second)), 0, 60),
        ] {
            assert_eq!(
                queue_retry_after(&queue, now),
                seconds,
                "{queue:?} at {now}"
            );
        }
    }

    fn delta(currency: Currency, month: &str, recognized: i64) -> RollupDelta {
        RollupDelta {
            currency,
            key: RollupKey {
                period: Period::parse(month).unwrap(),
                pob_type: revrec_domain::PobType::Subscription,
                timing: revrec_domain::Timing::OverTime,
            },
            amounts: RollupAmounts {
                recognized,
                ..RollupAmounts::default()
            },
        }
    }

    #[test]
    fn a_pages_rollup_deltas_are_summed_by_currency_and_key_and_zero_rows_dropped() {
        let usd = Currency::from_code("USD").unwrap();
        let eur = Currency::from_code("EUR").unwrap();
        let summed = page_rollup(
            [
                vec![delta(usd, "2026-02", 100), delta(usd, "2026-01", 5)],
                vec![delta(usd, "2026-02", 250), delta(eur, "2026-02", 7)],
                vec![delta(usd, "2026-01", -5)],
            ]
            .into_iter(),
        );
        assert_eq!(
            summed,
            [delta(eur, "2026-02", 7), delta(usd, "2026-02", 350)]
        );
        // A sum past i64 is left to the store, which refuses it.
        let past = vec![
            vec![delta(usd, "2026-01", i64::MAX)],
            vec![delta(usd, "2026-01", 1)],
        ];
        assert_eq!(page_rollup(past.clone().into_iter()), past.concat());
    }
}
