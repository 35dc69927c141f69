//! A waterfall's revenue split into parts: by `pob_type` (a portfolio's, from its rollups)
//! or by obligation (one contract's, from its schedule). The parts of every row sum to the
//! row's `recognized` exactly, because both come from the same monthly figures.

use crate::contract::PobType;
use crate::digest::{Canonical, CanonicalWriter};
use crate::period::{Period, PeriodRange};
use crate::plan::{ContractPlan, ObligationPlan};
use crate::rollup::Rollup;
use crate::waterfall::Waterfall;

/// The parts of each row of a waterfall.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WaterfallParts {
    /// What the parts are, in order: the six `pob_type`s, or the contract's obligations.
    pub keys: Vec<String>,
    /// One list per waterfall row, one amount per key.
    pub rows: Vec<Vec<i64>>,
    /// Like `rows`: the part of each amount that variable consideration made.
    pub variable: Vec<Vec<i64>>,
}

/// A month's revenue of one part and the part of it variable consideration made.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PartAmount {
    pub recognized: i64,
    pub variable: i64,
}

/// Recognized revenue of each month of `range` by `pob_type` (every type, in
/// [`PobType::ALL`] order, zeros included).
fn recognized_by_pob_type(
    rollup: &Rollup,
    range: PeriodRange,
) -> Vec<(Period, [PartAmount; PobType::ALL.len()])> {
    let mut months: Vec<(Period, [PartAmount; PobType::ALL.len()])> = range
        .iter()
        .map(|period| (period, [PartAmount::default(); PobType::ALL.len()]))
        .collect();
    for (key, amounts) in rollup.rows() {
        if key.period < range.first() || key.period > range.last() {
            continue;
        }
        let kind = PobType::ALL.iter().position(|kind| *kind == key.pob_type);
        // Rows are keyed by month: the month's place in the range is its distance from the start.
        let slot = usize::try_from(range.first().months_until(key.period))
            .ok()
            .and_then(|index| months.get_mut(index))
            .and_then(|(_, parts)| kind.and_then(|kind| parts.get_mut(kind)));
        if let Some(slot) = slot {
            slot.recognized += amounts.recognized;
            slot.variable += amounts.variable;
        }
    }
    months
}

/// The monthly parts by `pob_type` folded into `waterfall`'s rows. `range` is the months the
/// waterfall covers (none when it is empty).
pub fn pob_type_parts(
    waterfall: &Waterfall,
    rollup: &Rollup,
    range: Option<PeriodRange>,
) -> WaterfallParts {
    let monthly: Vec<(Period, Vec<PartAmount>)> = range
        .map(|range| recognized_by_pob_type(rollup, range))
        .unwrap_or_default()
        .into_iter()
        .map(|(period, parts)| (period, parts.to_vec()))
        .collect();
    let keys = PobType::ALL
        .iter()
        .map(|kind| kind.as_str().to_owned())
        .collect();
    fold_into_rows(waterfall, keys, &monthly)
}

/// One contract's monthly revenue by obligation (plan order; an obligation is named by its
/// id, or by its name when it was given none), folded into `waterfall`'s rows.
pub fn obligation_parts(
    waterfall: &Waterfall,
    plan: &ContractPlan,
    range: Option<PeriodRange>,
) -> WaterfallParts {
    let monthly: Vec<(Period, Vec<PartAmount>)> = range.map_or_else(Vec::new, |range| {
        let schedule = plan.monthly(range.first(), range.last());
        schedule
            .periods()
            .enumerate()
            .map(|(month, period)| {
                let parts = (0..plan.obligations().len())
                    .map(|index| PartAmount {
                        recognized: schedule.revenue(index).get(month).copied().unwrap_or(0),
                        variable: schedule.variable(index).get(month).copied().unwrap_or(0),
                    })
                    .collect();
                (period, parts)
            })
            .collect()
    });
    fold_into_rows(waterfall, obligation_keys(plan), &monthly)
}

/// The contract's obligations as parts are named: by id, or by name when given none.
pub fn obligation_keys(plan: &ContractPlan) -> Vec<String> {
    plan.obligations().iter().map(obligation_key).collect()
}

/// One obligation as parts name it: by id, or by name when given none.
pub fn obligation_key(obligation: &ObligationPlan) -> String {
    obligation
        .id
        .clone()
        .unwrap_or_else(|| obligation.name.to_string())
}

