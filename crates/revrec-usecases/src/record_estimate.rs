//! `POST /v1/contracts/{id}/estimates`: a change in the estimate of a variable component
//! (docs/asc606.md §15, ASC 606-10-32-14 and 32-42..44), or of a prepaid credits line's
//! expected usage (55-48). A new version whose terms are its predecessor's with the
//! component's new included amount, or the line's new expected usage, applied as a
//! cumulative catch-up on the inception basis: what the change allocates to what is
//! already satisfied is revenue (or a reduction) of the month of `as_of`.
//!
//! A change in estimate is new information, so it is dated in an open month: one dated in
//! a closed month is refused whatever the posting control, where a late fact would be
//! booked as a correction (docs/ledger.md, "Posting control").

use std::sync::Arc;

use revrec_domain::{
    Amendment, ClosedPeriods, Currency, EstimateChange, EstimateChangeError, ExpectedUsageChange,
    Field, FieldError, Period, PostingRefused,
};
use revrec_ports::{ContractStatus, InvoiceWrite, StoredContract, VersionChange};
use time::Date;

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{NewVersion, append_version, current_version, load_contract, replay_on_pool};
use crate::posting_control::WriteContext;
use crate::services::Services;

/// What an estimate revises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reestimate {
    /// A variable component's included amount (and scenarios).
    Component(EstimateChange),
    /// A prepaid credits line's expected usage.
    ExpectedUsage(ExpectedUsageChange),
}

/// `read` turns the request into the change in the contract's currency (its amounts need it).
pub async fn record_estimate<E: From<UseCaseError>>(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    read: impl FnOnce(Currency) -> Result<(Date, Reestimate), E>,
) -> Result<ContractView, E> {
    let stored = load_contract(services, tenant_id, id).await?;
    let (as_of, change) = read(stored.record.currency)?;
    Ok(reestimate(services, tenant_id, context, stored, as_of, change).await?)
}

async fn reestimate(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    stored: Arc<StoredContract>,
    as_of: Date,
    change: Reestimate,
) -> Result<ContractView, UseCaseError> {
    if stored.record.status != ContractStatus::Active {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action: "re-estimated (a draft's terms are replaced with PUT; a terminated contract no longer changes)",
        });
    }
    let period = Period::of(as_of);
    let events = services.periods.period_events(tenant_id).await?;
    let books = ClosedPeriods::after(events.iter().map(|event| &event.action));
    if let Some(closed_through) = books.closed_through().filter(|_| books.is_closed(period)) {
        return Err(UseCaseError::PostingRefused(PostingRefused {
            period,
            closed_through,
        }));
    }
    let current = &current_version(&stored)?.terms;
    let (terms, version_change) = match change {
        Reestimate::Component(change) => {
            let terms = current.reestimated(&change).map_err(|error| match error {
                EstimateChangeError::UnknownComponent { .. } => {
                    UseCaseError::invalid(FieldError::new(Field::ComponentId, error.to_string()))
                }
                EstimateChangeError::MethodChanged { .. } => {
                    UseCaseError::EstimateMethodChanged(error.to_string())
                }
                EstimateChangeError::Invalid(field_error) => UseCaseError::invalid(field_error),
            })?;
            let version_change = VersionChange::Estimate {
                effective: as_of,
                component_id: change.component_id,
            };
            (terms, version_change)
        }
        Reestimate::ExpectedUsage(change) => {
            let terms = current
                .with_expected_usage(&change)
                .map_err(UseCaseError::invalid)?;
            let version_change = VersionChange::ExpectedUsage {
                effective: as_of,
                obligation_id: change.obligation_id,
            };
            (terms, version_change)
        }
    };
    let before = replay_on_pool(services, &stored).await?;
    let after = before
        .amend(&Amendment::CumulativeCatchUp {
            effective: as_of,
            terms: terms.clone(),
        })
        .map_err(|error| UseCaseError::invalid(FieldError::new(Field::AsOf, error.to_string())))?;
    let new = NewVersion {
        record: stored.record.clone(),
        change: version_change,
        terms,
        invoices: InvoiceWrite::Unchanged,
        recorded_at: services.clock.now_micros(),
        recorded_by: context.actor.clone(),
    };
    append_version(services, &stored, (&before, after), new).await
}
