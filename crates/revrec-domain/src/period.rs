//! Calendar months (`YYYY-MM`), calendar quarters (`YYYY-Qn`) and ranges of months.

use std::fmt;

use time::{Date, Month};

use crate::calendar;

/// Longest range a report may be asked for, in months (50 years). A report whose range the
/// data decides (no bounds given) spans whatever it holds: the calendar bounds it.
pub const MAX_RANGE_MONTHS: usize = 600;

/// A calendar month. Ordered, `Copy`, and cheap to step: it is a month count since year 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Period(i32);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PeriodError {
    #[error("`{0}` is not a month in YYYY-MM form (for example 2026-01)")]
    BadMonth(String),
    #[error("`{0}` is not a quarter in YYYY-Qn form (for example 2026-Q1)")]
    BadQuarter(String),
    #[error("`{0}` is not a year in YYYY form (for example 2026)")]
    BadYear(String),
    #[error("the range starts at {first}, after its end {last}")]
    StartAfterEnd { first: Period, last: Period },
    #[error("the range spans {months} months; at most {MAX_RANGE_MONTHS} are allowed")]
    TooLong { months: usize },
    #[error(
        "`{0}` lies outside the calendar the service keeps ({first}-01 to {last}-12)",
        first = calendar::FIRST_YEAR,
        last = calendar::LAST_YEAR
    )]
    OutsideCalendar(String),
}

impl Period {
    /// A month of the calendar (`None` outside 1900-01 to 2199-12).
    pub fn new(year: i32, month: u8) -> Option<Period> {
        (calendar::contains_year(year) && (1..=12).contains(&month))
            .then(|| Period(year * 12 + i32::from(month) - 1))
    }

    pub fn of(date: Date) -> Period {
        Period(date.year() * 12 + i32::from(u8::from(date.month())) - 1)
    }

    /// Strict `YYYY-MM`: four digits, a hyphen, two digits, month 01–12, in the calendar.
    pub fn parse(text: &str) -> Result<Period, PeriodError> {
        let bad = || PeriodError::BadMonth(text.to_owned());
        let (year, month) = text.split_once('-').ok_or_else(bad)?;
        let year = parse_digits(year, 4).ok_or_else(bad)?;
        let month = parse_digits(month, 2).ok_or_else(bad)?;
        let month = u8::try_from(month).map_err(|_| bad())?;
        if !(1..=12).contains(&month) {
            return Err(bad());
        }
        Period::new(year, month).ok_or_else(|| PeriodError::OutsideCalendar(text.to_owned()))
    }

    /// Whether the month lies in the calendar (a stored row may predate the calendar's
    /// check; see `revrec verify`).
    pub fn in_calendar(self) -> bool {
        calendar::contains_year(self.year())
    }

    pub fn year(self) -> i32 {
        self.0.div_euclid(12)
    }

    /// 1–12.
    pub fn month(self) -> u8 {
        // rem_euclid(12) is 0..=11, so the conversion cannot fail.
        u8::try_from(self.0.rem_euclid(12) + 1).unwrap_or(1)
    }

    pub fn next(self) -> Period {
        Period(self.0 + 1)
    }

    pub fn previous(self) -> Period {
        Period(self.0 - 1)
    }

    pub fn plus(self, months: i32) -> Period {
        Period(self.0 + months)
    }

    /// Months from `self` to `later` (negative when `later` is earlier).
    pub fn months_until(self, later: Period) -> i32 {
        later.0 - self.0
    }

    pub fn days(self) -> u8 {
        days_in_month(self.year(), self.month())
    }

    pub fn first_day(self) -> Date {
        self.date(1)
    }

    pub fn last_day(self) -> Date {
        self.date(self.days())
    }

    /// Julian day number of the month's last day (the engine counts days as integers).
    pub fn last_julian_day(self) -> i32 {
        self.last_day().to_julian_day()
    }

    /// The last (Julian) day of each of `count` consecutive months from this one: what a
    /// schedule's passes over its months compare days against, computed once for them all.
    pub fn month_ends(self, count: usize) -> Vec<i32> {
        let mut ends = Vec::with_capacity(count);
        let (mut year, mut month) = (self.year(), self.month());
        let mut end = self.last_julian_day();
        for _ in 0..count {
            ends.push(end);
            // Year and month stepped along: no division per month.
            if month == 12 {
                (year, month) = (year + 1, 1);
            } else {
                month += 1;
            }
            end += i32::from(days_in_month(year, month));
        }
        ends
    }

