//! What the books report (decisions.md §14): a portfolio's rollup or one contract's, with
//! the months closed frozen and late changes booked as corrections in the first open month.
//!
//! A portfolio reads what each close froze of its rollups (stored at the close) and the
//! rollups as they are now. A contract derives its own from its history: at each close it
//! was as its facts stamped before that close say, so its books are the rule replayed over
//! those states. The rule is linear, so the two agree: a portfolio's figures are its
//! contracts' added up.

use std::collections::BTreeMap;

use revrec_domain::{
    BookedMonth, BookedRollup, ClosedPeriods, Currency, KeyedBooks, Period, PeriodAction,
    PlanHistory, Rollup, RollupBooks, Series, contributions, obligation_key,
};
use revrec_ports::{PeriodEventRecord, StoredContract};

use crate::error::UseCaseError;
use crate::history::{billing_of, legacy_restatement, replay_as};
use crate::services::Services;

/// The tenant's portfolio rollup in `currency` as its books report it, rows through
/// `through` (all when `None`).
pub async fn booked_portfolio(
    services: &Services,
    tenant_id: &str,
    currency: Currency,
    through: Option<Period>,
) -> Result<BookedRollup, UseCaseError> {
    let books = services.periods.frozen_rollup(tenant_id, currency).await?;
    let Some(closed) = books.closed_through() else {
        let rollup = services
            .reports
            .rollup(tenant_id, currency, through)
            .await?;
        return Ok(BookedRollup::open(rollup));
    };
    // The first open month carries the corrections: it needs every closed month's
    // restated figures, whatever the report shows.
    let read_through = through.map(|last| last.max(closed.next()));
    let restated = services
        .reports
        .rollup(tenant_id, currency, read_through)
        .await?;
    let booked = books.booked(&restated);
    Ok(match through {
        Some(last) => BookedRollup {
            rollup: rows_through(&booked.rollup, last),
            corrections: rows_through(&booked.corrections, last),
            closed_through: booked.closed_through,
        },
        None => booked,
    })
}

fn rows_through(rollup: &Rollup, last: Period) -> Rollup {
    Rollup::from_rows(
        rollup
            .rows()
            .filter(|(key, _)| key.period <= last)
            .map(|(key, amounts)| (*key, *amounts)),
    )
}

/// One contract under the tenant's books.
#[derive(Clone, Debug)]
pub struct ContractBooks {
    /// Its rollup as the books report it.
    pub booked: BookedRollup,
    /// Each obligation's revenue as the books report it, by obligation key (its id, or its
    /// name when it has none); none when it is its schedule as it stands (nothing changed
    /// since the first close).
    pub obligations: Option<BTreeMap<String, Vec<BookedMonth>>>,
}

/// One contract's figures as the tenant's books report them: `current` is its history as
/// replayed now, `events` the tenant's closes and reopens. A draft is a preview, outside
/// the books.
pub fn contract_books(
    stored: &StoredContract,
    current: &PlanHistory,
    events: &[PeriodEventRecord],
) -> Result<ContractBooks, UseCaseError> {
    let restated = Rollup::from_rows(contributions(current));
    let closed_through =
        ClosedPeriods::after(events.iter().map(|event| &event.action)).closed_through();
    let (Some(reported), Some(_)) = (stored.stamps.reported, closed_through) else {
        return Ok(ContractBooks {
            booked: BookedRollup::open(restated),
            obligations: None,
        });
    };
    // Every close saw the contract as it is now: its books are its schedule.
    let first_close = events
        .iter()
        .filter(|event| matches!(event.action, PeriodAction::Close { .. }))
        .map(|event| event.sequence)
        .min()
        .unwrap_or(i64::MAX);
    if stored.stamps.latest() < first_close {
        return Ok(ContractBooks {
            booked: BookedRollup {
                rollup: restated,
                corrections: Rollup::new(),
                closed_through,
            },
            obligations: None,
        });
    }
    let mut books = RollupBooks::new();
    let mut obligations: KeyedBooks<String> = KeyedBooks::new();
    // The contract as each close saw it, by how many of its facts it had.
    let mut seen: BTreeMap<(usize, usize), Seen> = BTreeMap::new();
    for event in events {
        match event.action {
            PeriodAction::Close { through } => {
                let known = if reported < event.sequence {
                    known_before(stored, event.sequence)
                } else {
                    (0, 0)
                };
                let state = match seen.entry(known) {
                    std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
                    std::collections::btree_map::Entry::Vacant(entry) => {
                        entry.insert(state_at(stored, event.sequence, known)?)
                    }
                };
                books.close(through, &state.rollup);
                obligations.close(through, &state.obligations);
            }
            PeriodAction::Reopen { from } => {
                books.reopen(from);
                obligations.reopen(from);
            }
        }
    }
    Ok(ContractBooks {
        booked: books.booked(&restated),
        obligations: Some(obligations.report(&obligation_series(Some(current)))),
    })
}

/// A contract as a close saw it.
struct Seen {
    rollup: Rollup,
    obligations: BTreeMap<String, Series>,
}

/// Each obligation's monthly revenue under `history`, by key (none without a history).
fn obligation_series(history: Option<&PlanHistory>) -> BTreeMap<String, Series> {
    let Some(history) = history else {
        return BTreeMap::new();
    };
    let plan = history.current();
    let schedule = plan.schedule();
    plan.obligations()
        .iter()
        .enumerate()
        .map(|(index, obligation)| {
            (
                obligation_key(obligation),
                Series::new(schedule.first(), schedule.revenue(index).to_vec()),
            )
        })
        .collect()
}

/// How many of the contract's versions and invoices were written before `sequence`. The
/// versions written before are its first ones; the invoices are told by their stamps.
fn known_before(stored: &StoredContract, sequence: i64) -> (usize, usize) {
    let count = |stamps: &[i64]| stamps.iter().filter(|stamp| **stamp < sequence).count();
    (
        count(&stored.stamps.versions),
        count(&stored.stamps.invoices),
    )
}

/// The contract as close `sequence` saw it, its facts counted by [`known_before`].
fn state_at(
    stored: &StoredContract,
    sequence: i64,
    (versions, _): (usize, usize),
) -> Result<Seen, UseCaseError> {
    if versions == 0 {
        return Ok(Seen {
            rollup: Rollup::new(),
            obligations: BTreeMap::new(),
        });
    }
    let known = stored.versions.get(..versions).unwrap_or(&stored.versions);
    let billed: Vec<_> = stored
        .invoices
        .iter()
        .zip(&stored.stamps.invoices)
        .filter(|(_, stamp)| **stamp < sequence)
        .map(|(invoice, _)| invoice.clone())
        .collect();
    let history = replay_as(known, legacy_restatement(stored))?.with_billing(billing_of(&billed));
    Ok(Seen {
        rollup: Rollup::from_rows(contributions(&history)),
        obligations: obligation_series(Some(&history)),
    })
}
