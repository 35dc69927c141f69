//! What one contract adds to a portfolio's monthly totals, and the totals themselves.
//!
//! Portfolio reports must not walk every contract. Each contract instead contributes a
//! handful of additive figures per (month, pob_type, timing); a store keeps their sums up to
//! date in the same transaction as each write (subtracting the old version's contribution,
//! adding the new one), and a waterfall or Note 6 over any number of contracts reads
//! O(months) rows. Every figure is chosen so that summing is exact:
//!
//! * `recognized`: revenue of the month.
//! * `booked`: change of the price billed under the billed-at-start convention (the whole
//!   price in the start month; amendments and terminations at their effective month).
//!   Deferred revenue at the end of `P` is `Σ booked − Σ recognized` over months `≤ P`.
//! * `rpo_change`: change of remaining performance obligations. RPO at the end of `P` is
//!   `Σ rpo_change` over months `≤ P`; a contract counts from its signed month.
//! * `rpo_next_12`: the part of the contract's RPO at the end of `P` that the version in
//!   force then schedules for the twelve months after `P` (a snapshot, not a change). Using
//!   the version in force keeps `next 12 + thereafter = RPO` for every past month, even
//!   when a later termination released what was then expected.
//! * `recognized_from_opening`: at the last month of a calendar quarter, the quarter's
//!   revenue that came out of the deferred balance at the quarter's opening, per obligation
//!   `min(opening deferred, max(quarter revenue, 0))` (first in, first out); for a contract
//!   billed by invoices, the same per contract.
//! * `asset_change`: change of a contract's contract asset (billed by invoices, recognized
//!   beyond what was billed). Deferred revenue (the contract liabilities) at the end of `P`
//!   is then `Σ booked − Σ recognized + Σ asset_change`; the contract assets `Σ asset_change`.
//! * `invoiced`: what invoices billed (a part of `booked`), so a report knows whether its
//!   selection is billed by invoices.
//! * `asset_earned`: the part of `asset_change` that revenue booked (the rest is what
//!   invoices billed against the asset): what the journal's recognition entries move, so
//!   a trial balance of recognition or billing entries alone sums from the rollups too.
//! * `paid`: cash received (docs/ledger.md). Receivables at the end of `P` are
//!   `Σ booked − Σ paid + Σ credit_change`.
//! * `credit_change`: change of a contract's customer credit (received beyond what was
//!   billed to date, per contract): receivables never go below zero per contract.
//! * `variable`: the part of `recognized` that variable consideration made: usage and
//!   prepaid credits lines whole, other lines their share of the contract's variable
//!   components (docs/asc606.md §15, "Variable revenue").
//!
//! A contract billed by invoices books them, per contract, under its first obligation's
//! type and timing: billing and balances are the contract's, not an obligation's, and no
//! report splits them by type.

use std::collections::BTreeMap;

