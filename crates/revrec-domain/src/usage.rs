//! Usage and prepaid credits (ASC 606-10-55-18, 32-40, 55-46 to 55-49): how a month's usage
//! is rated into revenue, and how prepaid credits are recognized as they are used, with
//! breakage.
//!
//! Quantities and rates are exact decimals with up to six places; a month's rated amount is
//! computed exactly and rounded once to the currency's minor unit, half away from zero.

use crate::money::{AmountError, parse_scaled};
use crate::recognition::{divide_rounding, divide_rounding_wide};

/// What a unit is called when the pricing does not say.
pub const DEFAULT_UNIT: &str = "unit";

/// Places a quantity or a unit rate may have.
pub const USAGE_DECIMALS: u32 = 6;

/// A quantity of usage, in millionths of a unit, never negative.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Quantity(i64);

impl Quantity {
    pub const ZERO: Quantity = Quantity(0);

    /// `1500`, `"2.5"`: a decimal of at most six places, zero or more.
    ///
    /// # Errors
    /// Malformed, negative, past the amount limit, or more precise than a millionth.
    pub fn parse(text: &str) -> Result<Quantity, UsageError> {
        let millionths = parse_scaled(text, USAGE_DECIMALS).map_err(UsageError::Quantity)?;
        Quantity::from_millionths(millionths).ok_or(UsageError::NegativeQuantity)
    }

    pub fn from_millionths(millionths: i64) -> Option<Quantity> {
        (millionths >= 0).then_some(Quantity(millionths))
    }

    /// Whole units.
    pub fn units(units: i64) -> Option<Quantity> {
        units
            .checked_mul(1_000_000)
            .and_then(Quantity::from_millionths)
    }

    pub fn millionths(self) -> i64 {
        self.0
    }

    /// `self + other`, or `None` past `i64`.
    pub fn checked_add(self, other: Quantity) -> Option<Quantity> {
        self.0.checked_add(other.0).map(Quantity)
    }

    /// `self - other`, or `None` below zero.
    pub fn checked_sub(self, other: Quantity) -> Option<Quantity> {
        self.0
            .checked_sub(other.0)
            .and_then(Quantity::from_millionths)
    }
}

/// A price per unit, in millionths of the currency's major unit (`0.002` USD per call is
/// 2,000), never negative.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct UnitRate(i64);

impl UnitRate {
    /// # Errors
    /// Malformed, negative, past the amount limit, or more precise than a millionth.
    pub fn parse(text: &str) -> Result<UnitRate, UsageError> {
        let millionths = parse_scaled(text, USAGE_DECIMALS).map_err(UsageError::Rate)?;
        UnitRate::from_millionths(millionths).ok_or(UsageError::NegativeRate)
    }

    pub fn from_millionths(millionths: i64) -> Option<UnitRate> {
        (millionths >= 0).then_some(UnitRate(millionths))
    }

    pub fn millionths(self) -> i64 {
        self.0
    }
}

/// One tier: units of the month's total up to `up_to` (none: every unit beyond the tier
/// before) are priced at `rate`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tier {
    pub up_to: Option<Quantity>,
    pub rate: UnitRate,
}

/// How a usage line's month is rated (graduated: each unit at the rate of the tier it
/// falls in, like a tax bracket).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsagePricing {
    /// What a unit is (`api_call`, `GB`): a label for people, shown with the line.
    unit: String,
    /// The rate of a unit no tier prices (every unit, without tiers).
    rate: UnitRate,
    /// Units of each month that are free: the month's first.
    included_per_month: Quantity,
    /// Thresholds on the month's total quantity, strictly increasing.
    tiers: Vec<Tier>,
}

/// Why a usage price or quantity is refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum UsageError {
    #[error("quantity {0}")]
    Quantity(AmountError),
    #[error("rate {0}")]
    Rate(AmountError),
    #[error("a quantity may not be negative")]
    NegativeQuantity,
    #[error("a rate may not be negative")]
    NegativeRate,
    #[error("tiers must be in increasing order of `up_to`, only the last without one")]
    TiersNotIncreasing,
}

