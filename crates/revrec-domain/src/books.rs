//! Books that close (docs/asc606.md §13): once a month is closed, what was
//! reported for it never moves. A later change whose restated schedule differs in a closed
//! month is booked in the first open month as a correction, one per corrected month, so the
//! cumulative figures through the first open month equal the restated ones and a contract's
//! months still sum to its price.
//!
//! The rule works on one monthly series at a time (an obligation's revenue, a contract's
//! billed amounts), and it is linear: the books of a sum are the sum of the books, so a
//! contract's figures are its obligations' added up, and a portfolio's its contracts'.
//!
//! Closed months always form a prefix of the calendar: closing `through` closes every
//! earlier open month too, and reopening `from` reopens every later closed month, never
//! leaving a hole. What a month froze is what was reported for it at the moment it closed,
//! corrections included when it was the first open month then.

use std::collections::BTreeMap;
use std::fmt::Debug;

use crate::period::Period;

/// What the books hold for one month of one series: a single amount in minor units, or the
/// several additive figures of a rollup row. The rule needs only sums and differences.
pub trait BookAmount: Copy + Default + Eq + Debug {
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;
    /// The part of a difference between restated and held figures that a correction
    /// carries into the first open month: every flow. A snapshot (a balance measured at a
    /// month's end rather than a change during it) is simply restated, never carried.
    fn carried(self) -> Self {
        self
    }
    fn is_zero(self) -> bool {
        self == Self::default()
    }
}

impl BookAmount for i64 {
    fn plus(self, other: i64) -> i64 {
        self + other
    }
    fn minus(self, other: i64) -> i64 {
        self - other
    }
}

/// Monthly amounts in minor units, one per month from `first`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Series<A = i64> {
    pub first: Period,
    pub amounts: Vec<A>,
}

impl<A: BookAmount> Series<A> {
    pub fn new(first: Period, amounts: Vec<A>) -> Series<A> {
        Series { first, amounts }
    }

    /// The amount of `period` (zero outside the series).
    pub fn at(&self, period: Period) -> A {
        usize::try_from(self.first.months_until(period))
            .ok()
            .and_then(|index| self.amounts.get(index))
            .copied()
            .unwrap_or_default()
    }

    /// The last month of the series (the month before `first` when it is empty).
    pub fn last(&self) -> Period {
        self.first
            .plus(i32::try_from(self.amounts.len()).unwrap_or(i32::MAX))
            .previous()
    }

    /// The sum of the months through `through`.
    pub fn through(&self, through: Period) -> A {
        let count = usize::try_from(self.first.months_until(through) + 1).unwrap_or(0);
        self.amounts
            .iter()
            .take(count)
            .fold(A::default(), |sum, amount| sum.plus(*amount))
    }
}

/// One correction: `amount` booked in one month for the month it `corrects`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Correction<A = i64> {
    pub corrects: Period,
    pub amount: A,
}

/// What the books report for one month.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BookedMonth<A = i64> {
    pub period: Period,
    /// Everything reported for the month, corrections included.
    pub amount: A,
    /// The part of `amount` that corrects closed months, one entry per corrected month
    /// (none when nothing was corrected).
    pub corrections: Vec<Correction<A>>,
    /// Whether the month is closed: its figures are those it froze.
    pub closed: bool,
}

impl<A: BookAmount> BookedMonth<A> {
    /// The sum of the corrections booked in the month.
    pub fn correction_amount(&self) -> A {
        self.corrections
            .iter()
            .fold(A::default(), |sum, correction| sum.plus(correction.amount))
    }

    /// The month's own figure: what it reports less the corrections of other months.
    pub fn own_amount(&self) -> A {
        self.amount.minus(self.correction_amount())
    }
}

/// The closed months of one series and what each froze. Starts with nothing closed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Books<A = i64> {
    /// Every month up to this one is closed.
    closed_through: Option<Period>,
    /// What the closed months froze; a closed month missing here froze zero (the series
    /// had nothing in it at the close).
    frozen: BTreeMap<Period, BookedMonth<A>>,
}

impl<A> Default for Books<A> {
    fn default() -> Books<A> {
        Books {
            closed_through: None,
            frozen: BTreeMap::new(),
        }
    }
}

impl<A: BookAmount> Books<A> {
    /// Nothing closed yet.
    pub fn new() -> Books<A> {
        Books::default()
    }

    /// Books whose months through `closed_through` froze `frozen` (as stored at their
    /// closes; a closed month missing from it froze zero).
    pub fn from_frozen(
        closed_through: Option<Period>,
        frozen: impl IntoIterator<Item = BookedMonth<A>>,
    ) -> Books<A> {
        let frozen = frozen
            .into_iter()
            .filter(|month| closed_through.is_some_and(|closed| month.period <= closed))
            .map(|month| (month.period, month))
            .collect();
        Books {
            closed_through,
            frozen,
        }
    }

    /// What the closed months froze, oldest first (months that froze zero left out).
    pub fn frozen(&self) -> impl Iterator<Item = &BookedMonth<A>> {
        self.frozen.values()
    }