use crate::billing::{Billing, ContractBalance};
use crate::contract::PobType;
use crate::currency::Currency;
use crate::money::{AmountOutOfRange, BOOKS_LIMIT_MINOR, checked_sum};
use crate::period::Period;
use crate::plan::{ContractPlan, PlanHistory};
use crate::recognition::Timing;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct RollupKey {
    pub period: Period,
    pub pob_type: PobType,
    pub timing: Timing,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RollupAmounts {
    pub recognized: i64,
    pub booked: i64,
    pub rpo_change: i64,
    pub rpo_next_12: i64,
    pub recognized_from_opening: i64,
    pub asset_change: i64,
    pub invoiced: i64,
    pub asset_earned: i64,
    pub paid: i64,
    pub credit_change: i64,
    pub variable: i64,
}

impl RollupAmounts {
    pub fn is_zero(&self) -> bool {
        *self == RollupAmounts::default()
    }

    pub fn add(&mut self, other: &RollupAmounts) {
        self.recognized += other.recognized;
        self.booked += other.booked;
        self.rpo_change += other.rpo_change;
        self.rpo_next_12 += other.rpo_next_12;
        self.recognized_from_opening += other.recognized_from_opening;
        self.asset_change += other.asset_change;
        self.invoiced += other.invoiced;
        self.asset_earned += other.asset_earned;
        self.paid += other.paid;
        self.credit_change += other.credit_change;
        self.variable += other.variable;
    }

    /// `self + other`, or `None` when a figure would leave `i64`.
    pub fn checked_plus(&self, other: &RollupAmounts) -> Option<RollupAmounts> {
        Some(RollupAmounts {
            recognized: self.recognized.checked_add(other.recognized)?,
            booked: self.booked.checked_add(other.booked)?,
            rpo_change: self.rpo_change.checked_add(other.rpo_change)?,
            rpo_next_12: self.rpo_next_12.checked_add(other.rpo_next_12)?,
            recognized_from_opening: self
                .recognized_from_opening
                .checked_add(other.recognized_from_opening)?,
            asset_change: self.asset_change.checked_add(other.asset_change)?,
            invoiced: self.invoiced.checked_add(other.invoiced)?,
            asset_earned: self.asset_earned.checked_add(other.asset_earned)?,
            paid: self.paid.checked_add(other.paid)?,
            credit_change: self.credit_change.checked_add(other.credit_change)?,
            variable: self.variable.checked_add(other.variable)?,
        })
    }

    /// The amounts whose [`RollupAmounts::figures`] are `figures`.
    pub fn from_figures(figures: [i64; 11]) -> RollupAmounts {
        let [
            recognized,
            booked,
            rpo_change,
            rpo_next_12,
            recognized_from_opening,
            asset_change,
            invoiced,
            asset_earned,
            paid,
            credit_change,
            variable,
        ] = figures;
        RollupAmounts {
            recognized,
            booked,
            rpo_change,
            rpo_next_12,
            recognized_from_opening,
            asset_change,
            invoiced,
            asset_earned,
            paid,
            credit_change,
            variable,
        }
    }

    /// Every figure, in the order of the store's columns.
    pub fn figures(&self) -> [i64; 11] {
        [
            self.recognized,
            self.booked,
            self.rpo_change,
            self.rpo_next_12,
            self.recognized_from_opening,
            self.asset_change,
            self.invoiced,
            self.asset_earned,
            self.paid,
            self.credit_change,
            self.variable,
        ]
    }

    /// The sizes of the figures reports add across months, added up: every figure but the
    /// snapshot `rpo_next_12`, which a report reads at one month end only.
    fn flow_size(&self) -> i128 {
        let all: i128 = self
            .figures()
            .into_iter()
            .map(|figure| i128::from(figure).abs())
            .sum();
        all - i128::from(self.rpo_next_12).abs()
    }

    pub fn negated(&self) -> RollupAmounts {
        RollupAmounts {
            recognized: -self.recognized,
            booked: -self.booked,
            rpo_change: -self.rpo_change,
            rpo_next_12: -self.rpo_next_12,
            recognized_from_opening: -self.recognized_from_opening,
            asset_change: -self.asset_change,
            invoiced: -self.invoiced,
            asset_earned: -self.asset_earned,
            paid: -self.paid,
            credit_change: -self.credit_change,
            variable: -self.variable,
        }
    }
}

/// All types and timings of each month together, months in order: what a waterfall reads.
pub type MonthlyTotals = BTreeMap<Period, RollupAmounts>;

/// First and last month with revenue or a booking: a waterfall's default range.
pub fn extent(totals: &MonthlyTotals) -> Option<(Period, Period)> {
    let mut periods = totals
        .iter()
        .filter(|(_, amounts)| amounts.recognized != 0 || amounts.booked != 0)
        .map(|(period, _)| *period);
    let first = periods.next()?;
    let last = periods.next_back().unwrap_or(first);
    Some((first, last))
}

/// One contract's monthly revenue, bookings and balances, straight from its schedule: the
/// same `recognized`, `variable`, `booked`, `asset_change`, `invoiced` and cash figures as the sum of
/// its [`contributions`], without the RPO columns, which a single contract's waterfall does
/// not read.
pub fn contract_totals(history: &PlanHistory) -> MonthlyTotals {
    let plan = history.current();
    let billing = history.billing();
    let start = plan.first_period();
    let schedule = if billing.is_empty() && billing.payments().is_empty() {
        plan.schedule()
    } else {
        let first = start.min(Period::of(plan.signed_date()));
        plan.monthly(first, last_activity(plan, billing))
    };
    // Month by month in a flat vector first: one map insertion per month, not per obligation.
    let mut months = vec![RollupAmounts::default(); schedule.months()];
    for index in 0..plan.obligations().len() {
        let rows = schedule
            .revenue(index)
            .iter()
            .zip(schedule.variable(index))
            .zip(schedule.booked(index, start));
        for (amounts, ((revenue, variable), booked)) in months.iter_mut().zip(rows) {
            amounts.recognized += revenue;
            amounts.variable += variable;
            if billing.is_empty() {
                amounts.booked += booked;
            }
        }
    }
    if !billing.is_empty() {
        let billed = billed_months(billing, schedule.first(), &schedule.total_revenue());
        for (amounts, month) in months.iter_mut().zip(billed) {
            amounts.booked += month.billed;
            amounts.invoiced += month.billed;
            amounts.asset_change += month.asset_change;
            amounts.asset_earned += month.asset_earned;
        }
    }
    if !billing.payments().is_empty() {
        let billed: Vec<i64> = months.iter().map(|amounts| amounts.booked).collect();
        for (amounts, (paid, credit_change)) in
            months
                .iter_mut()
                .zip(cash_months(billing, schedule.first(), &billed))
        {
            amounts.paid += paid;
            amounts.credit_change += credit_change;
        }
    }
    schedule
        .periods()
        .zip(months)
        .filter(|(_, amounts)| !amounts.is_zero())
        .collect()
}

/// The last month a contract billed by `billing` has anything in: its own last month, or
/// its last invoice's or payment's when later.
pub(crate) fn last_activity(plan: &ContractPlan, billing: &Billing) -> Period {
    [billing.last_period(), billing.last_payment_period()]
        .into_iter()
        .flatten()
        .fold(plan.last_period(), Period::max)
}

/// Each month from `first` (as many as `billed`, what was billed each month) of a contract
/// receiving `billing`'s payments: (cash received, change of customer credit).
pub(crate) fn cash_months(billing: &Billing, first: Period, billed: &[i64]) -> Vec<(i64, i64)> {
    let paid = billing.paid_monthly(first, billed.len());
    let credit = crate::billing::credit_changes(billed, &paid);
    paid.into_iter().zip(credit).collect()
}

/// At a quarter's last month `period` (at `offset` into `revenue`, the monthly revenue):
/// the quarter's revenue out of the balance at its opening, `balances[offset − 3]`, that is
/// `min(opening, max(quarter revenue, 0))` (first in, first out). Zero in other months.
fn from_opening(period: Period, offset: usize, balances: &[i64], revenue: &[i64]) -> i64 {
    if !period.month().is_multiple_of(3) {
        return 0;
    }
    let opening = offset
        .checked_sub(3)
        .and_then(|at| balances.get(at))
        .copied()
        .unwrap_or(0);
    let quarter: i64 = revenue
        .iter()
        .take(offset + 1)
        .skip(offset.saturating_sub(2))
        .sum();
    opening.min(quarter.max(0))
}

/// A contract billed by invoices, one month.
struct BilledMonth {
    billed: i64,
    asset_change: i64,
    /// The part of `asset_change` revenue booked (the journal's recognition entry).
    asset_earned: i64,
    /// At a quarter's last month: the quarter's revenue out of the opening liability.
    from_opening: i64,
}

/// Each month from `first` of a contract billed by `billing` with monthly `revenue`: its
/// balance is billed to date less recognized to date, per contract (ASC 606-10-45-1).
fn billed_months(billing: &Billing, first: Period, revenue: &[i64]) -> Vec<BilledMonth> {
    let billed = billing.billed_monthly(first, revenue.len());
    let (mut billed_to_date, mut recognized_to_date, mut asset_before) = (0, 0, 0);
    let mut liabilities: Vec<i64> = Vec::with_capacity(revenue.len());
    let mut months = Vec::with_capacity(revenue.len());
    for (offset, (billed, recognized)) in billed.iter().zip(revenue).enumerate() {
        // As the journal books it: the month's invoices first, then its revenue.
        let after_billing = billed_to_date + billed - recognized_to_date;
        let earned = *recognized;
        let asset_earned = if earned >= 0 {
            earned - earned.min(after_billing.max(0))
        } else {
            -(-earned).min((-after_billing).max(0))
        };
        billed_to_date += billed;
        recognized_to_date += recognized;
        let balance = ContractBalance::of(billed_to_date, recognized_to_date);
        let period = first.plus(i32::try_from(offset).unwrap_or(i32::MAX));
        let from_opening = from_opening(period, offset, &liabilities, revenue);
        liabilities.push(balance.liability);
        months.push(BilledMonth {
            billed: *billed,
            asset_change: balance.asset - asset_before,
            asset_earned,
            from_opening,
        });
        asset_before = balance.asset;
    }
    months
}

/// Summed contributions of one currency's contracts, keyed by month, type and timing.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Rollup {
    rows: BTreeMap<RollupKey, RollupAmounts>,
}

