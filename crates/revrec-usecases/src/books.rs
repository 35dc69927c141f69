//! What the books report (docs/asc606.md §13): a portfolio's rollup or one contract's, with
//! the months closed frozen and late changes booked as corrections in the first open month.
//!
//! A portfolio reads what each close froze of its rollups (stored at the close) and the
//! rollups as they are now. A contract derives its own from its history: at each close it
//! was as its facts stamped before that close say, so its books are the rule replayed over
//! those states. The rule is linear, so the two agree: a portfolio's figures are its
//! contracts' added up.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::{
    BookedMonth, BookedRollup, ClosedPeriods, ContractUsage, Currency, FrozenRow, FrozenSpan,
    KeyedBooks, Period, PeriodAction, PlanHistory, Rollup, RollupAmounts, RollupBooks, Series,
    contributions, frozen_spans, obligation_key,
};
use revrec_ports::{PeriodEventRecord, StoredContract};

use crate::as_of::{AsOf, rollup_as_of, rollups_known};
use crate::error::UseCaseError;
use crate::history::{billing_of, legacy_restatement, replay_as};
use crate::services::Services;

/// The tenant's portfolio rollup as its books report it, rows through `through` (all when
/// `None`), as they stood at `as_of` (now when `None`), in the currency `asked` or else the
/// only one the tenant reports in (USD with none; several is `CurrencyRequired`).
pub async fn booked_portfolio(
    services: &Services,
    tenant_id: &str,
    asked: Option<Currency>,
    through: Option<Period>,
    as_of: Option<AsOf>,
) -> Result<(Currency, BookedRollup), UseCaseError> {
    let Some(as_of) = as_of else {
        return booked_now(services, tenant_id, asked, through).await;
    };
    // Each currency is rewound once: the one asked for, or each the tenant ever reported
    // in, to find the one it then had figures in.
    let (currency, restated) = match asked {
        Some(currency) => (
            currency,
            rollup_as_of(services, tenant_id, currency, None, as_of).await?,
        ),
        None => {
            let rollups = rollups_known(services, tenant_id, as_of).await?;
            let currency = only_currency(rollups.iter().map(|(currency, _)| *currency).collect())?;
            let restated = rollups
                .into_iter()
                .find(|(held, _)| *held == currency)
                .map(|(_, rollup)| rollup)
                .unwrap_or_default();
            (currency, restated)
        }
    };
    let booked = booked_as_of(services, tenant_id, (currency, restated), through, as_of).await?;
    Ok((currency, booked))
}

/// [`booked_portfolio`] as the books stand now.
async fn booked_now(
    services: &Services,
    tenant_id: &str,
    asked: Option<Currency>,
    through: Option<Period>,
) -> Result<(Currency, BookedRollup), UseCaseError> {
    // Two reads: the rollups with the tenant's latest close or reopen (the currency chosen
    // from them), then what the closes froze under it (kept by the store: no read once
    // known).
    let (rollups, latest) = services.reports.rollups_in_books(tenant_id, asked).await?;
    let currency = match asked {
        Some(currency) => currency,
        None => only_currency(
            rollups
                .iter()
                .filter(|(_, rollup)| rollup.has_figures())
                .map(|(currency, _)| *currency)
                .collect(),
        )?,
    };
    let restated = rollups
        .into_iter()
        .find(|(held, _)| *held == currency)
        .map(|(_, rollup)| rollup)
        .unwrap_or_default();
    let books = services
        .periods
        .frozen_rollup_at(tenant_id, currency, latest)
        .await?;
    Ok((currency, book(&books, restated, through)))
}

/// `restated`, the tenant's portfolio rollup in `currency` as it stood at `as_of` (rewound
/// by the caller), as the books in force then report it, rows through `through` (all when
/// `None`).
pub(crate) async fn booked_as_of(
    services: &Services,
    tenant_id: &str,
    (currency, restated): (Currency, Rollup),
    through: Option<Period>,
    as_of: AsOf,
) -> Result<BookedRollup, UseCaseError> {
    let books = services
        .periods
        .frozen_rollup_as_of(tenant_id, currency, as_of.micros())
        .await?;
    Ok(book(&books, restated, through))
}

/// The report currency among the ones a tenant reports in: the only one (USD with none);
/// several without a choice is `CurrencyRequired`.
pub fn only_currency(currencies: Vec<Currency>) -> Result<Currency, UseCaseError> {
    match currencies.as_slice() {
        [] => Ok(Currency::USD),
        [only] => Ok(*only),
        _ => Err(UseCaseError::CurrencyRequired { currencies }),
    }
}

