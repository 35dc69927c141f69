//! Recognition patterns (ASC 606 step 5): how an allocated amount becomes revenue over time.
//!
//! Every pattern is a *cumulative* function `R(d)`: revenue recognized through day `d`,
//! rounded half away from zero from an exact fraction. A month's revenue is the difference
//! of `R` at two month ends. So the months always sum to the amount exactly, a month never
//! changes when later months are computed, and a month with zero revenue never ends a
//! schedule.

use std::fmt;

use time::Date;

use crate::period::Period;

/// How an obligation is satisfied.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RecognitionMethod {
    /// Over time, evenly across a service period.
    Ratable,
    /// At a point in time: the delivery date.
    PointInTime,
    /// Over time, measured by cumulative progress reports (an input or output method such
    /// as hours spent or milestones reached).
    Progress,
}

impl RecognitionMethod {
    pub fn parse(text: &str) -> Option<RecognitionMethod> {
        match text {
            "ratable" => Some(RecognitionMethod::Ratable),
            "point_in_time" => Some(RecognitionMethod::PointInTime),
            "progress" => Some(RecognitionMethod::Progress),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RecognitionMethod::Ratable => "ratable",
            RecognitionMethod::PointInTime => "point_in_time",
            RecognitionMethod::Progress => "progress",
        }
    }

    pub fn allowed_list() -> &'static str {
        "point_in_time, progress, ratable"
    }

    pub fn timing(self) -> Timing {
        match self {
            RecognitionMethod::Ratable | RecognitionMethod::Progress => Timing::OverTime,
            RecognitionMethod::PointInTime => Timing::PointInTime,
        }
    }
}

/// Timing of transfer, the disaggregation category of ASC 606-10-55-91(f).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Timing {
    OverTime,
    PointInTime,
}

impl Timing {
    pub const ALL: [Timing; 2] = [Timing::OverTime, Timing::PointInTime];

    pub fn as_str(self) -> &'static str {
        match self {
            Timing::OverTime => "over_time",
            Timing::PointInTime => "point_in_time",
        }
    }

    pub fn parse(text: &str) -> Option<Timing> {
        Timing::ALL
            .into_iter()
            .find(|timing| timing.as_str() == text)
    }
}

/// How a ratable amount is spread over the months of its service period (a policy option
/// on the contract; `daily` unless chosen otherwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Convention {
    /// Exact days, both ends inclusive: each day weighs the same.
    #[default]
    Daily,
    /// Every calendar month the service touches weighs 1, however few days it serves.
    MonthlyEqual,
    /// A month weighs the days served in it over the days of that month: full months 1,
    /// partial first and last months less.
    ProratedFirstLast,
}

impl Convention {
    pub const ALL: [Convention; 3] = [
        Convention::Daily,
        Convention::MonthlyEqual,
        Convention::ProratedFirstLast,
    ];

    pub fn parse(text: &str) -> Option<Convention> {
        Convention::ALL
            .into_iter()
            .find(|convention| convention.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Convention::Daily => "daily",
            Convention::MonthlyEqual => "monthly_equal",
            Convention::ProratedFirstLast => "prorated_first_last",
        }
    }

    pub fn allowed_list() -> &'static str {
        "daily, monthly_equal, prorated_first_last"
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// When an obligation is satisfied: across a service window (inclusive), on one day, or by
/// events that have not all happened yet (docs/asc606.md §11).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pattern {
    Ratable {
        start: Date,
        end: Date,
    },
    PointInTime {
        date: Date,
    },
    /// Point in time, not yet delivered: nothing is recognized until a fulfillment names
    /// the day (the pattern then becomes `PointInTime` on that day).
    AwaitingDelivery,
    /// Over time, as cumulative progress reports say.
    Progress,
}

impl Pattern {
    pub fn method(self) -> RecognitionMethod {
        match self {
            Pattern::Ratable { .. } => RecognitionMethod::Ratable,
            Pattern::PointInTime { .. } | Pattern::AwaitingDelivery => {
                RecognitionMethod::PointInTime
            }
            Pattern::Progress => RecognitionMethod::Progress,
        }
    }

