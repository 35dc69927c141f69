//! `POST /contracts/{id}/terminate`: no revenue from the effective date (the first day
//! without service); the unrecognized rest leaves the price, deferred revenue and RPO.

use revrec_domain::{Amendment, Field, FieldError, Period};
use revrec_ports::{ContractStatus, InvoiceWrite, VersionChange};
use time::Date;

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{NewVersion, append_version, current_version, load_contract, replay_on_pool};
use crate::posting_control::{WriteContext, admit_write};
use crate::services::Services;

pub async fn terminate_contract(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    effective_date: Option<Date>,
) -> Result<ContractView, UseCaseError> {
    let stored = load_contract(services, tenant_id, id).await?;
    if stored.record.status != ContractStatus::Active {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action: "terminated",
        });
    }
    let effective = effective_date.ok_or_else(|| {
        UseCaseError::invalid(FieldError::new(
            Field::EffectiveDate,
            "is required: the first day without service",
        ))
    })?;
    admit_write(services, tenant_id, context, Period::of(effective)).await?;
    let before = replay_on_pool(services, &stored).await?;
    let after = before
        .amend(&Amendment::Termination { effective })
        .map_err(|error| {
            UseCaseError::invalid(FieldError::new(error.field(), error.to_string()))
        })?;
    let mut record = stored.record.clone();
    record.status = ContractStatus::Terminated;
    record.terminated_on = Some(effective);
    let new = NewVersion {
        record,
        change: VersionChange::Termination { effective },
        terms: current_version(&stored)?.terms.clone(),
        invoices: InvoiceWrite::Unchanged,
        recorded_at: services.clock.now_micros(),
        recorded_by: context.actor.clone(),
    };
    append_version(services, &stored, (&before, after), new).await
}
