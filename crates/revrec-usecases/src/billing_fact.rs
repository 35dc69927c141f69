//! What recording an invoice and recording a payment share: both are billing facts of a
//! contract (docs/asc606.md §12, docs/ledger.md) that change no version, only its balances,
//! so both are refused on a draft and written with the rollup deltas of the contract
//! without the fact and with it, in one transaction.

use std::sync::Arc;

use revrec_domain::PlanHistory;
use revrec_ports::{
    ContractStatus, InvoiceRecord, InvoiceWrite, StoredContract, StoredVersion, VersionWrite,
};

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{billing_of, current_version, replay_on_pool, rollup_deltas, save_change};
use crate::services::Services;

/// A contract that can take a billing fact: its history as replayed now, and its current
/// version.
pub(crate) struct Billable {
    pub before: PlanHistory,
    pub current: StoredVersion,
}

impl Billable {
    /// The contract as it stands, with nothing new.
    pub fn view(self, stored: &StoredContract) -> ContractView {
        ContractView {
            record: stored.record.clone(),
            version: self.current,
            history: self.before,
        }
    }
}

/// `stored` replayed, unless it is a draft (an unsigned quote is neither billed nor paid:
/// `action` says which was tried).
pub(crate) async fn billable(
    services: &Services,
    stored: &Arc<StoredContract>,
    action: &'static str,
) -> Result<Billable, UseCaseError> {
    if stored.record.status == ContractStatus::Draft {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action,
        });
    }
    let before = replay_on_pool(services, stored).await?;
    let current = current_version(stored)?.clone();
    Ok(Billable { before, current })
}

/// Writes `record` as one more billing fact of `stored`; the view shows the contract with it.
pub(crate) async fn add_billing_fact(
    services: &Services,
    stored: &StoredContract,
    billable: Billable,
    record: InvoiceRecord,
) -> Result<ContractView, UseCaseError> {
    let Billable { before, current } = billable;
    let mut facts = stored.invoices.clone();
    facts.push(record.clone());
    let after = before.clone().with_billing(billing_of(&facts));
    let mut next = stored.record.clone();
    next.updated_at = record.recorded_at;
    let deltas = rollup_deltas(next.currency, Some(&before), Some(&after))?;
    save_change(
        services,
        stored,
        next.clone(),
        VersionWrite::Unchanged,
        InvoiceWrite::Add(vec![record]),
        deltas,
    )
    .await?;
    Ok(ContractView {
        record: next,
        version: current,
        history: after,
    })
}