    pub fn timing(self) -> Timing {
        self.method().timing()
    }

    /// The first day of service or the delivery day; none while events decide it.
    pub fn first_day(self) -> Option<Date> {
        match self {
            Pattern::Ratable { start, .. } => Some(start),
            Pattern::PointInTime { date } => Some(date),
            Pattern::AwaitingDelivery | Pattern::Progress => None,
        }
    }

    /// The last day of service or the delivery day; none while events decide it.
    pub fn last_day(self) -> Option<Date> {
        match self {
            Pattern::Ratable { end, .. } => Some(end),
            Pattern::PointInTime { date } => Some(date),
            Pattern::AwaitingDelivery | Pattern::Progress => None,
        }
    }

    /// Whether events, not the calendar, recognize what is left.
    pub fn awaits_events(self) -> bool {
        matches!(self, Pattern::AwaitingDelivery | Pattern::Progress)
    }
}

/// Least common multiple of 28, 29, 30 and 31: one day of any month is a whole number of
/// these units, so `prorated_first_last` weights are exact integers.
const MONTH_WEIGHT_UNIT: i64 = 377_580;

/// What share of a curve's amount `R(d)` is on a day.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Measure {
    /// Before it starts (or before its delivery): none of it.
    Nothing,
    /// Until an event or a progress report says so, none of it.
    AwaitingEvent,
    /// From its end (or its delivery) on: all of it.
    Whole,
    /// `round(amount × numerator / denominator)`: days served of the window's days
    /// (`daily`), months of the window's months with the current month's days served as a
    /// fraction of its days (`monthly_equal`), or weighted month fractions
    /// (`prorated_first_last`).
    Part { numerator: i128, denominator: i128 },
}

/// A curve's shape in calendar terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CurveShape {
    Point {
        on: Date,
    },
    AwaitingEvent,
    Ratable {
        start: Date,
        end: Date,
        convention: Convention,
    },
}

/// An amount spread over time by a pattern: the cumulative function `R(d)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Curve {
    amount: i64,
    shape: Shape,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Shape {
    /// All of it on `day` (a Julian day number).
    Point { day: i32 },
    /// None of it until an event says so (the event starts a segment of its own).
    Pending,
    /// Spread over `[start, end]` (Julian day numbers, inclusive) by a convention whose
    /// total weight over the window is `total`.
    Ratable {
        start: i32,
        end: i32,
        convention: Convention,
        total: i64,
    },
}

impl Curve {
    pub fn new(amount: i64, pattern: Pattern, convention: Convention) -> Curve {
        let shape = match pattern {
            Pattern::PointInTime { date } => Shape::Point {
                day: date.to_julian_day(),
            },
            Pattern::Ratable { start, end } => {
                let (start, end) = (start.to_julian_day(), end.to_julian_day());
                Shape::Ratable {
                    start,
                    end,
                    convention,
                    total: total_weight(start, end, convention),
                }
            }
            Pattern::AwaitingDelivery | Pattern::Progress => Shape::Pending,
        };
        Curve { amount, shape }
    }

    /// All of `amount` on `day` (a Julian day number): [`Curve::new`] of a point in time,
    /// without the calendar date.
    pub fn point(amount: i64, day: i32) -> Curve {
        Curve {
            amount,
            shape: Shape::Point { day },
        }
    }

    /// Nothing to recognize (an obligation frozen by a termination).
    pub fn zero() -> Curve {
        Curve {
            amount: 0,
            shape: Shape::Point { day: 0 },
        }
    }

    pub fn amount(&self) -> i64 {
        self.amount
    }

    /// `R(day)`: revenue recognized through `day` (a Julian day number), inclusive.
    pub fn cumulative_at(&self, day: i32) -> i64 {
        match self.measure_at(day) {
            Measure::Nothing | Measure::AwaitingEvent => 0,
            Measure::Whole => self.amount,
            Measure::Part {
                numerator,
                denominator,
            } => scale_fraction(self.amount, numerator, denominator),
        }
    }

