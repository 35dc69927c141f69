//! Books that close over several series at once, each under its own key (an obligation
//! type and timing, an obligation id): the rule of [`crate::books`] for each, with one set
//! of closed months for all. A series seen for the first time after a close froze zero in
//! every month that close closed.

use std::collections::BTreeMap;

use crate::books::{BookAmount, BookedMonth, Books, Series};
use crate::period::Period;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeyedBooks<K: Ord, A = i64> {
    closed_through: Option<Period>,
    books: BTreeMap<K, Books<A>>,
}

impl<K: Ord, A> Default for KeyedBooks<K, A> {
    fn default() -> KeyedBooks<K, A> {
        KeyedBooks {
            closed_through: None,
            books: BTreeMap::new(),
        }
    }
}

impl<K: Ord + Clone, A: BookAmount> KeyedBooks<K, A> {
    /// Nothing closed yet.
    pub fn new() -> KeyedBooks<K, A> {
        KeyedBooks::default()
    }

    /// Books closed through `closed_through` whose series froze `books`.
    pub fn from_books(
        closed_through: Option<Period>,
        books: BTreeMap<K, Books<A>>,
    ) -> KeyedBooks<K, A> {
        KeyedBooks {
            closed_through,
            books,
        }
    }

    pub fn closed_through(&self) -> Option<Period> {
        self.closed_through
    }

    /// Each series' books, by key.
    pub fn books(&self) -> &BTreeMap<K, Books<A>> {
        &self.books
    }

    /// Closes every open month through `through`, freezing what `restated` (every series
    /// as known at the moment of the close) reports for each.
    pub fn close(&mut self, through: Period, restated: &BTreeMap<K, Series<A>>) {
        if self.closed_through.is_some_and(|closed| closed >= through) {
            return;
        }
        for key in self.keys(restated) {
            let series = restated
                .get(&key)
                .cloned()
                .unwrap_or_else(|| Series::new(through, Vec::new()));
            let closed_through = self.closed_through;
            self.books
                .entry(key)
                .or_insert_with(|| Books::from_frozen(closed_through, []))
                .close(through, &series);
        }
        self.closed_through = Some(through);
    }

    /// Reopens `from` and every later closed month.
    pub fn reopen(&mut self, from: Period) {
        if self.closed_through.is_none_or(|closed| from > closed) {
            return;
        }
        for books in self.books.values_mut() {
            books.reopen(from);
        }
        self.closed_through = Some(from.previous());
    }

    /// Every series of `restated` (as known now) and of these books, as the books report
    /// it: each month through at least the first open one.
    pub fn report(&self, restated: &BTreeMap<K, Series<A>>) -> BTreeMap<K, Vec<BookedMonth<A>>> {
        let mut reported = BTreeMap::new();
        for key in self.keys(restated) {
            let series = restated.get(&key).cloned();
            let at_least = self
                .closed_through
                .map(Period::next)
                .or_else(|| series.as_ref().map(Series::last));
            let Some(at_least) = at_least else {
                continue;
            };
            let series = series.unwrap_or_else(|| Series::new(at_least, Vec::new()));
            let months = match self.books.get(&key) {
                Some(books) => books.report(&series, at_least),
                None => Books::from_frozen(self.closed_through, []).report(&series, at_least),
            };
            reported.insert(key, months);
        }
        reported
    }

    /// Every key these books or `restated` know, in order.
    fn keys(&self, restated: &BTreeMap<K, Series<A>>) -> Vec<K> {
        let mut keys: Vec<K> = self.books.keys().chain(restated.keys()).cloned().collect();
        keys.sort();
        keys.dedup();
        keys
    }
}
