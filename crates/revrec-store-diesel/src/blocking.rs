//! The async boundary: every Diesel call runs on tokio's blocking pool with a pooled
//! connection, and every failure becomes a classified `RepositoryError`.

use std::time::Duration;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use revrec_ports::RepositoryError;

use crate::connection::{DbConnection, DbPool};

/// Runs `work` with a connection on the blocking pool.
pub async fn with_connection<T, F>(pool: &DbPool, work: F) -> Result<T, RepositoryError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection) -> Result<T, StoreError> + Send + 'static,
{
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut connection = pool
            .get_timeout(Duration::from_secs(5))
            .map_err(|error| RepositoryError::Unavailable(Box::new(error)))?;
        work(&mut connection).map_err(RepositoryError::from)
    })
    .await
    .map_err(|error| RepositoryError::Backend(Box::new(error)))?
}

/// What a store operation can fail with before it is classified for the port.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(transparent)]
    Diesel(#[from] DieselError),
    /// A precondition of the write did not hold (expected version, duplicate id).
    #[error("{0}")]
    Conflict(String),
    /// A stored value this code cannot read back (an unknown enum text, say).
    #[error("stored data is not readable: {0}")]
    Corrupt(String),
}

impl From<StoreError> for RepositoryError {
    fn from(error: StoreError) -> RepositoryError {
        match error {
            StoreError::Conflict(message) => RepositoryError::Conflict(message),
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
