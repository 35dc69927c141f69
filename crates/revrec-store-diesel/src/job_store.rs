//! `JobRepository` over Diesel. A claim is one statement on either backend (PostgreSQL:
//! `FOR UPDATE SKIP LOCKED` in a subquery, so workers of several instances pass each other
//! by; SQLite: its single writer makes the statement atomic). A page of a job commits its
//! contract restatements, rollup deltas, progress and lease in one transaction; a
//! restatement writes the contract rows only, checked against the revisions they were read at.

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use revrec_domain::{Convention, Currency, Period};
use revrec_ports::{
    ContractRestatement, JobFailure, JobLease, JobProgress, JobRecord, JobRepository, JobStatus,
    PageCommit, QueueDepth, RecalculationRequest, RepositoryError, RollupDelta,
};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::{DbConnection, MultiBackend};
use crate::contract_store::add_rollup_deltas;
use crate::schema::{contracts, jobs};

/// The only kind of job so far.
const RECALCULATE_WATERFALL: &str = "recalculate_waterfall";

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
            let claimed: Vec<JobRow> = match connection {
                DbConnection::Postgres(pg) => diesel::sql_query(
                    "UPDATE jobs SET status = 'processing', lease_owner = $1, lease_until = $2, \
                     attempts = attempts + 1, updated_at = $3 \
                     WHERE (tenant_id, id) = (SELECT tenant_id, id FROM jobs \
                       WHERE status = 'queued' OR (status = 'processing' AND lease_until < $3) \
                       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) \
                     RETURNING *",
                )
                .bind::<Text, _>(&worker)
                .bind::<BigInt, _>(lease_until)
                .bind::<BigInt, _>(now)
                .load(pg)?,
                DbConnection::Sqlite(sqlite) => diesel::sql_query(
                    "UPDATE jobs SET status = 'processing', lease_owner = ?1, lease_until = ?2, \
                     attempts = attempts + 1, updated_at = ?3 \
                     WHERE rowid = (SELECT rowid FROM jobs \
                       WHERE status = 'queued' OR (status = 'processing' AND lease_until < ?3) \
                       ORDER BY created_at, id LIMIT 1) \
                     RETURNING *",
                )
                .bind::<Text, _>(&worker)
                .bind::<BigInt, _>(lease_until)
                .bind::<BigInt, _>(now)
                .load(sqlite)?,
            };
            claimed
                .into_iter()
                .next()
                .map(JobRecord::try_from)
                .transpose()
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
            let outcome = connection.transaction(|connection| {
                commit_page(
                    connection,
                    &lease,
                    &progress,
                    &restatements,
                    &rollup,
                    lease_until,
                )
            });
            match outcome {
                Ok(()) => Ok(PageCommit::Committed),
                Err(PageError::Outcome(outcome)) => Ok(outcome),
                Err(PageError::Store(error)) => Err(error),
            }
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
    lease: &JobLease,
    progress: &JobProgress,
    restatements: &[ContractRestatement],
    rollup: &[RollupDelta],
    lease_until: i64,
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
            let restated = restate(connection, &lease.tenant_id, convention, &page, now)?;
            if restated != page.len() {
                // Some contract is no longer at the revision the page read: roll it all back.
                return Err(PageError::Outcome(PageCommit::ContractsChanged));
            }
        }
    }
    add_rollup_deltas(
        connection,
        rollup.iter().map(|delta| (lease.tenant_id.as_str(), delta)),
    )?;
    Ok(())
}

/// Restates the contracts still at the revisions they were read at; how many it restated.
/// Only the contract rows change (the versions keep their terms as recorded), in one
/// statement for the page.
fn restate(
    connection: &mut DbConnection,
    tenant: &str,
    convention: Convention,
    page: &[&ContractRestatement],
    now: i64,
) -> Result<usize, diesel::result::Error> {
    let ids: Vec<&str> = page.iter().map(|r| r.contract_id.as_str()).collect();
    let (Some(first), Some(last)) = (ids.iter().min(), ids.iter().max()) else {
        return Ok(0);
    };
    // The id range lets the primary key find the page in one range scan whatever the
    // planner believes (a table bulk-loaded moments ago has no statistics yet, and `= ANY`
    // alone then plans as a scan of the whole tenant).
    let restated: Vec<(String, i64)> = diesel::update(
        contracts::table
            .filter(contracts::tenant_id.eq(tenant))
            .filter(contracts::id.ge(*first))
            .filter(contracts::id.le(*last))
            .filter(contracts::id.eq_any(&ids)),
    )
    .set((
        contracts::revision.eq(contracts::revision + 1),
        contracts::restatements.eq(contracts::restatements + 1),
        contracts::updated_at.eq(now),
        contracts::convention.eq(Some(convention.as_str())),
    ))
    .returning((contracts::id, contracts::revision))
    .load(connection)?;
    // Each row must have been at the revision the page read (now one more); any other is a
    // concurrent change, and the caller rolls the page back.
    let as_read = page.iter().all(|restatement| {
        restated.iter().any(|(id, revision)| {
            *id == restatement.contract_id && *revision == restatement.expected_revision + 1
        })
    });
    if !as_read {
        return Ok(0);
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
