//! Exact amounts: decimal text in, integer minor units inside, canonical text out.
//!
//! Nothing here goes through floating point. Input is parsed digit by digit into an
//! integer scaled by the currency's exponent; a digit the exponent cannot hold is refused,
//! never rounded away.

use std::fmt;

use crate::currency::Currency;

/// Every amount (price, total, SSP) must be below this in absolute value, in major units.
/// It keeps every product the engine forms inside `i128` with room to spare and every
/// stored amount inside a `BIGINT`.
pub const AMOUNT_LIMIT_MAJOR: i64 = 1_000_000_000_000;

/// [`AMOUNT_LIMIT_MAJOR`] in a currency's minor units: every amount stays below it.
pub fn amount_limit(currency: Currency) -> i64 {
    AMOUNT_LIMIT_MAJOR * 10_i64.pow(u32::from(currency.exponent()))
}

/// The most, in minor units, that the books of one currency may hold (docs/limits.md,
/// "Money"): the sizes of every figure of every month added up. Half the 64-bit range, so
/// that every total a report prints fits in a `BIGINT` and so does the difference between
/// two of them (a correction of a closed month is what a month says now less what it said
/// at its close).
pub const BOOKS_LIMIT_MINOR: i64 = i64::MAX / 2;

/// A write that would take a contract's or a currency's books past [`BOOKS_LIMIT_MINOR`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "this would take the {currency} books past {}, the most they may hold: the sizes of every revenue, billing, cash and remaining-obligation figure of every month, added up, stay within it",
    books_limit(*currency)
)]
pub struct AmountOutOfRange {
    pub currency: Currency,
}

/// [`BOOKS_LIMIT_MINOR`] in `currency`'s units, as canonical text.
pub fn books_limit(currency: Currency) -> String {
    format_minor(BOOKS_LIMIT_MINOR, currency.exponent())
}

/// The sum of `amounts`, or `None` when it, or any partial sum on the way, leaves `i64`.
pub fn checked_sum(amounts: impl IntoIterator<Item = i64>) -> Option<i64> {
    amounts
        .into_iter()
        .try_fold(0_i64, |sum, amount| sum.checked_add(amount))
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("must be a decimal number such as 1250.00")]
    Malformed,
    #[error("{}", too_precise(*allowed, *currency))]
    TooPrecise {
        allowed: u32,
        /// The currency whose exponent was exceeded; `None` for SSP weights.
        currency: Option<Currency>,
    },
    #[error("must be less than 1000000000000 in absolute value")]
    OutOfRange,
}

fn too_precise(allowed: u32, currency: Option<Currency>) -> String {
    match currency {
        Some(currency) => {
            format!("{currency} amounts have at most {allowed} decimal places")
        }
        None => format!("has at most {allowed} decimal places"),
    }
}

/// An exact amount in the minor units of its currency.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Money {
    minor: i64,
    currency: Currency,
}

impl Money {
    pub fn from_minor(minor: i64, currency: Currency) -> Money {
        Money { minor, currency }
    }

    pub fn zero(currency: Currency) -> Money {
        Money::from_minor(0, currency)
    }

    /// Parses decimal text (JSON number syntax; an exponent such as `1.5e3` is allowed).
    /// Trailing zeros past the exponent are accepted (`100.000` USD is 100.00); a non-zero
    /// digit past it is [`AmountError::TooPrecise`].
    pub fn parse(text: &str, currency: Currency) -> Result<Money, AmountError> {
        let scale = u32::from(currency.exponent());
        parse_scaled(text, scale)
            .map_err(|error| match error {
                AmountError::TooPrecise { allowed, .. } => AmountError::TooPrecise {
                    allowed,
                    currency: Some(currency),
                },
                other => other,
            })
            .map(|minor| Money::from_minor(minor, currency))
    }

    pub fn minor(self) -> i64 {
        self.minor
    }

    pub fn currency(self) -> Currency {
        self.currency
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_minor(self.minor, self.currency.exponent()))
    }
}

impl fmt::Debug for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self, self.currency)
    }
}

/// A standalone selling price. It is a weight, not money that changes hands, so it may
/// carry up to six decimals whatever the currency; held in millionths of a major unit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Ssp(i64);

impl Ssp {
    pub const DECIMALS: u32 = 6;

    pub fn parse(text: &str) -> Result<Ssp, AmountError> {
        parse_scaled(text, Ssp::DECIMALS).map(Ssp)
    }