/// `restated` under `books`, rows through `through`.
fn book(books: &RollupBooks, restated: Rollup, through: Option<Period>) -> BookedRollup {
    if books.closed_through().is_none() {
        let rollup = match through {
            Some(last) => rows_through(&restated, last),
            None => restated,
        };
        return BookedRollup::open(rollup);
    }
    let booked = books.booked(&restated);
    match through {
        Some(last) => BookedRollup {
            rollup: rows_through(&booked.rollup, last),
            corrections: rows_through(&booked.corrections, last),
            closed_through: booked.closed_through,
        },
        None => booked,
    }
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
    /// Its figures obligation by obligation, and what each close saw; none when its books
    /// are its schedule as it stands (nothing changed since the first close, or nothing is
    /// closed).
    pub detail: Option<BookedDetail>,
}

/// What a contract's journal and obligation parts need under closed books.
#[derive(Clone, Debug)]
pub struct BookedDetail {
    /// Every series as the books report it, months in order: each obligation's revenue
    /// (`recognized`, `variable`), and the contract's billing, contract asset and cash (`booked`,
    /// `asset_change`, `asset_earned`, `paid`, `credit_change`).
    pub reported: BTreeMap<DetailKey, Vec<BookedMonth<RollupAmounts>>>,
    /// The contract as the close that froze each closed month saw it (none when it was not
    /// yet in the reports).
    pub frozen_by: Vec<(FrozenSpan, Option<Arc<PlanHistory>>)>,
}

impl BookedDetail {
    /// The contract as the books show `period`: as the close that froze it saw it, or as
    /// it is now when the month is open.
    pub fn state_of<'a>(
        &'a self,
        period: Period,
        current: &'a PlanHistory,
    ) -> Option<&'a PlanHistory> {
        match self
            .frozen_by
            .iter()
            .find(|(span, _)| span.contains(period))
        {
            Some((_, seen)) => seen.as_deref(),
            None => Some(current),
        }
    }

    /// What `period` books for the closed months it corrects, by corrected month.
    pub fn corrections_in(
        &self,
        period: Period,
    ) -> BTreeMap<Period, Vec<(&DetailKey, RollupAmounts)>> {
        let mut corrections: BTreeMap<Period, Vec<(&DetailKey, RollupAmounts)>> = BTreeMap::new();
        for (key, months) in &self.reported {
            let Some(month) = months.iter().find(|month| month.period == period) else {
                continue;
            };
            for correction in &month.corrections {
                corrections
                    .entry(correction.corrects)
                    .or_default()
                    .push((key, correction.amount));
            }
        }
        corrections
    }
}

/// A series of a contract's books in detail.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum DetailKey {
    /// The contract's billing and contract asset.
    Contract,
    /// One obligation's revenue, by its key (its id, or its name without one).
    Obligation(String),
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
            detail: None,
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
            detail: None,
        });
    }
    let mut books = RollupBooks::new();
    let mut detail: KeyedBooks<DetailKey, RollupAmounts> = KeyedBooks::new();
    let mut seen = SeenByCloses::new(stored, reported);
    for event in events {
        match event.action {
            PeriodAction::Close { through } => {
                let state = seen.at(event.sequence)?;
                books.close(through, &state.rollup);
                detail.close(through, &state.detail);
            }
            PeriodAction::Reopen { from } => {
                books.reopen(from);
                detail.reopen(from);
            }
        }
    }
    let actions = revrec_ports::periods::sequenced_actions(events);
    let frozen_by = frozen_spans(&actions)
        .into_iter()
        .map(|span| {
            let history = seen
                .seen_at(span.sequence)
                .and_then(|state| state.history.clone());
            (span, history)
        })
        .collect();
    Ok(ContractBooks {
        booked: books.booked(&restated),
        detail: Some(BookedDetail {
            reported: detail.report(&detail_series(Some(current), &restated)),
            frozen_by,
        }),
    })
}

/// What the contract's closed months froze, as rows (for `revrec verify`, which adds them
/// up and compares them with what the portfolio stored at each close).
///
/// `restated` is the contract's contribution as it stands (its current history's).
pub fn contract_frozen_rows(
    stored: &StoredContract,
    restated: &Rollup,
    events: &[PeriodEventRecord],
) -> Result<Vec<FrozenRow>, UseCaseError> {
    let Some(reported) = stored.stamps.reported else {
        return Ok(Vec::new());
    };
    let everything = (
        stored.versions.len(),
        stored.invoices.len(),
        stored.stamps.usage.len(),
    );
    let mut seen = SeenByCloses::new(stored, reported);
    let mut books = RollupBooks::new();
    for event in events {
        match event.action {
            // A close that saw every fact saw the contract as it is: no replay.
            PeriodAction::Close { through } if seen.known_at(event.sequence) == everything => {
                books.close(through, restated);
            }
            PeriodAction::Close { through } => {
                books.close(through, &seen.at(event.sequence)?.rollup);
            }
            PeriodAction::Reopen { from } => books.reopen(from),
        }
    }
    Ok(books.frozen_rows(|_| true))
}

/// The contract as each close saw it, replayed once for each set of facts however many
/// closes saw the same.
struct SeenByCloses<'a> {
    stored: &'a StoredContract,
    /// The stamp of its entry into the reports.
    reported: i64,
    seen: BTreeMap<Known, Seen>,
    by_close: BTreeMap<i64, Known>,
}

