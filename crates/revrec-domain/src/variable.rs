//! Variable consideration (ASC 606-10-32-5 to 32-14; IFRS 15.50–59): a component of the
//! price that depends on what happens (a bonus, a penalty, a rebate, a price concession),
//! its estimate by one of the two methods of 32-8, and the constrained amount the preparer
//! includes in the transaction price (32-11).
//!
//! Everything is exact. A probability is a decimal with up to six places; the expected
//! value of amounts in minor units is then a whole number of millionths of a minor unit,
//! held as such and never rounded: it is what the included amount is held to.

use crate::allocation::{AllocationError, allocate};
use crate::money::{AmountError, parse_scaled};
use crate::period::Period;

/// Places a probability may have.
pub const PROBABILITY_DECIMALS: u32 = 6;
/// Probability 1, in millionths.
const CERTAIN: i64 = 1_000_000;

/// What kind of variable consideration a component is. A bonus adds to the price; the
/// others reduce it and are given as negative amounts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VariableKind {
    Bonus,
    Penalty,
    Rebate,
    PriceConcession,
    Other,
}

impl VariableKind {
    pub const ALL: [VariableKind; 5] = [
        VariableKind::Bonus,
        VariableKind::Penalty,
        VariableKind::Rebate,
        VariableKind::PriceConcession,
        VariableKind::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            VariableKind::Bonus => "bonus",
            VariableKind::Penalty => "penalty",
            VariableKind::Rebate => "rebate",
            VariableKind::PriceConcession => "price_concession",
            VariableKind::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<VariableKind> {
        VariableKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }

    /// Why `amount` has the wrong sign for this kind, if it does: bonuses add to the price;
    /// penalties, rebates and concessions take from it; `other` goes either way.
    pub fn sign_problem(self, amount: i64) -> Option<&'static str> {
        match self {
            VariableKind::Bonus if amount < 0 => Some("a bonus is given as a positive amount"),
            VariableKind::Penalty | VariableKind::Rebate | VariableKind::PriceConcession
                if amount > 0 =>
            {
                Some("a penalty, rebate or price concession is given as a negative amount")
            }
            _ => None,
        }
    }
}

/// How the amount is estimated (ASC 606-10-32-8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EstimateMethod {
    /// The sum of probability-weighted amounts: for many similar contracts (32-8(a)).
    ExpectedValue,
    /// The single most likely amount: for two outcomes, a bonus earned or not (32-8(b)).
    MostLikelyAmount,
}

impl EstimateMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            EstimateMethod::ExpectedValue => "expected_value",
            EstimateMethod::MostLikelyAmount => "most_likely_amount",
        }
    }

    pub fn parse(text: &str) -> Option<EstimateMethod> {
        [
            EstimateMethod::ExpectedValue,
            EstimateMethod::MostLikelyAmount,
        ]
        .into_iter()
        .find(|method| method.as_str() == text)
    }
}

/// A probability, in millionths: 0 to 1,000,000.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Probability(i64);

impl Probability {
    /// `0.7`, `"0.125"`: a decimal from 0 to 1 with at most six places.
    ///
    /// # Errors
    /// Malformed, negative, above 1, or more precise than a millionth.
    pub fn parse(text: &str) -> Result<Probability, EstimateError> {
        let millionths = parse_scaled(text, PROBABILITY_DECIMALS).map_err(|error| match error {
            AmountError::TooPrecise { .. } => EstimateError::ProbabilityTooPrecise,
            AmountError::Malformed | AmountError::OutOfRange => {
                EstimateError::ProbabilityOutOfRange
            }
        })?;
        Probability::from_millionths(millionths).ok_or(EstimateError::ProbabilityOutOfRange)
    }

    pub fn from_millionths(millionths: i64) -> Option<Probability> {
        (0..=CERTAIN)
            .contains(&millionths)
            .then_some(Probability(millionths))
    }

