//! Which months of a tenant's books are closed (docs/ledger.md, Month end). A close closes
//! every open month through a month; a reopen reopens a month and every later closed one.
//! So the closed months are always a prefix of the calendar, and the books are described by
//! the last closed month alone, folded from the tenant's closes and reopens in the order
//! they were recorded.

use crate::period::Period;

/// One close or reopen, as recorded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PeriodAction {
    /// Closes every open month up to and including `through`.
    Close { through: Period },
    /// Reopens `from` and every later closed month.
    Reopen { from: Period },
}

/// Why a close or a reopen cannot be recorded.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PeriodActionError {
    /// Only a month that has ended can be closed.
    #[error("{period} has not ended yet: it can be closed from {first_day_after}")]
    NotEnded {
        period: Period,
        first_day_after: time::Date,
    },
    /// Only a closed month can be reopened.
    #[error("{period} is not closed (the first open month is {first_open})")]
    NotClosed { period: Period, first_open: Period },
    /// Nothing is closed, so nothing can be reopened.
    #[error("no month is closed yet")]
    NothingClosed,
}

/// A tenant's posting control (docs/ledger.md, "Posting control"): whether a write
/// effective in a closed month is taken as it comes (booked as a correction in the first
/// open month) or only when the request says it is a correction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PostingControl {
    /// Every write is taken; one effective in a closed month is corrected in the first
    /// open month (the default).
    #[default]
    Open,
    /// A write effective in a closed month is refused unless it says it is a correction:
    /// for teams whose policy forbids silent back-dating.
    CorrectionsOnly,
}

impl PostingControl {
    pub fn parse(text: &str) -> Option<PostingControl> {
        match text {
            "allowed" => Some(PostingControl::Open),
            "corrections_only" => Some(PostingControl::CorrectionsOnly),
            _ => None,
        }
    }

    /// The wire name of the setting `closed_month_writes`.
    pub fn as_str(self) -> &'static str {
        match self {
            PostingControl::Open => "allowed",
            PostingControl::CorrectionsOnly => "corrections_only",
        }
    }

    /// Checks a write effective in `period` (a `correction` when the request says so)
    /// against the books.
    ///
    /// # Errors
    /// `PostingRefused` for a write into a closed month that does not say it corrects it.
    pub fn admits(
        self,
        books: ClosedPeriods,
        period: Period,
        correction: bool,
    ) -> Result<(), PostingRefused> {
        match (self, books.closed_through) {
            (PostingControl::CorrectionsOnly, Some(closed_through))
                if period <= closed_through && !correction =>
            {
                Err(PostingRefused {
                    period,
                    closed_through,
                })
            }
            _ => Ok(()),
        }
    }
}

/// A write effective in a closed month, refused by the tenant's posting control.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "{period} is closed (the books are closed through {closed_through}), and this tenant's posting control takes a write effective in a closed month only as a correction: send it again with `correction=true` to book it as a correction in the first open month"
)]
pub struct PostingRefused {
    pub period: Period,
    pub closed_through: Period,
}

/// The closed months of a tenant: every month through `closed_through`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ClosedPeriods {
    closed_through: Option<Period>,
}

impl ClosedPeriods {
    /// The books after `actions`, in the order they were recorded.
    pub fn after<'a>(actions: impl IntoIterator<Item = &'a PeriodAction>) -> ClosedPeriods {
        let mut periods = ClosedPeriods::default();
        for action in actions {
            periods.apply(*action);
        }
        periods
    }

    pub fn closed_through(self) -> Option<Period> {
        self.closed_through
    }

    /// The first month not closed, once any month is.
    pub fn first_open(self) -> Option<Period> {
        self.closed_through.map(Period::next)
    }

    pub fn is_closed(self, period: Period) -> bool {
        self.closed_through.is_some_and(|closed| period <= closed)
    }

    /// Whether `action` would change the books: a close of what is closed, or a reopen of
    /// what is open, changes nothing.
    pub fn changed_by(self, action: PeriodAction) -> bool {
        let mut after = self;
        after.apply(action);
        after != self
    }

    /// Checks `action` as a request made on `today` (UTC): a close only of a month that has
    /// ended, a reopen only of a closed month.
    ///
    /// # Errors
    /// Why the action cannot be recorded.
    pub fn check(self, action: PeriodAction, today: time::Date) -> Result<(), PeriodActionError> {
        match action {
            PeriodAction::Close { through } => {
                let first_day_after = through.next().first_day();
                if today < first_day_after {
                    return Err(PeriodActionError::NotEnded {
                        period: through,
                        first_day_after,
                    });
                }
                Ok(())
            }
            PeriodAction::Reopen { from } => match self.closed_through {
                None => Err(PeriodActionError::NothingClosed),
                Some(closed) if from > closed => Err(PeriodActionError::NotClosed {
                    period: from,
                    first_open: closed.next(),
                }),
                Some(_) => Ok(()),
            },
        }
    }

    fn apply(&mut self, action: PeriodAction) {
        match action {
            PeriodAction::Close { through } => {
                if self.closed_through.is_none_or(|closed| through > closed) {
                    self.closed_through = Some(through);
                }
            }
            PeriodAction::Reopen { from } => {
                if self.closed_through.is_some_and(|closed| from <= closed) {
                    // Reopening the calendar's first month leaves nothing closed: the month
                    // before it is not one the books keep.
                    self.closed_through = Some(from.previous()).filter(|month| month.in_calendar());
                }
            }
        }
    }
}

