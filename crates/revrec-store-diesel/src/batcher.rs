//! What every request asks of PostgreSQL, many requests per round trip: the reads that
//! precede a request's work, and the write of a new contract.
//!
//! Asked one by one, each is a round trip (a transaction, for a write), a blocking-thread
//! hop and a pooled connection per request. Here a request joins the batch that is being
//! gathered and one query (or one transaction) answers the whole batch: a batch is sent only
//! after every request in it was asked, so each read's answer is at least as fresh as its
//! own request; while a batch is out, new requests wait for the next one, which is what
//! makes batches grow with the load (one request alone costs what it did unbatched). No task
//! runs in the background: the thread that finishes a batch takes the next one.
//!
//! On SQLite a read is a local lookup of microseconds: it runs inline, alone. Writes there
//! take turns at one writer lock, and batched they take it once for many: a batch ingest's
//! transaction instead of one each (`scripts/load.sh sqlite`: 2,200 single-contract ingests
//! a second alone, 9,800–10,100 batched).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use diesel::Connection;
use revrec_ports::RepositoryError;
use tokio::sync::oneshot;

use crate::blocking::{Access, Database, StoreError, classify, with_connection, with_pooled};
use crate::connection::{DbConnection, DbPool};

/// Batches out at once, per batcher. Measured with `scripts/load.sh` (64 connections, one
/// contract's waterfall): one at a time served 57,000 reads a second with about ten checks a
/// batch; two, 35,000; four, 27,000 with three checks a batch. Every extra batch out is
/// another database backend and blocking thread competing for the same cores. New
/// contracts have a batcher per tenant (`contract_store.rs`): one transaction out per tenant.
const MAX_BATCHES_IN_FLIGHT: usize = 1;
/// Requests answered by one batch at most.
const MAX_BATCH: usize = 512;

/// What can be answered for many requests (keys) at once.
pub(crate) trait Batched: Send + Sync + 'static {
    type Key: Send + 'static;
    type Answer: Send + 'static;
    /// What is asked, for the error of a request dropped unanswered.
    const WHAT: &'static str;
    /// What is asked, as the `what` label of the batch size metric.
    const LABEL: &'static str;
    /// How a request touches the database: on SQLite a read runs inline and alone, a
    /// write joins a batch as on PostgreSQL.
    const ACCESS: Access = Access::Read;

    /// The answer to every key, in the keys' order.
    fn answer_all(
        connection: &mut DbConnection,
        keys: &[Self::Key],
    ) -> Result<Vec<Self::Answer>, StoreError>;
}

struct Pending<Asked: Batched> {
    key: Asked::Key,
    reply: oneshot::Sender<Result<Asked::Answer, RepositoryError>>,
}

struct Queue<Asked: Batched> {
    pending: Vec<Pending<Asked>>,
    running: usize,
}

pub(crate) struct Batcher<Asked: Batched> {
    database: Database,
    queue: Arc<Mutex<Queue<Asked>>>,
}

impl<Asked: Batched> Batcher<Asked> {
    pub(crate) fn new(database: Database) -> Batcher<Asked> {
        Batcher {
            database,
            queue: Arc::new(Mutex::new(Queue {
                pending: Vec::new(),
                running: 0,
            })),
        }
    }

    /// The answer to `key`, asked no earlier than this call: batched, or inline on SQLite
    /// for a read.
    pub(crate) async fn ask(&self, key: Asked::Key) -> Result<Asked::Answer, RepositoryError> {
        if self.database.inline_reads && Asked::ACCESS == Access::Read {
            return with_connection(&self.database, Asked::ACCESS, move |connection| {
                let answers = Asked::answer_all(connection, std::slice::from_ref(&key))?;
                let [answer] = <[Asked::Answer; 1]>::try_from(answers)
                    .map_err(|answers| miscounted::<Asked>(answers.len(), 1))?;
                Ok(answer)
            })
            .await;
        }
        let (reply, answer) = oneshot::channel();
        let start = {
            let mut queue = lock(&self.queue);
            queue.pending.push(Pending { key, reply });
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
            let pool = self.database.pool.clone();
            tokio::task::spawn_blocking(move || run(&pool, batch, slot));
        }
        answer.await.unwrap_or_else(|_| {
            Err(RepositoryError::Backend(
                format!("a request for {} was dropped unanswered", Asked::WHAT).into(),
            ))
        })
    }
}

