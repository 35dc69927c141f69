//! `POST /contracts/{id}/terminate`: no revenue from the effective date (the first day
//! without service); the unrecognized rest leaves the price, deferred revenue and RPO.

use revrec_domain::{Amendment, Field, FieldError};
use revrec_ports::{ContractStatus, InvoiceWrite, StoredVersion, VersionChange, VersionWrite};
use time::Date;

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{load_contract, replay_on_pool, rollup_deltas, save_change};
use crate::services::Services;

pub async fn terminate_contract(
    services: &Services,
    tenant_id: &str,
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
    let before = replay_on_pool(services, &stored).await?;
    let after = before
        .amend(&Amendment::Termination { effective })
        .map_err(|error| {
            UseCaseError::invalid(FieldError::new(error.field(), error.to_string()))
        })?;
    let terms = stored
        .versions
        .last()
        .map(|version| version.terms.clone())
        .ok_or_else(|| UseCaseError::Corrupt(format!("contract {id} has no versions")))?;
    let now = services.clock.now_micros();
    let mut next = stored.record.clone();
    next.status = ContractStatus::Terminated;
    next.terminated_on = Some(effective);
    next.total_value = after.current().transaction_price();
    next.version += 1;
    next.updated_at = now;
    let version = StoredVersion {
        number: next.version,
        change: VersionChange::Termination { effective },
        terms,
        recorded_at: now,
    };
    let deltas = rollup_deltas(next.currency, Some(&before), Some(&after))?;
    save_change(
        services,
        &stored,
        next.clone(),
        VersionWrite::Append(version.clone()),
        InvoiceWrite::Unchanged,
        deltas,
    )
    .await?;
    Ok(ContractView {
        record: next,
        version,
        history: after,
    })
}