impl Rollup {
    pub fn new() -> Rollup {
        Rollup::default()
    }

    pub fn from_rows(rows: impl IntoIterator<Item = (RollupKey, RollupAmounts)>) -> Rollup {
        let mut rollup = Rollup::new();
        for (key, amounts) in rows {
            rollup.add(key, &amounts);
        }
        rollup
    }

    pub fn add(&mut self, key: RollupKey, amounts: &RollupAmounts) {
        let entry = self.rows.entry(key).or_default();
        entry.add(amounts);
        if entry.is_zero() {
            self.rows.remove(&key);
        }
    }

    /// One contract's contributions, refused when its books would be past the limit
    /// (docs/limits.md, "Money"): its payments first, before anything sums them month by
    /// month, then the size of every figure.
    pub fn of_contract(history: &PlanHistory) -> Result<Rollup, AmountOutOfRange> {
        let currency = history.current().currency();
        let paid = checked_sum(history.billing().payments().iter().map(|p| p.amount));
        if paid.is_none_or(|paid| paid > BOOKS_LIMIT_MINOR) {
            return Err(AmountOutOfRange { currency });
        }
        let rollup = Rollup::from_rows(contributions(history));
        rollup.within_limit(currency)?;
        Ok(rollup)
    }

    /// Adds `amounts` to the row at `key`, or `None` (leaving the row as it was) when a
    /// figure of the row would leave `i64`.
    pub fn checked_add(&mut self, key: RollupKey, amounts: &RollupAmounts) -> Option<()> {
        let sum = self.get(&key).checked_plus(amounts)?;
        if sum.is_zero() {
            self.rows.remove(&key);
        } else {
            self.rows.insert(key, sum);
        }
        Some(())
    }

