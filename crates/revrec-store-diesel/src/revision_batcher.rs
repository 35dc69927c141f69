//! Revision checks of cached contracts on PostgreSQL, many per round trip.
//!
//! A cached contract is used only when the database still holds the revision it was read
//! at, so every read asks the database (a write on another instance is seen by the very
//! next read here). Asked one by one, that is a round trip, a blocking-thread hop and a
//! pooled connection per read. Here a read joins the batch that is being gathered and one
//! query answers the whole batch: a batch is sent only after every check in it was asked,
//! so each answer is at least as fresh as its own request; while a batch is out, new checks
//! wait for the next one, which is what makes batches grow with the load (one check alone
//! costs one round trip, as before). No task runs in the background: the thread that
//! finishes a batch takes the next one.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use diesel::prelude::*;
use revrec_ports::RepositoryError;
use tokio::sync::oneshot;

use crate::blocking::{StoreError, with_pooled};
use crate::connection::{DbConnection, DbPool};
use crate::schema::contracts;

/// Batches out at once. Measured with `scripts/load.sh` (64 connections, one contract's
/// waterfall): one at a time served 57,000 reads a second with about ten checks a batch;
/// two, 35,000; four, 27,000 with three checks a batch. Every extra batch out is another
/// database backend and blocking thread competing for the same cores.
const MAX_BATCHES_IN_FLIGHT: usize = 1;
/// Checks answered by one query at most.
const MAX_BATCH: usize = 512;

/// The contract's revision and the sequence of its tenant's latest close or reopen (0
/// before any), or `None` when the tenant has no such contract.
type Answer = Result<Option<(i64, i64)>, RepositoryError>;

struct Check {
    tenant_id: String,
    id: String,
    reply: oneshot::Sender<Answer>,
}

#[derive(Default)]
struct Queue {
    pending: Vec<Check>,
    running: usize,
}

pub struct RevisionBatcher {
    pool: DbPool,
    queue: Arc<Mutex<Queue>>,
}

impl RevisionBatcher {
    pub fn new(pool: DbPool) -> RevisionBatcher {
        RevisionBatcher {
            pool,
            queue: Arc::new(Mutex::new(Queue::default())),
        }
    }

    /// The contract's revision now, with its tenant's latest books sequence (`None`: the
    /// tenant has no such contract).
    pub async fn revision(&self, tenant_id: &str, id: &str) -> Answer {
        let (reply, answer) = oneshot::channel();
        let start = {
            let mut queue = lock(&self.queue);
            queue.pending.push(Check {
                tenant_id: tenant_id.to_owned(),
                id: id.to_owned(),
                reply,
            });
            if queue.running < MAX_BATCHES_IN_FLIGHT {
                queue.running += 1;
                Some(take_batch(&mut queue))
            } else {
                None
            }
        };
        if let Some(batch) = start {
            // The slot is freed by the guard whatever happens to the task: it runs to the
            // end, unwinds, or is dropped unrun by a runtime shutting down.
            let slot = Running {
                queue: Arc::clone(&self.queue),
                released: false,
            };
            let pool = self.pool.clone();
            tokio::task::spawn_blocking(move || run(&pool, batch, slot));
        }
        answer.await.unwrap_or_else(|_| {
            Err(RepositoryError::Backend(
                "a revision check was dropped unanswered".into(),
            ))
        })
    }
}

/// Answers `batch`, then every batch gathered meanwhile, until none is waiting.
fn run(pool: &DbPool, mut batch: Vec<Check>, mut slot: Running) {
    loop {
        answer(pool, batch);
        let mut queue = lock(&slot.queue);
        if queue.pending.is_empty() {
            // In the same critical section as the emptiness check: a check queued after it
            // finds a free slot and starts its own batch.
            queue.running -= 1;
            drop(queue);
            slot.released = true;
            return;
        }
        batch = take_batch(&mut queue);
    }
}

/// A runner's slot, given back on drop unless the runner gave it back itself.
struct Running {
    queue: Arc<Mutex<Queue>>,
    released: bool,
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.released {
            lock(&self.queue).running -= 1;
        }
    }
}

fn lock(queue: &Mutex<Queue>) -> MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The oldest checks waiting, up to a batch.
fn take_batch(queue: &mut Queue) -> Vec<Check> {
    let taken = queue.pending.len().min(MAX_BATCH);
    queue.pending.drain(..taken).collect()
}

/// One query per tenant in the batch (usually one), every check answered.
fn answer(pool: &DbPool, batch: Vec<Check>) {
    let mut by_tenant: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for check in &batch {
        by_tenant
            .entry(check.tenant_id.as_str())
            .or_default()
            .push(check.id.as_str());
    }
    let found = with_pooled(pool, |connection| revisions(connection, &by_tenant));
    drop(by_tenant);
    match found {
        Ok(found) => {
            for check in batch {
                let revision = found
                    .get(check.tenant_id.as_str())
                    .and_then(|revisions| revisions.get(check.id.as_str()))
                    .copied();
                let _ = check.reply.send(Ok(revision));
            }
        }
        Err(error) => {
            // One failure for every check of the batch, classified alike, cause kept.
            let cause = std::error::Error::source(&error)
                .map_or_else(|| error.to_string(), ToString::to_string);
            for check in batch {
                let _ = check.reply.send(Err(match &error {
                    RepositoryError::Unavailable(_) => {
                        RepositoryError::Unavailable(cause.clone().into())
                    }
                    RepositoryError::Conflict(text) => RepositoryError::Conflict(text.clone()),
                    RepositoryError::OutOfRange(error) => RepositoryError::OutOfRange(*error),
                    RepositoryError::Backend(_) => RepositoryError::Backend(cause.clone().into()),
                }));
            }
        }
    }
}

/// One tenant's asked contracts that exist: (revision, the tenant's latest books sequence)
/// by contract id.
type Checked = HashMap<String, (i64, i64)>;

/// Each tenant's asked contracts that exist, with their revisions and the tenant's latest
/// books sequence.
fn revisions(
    connection: &mut DbConnection,
    by_tenant: &BTreeMap<&str, Vec<&str>>,
) -> Result<HashMap<String, Checked>, StoreError> {
    let mut found = HashMap::new();
    for (tenant_id, ids) in by_tenant {
        let rows: Vec<(String, i64, Option<i64>)> = contracts::table
            .filter(contracts::tenant_id.eq(*tenant_id))
            .filter(contracts::id.eq_any(ids))
            .select((
                contracts::id,
                contracts::revision,
                crate::books_lock::latest_sequence_of(tenant_id),
            ))
            .load(connection)?;
        found.insert(
            (*tenant_id).to_owned(),
            rows.into_iter()
                .map(|(id, revision, latest)| (id, (revision, latest.unwrap_or(0))))
                .collect(),
        );
    }
    Ok(found)
}
