//! A contract's revenue plan: its obligations, what each was allocated, and how each is
//! recognized over time, through every amendment.
//!
//! An obligation's revenue is a piecewise cumulative function. Each amendment appends a
//! *segment* that takes over from its effective date `e`: `R(d) = offset + curve(d)` for
//! `d ≥ e`. Days before `e` keep the segments they had, so revenue already recognized never
//! changes; the month containing `e` carries whatever the new terms add or take away.

use std::sync::Arc;

use time::Date;

use crate::allocation::{AllocationError, allocate};
use crate::billing::Billing;
use crate::consumption::{Consumption, ContractUsage, MonthUsage, PrepaidCredits};
use crate::contract::{ContractTerms, Field, ObligationTerms, PobType};
use crate::currency::Currency;
use crate::money::{Ssp, format_minor};
use crate::period::{Period, PeriodRange};
use crate::progress::{PercentComplete, ProgressBasis};
use crate::recognition::{Convention, Curve, Pattern, Timing, divide_rounding_wide};
use crate::usage::Quantity;
use crate::variable::{VariableScope, allocate_price};

/// How an amendment is accounted for (ASC 606-10-25-12/13). `separate_contract` is not
/// here: it leaves this plan untouched and starts a contract of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Amendment {
    /// 25-13(a): the price not yet recognized plus the change is re-allocated over what
    /// remains and recognized from `effective` on.
    Prospective {
        effective: Date,
        terms: ContractTerms,
    },
    /// 25-13(b): from `effective` on, cumulative revenue is the new price × progress, so the
    /// effective month carries the catch-up (which may be negative).
    CumulativeCatchUp {
        effective: Date,
        terms: ContractTerms,
    },
    /// No revenue from `effective` (the first day without service); the unrecognized rest
    /// leaves the transaction price, deferred revenue and RPO.
    Termination { effective: Date },
    /// docs/asc606.md §11: an obligation awaiting delivery is delivered on `date`; its whole
    /// allocation is revenue of that day.
    Fulfillment { obligation_id: String, date: Date },
    /// A cumulative progress report: revenue through `as_of` becomes what `percent` earns,
    /// so the month of `as_of` carries the difference (negative when an estimate falls).
    Progress {
        obligation_id: String,
        as_of: Date,
        percent: PercentComplete,
    },
}

impl Amendment {
    pub fn effective(&self) -> Date {
        match self {
            Amendment::Prospective { effective, .. }
            | Amendment::CumulativeCatchUp { effective, .. }
            | Amendment::Termination { effective } => *effective,
            Amendment::Fulfillment { date, .. } => *date,
            Amendment::Progress { as_of, .. } => *as_of,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmendmentError {
    #[error("effective_date {effective} must fall within the contract term ({start} to {end})")]
    OutsideTerm {
        effective: Date,
        start: Date,
        end: Date,
    },
    #[error(
        "effective_date {effective} is before the previous change ({previous}); changes apply in date order"
    )]
    BeforePreviousChange { effective: Date, previous: Date },
    #[error("the contract was terminated on {on}; a terminated contract cannot change")]
    Terminated { on: Date },
    #[error("a modification cannot change the contract currency ({from} to {to})")]
    CurrencyChanged { from: Currency, to: Currency },
    #[error("a modification cannot move the contract start date ({from} to {to})")]
    StartChanged { from: Date, to: Date },
    #[error("the new end date {end} is before the effective date {effective}")]
    EndsBeforeEffective { end: Date, effective: Date },
    #[error(
        "the new transaction price {price} is below the revenue already recognized ({recognized}); a prospective modification cannot reverse recognized revenue, use cumulative_catch_up"
    )]
    PriceBelowRecognized { price: String, recognized: String },
    #[error(
        "nothing remains to be delivered after {effective}, so the remaining price {remaining} has nowhere to go; use cumulative_catch_up"
    )]
    NothingLeftToDeliver { effective: Date, remaining: String },
    #[error(
        "cumulative_catch_up keeps every obligation; `{name}` is missing from the new terms (prospective treatment allows dropping it)"
    )]
    ObligationDropped { name: String },
    #[error("the contract has no obligation `{id}`")]
    UnknownObligation { id: String },
    #[error(
        "obligation `{id}` is no longer in force (a modification dropped it or the contract ended); it takes no more events"
    )]
    ObligationNotInForce { id: String },
    #[error("obligation `{id}` was satisfied on {on}; an obligation is fulfilled once")]
    AlreadySatisfied { id: String, on: Date },
    #[error(
        "obligation `{id}` is recognized {recognition}; only a point_in_time obligation sent with \"delivery_date\": null awaits a fulfillment"
    )]
    NotAwaitingDelivery {
        id: String,
        recognition: &'static str,
    },
    #[error(
        "obligation `{id}` is recognized {recognition}; percent_complete reports apply to obligations with \"recognition\": \"progress\""
    )]
    NotMeasuredByProgress {
        id: String,
        recognition: &'static str,
    },
    #[error(
        "a modification keeps the prepaid_credits of credits line `{id}` as sold (its months before the change were earned under them): only its price and its expected_usage may change"
    )]
    CreditsChanged { id: String },
}

impl AmendmentError {
    /// The request field a caller should look at.
    pub fn field(&self) -> Field {
        match self {
            AmendmentError::OutsideTerm { .. }
            | AmendmentError::BeforePreviousChange { .. }
            | AmendmentError::EndsBeforeEffective { .. } => Field::EffectiveDate,
            AmendmentError::Terminated { .. } => Field::EffectiveDate,
            AmendmentError::CurrencyChanged { .. } => Field::Currency,
            AmendmentError::StartChanged { .. } => Field::StartDate,
            AmendmentError::PriceBelowRecognized { .. }
            | AmendmentError::NothingLeftToDeliver { .. }
            | AmendmentError::ObligationDropped { .. } => Field::Treatment,
            AmendmentError::UnknownObligation { .. }
            | AmendmentError::ObligationNotInForce { .. }
            | AmendmentError::AlreadySatisfied { .. }
            | AmendmentError::NotAwaitingDelivery { .. }
            | AmendmentError::NotMeasuredByProgress { .. } => Field::ObligationId,
            AmendmentError::CreditsChanged { .. } => Field::LineItems,
        }
    }
}

/// The price of an obligation in force from a day on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PriceChange {
    pub from: Date,
    pub price: i64,
    /// The part of `price` that variable consideration makes (docs/asc606.md §15,
    /// "Variable revenue"): a usage or credits line's whole price, another line's share of
    /// its contract's variable components.
    pub variable: i64,
}

impl PriceChange {
    /// What of `cumulative`, revenue recognized under this price, variable consideration
    /// made: `round(cumulative × variable / price)`, the variable share of the price.
    fn variable_part(&self, cumulative: i64) -> i64 {
        if self.variable == 0 || self.price == 0 {
            return 0;
        }
        if self.variable == self.price {
            return cumulative;
        }
        let (variable, price) = (i128::from(self.variable), i128::from(self.price));
        let (variable, price) = if price < 0 {
            (-variable, -price)
        } else {
            (variable, price)
        };
        let rounded = divide_rounding_wide(i128::from(cumulative) * variable, price);
        i64::try_from(rounded).unwrap_or(cumulative)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Segment {
    /// First day (Julian) this segment governs; the first segment governs from the start.
    from: i32,
    offset: i64,
    curve: Curve,
    /// Variable amounts allocated to one month of the obligation (docs/asc606.md §15,
    /// ASC 606-10-32-40), each spread over its month alone; usually none.
    lumps: Vec<Curve>,
}

impl Segment {
    fn new(from: i32, offset: i64, curve: Curve) -> Segment {
        Segment {
            from,
            offset,
            curve,
            lumps: Vec::new(),
        }
    }

    /// What the segment's own curves have recognized through `day`, before its offset.
    fn spread_at(&self, day: i32) -> i64 {
        self.curve.cumulative_at(day) + self.lumps_at(day)
    }

    fn lumps_at(&self, day: i32) -> i64 {
        self.lumps.iter().map(|lump| lump.cumulative_at(day)).sum()
    }
}

/// An obligation's allocation laid out over time: the curve that spreads most of it, and
/// the month-scoped variable amounts that land in one month each.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spread {
    curve: Curve,
    lumps: Vec<Curve>,
    /// The part of the amount the contract's variable components make.
    variable: i64,
}

impl Spread {
    fn plain(curve: Curve) -> Spread {
        Spread {
            curve,
            lumps: Vec::new(),
            variable: 0,
        }
    }