    pub fn millionths(self) -> i64 {
        self.0
    }
}

/// One outcome a component may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scenario {
    /// Minor units of the contract's currency, negative for a reduction of the price.
    pub amount: i64,
    pub probability: Probability,
}

/// An estimate, exact: millionths of a minor unit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Estimate(i128);

impl Estimate {
    /// A whole amount of minor units as an estimate.
    pub fn of_minor(minor: i64) -> Estimate {
        Estimate(i128::from(minor) * i128::from(CERTAIN))
    }

    /// Millionths of a minor unit.
    pub fn millionths(self) -> i128 {
        self.0
    }

    /// The estimate in the currency's units with its minor-unit decimals and six more: the
    /// exact figure, never rounded (`16800.00000000` for 16,800.00 USD).
    pub fn text(self, exponent: u8) -> String {
        let places = u32::from(exponent) + PROBABILITY_DECIMALS;
        let magnitude = self.0.unsigned_abs();
        let scale = 10_u128.pow(places);
        let (whole, fraction) = (magnitude / scale, magnitude % scale);
        let sign = if self.0 < 0 { "-" } else { "" };
        let width = usize::try_from(places).unwrap_or(0);
        format!("{sign}{whole}.{fraction:0width$}")
    }
}

/// Why an estimate or the amount included from it is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EstimateError {
    #[error("needs at least one scenario")]
    NoScenario,
    #[error("probabilities must be decimals from 0 to 1")]
    ProbabilityOutOfRange,
    #[error("probabilities have at most 6 decimals")]
    ProbabilityTooPrecise,
    #[error(
        "the probabilities add up to {total_millionths} millionths; they must add up to exactly 1"
    )]
    ProbabilitiesDoNotSumToOne { total_millionths: i64 },
    #[error("the included amount may not exceed the estimate (the constraint, ASC 606-10-32-11)")]
    IncludedAboveEstimate,
}

/// The estimate of `scenarios` by `method`: the probability-weighted sum, or the amount of
/// the most probable scenario (of two equally probable, the lower: the constraint leans
/// that way, 32-11).
///
/// # Errors
/// No scenario, or probabilities that do not add up to exactly 1.
pub fn estimate(method: EstimateMethod, scenarios: &[Scenario]) -> Result<Estimate, EstimateError> {
    if scenarios.is_empty() {
        return Err(EstimateError::NoScenario);
    }
    let total: i64 = scenarios
        .iter()
        .map(|scenario| scenario.probability.millionths())
        .sum();
    if total != CERTAIN {
        return Err(EstimateError::ProbabilitiesDoNotSumToOne {
            total_millionths: total,
        });
    }
    Ok(match method {
        EstimateMethod::ExpectedValue => Estimate(
            scenarios
                .iter()
                .map(|scenario| {
                    i128::from(scenario.amount) * i128::from(scenario.probability.millionths())
                })
                .sum(),
        ),
        EstimateMethod::MostLikelyAmount => {
            let most_likely = scenarios.iter().min_by(|a, b| {
                b.probability
                    .cmp(&a.probability)
                    .then(a.amount.cmp(&b.amount))
            });
            Estimate::of_minor(most_likely.map_or(0, |scenario| scenario.amount))
        }
    })
}

/// Checks the constrained amount `included` (minor units) against `estimate`: it may be
/// less (the constraint), never more (ASC 606-10-32-11). For a reduction, less is a larger
/// reduction.
///
/// # Errors
/// `IncludedAboveEstimate`.
/// What a refused constrained amount is told: the amount, the method and the estimate.
pub fn above_estimate(
    included: i64,
    method: EstimateMethod,
    estimate: Estimate,
    exponent: u8,
) -> String {
    format!(
        "{} is above the {} estimate {}; the constrained amount may not exceed the estimate (ASC 606-10-32-11)",
        crate::money::format_minor(included, exponent),
        method.as_str(),
        estimate.text(exponent),
    )
}

