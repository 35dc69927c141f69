//! The audit behind `revrec verify`: recompute every stored contract's plan and every
//! tenant's rollups from the stored versions alone, and compare them with what is stored.
//!
//! The versions are the books of record; the contract row's figures and the rollup rows
//! are derived from them in the same transaction as each change. A difference between the
//! two means a write was half applied, a row was edited by hand, or a release computed
//! differently from this one: each is drift an auditor must see. Contracts are read a page
//! at a time, so memory stays flat whatever the portfolio's size; the recomputed rollup is
//! one row per month, obligation type and timing.

use std::collections::{BTreeMap, BTreeSet};

use revrec_domain::{
    BookAmount, ClosedPeriods, Currency, FrozenRow, OutputHash, Period, PlanHistory, Rollup,
    RollupAmounts, RollupKey, calendar,
};
use revrec_ports::{ContractStatus, StoredContract, VersionChange};

use crate::books::contract_frozen_rows;
use crate::error::UseCaseError;
use crate::history::{ContractPages, replay};
use crate::periods::month_digests;
use crate::services::Services;
use crate::waterfall_report::{WaterfallQuery, waterfall_of};

/// Contracts read per page by default.
pub const DEFAULT_PAGE_SIZE: u32 = 500;

/// One contract whose stored row disagrees with its versions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractDrift {
    pub contract_id: String,
    pub problem: String,
}

/// One rollup row whose stored amounts differ from the recomputation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RollupDrift {
    pub currency: Currency,
    pub key: RollupKey,
    pub stored: RollupAmounts,
    pub recomputed: RollupAmounts,
}

/// One currency of one tenant: the portfolio waterfall over every month (what
/// `GET /v1/waterfalls?currency=…` answers with no bounds) from the stored rollup and
/// from the recomputation. Every portfolio report is a function of these rows, so equal rows
/// give equal hashes for every report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CurrencyAudit {
    pub currency: Currency,
    pub rollup_rows: usize,
    pub stored_hash: OutputHash,
    pub recomputed_hash: OutputHash,
}

/// One closed month: the digest of what the portfolio stored at its close, and of what its
/// contracts' own books, replayed from their versions with corrections, add up to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClosedMonthAudit {
    pub period: Period,
    pub stored_digest: OutputHash,
    pub recomputed_digest: OutputHash,
    /// The digest its close recorded, which the list of closed months shows (none while
    /// no list has recorded it yet).
    pub recorded_digest: Option<OutputHash>,
}

