//! The revenue waterfall: revenue recognized per month and the deferred balance at each
//! month end, over a range of months.

use crate::currency::Currency;
use crate::period::{Period, PeriodRange};
use crate::rollup::{MonthlyTotals, Rollup};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WaterfallRow {
    /// The row's last month (the month itself for a monthly waterfall).
    pub period: Period,
    pub recognized: i64,
    /// Deferred revenue (contract liabilities) at the end of `period`: billed-at-start for
    /// contracts without invoices, billed less recognized per contract for the others.
    pub deferred_balance: i64,
    /// What was billed over the row's months (invoices, or billed-at-start bookings).
    pub billed: i64,
    /// Contract assets at the end of `period`: per contract, recognized beyond billed.
    pub contract_asset_balance: i64,
    /// The part of `recognized` that corrects closed months (docs/asc606.md §13).
    pub correction: i64,
    /// The part of `recognized` that variable consideration made (docs/asc606.md §15).
    pub variable: i64,
    /// Whether every month of the row is closed: its figures are those it froze.
    pub closed: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Waterfall {
    pub currency: Currency,
    pub granularity: Granularity,
    pub rows: Vec<WaterfallRow>,
    /// Sum of `recognized` over the rows.
    pub total_recognized: i64,
    /// The last row's deferred balance.
    pub total_deferred: i64,
    /// Whether any contract of the selection is billed by invoices (the report then shows
    /// what was billed and the contract assets beside the deferred balance).
    pub billed_by_invoices: bool,
    /// Every month through this one is closed; when any is, the report shows each row's
    /// correction and whether it is closed.
    pub closed_through: Option<Period>,
}

impl Waterfall {
    /// This waterfall over `range`, of a booked rollup's figures (`totals`), marked with its
    /// books: each row's correction (from `corrections`, the booked rollup's correction part
    /// by month) and whether it is closed. Whether it shows billing is decided by the months
    /// through its end, never by later ones: a report of closed months keeps its shape when
    /// an invoice is recorded after they closed.
    pub fn with_books(
        mut self,
        range: PeriodRange,
        totals: &MonthlyTotals,
        corrections: &MonthlyTotals,
        closed_through: Option<Period>,
    ) -> Waterfall {
        self.closed_through = closed_through;
        self.billed_by_invoices = totals
            .range(..=range.last())
            .any(|(_, amounts)| amounts.invoiced != 0 || amounts.asset_change != 0);
        let mut first = range.first();
        for row in &mut self.rows {
            row.correction = corrections
                .range(first..=row.period)
                .map(|(_, amounts)| amounts.recognized)
                .sum();
            row.closed = closed_through.is_some_and(|closed| row.period <= closed);
            first = row.period.next();
        }
        self
    }
}

/// How many months a waterfall row covers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Granularity {
    #[default]
    Monthly,
    Quarterly,
    Annual,
}

impl Granularity {
    pub const ALL: [Granularity; 3] = [
        Granularity::Monthly,
        Granularity::Quarterly,
        Granularity::Annual,
    ];

    pub fn parse(text: &str) -> Option<Granularity> {
        Granularity::ALL
            .into_iter()
            .find(|granularity| granularity.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Granularity::Monthly => "monthly",
            Granularity::Quarterly => "quarterly",
            Granularity::Annual => "annual",
        }
    }

    /// Whether `period` closes a row of this granularity.
    fn closes_row(self, period: Period) -> bool {
        match self {
            Granularity::Monthly => true,
            Granularity::Quarterly => period.month().is_multiple_of(3),
            Granularity::Annual => period.month() == 12,
        }
    }
}

/// Every month of `range` (zeros included, ascending), from summed contributions.
/// Months before the range only set the opening deferred balance.
pub fn waterfall(rollup: &Rollup, currency: Currency, range: PeriodRange) -> Waterfall {
    waterfall_by(&rollup.by_period(), currency, range, Granularity::Monthly)
}

