//! Helpers shared by the contract use cases: replaying stored versions, naming obligations
//! and customers, turning a change of plan into rollup deltas, and saving a change (a new
//! version appended with its deltas, against the revision it was read at).

use revrec_domain::{
    Billing, ContractPlan, ContractTerms, Convention, Currency, Field, FieldError, LineField,
    PlanHistory, Rollup, digest::sha256_hex,
};
use std::borrow::Cow;
use std::sync::Arc;

use revrec_ports::{
    ContractRecord, ContractScan, ContractStatus, ContractWrite, Expected, IdSource, InvoiceRecord,
    InvoiceWrite, RollupDelta, StoredContract, StoredVersion, VersionChange, VersionWrite,
};

use crate::contract_view::ContractView;
use crate::error::{UseCaseError, conflict_or_storage};
use crate::services::Services;

/// The tenant's contract `id`, or `ContractNotFound` (another tenant's id included).
pub async fn load_contract(
    services: &Services,
    tenant_id: &str,
    id: &str,
) -> Result<Arc<StoredContract>, UseCaseError> {
    services
        .contracts
        .find(tenant_id, id)
        .await?
        .ok_or_else(|| UseCaseError::ContractNotFound { id: id.to_owned() })
}

/// Every contract of a tenant, a page at a time in id order: what an audit or a repair
/// walks, with memory flat whatever the portfolio's size.
pub struct ContractPages<'a> {
    services: &'a Services,
    tenant_id: &'a str,
    page_size: u32,
    after: Option<String>,
    done: bool,
}

impl<'a> ContractPages<'a> {
    pub fn new(services: &'a Services, tenant_id: &'a str, page_size: u32) -> ContractPages<'a> {
        ContractPages {
            services,
            tenant_id,
            page_size: page_size.max(1),
            after: None,
            done: false,
        }
    }

    /// The next page, or `None` after the last.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn next_page(&mut self) -> Result<Option<Vec<Arc<StoredContract>>>, UseCaseError> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .services
            .contracts
            .scan(
                self.tenant_id,
                &ContractScan {
                    after: self.after.take(),
                    limit: self.page_size,
                    ..ContractScan::default()
                },
            )
            .await?;
        self.done = page.next.is_none();
        self.after = page.next;
        Ok(Some(page.contracts))
    }
}

/// The contract's whole plan history, under the policy a restatement chose if any, billed by
/// its invoices.
pub fn replay(stored: &StoredContract) -> Result<PlanHistory, UseCaseError> {
    Ok(replay_as(&stored.versions, legacy_restatement(stored))?
        .with_billing(billing_of(&stored.invoices))
        .with_usage(&stored.usage))
}

/// [`replay`], with each version's plan as it was when recorded: for the version list.
///
/// Without usage (docs/asc606.md §15): a usage record is a fact of its own, not part of any
/// version, and a version reads back as it was recorded whatever usage arrives after it.
pub fn replay_recorded(stored: &StoredContract) -> Result<PlanHistory, UseCaseError> {
    Ok(
        replay_as_recorded(&stored.versions, legacy_restatement(stored))?
            .with_billing(billing_of(&stored.invoices)),
    )
}

/// The contract's record as its versions and billing facts say: its last version's terms,
/// a draft until it entered the reports, terminated once a version terminated it (a
/// termination is final: whatever follows it, a restatement, leaves it terminated), last
/// updated by its latest fact. What an `as_of` read and a close package's replay rebuild.
pub(crate) fn settle_record(stored: &mut StoredContract) {
    let Some(last) = stored.versions.last() else {
        return;
    };
    let terminated = stored
        .versions
        .iter()
        .find_map(|version| match version.change {
            VersionChange::Termination { effective } => Some(effective),
            _ => None,
        });
    let updated_at = stored
        .versions
        .iter()
        .map(|version| version.recorded_at)
        .chain(stored.invoices.iter().map(|invoice| invoice.recorded_at))
        .chain(stored.stamps.reported_at)
        .max();
    let record = &mut stored.record;
    record.version = last.number;
    record.start_date = last.terms.start_date;
    record.end_date = last.terms.end_date;
    record.customer_name.clone_from(&last.terms.customer_name);
    record.total_value = last.terms.transaction_price;
    (record.status, record.terminated_on) = match (terminated, stored.stamps.reported) {
        (_, None) => (ContractStatus::Draft, None),
        (Some(effective), Some(_)) => (ContractStatus::Terminated, Some(effective)),
        (None, Some(_)) => (ContractStatus::Active, None),
    };
    record.updated_at = updated_at.unwrap_or(record.created_at);
}

