//! `POST /contracts/{id}/activate`: a signed quote becomes a contract; its figures enter
//! the reports in the same transaction.

use revrec_ports::{ContractStatus, InvoiceWrite, VersionWrite};

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{current_version, load_contract, replay_on_pool, rollup_deltas, save_change};
use crate::services::Services;

pub async fn activate_contract(
    services: &Services,
    tenant_id: &str,
    id: &str,
) -> Result<ContractView, UseCaseError> {
    let stored = load_contract(services, tenant_id, id).await?;
    if stored.record.status != ContractStatus::Draft {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action: "activated",
        });
    }
    let history = replay_on_pool(services, &stored).await?;
    let mut next = stored.record.clone();
    next.status = ContractStatus::Active;
    next.updated_at = services.clock.now_micros();
    let deltas = rollup_deltas(next.currency, None, Some(&history))?;
    save_change(
        services,
        &stored,
        next.clone(),
        VersionWrite::Unchanged,
        InvoiceWrite::Unchanged,
        deltas,
    )
    .await?;
    let version = current_version(&stored)?.clone();
    Ok(ContractView {
        record: next,
        version,
        history,
    })
}
