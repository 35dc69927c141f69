//! Closing and reopening months (decisions.md §14): `POST /v1/periods/close`,
//! `POST /v1/periods/reopen`, `GET /v1/periods`, the CLI's `revrec periods`, the console's
//! Periods page and the MCP tools all come here.
//!
//! A close or reopen is recorded as the tenant's next period event. Two racing for the same
//! sequence (two instances closing at once) write once: the other reads the events again
//! and, finding its month closed already, changes nothing.

use revrec_domain::{
    ClosedPeriods, Currency, FrozenRow, OutputHash, Period, PeriodAction, PeriodActionError,
    frozen_spans, output_hash,
};
use revrec_ports::{PeriodEventRecord, RepositoryError};

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
#[derive(Clone, Debug)]
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
            .append_period_event(tenant_id, &event)
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

async fn view(
    services: &Services,
    tenant_id: &str,
    history: Vec<PeriodEventRecord>,
) -> Result<PeriodsView, UseCaseError> {
    let books = ClosedPeriods::after(history.iter().map(|event| &event.action));
    let actions: Vec<(i64, PeriodAction)> = history
        .iter()
        .map(|event| (event.sequence, event.action))
        .collect();
    let mut frozen: Vec<(Currency, Vec<FrozenRow>)> = Vec::new();
    for currency in services.reports.currencies(tenant_id).await? {
        let books = services.periods.frozen_rollup(tenant_id, currency).await?;
        frozen.push((currency, books.frozen_rows(|_| true)));
    }
    let mut closed = Vec::new();
    for span in frozen_spans(&actions) {
        let Some(event) = history.iter().find(|event| event.sequence == span.sequence) else {
            continue;
        };
        // The months a close froze: the earliest with a figure (every month before the
        // first close froze nothing else), through the last it closed.
        let first = span.after.map(Period::next).or_else(|| {
            frozen
                .iter()
                .flat_map(|(_, rows)| rows.iter().map(|row| row.key.period))
                .min()
        });
        let mut period = first.unwrap_or(span.through).min(span.through);
        while period <= span.through {
            closed.push(ClosedMonth {
                period,
                closed_at: event.recorded_at,
                closed_by: event.actor.clone(),
                digest: month_digest(period, &frozen),
            });
            period = period.next();
        }
    }
    Ok(PeriodsView {
        first_open: books.first_open(),
        closed,
        history,
    })
}

/// The canonical digest of what `period` froze, every currency: what `revrec verify`
/// recomputes.
pub fn month_digest(period: Period, frozen: &[(Currency, Vec<FrozenRow>)]) -> OutputHash {
    let month: Vec<(Currency, Vec<FrozenRow>)> = frozen
        .iter()
        .map(|(currency, rows)| {
            (
                *currency,
                rows.iter()
                    .filter(|row| row.key.period == period)
                    .copied()
                    .collect(),
            )
        })
        .collect();
    output_hash(
        "closed-month/v1",
        &revrec_domain::ClosedMonthFigures {
            period,
            currencies: &month,
        },
    )
}

impl From<PeriodActionError> for UseCaseError {
    fn from(error: PeriodActionError) -> UseCaseError {
        UseCaseError::PeriodAction(error)
    }
}
