//! `JobRepository` over Diesel. A claim is one transaction on either backend: a statement
//! that takes the oldest claimable job of the tenant served least recently (PostgreSQL:
//! `FOR UPDATE SKIP LOCKED` in a subquery, so workers of several instances pass each other
//! by; SQLite: its single writer makes the statement atomic), then the tenant's turn in
//! `job_tenants`. A new job is counted against its tenant's cap under a lock on the tenant's
//! `job_tenants` row. A page of a job commits its contract restatements, rollup deltas,
//! progress and lease in one transaction; a restatement writes the contract rows,
//! checked against the revisions they were read at, a new version of each and its entry in
//! the log of contract changes.

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use revrec_domain::{Convention, Currency, Period};
use revrec_ports::{
    ContractRestatement, Enqueued, JobFailure, JobLease, JobProgress, JobRecord, JobRepository,
    JobStatus, PageCommit, QueueDepth, QueueFull, RecalculationRequest, RepositoryError,
    RollupDelta,
};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::books_lock::{BooksHold, WriteStamp, stamp_for_rollup_write};
use crate::connection::{DbConnection, MultiBackend, on_each_backend};
use crate::contract_changes::{ContractChange, log_changes};
use crate::contract_store::{add_rollup_deltas, insert_versions, with_books_held};
use crate::rows::version_row;
use crate::schema::{contract_versions, contracts, job_tenants, jobs};

/// The only kind of job so far.
const RECALCULATE_WATERFALL: &str = "recalculate_waterfall";
/// How many of a tenant's latest completed jobs its turnaround estimate averages.
const RECENT_JOBS: i64 = 10;
/// The statuses of a job not yet finished: what a tenant's cap counts.
const UNFINISHED: [JobStatus; 2] = [JobStatus::Queued, JobStatus::Processing];

fn unfinished_statuses() -> [&'static str; 2] {
    UNFINISHED.map(JobStatus::as_str)
}

pub struct JobStore {
    database: Database,
}

impl JobStore {
    pub fn new(database: Database) -> JobStore {
        JobStore { database }
    }
}

#[derive(Queryable, QueryableByName, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = jobs, treat_none_as_default_value = false)]
struct JobRow {
    tenant_id: String,
    id: String,
    kind: String,
    status: String,
    contract_ids: Option<String>,
    convention: Option<String>,
    as_of: String,
    total: i64,
    processed: i64,
    changed: i64,
    recognized_delta: String,
    hash_chain: String,
    skipped: String,
    cursor: Option<String>,
    failure_code: Option<String>,
    failure_message: Option<String>,
    attempts: i32,
    lease_owner: Option<String>,
    lease_until: Option<i64>,
    created_at: i64,
    updated_at: i64,
    finished_at: Option<i64>,
    requested_by: String,
}

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Corrupt(format!("job {what} `{value}`"))
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// `USD:1234` lines, in the progress's order.
fn encode_deltas(deltas: &[(Currency, i64)]) -> String {
    deltas
        .iter()
        .map(|(currency, amount)| format!("{}:{amount}", currency.code()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn decode_deltas(text: &str) -> Result<Vec<(Currency, i64)>, StoreError> {
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (code, amount) = line.split_once(':').ok_or_else(|| corrupt("delta", line))?;
            Ok((
                Currency::from_code(code).map_err(|_| corrupt("currency", code))?,
                amount.parse().map_err(|_| corrupt("delta", line))?,
            ))
        })
        .collect()
}

/// `<id>\t<reason>` lines (ids and reasons hold no tabs or line breaks).
fn encode_skipped(skipped: &[(String, String)]) -> String {
    skipped
        .iter()
        .map(|(id, reason)| format!("{id}\t{}", reason.replace(['\t', '\n'], " ")))
        .collect::<Vec<_>>()
        .join("\n")
}

fn decode_skipped(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(id, reason)| (id.to_owned(), reason.to_owned()))
        .collect()
}