    /// How much of the amount `R(day)` is, and why: what explains a cumulative figure.
    pub fn measure_at(&self, day: i32) -> Measure {
        match self.shape {
            Shape::Pending => Measure::AwaitingEvent,
            Shape::Point { day: delivery } => {
                if day >= delivery {
                    Measure::Whole
                } else {
                    Measure::Nothing
                }
            }
            Shape::Ratable {
                start,
                end,
                convention,
                total,
            } => {
                if day < start {
                    return Measure::Nothing;
                }
                if day >= end {
                    return Measure::Whole;
                }
                let (numerator, denominator) = match convention {
                    Convention::Daily => (i128::from(day - start + 1), i128::from(total)),
                    Convention::MonthlyEqual => {
                        let first = Period::of(julian_date(start));
                        let month = Period::of(julian_date(day));
                        let served = served_days(start, end, month);
                        let served_through =
                            i64::from(day - start.max(month.first_day().to_julian_day()) + 1);
                        let months_before = i64::from(first.months_until(month));
                        (
                            i128::from(months_before * served + served_through),
                            i128::from(total) * i128::from(served),
                        )
                    }
                    Convention::ProratedFirstLast => {
                        let mut weight = 0;
                        let mut month = Period::of(julian_date(start));
                        while month.last_julian_day() < day {
                            weight += prorated_weight(served_days(start, end, month), month);
                            month = month.next();
                        }
                        let served_through =
                            i64::from(day - start.max(month.first_day().to_julian_day()) + 1);
                        weight += prorated_weight(served_through, month);
                        (i128::from(weight), i128::from(total))
                    }
                };
                Measure::Part {
                    numerator,
                    denominator,
                }
            }
        }
    }

    /// The day (Julian) from which the whole amount is recognized, when the curve has
    /// nothing to recognize before that day's month: a point, or a window inside one month.
    /// At every month end the curve is then a step: nothing before that month, all from it.
    pub fn step_on(&self) -> Option<i32> {
        match self.shape {
            Shape::Point { day } => Some(day),
            Shape::Ratable { start, end, .. }
                if Period::of(julian_date(start)) == Period::of(julian_date(end)) =>
            {
                Some(end)
            }
            Shape::Ratable { .. } | Shape::Pending => None,
        }
    }

    /// What the curve spreads and how, in calendar terms.
    pub fn shape(&self) -> CurveShape {
        match self.shape {
            Shape::Point { day } => CurveShape::Point {
                on: julian_date(day),
            },
            Shape::Pending => CurveShape::AwaitingEvent,
            Shape::Ratable {
                start,
                end,
                convention,
                ..
            } => CurveShape::Ratable {
                start: julian_date(start),
                end: julian_date(end),
                convention,
            },
        }
    }

    /// Writes `R` at the last day of `first`, `first + 1`, … into `out`.
    /// The hot loop of every schedule: integer arithmetic only, no allocation.
    pub fn fill_month_ends(&self, first: Period, out: &mut [i64]) {
        self.fill_at_month_ends(first, &first.month_ends(out.len()), out);
    }

