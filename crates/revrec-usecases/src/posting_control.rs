//! Who writes, and the tenant's posting control (docs/ledger.md, "Posting control"): a
//! setting that refuses a write effective in a closed month unless the request says it is
//! a correction, for teams whose policy forbids silent back-dating. Off by default: every
//! write is then taken, and one into a closed month is booked as a correction in the first
//! open month.

use revrec_domain::{ClosedPeriods, Period, PostingControl};
use revrec_ports::PostingControlRecord;

use crate::error::{UseCaseError, retried_on_conflict};
use crate::services::Services;

/// What a write request says of itself beyond its body: who makes it, and whether it is a
/// correction of a closed month.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WriteContext {
    /// `key:<id>`, `oauth:<client_id>`, `sandbox`, `cli` or `console:<email>`.
    pub actor: String,
    /// The request says it corrects a closed month (`correction=true`).
    pub correction: bool,
}

impl WriteContext {
    /// A write by `actor` that does not say it is a correction.
    pub fn by(actor: &str) -> WriteContext {
        WriteContext {
            actor: actor.to_owned(),
            correction: false,
        }
    }
}

/// The tenant's posting control in force, with who set it and when (none: the default).
pub async fn posting_control(
    services: &Services,
    tenant_id: &str,
) -> Result<Option<PostingControlRecord>, UseCaseError> {
    Ok(services.ledger.posting_control(tenant_id).await?)
}

/// Records `control` as the tenant's posting control, on behalf of `actor`.
pub async fn set_posting_control(
    services: &Services,
    tenant_id: &str,
    actor: &str,
    control: PostingControl,
) -> Result<PostingControlRecord, UseCaseError> {
    retried_on_conflict(|| {
        let now = services.clock.now_micros();
        services
            .ledger
            .save_posting_control(tenant_id, control, now, actor)
    })
    .await
}

/// Checks a write effective in `period` against the tenant's posting control: under
/// `corrections_only`, a write into a closed month must say it is a correction.
///
/// # Errors
/// `PostingRefused` naming the closed month.
pub async fn admit_write(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    period: Period,
) -> Result<(), UseCaseError> {
    posting_guard(services, tenant_id, context)
        .await?
        .admit(period)
}

/// The tenant's posting control and books, read once for the writes of one request (a
/// batch of contracts checks each against it).
pub async fn posting_guard(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
) -> Result<PostingGuard, UseCaseError> {
    let control = match services.ledger.posting_control(tenant_id).await? {
        Some(record) if !context.correction => record.control,
        // Off, or the request says it is a correction: nothing to check.
        _ => return Ok(PostingGuard::default()),
    };
    if control == PostingControl::Open {
        return Ok(PostingGuard::default());
    }
    let events = services.periods.period_events(tenant_id).await?;
    Ok(PostingGuard {
        control,
        books: ClosedPeriods::after(events.iter().map(|event| &event.action)),
    })
}

/// What [`posting_guard`] read: the control and the closed months.
#[derive(Clone, Copy, Debug, Default)]
pub struct PostingGuard {
    control: PostingControl,
    books: ClosedPeriods,
}

impl PostingGuard {
    /// # Errors
    /// `PostingRefused` for a write effective in a closed month the control refuses.
    pub fn admit(self, period: Period) -> Result<(), UseCaseError> {
        Ok(self.control.admits(self.books, period, false)?)
    }
}