    /// How many of `month_ends` (in order, from [`Period::month_ends`]) fall before `day`:
    /// none or all of them without a search, as a curve's window or a segment mostly
    /// spans the months asked.
    pub fn ends_before(month_ends: &[i32], day: i32) -> usize {
        match (month_ends.first(), month_ends.last()) {
            (Some(first), _) if *first >= day => 0,
            (_, Some(last)) if *last < day => month_ends.len(),
            _ => month_ends.partition_point(|end| *end < day),
        }
    }

    pub fn quarter(self) -> Quarter {
        Quarter {
            year: self.year(),
            number: (self.month() - 1) / 3 + 1,
        }
    }

    fn date(self, day: u8) -> Date {
        let month = Month::try_from(self.month()).unwrap_or(Month::January);
        Date::from_calendar_date(self.year(), month, day).unwrap_or(Date::MIN)
    }
}

impl Period {
    /// `YYYY-MM` as ASCII, without allocating (reports write thousands of these).
    pub fn ascii(self) -> [u8; 7] {
        let year = u32::try_from(self.year()).unwrap_or(0);
        let month = u32::from(self.month());
        let digit = |value: u32| b'0' + u8::try_from(value % 10).unwrap_or(0);
        [
            digit(year / 1000),
            digit(year / 100),
            digit(year / 10),
            digit(year),
            b'-',
            digit(month / 10),
            digit(month),
        ]
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ascii = self.ascii();
        f.write_str(std::str::from_utf8(&ascii).unwrap_or("0000-00"))
    }
}

impl fmt::Debug for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A calendar quarter: Q1 is January–March.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Quarter {
    year: i32,
    number: u8,
}

impl Quarter {
    /// A quarter of the calendar.
    pub fn new(year: i32, number: u8) -> Option<Quarter> {
        (calendar::contains_year(year) && (1..=4).contains(&number))
            .then_some(Quarter { year, number })
    }

    /// Strict `YYYY-Qn` with n in 1–4 (an uppercase Q, as the spec writes it).
    pub fn parse(text: &str) -> Result<Quarter, PeriodError> {
        let bad = || PeriodError::BadQuarter(text.to_owned());
        let (year, number) = text.split_once("-Q").ok_or_else(bad)?;
        let year = parse_digits(year, 4).ok_or_else(bad)?;
        let number = parse_digits(number, 1).ok_or_else(bad)?;
        let number = u8::try_from(number).map_err(|_| bad())?;
        if !(1..=4).contains(&number) {
            return Err(bad());
        }
        Quarter::new(year, number).ok_or_else(|| PeriodError::OutsideCalendar(text.to_owned()))
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn number(self) -> u8 {
        self.number
    }

    pub fn first_period(self) -> Period {
        Period(self.year * 12 + i32::from(self.number - 1) * 3)
    }

    pub fn last_period(self) -> Period {
        self.first_period().plus(2)
    }

    pub fn periods(self) -> PeriodRange {
        PeriodRange {
            first: self.first_period(),
            last: self.last_period(),
        }
    }
}

impl fmt::Display for Quarter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-Q{}", self.year, self.number)
    }
}

/// Strict `YYYY` (a report year such as the guide surface's `period=2026`).
pub fn parse_year(text: &str) -> Result<i32, PeriodError> {
    let year = parse_digits(text, 4).ok_or_else(|| PeriodError::BadYear(text.to_owned()))?;
    if calendar::contains_year(year) {
        Ok(year)
    } else {
        Err(PeriodError::OutsideCalendar(text.to_owned()))
    }
}

/// An inclusive, non-empty range of months of at most [`MAX_RANGE_MONTHS`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PeriodRange {
    first: Period,
    last: Period,
}

impl PeriodRange {
    pub fn new(first: Period, last: Period) -> Result<PeriodRange, PeriodError> {
        if first > last {
            return Err(PeriodError::StartAfterEnd { first, last });
        }
        let months = usize::try_from(first.months_until(last) + 1).unwrap_or(usize::MAX);
        if months > MAX_RANGE_MONTHS {
            return Err(PeriodError::TooLong { months });
        }
        Ok(PeriodRange { first, last })
    }

    /// The months from `first` through `last` when the data, not the caller, decides them:
    /// no length limit beyond the calendar's (`None` when `first` is after `last`).
    pub fn spanning(first: Period, last: Period) -> Option<PeriodRange> {
        (first <= last).then_some(PeriodRange { first, last })
    }