    /// [`Curve::fill_month_ends`] given the months' last days (`month_ends[i]` that of
    /// `first + i`, as many as `out`), which a schedule computes once for all its curves.
    pub fn fill_at_month_ends(&self, first: Period, month_ends: &[i32], out: &mut [i64]) {
        match self.shape {
            Shape::Pending => out.fill(0),
            Shape::Point { day } => {
                for (slot, month_end) in out.iter_mut().zip(month_ends) {
                    *slot = if *month_end >= day { self.amount } else { 0 };
                }
            }
            Shape::Ratable {
                start,
                end,
                convention,
                total,
            } => {
                // Month ends before the window see none of it, from its end on all of it;
                // the months between are spread.
                let before = Period::ends_before(month_ends, start);
                let spread = Period::ends_before(month_ends, end);
                let (none, rest) = out.split_at_mut(before.min(out.len()));
                none.fill(0);
                let (spread_out, whole) =
                    rest.split_at_mut(spread.saturating_sub(before).min(rest.len()));
                whole.fill(self.amount);
                let ends = month_ends.get(before..spread).unwrap_or(&[]);
                let mut scaled = RunningScale::new(self.amount, total);
                match convention {
                    Convention::Daily => scaled.fill_days(start, ends, spread_out),
                    Convention::MonthlyEqual => {
                        // Months of the window through the month before the first spread.
                        let start_month = Period::of(julian_date(start));
                        let spread_first = first.plus(i32::try_from(before).unwrap_or(i32::MAX));
                        let mut weight =
                            i64::from(start_month.months_until(spread_first).clamp(0, i32::MAX));
                        for slot in spread_out.iter_mut() {
                            weight += 1;
                            *slot = scaled.at(weight);
                        }
                    }
                    Convention::ProratedFirstLast => {
                        let start_month = Period::of(julian_date(start));
                        let mut month = first.plus(i32::try_from(before).unwrap_or(i32::MAX));
                        let mut weight = 0;
                        let mut earlier = start_month;
                        while earlier < month {
                            weight += prorated_weight(served_days(start, end, earlier), earlier);
                            earlier = earlier.next();
                        }
                        for slot in spread_out.iter_mut() {
                            weight += prorated_weight(served_days(start, end, month), month);
                            *slot = scaled.at(weight);
                            month = month.next();
                        }
                    }
                }
            }
        }
    }
}

/// Total weight of a window under a convention: days, touched months, or month fractions.
fn total_weight(start: i32, end: i32, convention: Convention) -> i64 {
    let first = Period::of(julian_date(start));
    let last = Period::of(julian_date(end));
    match convention {
        Convention::Daily => i64::from(end - start + 1),
        Convention::MonthlyEqual => i64::from(first.months_until(last) + 1),
        Convention::ProratedFirstLast => {
            let mut weight = 0;
            let mut month = first;
            while month <= last {
                weight += prorated_weight(served_days(start, end, month), month);
                month = month.next();
            }
            weight
        }
    }
}

fn prorated_weight(served: i64, month: Period) -> i64 {
    served * (MONTH_WEIGHT_UNIT / i64::from(month.days()))
}

/// Days of `[start, end]` that fall in `month`.
fn served_days(start: i32, end: i32, month: Period) -> i64 {
    let from = start.max(month.first_day().to_julian_day());
    let to = end.min(month.last_julian_day());
    i64::from((to - from + 1).max(0))
}

fn julian_date(day: i32) -> Date {
    Date::from_julian_day(day).unwrap_or(Date::MIN)
}

fn scale_fraction(amount: i64, numerator: i128, denominator: i128) -> i64 {
    let rounded = divide_rounding_wide(i128::from(amount) * numerator, denominator);
    // |amount × n / d| ≤ |amount| because n ≤ d, so this always fits.
    i64::try_from(rounded).unwrap_or(amount)
}

/// `round(amount × weight / total)` (half away from zero, as [`scale_fraction`]) for a
/// weight that only grows, month end by month end, never past `total`: the quotient and
/// remainder are carried forward, so a step costs an addition. `daily` steps are a month's
/// 28 to 31 days, worked out once per curve ([`RunningScale::fill_days`]); the other
/// conventions' steps repeat one month's weight, so a division is made only for a step of
/// a size not met just before. Magnitudes are unsigned: the quotient never exceeds
/// `|amount|`.
struct RunningScale {
    magnitude: u64,
    negative: bool,
    total: u64,
    weight: i64,
    quotient: u64,
    remainder: u64,
    /// The last step, with its quotient and remainder.
    last_step: Option<(i64, u64, u64)>,
}

impl RunningScale {
    /// `total > 0`.
    fn new(amount: i64, total: i64) -> RunningScale {
        RunningScale {
            magnitude: amount.unsigned_abs(),
            negative: amount < 0,
            total: total.unsigned_abs().max(1),
            weight: 0,
            quotient: 0,
            remainder: 0,
            last_step: None,
        }
    }

