//! How figures read on a page. An amount is the API's own text (`revrec_http::wire::Amount`,
//! the same cents) grouped in thousands for the eye, with the exact text kept in a
//! `data-amount` attribute for tests and copy-paste.

use maud::{Markup, html};
use revrec_domain::{Currency, Period, Quarter};
use revrec_http::wire::amount::Amount;

/// The API's text of `minor` units of `currency`: `12000.00`.
pub fn amount_text(minor: i64, currency: Currency) -> String {
    Amount::minor(minor, currency).0
}

/// `12000.00` as `12,000.00` (the sign and decimals kept).
pub fn grouped(text: &str) -> String {
    let (sign, digits) = text
        .strip_prefix('-')
        .map_or(("", text), |rest| ("-", rest));
    let (whole, fraction) = digits
        .split_once('.')
        .map_or((digits, None), |(w, f)| (w, Some(f)));
    let mut grouped = String::with_capacity(text.len() + whole.len() / 3);
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    match fraction {
        Some(fraction) => format!("{sign}{grouped}.{fraction}"),
        None => format!("{sign}{grouped}"),
    }
}

/// An amount cell's content: grouped for reading, exact in `data-amount`.
pub fn money(minor: i64, currency: Currency) -> Markup {
    let text = amount_text(minor, currency);
    html! { span.amount data-amount=(text) { (grouped(&text)) } }
}

/// The UTC instant of `micros` since the epoch (the epoch itself if out of range).
fn utc(micros: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp(micros.div_euclid(1_000_000))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// The UTC month holding `micros` since the epoch: a page's default period.
pub fn month_of(micros: i64) -> Period {
    Period::of(utc(micros).date())
}

/// The last month that has ended by `micros` (UTC): the month before the one holding it.
/// A report's default, so that it never shows a month still taking revenue.
pub fn last_ended_month(micros: i64) -> Period {
    month_of(micros).previous()
}

/// The last quarter that has ended by `micros` (UTC): the one holding the month before the
/// first month of the current quarter.
pub fn last_ended_quarter(micros: i64) -> Quarter {
    month_of(micros)
        .quarter()
        .first_period()
        .previous()
        .quarter()
}

/// `2026-11-23 18:44 UTC` from microseconds since the epoch.
pub fn instant(micros: i64) -> String {
    let at = utc(micros);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_grouped_in_thousands_with_sign_and_decimals_kept() {
        assert_eq!(grouped("0.00"), "0.00");
        assert_eq!(grouped("999.99"), "999.99");
        assert_eq!(grouped("1000.00"), "1,000.00");
        assert_eq!(grouped("-1234567.891"), "-1,234,567.891");
        assert_eq!(grouped("12500"), "12,500");
        assert_eq!(amount_text(123_456, Currency::USD), "1234.56");
    }

    #[test]
    fn defaults_are_the_last_month_and_quarter_that_have_ended() {
        use time::macros::datetime;
        let at = |instant: time::OffsetDateTime| instant.unix_timestamp() * 1_000_000;
        for (now, month, quarter) in [
            (datetime!(2026-11-27 12:00 UTC), "2026-10", "2026-Q3"),
            // The first instant of a month: the month before has just ended.
            (datetime!(2026-10-01 00:00 UTC), "2026-09", "2026-Q3"),
            (datetime!(2026-09-30 23:59:59 UTC), "2026-08", "2026-Q2"),
            (datetime!(2027-01-15 08:00 UTC), "2026-12", "2026-Q4"),
            (datetime!(2026-03-31 23:59:59 UTC), "2026-02", "2025-Q4"),
        ] {
            assert_eq!(last_ended_month(at(now)).to_string(), month, "{now}");
            assert_eq!(last_ended_quarter(at(now)).to_string(), quarter, "{now}");
        }
    }

    #[test]
    fn instants_read_in_utc() {
        assert_eq!(instant(1_795_478_400_000_000), "2026-11-24 00:00 UTC");
    }
}