    fn amount(&self) -> i64 {
        self.curve.amount() + self.lumps.iter().map(Curve::amount).sum::<i64>()
    }

    /// The amount and its variable part.
    fn basis(&self) -> (i64, i64) {
        (self.amount(), self.variable)
    }
}

/// Revenue recognized through a day, and how: `cumulative = offset + R(day)`, where `R`
/// spreads `amount` by `shape` and `measure` says how much of it `R(day)` is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CumulativeThrough {
    pub day: Date,
    /// The day the terms in force took over (a change's effective date, a delivery or a
    /// progress report); `None` for the terms the obligation started with.
    pub segment_from: Option<Date>,
    /// What was recognized before they took over (zero under a cumulative catch-up, which
    /// restates from the start).
    pub offset: i64,
    pub amount: i64,
    pub shape: crate::recognition::CurveShape,
    pub measure: crate::recognition::Measure,
    /// Recognized through `day` of the variable amounts scoped to single months.
    pub month_scoped: i64,
    pub cumulative: i64,
}

/// How a prepaid credits line's revenue through a day is computed (docs/asc606.md §15):
/// what the credits used through the day's month earn of the allocation in force that day,
/// or all of it once they expired.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CreditsThrough {
    pub day: Date,
    pub credits: PrepaidCredits,
    /// Credits used through the day's month (months from the expiry on are not counted).
    pub used: Quantity,
    /// The expected usage in force on `day` (a revision applies from its effective day).
    pub expected_usage: Quantity,
    /// The allocation in force on `day`.
    pub allocated: i64,
    pub expired: bool,
    /// Revenue recognized through `day`.
    pub cumulative: i64,
}

/// One performance obligation and its revenue over the life of the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObligationPlan {
    pub id: Option<String>,
    pub name: Arc<str>,
    pub pob_type: PobType,
    pub ssp: Ssp,
    /// The pattern of the latest terms that listed this obligation.
    pub pattern: Pattern,
    /// Listed in the current terms (an obligation dropped by an amendment stays in the
    /// plan, frozen, because its earlier revenue is history).
    pub in_force: bool,
    /// The day a fulfillment delivered it (its pattern is then `PointInTime` on that day).
    pub fulfilled_on: Option<Date>,
    /// The latest progress report of a `Progress` obligation (0 % until the first).
    pub percent_complete: Option<PercentComplete>,
    /// Usage or prepaid credits (docs/asc606.md §15): revenue follows the contract's usage.
    pub consumption: Option<Consumption>,
    /// A usage line's months as it was last rated (empty for every other line).
    usage: Vec<MonthUsage>,
    /// A credits line's expected usage and each revision of it, from the Julian day it
    /// applies (the first from the start; empty for every other line).
    expected_usage: Vec<(i32, Quantity)>,
    progress_basis: ProgressBasis,
    segments: Vec<Segment>,
    prices: Vec<PriceChange>,
}

impl ObligationPlan {
    pub fn timing(&self) -> Timing {
        self.pattern.timing()
    }

    /// The transaction price allocated to this obligation now.
    pub fn allocated(&self) -> i64 {
        self.prices.last().map_or(0, |change| change.price)
    }

    pub fn price_changes(&self) -> &[PriceChange] {
        &self.prices
    }

    /// What a usage line's records add up to in `period`, as it was rated.
    pub fn usage_in(&self, period: Period) -> Option<MonthUsage> {
        self.usage
            .binary_search_by_key(&period, |month| month.period)
            .ok()
            .and_then(|at| self.usage.get(at).copied())
    }

    /// Revenue recognized through `day`, inclusive.
    pub fn recognized_through(&self, day: Date) -> i64 {
        self.cumulative_at(day.to_julian_day())
    }

    /// A credits line's revenue through `day` and what it is computed from; `None` for any
    /// other line.
    pub fn credits_through(&self, day: Date) -> Option<CreditsThrough> {
        let Some(Consumption::Credits(credits)) = &self.consumption else {
            return None;
        };
        let julian = day.to_julian_day();
        let expiry = Period::of(credits.expires_on);
        let used = self
            .usage
            .iter()
            .filter(|month| month.period <= Period::of(day) && month.period < expiry)
            .try_fold(Quantity::ZERO, |used, month| {
                used.checked_add(month.quantity)
            })
            .unwrap_or(Quantity::ZERO);
        let (allocated, expected_usage) = self.credits_in_force(julian, credits.expected_usage);
        Some(CreditsThrough {
            day,
            credits: *credits,
            used,
            expected_usage,
            allocated,
            expired: day >= credits.expires_on,
            cumulative: self.cumulative_at(julian),
        })
    }

    /// A credits line's allocation and expected usage in force on Julian `day` (before the
    /// first change, the first ones; `sold` when no revision is kept).
    fn credits_in_force(&self, day: i32, sold: Quantity) -> (i64, Quantity) {
        let price = self
            .prices
            .iter()
            .take_while(|change| change.from.to_julian_day() <= day)
            .last()
            .or(self.prices.first())
            .map_or(0, |change| change.price);
        let expected = self
            .expected_usage
            .iter()
            .take_while(|(from, _)| *from <= day)
            .last()
            .or(self.expected_usage.first())
            .map_or(sold, |(_, expected)| *expected);
        (price, expected)
    }

    /// What the terms in force from `effective` say had been earned through the day before
    /// it, less what had been: the catch-up a change booked in its effective month. Zero
    /// unless the change started this obligation's latest segment on that day.
    pub fn catch_up_at(&self, effective: Date) -> i64 {
        let day = effective.to_julian_day();
        match self.segments.last() {
            Some(segment) if segment.from == day && self.segments.len() > 1 => {
                segment.offset + segment.spread_at(day - 1) - self.cumulative_at(day - 1)
            }
            _ => 0,
        }
    }

    /// Measures a `Progress` obligation's later reports against `basis`, and sets the
    /// segment a change just started to what the latest report earns under it (a prospective
    /// basis starts where revenue stands; a catch-up's applies the new price to the whole).
    fn restart_progress(&mut self, basis: ProgressBasis) {
        if self.pattern != Pattern::Progress {
            self.percent_complete = None;
            return;
        }
        let percent = self.percent_complete.unwrap_or_default();
        self.progress_basis = basis;
        self.percent_complete = Some(percent);
        if let Some(segment) = self.segments.last_mut() {
            segment.offset = basis.cumulative_at(percent);
        }
    }

    fn cumulative_at(&self, day: i32) -> i64 {
        self.segment_at(day)
            .map_or(0, |segment| segment.offset + segment.spread_at(day))
    }

    /// What of the revenue recognized through `day` variable consideration made
    /// (docs/asc606.md §15, "Variable revenue"): all of a usage or credits line's; of
    /// another line, the amounts scoped to single months as they land, and of the rest the
    /// variable share of the price in force.
    fn variable_through(&self, day: i32) -> i64 {
        self.variable_of(day, self.cumulative_at(day))
    }

    /// [`ObligationPlan::variable_through`] of `cumulative`, the revenue through `day`.
    fn variable_of(&self, day: i32, cumulative: i64) -> i64 {
        let in_force = self
            .prices
            .iter()
            .rev()
            .find(|change| change.from.to_julian_day() <= day);
        self.variable_under(in_force, day, cumulative)
    }

