//! What the work of a request costs its caller (`docs/limits.md`, "What a request costs"):
//! a read that replays contracts (an as-of report, an explanation, a list of closed months)
//! tells the meter of the request it serves how much it is about to do, before doing it,
//! and the meter charges the caller's rate limit for it or refuses it.

use async_trait::async_trait;

use crate::error::RepositoryError;

/// Why the meter refused more work.
#[derive(Debug, thiserror::Error)]
pub enum WorkRefusal {
    /// The request would do more than one request may, in obligation-months.
    #[error("the request asks for {value} obligation-months of work; at most {limit} are allowed")]
    TooMuch { limit: u64, value: u64 },
    /// The caller's rate limit holds fewer units than the work costs.
    #[error("the work costs more than the rate limit holds; retry in {retry_after_seconds} s")]
    RateLimited { retry_after_seconds: u32 },
    #[error(transparent)]
    Storage(#[from] RepositoryError),
}

#[async_trait]
pub trait WorkMeter: Send + Sync {
    /// Charges `obligation_months` more of work to the request being served.
    ///
    /// # Errors
    /// When the request may not do it: nothing of it is charged then.
    async fn charge(&self, obligation_months: u64) -> Result<(), WorkRefusal>;
}

/// No request to charge: the command line, jobs and tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unmetered;

#[async_trait]
impl WorkMeter for Unmetered {
    async fn charge(&self, _obligation_months: u64) -> Result<(), WorkRefusal> {
        Ok(())
    }
}