impl From<&JobRecord> for JobRow {
    fn from(job: &JobRecord) -> JobRow {
        JobRow {
            tenant_id: job.tenant_id.clone(),
            id: job.id.clone(),
            kind: RECALCULATE_WATERFALL.to_owned(),
            status: job.status.as_str().to_owned(),
            contract_ids: job.request.contract_ids.as_ref().map(|ids| ids.join("\n")),
            convention: job
                .request
                .convention
                .map(|convention| convention.as_str().to_owned()),
            as_of: job.as_of.to_string(),
            total: to_i64(job.progress.total),
            processed: to_i64(job.progress.processed),
            changed: to_i64(job.progress.changed),
            recognized_delta: encode_deltas(&job.progress.recognized_delta),
            hash_chain: job.progress.hash_chain.clone(),
            skipped: encode_skipped(&job.progress.skipped),
            cursor: job.progress.cursor.clone(),
            failure_code: job.failure.as_ref().map(|failure| failure.code.clone()),
            failure_message: job.failure.as_ref().map(|failure| failure.message.clone()),
            attempts: i32::try_from(job.attempts).unwrap_or(i32::MAX),
            lease_owner: None,
            lease_until: None,
            created_at: job.created_at,
            updated_at: job.updated_at,
            finished_at: job.finished_at,
            requested_by: job.request.requested_by.clone(),
        }
    }
}

impl TryFrom<JobRow> for JobRecord {
    type Error = StoreError;

    fn try_from(row: JobRow) -> Result<JobRecord, StoreError> {
        let count =
            |value: i64| u64::try_from(value).map_err(|_| corrupt("count", &value.to_string()));
        Ok(JobRecord {
            status: JobStatus::parse(&row.status).ok_or_else(|| corrupt("status", &row.status))?,
            request: RecalculationRequest {
                contract_ids: row
                    .contract_ids
                    .map(|ids| ids.lines().map(str::to_owned).collect()),
                convention: row
                    .convention
                    .map(|text| {
                        Convention::parse(&text).ok_or_else(|| corrupt("convention", &text))
                    })
                    .transpose()?,
                requested_by: row.requested_by,
            },
            as_of: Period::parse(&row.as_of).map_err(|_| corrupt("as_of", &row.as_of))?,
            progress: JobProgress {
                total: count(row.total)?,
                processed: count(row.processed)?,
                changed: count(row.changed)?,
                recognized_delta: decode_deltas(&row.recognized_delta)?,
                hash_chain: row.hash_chain,
                skipped: decode_skipped(&row.skipped),
                cursor: row.cursor,
            },
            failure: match (row.failure_code, row.failure_message) {
                (Some(code), Some(message)) => Some(JobFailure { code, message }),
                _ => None,
            },
            attempts: u32::try_from(row.attempts)
                .map_err(|_| corrupt("attempts", &row.attempts.to_string()))?,
            tenant_id: row.tenant_id,
            id: row.id,
            created_at: row.created_at,
            updated_at: row.updated_at,
            finished_at: row.finished_at,
        })
    }
}

/// Why a page's transaction was rolled back on purpose.
enum PageError {
    Outcome(PageCommit),
    Store(StoreError),
}

impl From<diesel::result::Error> for PageError {
    fn from(error: diesel::result::Error) -> PageError {
        PageError::Store(StoreError::Diesel(error))
    }
}

impl From<StoreError> for PageError {
    fn from(error: StoreError) -> PageError {
        PageError::Store(error)
    }
}