    pub fn closed_through(&self) -> Option<Period> {
        self.closed_through
    }

    /// The first month not closed, when any is closed.
    pub fn first_open(&self) -> Option<Period> {
        self.closed_through.map(Period::next)
    }

    /// Closes every open month through `through`, freezing what `restated` (the schedule as
    /// known at the moment of the close) reports for each. Closing what is closed changes
    /// nothing.
    pub fn close(&mut self, through: Period, restated: &Series<A>) {
        if self.closed_through.is_some_and(|closed| closed >= through) {
            return;
        }
        for month in self.report(restated, through) {
            if self
                .closed_through
                .is_none_or(|closed| month.period > closed)
                && month.period <= through
                && (!month.amount.is_zero() || !month.corrections.is_empty())
            {
                self.frozen.insert(
                    month.period,
                    BookedMonth {
                        closed: true,
                        ..month
                    },
                );
            }
        }
        self.closed_through = Some(through);
    }

    /// Reopens `from` and every later closed month: they show the restated schedule again,
    /// and the differences of the months still closed land in `from`.
    pub fn reopen(&mut self, from: Period) {
        let Some(closed) = self.closed_through else {
            return;
        };
        if from > closed {
            return;
        }
        self.frozen.retain(|period, _| *period < from);
        self.closed_through = Some(from.previous());
    }

    /// The month as reported under these closes when `restated` is the schedule as known
    /// now: frozen in a closed month, restated plus the corrections of every closed month
    /// in the first open month, restated after.
    pub fn month(&self, restated: &Series<A>, period: Period) -> BookedMonth<A> {
        match self.closed_through {
            Some(closed) if period <= closed => {
                self.frozen.get(&period).cloned().unwrap_or(BookedMonth {
                    period,
                    amount: A::default(),
                    corrections: Vec::new(),
                    closed: true,
                })
            }
            Some(closed) if period == closed.next() => {
                let corrections = self.corrections(restated, closed);
                let correction = corrections
                    .iter()
                    .fold(A::default(), |sum, correction| sum.plus(correction.amount));
                BookedMonth {
                    period,
                    amount: restated.at(period).plus(correction),
                    corrections,
                    closed: false,
                }
            }
            _ => BookedMonth {
                period,
                amount: restated.at(period),
                corrections: Vec::new(),
                closed: false,
            },
        }
    }

    /// Every month the books report, from the earliest of the series and the frozen months
    /// through the later of the series' last month and `at_least` (the first open month
    /// carries corrections even after the series has ended).
    pub fn report(&self, restated: &Series<A>, at_least: Period) -> Vec<BookedMonth<A>> {
        let first = self
            .frozen
            .keys()
            .next()
            .map_or(restated.first, |frozen| (*frozen).min(restated.first));
        let mut last = restated.last().max(at_least);
        if let Some(first_open) = self.first_open() {
            last = last.max(first_open);
        }
        if let Some(frozen) = self.frozen.keys().next_back() {
            last = last.max(*frozen);
        }
        let mut months = Vec::new();
        let mut period = first;
        while period <= last {
            months.push(self.month(restated, period));
            period = period.next();
        }
        months
    }

    /// For each closed month whose restated figure differs from what the books hold for it
    /// (what it froze as its own, plus the corrections for it that later closed months
    /// froze), the difference, oldest first.
    fn corrections(&self, restated: &Series<A>, closed: Period) -> Vec<Correction<A>> {
        let mut held: BTreeMap<Period, A> = BTreeMap::new();
        for month in self.frozen.values() {
            let own = held.entry(month.period).or_default();
            *own = own.plus(month.own_amount());
            for correction in &month.corrections {
                let corrected = held.entry(correction.corrects).or_default();
                *corrected = corrected.plus(correction.amount);
            }
        }
        let mut corrections = Vec::new();
        let mut period = held
            .keys()
            .next()
            .map_or(restated.first, |held| (*held).min(restated.first));
        while period <= closed {
            let amount = restated
                .at(period)
                .minus(held.get(&period).copied().unwrap_or_default())
                .carried();
            if !amount.is_zero() {
                corrections.push(Correction {
                    corrects: period,
                    amount,
                });
            }
            period = period.next();
        }
        corrections
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(text: &str) -> Period {
        Period::parse(text).unwrap_or_else(|_| Period::of(time::macros::date!(2026 - 01 - 01)))
    }

    #[test]
    fn a_reopened_month_shows_the_restated_figure_and_the_rest_land_in_it() {
        let before = Series::new(period("2026-01"), vec![100, 100, 100]);
        let after = Series::new(period("2026-01"), vec![100, 150, 160]);
        let mut books = Books::new();
        books.close(period("2026-02"), &before);
        let march = books.month(&after, period("2026-03"));
        assert_eq!((march.amount, march.correction_amount()), (210, 50));
        books.reopen(period("2026-02"));
        assert_eq!(books.closed_through(), Some(period("2026-01")));
        assert_eq!(books.month(&after, period("2026-02")).amount, 150);
        assert_eq!(books.month(&after, period("2026-03")).amount, 160);
    }
}