    /// `daily`: the value at each of `month_ends` (consecutive months), `start` being the
    /// window's first day. After the first month end every step is a whole month of 28 to
    /// 31 days, so the four steps' quotients and remainders are found up front from two
    /// divisions (28 days and one day), and each month costs additions only.
    fn fill_days(&mut self, start: i32, month_ends: &[i32], out: &mut [i64]) {
        let (Some((first_end, later_ends)), Some((first_slot, later_slots))) =
            (month_ends.split_first(), out.split_first_mut())
        else {
            return;
        };
        *first_slot = self.at(i64::from(first_end - start + 1));
        if later_ends.is_empty() {
            return;
        }
        // A whole month lies inside the window and it ends after: total ≥ 29 days, so
        // every step's quotient stays within 31/29 of the magnitude and fits.
        let by_length = self.month_steps();
        let mut previous = *first_end;
        for (slot, month_end) in later_slots.iter_mut().zip(later_ends) {
            let step = i64::from(month_end - previous);
            previous = *month_end;
            let (quotient, remainder) = usize::try_from(step - 28)
                .ok()
                .and_then(|slot| by_length.get(slot).copied())
                .unwrap_or_else(|| self.divide(step));
            self.weight += step;
            *slot = self.advance(quotient, remainder);
        }
    }

    /// Quotient and remainder of `magnitude × days / total` for 28, 29, 30 and 31 days:
    /// 28 days' once, then one day's added with its carry.
    fn month_steps(&self) -> [(u64, u64); 4] {
        let one_day = self.divide(1);
        let mut step = self.divide(28);
        let mut steps = [step; 4];
        for slot in steps.iter_mut().skip(1) {
            step = self.carried(step, one_day);
            *slot = step;
        }
        steps
    }

    /// The value at `weight`, between the weight before and `total`.
    #[inline]
    fn at(&mut self, weight: i64) -> i64 {
        let step = weight - self.weight;
        let (quotient, remainder) = match self.last_step {
            Some((size, quotient, remainder)) if size == step => (quotient, remainder),
            _ => {
                let (quotient, remainder) = self.divide(step);
                self.last_step = Some((step, quotient, remainder));
                (quotient, remainder)
            }
        };
        self.weight = weight;
        self.advance(quotient, remainder)
    }

    /// The value after a step whose own quotient and remainder are given.
    #[inline]
    fn advance(&mut self, quotient: u64, remainder: u64) -> i64 {
        (self.quotient, self.remainder) =
            self.carried((self.quotient, self.remainder), (quotient, remainder));
        let half_or_more = self.remainder >= self.total - self.remainder;
        let rounded = self.quotient + u64::from(half_or_more);
        if self.negative {
            // rounded ≤ |amount| ≤ 2^63: 0 − rounded is exact in i64.
            0_i64.wrapping_sub_unsigned(rounded)
        } else {
            i64::try_from(rounded).unwrap_or(i64::MAX)
        }
    }

    /// The sum of two quotients and remainders of `/ total`. Both remainders are below
    /// total, so one carry at most; no overflow since total ≤ 2^63.
    #[inline]
    fn carried(&self, (quotient, remainder): (u64, u64), added: (u64, u64)) -> (u64, u64) {
        let (quotient, remainder) = (quotient + added.0, remainder + added.1);
        if remainder >= self.total {
            (quotient + 1, remainder - self.total)
        } else {
            (quotient, remainder)
        }
    }

    /// `magnitude × step / total` as quotient and remainder. `step ≤ total`: the quotient
    /// is at most the magnitude, the remainder below total. In 64 bits when the product
    /// fits, which is nearly always.
    #[cold]
    fn divide(&self, step: i64) -> (u64, u64) {
        let step = step.unsigned_abs();
        match self.magnitude.checked_mul(step) {
            Some(product) => (product / self.total, product % self.total),
            None => {
                let product = u128::from(self.magnitude) * u128::from(step);
                let total = u128::from(self.total);
                (
                    u64::try_from(product / total).unwrap_or(u64::MAX),
                    u64::try_from(product % total).unwrap_or(0),
                )
            }
        }
    }
}