pub fn check_included(included: i64, estimate: Estimate) -> Result<(), EstimateError> {
    if Estimate::of_minor(included) > estimate {
        Err(EstimateError::IncludedAboveEstimate)
    } else {
        Ok(())
    }
}

/// Where a component's included amount is allocated (ASC 606-10-32-39 to 32-41).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariableScope {
    /// With the fixed price, by relative standalone selling price over every obligation:
    /// the default.
    AllObligations,
    /// Entirely to these obligations (by index), by relative standalone selling price among
    /// them (32-40(a)): the terms relate to them alone.
    Obligations(Vec<usize>),
    /// Entirely to one month of a ratable obligation: a distinct period of a series
    /// (32-40(b)).
    Period { obligation: usize, period: Period },
}

/// A price allocated: each obligation's share of the fixed price with the components
/// allocated over every obligation, and of each other component.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AllocatedPrice {
    /// Per obligation: the fixed price and every component of scope `AllObligations`,
    /// allocated in one pass, so a contract whose variable amounts all go to every
    /// obligation is allocated as a fixed-price contract of the same total.
    pub common: Vec<i64>,
    /// Per component of another scope, in the order given: its share per obligation (all
    /// zero for those outside its scope).
    pub scoped: Vec<Vec<i64>>,
}

impl AllocatedPrice {
    /// Each obligation's whole allocation.
    pub fn totals(&self) -> Vec<i64> {
        let mut totals = self.common.clone();
        for shares in &self.scoped {
            for (total, share) in totals.iter_mut().zip(shares) {
                *total += share;
            }
        }
        totals
    }
}