    /// [`ObligationPlan::variable_of`] under `in_force`, the price change in force on `day`.
    fn variable_under(&self, in_force: Option<&PriceChange>, day: i32, cumulative: i64) -> i64 {
        if self.consumption.is_some() {
            return cumulative;
        }
        let Some(change) = in_force else {
            return 0;
        };
        let scoped = self
            .segment_at(day)
            .filter(|segment| !segment.lumps.is_empty())
            .map(|segment| {
                let whole: i64 = segment.lumps.iter().map(Curve::amount).sum();
                (segment.lumps_at(day), whole)
            });
        match scoped {
            None | Some((_, 0)) => change.variable_part(cumulative),
            Some((landed, whole)) => {
                let rest = PriceChange {
                    price: change.price - whole,
                    variable: change.variable - whole,
                    ..*change
                };
                landed + rest.variable_part(cumulative - landed)
            }
        }
    }

    /// Whether any of the line's revenue is variable consideration: a usage or credits
    /// line, a price with a variable part, or an amount scoped to one month. Otherwise
    /// [`ObligationPlan::variable_of`] is zero on every day.
    fn makes_variable(&self) -> bool {
        self.consumption.is_some()
            || self.prices.iter().any(|change| change.variable != 0)
            || self
                .segments
                .iter()
                .any(|segment| !segment.lumps.is_empty())
    }

    /// Each month's variable part into `out`, of the month-end cumulative revenue `ends`
    /// at `month_ends` (`opening`, the revenue through `before`, the day before the first
    /// month), the price in force walked alongside the months.
    fn fill_variable(
        &self,
        (before, opening): (i32, i64),
        month_ends: &[i32],
        ends: &[i64],
        out: &mut [i64],
    ) {
        let mut changes = self
            .prices
            .iter()
            .map(|change| (change.from.to_julian_day(), change))
            .peekable();
        let mut in_force = None;
        while let Some((_, change)) = changes.next_if(|(from, _)| *from <= before) {
            in_force = Some(change);
        }
        let mut variable_before = self.variable_under(in_force, before, opening);
        for ((slot, end), &month_end) in out.iter_mut().zip(ends).zip(month_ends) {
            while let Some((_, change)) = changes.next_if(|(from, _)| *from <= month_end) {
                in_force = Some(change);
            }
            let variable_through = self.variable_under(in_force, month_end, *end);
            *slot = variable_through - variable_before;
            variable_before = variable_through;
        }
    }

    /// The segment that governs `day`: the latest to start by then.
    fn segment_at(&self, day: i32) -> Option<&Segment> {
        self.segments
            .iter()
            .rev()
            .find(|segment| segment.from <= day)
    }

    /// How the revenue recognized through `day` is computed: the terms in force that day
    /// (a segment: from the start, or from a change), what they had recognized before
    /// they took over (`offset`), and the curve they spread.
    pub fn cumulative_through(&self, day: Date) -> CumulativeThrough {
        let julian = day.to_julian_day();
        match self.segment_at(julian) {
            Some(segment) => CumulativeThrough {
                day,
                segment_from: (segment.from != i32::MIN)
                    .then(|| Date::from_julian_day(segment.from).ok())
                    .flatten(),
                offset: segment.offset,
                amount: segment.curve.amount(),
                shape: segment.curve.shape(),
                measure: segment.curve.measure_at(julian),
                month_scoped: segment.lumps_at(julian),
                cumulative: segment.offset + segment.spread_at(julian),
            },
            None => CumulativeThrough {
                day,
                segment_from: None,
                offset: 0,
                amount: 0,
                shape: crate::recognition::CurveShape::AwaitingEvent,
                measure: crate::recognition::Measure::Nothing,
                month_scoped: 0,
                cumulative: 0,
            },
        }
    }

    /// Cumulative revenue at the end of each month from `first`, into `out`
    /// (`month_ends`: the months' last days, as many as `out`).
    fn fill_month_ends(&self, first: Period, month_ends: &[i32], out: &mut [i64]) {
        // Month ends before the first segment: nothing recognized yet (an obligation
        // added by an amendment starts at its effective date).
        let first_from = self
            .segments
            .first()
            .map_or(i32::MAX, |segment| segment.from);
        let before = months_ending_by(month_ends, first_from.saturating_sub(1));
        let (zeros, mut rest) = out.split_at_mut(before);
        zeros.fill(0);
        let mut done = before;
        for (index, segment) in self.segments.iter().enumerate() {
            // Month ends this segment governs: up to the day before the next one starts.
            let until = self
                .segments
                .get(index + 1)
                .map_or(i32::MAX, |next| next.from.saturating_sub(1));
            let ends = month_ends.get(done..).unwrap_or(&[]);
            let count = months_ending_by(ends, until).min(rest.len());
            let (governed, later) = std::mem::take(&mut rest).split_at_mut(count);
            let (month, ends) = (first.plus(to_i32(done)), ends.get(..count).unwrap_or(&[]));
            segment.curve.fill_at_month_ends(month, ends, governed);
            for value in governed.iter_mut() {
                *value += segment.offset;
            }
            if !segment.lumps.is_empty() {
                add_lumps(&segment.lumps, month, ends, governed);
            }
            done += count;
            rest = later;
        }
    }
}

/// Adds the lumps' month-end values to `out` (month ends from `first`, their last days
/// `month_ends`). A usage line has a lump a month: each is a step at its month, so a running
/// sum of steps takes one pass over the months, not one per lump.
fn add_lumps(lumps: &[Curve], first: Period, month_ends: &[i32], out: &mut [i64]) {
    // Steps in day order (a usage line's): one running sum over the months, no buffer.
    let mut previous = i32::MIN;
    let in_order = lumps.iter().all(|lump| {
        lump.step_on().is_some_and(|day| {
            let ordered = day >= previous;
            previous = day;
            ordered
        })
    });
    if in_order {
        let (mut next, mut running) = (0, 0);
        for (value, &month_end) in out.iter_mut().zip(month_ends) {
            while let Some((day, lump)) = lumps
                .get(next)
                .and_then(|lump| lump.step_on().map(|day| (day, lump)))
            {
                if day > month_end {
                    break;
                }
                running += lump.amount();
                next += 1;
            }
            *value += running;
        }
        return;
    }
    let mut steps = vec![0_i64; out.len()];
    let mut other = None;
    for lump in lumps {
        match lump.step_on() {
            Some(day) => {
                // The first month ending on or after the day; a lump whole before the
                // first month end is in every one, one after the last in none.
                let offset = month_ends.partition_point(|end| *end < day);
                if let Some(step) = steps.get_mut(offset) {
                    *step += lump.amount();
                }
            }
            None => {
                let ends = other.get_or_insert_with(|| vec![0_i64; out.len()]);
                let mut lump_ends = vec![0_i64; out.len()];
                lump.fill_at_month_ends(first, month_ends, &mut lump_ends);
                for (sum, end) in ends.iter_mut().zip(&lump_ends) {
                    *sum += end;
                }
            }
        }
    }
    let mut running = 0;
    for (index, (value, step)) in out.iter_mut().zip(&steps).enumerate() {
        running += step;
        *value += running
            + other
                .as_ref()
                .and_then(|ends| ends.get(index))
                .copied()
                .unwrap_or(0);
    }
}

/// How many of `month_ends` (in order) are on or before `day`.
fn months_ending_by(month_ends: &[i32], day: i32) -> usize {
    match day.checked_add(1) {
        Some(after) => Period::ends_before(month_ends, after),
        None => month_ends.len(),
    }
}

fn to_i32(count: usize) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// A contract's obligations with their allocations and revenue over time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractPlan {
    currency: Currency,
    convention: Convention,
    start_date: Date,
    end_date: Date,
    signed_date: Date,
    obligations: Vec<ObligationPlan>,
    /// Effective date of every version: the start date for version 1, then each amendment's.
    versions: Vec<Date>,
    terminated_on: Option<Date>,
}

