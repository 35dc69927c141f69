//! Errors a repository may return. They classify; they never carry a driver type, so no
//! adapter detail crosses a port.

/// Any error from an adapter, boxed.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// What was written collides with what is stored: a duplicate key, or a row that changed
    /// since it was read (optimistic concurrency).
    #[error("conflict: {0}")]
    Conflict(String),
    /// The database cannot be reached (connection refused, pool timed out).
    #[error("storage unavailable")]
    Unavailable(#[source] BoxError),
    /// The write would take a currency's books past what they may hold (docs/limits.md,
    /// "Money"); nothing of it was stored.
    #[error(transparent)]
    OutOfRange(revrec_domain::AmountOutOfRange),
    /// Anything else the storage reported.
    #[error("storage failure")]
    Backend(#[source] BoxError),
}
