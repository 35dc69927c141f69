//! `POST /contracts/{id}/obligations/{pob_id}/fulfillments` and `…/progress`: events that
//! satisfy an obligation (docs/asc606.md §11). Each is a new version whose terms are its
//! predecessor's (a delivered obligation gains its delivery date), written with the rollup
//! deltas of what it recognized, so it reaches waterfalls, RPO, Note 6 and journals like any
//! change of terms.

use revrec_domain::{
    Amendment, AmendmentError, Field, FieldError, Pattern, PercentComplete, Period,
};
use revrec_ports::{ContractStatus, InvoiceWrite, VersionChange};
use time::Date;

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{NewVersion, append_version, current_version, load_contract, replay_on_pool};
use crate::posting_control::{WriteContext, admit_write};
use crate::services::Services;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObligationEvent {
    /// Delivered on `date`. `share`, when sent, must be 100 %: a point-in-time obligation
    /// is satisfied whole or not at all.
    Fulfillment {
        date: Date,
        share: Option<PercentComplete>,
    },
    /// Cumulative progress as of a day.
    Progress {
        as_of: Date,
        percent: PercentComplete,
    },
}

pub async fn record_event(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    obligation_id: &str,
    event: ObligationEvent,
) -> Result<ContractView, UseCaseError> {
    let stored = load_contract(services, tenant_id, id).await?;
    if stored.record.status != ContractStatus::Active {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action: "sent events (only an active contract's obligations are satisfied)",
        });
    }
    if let ObligationEvent::Fulfillment {
        share: Some(share), ..
    } = event
        && !share.is_complete()
    {
        return Err(UseCaseError::invalid(FieldError::new(
            Field::PercentComplete,
            format!(
                "is {share} %, but a point-in-time obligation is satisfied whole: send 100 or leave it out; an obligation satisfied over time is sent with \"recognition\": \"progress\" and reported to POST /v1/contracts/{id}/obligations/{obligation_id}/progress"
            ),
        )));
    }
    let effective = match event {
        ObligationEvent::Fulfillment { date, .. } => date,
        ObligationEvent::Progress { as_of, .. } => as_of,
    };
    admit_write(services, tenant_id, context, Period::of(effective)).await?;
    let (amendment, change, date_field) = match event {
        ObligationEvent::Fulfillment { date, .. } => (
            Amendment::Fulfillment {
                obligation_id: obligation_id.to_owned(),
                date,
            },
            VersionChange::Fulfillment {
                effective: date,
                obligation_id: obligation_id.to_owned(),
            },
            Field::DeliveredOn,
        ),
        ObligationEvent::Progress { as_of, percent } => (
            Amendment::Progress {
                obligation_id: obligation_id.to_owned(),
                as_of,
                percent,
            },
            VersionChange::Progress {
                effective: as_of,
                obligation_id: obligation_id.to_owned(),
                percent,
            },
            Field::AsOf,
        ),
    };
    let before = replay_on_pool(services, &stored).await?;
    let after = before
        .amend(&amendment)
        .map_err(|error| refused(error, id, date_field))?;

    let mut terms = current_version(&stored)?.terms.clone();
    if let ObligationEvent::Fulfillment { date, .. } = event {
        for line in &mut terms.obligations {
            if line.id.as_deref() == Some(obligation_id) {
                line.pattern = Pattern::PointInTime { date };
            }
        }
    }
    let new = NewVersion {
        record: stored.record.clone(),
        change,
        terms,
        invoices: InvoiceWrite::Unchanged,
        recorded_at: services.clock.now_micros(),
        recorded_by: context.actor.clone(),
    };
    append_version(services, &stored, (&before, after), new).await
}

/// Why the plan refused the event, as the caller should hear it.
fn refused(error: AmendmentError, contract_id: &str, date_field: Field) -> UseCaseError {
    match error {
        AmendmentError::UnknownObligation { id } => UseCaseError::ObligationNotFound {
            contract_id: contract_id.to_owned(),
            id,
        },
        AmendmentError::AlreadySatisfied { .. } | AmendmentError::ObligationNotInForce { .. } => {
            UseCaseError::ObligationClosed(error.to_string())
        }
        AmendmentError::NotAwaitingDelivery { .. }
        | AmendmentError::NotMeasuredByProgress { .. } => {
            UseCaseError::invalid(FieldError::new(Field::ObligationId, error.to_string()))
        }
        other => UseCaseError::invalid(FieldError::new(date_field, other.to_string())),
    }
}
