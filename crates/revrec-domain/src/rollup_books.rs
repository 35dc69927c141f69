//! Books that close over a whole rollup (docs/asc606.md §13): the rule of [`crate::books`]
//! applied to each (obligation type, timing) series of a portfolio's or a contract's
//! rollup. The rule is linear, so the books of a portfolio are the sum of its contracts'
//! books: a store can freeze a portfolio's rows at a close and a contract can derive its
//! own from its history, and the two agree.
//!
//! What comes out is an ordinary [`Rollup`] of the figures as reported (frozen in closed
//! months, restated plus corrections in the first open month, restated after), so every
//! report built on a rollup (waterfall, parts, Note 6) honours the closes unchanged, plus
//! the corrections alone, which the reports show beside their figures.

use std::collections::BTreeMap;

use crate::books::{BookAmount, BookedMonth, Books, Correction, Series};
use crate::contract::PobType;
use crate::currency::Currency;
use crate::digest::{Canonical, CanonicalWriter};
use crate::keyed_books::KeyedBooks;
use crate::period::Period;
use crate::recognition::Timing;
use crate::rollup::{Rollup, RollupAmounts, RollupKey};

/// The series a rollup is made of: one per obligation type and timing.
type SeriesKey = (PobType, Timing);

/// One frozen figure as a store keeps it: a closed month's own figures (`corrects` none),
/// or a correction the month booked for an earlier one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FrozenRow {
    pub key: RollupKey,
    pub corrects: Option<Period>,
    pub amounts: RollupAmounts,
}

/// A rollup as the books report it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BookedRollup {
    /// Every figure as reported, corrections included.
    pub rollup: Rollup,
    /// The part of `rollup` that corrects closed months, in the month that books it.
    pub corrections: Rollup,
    /// Every month through this one is closed.
    pub closed_through: Option<Period>,
}

impl BookedRollup {
    /// A rollup under books with nothing closed: the restated figures themselves.
    pub fn open(rollup: Rollup) -> BookedRollup {
        BookedRollup {
            rollup,
            corrections: Rollup::new(),
            closed_through: None,
        }
    }
}

/// The closed months of a rollup and what each froze, per series.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RollupBooks {
    books: KeyedBooks<SeriesKey, RollupAmounts>,
}

impl RollupBooks {
    /// Nothing closed yet.
    pub fn new() -> RollupBooks {
        RollupBooks::default()
    }

    /// Books whose months through `closed_through` froze `rows` (rows of later months are
    /// ignored: they were reopened).
    pub fn from_frozen(
        closed_through: Option<Period>,
        rows: impl IntoIterator<Item = FrozenRow>,
    ) -> RollupBooks {
        let mut months: BTreeMap<SeriesKey, BTreeMap<Period, BookedMonth<RollupAmounts>>> =
            BTreeMap::new();
        for row in rows {
            let period = row.key.period;
            let month = months
                .entry((row.key.pob_type, row.key.timing))
                .or_default()
                .entry(period)
                .or_insert_with(|| BookedMonth {
                    period,
                    amount: RollupAmounts::default(),
                    corrections: Vec::new(),
                    closed: true,
                });
            month.amount = month.amount.plus(row.amounts);
            if let Some(corrects) = row.corrects {
                month.corrections.push(Correction {
                    corrects,
                    amount: row.amounts,
                });
                month
                    .corrections
                    .sort_by_key(|correction| correction.corrects);
            }
        }
        let books = months
            .into_iter()
            .map(|(key, months)| {
                (
                    key,
                    Books::from_frozen(closed_through, months.into_values()),
                )
            })
            .collect();
        RollupBooks {
            books: KeyedBooks::from_books(closed_through, books),
        }
    }

    pub fn closed_through(&self) -> Option<Period> {
        self.books.closed_through()
    }

    /// Closes every open month through `through`, freezing what `restated` (the rollup as
    /// known at the moment of the close) reports for each.
    pub fn close(&mut self, through: Period, restated: &Rollup) {
        self.books.close(through, &series_of(restated));
    }

    /// Reopens `from` and every later closed month.
    pub fn reopen(&mut self, from: Period) {
        self.books.reopen(from);
    }

