//! The calendar the service keeps: every date it reads, every month a report names and
//! every month a stored row carries lies between 1 January 1900 and 31 December 2199.
//!
//! One range for everything, so that a contract the API accepts is one every report, store
//! and audit can hold (`docs/limits.md`). It reaches back far enough for any contract still
//! on the books under ASC 606 and forward past the longest term (100 years) of any contract
//! signed this century.

use time::{Date, Month};

/// The first year of the calendar.
pub const FIRST_YEAR: i32 = 1900;
/// The last year of the calendar.
pub const LAST_YEAR: i32 = 2199;

/// 1900-01-01.
pub fn first_day() -> Date {
    Date::from_calendar_date(FIRST_YEAR, Month::January, 1).unwrap_or(Date::MIN)
}

/// 2199-12-31.
pub fn last_day() -> Date {
    Date::from_calendar_date(LAST_YEAR, Month::December, 31).unwrap_or(Date::MAX)
}

pub fn contains_year(year: i32) -> bool {
    (FIRST_YEAR..=LAST_YEAR).contains(&year)
}

pub fn contains(date: Date) -> bool {
    contains_year(date.year())
}

/// How a date outside the calendar is refused, for every field alike.
pub fn outside_message() -> String {
    format!(
        "must be between {FIRST_YEAR}-01-01 and {LAST_YEAR}-12-31, the calendar the service keeps"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn the_calendar_runs_from_1900_through_2199() {
        assert!(contains(date!(1900 - 01 - 01)));
        assert!(contains(date!(2199 - 12 - 31)));
        assert!(!contains(date!(1899 - 12 - 31)));
        assert!(!contains(date!(2200 - 01 - 01)));
        assert_eq!(first_day(), date!(1900 - 01 - 01));
        assert_eq!(last_day(), date!(2199 - 12 - 31));
    }
}