/// The convention of a restatement made in place, before restatements were versions of
/// their own: what every version of such a contract is computed under. None for a contract
/// with a restatement version (its versions say it all) or never restated.
pub fn legacy_restatement(stored: &StoredContract) -> Option<Convention> {
    let versioned = stored
        .versions
        .iter()
        .any(|version| version.change == VersionChange::Restatement);
    stored.record.restated_convention.filter(|_| !versioned)
}

/// [`replay`] on the compute pool: what a request that works on one contract runs, so a
/// large contract's schedules never hold up the thread serving other requests.
pub async fn replay_on_pool(
    services: &Services,
    stored: &Arc<StoredContract>,
) -> Result<PlanHistory, UseCaseError> {
    let size = replay_size(stored);
    let stored = Arc::clone(stored);
    crate::offload::offload_sized(services, size, move || replay(&stored)).await?
}

/// What replaying a contract costs, in obligation-months: where the compute pool runs it.
pub fn replay_size(stored: &StoredContract) -> u64 {
    stored.versions.last().map_or(0, |version| {
        revrec_domain::obligation_months(
            version.terms.start_date,
            version.terms.end_date,
            version.terms.obligations.len(),
        ) * u64::try_from(stored.versions.len()).unwrap_or(1)
    })
}

/// The domain's view of a contract's invoices.
/// The billing of a contract whose billing facts are `invoices`: its invoices and the
/// payments it received.
pub fn billing_of(invoices: &[InvoiceRecord]) -> Billing {
    let (invoices, payments): (Vec<&InvoiceRecord>, Vec<&InvoiceRecord>) =
        invoices.iter().partition(|record| record.is_invoice());
    Billing::new(invoices.into_iter().map(InvoiceRecord::invoice).collect())
        .with_payments(payments.into_iter().map(InvoiceRecord::payment).collect())
}

/// The plan history of `versions` (a contract's first ones, or all of them; not billed:
/// callers that report it add the invoices).
///
/// A restatement among them (a version of its own, docs/asc606.md §8) computes every version
/// under its convention, those before it retrospectively and those after it from then on.
/// `legacy` is the convention of a restatement made in place before restatements were
/// versions: with no restatement version, every version is computed under it, as it was
/// then. What reports need; [`replay_as_recorded`] adds how each version read when recorded.
pub fn replay_as(
    versions: &[StoredVersion],
    legacy: Option<Convention>,
) -> Result<PlanHistory, UseCaseError> {
    match last_restatement(versions) {
        Some((_, convention)) => chain(versions, Some(convention)),
        None => chain(versions, legacy),
    }
}

/// [`replay_as`], with each version's plan as it was when the version was recorded
/// (`PlanHistory::recorded`): what a contract's version list shows. It costs one more replay
/// of the versions before the last restatement, so only the version list pays for it.
pub fn replay_as_recorded(
    versions: &[StoredVersion],
    legacy: Option<Convention>,
) -> Result<PlanHistory, UseCaseError> {
    let history = replay_as(versions, legacy)?;
    let Some((last, _)) = last_restatement(versions) else {
        return Ok(history);
    };
    // Before the restatement, each version as it stood then; from it on, the chain itself.
    let before = replay_as_recorded(versions.get(..last).unwrap_or_default(), legacy)?;
    let mut recorded: Vec<ContractPlan> = (1..=u32::try_from(last).unwrap_or(u32::MAX))
        .filter_map(|number| before.recorded(number).cloned())
        .collect();
    recorded.extend(history.versions().iter().skip(last).cloned());
    Ok(history.with_recorded(recorded))
}

