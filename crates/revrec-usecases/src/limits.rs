//! How much work one contract and one request may ask for (`docs/limits.md`): a
//! deployment's settings, with defaults, enforced wherever a contract is accepted (ingest on
//! both surfaces, modification, batch, MCP) and charged against the caller's rate limit.

use revrec_domain::{ContractLimits, obligation_months};
use time::Date;

/// Most obligation-months one request may carry across all its contracts, by default (a
/// batch of 100 contracts of 2,500 each, say).
pub const MAX_REQUEST_OBLIGATION_MONTHS: u64 = 250_000;

/// Most obligation-months one read may replay, by default: an as-of report's contracts
/// written since the instant (each replayed as it was then and as it is now), or an
/// explanation's contract (every version). About a second and a half of one core.
pub const MAX_READ_OBLIGATION_MONTHS: u64 = 4_000_000;

/// Obligation-months one unit of rate limit pays for: a contract up to this size costs one
/// request, a larger one a unit per started block (`docs/limits.md`).
pub const OBLIGATION_MONTHS_PER_UNIT: u64 = 12_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    pub contract: ContractLimits,
    pub request_obligation_months: u64,
    /// What one request's reads may replay, in obligation-months.
    pub read_obligation_months: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            contract: ContractLimits::default(),
            request_obligation_months: MAX_REQUEST_OBLIGATION_MONTHS,
            read_obligation_months: MAX_READ_OBLIGATION_MONTHS,
        }
    }
}

/// Rate-limit units a contract of this size costs (at least one).
pub fn units_of(obligation_months: u64) -> u64 {
    obligation_months
        .div_ceil(OBLIGATION_MONTHS_PER_UNIT)
        .max(1)
}

/// A contract's size from its term and line count, before it is validated (a term that is
/// not one yet counts as one month).
pub fn size_of(start: Option<Date>, end: Option<Date>, lines: usize) -> u64 {
    match (start, end) {
        (Some(start), Some(end)) if start <= end => obligation_months(start, end, lines),
        _ => u64::try_from(lines.max(1)).unwrap_or(u64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn units_grow_with_obligation_months() {
        assert_eq!(units_of(0), 1);
        assert_eq!(units_of(12_000), 1);
        assert_eq!(units_of(12_001), 2);
        assert_eq!(units_of(60_000), 5);
        // 500 lines over 100 years.
        assert_eq!(
            size_of(
                Some(date!(2026 - 01 - 01)),
                Some(date!(2125 - 12 - 31)),
                500
            ),
            600_000
        );
        assert_eq!(size_of(None, Some(date!(2026 - 01 - 01)), 3), 3);
    }
}
