//! Closing and reopening months (docs/ledger.md, Month end): `POST /v1/periods/close`,
//! `POST /v1/periods/reopen`, `GET /v1/periods`, the CLI's `revrec periods`, the console's
//! Periods page and the MCP tools all come here.
//!
//! A close or reopen is recorded as the tenant's next period event. Two racing for the same
//! sequence (two instances closing at once) write once: the other reads the events again
//! and, finding its month closed already, changes nothing.

use std::collections::BTreeMap;

use revrec_domain::{
    ClosedPeriods, Currency, FrozenRow, FrozenSpan, OutputHash, Period, PeriodAction,
    PeriodActionError, frozen_spans, output_hash,
};
use revrec_ports::{
    ClosedMonthRecord, FreezeError, FreezeInput, PeriodEventRecord, RepositoryError,
};

use crate::as_of::{AsOf, period_events_known};
use crate::error::UseCaseError;
use crate::services::Services;

/// How often a close or reopen reads the events again after losing a race for a sequence.
const ATTEMPTS: usize = 8;

/// A tenant's books: which months are closed, by whom and when, and every close and reopen.
#[derive(Clone, Debug)]
pub struct PeriodsView {
    /// The first month not closed; none before any month is closed.
    pub first_open: Option<Period>,
    /// The closed months with figures or closed explicitly, oldest first.
    pub closed: Vec<ClosedMonth>,
    /// Every close and reopen, first recorded first.
    pub history: Vec<PeriodEventRecord>,
}

/// One closed month.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClosedMonth {
    pub period: Period,
    /// When the close that froze it was recorded (microseconds since the epoch).
    pub closed_at: i64,
    pub closed_by: String,
    /// The canonical digest of the figures it froze, every currency.
    pub digest: OutputHash,
}

/// Closes every open month through `through` on behalf of `actor`. Closing what is closed
/// changes nothing.
///
/// # Errors
/// `PeriodAction(NotEnded)` for a month not over yet by the server's clock.
pub async fn close_periods(
    services: &Services,
    tenant_id: &str,
    actor: &str,
    through: Period,
) -> Result<PeriodsView, UseCaseError> {
    record(
        services,
        tenant_id,
        actor,
        PeriodAction::Close { through },
        None,
    )
    .await
}

/// Reopens `from` and every later closed month on behalf of `actor`, for `reason`.
///
/// # Errors
/// `PeriodAction(NotClosed | NothingClosed)` when `from` is open.
pub async fn reopen_periods(
    services: &Services,
    tenant_id: &str,
    actor: &str,
    from: Period,
    reason: &str,
) -> Result<PeriodsView, UseCaseError> {
    record(
        services,
        tenant_id,
        actor,
        PeriodAction::Reopen { from },
        Some(reason.to_owned()),
    )
    .await
}

/// The tenant's books as they stand.
pub async fn list_periods(
    services: &Services,
    tenant_id: &str,
) -> Result<PeriodsView, UseCaseError> {
    let events = services.periods.period_events(tenant_id).await?;
    view(services, tenant_id, events).await
}

/// The sequence of the tenant's latest close or reopen (0 before any): the books stand as
/// they were answered while it stays the same.
pub async fn latest_sequence(services: &Services, tenant_id: &str) -> Result<i64, UseCaseError> {
    let events = services.periods.period_events(tenant_id).await?;
    Ok(events.last().map_or(0, |event| event.sequence))
}

/// The tenant's books as they stood at `as_of` (now when `None`), for a caller, charged by
/// what it reads: a row a close or reopen, a row a closed month. As of an instant, only the
/// closes and reopens recorded by then count (docs/ledger.md, "As of an instant").
pub async fn list_periods_charged(
    services: &Services,
    tenant_id: &str,
    as_of: Option<AsOf>,
) -> Result<PeriodsView, UseCaseError> {
    let events = period_events_known(services, tenant_id, as_of).await?;
    let view = view(services, tenant_id, events).await?;
    let rows = u64::try_from(view.history.len() + view.closed.len()).unwrap_or(u64::MAX);
    services.work.charge(rows).await?;
    Ok(view)
}