/// Where the last restatement among `versions` is, and the convention it chose.
fn last_restatement(versions: &[StoredVersion]) -> Option<(usize, Convention)> {
    versions
        .iter()
        .enumerate()
        .rev()
        .find(|(_, version)| version.change == VersionChange::Restatement)
        .map(|(index, version)| (index, version.terms.convention))
}

/// `versions` replayed one after the other, every one under `restated` when a change of
/// policy chose a convention; a restatement version changes nothing in the chain.
fn chain(
    versions: &[StoredVersion],
    restated: Option<Convention>,
) -> Result<PlanHistory, UseCaseError> {
    let (first, rest) = versions
        .split_first()
        .ok_or_else(|| UseCaseError::Corrupt("a contract without versions".into()))?;
    let mut history = PlanHistory::new(&terms_of(first, restated))
        .map_err(|error| UseCaseError::Corrupt(error.to_string()))?;
    for version in rest {
        if version.change == VersionChange::Restatement {
            history = history.restatement();
            continue;
        }
        let amendment = version
            .change
            .amendment(&terms_of(version, restated))
            .ok_or_else(|| {
                UseCaseError::Corrupt(format!("version {} is marked initial", version.number))
            })?;
        history = history
            .amend(&amendment)
            .map_err(|error| UseCaseError::Corrupt(error.to_string()))?;
    }
    Ok(history)
}

/// A version's terms, under `restated` if a change of policy chose one.
fn terms_of(version: &StoredVersion, restated: Option<Convention>) -> Cow<'_, ContractTerms> {
    match restated {
        Some(convention) if version.terms.convention != convention => {
            let mut terms = version.terms.clone();
            terms.convention = convention;
            Cow::Owned(terms)
        }
        _ => Cow::Borrowed(&version.terms),
    }
}

/// Gives every obligation of `terms` an id: the id of the obligation it continues in
/// `previous` (same id, else same name), or a fresh `pob_` id.
pub fn assign_obligation_ids(
    terms: &mut ContractTerms,
    previous: Option<&ContractPlan>,
    ids: &dyn IdSource,
) -> Result<(), UseCaseError> {
    let continuations = previous.map(|plan| plan.continuations(terms));
    let mut unknown = Vec::new();
    for (index, obligation) in terms.obligations.iter_mut().enumerate() {
        let continued = continuations
            .as_ref()
            .and_then(|found| found.get(index).copied().flatten())
            .and_then(|at| previous.and_then(|plan| plan.obligations().get(at)))
            .and_then(|existing| existing.id.clone());
        match (continued, &obligation.id) {
            (Some(id), _) => obligation.id = Some(id),
            (None, Some(id)) => unknown.push(FieldError::new(
                Field::Line {
                    index,
                    field: LineField::Id,
                },
                format!("`{id}` is not an obligation in force on this contract"),
            )),
            (None, None) => obligation.id = Some(ids.new_id("pob_")),
        }
    }
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(UseCaseError::Invalid(revrec_domain::ValidationErrors(
            unknown,
        )))
    }
}

/// `cus_` + a digest of the tenant and the case-folded, trimmed name: one stable id per
/// customer name per tenant, with no table to race on.
pub fn customer_id_for(tenant_id: &str, customer_name: &str) -> String {
    let key = customer_name.trim().to_lowercase();
    let digest = sha256_hex(&["customer", tenant_id, &key]);
    format!("cus_{}", digest.get(..24).unwrap_or(&digest))
}

/// Rollup rows to add when a contract goes from `before` to `after` (either may be absent:
/// a draft contributes nothing).
///
/// # Errors
/// [`UseCaseError::AmountOutOfRange`] when `after`'s books would be past their limit
/// (docs/limits.md, "Money"): the write is refused before anything is stored.
pub fn rollup_deltas(
    currency: Currency,
    before: Option<&PlanHistory>,
    after: Option<&PlanHistory>,
) -> Result<Vec<RollupDelta>, UseCaseError> {
    let mut change = after
        .map(Rollup::of_contract)
        .transpose()?
        .unwrap_or_default();
    if let Some(before) = before {
        change.subtract_contract(before);
    }
    // `Rollup` drops rows that sum to zero, so only real changes are written.
    Ok(change
        .rows()
        .map(|(key, amounts)| RollupDelta {
            currency,
            key: *key,
            amounts: *amounts,
        })
        .collect())
}