    /// The SSP a line gets from its stated price when it has none of its own.
    pub fn from_minor(minor: i64, currency: Currency) -> Ssp {
        let factor = 10_i64.pow(Ssp::DECIMALS - u32::from(currency.exponent()));
        Ssp(minor.saturating_mul(factor))
    }

    pub fn from_micros(micros: i64) -> Ssp {
        Ssp(micros)
    }

    pub fn micros(self) -> i64 {
        self.0
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }
}

impl fmt::Display for Ssp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Six decimals with trailing zeros trimmed (but at least one kept for readability).
        let text = format_minor(self.0, 6);
        let trimmed = text.trim_end_matches('0');
        let trimmed = trimmed.strip_suffix('.').unwrap_or(trimmed);
        f.write_str(trimmed)
    }
}

/// Parses decimal text into `value × 10^scale` as an integer, refusing anything that would
/// need rounding and anything at or beyond [`AMOUNT_LIMIT_MAJOR`].
///
/// Grammar: `[+-] digits [. digits] [(e|E) [+-] digits]`: JSON's number syntax, with a
/// leading `+` and leading zeros tolerated because decimal strings from spreadsheets carry them.
pub fn parse_scaled(text: &str, scale: u32) -> Result<i64, AmountError> {
    match parse_plain(text, scale) {
        Some(value) => Ok(value),
        None => parse_any(text, scale),
    }
}

/// [`parse_scaled`] of any text of its grammar.
fn parse_any(text: &str, scale: u32) -> Result<i64, AmountError> {
    let digits = DecimalDigits::parse(text)?;
    let limit = i128::from(AMOUNT_LIMIT_MAJOR) * 10_i128.pow(scale);
    let magnitude = digits.scaled(scale)?;
    if magnitude >= limit {
        return Err(AmountError::OutOfRange);
    }
    let magnitude = i64::try_from(magnitude).map_err(|_| AmountError::OutOfRange)?;
    Ok(if digits.negative {
        -magnitude
    } else {
        magnitude
    })
}