#[async_trait]
impl JobRepository for JobStore {
    async fn create(&self, job: &JobRecord) -> Result<(), RepositoryError> {
        let row = JobRow::from(job);
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::insert_into(jobs::table)
                .values(&row)
                .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn enqueue(&self, job: &JobRecord, cap: u64) -> Result<Enqueued, RepositoryError> {
        let row = JobRow::from(job);
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                lock_tenant_queue(connection, &row.tenant_id)?;
                let unfinished: i64 = jobs::table
                    .filter(jobs::tenant_id.eq(&row.tenant_id))
                    .filter(jobs::status.eq_any(unfinished_statuses()))
                    .count()
                    .get_result(connection)?;
                let unfinished = u64::try_from(unfinished).unwrap_or(0);
                if unfinished >= cap {
                    return queue_full(connection, &row.tenant_id, unfinished).map(Enqueued::Full);
                }
                diesel::insert_into(jobs::table)
                    .values(&row)
                    .execute(connection)?;
                Ok(Enqueued::Queued)
            })
        })
        .await
    }

    async fn find(&self, tenant_id: &str, id: &str) -> Result<Option<JobRecord>, RepositoryError> {
        let (tenant_id, id) = (tenant_id.to_owned(), id.to_owned());
        with_connection(&self.database, Access::Read, move |connection| {
            let row: Option<JobRow> = jobs::table
                .filter(jobs::tenant_id.eq(tenant_id))
                .filter(jobs::id.eq(id))
                .select(JobRow::as_select())
                .load(connection)?
                .pop();
            row.map(JobRecord::try_from).transpose()
        })
        .await
    }

    async fn claim(
        &self,
        worker: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<JobRecord>, RepositoryError> {
        let worker = worker.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                let Some(row) = claim_next(connection, &worker, now, lease_until)? else {
                    return Ok(None);
                };
                mark_served(connection, &row.tenant_id)?;
                JobRecord::try_from(row).map(Some)
            })
        })
        .await
    }

    async fn commit_page(
        &self,
        lease: &JobLease,
        progress: &JobProgress,
        restatements: Vec<ContractRestatement>,
        rollup: Vec<RollupDelta>,
        lease_until: i64,
    ) -> Result<PageCommit, RepositoryError> {
        let (lease, progress) = (lease.clone(), progress.clone());
        with_connection(&self.database, Access::Write, move |connection| {
            // A page the books' size bounds cannot admit runs again holding the books alone.
            with_books_held(|hold| {
                let outcome = connection.transaction(|connection| {
                    commit_page(
                        connection,
                        (&lease, &progress, lease_until),
                        &restatements,
                        &rollup,
                        hold,
                    )
                });
                match outcome {
                    Ok(()) => Ok(PageCommit::Committed),
                    Err(PageError::Outcome(outcome)) => Ok(outcome),
                    Err(PageError::Store(error)) => Err(error),
                }
            })
        })
        .await
    }

    async fn finish(
        &self,
        lease: &JobLease,
        status: JobStatus,
        progress: &JobProgress,
        failure: Option<JobFailure>,
        now: i64,
    ) -> Result<bool, RepositoryError> {
        let (lease, progress) = (lease.clone(), progress.clone());
        with_connection(&self.database, Access::Write, move |connection| {
            let updated = diesel::update(jobs::table.filter(held_by(&lease)))
                .set((
                    jobs::status.eq(status.as_str()),
                    progress_columns(&progress),
                    jobs::failure_code.eq(failure.as_ref().map(|f| f.code.clone())),
                    jobs::failure_message.eq(failure.as_ref().map(|f| f.message.clone())),
                    jobs::lease_owner.eq(None::<String>),
                    jobs::lease_until.eq(None::<i64>),
                    jobs::updated_at.eq(now),
                    jobs::finished_at.eq(Some(now)),
                ))
                .execute(connection)?;
            Ok(updated == 1)
        })
        .await
    }

    async fn release(&self, worker: &str) -> Result<u64, RepositoryError> {
        let worker = worker.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            let released = diesel::update(
                jobs::table
                    .filter(jobs::lease_owner.eq(&worker))
                    .filter(jobs::status.eq(JobStatus::Processing.as_str())),
            )
            .set((
                jobs::status.eq(JobStatus::Queued.as_str()),
                jobs::lease_owner.eq(None::<String>),
                jobs::lease_until.eq(None::<i64>),
            ))
            .execute(connection)?;
            Ok(u64::try_from(released).unwrap_or(0))
        })
        .await
    }

    async fn queue_depth(&self) -> Result<QueueDepth, RepositoryError> {
        with_connection(&self.database, Access::Read, |connection| {
            let counts: Vec<(String, i64)> = jobs::table
                .filter(
                    jobs::status
                        .eq_any([JobStatus::Queued.as_str(), JobStatus::Processing.as_str()]),
                )
                .group_by(jobs::status)
                .select((jobs::status, diesel::dsl::count_star()))
                .load(connection)?;
            let mut depth = QueueDepth::default();
            for (status, count) in counts {
                let count = u64::try_from(count).unwrap_or(0);
                match JobStatus::parse(&status) {
                    Some(JobStatus::Queued) => depth.queued = count,
                    Some(JobStatus::Processing) => depth.processing = count,
                    _ => {}
                }
            }
            Ok(depth)
        })
        .await
    }
}

