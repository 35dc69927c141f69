//! Idempotency keys (docs/errors.md, Idempotency-Key): a retried POST or PUT gets the first
//! answer again.

use async_trait::async_trait;

use crate::error::RepositoryError;

/// What a request answered, kept to be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordedResponse {
    pub status: u16,
    /// `body`: `content` is the response body as sent. `problem`: `content` is the error's
    /// problem details as JSON, rendered again (for this request) on replay.
    pub kind: RecordedKind,
    pub content: String,
    pub location: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordedKind {
    Body,
    Problem,
}

impl RecordedKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RecordedKind::Body => "body",
            RecordedKind::Problem => "problem",
        }
    }

    pub fn parse(text: &str) -> Option<RecordedKind> {
        match text {
            "body" => Some(RecordedKind::Body),
            "problem" => Some(RecordedKind::Problem),
            _ => None,
        }
    }
}

/// The outcome of claiming a key.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Claim {
    /// First use (or the earlier use expired, or was abandoned): go ahead, then record.
    Granted,
    /// The same request finished before: replay this.
    Replay(RecordedResponse),
    /// The same key is on a request still being processed.
    InFlight,
    /// The key was used for a different request (method, path or body).
    Mismatch,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait IdempotencyRepository: Send + Sync {
    /// Claims `key` for a request with `fingerprint` at `now` (microseconds). Records older
    /// than `keep_micros` are forgotten; a claim in flight for longer than
    /// `abandon_after_micros` is taken over (its request died).
    ///
    /// # Errors
    /// `Unavailable` or `Backend` from the database; never `Conflict` (a lost race to the
    /// same key reads as `InFlight`).
    async fn claim(
        &self,
        tenant_id: &str,
        key: &str,
        fingerprint: &str,
        now: i64,
        keep_micros: i64,
        abandon_after_micros: i64,
    ) -> Result<Claim, RepositoryError>;

    /// Records the answer of a granted claim.
    async fn record(
        &self,
        tenant_id: &str,
        key: &str,
        response: &RecordedResponse,
    ) -> Result<(), RepositoryError>;

    /// Gives a granted claim up (the request failed on the server side: not recorded).
    async fn release(&self, tenant_id: &str, key: &str) -> Result<(), RepositoryError>;
}