async fn record(
    services: &Services,
    tenant_id: &str,
    actor: &str,
    action: PeriodAction,
    reason: Option<String>,
) -> Result<PeriodsView, UseCaseError> {
    let today = revrec_ports::clock::utc_date(services.clock.now_micros());
    for _ in 0..ATTEMPTS {
        let events = services.periods.period_events(tenant_id).await?;
        let books = ClosedPeriods::after(events.iter().map(|event| &event.action));
        books.check(action, today)?;
        if !books.changed_by(action) {
            return view(services, tenant_id, events).await;
        }
        let event = PeriodEventRecord {
            sequence: events.last().map_or(1, |last| last.sequence + 1),
            action,
            recorded_at: services.clock.now_micros(),
            actor: actor.to_owned(),
            reason: reason.clone(),
        };
        match services
            .periods
            .append_period_event(tenant_id, &event, freeze_close)
            .await
        {
            Ok(()) => return list_periods(services, tenant_id).await,
            // Another close or reopen took the sequence: read the books again.
            Err(RepositoryError::Conflict(_)) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(UseCaseError::Conflict)
}

/// What a close freezes of one currency (the store's [`revrec_ports::FreezeRule`] for a
/// close, called under the books lock in the close's transaction): the books in force
/// closed through the close's month over the rollup as it stands, the rows of the months
/// it newly closes.
///
/// # Errors
/// `BooksMoved` when another close or reopen took the close's sequence since it was
/// decided: nothing is frozen, and the close is decided again.
pub fn freeze_close(input: FreezeInput<'_>) -> Result<Vec<FrozenRow>, FreezeError> {
    let FreezeInput {
        sequence,
        through,
        events,
        restated,
        mut books,
        ..
    } = input;
    let latest = events.last().map_or(0, |event| event.sequence);
    if latest >= sequence {
        return Err(FreezeError::BooksMoved { sequence, latest });
    }
    let closed_before =
        ClosedPeriods::after(events.iter().map(|event| &event.action)).closed_through();
    books.close(through, restated);
    Ok(books.frozen_rows(|period| closed_before.is_none_or(|closed| period > closed)))
}

async fn view(
    services: &Services,
    tenant_id: &str,
    history: Vec<PeriodEventRecord>,
) -> Result<PeriodsView, UseCaseError> {
    let books = ClosedPeriods::after(history.iter().map(|event| &event.action));
    let actions = revrec_ports::periods::sequenced_actions(&history);
    let spans = frozen_spans(&actions);
    let mut recorded = services.periods.closed_months(tenant_id).await?;
    // A close's months are recorded once, by the first list after it (normally the close's
    // own answer); closes recorded before digests were kept get theirs the same way.
    let unrecorded: Vec<FrozenSpan> = spans
        .iter()
        .filter(|span| {
            !recorded
                .iter()
                .any(|month| month.close_sequence == span.sequence)
        })
        .copied()
        .collect();
    if !unrecorded.is_empty() {
        let months = months_of_closes(services, tenant_id, unrecorded).await?;
        services
            .periods
            .record_closed_months(tenant_id, &months)
            .await?;
        recorded.extend(months);
    }
    let mut closed = Vec::new();
    for span in &spans {
        let Some(event) = history.iter().find(|event| event.sequence == span.sequence) else {
            continue;
        };
        let mut months: Vec<ClosedMonthRecord> = recorded
            .iter()
            .filter(|month| month.close_sequence == span.sequence && span.contains(month.period))
            .cloned()
            .collect();
        if months.is_empty() {
            // A reopen left the close only months before the first it froze figures in
            // (closed through June with figures from June, reopened from January): it
            // froze nothing in them, so its last month is listed with the digest of a
            // month without figures, as a close through it would list it.
            months.push(ClosedMonthRecord {
                close_sequence: span.sequence,
                period: span.through,
                digest: month_digest(span.through, &[]),
            });
        }
        months.sort_by_key(|month| month.period);
        closed.extend(months.into_iter().map(|month| ClosedMonth {
            period: month.period,
            closed_at: event.recorded_at,
            closed_by: event.actor.clone(),
            digest: month.digest,
        }));
    }
    Ok(PeriodsView {
        first_open: books.first_open(),
        closed,
        history,
    })
}

/// The months each of `spans` froze, with their digests, from what the tenant's closes
/// froze: the months after the close before it (for the tenant's first close, from the
/// earliest month with a figure) through the last it closed. The digests are computed on
/// the compute pool.
async fn months_of_closes(
    services: &Services,
    tenant_id: &str,
    spans: Vec<FrozenSpan>,
) -> Result<Vec<ClosedMonthRecord>, UseCaseError> {
    // Each currency's books are read and turned into their rows before the next is read:
    // a tenant of many currencies holds one currency's books at a time.
    let mut frozen: Vec<(Currency, Vec<FrozenRow>)> = Vec::new();
    for currency in services.reports.currencies_ever(tenant_id).await? {
        let books = services.periods.frozen_rollup(tenant_id, currency).await?;
        frozen.push((currency, books.frozen_rows(|_| true)));
    }
    crate::offload::offload(services, move || {
        let earliest = frozen
            .iter()
            .flat_map(|(_, rows)| rows.iter().map(|row| row.key.period))
            .min();
        let mut months = Vec::new();
        for span in spans {
            let first = span
                .after
                .map(Period::next)
                .or(earliest)
                .unwrap_or(span.through)
                .min(span.through);
            let periods = std::iter::successors(Some(first), |period| {
                Some(period.next()).filter(|next| *next <= span.through)
            });
            months.extend(
                month_digests(periods, &frozen)
                    .into_iter()
                    .map(|(period, digest)| ClosedMonthRecord {
                        close_sequence: span.sequence,
                        period,
                        digest,
                    }),
            );
        }
        months
    })
    .await
}

/// The canonical digest of what `period` froze, every currency: what `revrec verify`
/// recomputes.
pub fn month_digest(period: Period, frozen: &[(Currency, Vec<FrozenRow>)]) -> OutputHash {
    month_digests([period], frozen)
        .pop()
        .map_or_else(|| digest_of(period, &[]), |(_, digest)| digest)
}

/// [`month_digest`] of each of `periods`, the rows sorted out by month once.
pub fn month_digests(
    periods: impl IntoIterator<Item = Period>,
    frozen: &[(Currency, Vec<FrozenRow>)],
) -> Vec<(Period, OutputHash)> {
    let mut by_month: BTreeMap<Period, Vec<(Currency, Vec<FrozenRow>)>> = BTreeMap::new();
    for (currency, rows) in frozen {
        for row in rows {
            let currencies = by_month.entry(row.key.period).or_default();
            match currencies.last_mut() {
                Some((last, month_rows)) if last == currency => month_rows.push(*row),
                _ => currencies.push((*currency, vec![*row])),
            }
        }
    }
    periods
        .into_iter()
        .map(|period| {
            let currencies = by_month.get(&period).map_or(&[][..], Vec::as_slice);
            (period, digest_of(period, currencies))
        })
        .collect()
}

fn digest_of(period: Period, currencies: &[(Currency, Vec<FrozenRow>)]) -> OutputHash {
    output_hash(
        "closed-month/v1",
        &revrec_domain::ClosedMonthFigures { period, currencies },
    )
}

impl From<PeriodActionError> for UseCaseError {
    fn from(error: PeriodActionError) -> UseCaseError {
        UseCaseError::PeriodAction(error)
    }
}

#[cfg(test)]
mod tests {
    use revrec_domain::{PobType, Rollup, RollupAmounts, RollupBooks, RollupKey, Timing};

    use super::*;

    fn month(text: &str) -> Period {
        Period::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    fn close(sequence: i64, through: &str) -> PeriodEventRecord {
        PeriodEventRecord {
            sequence,
            action: PeriodAction::Close {
                through: month(through),
            },
            recorded_at: sequence,
            actor: "key_1".into(),
            reason: None,
        }
    }

    /// A rollup recognizing `amount` in each of `months`.
    fn rollup(months: &[&str], amount: i64) -> Rollup {
        Rollup::from_rows(months.iter().map(|text| {
            let key = RollupKey {
                period: month(text),
                pob_type: PobType::Subscription,
                timing: Timing::OverTime,
            };
            let amounts = RollupAmounts {
                recognized: amount,
                ..RollupAmounts::default()
            };
            (key, amounts)
        }))
    }

    #[test]
    fn a_close_freezes_the_months_it_newly_closes_as_the_rollup_stands() {
        let events = [close(1, "2026-01")];
        let first = rollup(&["2026-01"], 100);
        let mut books = RollupBooks::new();
        books.close(month("2026-01"), &first);
        let frozen = freeze_close(FreezeInput {
            sequence: 2,
            through: month("2026-03"),
            events: &events,
            currency: Currency::USD,
            restated: &rollup(&["2026-01", "2026-02", "2026-03", "2026-04"], 100),
            books,
        })
        .unwrap_or_else(|error| panic!("{error}"));
        let months: Vec<Period> = frozen.iter().map(|row| row.key.period).collect();
        // January was frozen by the first close; April is still open.
        assert_eq!(months, [month("2026-02"), month("2026-03")]);
        assert!(frozen.iter().all(|row| row.amounts.recognized == 100));
    }

    #[test]
    fn a_close_whose_sequence_was_taken_since_it_was_decided_freezes_nothing() {
        let events = [close(1, "2026-01"), close(2, "2026-02")];
        let refused = freeze_close(FreezeInput {
            sequence: 2,
            through: month("2026-03"),
            events: &events,
            currency: Currency::USD,
            restated: &rollup(&["2026-03"], 100),
            books: RollupBooks::new(),
        });
        assert_eq!(
            refused,
            Err(FreezeError::BooksMoved {
                sequence: 2,
                latest: 2
            })
        );
    }
}