/// Takes the next job (see [`JobRepository::claim`]) for `worker`: tenants in the order
/// they were last served (never served first: `served_turn` starts at 1), then each
/// tenant's oldest job. A tenant with no `job_tenants` row yet (jobs stored by `create`)
/// counts as never served.
fn claim_next(
    connection: &mut DbConnection,
    worker: &str,
    now: i64,
    lease_until: i64,
) -> Result<Option<JobRow>, diesel::result::Error> {
    let claimed: Vec<JobRow> = match connection {
        DbConnection::Postgres(pg) => diesel::sql_query(
            "UPDATE jobs SET status = 'processing', lease_owner = $1, lease_until = $2, \
             attempts = attempts + 1, updated_at = $3 \
             WHERE (tenant_id, id) = (SELECT candidate.tenant_id, candidate.id FROM jobs candidate \
               LEFT JOIN job_tenants turn ON turn.tenant_id = candidate.tenant_id \
               WHERE candidate.status = 'queued' \
                 OR (candidate.status = 'processing' AND candidate.lease_until < $3) \
               ORDER BY COALESCE(turn.served_turn, 0), candidate.created_at, candidate.id \
               LIMIT 1 FOR UPDATE OF candidate SKIP LOCKED) \
             RETURNING *",
        )
        .bind::<Text, _>(worker)
        .bind::<BigInt, _>(lease_until)
        .bind::<BigInt, _>(now)
        .load(pg)?,
        DbConnection::Sqlite(sqlite) => diesel::sql_query(
            "UPDATE jobs SET status = 'processing', lease_owner = ?1, lease_until = ?2, \
             attempts = attempts + 1, updated_at = ?3 \
             WHERE rowid = (SELECT candidate.rowid FROM jobs candidate \
               LEFT JOIN job_tenants turn ON turn.tenant_id = candidate.tenant_id \
               WHERE candidate.status = 'queued' \
                 OR (candidate.status = 'processing' AND candidate.lease_until < ?3) \
               ORDER BY COALESCE(turn.served_turn, 0), candidate.created_at, candidate.id \
               LIMIT 1) \
             RETURNING *",
        )
        .bind::<Text, _>(worker)
        .bind::<BigInt, _>(lease_until)
        .bind::<BigInt, _>(now)
        .load(sqlite)?,
    };
    Ok(claimed.into_iter().next())
}

/// Moves `tenant` to the back of the round robin: its turn becomes the latest. Two workers
/// of different instances claiming at the same moment may give their tenants the same turn;
/// those tenants then go by their oldest job, which is still fair.
fn mark_served(connection: &mut DbConnection, tenant: &str) -> Result<(), diesel::result::Error> {
    let upsert = |placeholder: &str| {
        format!(
            "INSERT INTO job_tenants (tenant_id, served_turn) \
             VALUES ({placeholder}, (SELECT COALESCE(MAX(served_turn), 0) + 1 FROM job_tenants)) \
             ON CONFLICT (tenant_id) DO UPDATE SET served_turn = excluded.served_turn"
        )
    };
    match connection {
        DbConnection::Postgres(pg) => diesel::sql_query(upsert("$1"))
            .bind::<Text, _>(tenant)
            .execute(pg)?,
        DbConnection::Sqlite(sqlite) => diesel::sql_query(upsert("?1"))
            .bind::<Text, _>(tenant)
            .execute(sqlite)?,
    };
    Ok(())
}

/// Locks the tenant's queue row until the transaction ends (creating it if need be), so
/// the count of its unfinished jobs and the insert that follows are one step for every
/// instance: a second transaction offering the same tenant a job waits here. A row lock
/// rather than an advisory lock: the row exists anyway for the round robin, the lock shows
/// in `pg_locks` under its table, and no key space is shared with the migration lock. On
/// SQLite this write takes the database's writer lock, which serializes the same way.
fn lock_tenant_queue(
    connection: &mut DbConnection,
    tenant: &str,
) -> Result<(), diesel::result::Error> {
    on_each_backend!(&mut *connection, |backend| {
        diesel::insert_into(job_tenants::table)
            .values((
                job_tenants::tenant_id.eq(tenant),
                job_tenants::served_turn.eq(None::<i64>),
            ))
            .on_conflict(job_tenants::tenant_id)
            .do_update()
            .set(job_tenants::served_turn.eq(job_tenants::served_turn))
            .execute(backend)
    })?;
    Ok(())
}

