//! Knowing when (docs/ledger.md, "As of an instant"): the books as they stood at an
//! instant. Every fact is stored with the instant it was recorded and never changed, so
//! what a read reported at `as_of` is a function of the facts recorded by then and the
//! closes in force then: the same `as_of` gives the same answer today and in a year.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::{ContractUsage, Currency, Period, PlanHistory, Rollup};
use revrec_ports::{
    ContractRecord, FactsSince, PeriodEventRecord, StoredContract, VersionChange, WorkBudget,
    WorkRefusal, usage_from_records,
};

use crate::error::UseCaseError;
use crate::history::{load_contract, replay, replay_size};
use crate::offload::offload_sized;
use crate::services::Services;

/// An instant in the past (or now), microseconds since the epoch.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct AsOf(i64);

impl AsOf {
    /// `micros`, checked against the server's clock: the books of the future are unknown.
    ///
    /// # Errors
    /// `AsOfInFuture` for an instant after now.
    pub fn checked(services: &Services, micros: i64) -> Result<AsOf, UseCaseError> {
        let now = services.clock.now_micros();
        if micros > now {
            return Err(UseCaseError::AsOfInFuture { as_of: micros, now });
        }
        Ok(AsOf(micros))
    }

    /// Microseconds since the epoch.
    pub fn micros(self) -> i64 {
        self.0
    }

    /// Whether a fact recorded at `recorded_at` was known then.
    pub fn knows(self, recorded_at: i64) -> bool {
        recorded_at <= self.0
    }
}

/// The usage of contracts as it stood at an instant (docs/ledger.md, "As of an instant"):
/// a usage record is a fact of its own, not a version, so a contract's months as they
/// stood then are added up again from the records recorded by then. Held for the
/// contracts with usage written after the instant; every other contract's usage is as it
/// is now.
#[derive(Default)]
pub struct UsageThen(BTreeMap<String, KnownUsage>);

struct KnownUsage {
    usage: ContractUsage,
    /// When the latest of those records was recorded.
    latest: Option<i64>,
}

impl UsageThen {
    /// The usage at `as_of` of each of `contracts` whose usage was written after it.
    ///
    /// # Errors
    /// The store's.
    pub async fn load<'a>(
        services: &Services,
        contracts: impl IntoIterator<Item = &'a StoredContract>,
        as_of: AsOf,
    ) -> Result<UsageThen, UseCaseError> {
        let mut known = BTreeMap::new();
        for stored in contracts {
            // Every usage write moves the record's `updated_at`.
            if stored.usage.is_empty() || as_of.knows(stored.record.updated_at) {
                continue;
            }
            let records = services
                .contracts
                .usage_records_known(&stored.record.tenant_id, &stored.record.id, as_of.micros())
                .await?;
            known.insert(
                stored.record.id.clone(),
                KnownUsage {
                    usage: usage_from_records(&records),
                    latest: records.iter().map(|record| record.recorded_at).max(),
                },
            );
        }
        Ok(UsageThen(known))
    }
}

/// The closes and reopens recorded by `as_of` (all of them without one).
pub fn events_known(
    mut events: Vec<PeriodEventRecord>,
    as_of: Option<AsOf>,
) -> Vec<PeriodEventRecord> {
    if let Some(as_of) = as_of {
        events.retain(|event| as_of.knows(event.recorded_at));
    }
    events
}

/// The tenant's closes and reopens as the books stood at `as_of` (all of them without one).
pub async fn period_events_known(
    services: &Services,
    tenant_id: &str,
    as_of: Option<AsOf>,
) -> Result<Vec<PeriodEventRecord>, UseCaseError> {
    Ok(events_known(
        services.periods.period_events(tenant_id).await?,
        as_of,
    ))
}

/// The tenant's contract `id` as it stood at `as_of` (as it is now when `None`).
///
/// # Errors
/// `ContractNotFound`, or `ContractNotYetRecorded` when it was created later.
pub async fn load_contract_as_of(
    services: &Services,
    tenant_id: &str,
    id: &str,
    as_of: Option<AsOf>,
) -> Result<Arc<StoredContract>, UseCaseError> {
    known_then(
        services,
        load_contract(services, tenant_id, id).await?,
        as_of,
    )
    .await
}

/// `stored` as it stood at `as_of` (as it is when `None`); `ContractNotYetRecorded` when it
/// was created later.
async fn known_then(
    services: &Services,
    stored: Arc<StoredContract>,
    as_of: Option<AsOf>,
) -> Result<Arc<StoredContract>, UseCaseError> {
    let Some(as_of) = as_of else {
        return Ok(stored);
    };
    let usage = UsageThen::load(services, [stored.as_ref()], as_of).await?;
    let mut known = contract_known_at(&stored, as_of, &usage).ok_or_else(|| {
        UseCaseError::ContractNotYetRecorded {
            id: stored.record.id.clone(),
            as_of: as_of.micros(),
        }
    })?;
    if !known.usage.is_empty() {
        // Its price grows by its rated usage (docs/asc606.md §15): the replay's to say.
        if let Ok(history) = replay(&known) {
            known.record.total_value = history.current().transaction_price();
        }
    }
    Ok(Arc::new(known))
}