/// Answers `batch`, then every batch gathered meanwhile, until none is waiting.
fn run<Asked: Batched>(pool: &DbPool, mut batch: Vec<Pending<Asked>>, mut slot: Running<Asked>) {
    loop {
        answer(pool, batch);
        let mut queue = lock(&slot.queue);
        if queue.pending.is_empty() {
            // In the same critical section as the emptiness check: a request queued after it
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
struct Running<Asked: Batched> {
    queue: Arc<Mutex<Queue<Asked>>>,
    released: bool,
}

impl<Asked: Batched> Drop for Running<Asked> {
    fn drop(&mut self) {
        if !self.released {
            lock(&self.queue).running -= 1;
        }
    }
}

fn lock<Asked: Batched>(queue: &Mutex<Queue<Asked>>) -> MutexGuard<'_, Queue<Asked>> {
    queue.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The oldest requests waiting, up to a batch.
fn take_batch<Asked: Batched>(queue: &mut Queue<Asked>) -> Vec<Pending<Asked>> {
    let taken = queue.pending.len().min(MAX_BATCH);
    queue.pending.drain(..taken).collect()
}

/// The answers of writes batched as one transaction: every key's, from `together` over all
/// of them; should that fail, each key's from `together` over it alone (a transaction of
/// its own), so one request's failure (a duplicate, a conflict) never becomes another's.
/// `together` must be all or nothing: one transaction.
pub(crate) fn together_or_each_alone<Key, Answer>(
    connection: &mut DbConnection,
    keys: &[Key],
    together: impl Fn(&mut DbConnection, &[Key]) -> Result<Vec<Answer>, StoreError>,
) -> Result<Vec<Result<Answer, RepositoryError>>, StoreError> {
    match together(connection, keys) {
        Ok(answers) => Ok(answers.into_iter().map(Ok).collect()),
        Err(error) if keys.len() == 1 => Err(error),
        Err(_) => Ok(keys
            .iter()
            .map(|key| {
                together(connection, std::slice::from_ref(key))
                    .and_then(|answers| {
                        <[Answer; 1]>::try_from(answers)
                            .map(|[answer]| answer)
                            .map_err(|answers| {
                                StoreError::Corrupt(format!(
                                    "{} answers to one write",
                                    answers.len()
                                ))
                            })
                    })
                    .map_err(|error| classify(error, connection))
            })
            .collect()),
    }
}

/// `one` for each key in turn, all in one transaction: a `together` for
/// [`together_or_each_alone`] when each key is its own statements.
pub(crate) fn each_in_one_transaction<Key, Answer>(
    connection: &mut DbConnection,
    keys: &[Key],
    one: impl Fn(&mut DbConnection, &Key) -> Result<Answer, StoreError>,
) -> Result<Vec<Answer>, StoreError> {
    connection.transaction(|connection| keys.iter().map(|key| one(connection, key)).collect())
}

/// An answerer that answered some keys twice or not at all.
fn miscounted<Asked: Batched>(answers: usize, keys: usize) -> StoreError {
    StoreError::Corrupt(format!(
        "{answers} answers to {keys} requests for {}",
        Asked::WHAT
    ))
}

/// Answers the batch's keys at once, every request its own answer.
fn answer<Asked: Batched>(pool: &DbPool, batch: Vec<Pending<Asked>>) {
    let (keys, replies): (Vec<Asked::Key>, Vec<_>) = batch
        .into_iter()
        .map(|pending| (pending.key, pending.reply))
        .unzip();
    #[allow(
        clippy::cast_precision_loss,
        reason = "a batch holds at most MAX_BATCH requests"
    )]
    metrics::histogram!(crate::pool_metrics::BATCH_SIZE, "what" => Asked::LABEL)
        .record(keys.len() as f64);
    let read = with_pooled(pool, |connection| {
        let answers = Asked::answer_all(connection, &keys)?;
        // Some keys answered twice or not at all is a bug, not an answer.
        if answers.len() == keys.len() {
            Ok(answers)
        } else {
            Err(miscounted::<Asked>(answers.len(), keys.len()))
        }
    });
    match read {
        Ok(answers) => {
            for (reply, answer) in replies.into_iter().zip(answers) {
                let _ = reply.send(Ok(answer));
            }
        }
        Err(error) => {
            // One failure for every request of the batch, classified alike, cause kept.
            let cause = std::error::Error::source(&error)
                .map_or_else(|| error.to_string(), ToString::to_string);
            for reply in replies {
                let _ = reply.send(Err(match &error {
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

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a failed fixture should fail the test loudly"
    )]

    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use revrec_test_support::TestDatabase;

    use super::*;
    use crate::connection::{DatabaseUrl, connect};

    /// Batches answered so far by [`Doubled`].
    static BATCHES: AtomicUsize = AtomicUsize::new(0);

    /// Answers each key doubled; the first batch takes long enough for the others to queue.
    struct Doubled;

    impl Batched for Doubled {
        type Key = u32;
        type Answer = u64;
        const WHAT: &'static str = "a doubled number";
        const LABEL: &'static str = "doubled_number";

        fn answer_all(_: &mut DbConnection, keys: &[u32]) -> Result<Vec<u64>, StoreError> {
            if BATCHES.fetch_add(1, Ordering::SeqCst) == 0 {
                std::thread::sleep(Duration::from_millis(200));
            }
            Ok(keys.iter().map(|key| u64::from(*key) * 2).collect())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn reads_asked_while_a_batch_is_out_are_answered_together_each_its_own_answer() {
        let database = TestDatabase::sqlite();
        let pool = connect(&DatabaseUrl::parse(&database.url).unwrap(), 2).unwrap();
        // Batched as on PostgreSQL, over a pool of SQLite connections the reads never use.
        let batcher = Arc::new(Batcher::<Doubled>::new(Database {
            pool,
            inline_reads: false,
        }));
        let mut reads = tokio::task::JoinSet::new();
        for key in 0..100_u32 {
            let batcher = Arc::clone(&batcher);
            reads.spawn(async move { (key, batcher.ask(key).await.unwrap()) });
        }
        while let Some(read) = reads.join_next().await {
            let (key, answer) = read.unwrap();
            assert_eq!(answer, u64::from(key) * 2);
        }
        // The first read's batch, then the 99 queued behind it (a few more at most, should
        // a spawn come late): never one round trip a read.
        let batches = BATCHES.load(Ordering::SeqCst);
        assert!(
            (2..=5).contains(&batches),
            "{batches} batches for 100 reads"
        );
    }
}
