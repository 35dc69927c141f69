//! The async boundary: Diesel calls run on tokio's blocking pool with a pooled connection,
//! and every failure becomes a classified `RepositoryError`.
//!
//! One measured exception: on SQLite, reads run on the calling thread when a connection is
//! free at once. SQLite is in-process, so a read is CPU work of microseconds with no I/O to
//! wait for, and the hop to a blocking thread and back (two thread wake-ups) cost more than
//! the cached key lookup itself. Writes, which may wait for SQLite's writer lock, scans of
//! whole contracts (a page of them can take hundreds of milliseconds: it would hold up every
//! other request of an HTTP worker), and everything on PostgreSQL, which waits on the
//! network, always take the blocking pool.

use std::time::{Duration, Instant};

use diesel::r2d2::R2D2Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use revrec_ports::RepositoryError;

use crate::connection::{DbConnection, DbPool};

/// The pool, and whether reads may run inline (SQLite).
#[derive(Clone)]
pub struct Database {
    pub pool: DbPool,
    pub inline_reads: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Access {
    /// A lookup of a few rows.
    Read,
    /// A read of many rows (whole contracts, a page at a time): never inline.
    Scan,
    Write,
}

/// Runs `work` with a pooled connection (see the module notes for where).
pub async fn with_connection<T, F>(
    database: &Database,
    access: Access,
    work: F,
) -> Result<T, RepositoryError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection) -> Result<T, StoreError> + Send + 'static,
{
    if access == Access::Read
        && database.inline_reads
        && let Some(mut connection) = database.pool.try_get()
    {
        let outcome = work(&mut connection);
        return outcome.map_err(|error| classify(error, &mut connection));
    }
    let pool = database.pool.clone();
    tokio::task::spawn_blocking(move || with_pooled(&pool, work))
        .await
        .map_err(|error| RepositoryError::Backend(Box::new(error)))?
}

/// Runs `work` on this (blocking) thread with a connection from `pool`, waiting at most
/// five seconds for one (`Unavailable` after that).
pub fn with_pooled<T, F>(pool: &DbPool, work: F) -> Result<T, RepositoryError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, StoreError>,
{
    let waiting = Instant::now();
    let connection = pool.get_timeout(Duration::from_secs(5));
    metrics::histogram!(crate::pool_metrics::POOL_WAIT).record(waiting.elapsed().as_secs_f64());
    let mut connection =
        connection.map_err(|error| RepositoryError::Unavailable(Box::new(error)))?;
    let outcome = work(&mut connection);
    outcome.map_err(|error| classify(error, &mut connection))
}

/// A failed operation's error for the port. A database error on a connection that no longer
/// answers is the database going away mid-request (`Unavailable`, a 503 the client may
/// retry), not a fault of this code; a ping tells them apart, on the error path only.
pub(crate) fn classify(error: StoreError, connection: &mut DbConnection) -> RepositoryError {
    if matches!(error, StoreError::Diesel(_)) {
        let classified = RepositoryError::from(error);
        return match classified {
            RepositoryError::Backend(cause) if R2D2Connection::ping(connection).is_err() => {
                RepositoryError::Unavailable(cause)
            }
            other => other,
        };
    }
    RepositoryError::from(error)
}

/// What a store operation can fail with before it is classified for the port.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(transparent)]
    Diesel(#[from] DieselError),
    /// A precondition of the write did not hold (expected version, duplicate id).
    #[error("{0}")]
    Conflict(String),
    /// The write would take a currency's books past their limit; it rolls back.
    #[error(transparent)]
    OutOfRange(revrec_domain::AmountOutOfRange),
    /// A stored value this code cannot read back (an unknown enum text, say).
    #[error("stored data is not readable: {0}")]
    Corrupt(String),
    /// The use case's rule refused what a close read; nothing is written.
    #[error(transparent)]
    Refused(revrec_ports::FreezeError),
    /// The write held the books shared and the size bounds could not admit it; it rolls
    /// back and runs again holding them alone (`books_size`), so this never leaves the store.
    #[error("the write must hold the tenant's books alone to check their size")]
    NeedsBooksAlone,
}

impl From<StoreError> for RepositoryError {
    fn from(error: StoreError) -> RepositoryError {
        match error {
            StoreError::Conflict(message) => RepositoryError::Conflict(message),
            StoreError::Refused(refused @ revrec_ports::FreezeError::BooksMoved { .. }) => {
                RepositoryError::Conflict(refused.to_string())
            }
            StoreError::OutOfRange(error) => RepositoryError::OutOfRange(error),
            StoreError::Diesel(DieselError::DatabaseError(
                DatabaseErrorKind::UniqueViolation,
                info,
            )) => RepositoryError::Conflict(info.message().to_owned()),
            StoreError::Diesel(DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection,
                _,
            )) => RepositoryError::Unavailable(Box::new(error)),
            other => RepositoryError::Backend(Box::new(other)),
        }
    }
}
