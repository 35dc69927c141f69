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
        match self.shape {
            Shape::Pending => out.fill(0),
            Shape::Point { day } => {
                let mut month_end = first.last_julian_day();
                let mut month = first;
                for slot in out {
                    *slot = if month_end >= day { self.amount } else { 0 };
                    month = month.next();
                    month_end += i32::from(month.days());
                }
            }
            Shape::Ratable {
                start,
                end,
                convention,
                total,
            } => {
                let start_month = Period::of(julian_date(start));
                let mut month = first;
                let mut month_end = first.last_julian_day();
                // Running weight through the month before `first`, for the conventions
                // whose weight is a sum over months.
                let mut weight: i64 = match convention {
                    Convention::Daily => 0,
                    Convention::MonthlyEqual => {
                        i64::from(start_month.months_until(first).clamp(0, i32::MAX))
                    }
                    Convention::ProratedFirstLast => {
                        let mut weight = 0;
                        let mut earlier = start_month;
                        while earlier < first {
                            weight += prorated_weight(served_days(start, end, earlier), earlier);
                            earlier = earlier.next();
                        }
                        weight
                    }
                };
                for slot in out {
                    *slot = if month_end < start {
                        0
                    } else if month_end >= end {
                        self.amount
                    } else {
                        match convention {
                            Convention::Daily => {
                                scale(self.amount, i64::from(month_end - start + 1), total)
                            }
                            Convention::MonthlyEqual => {
                                weight += 1;
                                scale(self.amount, weight, total)
                            }
                            Convention::ProratedFirstLast => {
                                weight += prorated_weight(served_days(start, end, month), month);
                                scale(self.amount, weight, total)
                            }
                        }
                    };
                    month = month.next();
                    month_end += i32::from(month.days());
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

/// `round(amount × numerator / denominator)`, half away from zero; `denominator > 0`.
/// Stays in `i64` when the product fits, which is nearly always.
fn scale(amount: i64, numerator: i64, denominator: i64) -> i64 {
    match amount.checked_mul(numerator) {
        Some(product) => divide_rounding(product, denominator),
        None => scale_fraction(amount, i128::from(numerator), i128::from(denominator)),
    }
}

fn scale_fraction(amount: i64, numerator: i128, denominator: i128) -> i64 {
    let rounded = divide_rounding_wide(i128::from(amount) * numerator, denominator);
    // |amount × n / d| ≤ |amount| because n ≤ d, so this always fits.
    i64::try_from(rounded).unwrap_or(amount)
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
}