/// Integer division rounding half away from zero (`denominator > 0`).
pub fn divide_rounding(numerator: i64, denominator: i64) -> i64 {
    let quotient = numerator / denominator;
    let remainder = (numerator % denominator).abs();
    if remainder >= denominator - remainder {
        quotient + numerator.signum()
    } else {
        quotient
    }
}

/// [`divide_rounding`] for `i128`.
pub fn divide_rounding_wide(numerator: i128, denominator: i128) -> i128 {
    let quotient = numerator / denominator;
    let remainder = (numerator % denominator).abs();
    if remainder >= denominator - remainder {
        quotient + numerator.signum()
    } else {
        quotient
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn months(curve: &Curve, first: &str, count: usize) -> Vec<i64> {
        let first = Period::parse(first).unwrap();
        let mut ends = vec![0; count + 1];
        curve.fill_month_ends(first.previous(), &mut ends);
        ends.windows(2).map(|pair| pair[1] - pair[0]).collect()
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(divide_rounding(5, 2), 3);
        assert_eq!(divide_rounding(-5, 2), -3);
        assert_eq!(divide_rounding(7, 3), 2);
        assert_eq!(divide_rounding(-7, 3), -2);
        assert_eq!(divide_rounding(8, 3), 3);
        assert_eq!(divide_rounding_wide(-8, 3), -3);
        assert_eq!(divide_rounding_wide(1, 2), 1);
    }

    #[test]
    fn daily_over_a_year_matches_hand_computed_cents() {
        // 100.00 over 2026: January = round(10000 × 31/365) = 849.
        let curve = Curve::new(
            10_000,
            Pattern::Ratable {
                start: date!(2026 - 01 - 01),
                end: date!(2026 - 12 - 31),
            },
            Convention::Daily,
        );
        let revenue = months(&curve, "2026-01", 12);
        assert_eq!(
            revenue,
            [849, 767, 850, 822, 849, 822, 849, 850, 821, 850, 822, 849]
        );
        assert_eq!(revenue.iter().sum::<i64>(), 10_000);
    }

    #[test]
    fn monthly_equal_weighs_every_touched_month_the_same() {
        // 1,000.00 from 15 January to 14 April touches four months: 250.00 each.
        let curve = Curve::new(
            100_000,
            Pattern::Ratable {
                start: date!(2026 - 01 - 15),
                end: date!(2026 - 04 - 14),
            },
            Convention::MonthlyEqual,
        );
        assert_eq!(
            months(&curve, "2026-01", 4),
            [25_000, 25_000, 25_000, 25_000]
        );
        // Half of January's 15 … 31 span served: 1 month × 0 + 9/17 of the first month.
        let mid = date!(2026 - 01 - 23).to_julian_day();
        assert_eq!(
            curve.cumulative_at(mid),
            divide_rounding(100_000 * 9, 4 * 17)
        );
    }

    #[test]
    fn prorated_first_last_weighs_partial_months_by_their_days() {
        // 1,000.00 from 16 January (16/31 of January) through 15 April (15/30 of April):
        // weights 16/31, 1, 1, 1/2, total 3.016129…
        let curve = Curve::new(
            100_000,
            Pattern::Ratable {
                start: date!(2026 - 01 - 16),
                end: date!(2026 - 04 - 15),
            },
            Convention::ProratedFirstLast,
        );
        let revenue = months(&curve, "2026-01", 4);
        assert_eq!(revenue, [17_112, 33_155, 33_155, 16_578]);
        assert_eq!(revenue.iter().sum::<i64>(), 100_000);
    }

    #[test]
    fn point_in_time_lands_whole_in_the_delivery_month() {
        let curve = Curve::new(
            50_000,
            Pattern::PointInTime {
                date: date!(2026 - 03 - 31),
            },
            Convention::Daily,
        );
        assert_eq!(months(&curve, "2026-01", 4), [0, 0, 50_000, 0]);
        assert_eq!(
            curve.cumulative_at(date!(2026 - 03 - 30).to_julian_day()),
            0
        );
        assert_eq!(
            curve.cumulative_at(date!(2026 - 03 - 31).to_julian_day()),
            50_000
        );
    }

    #[test]
    fn cumulative_at_month_end_agrees_with_the_monthly_fill_for_every_convention() {
        for convention in Convention::ALL {
            let curve = Curve::new(
                123_457,
                Pattern::Ratable {
                    start: date!(2024 - 01 - 31),
                    end: date!(2025 - 03 - 01),
                },
                convention,
            );
            let first = Period::parse("2023-12").unwrap();
            let mut ends = vec![0; 18];
            curve.fill_month_ends(first, &mut ends);
            for (offset, value) in ends.iter().enumerate() {
                let month = first.plus(i32::try_from(offset).unwrap());
                assert_eq!(
                    curve.cumulative_at(month.last_julian_day()),
                    *value,
                    "{convention} {month}"
                );
            }
            assert_eq!(ends[0], 0);
            assert_eq!(*ends.last().unwrap(), 123_457);
        }
    }

    proptest::proptest! {
        /// The month-end fill carries quotients forward; `cumulative_at` divides afresh:
        /// both give the same figure for any amount (negative and near the limit too),
        /// window and convention.
        #[test]
        fn the_running_fill_equals_a_fresh_division_at_every_month_end(
            amount in proptest::prop_oneof![
                -1_000_000_000_i64..1_000_000_000,
                (i64::MIN + 1)..=i64::MAX,
            ],
            start in 0_i64..3_000,
            length in 0_i64..2_000,
            convention in proptest::sample::select(Convention::ALL.to_vec()),
        ) {
            let first_day = date!(2020 - 01 - 01);
            let start = first_day + time::Duration::days(start);
            let end = start + time::Duration::days(length);
            let curve = Curve::new(amount, Pattern::Ratable { start, end }, convention);
            let first = Period::of(start).previous();
            let mut ends = vec![0; 70];
            curve.fill_month_ends(first, &mut ends);
            for (offset, value) in ends.iter().enumerate() {
                let month = first.plus(i32::try_from(offset).unwrap());
                proptest::prop_assert_eq!(curve.cumulative_at(month.last_julian_day()), *value);
            }
        }
    }

    #[test]
    fn huge_amounts_take_the_wide_path_and_stay_exact() {
        let amount = 99_999_999_999_999_999; // about 10^17 minor units
        let curve = Curve::new(
            amount,
            Pattern::Ratable {
                start: date!(2000 - 01 - 01),
                end: date!(2099 - 12 - 31),
            },
            Convention::Daily,
        );
        let mut ends = vec![0; 1200];
        curve.fill_month_ends(Period::parse("2000-01").unwrap(), &mut ends);
        assert_eq!(*ends.last().unwrap(), amount);
        assert!(ends.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    /// A daily window of a few days across one month end, at the largest amounts: only
    /// the first month end is spread, and no month's step is ever worked out for it.
    #[test]
    fn a_short_window_of_the_largest_amount_spreads_exactly() {
        for amount in [i64::MAX, i64::MIN + 1] {
            let curve = Curve::new(
                amount,
                Pattern::Ratable {
                    start: date!(2026 - 01 - 29),
                    end: date!(2026 - 02 - 03),
                },
                Convention::Daily,
            );
            let first = Period::parse("2025-12").unwrap();
            let mut ends = vec![0; 4];
            curve.fill_month_ends(first, &mut ends);
            for (offset, value) in ends.iter().enumerate() {
                let month = first.plus(i32::try_from(offset).unwrap());
                assert_eq!(curve.cumulative_at(month.last_julian_day()), *value);
            }
        }
    }
}