/// Allocates `fixed` and each component's included amount (minor units) over obligations
/// of standalone selling prices `weights`: the fixed price and the components of every
/// obligation together by relative SSP, each scoped component over its own obligations.
/// Every share is exact: each allocation's shares add up to what it allocates.
///
/// # Errors
/// Standalone selling prices all zero where an amount is to be allocated.
pub fn allocate_price(
    fixed: i64,
    weights: &[u128],
    components: &[(i64, VariableScope)],
) -> Result<AllocatedPrice, AllocationError> {
    let common_amount = components
        .iter()
        .filter(|(_, scope)| *scope == VariableScope::AllObligations)
        .fold(fixed, |sum, (included, _)| sum.saturating_add(*included));
    let common = allocate(common_amount, weights)?;
    let mut scoped = Vec::new();
    for (included, scope) in components {
        let shares = match scope {
            VariableScope::AllObligations => continue,
            VariableScope::Obligations(indexes) => {
                let within: Vec<u128> = weights
                    .iter()
                    .enumerate()
                    .map(|(index, weight)| if indexes.contains(&index) { *weight } else { 0 })
                    .collect();
                allocate(*included, &within)?
            }
            VariableScope::Period { obligation, .. } => weights
                .iter()
                .enumerate()
                .map(|(index, _)| if index == *obligation { *included } else { 0 })
                .collect(),
        };
        scoped.push(shares);
    }
    Ok(AllocatedPrice { common, scoped })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(amount: i64, probability: &str) -> Scenario {
        Scenario {
            amount,
            probability: Probability::parse(probability).unwrap(),
        }
    }

    #[test]
    fn the_worked_uptime_bonus_is_24000_most_likely_and_16800_expected() {
        // 24,000.00 at 0.7, nothing at 0.3.
        let scenarios = [scenario(2_400_000, "0.7"), scenario(0, "0.3")];
        let likely = estimate(EstimateMethod::MostLikelyAmount, &scenarios).unwrap();
        assert_eq!(likely, Estimate::of_minor(2_400_000));
        assert_eq!(likely.text(2), "24000.00000000");
        let expected = estimate(EstimateMethod::ExpectedValue, &scenarios).unwrap();
        assert_eq!(expected, Estimate::of_minor(1_680_000));
        // Constrained to nothing at inception, then to the whole bonus: both allowed.
        assert_eq!(check_included(0, likely), Ok(()));
        assert_eq!(check_included(2_400_000, likely), Ok(()));
        assert_eq!(
            check_included(2_400_001, likely),
            Err(EstimateError::IncludedAboveEstimate)
        );
    }

    #[test]
    fn an_expected_value_is_exact_to_the_millionth_of_a_cent() {
        // 0.01 at a third-ish: 1 × 333,333 millionths.
        let scenarios = [scenario(1, "0.333333"), scenario(0, "0.666667")];
        let value = estimate(EstimateMethod::ExpectedValue, &scenarios).unwrap();
        assert_eq!(value.millionths(), 333_333);
        assert_eq!(value.text(2), "0.00333333");
        // A rebate: a reduction, given negative. Including a larger reduction is allowed.
        let rebate = [scenario(-50_000, "0.5"), scenario(-10_000, "0.5")];
        let value = estimate(EstimateMethod::ExpectedValue, &rebate).unwrap();
        assert_eq!(value, Estimate::of_minor(-30_000));
        assert_eq!(value.text(2), "-300.00000000");
        assert_eq!(check_included(-40_000, value), Ok(()));
        assert_eq!(
            check_included(-20_000, value),
            Err(EstimateError::IncludedAboveEstimate)
        );
    }

    #[test]
    fn probabilities_are_exact_decimals_that_add_up_to_one() {
        assert_eq!(
            estimate(EstimateMethod::ExpectedValue, &[scenario(1, "0.5")]),
            Err(EstimateError::ProbabilitiesDoNotSumToOne {
                total_millionths: 500_000
            })
        );
        assert_eq!(
            estimate(EstimateMethod::ExpectedValue, &[]),
            Err(EstimateError::NoScenario)
        );
        assert_eq!(
            Probability::parse("0.1234567"),
            Err(EstimateError::ProbabilityTooPrecise)
        );
        assert_eq!(
            Probability::parse("1.5"),
            Err(EstimateError::ProbabilityOutOfRange)
        );
        assert_eq!(
            Probability::parse("-0.1"),
            Err(EstimateError::ProbabilityOutOfRange)
        );
        assert_eq!(Probability::parse("1").unwrap().millionths(), 1_000_000);
    }

    #[test]
    fn of_two_equally_likely_amounts_the_most_likely_is_the_lower() {
        let scenarios = [scenario(500, "0.5"), scenario(100, "0.5")];
        assert_eq!(
            estimate(EstimateMethod::MostLikelyAmount, &scenarios).unwrap(),
            Estimate::of_minor(100)
        );
    }

    #[test]
    fn components_of_every_obligation_allocate_with_the_fixed_price_and_scoped_ones_apart() {
        let weights = [300_u128, 100, 600];
        let allocated = allocate_price(
            100_000,
            &weights,
            &[
                (20_000, VariableScope::AllObligations),
                (-5_001, VariableScope::Obligations(vec![0, 2])),
                (
                    7_000,
                    VariableScope::Period {
                        obligation: 1,
                        period: Period::parse("2026-07").unwrap(),
                    },
                ),
            ],
        )
        .unwrap();
        // 120,000 over 3:1:6 as a fixed-price contract of that total.
        assert_eq!(allocated.common, allocate(120_000, &weights).unwrap());
        assert_eq!(allocated.common, [36_000, 12_000, 72_000]);
        // The rebate over the first and last only (1:2), the month's amount on its line.
        assert_eq!(
            allocated.scoped,
            [vec![-1_667, 0, -3_334], vec![0, 7_000, 0]]
        );
        assert_eq!(allocated.totals(), [34_333, 19_000, 68_666]);
        assert_eq!(
            allocated.totals().iter().sum::<i64>(),
            100_000 + 20_000 - 5_001 + 7_000
        );
    }
}
