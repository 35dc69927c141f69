//! Rate limiting per credential (docs/access.md, Rate limits): a fixed window, one unit per
//! request.

use async_trait::async_trait;

use crate::error::RepositoryError;

/// Length of a rate-limit window, in seconds. Windows start on whole minutes of the Unix
/// clock, so every instance agrees on them without talking to the others.
pub const WINDOW_SECONDS: i64 = 60;

/// Whose quota a request draws on.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct QuotaKey {
    pub tenant_id: String,
    /// The credential within the tenant: `key:<id>`, `oauth:<client id>`, `sandbox`.
    pub credential: String,
}

/// The outcome of taking one unit of quota.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RateDecision {
    pub allowed: bool,
    /// Requests per window.
    pub limit: u32,
    /// Requests left in this window after this one (0 when refused).
    pub remaining: u32,
    /// Whole seconds until the window resets (1 to 60).
    pub reset_seconds: u32,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait RateLimiter: Send + Sync {
    /// Takes one unit from `key`'s quota of `limit` per window, at `now` (microseconds
    /// since the Unix epoch).
    ///
    /// # Errors
    /// When a shared limiter cannot reach its store.
    async fn acquire(
        &self,
        key: &QuotaKey,
        limit: u32,
        now: i64,
    ) -> Result<RateDecision, RepositoryError>;

    /// Gives back one unit `acquire` took from `key`'s quota of `limit` at `now`, when the
    /// request it was taken for turned out not to count (a client authentication that
    /// succeeded): any instance may take it again. A unit of a window that has passed is
    /// not given back.
    ///
    /// # Errors
    /// When a shared limiter cannot reach its store.
    async fn release(&self, key: &QuotaKey, limit: u32, now: i64) -> Result<(), RepositoryError>;
}

/// The window `now` falls in: its start and the whole seconds until it ends (1 to 60).
pub fn window_of(now: i64) -> (i64, u32) {
    let window_micros = WINDOW_SECONDS * 1_000_000;
    let start = now.div_euclid(window_micros) * window_micros;
    let left = start + window_micros - now;
    let seconds = (left + 999_999) / 1_000_000;
    (start, u32::try_from(seconds).unwrap_or(60))
}

#[cfg(test)]
mod tests {
    use super::window_of;

    #[test]
    fn windows_start_on_whole_minutes_and_reset_rounds_up() {
        assert_eq!(window_of(0), (0, 60));
        assert_eq!(window_of(1), (0, 60));
        assert_eq!(window_of(59_000_001), (0, 1));
        assert_eq!(window_of(59_999_999), (0, 1));
        assert_eq!(window_of(60_000_000), (60_000_000, 60));
        assert_eq!(window_of(90_500_000), (60_000_000, 30));
    }
}
