//! Read one contract, at its current version or an earlier one.

use crate::as_of::{AsOf, load_contract_as_of};
use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{legacy_restatement, load_contract, replay_as};
use crate::services::Services;

/// `version` is 1-based; `None` means the current version (as it stood at `as_of` when
/// given: the versions recorded by then).
pub async fn get_contract(
    services: &Services,
    tenant_id: &str,
    id: &str,
    version: Option<u32>,
    as_of: Option<AsOf>,
) -> Result<ContractView, UseCaseError> {
    let stored = load_contract_as_of(services, tenant_id, id, as_of).await?;
    let latest = stored.record.version;
    let shown = version.unwrap_or(latest);
    let count = usize::try_from(shown).unwrap_or(usize::MAX);
    if shown == 0 || shown > latest || count > stored.versions.len() {
        return Err(UseCaseError::VersionNotFound {
            id: id.to_owned(),
            version: shown,
            latest,
        });
    }
    let versions = stored.versions.get(..count).unwrap_or(&stored.versions);
    let history = replay_as(versions, legacy_restatement(&stored))?
        .with_billing(crate::history::billing_of(&stored.invoices));
    let version = versions
        .last()
        .cloned()
        .ok_or_else(|| UseCaseError::Corrupt(format!("contract {id} has no versions")))?;
    let mut record = stored.record.clone();
    if as_of.is_some() {
        // The price the versions known then make (a termination's is the replay's), grown
        // by the usage rated then (docs/asc606.md §15).
        record.total_value = history
            .clone()
            .with_usage(&stored.usage)
            .current()
            .transaction_price();
    }
    if version.number != latest {
        // An earlier version shows the figures it had then.
        record.total_value = history.current().transaction_price();
        record.end_date = version.terms.end_date;
        record
            .customer_name
            .clone_from(&version.terms.customer_name);
        // Only the last version of a contract can be its termination.
        record.status = revrec_ports::ContractStatus::Active;
        record.terminated_on = None;
        // As it stood when this version was recorded, whatever happened since.
        record.updated_at = version.recorded_at;
    }
    Ok(ContractView {
        record,
        version,
        history,
    })
}

/// Every version of a contract with the plans of all of them, for its version list.
#[derive(Clone, Debug)]
pub struct VersionHistory {
    pub record: revrec_ports::ContractRecord,
    pub versions: Vec<revrec_ports::StoredVersion>,
    pub history: revrec_domain::PlanHistory,
}

impl VersionHistory {
    /// The contract at its current version with this history: what a contract's page shows
    /// beside its version list, from one load and one replay.
    pub fn current(&self) -> Result<ContractView, UseCaseError> {
        let version = self.versions.last().cloned().ok_or_else(|| {
            UseCaseError::Corrupt(format!("contract {} has no versions", self.record.id))
        })?;
        Ok(ContractView {
            record: self.record.clone(),
            version,
            history: self.history.clone(),
        })
    }
}

pub async fn version_history(
    services: &Services,
    tenant_id: &str,
    id: &str,
) -> Result<VersionHistory, UseCaseError> {
    let stored = load_contract(services, tenant_id, id).await?;
    let size = crate::history::replay_size(&stored);
    let shared = std::sync::Arc::clone(&stored);
    let history = crate::offload::offload_sized(services, size, move || {
        crate::history::replay_recorded(&shared)
    })
    .await??;
    Ok(VersionHistory {
        record: stored.record.clone(),
        versions: stored.versions.clone(),
        history,
    })
}

/// What version `number` changed, as its list shows it: a restatement reaches back to the
/// contract's start, so it has no effective date and books no catch-up in a month of its
/// own (its difference is the difference of every month).
pub fn effect_of(
    history: &revrec_domain::PlanHistory,
    number: u32,
    change: &revrec_ports::VersionChange,
) -> Option<revrec_domain::VersionEffect> {
    let mut effect = history.effect(number)?;
    if *change == revrec_ports::VersionChange::Restatement {
        effect.effective = None;
        effect.catch_up = 0;
    }
    Some(effect)
}