impl ContractPlan {
    /// Version 1: allocate the transaction price by relative SSP (its variable components
    /// as their scopes say) and lay out each pattern.
    pub fn new(terms: &ContractTerms) -> Result<ContractPlan, AllocationError> {
        let spreads = spread_price(terms)?;
        let obligations = terms
            .obligations
            .iter()
            .zip(spreads)
            .map(|(obligation, spread)| {
                let allocated = spread.amount();
                let variable = if obligation.consumption.is_some() {
                    allocated
                } else {
                    spread.variable
                };
                ObligationPlan {
                    id: obligation.id.clone(),
                    name: obligation.name.clone(),
                    pob_type: obligation.pob_type,
                    ssp: obligation.ssp,
                    pattern: obligation.pattern,
                    in_force: true,
                    fulfilled_on: None,
                    percent_complete: (obligation.pattern == Pattern::Progress)
                        .then_some(PercentComplete::ZERO),
                    consumption: obligation.consumption.clone(),
                    usage: Vec::new(),
                    expected_usage: expected_from(i32::MIN, obligation.consumption.as_ref()),
                    progress_basis: ProgressBasis::new(allocated),
                    segments: vec![Segment {
                        from: i32::MIN,
                        offset: 0,
                        curve: spread.curve,
                        lumps: spread.lumps,
                    }],
                    prices: vec![PriceChange {
                        from: terms.start_date,
                        price: allocated,
                        variable,
                    }],
                }
            })
            .collect();
        let mut plan = ContractPlan {
            currency: terms.currency,
            convention: terms.convention,
            start_date: terms.start_date,
            end_date: terms.end_date,
            signed_date: terms.signed_date,
            obligations,
            versions: vec![terms.start_date],
            terminated_on: None,
        };
        plan.rate_credits();
        Ok(plan)
    }

    /// The plan after one more amendment (a new version). `self` is left as it was.
    pub fn amend(&self, amendment: &Amendment) -> Result<ContractPlan, AmendmentError> {
        let effective = amendment.effective();
        self.check_effective_date(effective)?;
        let mut next = self.clone();
        next.versions.push(effective);
        match amendment {
            Amendment::Termination { effective } => {
                let day = effective.to_julian_day();
                // From the effective date nothing is in force (docs/asc606.md §5).
                for obligation in next.obligations.iter_mut().filter(|o| o.in_force) {
                    freeze(obligation, day);
                    obligation.in_force = false;
                }
                next.terminated_on = Some(*effective);
            }
            Amendment::Prospective { effective, terms } => {
                next.check_new_terms(*effective, terms)?;
                next.apply_prospective(*effective, terms)?;
            }
            Amendment::CumulativeCatchUp { effective, terms } => {
                next.check_new_terms(*effective, terms)?;
                next.apply_catch_up(*effective, terms)?;
            }
            Amendment::Fulfillment {
                obligation_id,
                date,
            } => next.apply_fulfillment(obligation_id, *date)?,
            Amendment::Progress {
                obligation_id,
                as_of,
                percent,
            } => next.apply_progress(obligation_id, *as_of, *percent)?,
        }
        next.rate_credits();
        Ok(next)
    }

    /// Lays each credits line's allocation out by the credits used (docs/asc606.md §15):
    /// its terms give it a price, never a curve of its own.
    fn rate_credits(&mut self) {
        let exponent = self.currency.exponent();
        for obligation in &mut self.obligations {
            if matches!(obligation.consumption, Some(Consumption::Credits(_))) {
                let months = std::mem::take(&mut obligation.usage);
                obligation.rate_usage(&months, exponent);
            }
        }
    }

    /// The obligation in force an event names.
    fn obligation_for_event(&mut self, id: &str) -> Result<&mut ObligationPlan, AmendmentError> {
        let obligation = self
            .obligations
            .iter_mut()
            .find(|obligation| obligation.id.as_deref() == Some(id))
            .ok_or_else(|| AmendmentError::UnknownObligation { id: id.to_owned() })?;
        if obligation.in_force {
            Ok(obligation)
        } else {
            Err(AmendmentError::ObligationNotInForce { id: id.to_owned() })
        }
    }

    fn apply_fulfillment(&mut self, id: &str, date: Date) -> Result<(), AmendmentError> {
        let convention = self.convention;
        let obligation = self.obligation_for_event(id)?;
        match obligation.pattern {
            Pattern::AwaitingDelivery => {}
            Pattern::PointInTime { date: on } => {
                return Err(AmendmentError::AlreadySatisfied {
                    id: id.to_owned(),
                    on,
                });
            }
            other => {
                return Err(AmendmentError::NotAwaitingDelivery {
                    id: id.to_owned(),
                    recognition: other.method().as_str(),
                });
            }
        }
        let day = date.to_julian_day();
        let recognized = obligation.cumulative_at(day - 1);
        let pattern = Pattern::PointInTime { date };
        obligation.segments.push(Segment::new(
            day,
            recognized,
            Curve::new(obligation.allocated() - recognized, pattern, convention),
        ));
        obligation.pattern = pattern;
        obligation.fulfilled_on = Some(date);
        Ok(())
    }

    fn apply_progress(
        &mut self,
        id: &str,
        as_of: Date,
        percent: PercentComplete,
    ) -> Result<(), AmendmentError> {
        let convention = self.convention;
        let obligation = self.obligation_for_event(id)?;
        if obligation.pattern != Pattern::Progress {
            return Err(AmendmentError::NotMeasuredByProgress {
                id: id.to_owned(),
                recognition: obligation.pattern.method().as_str(),
            });
        }
        // From `as_of` on, revenue is what the report earns: the difference lands on that day.
        let day = as_of.to_julian_day();
        let before = obligation.cumulative_at(day - 1);
        let change = obligation.progress_basis.cumulative_at(percent) - before;
        obligation.segments.push(Segment::new(
            day,
            before,
            Curve::new(change, Pattern::PointInTime { date: as_of }, convention),
        ));
        obligation.percent_complete = Some(percent);
        Ok(())
    }

    fn check_effective_date(&self, effective: Date) -> Result<(), AmendmentError> {
        if let Some(on) = self.terminated_on {
            return Err(AmendmentError::Terminated { on });
        }
        if effective < self.start_date || effective > self.end_date {
            return Err(AmendmentError::OutsideTerm {
                effective,
                start: self.start_date,
                end: self.end_date,
            });
        }
        match self.versions.last() {
            Some(previous) if self.versions.len() > 1 && effective < *previous => {
                Err(AmendmentError::BeforePreviousChange {
                    effective,
                    previous: *previous,
                })
            }
            _ => Ok(()),
        }
    }

    fn check_new_terms(
        &self,
        effective: Date,
        terms: &ContractTerms,
    ) -> Result<(), AmendmentError> {
        if terms.currency != self.currency {
            return Err(AmendmentError::CurrencyChanged {
                from: self.currency,
                to: terms.currency,
            });
        }
        if terms.start_date != self.start_date {
            return Err(AmendmentError::StartChanged {
                from: self.start_date,
                to: terms.start_date,
            });
        }
        if terms.end_date < effective {
            return Err(AmendmentError::EndsBeforeEffective {
                end: terms.end_date,
                effective,
            });
        }
        // A credits line's revenue through every month follows its credits: changing them
        // would move months before the change (docs/asc606.md §15).
        for obligation in &self.obligations {
            let Some(Consumption::Credits(credits)) = &obligation.consumption else {
                continue;
            };
            let continued = terms
                .obligations
                .iter()
                .find(|new| new.id.is_some() && new.id == obligation.id);
            // Only the expected usage may be revised (from the change on).
            let same_credits = |new: &ObligationTerms| match &new.consumption {
                Some(Consumption::Credits(new)) => {
                    PrepaidCredits {
                        expected_usage: credits.expected_usage,
                        ..*new
                    } == *credits
                }
                _ => false,
            };
            if let Some(new) = continued
                && !same_credits(new)
            {
                return Err(AmendmentError::CreditsChanged {
                    id: obligation.id.clone().unwrap_or_default(),
                });
            }
        }
        Ok(())
    }