/// What a caller refused by the cap needs to estimate when to come back: its oldest
/// unfinished job and how long its latest completed jobs took from queued to completed.
fn queue_full(
    connection: &mut DbConnection,
    tenant: &str,
    unfinished: u64,
) -> Result<QueueFull, StoreError> {
    let oldest_created_at: Option<i64> = jobs::table
        .filter(jobs::tenant_id.eq(tenant))
        .filter(jobs::status.eq_any(unfinished_statuses()))
        .select(diesel::dsl::min(jobs::created_at))
        .get_result(connection)?;
    let recent: Vec<(i64, Option<i64>)> = jobs::table
        .filter(jobs::tenant_id.eq(tenant))
        .filter(jobs::status.eq(JobStatus::Completed.as_str()))
        .order(jobs::finished_at.desc())
        .limit(RECENT_JOBS)
        .select((jobs::created_at, jobs::finished_at))
        .load(connection)?;
    let turnarounds: Vec<i64> = recent
        .into_iter()
        .filter_map(|(created_at, finished_at)| Some((finished_at? - created_at).max(0)))
        .collect();
    let count = i64::try_from(turnarounds.len()).unwrap_or(i64::MAX);
    Ok(QueueFull {
        unfinished,
        oldest_created_at: oldest_created_at.unwrap_or_default(),
        recent_turnaround_micros: (count > 0).then(|| turnarounds.iter().sum::<i64>() / count),
    })
}

/// The job `lease` names, while its worker still holds it.
fn held_by(
    lease: &JobLease,
) -> Box<dyn BoxableExpression<jobs::table, MultiBackend, SqlType = Nullable<Bool>> + '_> {
    Box::new(
        jobs::tenant_id
            .eq(lease.tenant_id.as_str())
            .and(jobs::id.eq(lease.job_id.as_str()))
            .and(jobs::lease_owner.eq(lease.worker.as_str()))
            .and(jobs::status.eq(JobStatus::Processing.as_str())),
    )
}

type ProgressColumns = (
    diesel::dsl::Eq<jobs::processed, i64>,
    diesel::dsl::Eq<jobs::changed, i64>,
    diesel::dsl::Eq<jobs::recognized_delta, String>,
    diesel::dsl::Eq<jobs::hash_chain, String>,
    diesel::dsl::Eq<jobs::skipped, String>,
    diesel::dsl::Eq<jobs::cursor, Option<String>>,
);

fn progress_columns(progress: &JobProgress) -> ProgressColumns {
    (
        jobs::processed.eq(to_i64(progress.processed)),
        jobs::changed.eq(to_i64(progress.changed)),
        jobs::recognized_delta.eq(encode_deltas(&progress.recognized_delta)),
        jobs::hash_chain.eq(progress.hash_chain.clone()),
        jobs::skipped.eq(encode_skipped(&progress.skipped)),
        jobs::cursor.eq(progress.cursor.clone()),
    )
}

fn commit_page(
    connection: &mut DbConnection,
    (lease, progress, lease_until): (&JobLease, &JobProgress, i64),
    restatements: &[ContractRestatement],
    rollup: &[RollupDelta],
    hold: BooksHold,
) -> Result<(), PageError> {
    let now = restatements.first().map(|r| r.updated_at);
    // First statement writes (SQLite takes the writer lock at once) and proves the lease.
    let held = diesel::update(jobs::table.filter(held_by(lease)))
        .set((
            progress_columns(progress),
            jobs::lease_until.eq(Some(lease_until)),
        ))
        .execute(connection)?;
    if held == 0 {
        return Err(PageError::Outcome(PageCommit::LeaseLost));
    }
    if let Some(now) = now {
        for convention in Convention::ALL {
            let page: Vec<&ContractRestatement> = restatements
                .iter()
                .filter(|restatement| restatement.convention == convention)
                .collect();
            if page.is_empty() {
                continue;
            }
            // A draft is restated in place; every other contract gains a version.
            let (drafts, versioned): (Vec<&ContractRestatement>, Vec<&ContractRestatement>) = page
                .iter()
                .partition(|restatement| restatement.version.is_none());
            let mut restated = 0;
            for (part, increment) in [(drafts, 0), (versioned, 1)] {
                if !part.is_empty() {
                    restated += restate(
                        connection,
                        &lease.tenant_id,
                        convention,
                        &part,
                        now,
                        increment,
                    )?;
                }
            }
            if restated != page.len() {
                // Some contract is no longer at the revision the page read: roll it all back.
                return Err(PageError::Outcome(PageCommit::ContractsChanged));
            }
        }
    }
    let stamp = append_restatement_versions(connection, &lease.tenant_id, restatements, hold)?;
    add_rollup_deltas(
        connection,
        stamp,
        rollup.iter().map(|delta| (lease.tenant_id.as_str(), delta)),
    )?;
    Ok(())
}