    pub fn first(self) -> Period {
        self.first
    }

    pub fn last(self) -> Period {
        self.last
    }

    pub fn len(self) -> usize {
        usize::try_from(self.first.months_until(self.last) + 1).unwrap_or(0)
    }

    pub fn is_empty(self) -> bool {
        false
    }

    pub fn contains(self, period: Period) -> bool {
        self.first <= period && period <= self.last
    }

    pub fn iter(self) -> impl Iterator<Item = Period> {
        (self.first.0..=self.last.0).map(Period)
    }
}

pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

pub fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Exactly `width` ASCII digits, as a number.
fn parse_digits(text: &str, width: usize) -> Option<i32> {
    if text.len() != width || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn month_ends_step_through_years_and_leap_februaries() {
        let first = Period::new(1999, 11).unwrap();
        let ends = first.month_ends(40 * 12);
        for (offset, end) in ends.iter().enumerate() {
            let month = first.plus(i32::try_from(offset).unwrap());
            assert_eq!(*end, month.last_julian_day(), "{month}");
        }
    }

    #[test]
    fn months_parse_strictly() {
        assert_eq!(Period::parse("2026-01"), Ok(Period::new(2026, 1).unwrap()));
        assert_eq!(
            Period::parse("2024-12").map(|p| p.to_string()).unwrap(),
            "2024-12"
        );
        for bad in [
            "2026-1",
            "2026-13",
            "2026-00",
            "26-01",
            "2026/01",
            "2026-01-01",
            "",
            "2026-Q1",
            "+026-01",
            "2026-+1",
        ] {
            assert!(Period::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn quarters_parse_strictly_and_cover_three_months() {
        let q = Quarter::parse("2026-Q2").unwrap();
        assert_eq!(q.first_period().to_string(), "2026-04");
        assert_eq!(q.last_period().to_string(), "2026-06");
        assert_eq!(q.to_string(), "2026-Q2");
        for bad in [
            "2026-Q0", "2026-Q5", "2026-q1", "2026Q1", "2026-Q12", "2026-03",
        ] {
            assert!(Quarter::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Period::parse("2026-12").unwrap().quarter(),
            Quarter::new(2026, 4).unwrap()
        );
    }

    #[test]
    fn month_lengths_know_leap_years() {
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2100, 2), 28);
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(2026, 4), 30);
        assert_eq!(
            Period::of(date!(2024 - 02 - 10)).last_day(),
            date!(2024 - 02 - 29)
        );
        assert_eq!(
            Period::of(date!(2024 - 03 - 31)).last_julian_day(),
            date!(2024 - 03 - 31).to_julian_day()
        );
    }

    #[test]
    fn ranges_refuse_reversed_and_overlong_spans() {
        let jan = Period::parse("2026-01").unwrap();
        assert!(matches!(
            PeriodRange::new(jan.next(), jan),
            Err(PeriodError::StartAfterEnd { .. })
        ));
        assert_eq!(
            PeriodRange::new(jan, jan.plus(599)).map(PeriodRange::len),
            Ok(600)
        );
        assert_eq!(
            PeriodRange::new(jan, jan.plus(600)),
            Err(PeriodError::TooLong { months: 601 })
        );
        let range = PeriodRange::new(jan, jan.plus(13)).unwrap();
        assert_eq!(range.iter().count(), 14);
        assert_eq!(range.iter().last().unwrap().to_string(), "2027-02");
    }

    #[test]
    fn years_parse_strictly() {
        assert_eq!(parse_year("2026"), Ok(2026));
        assert!(parse_year("26").is_err());
        assert!(parse_year("0000").is_err());
        assert_eq!(
            parse_year("2200"),
            Err(PeriodError::OutsideCalendar("2200".into()))
        );
    }

    #[test]
    fn months_and_quarters_outside_the_calendar_say_so() {
        assert_eq!(
            Period::parse("0000-01"),
            Err(PeriodError::OutsideCalendar("0000-01".into()))
        );
        assert_eq!(
            Period::parse("1899-12"),
            Err(PeriodError::OutsideCalendar("1899-12".into()))
        );
        assert!(Period::parse("1900-01").is_ok());
        assert!(Period::parse("2199-12").is_ok());
        assert_eq!(
            Quarter::parse("2200-Q1"),
            Err(PeriodError::OutsideCalendar("2200-Q1".into()))
        );
        assert!(!Period::of(date!(1850 - 03 - 01)).in_calendar());
    }
}