    fn apply_prospective(
        &mut self,
        effective: Date,
        terms: &ContractTerms,
    ) -> Result<(), AmendmentError> {
        let day = effective.to_julian_day();
        let recognized: i64 = self
            .obligations
            .iter()
            .map(|o| o.cumulative_at(day - 1))
            .sum();
        let remaining = terms.transaction_price - recognized;
        if remaining < 0 {
            return Err(AmendmentError::PriceBelowRecognized {
                price: self.format(terms.transaction_price),
                recognized: self.format(recognized),
            });
        }
        let continuations = self.continuations(terms);
        let weights: Vec<u128> = terms
            .obligations
            .iter()
            .zip(&continuations)
            .map(|(obligation, continues)| {
                let done = continues
                    .and_then(|index| self.obligations.get(index))
                    .and_then(|existing| existing.percent_complete);
                remaining_weight(obligation, effective, terms.convention, done)
            })
            .collect();
        let shares =
            allocate(remaining, &weights).map_err(|_| AmendmentError::NothingLeftToDeliver {
                effective,
                remaining: self.format(remaining),
            })?;
        self.freeze_dropped(&continuations, day);
        // The variable share of each price: the one the new terms give it whole.
        let whole = spread_price(terms).unwrap_or_default();
        for (((obligation, share), continues), index) in terms
            .obligations
            .iter()
            .zip(shares)
            .zip(continuations)
            .zip(0..)
        {
            let curve = match remaining_pattern(obligation.pattern, effective) {
                Some(pattern) => Curve::new(share, pattern, terms.convention),
                None => Curve::zero(),
            };
            // The share is as variable as the obligation's whole allocation under the new
            // terms; what was recognized stays as variable as it was.
            let (amount, variable) = whole.get(index).map_or((0, 0), Spread::basis);
            let share_variable = PriceChange {
                from: effective,
                price: amount,
                variable,
            }
            .variable_part(share);
            let index = self.take_over(
                obligation,
                continues,
                (day, effective),
                Spread::plain(curve),
                |recognized, variable| (recognized + share, variable + share_variable),
            );
            if let Some(existing) = self.obligations.get_mut(index) {
                // What remains is measured from where progress stands (0 % for a new line).
                let recognized = existing.cumulative_at(day - 1);
                let percent = existing.percent_complete.unwrap_or_default();
                existing.restart_progress(ProgressBasis {
                    recognized,
                    percent,
                    share,
                });
            }
        }
        self.adopt(terms);
        Ok(())
    }

    fn apply_catch_up(
        &mut self,
        effective: Date,
        terms: &ContractTerms,
    ) -> Result<(), AmendmentError> {
        let continuations = self.continuations(terms);
        let kept: Vec<usize> = continuations.iter().flatten().copied().collect();
        if let Some(dropped) = self
            .obligations
            .iter()
            .enumerate()
            .find(|(index, obligation)| obligation.in_force && !kept.contains(index))
        {
            return Err(AmendmentError::ObligationDropped {
                name: dropped.1.name.to_string(),
            });
        }
        // Validated terms always have a non-zero SSP when the price is non-zero.
        let spreads = spread_price(terms).unwrap_or_else(|_| {
            let zero = Spread::plain(Curve::zero());
            vec![zero; terms.obligations.len()]
        });
        let day = effective.to_julian_day();
        for ((obligation, spread), continues) in
            terms.obligations.iter().zip(spreads).zip(continuations)
        {
            let (allocated, variable) = spread.basis();
            let index = self.take_over(obligation, continues, (day, effective), spread, |_, _| {
                (allocated, variable)
            });
            if let Some(existing) = self.obligations.get_mut(index) {
                // Progress as reported, now of the new price: the effective month carries
                // the catch-up like every other obligation's.
                existing.restart_progress(ProgressBasis::new(allocated));
            }
        }
        self.adopt(terms);
        Ok(())
    }

    /// Starts a new segment for one obligation of the new terms, continuing an existing
    /// obligation (`continues`) or adding one, and returns its index. `new_price` maps the
    /// revenue already recognized by the continued obligation, and the variable part of it,
    /// to its new price and the variable part of that (a usage or credits line's price is
    /// variable whole).
    fn take_over(
        &mut self,
        terms: &ObligationTerms,
        continues: Option<usize>,
        (day, effective): (i32, Date),
        spread: Spread,
        new_price: impl Fn(i64, i64) -> (i64, i64),
    ) -> usize {
        let priced = |recognized: i64, variable: i64| {
            let (price, variable) = new_price(recognized, variable);
            (
                price,
                if terms.consumption.is_some() {
                    price
                } else {
                    variable
                },
            )
        };
        let index = continues.unwrap_or(self.obligations.len());
        match continues.and_then(|index| self.obligations.get_mut(index)) {
            Some(existing) => {
                let recognized = existing.cumulative_at(day - 1);
                let (price, variable) = priced(recognized, existing.variable_through(day - 1));
                // Prospective segments start from what was recognized; catch-up curves are
                // whole-term curves that already include it.
                let offset = price - spread.amount();
                existing.segments.push(Segment {
                    from: day,
                    offset,
                    curve: spread.curve,
                    lumps: spread.lumps,
                });
                existing.prices.push(PriceChange {
                    from: effective,
                    price,
                    variable,
                });
                existing.id = terms.id.clone().or_else(|| existing.id.clone());
                existing.name.clone_from(&terms.name);
                existing.pob_type = terms.pob_type;
                existing.ssp = terms.ssp;
                // A revised expected usage of credits applies from the change on.
                if let Some(Consumption::Credits(credits)) = &terms.consumption
                    && existing
                        .expected_usage
                        .last()
                        .map(|(_, expected)| *expected)
                        != Some(credits.expected_usage)
                {
                    existing.expected_usage.push((day, credits.expected_usage));
                }
                existing.consumption.clone_from(&terms.consumption);
                if existing.pattern != terms.pattern {
                    existing.fulfilled_on = None;
                }
                existing.pattern = terms.pattern;
                existing.in_force = true;
            }
            None => {
                let (price, variable) = priced(0, 0);
                self.obligations.push(ObligationPlan {
                    id: terms.id.clone(),
                    name: terms.name.clone(),
                    pob_type: terms.pob_type,
                    ssp: terms.ssp,
                    pattern: terms.pattern,
                    in_force: true,
                    fulfilled_on: None,
                    percent_complete: None,
                    consumption: terms.consumption.clone(),
                    usage: Vec::new(),
                    expected_usage: expected_from(day, terms.consumption.as_ref()),
                    progress_basis: ProgressBasis::new(price),
                    segments: vec![Segment {
                        from: day,
                        offset: price - spread.amount(),
                        curve: spread.curve,
                        lumps: spread.lumps,
                    }],
                    prices: vec![PriceChange {
                        from: effective,
                        price,
                        variable,
                    }],
                });
            }
        }
        index
    }

    /// Obligations of the current terms that the new terms no longer list stop where they are.
    fn freeze_dropped(&mut self, continuations: &[Option<usize>], day: i32) {
        for (index, obligation) in self.obligations.iter_mut().enumerate() {
            if obligation.in_force && !continuations.contains(&Some(index)) {
                freeze(obligation, day);
                obligation.in_force = false;
            }
        }
    }

    fn adopt(&mut self, terms: &ContractTerms) {
        self.end_date = terms.end_date;
        self.convention = terms.convention;
    }

    /// For each obligation of `terms`, the index of the obligation in force that it
    /// continues: the same id when the line names one, else the first unmatched obligation
    /// with the same name.
    pub fn continuations(&self, terms: &ContractTerms) -> Vec<Option<usize>> {
        let mut taken = vec![false; self.obligations.len()];
        let mut claim = |matches: &dyn Fn(&ObligationPlan) -> bool| {
            let found = self
                .obligations
                .iter()
                .zip(taken.iter_mut())
                .enumerate()
                .find(|(_, (obligation, taken))| {
                    obligation.in_force && !**taken && matches(obligation)
                });
            found.map(|(index, (_, taken))| {
                *taken = true;
                index
            })
        };
        // Ids first, so a renamed line that names its id keeps its obligation.
        let mut result: Vec<Option<usize>> = terms
            .obligations
            .iter()
            .map(|line| {
                let id = line.id.as_ref()?;
                claim(&|obligation: &ObligationPlan| obligation.id.as_ref() == Some(id))
            })
            .collect();
        for (slot, line) in result.iter_mut().zip(&terms.obligations) {
            if slot.is_none() && line.id.is_none() {
                *slot = claim(&|obligation: &ObligationPlan| obligation.name == line.name);
            }
        }
        result
    }

    pub fn currency(&self) -> Currency {
        self.currency
    }