/// The months one close froze that are still closed: those after `after` (every earlier
/// month, for a tenant's first close) through `through`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FrozenSpan {
    /// The sequence the close was recorded under.
    pub sequence: i64,
    pub after: Option<Period>,
    pub through: Period,
}

impl FrozenSpan {
    pub fn contains(self, period: Period) -> bool {
        self.after.is_none_or(|after| period > after) && period <= self.through
    }
}

/// Which close froze each month closed after `actions` (sequence, action, in the order they
/// were recorded): a close freezes the months it newly closes, a reopen takes its months
/// back from the closes that froze them. Oldest first.
pub fn frozen_spans<'a>(
    actions: impl IntoIterator<Item = &'a (i64, PeriodAction)>,
) -> Vec<FrozenSpan> {
    let mut spans: Vec<FrozenSpan> = Vec::new();
    let mut periods = ClosedPeriods::default();
    for (sequence, action) in actions {
        match *action {
            PeriodAction::Close { through } => {
                if periods.changed_by(*action) {
                    spans.push(FrozenSpan {
                        sequence: *sequence,
                        after: periods.closed_through,
                        through,
                    });
                }
            }
            PeriodAction::Reopen { .. } => {}
        }
        periods.apply(*action);
        if let PeriodAction::Reopen { .. } = action {
            // A span keeps the months still closed; one left with none goes.
            match periods.closed_through {
                None => spans.clear(),
                Some(closed) => {
                    spans.retain(|span| span.after.is_none_or(|after| after < closed));
                    if let Some(last) = spans.last_mut() {
                        last.through = last.through.min(closed);
                    }
                }
            }
        }
    }
    spans
}