/// The tenant's contract `id` and the tenant's closes and reopens, as they stood at `as_of`
/// (now when `None`): what a read of one contract under the books needs, its closes known
/// from the contract's own read unless they changed.
///
/// # Errors
/// As [`load_contract_as_of`].
pub async fn contract_in_books(
    services: &Services,
    tenant_id: &str,
    id: &str,
    as_of: Option<AsOf>,
) -> Result<(Arc<StoredContract>, Vec<PeriodEventRecord>), UseCaseError> {
    let (stored, latest) = contract_and_books(services, tenant_id, id).await?;
    let events = events_known(
        services.periods.period_events_at(tenant_id, latest).await?,
        as_of,
    );
    Ok((known_then(services, stored, as_of).await?, events))
}

/// The tenant's contract `id` as it is now, and the sequence of the books' latest close or
/// reopen (0 before the first), read together.
///
/// # Errors
/// `ContractNotFound`.
pub async fn contract_and_books(
    services: &Services,
    tenant_id: &str,
    id: &str,
) -> Result<(Arc<StoredContract>, i64), UseCaseError> {
    services
        .contracts
        .find_in_books(tenant_id, id)
        .await?
        .ok_or_else(|| UseCaseError::ContractNotFound { id: id.to_owned() })
}

/// The contract as the facts recorded by `as_of` make it: its versions and billing facts
/// recorded by then, its usage as `usage` says it stood then, a draft until it entered the
/// reports, and its record as its last known version says (with usage, its transaction
/// price is the replay's to say: the caller that shows it replays). `None` when it was
/// created after `as_of`.
pub fn contract_known_at(
    stored: &StoredContract,
    as_of: AsOf,
    usage: &UsageThen,
) -> Option<StoredContract> {
    if !as_of.knows(stored.record.created_at) {
        return None;
    }
    // A contract created by then whose first version is later is a draft whose terms were
    // replaced since (a draft's terms are replaced in place): a draft then, shown with the
    // terms it has now.
    let known_versions = stored
        .versions
        .iter()
        .take_while(|version| as_of.knows(version.recorded_at))
        .count()
        .max(1);
    let last = stored.versions.get(known_versions - 1)?;
    let billed: Vec<bool> = stored
        .invoices
        .iter()
        .map(|invoice| as_of.knows(invoice.recorded_at))
        .collect();
    let reported = stored
        .stamps
        .reported_at
        .is_some_and(|instant| as_of.knows(instant));
    let mut known = stored.clone();
    known.versions.truncate(known_versions);
    known.stamps.versions.truncate(known_versions);
    known.invoices = keep(&stored.invoices, &billed);
    known.stamps.invoices = keep(&stored.stamps.invoices, &billed);
    if !reported {
        known.stamps.reported = None;
        known.stamps.reported_at = None;
    }
    let restatements_since = stored.versions[known_versions..]
        .iter()
        .filter(|version| version.change == VersionChange::Restatement)
        .count();
    let versioned_restatements = stored
        .versions
        .iter()
        .any(|version| version.change == VersionChange::Restatement);
    let first_convention = known
        .versions
        .first()
        .map_or(last.terms.convention, |first| first.terms.convention);
    let record: &mut ContractRecord = &mut known.record;
    record.restatements = record
        .restatements
        .saturating_sub(u32::try_from(restatements_since).unwrap_or(u32::MAX));
    if versioned_restatements {
        // The convention the latest restatement known then chose, from the instant it was
        // recorded. Before any: a restatement made in place then, which only a draft gets
        // now, wrote its convention into the draft's one version.
        let known_restatement = known
            .versions
            .iter()
            .rev()
            .find(|version| version.change == VersionChange::Restatement);
        record.restated_convention = match known_restatement {
            Some(version) => Some(version.terms.convention),
            None if record.restatements > 0 => Some(first_convention),
            None => None,
        };
    }
    let usage_then = usage.0.get(&stored.record.id);
    if let Some(then) = usage_then {
        known.usage.clone_from(&then.usage);
    }
    crate::history::settle_record(&mut known);
    // The record's last change: a usage write is one too, which no version or billing
    // fact tells. A contract not written since was then as it is.
    if as_of.knows(stored.record.updated_at) {
        known.record.updated_at = stored.record.updated_at;
    } else if let Some(latest) = usage_then.and_then(|then| then.latest) {
        known.record.updated_at = known.record.updated_at.max(latest);
    }
    Some(known)
}