    pub fn convention(&self) -> Convention {
        self.convention
    }

    pub fn start_date(&self) -> Date {
        self.start_date
    }

    /// The end of the current terms (a termination does not move it; see `terminated_on`).
    pub fn end_date(&self) -> Date {
        self.end_date
    }

    pub fn signed_date(&self) -> Date {
        self.signed_date
    }

    pub fn terminated_on(&self) -> Option<Date> {
        self.terminated_on
    }

    pub fn obligations(&self) -> &[ObligationPlan] {
        &self.obligations
    }

    /// Effective date of each version, version 1 first.
    pub fn version_dates(&self) -> &[Date] {
        &self.versions
    }

    /// The version whose terms govern `period`: the latest one effective by its last day.
    pub fn version_for(&self, period: Period) -> u32 {
        let last_day = period.last_day();
        let count = self
            .versions
            .iter()
            .skip(1)
            .filter(|date| **date <= last_day)
            .count();
        u32::try_from(count + 1).unwrap_or(u32::MAX)
    }

    /// The transaction price now: the sum of every obligation's current price.
    pub fn transaction_price(&self) -> i64 {
        self.obligations.iter().map(ObligationPlan::allocated).sum()
    }

    pub fn recognized_through(&self, day: Date) -> i64 {
        self.obligations
            .iter()
            .map(|o| o.recognized_through(day))
            .sum()
    }

    pub fn first_period(&self) -> Period {
        Period::of(self.start_date)
    }

    /// The last month with any activity: the term's end, or the month a termination or
    /// amendment books its change, whichever is later; for a terminated contract, the
    /// termination month.
    pub fn last_period(&self) -> Period {
        if let Some(on) = self.terminated_on {
            return Period::of(on);
        }
        let last_change = self.versions.last().copied().unwrap_or(self.start_date);
        Period::of(self.end_date.max(last_change))
    }

    /// Month by month over `[first, last]`: each obligation's revenue, cumulative revenue,
    /// price in force at month end and the part of its revenue variable consideration
    /// made. `first` may precede the start (zeros there).
    pub fn monthly(&self, first: Period, last: Period) -> MonthlySchedule {
        let months = usize::try_from(first.months_until(last) + 1).unwrap_or(0);
        let cells = months * self.obligations.len();
        // One allocation for the four tables (see `MonthlySchedule`).
        let mut tables = vec![0_i64; 4 * cells];
        let (cumulative, rest) = tables.split_at_mut(cells);
        let (revenue, rest) = rest.split_at_mut(cells);
        let (price, variable) = rest.split_at_mut(cells);
        let row = months.max(1);
        let rows = cumulative
            .chunks_mut(row)
            .zip(revenue.chunks_mut(row))
            .zip(price.chunks_mut(row))
            .zip(variable.chunks_mut(row));
        let before = first.previous().last_julian_day();
        let month_ends = first.month_ends(months);
        for (obligation, (((ends, monthly), prices), variables)) in
            self.obligations.iter().zip(rows)
        {
            obligation.fill_month_ends(first, &month_ends, ends);
            let opening = obligation.cumulative_at(before);
            let mut previous = opening;
            for (slot, end) in monthly.iter_mut().zip(ends.iter()) {
                *slot = end - previous;
                previous = *end;
            }
            // Price changes are in date order: each holds from the first month end on or
            // after its day until the next one's (zero before the first). One pass.
            let (mut at, mut held) = (0, 0);
            for change in &obligation.prices {
                let from = change.from.to_julian_day();
                while let (Some(month_end), Some(slot)) = (month_ends.get(at), prices.get_mut(at))
                    && *month_end < from
                {
                    *slot = held;
                    at += 1;
                }
                held = change.price;
            }
            if let Some(rest) = prices.get_mut(at..) {
                rest.fill(held);
            }
            // Most lines have no variable consideration: their variable part stays zero.
            if obligation.makes_variable() {
                obligation.fill_variable((before, opening), &month_ends, ends, variables);
            }
        }
        MonthlySchedule {
            first,
            months,
            tables,
        }
    }

    /// [`ContractPlan::monthly`] over the contract's own months.
    pub fn schedule(&self) -> MonthlySchedule {
        self.monthly(self.first_period(), self.last_period())
    }

    fn format(&self, minor: i64) -> String {
        format_minor(minor, self.currency.exponent())
    }

    fn apply_usage(&mut self, usage: &ContractUsage) {
        let exponent = self.currency.exponent();
        for obligation in &mut self.obligations {
            let months = obligation
                .id
                .as_ref()
                .and_then(|id| usage.get(id))
                .map_or(&[][..], Vec::as_slice);
            obligation.rate_usage(months, exponent);
        }
    }
}

