//! Progress toward satisfying an obligation measured by an input or output method
//! (ASC 606-10-55-16 to 55-21): cumulative percent-complete reports, held exactly.

use std::fmt;

use crate::recognition::divide_rounding_wide;

/// A cumulative share of an obligation satisfied, 0 to 100 % with up to 4 decimals, held
/// exactly as ten-thousandths of a percent (100 % is 1,000,000).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct PercentComplete(u32);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PercentError {
    #[error("must be a decimal number from 0 to 100 (got `{0}`)")]
    NotADecimal(String),
    #[error("has at most 4 decimals (got `{0}`)")]
    TooManyDecimals(String),
    #[error("must be from 0 to 100 (got `{0}`)")]
    OutOfRange(String),
}

impl PercentComplete {
    pub const DECIMALS: u32 = 4;
    /// 100 %, in ten-thousandths of a percent.
    pub const WHOLE: u32 = 1_000_000;
    pub const ZERO: PercentComplete = PercentComplete(0);
    pub const COMPLETE: PercentComplete = PercentComplete(PercentComplete::WHOLE);

    pub fn from_ten_thousandths(units: u32) -> Option<PercentComplete> {
        (units <= PercentComplete::WHOLE).then_some(PercentComplete(units))
    }

    /// Exact decimal text such as `55`, `55.5` or `33.3333` (no sign, no exponent).
    pub fn parse(text: &str) -> Result<PercentComplete, PercentError> {
        let not_decimal = || PercentError::NotADecimal(text.to_owned());
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || text.ends_with('.') {
            return Err(not_decimal());
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > PercentComplete::DECIMALS as usize {
            return Err(PercentError::TooManyDecimals(text.to_owned()));
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 3 {
            return Err(PercentError::OutOfRange(text.to_owned()));
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| not_decimal())?
        };
        let padded = format!("{fraction:0<4}");
        let fraction: u32 = padded.parse().map_err(|_| not_decimal())?;
        PercentComplete::from_ten_thousandths(whole * 10_000 + fraction)
            .ok_or_else(|| PercentError::OutOfRange(text.to_owned()))
    }

    pub fn ten_thousandths(self) -> u32 {
        self.0
    }

    pub fn is_complete(self) -> bool {
        self.0 == PercentComplete::WHOLE
    }
}

impl fmt::Display for PercentComplete {
    /// The shortest exact decimal: `25`, `55.5`, `33.3333`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, fraction) = (self.0 / 10_000, self.0 % 10_000);
        if fraction == 0 {
            write!(f, "{whole}")
        } else {
            let digits = format!("{fraction:04}");
            write!(f, "{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

/// What a progress obligation's reports are measured against since its price last changed:
/// at `percent` it had recognized `recognized`, and `share` is what the rest of the way to
/// 100 % earns. At version 1 that is (0, 0 %, the allocation), so a report of `p` means
/// `round(allocation × p / 100)`; a prospective change restarts the basis where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgressBasis {
    pub recognized: i64,
    pub percent: PercentComplete,
    pub share: i64,
}

impl ProgressBasis {
    pub fn new(allocated: i64) -> ProgressBasis {
        ProgressBasis {
            recognized: 0,
            percent: PercentComplete::ZERO,
            share: allocated,
        }
    }

    /// Cumulative revenue at `percent`: `recognized + round(share × (p − p₀) / (100 − p₀))`,
    /// half away from zero, so 100 % always lands on `recognized + share` exactly. A report
    /// below `p₀` (a lowered estimate) gives back part of what was recognized.
    pub fn cumulative_at(self, percent: PercentComplete) -> i64 {
        let left = i128::from(PercentComplete::WHOLE - self.percent.0);
        if left == 0 {
            return self.recognized;
        }
        let moved = i128::from(percent.0) - i128::from(self.percent.0);
        let earned = divide_rounding_wide(i128::from(self.share) * moved, left);
        // |share × moved / left| ≤ |share| × 100 % / 1 unit: within i64 for any allocation.
        self.recognized + i64::try_from(earned).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn percent(text: &str) -> PercentComplete {
        PercentComplete::parse(text).unwrap()
    }

    #[test]
    fn percentages_parse_exactly_and_print_their_shortest_form() {
        assert_eq!(percent("25").ten_thousandths(), 250_000);
        assert_eq!(percent("55.50").to_string(), "55.5");
        assert_eq!(percent("33.3333").to_string(), "33.3333");
        assert_eq!(percent("100.0000"), PercentComplete::COMPLETE);
        assert_eq!(percent("0").to_string(), "0");
        assert!(matches!(
            PercentComplete::parse("33.33333"),
            Err(PercentError::TooManyDecimals(_))
        ));
        for bad in ["100.0001", "101", "1000"] {
            assert!(matches!(
                PercentComplete::parse(bad),
                Err(PercentError::OutOfRange(_))
            ));
        }
        for bad in ["", "-5", "5.", ".5", "1e2", "five"] {
            assert!(matches!(
                PercentComplete::parse(bad),
                Err(PercentError::NotADecimal(_))
            ));
        }
    }

    #[test]
    fn a_basis_rounds_half_away_from_zero_and_completes_exactly() {
        let basis = ProgressBasis::new(1_000_001);
        assert_eq!(basis.cumulative_at(percent("25")), 250_000); // 250000.25
        assert_eq!(basis.cumulative_at(percent("50")), 500_001); // 500000.5 rounds up
        assert_eq!(basis.cumulative_at(PercentComplete::COMPLETE), 1_000_001);
        // Restarted at 60 % with 400.00 recognized and 700.00 left to earn.
        let restarted = ProgressBasis {
            recognized: 40_000,
            percent: percent("60"),
            share: 70_000,
        };
        assert_eq!(restarted.cumulative_at(percent("80")), 75_000);
        assert_eq!(restarted.cumulative_at(percent("55")), 31_250);
        assert_eq!(restarted.cumulative_at(PercentComplete::COMPLETE), 110_000);
        let done = ProgressBasis {
            recognized: 9,
            percent: PercentComplete::COMPLETE,
            share: 0,
        };
        assert_eq!(done.cumulative_at(percent("50")), 9);
    }
}