fn keep<T: Clone>(items: &[T], kept: &[bool]) -> Vec<T> {
    items
        .iter()
        .zip(kept)
        .filter(|(_, kept)| **kept)
        .map(|(item, _)| item.clone())
        .collect()
}

/// The plans a contract adds to its tenant's rollups: its history once it is in the
/// reports, nothing as a draft.
fn in_the_reports(stored: Option<&StoredContract>) -> Result<Option<PlanHistory>, UseCaseError> {
    match stored {
        Some(stored) if stored.stamps.reported.is_some() => {
            replay(stored).map(Some).map_err(|error| {
                UseCaseError::Corrupt(format!("contract {}: {error}", stored.record.id))
            })
        }
        _ => Ok(None),
    }
}

/// The tenant's portfolio rollup in `currency` as the facts recorded by `as_of` make it,
/// rows through `through` (all when `None`): the rollup as it stands, with each contract
/// written since put back as it was then. The work is the contracts written since: read in
/// one snapshot, charged to the request before any is replayed (422 past the limit of one
/// read), then replayed on the compute pool with the database connection given back, one
/// of the tenant's few heavy reads at a time.
pub async fn rollup_as_of(
    services: &Services,
    tenant_id: &str,
    currency: Currency,
    through: Option<Period>,
    as_of: AsOf,
) -> Result<Rollup, UseCaseError> {
    let _turn = services.heavy_reads.turn(tenant_id).await?;
    let limit = services.policy.limits.read_obligation_months;
    let budget = WorkBudget {
        limit,
        weight: rewind_weight,
    };
    let facts = services
        .contracts
        .facts_since(tenant_id, currency, as_of.micros(), budget)
        .await?;
    if !facts.complete {
        return Err(WorkRefusal::TooMuch {
            limit,
            value: facts.weight,
        }
        .into());
    }
    services.work.charge(facts.weight).await?;
    let usage = UsageThen::load(services, facts.contracts.iter().map(AsRef::as_ref), as_of).await?;
    let FactsSince {
        mut rollup,
        contracts,
        weight,
        ..
    } = facts;
    let rollup = offload_sized(services, weight, move || {
        for stored in &contracts {
            let mut change = Rollup::new();
            if let Some(then) = in_the_reports(contract_known_at(stored, as_of, &usage).as_ref())? {
                change.add_contract(&then);
            }
            if let Some(now) = in_the_reports(Some(stored))? {
                change.subtract_contract(&now);
            }
            for (key, amounts) in change.rows() {
                rollup.add(*key, amounts);
            }
        }
        Ok::<Rollup, UseCaseError>(rollup)
    })
    .await??;
    Ok(match through {
        Some(last) => Rollup::from_rows(
            rollup
                .rows()
                .filter(|(key, _)| key.period <= last)
                .map(|(key, amounts)| (*key, *amounts)),
        ),
        None => rollup,
    })
}

/// What an as-of read replays of a contract written since its instant: the contract as it
/// was then and as it is now.
fn rewind_weight(stored: &StoredContract) -> u64 {
    replay_size(stored).saturating_mul(2)
}

/// The currencies the tenant had report figures in at `as_of` (now when `None`), in code
/// order: of those its rollups ever held, the ones whose rollup then held figures.
pub async fn currencies_known(
    services: &Services,
    tenant_id: &str,
    as_of: Option<AsOf>,
) -> Result<Vec<Currency>, UseCaseError> {
    let Some(as_of) = as_of else {
        return Ok(services.reports.currencies(tenant_id).await?);
    };
    Ok(rollups_known(services, tenant_id, as_of)
        .await?
        .into_iter()
        .map(|(currency, _)| currency)
        .collect())
}

/// The tenant's rollups at `as_of` that held figures then, in currency code order.
pub async fn rollups_known(
    services: &Services,
    tenant_id: &str,
    as_of: AsOf,
) -> Result<Vec<(Currency, Rollup)>, UseCaseError> {
    let mut then = rollups_rewound(services, tenant_id, as_of).await?;
    then.retain(|(_, rollup)| rollup.has_figures());
    Ok(then)
}

/// The tenant's rollup at `as_of` in each currency its rollups ever held, figures then or
/// not, in currency code order: each currency rewound once.
pub async fn rollups_rewound(
    services: &Services,
    tenant_id: &str,
    as_of: AsOf,
) -> Result<Vec<(Currency, Rollup)>, UseCaseError> {
    let ever = services.reports.currencies_ever(tenant_id).await?;
    let mut then = Vec::with_capacity(ever.len());
    for currency in ever {
        let rollup = rollup_as_of(services, tenant_id, currency, None, as_of).await?;
        then.push((currency, rollup));
    }
    Ok(then)
}