impl ClosedMonthAudit {
    /// Whether the frozen rows, the contracts' own books and the recorded digest agree.
    pub fn is_clean(&self) -> bool {
        self.stored_digest == self.recomputed_digest
            && self
                .recorded_digest
                .as_ref()
                .is_none_or(|recorded| *recorded == self.stored_digest)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TenantAudit {
    pub tenant_id: String,
    pub contracts_checked: u64,
    pub contract_drift: Vec<ContractDrift>,
    pub rollup_drift: Vec<RollupDrift>,
    /// Currencies whose books are past their limit (docs/limits.md, "Money"): what the API
    /// refuses to write, so only a row changed outside it, or stored before, can do this.
    pub limits: Vec<String>,
    pub currencies: Vec<CurrencyAudit>,
    /// Every closed month with figures, oldest first.
    pub closed_months: Vec<ClosedMonthAudit>,
    /// What is wrong with the list of closed months the API shows (`GET /v1/periods`),
    /// checked month by month against the closes and reopens recorded.
    pub listed_months: Vec<String>,
}

impl TenantAudit {
    pub fn is_clean(&self) -> bool {
        self.contract_drift.is_empty()
            && self.rollup_drift.is_empty()
            && self.limits.is_empty()
            && self
                .currencies
                .iter()
                .all(|audit| audit.stored_hash == audit.recomputed_hash)
            && self.closed_months.iter().all(ClosedMonthAudit::is_clean)
            && self.listed_months.is_empty()
    }
}

/// Tenants holding contracts or report figures, in id order.
pub async fn tenants(services: &Services) -> Result<Vec<String>, UseCaseError> {
    Ok(services.reports.tenants().await?)
}

/// Recomputes `tenant_id`'s contracts and rollups and compares them with what is stored.
///
/// # Errors
/// Only when the store cannot be read; drift is reported in the result, never as an error.
pub async fn verify_tenant(
    services: &Services,
    tenant_id: &str,
    page_size: u32,
) -> Result<TenantAudit, UseCaseError> {
    let mut recomputed: BTreeMap<Currency, Rollup> = BTreeMap::new();
    let events = services.periods.period_events(tenant_id).await?;
    // What each currency's closed months froze, summed over the contracts' own books.
    let mut frozen: BTreeMap<Currency, BTreeMap<(RollupKey, Option<Period>), RollupAmounts>> =
        BTreeMap::new();
    let mut contract_drift = Vec::new();
    // Currencies whose contracts add up past what a row can hold.
    let mut beyond: BTreeSet<Currency> = BTreeSet::new();
    let mut contracts_checked = 0_u64;
    let mut pages = ContractPages::new(services, tenant_id, page_size);
    while let Some(page) = pages.next_page().await? {
        for stored in &page {
            contracts_checked += 1;
            // The versions are the books of record: a contract whose row disagrees with them
            // still counts in the recomputed rollup, as long as they replay.
            let (history, problem) = recompute(stored);
            if let (Some(history), true) = (&history, stored.record.status.is_reported()) {
                // The stored rollups hold the calendar's months only (a report reads no
                // other): so does the recomputation.
                let currency = stored.record.currency;
                let rollup = recomputed.entry(currency).or_default();
                // Summed with checks: a sum past the range is drift, never a wrapped figure
                // that happens to equal a wrapped row.
                let contribution = match Rollup::of_contract(history) {
                    Ok(contribution) => contribution,
                    Err(error) => {
                        contract_drift.push(ContractDrift {
                            contract_id: stored.record.id.clone(),
                            problem: format!("its figures are past the limit: {error}"),
                        });
                        continue;
                    }
                };
                for (key, amounts) in contribution.rows() {
                    if key.period.in_calendar() && rollup.checked_add(*key, amounts).is_none() {
                        beyond.insert(currency);
                    }
                }
                if !events.is_empty() {
                    let months = frozen.entry(stored.record.currency).or_default();
                    for row in contract_frozen_rows(stored, &contribution, &events)? {
                        if row.key.period.in_calendar() {
                            let sum = months.entry((row.key, row.corrects)).or_default();
                            *sum = sum.plus(row.amounts);
                        }
                    }
                }
            }
            let problem = problem.or_else(|| outside_calendar(stored));
            if let Some(problem) = problem {
                contract_drift.push(ContractDrift {
                    contract_id: stored.record.id.clone(),
                    problem,
                });
            }
        }
    }

    let mut currencies: BTreeSet<Currency> = recomputed.keys().copied().collect();
    currencies.extend(services.reports.currencies(tenant_id).await?);
    let mut rollup_drift = Vec::new();
    let mut limits = Vec::new();
    let mut audits = Vec::new();
    for currency in currencies {
        let stored = services.reports.rollup(tenant_id, currency, None).await?;
        let expected = recomputed.entry(currency).or_default();
        rollup_drift.extend(differences(currency, &stored, expected));
        // Rows that each say what their contracts add up to can still add up, across months
        // and types, past what the books may hold.
        let limit = stored.within_limit(currency).err();
        if let Some(error) = limit.or_else(|| {
            beyond
                .contains(&currency)
                .then_some(revrec_domain::AmountOutOfRange { currency })
        }) {
            limits.push(format!("the {currency} rollup: {error}"));
        }
        let whole = WaterfallQuery::default();
        audits.push(CurrencyAudit {
            currency,
            rollup_rows: expected.rows().count(),
            stored_hash: waterfall_of(&stored.by_period(), currency, &whole)?.output_hash,
            recomputed_hash: waterfall_of(&expected.by_period(), currency, &whole)?.output_hash,
        });
    }
    let closed_months = audit_closed_months(services, tenant_id, &events, &frozen).await?;
    let listed = crate::periods::list_periods(services, tenant_id).await?;
    let listed_months = audit_listed_months(&listed.closed, &events);
    Ok(TenantAudit {
        tenant_id: tenant_id.to_owned(),
        contracts_checked,
        contract_drift,
        rollup_drift,
        limits,
        currencies: audits,
        closed_months,
        listed_months,
    })
}

/// What is wrong with `listed`, the closed months a list shows: each must be listed once,
/// oldest first, in one unbroken run through the last closed month, each under the close
/// that closed it last (who and when), as the closes and reopens of `events` say month by
/// month.
pub fn audit_listed_months(
    listed: &[crate::periods::ClosedMonth],
    events: &[revrec_ports::PeriodEventRecord],
) -> Vec<String> {
    let actions = revrec_ports::periods::sequenced_actions(events);
    let closed = ClosedPeriods::after(events.iter().map(|event| &event.action)).closed_through();
    let mut problems = Vec::new();
    for pair in listed.windows(2) {
        if let [earlier, later] = pair
            && later.period != earlier.period.next()
        {
            problems.push(format!(
                "the list of closed months has {} after {}",
                later.period, earlier.period
            ));
        }
    }
    match (listed.last(), closed) {
        (Some(last), Some(closed)) if last.period != closed => problems.push(format!(
            "the list of closed months ends at {}, the books are closed through {closed}",
            last.period
        )),
        (Some(last), None) => problems.push(format!(
            "the list of closed months shows {} with no month closed",
            last.period
        )),
        (None, Some(closed)) => problems.push(format!(
            "the list of closed months is empty, the books are closed through {closed}"
        )),
        _ => {}
    }
    for month in listed {
        let by = revrec_domain::closing_sequence(month.period, &actions)
            .and_then(|sequence| events.iter().find(|event| event.sequence == sequence));
        match by {
            Some(event)
                if event.recorded_at == month.closed_at && event.actor == month.closed_by => {}
            Some(event) => problems.push(format!(
                "{} is listed as closed by {} at {}; the close that froze it was {} at {}",
                month.period, month.closed_by, month.closed_at, event.actor, event.recorded_at
            )),
            None => problems.push(format!("{} is listed as closed but is open", month.period)),
        }
    }
    problems
}

/// Each closed month's digest from the rows stored at its close and from `recomputed` (the
/// contracts' own books added up).
async fn audit_closed_months(
    services: &Services,
    tenant_id: &str,
    events: &[revrec_ports::PeriodEventRecord],
    recomputed: &BTreeMap<Currency, BTreeMap<(RollupKey, Option<Period>), RollupAmounts>>,
) -> Result<Vec<ClosedMonthAudit>, UseCaseError> {
    let Some(closed) =
        ClosedPeriods::after(events.iter().map(|event| &event.action)).closed_through()
    else {
        return Ok(Vec::new());
    };
    let stored =
        frozen_as_stored(services, tenant_id, recomputed.keys().copied().collect()).await?;
    let mut derived = Vec::new();
    for (currency, _) in &stored {
        let currency = *currency;
        let rows = recomputed
            .get(&currency)
            .into_iter()
            .flatten()
            .filter(|(_, amounts)| !amounts.is_zero())
            .map(|((key, corrects), amounts)| FrozenRow {
                key: *key,
                corrects: *corrects,
                amounts: *amounts,
            })
            .collect();
        derived.push((currency, in_store_order(rows)));
    }
    let recorded = recorded_digests(services, tenant_id, events).await?;
    let months: BTreeSet<Period> = stored
        .iter()
        .chain(&derived)
        .flat_map(|(_, rows)| rows.iter().map(|row| row.key.period))
        .filter(|period| *period <= closed)
        .chain(recorded.keys().copied())
        .collect();
    let stored = month_digests(months.iter().copied(), &stored);
    let derived = month_digests(months.iter().copied(), &derived);
    Ok(stored
        .into_iter()
        .zip(derived)
        .map(
            |((period, stored_digest), (_, recomputed_digest))| ClosedMonthAudit {
                period,
                stored_digest,
                recomputed_digest,
                recorded_digest: recorded.get(&period).cloned(),
            },
        )
        .collect())
}

/// What the tenant's closes froze, as stored: the rows of each of `currencies` and of every
/// currency the reports hold, in code order, each in the store's order.
pub(crate) async fn frozen_as_stored(
    services: &Services,
    tenant_id: &str,
    mut currencies: BTreeSet<Currency>,
) -> Result<Vec<(Currency, Vec<FrozenRow>)>, UseCaseError> {
    currencies.extend(services.reports.currencies(tenant_id).await?);
    let mut stored = Vec::with_capacity(currencies.len());
    for currency in currencies {
        let books = services.periods.frozen_rollup(tenant_id, currency).await?;
        stored.push((currency, books.frozen_rows(|_| true)));
    }
    Ok(stored)
}

/// The digest each month still closed was recorded with by the close that froze it.
pub(crate) async fn recorded_digests(
    services: &Services,
    tenant_id: &str,
    events: &[revrec_ports::PeriodEventRecord],
) -> Result<BTreeMap<Period, OutputHash>, UseCaseError> {
    let actions = revrec_ports::periods::sequenced_actions(events);
    let spans = revrec_domain::frozen_spans(&actions);
    Ok(services
        .periods
        .closed_months(tenant_id)
        .await?
        .into_iter()
        .filter(|month| {
            spans
                .iter()
                .any(|span| span.sequence == month.close_sequence && span.contains(month.period))
        })
        .map(|month| (month.period, month.digest))
        .collect())
}

/// Frozen rows in the order the stored books give them: by obligation type and timing,
/// then month, each month's own figures before its corrections, oldest first.
pub(crate) fn in_store_order(mut rows: Vec<FrozenRow>) -> Vec<FrozenRow> {
    rows.sort_by_key(|row| {
        (
            row.key.pob_type,
            row.key.timing,
            row.key.period,
            row.corrects.is_some(),
            row.corrects,
        )
    });
    rows
}

/// The contract's plan history from its versions (`None` when they do not replay), and the
/// first disagreement between the stored row and the versions, if any.
fn recompute(stored: &StoredContract) -> (Option<PlanHistory>, Option<String>) {
    let numbers: Vec<u32> = stored
        .versions
        .iter()
        .map(|version| version.number)
        .collect();
    let expected: Vec<u32> = (1..=u32::try_from(numbers.len()).unwrap_or(u32::MAX)).collect();
    if numbers != expected {
        let problem = format!(
            "versions are numbered {numbers:?}, not 1 to {}",
            numbers.len()
        );
        return (None, Some(problem));
    }
    match replay(stored) {
        Ok(history) => {
            let problem = row_disagreement(stored, &history).err();
            (Some(history), problem)
        }
        Err(error) => (None, Some(format!("its versions do not replay: {error}"))),
    }
}

/// A contract stored before dates were held to the calendar, if this is one: the first of
/// its dates outside it.
pub fn outside_calendar(stored: &StoredContract) -> Option<String> {
    let record = &stored.record;
    let dates = [
        Some(record.start_date),
        Some(record.end_date),
        record.terminated_on,
    ]
    .into_iter()
    .flatten()
    .chain(stored.versions.iter().flat_map(|version| {
        [
            Some(version.terms.start_date),
            Some(version.terms.end_date),
            Some(version.terms.signed_date),
            version.change.effective_date(),
        ]
        .into_iter()
        .flatten()
    }))
    .chain(stored.invoices.iter().map(|invoice| invoice.date));
    let mut dates = dates;
    dates.find(|date| !calendar::contains(*date)).map(|date| {
        format!(
            "it holds the date {date}, outside the calendar (1900-01-01 to 2199-12-31): \
             take it off the books with `revrec repair-calendar`"
        )
    })
}

/// Whether the contract row says what its versions say.
fn row_disagreement(stored: &StoredContract, history: &PlanHistory) -> Result<(), String> {
    let record = &stored.record;
    let count = stored.versions.len();
    if record.version as usize != count {
        return Err(format!(
            "the contract is at version {} but has {count} versions",
            record.version
        ));
    }
    let plan = history.current();
    if plan.currency() != record.currency {
        return Err(format!(
            "the contract's currency is {} but its versions' is {}",
            record.currency,
            plan.currency()
        ));
    }
    if plan.transaction_price() != record.total_value {
        return Err(format!(
            "total_value is {} but its versions give {}",
            record.total_value,
            plan.transaction_price()
        ));
    }
    // A restatement changes the policy, not the contract: the change before it says.
    let changes: Vec<&VersionChange> = stored
        .versions
        .iter()
        .map(|version| &version.change)
        .filter(|change| **change != VersionChange::Restatement)
        .collect();
    let last_change = changes.last().copied();
    let terminated = match last_change {
        Some(VersionChange::Termination { effective }) => Some(*effective),
        _ => None,
    };
    let status_agrees = match record.status {
        ContractStatus::Terminated => terminated.is_some(),
        ContractStatus::Active => terminated.is_none(),
        ContractStatus::Draft => count == 1,
    };
    if !status_agrees || record.terminated_on != terminated {
        return Err(format!(
            "status {} (terminated on {:?}) disagrees with its last version ({})",
            record.status,
            record.terminated_on,
            last_change.map_or("none", |change| change.name())
        ));
    }
    Ok(())
}

/// Every row where `stored` and `recomputed` differ, in key order.
fn differences(currency: Currency, stored: &Rollup, recomputed: &Rollup) -> Vec<RollupDrift> {
    let keys: BTreeSet<RollupKey> = stored
        .rows()
        .chain(recomputed.rows())
        .map(|(key, _)| *key)
        .collect();
    keys.into_iter()
        .filter_map(|key| {
            let (before, after) = (stored.get(&key), recomputed.get(&key));
            (before != after).then_some(RollupDrift {
                currency,
                key,
                stored: before,
                recomputed: after,
            })
        })
        .collect()
}

#[cfg(test)]
mod listed_months_tests {
    use revrec_domain::PeriodAction;
    use revrec_ports::PeriodEventRecord;

    use super::*;
    use crate::periods::ClosedMonth;

    fn month(text: &str) -> Period {
        Period::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    fn event(sequence: i64, action: PeriodAction) -> PeriodEventRecord {
        PeriodEventRecord {
            sequence,
            action,
            recorded_at: sequence * 10,
            actor: format!("key:{sequence}"),
            reason: None,
        }
    }

    fn listed(months: &[(&str, i64)]) -> Vec<ClosedMonth> {
        months
            .iter()
            .map(|(period, sequence)| ClosedMonth {
                period: month(period),
                closed_at: sequence * 10,
                closed_by: format!("key:{sequence}"),
                digest: OutputHash::parse(&format!("sha256:{}", "0".repeat(64)))
                    .unwrap_or_else(|| panic!("a digest")),
            })
            .collect()
    }

    #[test]
    fn verify_notices_a_month_listed_twice_after_a_reopen() {
        // Close January, then February, then reopen February.
        let events = [
            event(
                1,
                PeriodAction::Close {
                    through: month("2026-01"),
                },
            ),
            event(
                2,
                PeriodAction::Close {
                    through: month("2026-02"),
                },
            ),
            event(
                3,
                PeriodAction::Reopen {
                    from: month("2026-02"),
                },
            ),
        ];
        assert_eq!(
            audit_listed_months(&listed(&[("2026-01", 1)]), &events),
            Vec::<String>::new()
        );
        // What the list said before the spans were fixed.
        let twice = audit_listed_months(&listed(&[("2026-01", 1), ("2026-01", 1)]), &events);
        assert_eq!(
            twice,
            ["the list of closed months has 2026-01 after 2026-01"]
        );
        let wrong_close = audit_listed_months(&listed(&[("2026-01", 2)]), &events);
        assert_eq!(
            wrong_close,
            ["2026-01 is listed as closed by key:2 at 20; the close that froze it was key:1 at 10"]
        );
        let open = audit_listed_months(&listed(&[("2026-01", 1), ("2026-02", 2)]), &events);
        assert_eq!(
            open,
            [
                "the list of closed months ends at 2026-02, the books are closed through 2026-01",
                "2026-02 is listed as closed but is open"
            ]
        );
    }
}