impl UsagePricing {
    /// # Errors
    /// `TiersNotIncreasing` unless every tier's `up_to` is above the one before and only
    /// the last may be open.
    pub fn new(
        rate: UnitRate,
        included_per_month: Quantity,
        tiers: Vec<Tier>,
    ) -> Result<UsagePricing, UsageError> {
        let mut below: Option<Quantity> = None;
        for (index, tier) in tiers.iter().enumerate() {
            match tier.up_to {
                Some(up_to) if below.is_none_or(|below| up_to > below) => below = Some(up_to),
                None if index + 1 == tiers.len() => {}
                _ => return Err(UsageError::TiersNotIncreasing),
            }
        }
        Ok(UsagePricing {
            unit: DEFAULT_UNIT.to_owned(),
            rate,
            included_per_month,
            tiers,
        })
    }

    /// The same pricing with its units named `unit`.
    #[must_use]
    pub fn with_unit(mut self, unit: &str) -> UsagePricing {
        unit.clone_into(&mut self.unit);
        self
    }

    pub fn unit(&self) -> &str {
        &self.unit
    }

    pub fn rate(&self) -> UnitRate {
        self.rate
    }

    pub fn included_per_month(&self) -> Quantity {
        self.included_per_month
    }

    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }

    /// The month's revenue for a total `quantity`, in minor units of a currency of
    /// `exponent` decimals: the units past those included, each at its tier's rate,
    /// rounded once.
    pub fn rate_month(&self, quantity: Quantity, exponent: u8) -> i64 {
        let exact = self.exact(quantity);
        // `exact` is in 10^-12 of a major unit: minor units are 10^(12 - exponent) of them.
        // A month's usage almost always fits 64 bits, whose division is several times
        // faster than 128 bits' (this runs for every usage line's every month).
        let per_minor = 10_i64.pow(12 - u32::from(exponent.min(12)));
        if let Ok(small) = i64::try_from(exact) {
            return divide_rounding(small, per_minor);
        }
        let rounded = divide_rounding_wide(exact, i128::from(per_minor));
        i64::try_from(rounded).unwrap_or(i64::MAX)
    }

    /// How a month's `quantity` is rated, step by step: the units free, then each priced
    /// run of units with its rate, in order (what explain shows).
    pub fn steps(&self, quantity: Quantity) -> (Quantity, Vec<(Quantity, UnitRate)>) {
        let mut steps = Vec::new();
        let free = self.each_step(quantity, |units, rate| steps.push((Quantity(units), rate)));
        (free, steps)
    }

    /// Σ units × rate over the priced segments, in 10^-12 of a major unit.
    fn exact(&self, quantity: Quantity) -> i128 {
        let mut total = 0_i128;
        self.each_step(quantity, |units, rate| {
            total += i128::from(units) * i128::from(rate.0);
        });
        total
    }

    /// Tells `visit` each priced run of `quantity`'s units (millionths) with its rate, in
    /// order; returns the units free.
    fn each_step(&self, quantity: Quantity, mut visit: impl FnMut(i64, UnitRate)) -> Quantity {
        let free = self.included_per_month.0.min(quantity.0);
        let mut from = free;
        for tier in &self.tiers {
            let to = tier
                .up_to
                .map_or(quantity.0, |up_to| up_to.0.min(quantity.0));
            // An open tier runs to the quantity: nothing is left for `rate`.
            if to > from {
                visit(to - from, tier.rate);
                from = to;
            }
        }
        if quantity.0 > from {
            visit(quantity.0 - from, self.rate);
        }
        Quantity(free)
    }
}

/// How prepaid credits left unused are recognized (ASC 606-10-55-48).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Breakage {
    /// In proportion to the credits the customer is expected to use: breakage is
    /// recognized as the expected credits are used.
    Proportional,
    /// Only when the credits expire (the entity cannot expect breakage).
    AtExpiry,
}

impl Breakage {
    pub fn as_str(self) -> &'static str {
        match self {
            Breakage::Proportional => "proportional",
            Breakage::AtExpiry => "at_expiry",
        }
    }

    /// What the credits used are measured against: the credits expected to be used
    /// (proportional breakage), or every credit sold (breakage at expiry).
    pub fn basis(self, credits: Quantity, expected_usage: Quantity) -> Quantity {
        match self {
            Breakage::Proportional => expected_usage,
            Breakage::AtExpiry => credits,
        }
    }

    pub fn parse(text: &str) -> Option<Breakage> {
        match text {
            "proportional" => Some(Breakage::Proportional),
            "at_expiry" => Some(Breakage::AtExpiry),
            _ => None,
        }
    }
}