    /// What bounds every figure a report prints from these rows (docs/limits.md, "Money"):
    /// the sizes of the figures reports add across months, over every row, plus the largest
    /// month's `rpo_next_12`, each row counted by its size. A report figure is a sum of
    /// rows' figures, each taken at most once with a sign, so none is larger.
    pub fn gross(&self) -> i128 {
        let flows: i128 = self.rows.values().map(RollupAmounts::flow_size).sum();
        let mut next_12_by_month: BTreeMap<Period, i128> = BTreeMap::new();
        for (key, amounts) in &self.rows {
            *next_12_by_month.entry(key.period).or_default() +=
                i128::from(amounts.rpo_next_12).abs();
        }
        flows + next_12_by_month.into_values().max().unwrap_or(0)
    }

    /// `Ok` when the rows' [`Rollup::gross`] is within [`BOOKS_LIMIT_MINOR`]: then every
    /// figure a report sums from them, and the difference of two such, fits in `i64`.
    pub fn within_limit(&self, currency: Currency) -> Result<(), AmountOutOfRange> {
        if self.gross() > i128::from(BOOKS_LIMIT_MINOR) {
            return Err(AmountOutOfRange { currency });
        }
        Ok(())
    }

    pub fn add_contract(&mut self, history: &PlanHistory) {
        for (key, amounts) in contributions(history) {
            self.add(key, &amounts);
        }
    }

