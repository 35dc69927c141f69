//! Lines recognized as they are consumed (docs/asc606.md §15): usage rated month by month,
//! and prepaid credits recognized as they are used, with breakage.
//!
//! A usage line is allocated nothing at inception: each month's rated usage is its revenue
//! of that month (the right-to-invoice expedient, ASC 606-10-55-18, and the series
//! allocation of 32-40), and its price grows by it, so it is never in RPO. Prepaid credits
//! are a fixed-price line allocated like any other whose revenue follows the credits used
//! (55-46..49). Both take their figures from a contract's usage: what its records add up to,
//! per obligation and month, which are facts of their own and not versions.

use std::collections::BTreeMap;

use time::Date;

use crate::period::Period;
use crate::usage::{Breakage, Quantity, UsagePricing, credits_recognized};

/// How a line is consumed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Consumption {
    /// Rated usage. `None`: the records carry their own rated amounts.
    Usage(Option<UsagePricing>),
    Credits(PrepaidCredits),
}

/// Credits sold up front, used over time, forfeited at `expires_on` (55-46..49).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PrepaidCredits {
    pub credits: Quantity,
    pub expires_on: Date,
    /// The credits the customer is expected to use (at most `credits`): proportional
    /// breakage recognizes the rest as the expected ones are used.
    pub expected_usage: Quantity,
    pub breakage: Breakage,
}

/// What one obligation's records of one month add up to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MonthUsage {
    pub period: Period,
    /// Units (or credits) used.
    pub quantity: Quantity,
    /// Amounts the records carried themselves, minor units.
    pub amount: i64,
}

/// A contract's usage: per obligation id, its months in order.
pub type ContractUsage = BTreeMap<String, Vec<MonthUsage>>;

impl Consumption {
    /// Whether the line is allocated a share of the price at inception (credits are; usage
    /// is not: its price is what it is rated).
    pub fn takes_allocation(&self) -> bool {
        matches!(self, Consumption::Credits(_))
    }

    /// Revenue through the end of each month of `months` (in order), for an obligation
    /// allocated `in_force(day).0` on each Julian day (credits expected to be used
    /// `in_force(day).1` then), in a currency of `exponent` decimals: `visit` is told each
    /// month's point of the cumulative revenue, as `((month, its last Julian day), day,
    /// cumulative)`, the day being when the month is rated (its last day, or `last_day` when
    /// the service ends first); for credits, last, the day they expire with the whole
    /// allocation (no month).
    pub fn for_each_point(
        &self,
        in_force: impl Fn(i32) -> (i64, Quantity),
        months: &[MonthUsage],
        (last_day, exponent): (i32, u8),
        mut visit: impl FnMut(Option<(&MonthUsage, i32)>, i32, i64),
    ) {
        let mut month_ends = MonthEnds::default();
        match self {
            Consumption::Usage(pricing) => {
                let mut total = 0_i64;
                for month in months {
                    let rated = pricing
                        .as_ref()
                        .map_or(0, |pricing| pricing.rate_month(month.quantity, exponent));
                    total = total.saturating_add(rated).saturating_add(month.amount);
                    let end = month_ends.of(month.period);
                    visit(Some((month, end)), end.min(last_day), total);
                }
            }
            Consumption::Credits(credits) => {
                let mut used = Quantity::default();
                let expiry = Period::of(credits.expires_on);
                for month in months.iter().filter(|month| month.period < expiry) {
                    used = used.checked_add(month.quantity).unwrap_or(used);
                    let end = month_ends.of(month.period);
                    let (allocated, expected) = in_force(end.min(last_day));
                    let earned = credits_recognized(
                        allocated,
                        used,
                        (credits.credits, expected),
                        credits.breakage,
                        false,
                    );
                    visit(Some((month, end)), end.min(last_day), earned);
                }
                // Everything left is revenue of the day the credits expire.
                let expiry = credits.expires_on.to_julian_day();
                visit(None, expiry, in_force(expiry).0);
            }
        }
    }
}

/// The last Julian day of months asked in increasing order, counted on from the one before
/// rather than through a calendar date each time.
#[derive(Default)]
struct MonthEnds {
    last: Option<(Period, i32)>,
}

impl MonthEnds {
    fn of(&mut self, period: Period) -> i32 {
        let end = match self.last {
            Some((mut at, mut end)) if at <= period => {
                while at < period {
                    at = at.next();
                    end += i32::from(at.days());
                }
                end
            }
            _ => period.last_julian_day(),
        };
        self.last = Some((period, end));
        end
    }
}