/// [`parse_scaled`] of the text nearly every amount is sent as, `[-]digits[.digits]` with
/// at most twelve integer digits and at most `scale` decimals (`scale` ≤ 6), in 64-bit
/// arithmetic; `None` for any other text, which the general reading takes. Twelve digits
/// and six decimals stay below 10^18, so nothing here can overflow.
fn parse_plain(text: &str, scale: u32) -> Option<i64> {
    // 10^0 through 10^6: the scales a currency or a weight has.
    const POWERS: [i64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
    let scale = usize::try_from(scale).ok()?;
    let one = *POWERS.get(scale)?;
    let bytes = text.as_bytes();
    let (negative, unsigned) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    // One pass: the digits accumulate as they come, the point only counted.
    let (mut value, mut integer_digits) = (0_i64, 0_usize);
    let mut decimals: Option<usize> = None;
    for &byte in unsigned {
        match (byte, &mut decimals) {
            (b'0'..=b'9', None) if integer_digits < 12 => integer_digits += 1,
            (b'0'..=b'9', Some(count)) if *count < scale => *count += 1,
            (b'.', None) => {
                decimals = Some(0);
                continue;
            }
            _ => return None,
        }
        value = value * 10 + i64::from(byte - b'0');
    }
    if integer_digits == 0 || decimals == Some(0) {
        return None;
    }
    let magnitude = value * POWERS.get(scale - decimals.unwrap_or(0))?;
    if magnitude >= AMOUNT_LIMIT_MAJOR * one {
        return None;
    }
    Some(if negative { -magnitude } else { magnitude })
}

/// `mantissa × 10^exponent`, with the mantissa stripped of trailing zeros.
struct DecimalDigits {
    negative: bool,
    mantissa: u128,
    exponent: i64,
    /// Significant fraction digits past what a `u128` holds (over 38 digits in all): no
    /// currency or weight keeps that many decimals, so the amount is too precise, not too
    /// large.
    fraction_overflowed: bool,
}

impl DecimalDigits {
    fn parse(text: &str) -> Result<DecimalDigits, AmountError> {
        let bytes = text.as_bytes();
        let mut position = 0;
        let negative = match bytes.first() {
            Some(b'-') => {
                position = 1;
                true
            }
            Some(b'+') => {
                position = 1;
                false
            }
            _ => false,
        };
        let mut mantissa: u128 = 0;
        let mut pending_zeros: i64 = 0;
        let mut exponent: i64 = 0;
        let mut fraction_overflowed = false;
        let mut push = |digit: u8| -> Result<(), AmountError> {
            if digit == 0 {
                pending_zeros += 1;
                return Ok(());
            }
            // Flush the zeros seen since the last non-zero digit, then this digit.
            for _ in 0..=pending_zeros {
                mantissa = mantissa.checked_mul(10).ok_or(AmountError::OutOfRange)?;
            }
            mantissa += u128::from(digit);
            pending_zeros = 0;
            Ok(())
        };

        let integer_start = position;
        while let Some(digit) = bytes.get(position).filter(|b| b.is_ascii_digit()) {
            push(digit - b'0')?;
            position += 1;
        }
        if position == integer_start {
            return Err(AmountError::Malformed);
        }
        if bytes.get(position) == Some(&b'.') {
            position += 1;
            let fraction_start = position;
            while let Some(digit) = bytes.get(position).filter(|b| b.is_ascii_digit()) {
                if !fraction_overflowed {
                    match push(digit - b'0') {
                        Ok(()) => exponent -= 1,
                        Err(_) => fraction_overflowed = true,
                    }
                }
                position += 1;
            }
            if position == fraction_start {
                return Err(AmountError::Malformed);
            }
        }
        if matches!(bytes.get(position), Some(b'e' | b'E')) {
            position += 1;
            let exponent_negative = match bytes.get(position) {
                Some(b'-') => {
                    position += 1;
                    true
                }
                Some(b'+') => {
                    position += 1;
                    false
                }
                _ => false,
            };
            let exponent_start = position;
            let mut written: i64 = 0;
            while let Some(digit) = bytes.get(position).filter(|b| b.is_ascii_digit()) {
                // Saturate: 1e999999999999 is simply out of range, not a parse failure.
                written = written
                    .saturating_mul(10)
                    .saturating_add(i64::from(digit - b'0'));
                position += 1;
            }
            if position == exponent_start {
                return Err(AmountError::Malformed);
            }
            exponent = exponent.saturating_add(if exponent_negative { -written } else { written });
        }
        if position != bytes.len() {
            return Err(AmountError::Malformed);
        }
        Ok(DecimalDigits {
            negative: negative && mantissa != 0,
            mantissa,
            exponent: exponent.saturating_add(pending_zeros),
            fraction_overflowed,
        })
    }

    /// The magnitude times `10^scale`, or the reason it cannot be held exactly.
    fn scaled(&self, scale: u32) -> Result<i128, AmountError> {
        if self.fraction_overflowed {
            return Err(AmountError::TooPrecise {
                allowed: scale,
                currency: None,
            });
        }
        if self.mantissa == 0 {
            return Ok(0);
        }
        let shift = self.exponent.saturating_add(i64::from(scale));
        if shift < 0 {
            // The mantissa has no trailing zeros, so any negative shift loses a digit.
            return Err(AmountError::TooPrecise {
                allowed: scale,
                currency: None,
            });
        }
        let shift = u32::try_from(shift).map_err(|_| AmountError::OutOfRange)?;
        let factor = 10_u128.checked_pow(shift).ok_or(AmountError::OutOfRange)?;
        let value = self
            .mantissa
            .checked_mul(factor)
            .ok_or(AmountError::OutOfRange)?;
        i128::try_from(value).map_err(|_| AmountError::OutOfRange)
    }
}

/// Canonical text of an amount: exactly `exponent` decimals, `-` for negatives, no `+`,
/// no grouping (`1250.00`, `-0.05`, `12500`, `1.250`).
pub fn format_minor(minor: i64, exponent: u8) -> String {
    let mut out = String::with_capacity(24);
    write_minor(&mut out, minor, exponent);
    out
}

/// [`format_minor`] into an existing buffer, for report serializers that write many amounts.
pub fn write_minor(out: &mut String, minor: i64, exponent: u8) {
    out.push_str(MinorText::new(minor, exponent).as_str());
}

/// The canonical text of an amount, built right to left in a stack buffer: reports write
/// thousands of amounts, and `format!` machinery was a visible share of a request.
pub struct MinorText {
    bytes: [u8; 26],
    start: usize,
}

impl MinorText {
    pub fn new(minor: i64, exponent: u8) -> MinorText {
        let mut text = MinorText {
            bytes: [0; 26],
            start: 26,
        };
        let exponent = usize::from(exponent);
        let mut magnitude = minor.unsigned_abs();
        let mut written = 0;
        loop {
            if written == exponent && exponent > 0 {
                text.prepend(b'.');
            }
            text.prepend(b'0' + u8::try_from(magnitude % 10).unwrap_or(0));
            magnitude /= 10;
            written += 1;
            if magnitude == 0 && written > exponent {
                break;
            }
        }
        if minor < 0 {
            text.prepend(b'-');
        }
        text
    }

    fn prepend(&mut self, byte: u8) {
        // At most 20 digits, a point and a sign: the buffer never runs out.
        if let Some(at) = self.start.checked_sub(1)
            && let Some(slot) = self.bytes.get_mut(at)
        {
            *slot = byte;
            self.start = at;
        }
    }

    /// Plain ASCII: digits, at most one `-` and one `.`.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(self.start..).unwrap_or_default()
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usd(text: &str) -> Result<i64, AmountError> {
        Money::parse(text, Currency::USD).map(Money::minor)
    }

    #[test]
    fn parses_decimal_text_exactly_into_cents() {
        assert_eq!(usd("100"), Ok(10_000));
        assert_eq!(usd("100.1"), Ok(10_010));
        assert_eq!(usd("100.10"), Ok(10_010));
        assert_eq!(usd("0.07"), Ok(7));
        assert_eq!(usd("-12.5"), Ok(-1_250));
        assert_eq!(usd("+3"), Ok(300));
        assert_eq!(usd("-0"), Ok(0));
        assert_eq!(usd("007.50"), Ok(750));
        assert_eq!(usd("999999999999.99"), Ok(99_999_999_999_999));
    }

    #[test]
    fn fifty_decimals_are_too_precise_not_too_large() {
        let text = format!("1.{}", "3".repeat(50));
        assert_eq!(usd(&text), Err(too_precise_usd()));
        assert_eq!(
            usd(&format!("{}0.5", "9".repeat(40))),
            Err(AmountError::OutOfRange)
        );
    }

    #[test]
    fn trailing_zeros_past_the_exponent_are_not_extra_precision() {
        assert_eq!(usd("100.000"), Ok(10_000));
        assert_eq!(usd("0.1000000000000000000000000000000000000000000"), Ok(10));
    }

    #[test]
    fn scientific_notation_is_exact() {
        assert_eq!(usd("1.5e3"), Ok(150_000));
        assert_eq!(usd("15E-1"), Ok(150));
        assert_eq!(usd("1e-2"), Ok(1));
        assert_eq!(usd("0e999999999999999999999"), Ok(0));
        assert_eq!(usd("1e-3"), Err(too_precise_usd()));
        assert_eq!(usd("1e12"), Err(AmountError::OutOfRange));
        assert_eq!(usd("1e99999999999999999999"), Err(AmountError::OutOfRange));
    }

    fn too_precise_usd() -> AmountError {
        AmountError::TooPrecise {
            allowed: 2,
            currency: Some(Currency::USD),
        }
    }

    #[test]
    fn more_decimals_than_the_currency_allows_is_refused_not_rounded() {
        assert_eq!(usd("10.001"), Err(too_precise_usd()));
        assert_eq!(usd("0.005"), Err(too_precise_usd()));
        assert_eq!(
            Money::parse("1.5", Currency::JPY),
            Err(AmountError::TooPrecise {
                allowed: 0,
                currency: Some(Currency::JPY)
            })
        );
        assert_eq!(
            Money::parse("1.250", Currency::BHD).map(Money::minor),
            Ok(1_250)
        );
        assert!(Money::parse("1.2505", Currency::KWD).is_err());
        assert_eq!(
            too_precise_usd().to_string(),
            "USD amounts have at most 2 decimal places"
        );
    }

    #[test]
    fn malformed_text_is_refused() {
        for text in [
            "", "-", "+", ".", "1.", ".5", "1..2", "1e", "1e+", "NaN", "nan", "Infinity", "-inf",
            "1,000.00", "1 000", " 1", "1 ", "0x10", "1.2.3", "--1", "1e5.5", "١",
        ] {
            assert_eq!(usd(text), Err(AmountError::Malformed), "{text:?}");
        }
    }

    #[test]
    fn amounts_at_or_beyond_the_limit_are_out_of_range() {
        assert_eq!(usd("1000000000000"), Err(AmountError::OutOfRange));
        assert_eq!(usd("-1000000000000.00"), Err(AmountError::OutOfRange));
        assert_eq!(
            usd("123456789012345678901234567890123456789012345"),
            Err(AmountError::OutOfRange)
        );
    }

    #[test]
    fn sums_are_checked_at_both_ends_of_the_range() {
        assert_eq!(checked_sum([i64::MAX - 1, 1]), Some(i64::MAX));
        assert_eq!(checked_sum([i64::MAX, 1]), None);
        assert_eq!(checked_sum([i64::MIN + 1, -1]), Some(i64::MIN));
        assert_eq!(checked_sum([i64::MIN, -1]), None);
        // A partial sum that leaves the range is refused even if the rest would bring it back.
        assert_eq!(checked_sum([i64::MAX, 1, -1]), None);
        assert_eq!(checked_sum([]), Some(0));
    }

    #[test]
    fn the_books_limit_is_named_in_the_currency_units() {
        assert_eq!(books_limit(Currency::USD), "46116860184273879.03");
        assert_eq!(books_limit(Currency::JPY), "4611686018427387903");
        let clf = Currency::from_code("CLF").unwrap();
        assert_eq!(books_limit(clf), "461168601842738.7903");
        assert!(
            AmountOutOfRange { currency: clf }
                .to_string()
                .contains("the CLF books past 461168601842738.7903")
        );
    }

    #[test]
    fn formats_with_exactly_the_currency_exponent() {
        assert_eq!(format_minor(10_000, 2), "100.00");
        assert_eq!(format_minor(-5, 2), "-0.05");
        assert_eq!(format_minor(12_500, 0), "12500");
        assert_eq!(format_minor(1_250, 3), "1.250");
        assert_eq!(format_minor(0, 2), "0.00");
        assert_eq!(format_minor(i64::MIN, 2), "-92233720368547758.08");
        assert_eq!(Money::from_minor(7, Currency::KWD).to_string(), "0.007");
    }

    #[test]
    fn ssp_keeps_six_decimals_whatever_the_currency() {
        assert_eq!(Ssp::parse("33.333333").map(Ssp::micros), Ok(33_333_333));
        assert!(Ssp::parse("1.0000001").is_err());
        assert_eq!(Ssp::from_minor(150, Currency::JPY).micros(), 150_000_000);
        assert_eq!(Ssp::from_minor(150, Currency::USD).micros(), 1_500_000);
        assert_eq!(Ssp::from_minor(150, Currency::KWD).micros(), 150_000);
        assert_eq!(Ssp::from_micros(1_500_000).to_string(), "1.5");
        assert_eq!(Ssp::from_micros(2_000_000).to_string(), "2");
    }

    #[test]
    fn parse_then_format_round_trips_for_every_exponent() {
        for currency in Currency::all() {
            let exponent = currency.exponent();
            for minor in [0_i64, 1, -1, 99, 100, 123_456_789, -987_654_321_012] {
                let text = format_minor(minor, exponent);
                assert_eq!(Money::parse(&text, currency).map(Money::minor), Ok(minor));
            }
        }
    }

    proptest::proptest! {
        /// The 64-bit reading of plain decimals gives what the general reading gives, and
        /// leaves every other text to it.
        #[test]
        fn plain_decimals_read_as_the_general_reading_does(
            text in "[-+]?[0-9]{0,14}(\\.[0-9]{0,8})?(e[0-9])?",
            scale in 0_u32..=8,
        ) {
            if let Some(value) = parse_plain(&text, scale) {
                proptest::prop_assert_eq!(Ok(value), parse_any(&text, scale));
            }
        }
    }

    #[test]
    fn plain_decimals_take_the_64_bit_reading() {
        assert_eq!(parse_plain("1250.5", 2), Some(125_050));
        assert_eq!(parse_plain("-0.05", 2), Some(-5));
        assert_eq!(parse_plain("999999999999.99", 2), Some(99_999_999_999_999));
        for general in [
            "1e3",
            "+5",
            "1.",
            ".5",
            "1.234",
            "1000000000000",
            "0012.5x",
            "",
        ] {
            assert_eq!(parse_plain(general, 2), None, "{general}");
        }
        assert_eq!(parse_scaled("1.2500", 2), Ok(125));
    }
}