    pub fn subtract_contract(&mut self, history: &PlanHistory) {
        for (key, amounts) in contributions(history) {
            self.add(key, &amounts.negated());
        }
    }

    pub fn rows(&self) -> impl Iterator<Item = (&RollupKey, &RollupAmounts)> {
        self.rows.iter()
    }

    /// Whether any month holds a report figure (revenue, billing or a change of remaining
    /// obligations): what makes a currency one a tenant reports in.
    pub fn has_figures(&self) -> bool {
        self.rows.values().any(|amounts| {
            amounts.recognized != 0 || amounts.booked != 0 || amounts.rpo_change != 0
        })
    }

    /// The row's amounts (all zero when there is no such row).
    pub fn get(&self, key: &RollupKey) -> RollupAmounts {
        self.rows.get(key).copied().unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// All types and timings of each month added together, months in order.
    pub fn by_period(&self) -> MonthlyTotals {
        let mut totals = MonthlyTotals::new();
        for (key, amounts) in &self.rows {
            totals.entry(key.period).or_default().add(amounts);
        }
        totals
    }
}

/// Whether obligation `index`, under version `in_force` (the one in force at a month's
/// end), waits for a fulfillment or progress reports to recognize what is left.
fn awaits_events(history: &PlanHistory, in_force: usize, index: usize) -> bool {
    history
        .versions()
        .get(in_force)
        .and_then(|version| version.obligations().get(index))
        .is_some_and(|obligation| obligation.pattern.awaits_events())
}

/// One contract's contributions, all-zero rows left out.
pub fn contributions(history: &PlanHistory) -> Vec<(RollupKey, RollupAmounts)> {
    let plan = history.current();
    let billing = history.billing();
    let invoiced = !billing.is_empty();
    let paying = !billing.payments().is_empty();
    let start = plan.first_period();
    let signed = Period::of(plan.signed_date());
    let first = start.min(signed);
    // Through the end of the last quarter the contract touches, so that quarter's
    // `recognized_from_opening` has a row.
    let last = last_activity(plan, billing)
        .quarter()
        .last_period()
        .max(signed);
    let schedule = plan.monthly(first, last);
    // Earlier versions' schedules, for the RPO timing bands of the months they governed.
    let earlier: Vec<_> = history
        .versions()
        .iter()
        .take(history.versions().len() - 1)
        .map(|version| version.monthly(first, last))
        .collect();
    // The version in force at each month's end, found once for all the obligations.
    let in_force: Vec<usize> = schedule
        .periods()
        .map(|period| history.index_in_force(period))
        .collect();
    let mut rows: BTreeMap<RollupKey, RollupAmounts> = BTreeMap::new();
    // What the contract billed each month: what its payments clear.
    let mut billed_by_month = if paying && !invoiced {
        vec![0_i64; schedule.months()]
    } else {
        Vec::new()
    };

    for (index, obligation) in plan.obligations().iter().enumerate() {
        let revenue = schedule.revenue(index);
        let variable = schedule.variable(index);
        let cumulative = schedule.cumulative(index);
        let price = schedule.price(index);
        // Before the start month the obligation's price is its first one (RPO of a
        // contract signed ahead of its start).
        let initial_price = obligation
            .price_changes()
            .first()
            .map_or(0, |change| change.price);
        let (mut billed, mut rpo_before) = (0, 0);
        let mut deferred_history: Vec<i64> = Vec::with_capacity(revenue.len());

        for ((offset, period), booked) in schedule
            .periods()
            .enumerate()
            .zip(schedule.booked(index, start))
        {
            let (Some(&month_revenue), Some(&recognized), Some(&month_price), Some(&version)) = (
                revenue.get(offset),
                cumulative.get(offset),
                price.get(offset),
                in_force.get(offset),
            ) else {
                continue;
            };
            // A contract billed by invoices books them per contract, below.
            let booked = if invoiced { 0 } else { booked };
            if let Some(month) = billed_by_month.get_mut(offset) {
                *month += booked;
            }
            billed += booked;
            let rpo_price = if period >= start {
                month_price
            } else {
                initial_price
            };
            let rpo_now = if period >= signed {
                rpo_price - recognized
            } else {
                0
            };
            let deferred = billed - recognized;
            deferred_history.push(deferred);

            let next_12 = if period < signed {
                0
            } else if awaits_events(history, version, index) {
                // No schedule until its events: expected by the end of the term in force.
                let end = history.versions().get(version);
                let end = end.map_or(plan.end_date(), ContractPlan::end_date);
                if Period::of(end) <= period.plus(12) {
                    rpo_now
                } else {
                    0
                }
            } else {
                let planned = earlier
                    .get(version)
                    .map_or(revenue, |then| then.revenue(index));
                planned.iter().skip(offset + 1).take(12).sum()
            };
            let from_opening = if invoiced {
                0
            } else {
                from_opening(period, offset, &deferred_history, revenue)
            };

            let amounts = RollupAmounts {
                recognized: month_revenue,
                variable: variable.get(offset).copied().unwrap_or(0),
                booked,
                rpo_change: rpo_now - rpo_before,
                rpo_next_12: next_12,
                recognized_from_opening: from_opening,
                ..RollupAmounts::default()
            };
            rpo_before = rpo_now;
            if !amounts.is_zero() {
                let key = RollupKey {
                    period,
                    pob_type: obligation.pob_type,
                    timing: obligation.timing(),
                };
                rows.entry(key).or_default().add(&amounts);
            }
        }
    }
    if let (true, Some(first_obligation)) = (invoiced, plan.obligations().first()) {
        let months = billed_months(billing, schedule.first(), &schedule.total_revenue());
        for (period, month) in schedule.periods().zip(months) {
            let key = RollupKey {
                period,
                pob_type: first_obligation.pob_type,
                timing: first_obligation.timing(),
            };
            rows.entry(key).or_default().add(&RollupAmounts {
                booked: month.billed,
                invoiced: month.billed,
                asset_change: month.asset_change,
                asset_earned: month.asset_earned,
                recognized_from_opening: month.from_opening,
                ..RollupAmounts::default()
            });
        }
        if paying {
            billed_by_month = billing.billed_monthly(schedule.first(), schedule.months());
        }
    }
    if let (true, Some(first_obligation)) = (paying, plan.obligations().first()) {
        // Cash is the contract's, like its invoices: under its first obligation's key.
        let cash = cash_months(billing, schedule.first(), &billed_by_month);
        for (period, (paid, credit_change)) in schedule.periods().zip(cash) {
            let key = RollupKey {
                period,
                pob_type: first_obligation.pob_type,
                timing: first_obligation.timing(),
            };
            rows.entry(key).or_default().add(&RollupAmounts {
                paid,
                credit_change,
                ..RollupAmounts::default()
            });
        }
    }
    rows.into_iter()
        .filter(|(_, amounts)| !amounts.is_zero())
        .collect()
}

/// A rollup row's figures under books that close (docs/asc606.md §13): every figure is a
/// flow the first open month carries corrections of, except the two snapshots,
/// `rpo_next_12` (measured at a month's end) and `recognized_from_opening` (measured over a
/// quarter), which are simply restated there.
impl crate::books::BookAmount for RollupAmounts {
    fn plus(self, other: RollupAmounts) -> RollupAmounts {
        let mut sum = self;
        sum.add(&other);
        sum
    }

    fn minus(self, other: RollupAmounts) -> RollupAmounts {
        self.plus(other.negated())
    }

    fn carried(self) -> RollupAmounts {
        RollupAmounts {
            rpo_next_12: 0,
            recognized_from_opening: 0,
            ..self
        }
    }
}