impl ObligationPlan {
    /// A usage line's revenue and price from its months' usage: each month's rated amount
    /// lands on the day the month is rated, and the price grows by it from the month's
    /// first day (billed in its month, so never deferred and never in RPO). A credits
    /// line's revenue through each month is its allocation in force then times the
    /// credits used through it (of those expected, or of all at expiry), and the rest
    /// lands on the day they expire; its price is what its terms allocated. A line a
    /// termination or a modification stopped stays stopped where it was.
    fn rate_usage(&mut self, months: &[MonthUsage], exponent: u8) {
        let Some(consumption) = self.consumption.clone() else {
            return;
        };
        let Some(first) = self.segments.first() else {
            return;
        };
        let from = first.from;
        let start = self.prices.first().map_or(Date::MIN, |change| change.from);
        // Where a termination or a drop froze it: the last segment, a zero curve.
        let stopped = (!self.in_force)
            .then(|| self.segments.last().map(|segment| segment.from))
            .flatten()
            .filter(|day| *day != from);
        let last_day = self
            .pattern
            .last_day()
            .map_or(i32::MAX, Date::to_julian_day);
        let mut lumps = Vec::with_capacity(months.len() + 1);
        let mut before = 0;
        let mut lump = |cumulative: i64, day: i32| {
            lumps.push(Curve::point(cumulative - before, day));
            before = cumulative;
        };
        match &consumption {
            Consumption::Usage(_) => {
                let mut prices = Vec::with_capacity(months.len() + 1);
                prices.push(PriceChange {
                    from: start,
                    price: 0,
                    variable: 0,
                });
                consumption.for_each_point(
                    |_| (0, Quantity::ZERO),
                    months,
                    (last_day, exponent),
                    |month, day, cumulative| {
                        lump(cumulative, day);
                        if let Some((month, month_end)) = month {
                            // From the month's first day: its last, less its days.
                            let first_day = month_end - i32::from(month.period.days()) + 1;
                            prices.push(PriceChange {
                                from: Date::from_julian_day(first_day)
                                    .unwrap_or(Date::MIN)
                                    .max(start),
                                price: cumulative,
                                variable: cumulative,
                            });
                        }
                    },
                );
                self.prices = prices;
            }
            Consumption::Credits(credits) => {
                // The allocation its terms gave it, without the price a stop set.
                if stopped.is_some() && self.prices.len() > 1 {
                    self.prices.pop();
                }
                let prices = &self.prices;
                let expected = &self.expected_usage;
                let price_at = |day: i32| self.credits_in_force(day, credits.expected_usage);
                // A change of price or of expected usage is caught up in its own month,
                // whether or not credits were used in it.
                let changed = prices
                    .iter()
                    .map(|change| change.from.to_julian_day())
                    .chain(expected.iter().map(|(from, _)| *from))
                    .filter(|day| *day > from && *day != i32::MIN)
                    .filter_map(|day| Date::from_julian_day(day).ok().map(Period::of));
                let rated = with_months_of(months, changed);
                consumption.for_each_point(
                    price_at,
                    &rated,
                    (last_day, exponent),
                    |_, day, cumulative| {
                        lump(cumulative, day);
                    },
                );
                // Expired, all of the allocation is earned: a price changed after the
                // credits expired is earned the day it changes.
                let expiry = credits.expires_on.to_julian_day();
                for change in prices
                    .iter()
                    .filter(|change| change.from.to_julian_day() > expiry)
                {
                    lump(change.price, change.from.to_julian_day());
                }
            }
        }
        self.segments = vec![Segment {
            from,
            offset: 0,
            curve: Curve::zero(),
            lumps,
        }];
        months.clone_into(&mut self.usage);
        if let Some(day) = stopped {
            freeze(self, day);
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Allocation(#[from] AllocationError),
    #[error(transparent)]
    Amendment(#[from] AmendmentError),
}

/// Every version of a contract's plan, version 1 first. Reports as of a past month need
/// the version that was in force then (RPO's timing bands), not only the latest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanHistory {
    versions: Vec<ContractPlan>,
    /// The contract's invoices (none: billed at its start, docs/asc606.md §6).
    billing: Billing,
    /// Each version's plan as it was when the version was recorded, where a later
    /// restatement computes `versions` differently (empty: the same as `versions`).
    recorded: Vec<ContractPlan>,
}

impl PlanHistory {
    pub fn new(terms: &ContractTerms) -> Result<PlanHistory, AllocationError> {
        Ok(PlanHistory {
            versions: vec![ContractPlan::new(terms)?],
            billing: Billing::default(),
            recorded: Vec::new(),
        })
    }

    /// The history billed by `billing`'s invoices instead of at the contract's start.
    pub fn with_billing(mut self, billing: Billing) -> PlanHistory {
        self.billing = billing;
        self
    }

    pub fn billing(&self) -> &Billing {
        &self.billing
    }

    /// Version 1 and then every amendment, in order.
    pub fn replay(
        terms: &ContractTerms,
        amendments: &[Amendment],
    ) -> Result<PlanHistory, ReplayError> {
        let mut history = PlanHistory::new(terms)?;
        for amendment in amendments {
            history = history.amend(amendment)?;
        }
        Ok(history)
    }

    /// The history with one more version.
    pub fn amend(&self, amendment: &Amendment) -> Result<PlanHistory, AmendmentError> {
        let next = self.current().amend(amendment)?;
        Ok(self.pushing(next))
    }

    /// The history with one more version that changes nothing in it: a restatement, once
    /// every version before it has been computed under the new policy (docs/asc606.md §8).
    /// It takes over the months of the version before it, with the same plan, so each
    /// month's figures and the version numbers of later amendments stay as they are.
    pub fn restatement(&self) -> PlanHistory {
        let mut next = self.current().clone();
        if let Some(last) = next.versions.last().copied() {
            next.versions.push(last);
        }
        self.pushing(next)
    }

    /// This history, with `recorded` the plans its versions had when each was recorded
    /// (a restatement's history computes the earlier ones anew; they read back as they were).
    pub fn with_recorded(mut self, recorded: Vec<ContractPlan>) -> PlanHistory {
        self.recorded = recorded;
        self
    }

    /// This history with the contract's usage in every version: each usage line's revenue
    /// of a month is that month's rated usage (docs/asc606.md §15). Usage is not versioned,
    /// so every version reads the same usage; a line's months outside its service are
    /// never recorded (the write refuses them).
    pub fn with_usage(mut self, usage: &ContractUsage) -> PlanHistory {
        if usage.is_empty() {
            return self;
        }
        for plan in self.versions.iter_mut().chain(self.recorded.iter_mut()) {
            plan.apply_usage(usage);
        }
        self
    }

    /// The plan of version `number` (1-based) as it was when the version was recorded.
    pub fn recorded(&self, number: u32) -> Option<&ContractPlan> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        if self.recorded.is_empty() {
            self.versions.get(index)
        } else {
            self.recorded.get(index)
        }
    }

    fn pushing(&self, next: ContractPlan) -> PlanHistory {
        let mut versions = self.versions.clone();
        let mut recorded = self.recorded.clone();
        if !recorded.is_empty() {
            recorded.push(next.clone());
        }
        versions.push(next);
        PlanHistory {
            versions,
            billing: self.billing.clone(),
            recorded,
        }
    }

    #[expect(
        clippy::indexing_slicing,
        reason = "a history is never empty: `new` starts it with version 1"
    )]
    pub fn current(&self) -> &ContractPlan {
        &self.versions[self.versions.len() - 1]
    }

    pub fn versions(&self) -> &[ContractPlan] {
        &self.versions
    }

    /// Version `number` (1-based), if it exists.
    pub fn version(&self, number: u32) -> Option<&ContractPlan> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.versions.get(index)
    }

    /// The version in force at the end of `period` (0-based index into `versions`).
    pub fn index_in_force(&self, period: Period) -> usize {
        usize::try_from(self.current().version_for(period))
            .unwrap_or(1)
            .saturating_sub(1)
    }
}

/// Per-obligation monthly figures, laid out flat (obligation-major) to keep the hot path
/// free of small allocations: one buffer of four tables of `obligations × months` cells,
/// cumulative revenue, revenue, price and variable part, in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthlySchedule {
    first: Period,
    months: usize,
    tables: Vec<i64>,
}

/// The tables of a [`MonthlySchedule`], in their order in its buffer.
#[derive(Clone, Copy)]
enum Table {
    Cumulative,
    Revenue,
    Price,
    Variable,
}

impl MonthlySchedule {
    pub fn first(&self) -> Period {
        self.first
    }

    pub fn months(&self) -> usize {
        self.months
    }

    pub fn periods(&self) -> impl Iterator<Item = Period> + '_ {
        (0..self.months).map(|offset| self.first.plus(i32::try_from(offset).unwrap_or(0)))
    }

    /// Revenue of obligation `index` in each month.
    pub fn revenue(&self, index: usize) -> &[i64] {
        self.slice(Table::Revenue, index)
    }

    /// Revenue recognized through each month end.
    pub fn cumulative(&self, index: usize) -> &[i64] {
        self.slice(Table::Cumulative, index)
    }

    /// The part of each month's revenue that variable consideration made: the change of
    /// `round(cumulative × variable / price)` under the price in force at each month end
    /// (docs/asc606.md §15, "Variable revenue").
    pub fn variable(&self, index: usize) -> &[i64] {
        self.slice(Table::Variable, index)
    }

    /// Price in force at each month end (0 before the obligation exists).
    pub fn price(&self, index: usize) -> &[i64] {
        self.slice(Table::Price, index)
    }

    /// What obligation `index` adds to the billed price each month under the billed-at-start
    /// convention: its price counts from the contract's `start` month on, so the start month
    /// books the whole price and later months book each change of it.
    pub fn booked(&self, index: usize, start: Period) -> impl Iterator<Item = i64> + '_ {
        (0..self.price(index).len()).filter_map(move |offset| self.booked_at(index, start, offset))
    }

    /// [`MonthlySchedule::booked`] of the month `offset` alone (none past the last).
    pub fn booked_at(&self, index: usize, start: Period, offset: usize) -> Option<i64> {
        let prices = self.price(index);
        let period = self.first.plus(i32::try_from(offset).ok()?);
        let billed = |offset: usize, period: Period| {
            let price = prices.get(offset).copied().unwrap_or(0);
            if period >= start { price } else { 0 }
        };
        let before = match offset.checked_sub(1) {
            Some(earlier) => billed(earlier, period.previous()),
            None => 0,
        };
        prices.get(offset)?;
        Some(billed(offset, period) - before)
    }

    /// The offsets of the months of `range` that the schedule covers.
    pub fn offsets_within(&self, range: PeriodRange) -> std::ops::Range<usize> {
        let offset = |period: Period| {
            usize::try_from(self.first.months_until(period).max(0))
                .unwrap_or(0)
                .min(self.months)
        };
        offset(range.first())..offset(range.last().next())
    }

    /// Contract revenue per month, all obligations together.
    pub fn total_revenue(&self) -> Vec<i64> {
        let mut total = vec![0; self.months];
        for chunk in self.table(Table::Revenue).chunks(self.months.max(1)) {
            for (sum, value) in total.iter_mut().zip(chunk) {
                *sum += value;
            }
        }
        total
    }

    /// All obligations' cells of one table.
    fn table(&self, table: Table) -> &[i64] {
        let cells = self.tables.len() / 4;
        let at = table as usize * cells;
        self.tables.get(at..at + cells).unwrap_or(&[])
    }

    fn slice(&self, table: Table, index: usize) -> &[i64] {
        self.table(table)
            .get(index * self.months..(index + 1) * self.months)
            .unwrap_or(&[])
    }
}

