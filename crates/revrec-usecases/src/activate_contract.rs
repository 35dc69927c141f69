//! `POST /contracts/{id}/activate`: a signed quote becomes a contract; its figures enter
//! the reports in the same transaction.

use revrec_ports::{ContractStatus, InvoiceWrite, VersionWrite};

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{current_version, load_contract, replay_on_pool, rollup_deltas, save_change};
use crate::posting_control::{WriteContext, admit_write};
use crate::services::Services;
use revrec_domain::Period;

pub async fn activate_contract(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
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
    // Activated, the draft's months enter the books: its first is checked.
    let plan = history.current();
    let first = plan.first_period().min(Period::of(plan.signed_date()));
    admit_write(services, tenant_id, context, first).await?;
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
