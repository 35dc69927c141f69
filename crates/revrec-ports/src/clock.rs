//! Time, behind a port so tests can fix it.

/// The wall clock, in UTC.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Clock: Send + Sync {
    /// Microseconds since the Unix epoch.
    fn now_micros(&self) -> i64;
}

/// The UTC calendar day of an instant in microseconds since the epoch.
pub fn utc_date(micros: i64) -> time::Date {
    time::OffsetDateTime::from_unix_timestamp(micros.div_euclid(1_000_000))
        .map_or(time::Date::MIN, time::OffsetDateTime::date)
}
