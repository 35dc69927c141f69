//! The audit trail (docs/ledger.md, "Who did what"): every fact of a tenant's books with
//! who recorded it and when, a page at a time, for a month or a contract.

use revrec_domain::Period;
use revrec_ports::{AuditEventRecord, AuditQuery};

use crate::error::UseCaseError;
use crate::services::Services;

pub const DEFAULT_LIMIT: u32 = 100;
pub const MAX_LIMIT: u32 = 1_000;

/// Which facts: recorded in `period` (any month when `None`), of `contract_id` (every fact
/// of the books when `None`), after a page's last.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub period: Option<Period>,
    pub contract_id: Option<String>,
    pub after: Option<(i64, i32, String, String)>,
    pub limit: u32,
}

/// A page of the trail, and where the next starts when one follows.
#[derive(Clone, Debug)]
pub struct AuditPage {
    pub events: Vec<AuditEventRecord>,
    pub next: Option<(i64, i32, String, String)>,
}

/// The facts `filter` selects, oldest first, charged a unit of work per fact read.
pub async fn audit_events(
    services: &Services,
    tenant_id: &str,
    filter: AuditFilter,
) -> Result<AuditPage, UseCaseError> {
    let limit = filter.limit.clamp(1, MAX_LIMIT);
    let (from, until) = match filter.period {
        Some(period) => (
            start_of(period.first_day()),
            start_of(period.next().first_day()),
        ),
        None => (i64::MIN, i64::MAX),
    };
    let query = AuditQuery {
        contract_id: filter.contract_id,
        from,
        until,
        after: filter.after,
        // One past the page tells whether another follows.
        limit: limit + 1,
    };
    let mut events = services.ledger.audit_events(tenant_id, &query).await?;
    services
        .work
        .charge(u64::try_from(events.len()).unwrap_or(u64::MAX))
        .await?;
    let next = if events.len() > usize::try_from(limit).unwrap_or(usize::MAX) {
        events.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        events.last().map(|last| {
            (
                last.recorded_at,
                last.source,
                last.contract_id.clone().unwrap_or_default(),
                last.reference.clone(),
            )
        })
    } else {
        None
    };
    Ok(AuditPage { events, next })
}

/// Microseconds since the epoch at the start of `day` (UTC).
fn start_of(day: time::Date) -> i64 {
    let seconds = day.midnight().assume_utc().unix_timestamp();
    seconds.saturating_mul(1_000_000)
}