impl<'a> SeenByCloses<'a> {
    fn new(stored: &'a StoredContract, reported: i64) -> SeenByCloses<'a> {
        SeenByCloses {
            stored,
            reported,
            seen: BTreeMap::new(),
            by_close: BTreeMap::new(),
        }
    }

    /// How many versions, invoices and usage layers close `sequence` saw (none before the
    /// contract entered the reports).
    fn known_at(&self, sequence: i64) -> Known {
        if self.reported < sequence {
            known_before(self.stored, sequence)
        } else {
            (0, 0, 0)
        }
    }

    /// The contract as close `sequence` saw it.
    fn at(&mut self, sequence: i64) -> Result<&Seen, UseCaseError> {
        let known = self.known_at(sequence);
        self.by_close.insert(sequence, known);
        Ok(match self.seen.entry(known) {
            std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::btree_map::Entry::Vacant(entry) => {
                entry.insert(state_at(self.stored, sequence, known)?)
            }
        })
    }

    /// What close `sequence` saw, once [`SeenByCloses::at`] has replayed it.
    fn seen_at(&self, sequence: i64) -> Option<&Seen> {
        self.by_close
            .get(&sequence)
            .and_then(|known| self.seen.get(known))
    }
}

/// A contract as a close saw it.
struct Seen {
    rollup: Rollup,
    detail: BTreeMap<DetailKey, Series<RollupAmounts>>,
    history: Option<Arc<PlanHistory>>,
}

/// The series of a contract's books in detail under `history` (`rollup` its contribution):
/// each obligation's revenue, and the contract's billing and contract asset.
fn detail_series(
    history: Option<&PlanHistory>,
    rollup: &Rollup,
) -> BTreeMap<DetailKey, Series<RollupAmounts>> {
    let Some(history) = history else {
        return BTreeMap::new();
    };
    let plan = history.current();
    let schedule = plan.schedule();
    let mut series: BTreeMap<DetailKey, Series<RollupAmounts>> = plan
        .obligations()
        .iter()
        .enumerate()
        .map(|(index, obligation)| {
            let revenue = schedule
                .revenue(index)
                .iter()
                .zip(schedule.variable(index))
                .map(|(recognized, variable)| RollupAmounts {
                    recognized: *recognized,
                    variable: *variable,
                    ..RollupAmounts::default()
                })
                .collect();
            (
                DetailKey::Obligation(obligation_key(obligation)),
                Series::new(schedule.first(), revenue),
            )
        })
        .collect();
    let totals = rollup.by_period();
    if let (Some(first), Some(last)) = (totals.keys().next(), totals.keys().next_back()) {
        let mut months = Vec::new();
        let mut period = *first;
        while period <= *last {
            let amounts = totals.get(&period).copied().unwrap_or_default();
            months.push(RollupAmounts {
                booked: amounts.booked,
                asset_change: amounts.asset_change,
                asset_earned: amounts.asset_earned,
                paid: amounts.paid,
                credit_change: amounts.credit_change,
                ..RollupAmounts::default()
            });
            period = period.next();
        }
        series.insert(DetailKey::Contract, Series::new(*first, months));
    }
    series
}

/// How many of a contract's versions, invoices and usage layers a close saw: stamps only
/// grow, so the counts name the facts.
type Known = (usize, usize, usize);

/// How many of the contract's versions, invoices and usage layers were written before
/// `sequence`. The versions written before are its first ones; the invoices and the
/// layers are told by their stamps.
fn known_before(stored: &StoredContract, sequence: i64) -> Known {
    let count = |stamps: &[i64]| stamps.iter().filter(|stamp| **stamp < sequence).count();
    (
        count(&stored.stamps.versions),
        count(&stored.stamps.invoices),
        stored
            .stamps
            .usage
            .iter()
            .filter(|layer| layer.stamp < sequence)
            .count(),
    )
}

/// The contract's usage as the books stood before `sequence` (docs/asc606.md §15): of
/// each obligation-month, the layer of the highest stamp below it.
fn usage_before(stored: &StoredContract, sequence: i64) -> ContractUsage {
    revrec_ports::usage_of(
        stored
            .stamps
            .usage
            .iter()
            .filter(|layer| layer.stamp < sequence),
    )
}

/// The contract as close `sequence` saw it, its facts counted by [`known_before`].
fn state_at(
    stored: &StoredContract,
    sequence: i64,
    (versions, _, _): Known,
) -> Result<Seen, UseCaseError> {
    if versions == 0 {
        return Ok(Seen {
            rollup: Rollup::new(),
            detail: BTreeMap::new(),
            history: None,
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
    let history = replay_as(known, legacy_restatement(stored))?
        .with_usage(&usage_before(stored, sequence))
        .with_billing(billing_of(&billed));
    let rollup = Rollup::from_rows(contributions(&history));
    Ok(Seen {
        detail: detail_series(Some(&history), &rollup),
        rollup,
        history: Some(Arc::new(history)),
    })
}