/// Sums each month's parts (`monthly`, one amount per key, months ascending) into the row
/// of `waterfall` that closes it (a row covers the months after the previous row, through
/// its own period).
pub fn fold_into_rows(
    waterfall: &Waterfall,
    keys: Vec<String>,
    monthly: &[(Period, Vec<PartAmount>)],
) -> WaterfallParts {
    let mut rows = Vec::with_capacity(waterfall.rows.len());
    let mut variable = Vec::with_capacity(waterfall.rows.len());
    let mut months = monthly.iter().peekable();
    for row in &waterfall.rows {
        let mut parts = vec![0_i64; keys.len()];
        let mut variable_parts = vec![0_i64; keys.len()];
        while let Some((_, month)) = months.next_if(|(period, _)| *period <= row.period) {
            for ((sum, variable_sum), part) in
                parts.iter_mut().zip(variable_parts.iter_mut()).zip(month)
            {
                *sum += part.recognized;
                *variable_sum += part.variable;
            }
        }
        rows.push(parts);
        variable.push(variable_parts);
    }
    WaterfallParts {
        keys,
        rows,
        variable,
    }
}

/// A waterfall with its parts, for the output hash of a grouped report.
pub struct GroupedWaterfall<'a> {
    pub waterfall: &'a Waterfall,
    pub group_by: &'a str,
    pub parts: &'a WaterfallParts,
}

impl Canonical for GroupedWaterfall<'_> {
    fn encode(&self, out: &mut CanonicalWriter) {
        self.waterfall.encode(out);
        out.text(self.group_by);
        out.list(self.parts.keys.len());
        for key in &self.parts.keys {
            out.text(key);
        }
        out.list(self.parts.rows.len());
        for row in &self.parts.rows {
            out.list(row.len());
            for amount in row {
                out.integer(*amount);
            }
        }
        // As the waterfall's own: only parts with variable revenue hash its split.
        if self
            .parts
            .variable
            .iter()
            .flatten()
            .any(|amount| *amount != 0)
        {
            out.text("variable").list(self.parts.variable.len());
            for row in &self.parts.variable {
                out.list(row.len());
                for amount in row {
                    out.integer(*amount);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::currency::Currency;
    use crate::recognition::Timing;
    use crate::rollup::{RollupAmounts, RollupKey};
    use crate::waterfall::{Granularity, waterfall, waterfall_by};

    fn month(text: &str) -> Period {
        Period::parse(text).unwrap_or_else(|error| panic!("{error}"))
    }

    fn rollup() -> Rollup {
        let row = |period: &str, pob_type, recognized| {
            (
                RollupKey {
                    period: month(period),
                    pob_type,
                    timing: Timing::OverTime,
                },
                RollupAmounts {
                    recognized,
                    booked: recognized,
                    ..RollupAmounts::default()
                },
            )
        };
        Rollup::from_rows([
            row("2026-01", PobType::Subscription, 100),
            row("2026-02", PobType::Subscription, 100),
            row("2026-02", PobType::Services, 37),
            row("2026-04", PobType::Support, 5),
        ])
    }

    #[test]
    fn revenue_by_pob_type_splits_each_month_and_adds_up_to_the_waterfall() {
        let range = PeriodRange::new(month("2026-02"), month("2026-03"))
            .unwrap_or_else(|error| panic!("{error}"));
        let parts = recognized_by_pob_type(&rollup(), range);
        let recognized: Vec<(Period, Vec<i64>)> = parts
            .iter()
            .map(|(period, split)| (*period, split.iter().map(|part| part.recognized).collect()))
            .collect();
        assert_eq!(
            recognized,
            [
                (month("2026-02"), vec![0, 0, 37, 100, 0, 0]),
                (month("2026-03"), vec![0, 0, 0, 0, 0, 0]),
            ]
        );
        let rows = waterfall(&rollup(), Currency::USD, range).rows;
        for ((_, split), row) in recognized.iter().zip(&rows) {
            assert_eq!(split.iter().sum::<i64>(), row.recognized);
        }
    }

    #[test]
    fn quarterly_rows_sum_their_months_parts() {
        let range = PeriodRange::new(month("2026-01"), month("2026-06"))
            .unwrap_or_else(|error| panic!("{error}"));
        let rollup = rollup();
        let quarters = waterfall_by(
            &rollup.by_period(),
            Currency::USD,
            range,
            Granularity::Quarterly,
        );
        let parts = pob_type_parts(&quarters, &rollup, Some(range));
        assert_eq!(
            parts.keys,
            [
                "hardware",
                "license",
                "services",
                "subscription",
                "support",
                "usage"
            ]
        );
        assert_eq!(
            parts.rows,
            [vec![0, 0, 37, 200, 0, 0], vec![0, 0, 0, 0, 5, 0]]
        );
        for (row, split) in quarters.rows.iter().zip(&parts.rows) {
            assert_eq!(split.iter().sum::<i64>(), row.recognized);
        }
    }
}