/// The sequence of the close that froze `month`, if `month` is closed after `actions`
/// (sequence, action, in the order they were recorded): the last close that closed it while
/// it was open, unless a reopen took it back since. The month-by-month definition
/// [`frozen_spans`] agrees with (property-tested), and what `revrec verify` checks the list
/// of closed months against.
pub fn closing_sequence<'a>(
    month: Period,
    actions: impl IntoIterator<Item = &'a (i64, PeriodAction)>,
) -> Option<i64> {
    let mut periods = ClosedPeriods::default();
    let mut frozen_by = None;
    for (sequence, action) in actions {
        let was_closed = periods.is_closed(month);
        periods.apply(*action);
        match (was_closed, periods.is_closed(month)) {
            (false, true) => frozen_by = Some(*sequence),
            (true, false) => frozen_by = None,
            _ => {}
        }
    }
    frozen_by
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn month(year: i32, month: u8) -> Period {
        Period::new(year, month).unwrap_or_else(|| Period::of(date!(2026 - 01 - 01)))
    }

    #[test]
    fn closes_and_reopens_keep_the_closed_months_a_prefix() {
        let actions = [
            PeriodAction::Close {
                through: month(2026, 3),
            },
            // Closing what is closed changes nothing.
            PeriodAction::Close {
                through: month(2026, 1),
            },
            PeriodAction::Reopen {
                from: month(2026, 2),
            },
            // Reopening what is open changes nothing either.
            PeriodAction::Reopen {
                from: month(2026, 6),
            },
        ];
        let periods = ClosedPeriods::after(&actions);
        assert_eq!(periods.closed_through(), Some(month(2026, 1)));
        assert_eq!(periods.first_open(), Some(month(2026, 2)));
        assert!(periods.is_closed(month(2025, 12)) && !periods.is_closed(month(2026, 2)));
        assert!(!periods.changed_by(PeriodAction::Close {
            through: month(2026, 1)
        }));
        assert!(periods.changed_by(PeriodAction::Reopen {
            from: month(2026, 1)
        }));
    }

    #[test]
    fn each_closed_month_is_frozen_by_the_close_that_closed_it_last() {
        let actions = [
            (
                1,
                PeriodAction::Close {
                    through: month(2026, 3),
                },
            ),
            (
                2,
                PeriodAction::Reopen {
                    from: month(2026, 2),
                },
            ),
            (
                3,
                PeriodAction::Close {
                    through: month(2026, 4),
                },
            ),
            (
                4,
                PeriodAction::Close {
                    through: month(2026, 2),
                },
            ),
        ];
        let spans = frozen_spans(&actions);
        assert_eq!(
            spans,
            [
                FrozenSpan {
                    sequence: 1,
                    after: None,
                    through: month(2026, 1)
                },
                FrozenSpan {
                    sequence: 3,
                    after: Some(month(2026, 1)),
                    through: month(2026, 4)
                },
            ]
        );
        assert!(spans[0].contains(month(2025, 6)) && !spans[0].contains(month(2026, 2)));
        let reopened = frozen_spans(&[
            (
                1,
                PeriodAction::Close {
                    through: month(2026, 3),
                },
            ),
            (
                2,
                PeriodAction::Reopen {
                    from: month(2025, 1),
                },
            ),
        ]);
        assert_eq!(
            reopened,
            [FrozenSpan {
                sequence: 1,
                after: None,
                through: month(2024, 12)
            }]
        );
    }

    #[test]
    fn a_reopen_leaves_no_span_without_a_month() {
        let close = |sequence, month| (sequence, PeriodAction::Close { through: month });
        let reopen = |sequence, month| (sequence, PeriodAction::Reopen { from: month });
        // Close January, then February, then reopen February: January alone stays closed,
        // frozen by the first close.
        assert_eq!(
            frozen_spans(&[
                close(1, month(2026, 1)),
                close(2, month(2026, 2)),
                reopen(3, month(2026, 2)),
            ]),
            [FrozenSpan {
                sequence: 1,
                after: None,
                through: month(2026, 1)
            }]
        );
        // January to March a month at a time, then March reopened.
        assert_eq!(
            frozen_spans(&[
                close(1, month(2026, 1)),
                close(2, month(2026, 2)),
                close(3, month(2026, 3)),
                reopen(4, month(2026, 3)),
            ]),
            [
                FrozenSpan {
                    sequence: 1,
                    after: None,
                    through: month(2026, 1)
                },
                FrozenSpan {
                    sequence: 2,
                    after: Some(month(2026, 1)),
                    through: month(2026, 2)
                },
            ]
        );
    }

    #[test]
    fn reopening_the_calendars_first_month_leaves_nothing_closed() {
        let first = month(1900, 1);
        let actions = [
            (
                1,
                PeriodAction::Close {
                    through: month(2026, 3),
                },
            ),
            (2, PeriodAction::Reopen { from: first }),
        ];
        let books = ClosedPeriods::after(actions.iter().map(|(_, action)| action));
        assert_eq!(books.closed_through(), None);
        assert_eq!(books.first_open(), None);
        assert!(frozen_spans(&actions).is_empty());
    }

    #[test]
    fn a_posting_control_refuses_only_an_uncorrected_write_into_a_closed_month() {
        let books = ClosedPeriods::after(&[PeriodAction::Close {
            through: month(2026, 3),
        }]);
        let strict = PostingControl::CorrectionsOnly;
        assert_eq!(
            strict.admits(books, month(2026, 2), false),
            Err(PostingRefused {
                period: month(2026, 2),
                closed_through: month(2026, 3)
            })
        );
        assert_eq!(strict.admits(books, month(2026, 3), true), Ok(()));
        assert_eq!(strict.admits(books, month(2026, 4), false), Ok(()));
        assert_eq!(
            strict.admits(ClosedPeriods::default(), month(2026, 1), false),
            Ok(())
        );
        assert_eq!(
            PostingControl::Open.admits(books, month(2026, 2), false),
            Ok(())
        );
        for control in [PostingControl::Open, PostingControl::CorrectionsOnly] {
            assert_eq!(PostingControl::parse(control.as_str()), Some(control));
        }
    }

    #[test]
    fn a_month_closes_once_it_has_ended_and_only_a_closed_one_reopens() {
        let none = ClosedPeriods::default();
        let march = PeriodAction::Close {
            through: month(2026, 3),
        };
        assert_eq!(
            none.check(march, date!(2026 - 03 - 31)),
            Err(PeriodActionError::NotEnded {
                period: month(2026, 3),
                first_day_after: date!(2026 - 04 - 01),
            })
        );
        assert_eq!(none.check(march, date!(2026 - 04 - 01)), Ok(()));
        let reopen = PeriodAction::Reopen {
            from: month(2026, 2),
        };
        assert_eq!(
            none.check(reopen, date!(2026 - 04 - 10)),
            Err(PeriodActionError::NothingClosed)
        );
        let closed = ClosedPeriods::after(&[PeriodAction::Close {
            through: month(2026, 1),
        }]);
        assert_eq!(
            closed.check(reopen, date!(2026 - 04 - 10)),
            Err(PeriodActionError::NotClosed {
                period: month(2026, 2),
                first_open: month(2026, 2),
            })
        );
    }
}