/// Each restated contract's new version (a restatement), in a few multi-row statements: the
/// versions already stored are never rewritten. A restatement's obligations are its
/// predecessor's, so it stores no lines of its own (reading a contract fills them in).
fn append_restatement_versions(
    connection: &mut DbConnection,
    tenant: &str,
    restatements: &[ContractRestatement],
    hold: BooksHold,
) -> Result<WriteStamp, PageError> {
    let stamp = stamp_for_rollup_write(connection, tenant, hold)?;
    let versions: Vec<_> = restatements
        .iter()
        .filter_map(|restatement| {
            let appended = restatement.version.as_ref()?;
            let mut row = version_row(tenant, &restatement.contract_id, appended);
            row.books_sequence = stamp.sequence;
            Some(row)
        })
        .collect();
    insert_versions(connection, &versions, &[])?;
    Ok(stamp)
}

/// Restates the contracts still at the revisions they were read at; how many it restated.
/// Only the contract rows change (the versions keep their terms as recorded), in one
/// statement for the page, and each restated contract's write is logged
/// (`contract_changes`).
fn restate(
    connection: &mut DbConnection,
    tenant: &str,
    convention: Convention,
    page: &[&ContractRestatement],
    now: i64,
    version_increment: i32,
) -> Result<usize, diesel::result::Error> {
    let ids: Vec<&str> = page.iter().map(|r| r.contract_id.as_str()).collect();
    let (Some(first), Some(last)) = (ids.iter().min(), ids.iter().max()) else {
        return Ok(0);
    };
    // The id range lets the primary key find the page in one range scan whatever the
    // planner believes (a table bulk-loaded moments ago has no statistics yet, and `= ANY`
    // alone then plans as a scan of the whole tenant).
    let restated: Vec<(String, i64, String)> = diesel::update(
        contracts::table
            .filter(contracts::tenant_id.eq(tenant))
            .filter(contracts::id.ge(*first))
            .filter(contracts::id.le(*last))
            .filter(contracts::id.eq_any(&ids)),
    )
    .set((
        contracts::revision.eq(contracts::revision + 1),
        contracts::restatements.eq(contracts::restatements + 1),
        contracts::version.eq(contracts::version + version_increment),
        contracts::updated_at.eq(now),
        contracts::convention.eq(Some(convention.as_str())),
    ))
    .returning((contracts::id, contracts::revision, contracts::currency))
    .load(connection)?;
    // Each row must have been at the revision the page read (now one more); any other is a
    // concurrent change, and the caller rolls the page back.
    let now_at: std::collections::HashMap<&str, i64> = restated
        .iter()
        .map(|(id, revision, _)| (id.as_str(), *revision))
        .collect();
    let as_read = page.iter().all(|restatement| {
        now_at.get(restatement.contract_id.as_str()) == Some(&(restatement.expected_revision + 1))
    });
    if !as_read {
        return Ok(0);
    }
    let changes: Vec<ContractChange<'_>> = restated
        .iter()
        .map(|(id, revision, currency)| ContractChange {
            tenant_id: tenant,
            currency,
            changed_at: now,
            contract_id: id,
            revision: *revision,
        })
        .collect();
    log_changes(connection, &changes)?;
    if version_increment == 0 {
        // A draft is restated in place: its one version's terms take the convention, so
        // the version reads the same once the contract is activated and later restatements
        // add versions of their own.
        diesel::update(
            contract_versions::table
                .filter(contract_versions::tenant_id.eq(tenant))
                .filter(contract_versions::contract_id.eq_any(&ids)),
        )
        .set(contract_versions::convention.eq(convention.as_str()))
        .execute(connection)?;
    }
    // A price that depends on the convention (a terminated contract's) follows it, one row
    // at a time: few contracts of a page are terminated.
    for restatement in page {
        if let Some(total_value) = restatement.total_value {
            diesel::update(
                contracts::table
                    .filter(contracts::tenant_id.eq(tenant))
                    .filter(contracts::id.eq(&restatement.contract_id)),
            )
            .set(contracts::total_value.eq(total_value))
            .execute(connection)?;
        }
    }
    Ok(restated.len())
}