/// Revenue of prepaid credits through a month: of `allocated` (minor units), the part
/// `used` (credits used through the month) earns, `round(allocated × used / expected)`
/// for proportional breakage, `round(allocated × used / credits)` at expiry, never past
/// `allocated`; from the month the credits expire, all of it.
pub fn credits_recognized(
    allocated: i64,
    used: Quantity,
    (credits, expected_usage): (Quantity, Quantity),
    breakage: Breakage,
    expired: bool,
) -> i64 {
    if expired {
        return allocated;
    }
    let basis = breakage.basis(credits, expected_usage);
    if basis.0 == 0 {
        return if used.0 > 0 { allocated } else { 0 };
    }
    let earned = divide_rounding_wide(
        i128::from(allocated) * i128::from(used.0.min(basis.0)),
        i128::from(basis.0),
    );
    i64::try_from(earned).unwrap_or(allocated)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantity(text: &str) -> Quantity {
        Quantity::parse(text).unwrap()
    }

    fn rate(text: &str) -> UnitRate {
        UnitRate::parse(text).unwrap()
    }

    #[test]
    fn a_month_is_rated_past_its_included_units_tier_by_tier() {
        // 10,000 calls free, then 0.002 up to 100,000 calls, 0.001 beyond.
        let pricing = UsagePricing::new(
            rate("0.001"),
            quantity("10000"),
            vec![Tier {
                up_to: Some(quantity("100000")),
                rate: rate("0.002"),
            }],
        )
        .unwrap();
        assert_eq!(pricing.rate_month(quantity("9999"), 2), 0);
        // 90,000 × 0.002 = 180.00.
        assert_eq!(pricing.rate_month(quantity("100000"), 2), 18_000);
        // and 50,000 × 0.001 = 50.00 more.
        assert_eq!(pricing.rate_month(quantity("150000"), 2), 23_000);
        // Half a cent rounds away from zero, once for the month.
        assert_eq!(pricing.rate_month(quantity("10002.5"), 2), 1);
        assert_eq!(pricing.rate_month(quantity("10002.4"), 2), 0);
        // A currency without decimals.
        assert_eq!(pricing.rate_month(quantity("150000"), 0), 230);
    }

    #[test]
    fn tiers_must_increase_and_only_the_last_may_be_open() {
        let tier = |up_to: Option<&str>, price: &str| Tier {
            up_to: up_to.map(quantity),
            rate: rate(price),
        };
        assert_eq!(
            UsagePricing::new(
                rate("1"),
                Quantity::ZERO,
                vec![tier(Some("100"), "1"), tier(Some("100"), "2")]
            ),
            Err(UsageError::TiersNotIncreasing)
        );
        assert_eq!(
            UsagePricing::new(
                rate("1"),
                Quantity::ZERO,
                vec![tier(None, "1"), tier(Some("100"), "2")]
            ),
            Err(UsageError::TiersNotIncreasing)
        );
        let open = UsagePricing::new(
            rate("9"),
            Quantity::ZERO,
            vec![tier(Some("100"), "1"), tier(None, "0.5")],
        )
        .unwrap();
        // 100 × 1 + 100 × 0.5: the open tier prices everything past 100, never `rate`.
        assert_eq!(open.rate_month(quantity("200"), 2), 15_000);
        assert_eq!(Quantity::parse("-1"), Err(UsageError::NegativeQuantity));
        assert_eq!(UnitRate::parse("-0.1"), Err(UsageError::NegativeRate));
    }

    #[test]
    fn prepaid_credits_earn_as_used_and_the_rest_at_expiry() {
        // 12,000.00 for 1,000 credits, 800 expected to be used.
        let (credits, expected) = (quantity("1000"), quantity("800"));
        let allocated = 1_200_000;
        let proportional = |used: &str| {
            credits_recognized(
                allocated,
                quantity(used),
                (credits, expected),
                Breakage::Proportional,
                false,
            )
        };
        assert_eq!(proportional("200"), 300_000);
        assert_eq!(proportional("800"), allocated);
        assert_eq!(proportional("900"), allocated, "never past the allocation");
        let at_expiry = credits_recognized(
            allocated,
            quantity("200"),
            (credits, expected),
            Breakage::AtExpiry,
            false,
        );
        assert_eq!(at_expiry, 240_000);
        let expired = credits_recognized(
            allocated,
            quantity("200"),
            (credits, expected),
            Breakage::AtExpiry,
            true,
        );
        assert_eq!(expired, allocated);
    }
}