/// Stops an obligation at `day`: it keeps what it recognized before and its price becomes that.
fn freeze(obligation: &mut ObligationPlan, day: i32) {
    let recognized = obligation.cumulative_at(day - 1);
    obligation
        .segments
        .push(Segment::new(day, recognized, Curve::zero()));
    let from = Date::from_julian_day(day).unwrap_or(Date::MIN);
    let variable = obligation.variable_through(day - 1);
    obligation.prices.push(PriceChange {
        from,
        price: recognized,
        variable,
    });
}

/// `months` (in order) and a month of no usage for each of `periods` not among them, in
/// order.
fn with_months_of(months: &[MonthUsage], periods: impl Iterator<Item = Period>) -> Vec<MonthUsage> {
    let mut all = months.to_vec();
    for period in periods {
        if let Err(at) = all.binary_search_by_key(&period, |month| month.period) {
            all.insert(
                at,
                MonthUsage {
                    period,
                    quantity: Quantity::ZERO,
                    amount: 0,
                },
            );
        }
    }
    all
}

/// A credits line's expected usage from `day` (none for any other line).
fn expected_from(day: i32, consumption: Option<&Consumption>) -> Vec<(i32, Quantity)> {
    match consumption {
        Some(Consumption::Credits(credits)) => vec![(day, credits.expected_usage)],
        _ => Vec::new(),
    }
}

/// Each obligation's allocation of the whole transaction price, laid out over time: the
/// fixed price and every component for all obligations by relative SSP, the others as
/// their scopes say (docs/asc606.md §15, ASC 606-10-32-39..41).
fn spread_price(terms: &ContractTerms) -> Result<Vec<Spread>, AllocationError> {
    // A fixed price alone (most contracts): one allocation, nothing variable.
    if terms.variable.is_empty() {
        let shares = allocate(terms.fixed_price(), &full_weights(&terms.obligations))?;
        return Ok(terms
            .obligations
            .iter()
            .zip(shares)
            .map(|(obligation, share)| {
                Spread::plain(Curve::new(share, obligation.pattern, terms.convention))
            })
            .collect());
    }
    let components: Vec<(i64, VariableScope)> = terms
        .variable
        .iter()
        .map(|component| (component.included_amount, component.scope.clone()))
        .collect();
    let price = allocate_price(
        terms.fixed_price(),
        &full_weights(&terms.obligations),
        &components,
    )?;
    let totals = price.totals();
    // What the fixed price alone would give each obligation: the rest is variable.
    let fixed = allocate(terms.fixed_price(), &full_weights(&terms.obligations))
        .unwrap_or_else(|_| vec![0; terms.obligations.len()]);
    let scoped = components
        .iter()
        .filter(|(_, scope)| *scope != VariableScope::AllObligations)
        .zip(&price.scoped);
    let mut lumps: Vec<Vec<Curve>> = vec![Vec::new(); terms.obligations.len()];
    for ((_, scope), shares) in scoped {
        if let VariableScope::Period { obligation, period } = scope
            && let (Some(share), Some(terms_of), Some(slot)) = (
                shares.get(*obligation),
                terms.obligations.get(*obligation),
                lumps.get_mut(*obligation),
            )
        {
            slot.push(Curve::new(
                *share,
                month_of(terms_of.pattern, *period),
                terms.convention,
            ));
        }
    }
    Ok(terms
        .obligations
        .iter()
        .zip(totals)
        .zip(lumps)
        .zip(fixed)
        .map(|(((obligation, total), lumps), fixed)| {
            let scoped: i64 = lumps.iter().map(Curve::amount).sum();
            Spread {
                curve: Curve::new(total - scoped, obligation.pattern, terms.convention),
                lumps,
                variable: total - fixed,
            }
        })
        .collect())
}

/// The days of `period` a ratable pattern serves (validation holds a month's scope to one).
fn month_of(pattern: Pattern, period: Period) -> Pattern {
    match pattern {
        Pattern::Ratable { start, end } => Pattern::Ratable {
            start: start.max(period.first_day()),
            end: end.min(period.last_day()),
        },
        other => other,
    }
}

/// SSP weights of whole obligations (inception, and catch-up re-allocation).
fn full_weights(obligations: &[ObligationTerms]) -> Vec<u128> {
    // Unscaled: multiplying every weight by one constant would not change a single share.
    obligations.iter().map(allocation_weight).collect()
}

/// An obligation's SSP weight; none for a usage line, which is allocated only what it is
/// rated (docs/asc606.md §15).
fn allocation_weight(obligation: &ObligationTerms) -> u128 {
    match &obligation.consumption {
        Some(consumption) if !consumption.takes_allocation() => 0,
        _ => weight(obligation.ssp),
    }
}

/// Extra precision of a remaining-SSP weight: SSP (to 10^-6) × share of days left, kept to
/// 10^-12 of a major unit and rounded half away from zero.
const REMAINING_SCALE: u128 = 1_000_000;

fn weight(ssp: Ssp) -> u128 {
    u128::try_from(ssp.micros()).unwrap_or(0)
}

/// docs/asc606.md §5 (Prospective): the SSP of what remains from `effective` on. A ratable
/// obligation weighs its SSP × its share of service days left; an undelivered point-in-time
/// obligation weighs its whole SSP, a delivered one nothing.
fn remaining_weight(
    obligation: &ObligationTerms,
    effective: Date,
    convention: Convention,
    progress_done: Option<PercentComplete>,
) -> u128 {
    let full = allocation_weight(obligation) * REMAINING_SCALE;
    match obligation.pattern {
        Pattern::AwaitingDelivery => full,
        // The reported share not yet satisfied (docs/asc606.md §11).
        Pattern::Progress => {
            let done = progress_done.unwrap_or_default().ten_thousandths();
            let left = u128::from(PercentComplete::WHOLE - done);
            let scaled = divide_rounding_wide(
                i128::try_from(full * left).unwrap_or(0),
                i128::from(PercentComplete::WHOLE),
            );
            u128::try_from(scaled).unwrap_or(0)
        }
        Pattern::PointInTime { date } => {
            if date >= effective {
                full
            } else {
                0
            }
        }
        // Days of service left over days of service: the daily convention's own measure.
        Pattern::Ratable { start, end } if convention == Convention::Daily => {
            let total = i128::from(end.to_julian_day() - start.to_julian_day() + 1);
            let left = i128::from(end.to_julian_day() - start.max(effective).to_julian_day() + 1)
                .clamp(0, total);
            let scaled = divide_rounding_wide(i128::try_from(full).unwrap_or(0) * left, total);
            u128::try_from(scaled).unwrap_or(0)
        }
        // Any other convention measures what is left its own way (docs/asc606.md §5): a
        // 12-month `monthly_equal` line half delivered has half its SSP left, whatever the
        // months' days. The share not yet recognized through the day before `effective`,
        // read off the convention's curve of a large whole.
        Pattern::Ratable { .. } => {
            // 10^12: fine enough for any share, and full × WHOLE stays within i128.
            const WHOLE: i64 = 1_000_000_000_000;
            let done = Curve::new(WHOLE, obligation.pattern, convention)
                .cumulative_at(effective.to_julian_day() - 1);
            let left = i128::from(WHOLE - done).clamp(0, i128::from(WHOLE));
            let scaled =
                divide_rounding_wide(i128::try_from(full).unwrap_or(0) * left, i128::from(WHOLE));
            u128::try_from(scaled).unwrap_or(0)
        }
    }
}

/// What is left of a pattern from `effective` on, if anything.
fn remaining_pattern(pattern: Pattern, effective: Date) -> Option<Pattern> {
    match pattern {
        Pattern::AwaitingDelivery | Pattern::Progress => Some(pattern),
        Pattern::PointInTime { date } => (date >= effective).then_some(pattern),
        Pattern::Ratable { start, end } => (end >= effective).then_some(Pattern::Ratable {
            start: start.max(effective),
            end,
        }),
    }
}
