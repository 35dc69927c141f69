//! Time, behind a port so tests can fix it.

/// The wall clock, in UTC.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Clock: Send + Sync {
    /// Microseconds since the Unix epoch.
    fn now_micros(&self) -> i64;
}
