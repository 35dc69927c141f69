//! Calendar dates on the wire: strictly `YYYY-MM-DD`.

use time::Date;
use time::macros::format_description;

const FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]");

/// `Some` for a real date written exactly as `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Option<Date> {
    let shaped = text.len() == 10
        && text.bytes().enumerate().all(|(at, byte)| match at {
            4 | 7 => byte == b'-',
            _ => byte.is_ascii_digit(),
        });
    if !shaped {
        return None;
    }
    Date::parse(text, FORMAT).ok()
}

pub fn format_date(date: Date) -> String {
    date.format(FORMAT).unwrap_or_default()
}

/// RFC 3339 (UTC, microseconds) from microseconds since the epoch.
pub fn format_timestamp(micros: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(micros) * 1_000)
        .ok()
        .and_then(|instant| {
            instant
                .format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_dates_in_the_strict_form_parse() {
        assert_eq!(
            parse_date("2024-02-29").map(format_date).as_deref(),
            Some("2024-02-29")
        );
        for bad in [
            "2023-02-29",
            "2026-1-01",
            "2026/01/01",
            "26-01-01",
            "2026-01-01T00:00:00Z",
            "+202-01-01",
            "",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
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