    /// `restated` (the rollup as known now) as these books report it.
    pub fn booked(&self, restated: &Rollup) -> BookedRollup {
        if self.closed_through().is_none() {
            return BookedRollup::open(restated.clone());
        }
        let mut booked = BookedRollup {
            closed_through: self.closed_through(),
            ..BookedRollup::default()
        };
        for ((pob_type, timing), months) in self.books.report(&series_of(restated)) {
            for month in months {
                let row = RollupKey {
                    period: month.period,
                    pob_type,
                    timing,
                };
                booked.rollup.add(row, &month.amount);
                booked.corrections.add(row, &month.correction_amount());
            }
        }
        booked
    }

    /// What the months `months` accepts froze, as a store keeps it.
    pub fn frozen_rows(&self, months: impl Fn(Period) -> bool) -> Vec<FrozenRow> {
        let mut rows = Vec::new();
        for (&(pob_type, timing), books) in self.books.books() {
            for month in books.frozen().filter(|month| months(month.period)) {
                let key = RollupKey {
                    period: month.period,
                    pob_type,
                    timing,
                };
                let own = month.own_amount();
                if !own.is_zero() {
                    rows.push(FrozenRow {
                        key,
                        corrects: None,
                        amounts: own,
                    });
                }
                rows.extend(month.corrections.iter().map(|correction| FrozenRow {
                    key,
                    corrects: Some(correction.corrects),
                    amounts: correction.amount,
                }));
            }
        }
        rows
    }
}

/// What one closed month froze, every currency: what its digest covers.
pub struct ClosedMonthFigures<'a> {
    pub period: Period,
    /// Each currency's frozen rows of the month, currencies in code order. A currency with
    /// no row in the month is not part of it: a contract in a new currency, written after
    /// the close, leaves the month's digest as it was.
    pub currencies: &'a [(Currency, Vec<FrozenRow>)],
}

impl Canonical for ClosedMonthFigures<'_> {
    fn encode(&self, out: &mut CanonicalWriter) {
        out.period(self.period);
        let with_figures = || self.currencies.iter().filter(|(_, rows)| !rows.is_empty());
        out.list(with_figures().count());
        for (currency, rows) in with_figures() {
            out.text(currency.code());
            out.list(rows.len());
            for row in rows {
                out.text(row.key.pob_type.as_str())
                    .text(row.key.timing.as_str())
                    .text(
                        &row.corrects
                            .map(|period| period.to_string())
                            .unwrap_or_default(),
                    );
                let amounts = row.amounts;
                for figure in [
                    amounts.recognized,
                    amounts.booked,
                    amounts.rpo_change,
                    amounts.rpo_next_12,
                    amounts.recognized_from_opening,
                    amounts.asset_change,
                    amounts.invoiced,
                ] {
                    out.integer(figure);
                }
                // The figures of cash and of the asset revenue made, only where there are
                // any: a month without them keeps the digest it had before they existed.
                if amounts.asset_earned != 0 || amounts.paid != 0 || amounts.credit_change != 0 {
                    out.text("cash")
                        .integer(amounts.asset_earned)
                        .integer(amounts.paid)
                        .integer(amounts.credit_change);
                }
                // Likewise the variable part of revenue (docs/asc606.md §15).
                if amounts.variable != 0 {
                    out.text("variable").integer(amounts.variable);
                }
            }
        }
    }
}

/// A rollup's series, each dense from its first month with a row to its last.
fn series_of(rollup: &Rollup) -> BTreeMap<SeriesKey, Series<RollupAmounts>> {
    let mut series: BTreeMap<SeriesKey, Series<RollupAmounts>> = BTreeMap::new();
    // Rows come in month order, so each series grows at its end.
    for (key, amounts) in rollup.rows() {
        let months = series
            .entry((key.pob_type, key.timing))
            .or_insert_with(|| Series::new(key.period, Vec::new()));
        let index = usize::try_from(months.first.months_until(key.period)).unwrap_or(0);
        if months.amounts.len() <= index {
            months.amounts.resize(index + 1, RollupAmounts::default());
        }
        if let Some(slot) = months.amounts.get_mut(index) {
            *slot = slot.plus(*amounts);
        }
    }
    series
}