/// Writes a change to an existing contract, expecting it unchanged since `current` was read.
pub(crate) async fn save_change(
    services: &Services,
    current: &StoredContract,
    next: ContractRecord,
    version: VersionWrite,
    invoices: InvoiceWrite,
    rollup: Vec<RollupDelta>,
) -> Result<(), UseCaseError> {
    services
        .contracts
        .save(ContractWrite {
            record: next,
            expected: Some(Expected {
                version: current.record.version,
                status: current.record.status,
                revision: current.revision,
            }),
            version,
            invoices,
            usage: revrec_ports::UsageWrite::default(),
            rollup,
        })
        .await
        .map_err(conflict_or_storage)
}

/// A version to append to a stored contract (an amendment, an event, a termination).
pub(crate) struct NewVersion {
    /// The contract's record after it, but for what every appended version moves (its
    /// number, its transaction price and when it was written: [`append_version`] sets those).
    pub record: ContractRecord,
    pub change: VersionChange,
    pub terms: ContractTerms,
    /// Billing facts written with it.
    pub invoices: InvoiceWrite,
    pub recorded_at: i64,
    /// Who records it.
    pub recorded_by: String,
}

/// Appends `new` to `stored`, whose history goes from `before` to `after` with it, and saves
/// the change with its rollup deltas, expecting the contract unchanged since it was read:
/// the contract as it now stands.
///
/// # Errors
/// `AmountOutOfRange` for books past their limit, `Conflict` when the contract changed
/// since it was read; nothing is written then.
pub(crate) async fn append_version(
    services: &Services,
    stored: &StoredContract,
    (before, after): (&PlanHistory, PlanHistory),
    new: NewVersion,
) -> Result<ContractView, UseCaseError> {
    let NewVersion {
        mut record,
        change,
        terms,
        invoices,
        recorded_at,
        recorded_by,
    } = new;
    record.version = stored.record.version + 1;
    record.updated_at = recorded_at;
    let version = StoredVersion {
        number: record.version,
        change,
        terms,
        recorded_at,
        recorded_by,
    };
    // Usage is rated into replayed versions, never amended (docs/asc606.md §15): with
    // usage, the books move by what a replay of the saved versions gives, and the version
    // reads back without it, as a read of it does.
    let (after, with_usage) = if stored.usage.is_empty() {
        (after, None)
    } else {
        let mut versions = stored.versions.clone();
        versions.push(version.clone());
        let replayed =
            replay_as(&versions, legacy_restatement(stored))?.with_billing(after.billing().clone());
        let with_usage = replayed.clone().with_usage(&stored.usage);
        (replayed, Some(with_usage))
    };
    let booked = with_usage.as_ref().unwrap_or(&after);
    record.total_value = booked.current().transaction_price();
    let deltas = rollup_deltas(stored.record.currency, Some(before), Some(booked))?;
    save_change(
        services,
        stored,
        record.clone(),
        VersionWrite::Append(version.clone()),
        invoices,
        deltas,
    )
    .await?;
    Ok(ContractView {
        record,
        version,
        history: after,
    })
}

/// The contract's current version (`Corrupt` for a contract without one).
pub(crate) fn current_version(stored: &StoredContract) -> Result<&StoredVersion, UseCaseError> {
    stored.versions.last().ok_or_else(|| {
        UseCaseError::Corrupt(format!("contract {} has no versions", stored.record.id))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn customer_ids_ignore_case_and_surrounding_space_but_not_the_tenant() {
        let id = customer_id_for("acme", "Globex Corp");
        assert_eq!(id, customer_id_for("acme", "  globex corp "));
        assert_ne!(id, customer_id_for("other", "Globex Corp"));
        assert_ne!(id, customer_id_for("acme", "Globex Corporation"));
        assert!(id.starts_with("cus_") && id.len() == 28);
    }
}