/// [`waterfall`] with rows of a quarter or a year: revenue summed over the row's months,
/// the balance at its last month. A row cut short by the range ends at the range's end.
pub fn waterfall_by(
    totals: &MonthlyTotals,
    currency: Currency,
    range: PeriodRange,
    granularity: Granularity,
) -> Waterfall {
    let (mut deferred, mut asset) =
        totals
            .range(..range.first())
            .fold((0_i64, 0_i64), |(deferred, asset), (_, amounts)| {
                (
                    deferred + liability_change(amounts),
                    asset + amounts.asset_change,
                )
            });
    let mut rows = Vec::new();
    let (mut row_revenue, mut row_billed, mut row_variable) = (0, 0, 0);
    for period in range.iter() {
        let amounts = totals.get(&period).copied().unwrap_or_default();
        deferred += liability_change(&amounts);
        asset += amounts.asset_change;
        row_revenue += amounts.recognized;
        row_billed += amounts.booked;
        row_variable += amounts.variable;
        if granularity.closes_row(period) || period == range.last() {
            rows.push(WaterfallRow {
                period,
                recognized: row_revenue,
                deferred_balance: deferred,
                billed: row_billed,
                contract_asset_balance: asset,
                correction: 0,
                variable: row_variable,
                closed: false,
            });
            (row_revenue, row_billed, row_variable) = (0, 0, 0);
        }
    }
    Waterfall {
        currency,
        granularity,
        total_recognized: rows.iter().map(|row| row.recognized).sum(),
        total_deferred: rows.last().map_or(deferred, |row| row.deferred_balance),
        billed_by_invoices: totals
            .values()
            .any(|amounts| amounts.invoiced != 0 || amounts.asset_change != 0),
        rows,
        closed_through: None,
    }
}

/// The change of contract liabilities a month's figures make: billed less recognized, plus
/// whatever of the difference a contract asset absorbed.
pub fn liability_change(amounts: &crate::rollup::RollupAmounts) -> i64 {
    amounts.booked - amounts.recognized + amounts.asset_change
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::PobType;
    use crate::recognition::Timing;
    use crate::rollup::{RollupAmounts, RollupKey};

    fn month(text: &str) -> Period {
        Period::parse(text).unwrap()
    }

    fn rollup() -> Rollup {
        let key = |period: &str| RollupKey {
            period: month(period),
            pob_type: PobType::Subscription,
            timing: Timing::OverTime,
        };
        Rollup::from_rows([
            (
                key("2026-01"),
                RollupAmounts {
                    recognized: 100,
                    booked: 1_200,
                    ..Default::default()
                },
            ),
            (
                key("2026-02"),
                RollupAmounts {
                    recognized: 100,
                    ..Default::default()
                },
            ),
            (
                key("2026-04"),
                RollupAmounts {
                    recognized: 100,
                    ..Default::default()
                },
            ),
        ])
    }

    #[test]
    fn every_month_of_the_range_is_listed_with_zeros_and_running_balances() {
        let range = PeriodRange::new(month("2026-01"), month("2026-05")).unwrap();
        let result = waterfall(&rollup(), Currency::USD, range);
        let rows: Vec<_> = result
            .rows
            .iter()
            .map(|row| (row.period.to_string(), row.recognized, row.deferred_balance))
            .collect();
        assert_eq!(
            rows,
            [
                ("2026-01".into(), 100, 1_100),
                ("2026-02".into(), 100, 1_000),
                ("2026-03".into(), 0, 1_000),
                ("2026-04".into(), 100, 900),
                ("2026-05".into(), 0, 900),
            ]
        );
        assert_eq!((result.total_recognized, result.total_deferred), (300, 900));
    }

    #[test]
    fn months_before_the_range_set_the_opening_balance() {
        let range = PeriodRange::new(month("2026-03"), month("2026-04")).unwrap();
        let result = waterfall(&rollup(), Currency::USD, range);
        assert_eq!(result.rows[0].deferred_balance, 1_000);
        assert_eq!(result.total_recognized, 100);
    }

    #[test]
    fn quarterly_rows_sum_revenue_and_keep_the_closing_balance() {
        let range = PeriodRange::new(month("2026-01"), month("2026-05")).unwrap();
        let result = waterfall_by(
            &rollup().by_period(),
            Currency::USD,
            range,
            Granularity::Quarterly,
        );
        let rows: Vec<_> = result
            .rows
            .iter()
            .map(|row| (row.period.to_string(), row.recognized))
            .collect();
        assert_eq!(rows, [("2026-03".into(), 200), ("2026-05".into(), 100)]);
        assert_eq!(result.total_deferred, 900);
    }
}
