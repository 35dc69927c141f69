//! Calendar dates on the wire: strictly `YYYY-MM-DD`, inside the calendar the service keeps
//! (`revrec_domain::calendar`). Every date of every body is read here.

use revrec_domain::calendar;
use time::Date;
use time::macros::format_description;

const FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]");

/// Why a text is not a date the service takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DateError {
    /// Not a real date written exactly as `YYYY-MM-DD`.
    NotADate,
    /// A real date before 1900-01-01 or after 2199-12-31.
    OutsideCalendar,
}

/// A real date written exactly as `YYYY-MM-DD`, inside the calendar.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let shaped = text.len() == 10
        && text.bytes().enumerate().all(|(at, byte)| match at {
            4 | 7 => byte == b'-',
            _ => byte.is_ascii_digit(),
        });
    if !shaped {
        return Err(DateError::NotADate);
    }
    // Shaped as digits, so each part is read as a number; a day the month lacks (or a
    // month 13) is not a date.
    let number = |range: std::ops::Range<usize>| {
        text.get(range)
            .and_then(|digits| digits.parse::<u16>().ok())
            .unwrap_or(0)
    };
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let month = u8::try_from(month)
        .ok()
        .and_then(|month| time::Month::try_from(month).ok())
        .ok_or(DateError::NotADate)?;
    let day = u8::try_from(day).map_err(|_| DateError::NotADate)?;
    let date =
        Date::from_calendar_date(i32::from(year), month, day).map_err(|_| DateError::NotADate)?;
    if calendar::contains(date) {
        Ok(date)
    } else {
        Err(DateError::OutsideCalendar)
    }
}

pub fn format_date(date: Date) -> String {
    date.format(FORMAT).unwrap_or_default()
}

pub use crate::shell::instants::format_timestamp;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_dates_in_the_strict_form_parse() {
        assert_eq!(
            parse_date("2024-02-29").map(format_date).as_deref(),
            Ok("2024-02-29")
        );
        for bad in [
            "2023-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-01-00",
            "2026-1-01",
            "2026/01/01",
            "26-01-01",
            "2026-01-01T00:00:00Z",
            "+202-01-01",
            "",
        ] {
            assert_eq!(parse_date(bad), Err(DateError::NotADate), "{bad}");
        }
        for outside in ["0000-01-01", "1899-12-31", "2200-01-01", "9999-12-31"] {
            assert_eq!(
                parse_date(outside),
                Err(DateError::OutsideCalendar),
                "{outside}"
            );
        }
        assert!(parse_date("1900-01-01").is_ok());
        assert!(parse_date("2199-12-31").is_ok());
        assert_eq!(
            format_timestamp(1_767_225_600_000_000),
            "2026-01-01T00:00:00Z"
        );
        assert_eq!(
            format_timestamp(1_767_225_600_000_001),
            "2026-01-01T00:00:00.000001Z"
        );
    }
}
