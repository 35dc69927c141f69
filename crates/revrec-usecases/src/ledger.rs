//! The ledger side of the guide surface: journal entries for a month, the trial balance,
//! and each tenant's chart of accounts.

use std::collections::{BTreeMap, VecDeque};

use revrec_domain::{
    ChartOfAccounts, ChartsInForce, ClosedPeriods, Currency, EntryScope, EntrySource, JournalEntry,
    MonthCorrection, Period, PeriodRange, PlanHistory, PobType, Rollup, TrialBalance,
    correction_lines, entry_key, journal_delta, journal_entries, obligation_key,
    scoped_trial_balance,
};
use revrec_ports::{
    ChartVersion, ContractScan, ContractStatus, PeriodEventRecord, ScannedPage, StoredContract,
    VersionChange,
};

use crate::books::{BookedDetail, DetailKey, booked_as_of, booked_portfolio, contract_books};

use crate::as_of::{
    AsOf, UsageThen, contract_known_at, currencies_known, events_known, rollups_rewound,
};
use crate::error::{UseCaseError, retried_on_conflict};
use crate::history::replay;
use crate::offload::offload;
use crate::services::Services;

/// Which entries: `approved` ones post active and terminated contracts; `draft` ones are
/// previews of draft contracts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EntryStatus {
    Approved,
    Draft,
}

impl EntryStatus {
    pub fn parse(text: &str) -> Option<EntryStatus> {
        match text {
            "approved" => Some(EntryStatus::Approved),
            "draft" => Some(EntryStatus::Draft),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EntryStatus::Approved => "approved",
            EntryStatus::Draft => "draft",
        }
    }

    fn contract_statuses(self) -> Vec<ContractStatus> {
        match self {
            EntryStatus::Approved => vec![ContractStatus::Active, ContractStatus::Terminated],
            EntryStatus::Draft => vec![ContractStatus::Draft],
        }
    }
}

#[derive(Clone, Debug)]
pub struct JournalQuery {
    pub period: Period,
    pub status: EntryStatus,
    /// Only contracts in this currency.
    pub currency: Option<Currency>,
    /// Start after this contract id (a page's `next`).
    pub after: Option<String>,
    pub limit: u32,
    /// Which lines (docs/ledger.md, `entries=`): every entry, or only its recognition or
    /// billing part.
    pub scope: EntryScope,
    /// The books as they stood at this instant (docs/ledger.md, "As of an instant"); now
    /// when `None`.
    pub as_of: Option<AsOf>,
    /// Only what changed since this instant (docs/ledger.md, "What changed since an
    /// import"): a reversal of each entry the month had then and no longer has, and each
    /// entry it has now and did not have then.
    pub since: Option<AsOf>,
}

/// One contract's entry for the month.
#[derive(Clone, Debug)]
pub struct ContractEntry {
    pub contract_id: String,
    pub currency: Currency,
    pub entry: JournalEntry,
}

#[derive(Clone, Debug)]
pub struct JournalPage {
    /// In contract id order: the same request gives the same entries in the same order.
    pub entries: Vec<ContractEntry>,
    /// The contract id to continue after, when more entries follow.
    pub next: Option<String>,
}

pub const DEFAULT_LIMIT: u32 = 100;
pub const MAX_LIMIT: u32 = 1_000;
/// Contracts read by the first round trip while filling a page; each later one reads twice
/// as many, up to [`SCAN_PAGE`]. A page of large contracts fills from the first few (500
/// obligations make 1,000 lines a month), so reading a hundred to use ten would read every
/// contract ten times over an export.
const FIRST_SCAN: u32 = 8;
/// Most contracts read per round trip (whole contracts: at most this many are in memory at
/// once).
const SCAN_PAGE: u32 = 128;
/// Journal lines past which a page ends, whatever its `limit` (`docs/limits.md`): an entry
/// has a line per obligation and account, so a thousand entries of 500-line contracts would
/// otherwise be a page of a million lines. The next page continues after it.
pub const MAX_PAGE_LINES: usize = 10_000;

/// The chart recorded last (the defaults before any): the one open months post to.
pub async fn current_chart(
    services: &Services,
    tenant_id: &str,
) -> Result<ChartOfAccounts, UseCaseError> {
    Ok(charts_in_force(services, tenant_id, None).await?.latest())
}

/// The chart `period`'s entries post to, as the books stood at `as_of` (now when `None`):
/// a closed month's is the one it closed with (docs/ledger.md, Chart of accounts).
pub async fn chart_of_accounts(
    services: &Services,
    tenant_id: &str,
    period: Period,
    as_of: Option<AsOf>,
) -> Result<ChartOfAccounts, UseCaseError> {
    Ok(charts_in_force(services, tenant_id, as_of)
        .await?
        .for_month(period))
}

/// The tenant's chart versions known at `as_of`, each taking effect from the first month
/// open when it was recorded.
pub async fn charts_in_force(
    services: &Services,
    tenant_id: &str,
    as_of: Option<AsOf>,
) -> Result<ChartsInForce, UseCaseError> {
    let versions = services.ledger.charts(tenant_id).await?;
    let known: Vec<ChartVersion> = versions
        .into_iter()
        .filter(|version| as_of.is_none_or(|as_of| as_of.knows(version.recorded_at)))
        .collect();
    if known.is_empty() {
        return Ok(ChartsInForce::default());
    }
    let events = services.periods.period_events(tenant_id).await?;
    Ok(charts_in_force_of(known, &events))
}

/// `versions` of a chart under the closes and reopens of `events`: each in force from the
/// first month open when it was recorded.
pub fn charts_in_force_of(
    versions: Vec<ChartVersion>,
    events: &[PeriodEventRecord],
) -> ChartsInForce {
    if versions.is_empty() {
        return ChartsInForce::default();
    }
    ChartsInForce::new(
        versions
            .into_iter()
            .map(|version| {
                let open_then = ClosedPeriods::after(
                    events
                        .iter()
                        .filter(|event| event.sequence <= version.books_sequence)
                        .map(|event| &event.action),
                )
                .first_open();
                (open_then, version.chart)
            })
            .collect(),
    )
}

/// Records `chart` after checking it, on behalf of `actor`: the next version of the
/// tenant's chart, in force from the first open month.
pub async fn set_chart_of_accounts(
    services: &Services,
    tenant_id: &str,
    actor: &str,
    chart: ChartOfAccounts,
) -> Result<ChartOfAccounts, UseCaseError> {
    chart.validate().map_err(UseCaseError::InvalidChart)?;
    let saved = retried_on_conflict(|| {
        let now = services.clock.now_micros();
        services.ledger.save_chart(tenant_id, &chart, now, actor)
    })
    .await?;
    Ok(saved.chart)
}

/// Up to `limit` entries of the month, one per contract with activity in it, in contract id
/// order, posted to `chart`'s accounts (one chart for every page of an export: read it once
/// with [`chart_of_accounts`]). The contracts are read a page at a time, so memory stays
/// flat however many there are.
pub async fn journal_page(
    services: &Services,
    tenant_id: &str,
    query: &JournalQuery,
    chart: &ChartOfAccounts,
) -> Result<JournalPage, UseCaseError> {
    let limit = usize::try_from(query.limit.clamp(1, MAX_LIMIT)).unwrap_or(1);
    let mut read = month_read(services, tenant_id, query, chart, FIRST_SCAN).await?;
    // One entry past the limit tells whether another page follows.
    let mut entries: Vec<ContractEntry> = Vec::with_capacity(limit + 1);
    let mut lines = 0_usize;
    let mut full = false;
    'scan: loop {
        let page = services.contracts.scan(tenant_id, &read.scan).await?;
        // What the page can still take: no contract past it is computed.
        let budget = Budget {
            entries: limit + 1 - entries.len(),
            lines: MAX_PAGE_LINES.saturating_sub(lines),
        };
        let computed =
            entries_of_read(services, tenant_id, &read, query, &page.contracts, budget).await?;
        for contract_entries in computed {
            for entry in contract_entries {
                lines += entry.entry.lines.len();
                entries.push(entry);
            }
            if entries.len() > limit {
                break 'scan;
            }
            if lines >= MAX_PAGE_LINES {
                full = true;
                break 'scan;
            }
        }
        match page.next {
            Some(next) => read.scan = following(&read.scan, next),
            None => break,
        }
    }
    let next = if entries.len() > limit {
        entries.truncate(limit);
        entries.last().map(|entry| entry.contract_id.clone())
    } else if full {
        entries.last().map(|entry| entry.contract_id.clone())
    } else {
        None
    };
    Ok(JournalPage { entries, next })
}

/// Every entry of the month for an export (the query's limit and cursor aside), in contract
/// id order, sent to `sink` a few reads of contracts at a time. While one batch of reads is
/// computed, the next is on its way from the database: ranges of contracts side by side,
/// each read on a connection of its own, so the database answers one while the server
/// decodes another. At most `sink`'s capacity of computed batches wait to be written, so
/// memory stays flat. An error ends the export as its last message; a sink whose receiver
/// is gone (the download was dropped) ends it quietly.
pub async fn journal_export(
    services: &Services,
    tenant_id: &str,
    query: &JournalQuery,
    chart: &ChartOfAccounts,
    sink: tokio::sync::mpsc::Sender<Result<Vec<ContractEntry>, UseCaseError>>,
) {
    if let Err(error) = export_reads(services, tenant_id, query, chart, &sink).await {
        // Nobody to tell when the receiver is gone.
        let _ = sink.send(Err(error)).await;
    }
}

/// Contracts in one range an export reads: half a [`SCAN_PAGE`].
const EXPORT_RANGE: u32 = SCAN_PAGE / 2;
/// Ranges read side by side: on two cores, three kept the database and the server busier
/// than two (500,000 lines in 2.48 s against 2.71 s, medians of three alternated runs),
/// with a batch of 192 contracts computed while the next 192 arrive.
const RANGES_SIDE_BY_SIDE: usize = 3;
/// Range ends looked up at once (one index-only read of their ids).
const MARKS_AT_ONCE: u32 = 16;

async fn export_reads(
    services: &Services,
    tenant_id: &str,
    query: &JournalQuery,
    chart: &ChartOfAccounts,
    sink: &tokio::sync::mpsc::Sender<Result<Vec<ContractEntry>, UseCaseError>>,
) -> Result<(), UseCaseError> {
    let read = month_read(services, tenant_id, query, chart, FIRST_SCAN).await?;
    // A small first read, so the first bytes come soon.
    let first = services.contracts.scan(tenant_id, &read.scan).await?;
    let mut ranges = ExportRanges {
        pending: VecDeque::new(),
        unmarked_after: first.next.clone(),
    };
    let mut current = first.contracts;
    loop {
        let batch = ranges.next_batch(services, tenant_id).await?;
        let reads = futures_util::future::try_join_all(batch.iter().map(|(after, through)| {
            let scan = ContractScan {
                after: after.clone(),
                through: through.clone(),
                // Room for contracts that came into the range since it was marked; a range
                // with more still is read on from where its read stopped.
                limit: EXPORT_RANGE * 2,
                ..read.scan.clone()
            };
            async move { services.contracts.scan(tenant_id, &scan).await }
        }));
        let compute = entries_of_read(services, tenant_id, &read, query, &current, Budget::ALL);
        let (computed, fetched) = futures_util::future::join(compute, reads).await;
        let entries: Vec<ContractEntry> = computed?.into_iter().flatten().collect();
        if sink.send(Ok(entries)).await.is_err() {
            return Ok(());
        }
        if batch.is_empty() {
            return Ok(());
        }
        current = ranges.take_in_order(batch, fetched?);
    }
}

/// The ranges `(after, through]` an export has yet to read, in id order: the last one open
/// (`through` none) once the tenant's contracts run out of marks.
struct ExportRanges {
    pending: VecDeque<(Option<String>, Option<String>)>,
    /// Where the ranges not yet marked start; none once every range is marked (the ranges
    /// start after the export's first read, never at the tenant's first contract).
    unmarked_after: Option<String>,
}

impl ExportRanges {
    /// The next ranges to read side by side (none: the export is read).
    async fn next_batch(
        &mut self,
        services: &Services,
        tenant_id: &str,
    ) -> Result<Vec<(Option<String>, Option<String>)>, UseCaseError> {
        if self.pending.len() < RANGES_SIDE_BY_SIDE
            && let Some(after) = &self.unmarked_after
        {
            let marks = services
                .contracts
                .scan_marks(tenant_id, Some(after.clone()), EXPORT_RANGE, MARKS_AT_ONCE)
                .await?;
            let complete = marks.len() == usize::try_from(MARKS_AT_ONCE).unwrap_or(usize::MAX);
            for mark in marks {
                let after = self.unmarked_after.replace(mark.clone());
                self.pending.push_back((after, Some(mark)));
            }
            if !complete {
                self.pending.push_back((self.unmarked_after.take(), None));
            }
        }
        let count = RANGES_SIDE_BY_SIDE.min(self.pending.len());
        Ok(self.pending.drain(..count).collect())
    }

    /// The contracts of a batch's reads, in id order. A read cut short (more contracts came
    /// into its range since it was marked) is read on from where it stopped, and the reads
    /// after it again, so nothing is skipped or taken out of order.
    fn take_in_order(
        &mut self,
        batch: Vec<(Option<String>, Option<String>)>,
        pages: Vec<ScannedPage>,
    ) -> Vec<std::sync::Arc<StoredContract>> {
        let mut contracts = Vec::new();
        let mut ranges = batch.into_iter().zip(pages);
        while let Some(((_, through), page)) = ranges.next() {
            contracts.extend(page.contracts);
            if let Some(next) = page.next {
                let again: Vec<_> = std::iter::once((Some(next), through))
                    .chain(ranges.map(|(range, _)| range))
                    .collect();
                for range in again.into_iter().rev() {
                    self.pending.push_front(range);
                }
                break;
            }
        }
        contracts
    }
}

/// The read after one that ended at `after`: twice its size, up to [`SCAN_PAGE`], so the
/// first answer comes soon and the later ones take few round trips.
fn following(scan: &ContractScan, after: String) -> ContractScan {
    ContractScan {
        after: Some(after),
        limit: (scan.limit * 2).min(SCAN_PAGE),
        ..scan.clone()
    }
}

/// How a month's journal is read: the books now (and, for a delta, then), and the scan of
/// the tenant's contracts that may have entries in it.
struct MonthRead {
    month: PeriodRange,
    now: std::sync::Arc<Reading>,
    then: Option<std::sync::Arc<Reading>>,
    scan: ContractScan,
}

async fn month_read(
    services: &Services,
    tenant_id: &str,
    query: &JournalQuery,
    chart: &ChartOfAccounts,
    first_scan: u32,
) -> Result<MonthRead, UseCaseError> {
    let month = PeriodRange::new(query.period, query.period)?;
    let all_events = services.periods.period_events(tenant_id).await?;
    let now = std::sync::Arc::new(Reading {
        as_of: query.as_of,
        events: events_known(all_events.clone(), query.as_of),
        chart: chart.clone(),
    });
    // What a ledger that imported the month at `since` holds: the books then, posted to the
    // chart of then.
    let then = match query.since {
        Some(since) => Some(std::sync::Arc::new(Reading {
            as_of: Some(since),
            events: events_known(all_events, Some(since)),
            chart: chart_of_accounts(services, tenant_id, query.period, Some(since)).await?,
        })),
        None => None,
    };
    // A closed month, or the first open one, may hold corrections of a contract whose term
    // ended before it: under closed books those months read every contract (and so does a
    // delta, whose contracts' terms may have moved since).
    let corrections_possible = query.since.is_some()
        || ClosedPeriods::after(now.events.iter().map(|event| &event.action))
            .first_open()
            .is_some_and(|first_open| query.period <= first_open);
    let scan = ContractScan {
        after: query.after.clone(),
        limit: first_scan.clamp(1, SCAN_PAGE),
        ids: None,
        // As of an instant, or since one, a contract's status then is told after the scan.
        statuses: match (query.as_of, query.since) {
            (None, None) => query.status.contract_statuses(),
            _ => Vec::new(),
        },
        overlapping: (!corrections_possible)
            .then(|| (query.period.first_day(), query.period.last_day())),
        ..ContractScan::default()
    };
    Ok(MonthRead {
        month,
        now,
        then,
        scan,
    })
}

/// The entries of a read's contracts, computed on the compute pool contract by contract in
/// id order, as far as `budget` goes.
async fn entries_of_read(
    services: &Services,
    tenant_id: &str,
    read: &MonthRead,
    query: &JournalQuery,
    contracts: &[std::sync::Arc<StoredContract>],
    budget: Budget,
) -> Result<Vec<Vec<ContractEntry>>, UseCaseError> {
    let (now, then) = (std::sync::Arc::clone(&read.now), read.then.clone());
    let usage_now = usage_at(services, contracts, now.as_of).await?;
    let usage_then = usage_at(
        services,
        contracts,
        then.as_ref().and_then(|then| then.as_of),
    )
    .await?;
    let (contracts, tenant) = (contracts.to_vec(), tenant_id.to_owned());
    let (currency, scope, month) = (query.currency, query.scope, read.month);
    let statuses = query.status.contract_statuses();
    offload(services, move || {
        entries_of(
            &contracts,
            &tenant,
            (
                (&now, &usage_now),
                then.as_deref().map(|then| (then, &usage_then)),
            ),
            (currency, scope, &statuses),
            month,
            budget,
        )
    })
    .await?
}

/// How many more entries and lines a page may take.
#[derive(Clone, Copy)]
struct Budget {
    entries: usize,
    lines: usize,
}

impl Budget {
    /// An export's: every contract of a read.
    const ALL: Budget = Budget {
        entries: usize::MAX,
        lines: usize::MAX,
    };
}

/// The books a journal is read from: at an instant (now when `None`), with the closes and
/// reopens known then and the chart in force then for the month.
struct Reading {
    as_of: Option<AsOf>,
    events: Vec<PeriodEventRecord>,
    chart: ChartOfAccounts,
}

/// The usage at `as_of` of a page's contracts (none to load when reading now).
async fn usage_at(
    services: &Services,
    contracts: &[std::sync::Arc<StoredContract>],
    as_of: Option<AsOf>,
) -> Result<UsageThen, UseCaseError> {
    match as_of {
        Some(as_of) => UsageThen::load(services, contracts.iter().map(AsRef::as_ref), as_of).await,
        None => Ok(UsageThen::default()),
    }
}

/// Each contract's entries for `month` (none for one with no activity in it), in the
/// order of `contracts`, until the budget is spent: as `now` reads them, or, with `then`,
/// what changed since it (docs/ledger.md, "What changed since an import").
fn entries_of(
    contracts: &[std::sync::Arc<StoredContract>],
    tenant_id: &str,
    (now, then): (Read<'_>, Option<Read<'_>>),
    filters: (Option<Currency>, EntryScope, &[ContractStatus]),
    month: PeriodRange,
    budget: Budget,
) -> Result<Vec<Vec<ContractEntry>>, UseCaseError> {
    let mut computed: Vec<Vec<ContractEntry>> = Vec::with_capacity(contracts.len());
    let (mut entries, mut lines) = (0, 0);
    for stored in contracts {
        if entries >= budget.entries || lines >= budget.lines {
            break;
        }
        let record = &stored.record;
        let current = month_entries(stored, now, tenant_id, filters, month)?;
        let month_entries = match then {
            None => current,
            Some(then) => journal_delta(
                month_entries(stored, then, tenant_id, filters, month)?,
                current,
            ),
        };
        let contract_entries: Vec<ContractEntry> = month_entries
            .into_iter()
            .map(|entry| ContractEntry {
                contract_id: record.id.clone(),
                currency: record.currency,
                entry,
            })
            .collect();
        entries += contract_entries.len();
        lines += contract_entries
            .iter()
            .map(|entry| entry.entry.lines.len())
            .sum::<usize>();
        computed.push(contract_entries);
    }
    Ok(computed)
}

/// One contract's entries for `month` as `reading` reads them, the part `scope` of each:
/// none when the contract was not recorded then, or was then of another status, or is in
/// another currency.
/// A reading, with the usage of a page's contracts as it stood at its instant.
type Read<'a> = (&'a Reading, &'a UsageThen);

fn month_entries(
    stored: &StoredContract,
    (reading, usage): Read<'_>,
    tenant_id: &str,
    (currency, scope, statuses): (Option<Currency>, EntryScope, &[ContractStatus]),
    month: PeriodRange,
) -> Result<Vec<JournalEntry>, UseCaseError> {
    let known;
    let stored = match reading.as_of {
        Some(as_of) => match contract_known_at(stored, as_of, usage) {
            Some(then) => {
                known = then;
                &known
            }
            None => return Ok(Vec::new()),
        },
        None => stored,
    };
    let record = &stored.record;
    if !statuses.contains(&record.status) || currency.is_some_and(|asked| asked != record.currency)
    {
        return Ok(Vec::new());
    }
    let history = replay(stored)?;
    let detail = match reading.events.as_slice() {
        [] => None,
        events => contract_books(stored, &history, events)?.detail,
    };
    Ok(contract_month_entries(
        stored,
        &history,
        detail.as_ref(),
        &reading.chart,
        tenant_id,
        month.first(),
    )?
    .into_iter()
    .filter_map(|entry| entry.in_scope(scope))
    .collect())
}

/// One contract's entries for `period` as the journal reports them (`history` its replay,
/// `detail` its books in detail under closed months, from [`contract_books`]).
pub(crate) fn contract_month_entries(
    stored: &StoredContract,
    history: &PlanHistory,
    detail: Option<&BookedDetail>,
    chart: &ChartOfAccounts,
    tenant_id: &str,
    period: Period,
) -> Result<Vec<JournalEntry>, UseCaseError> {
    let source = EntrySource {
        tenant: tenant_id,
        contract_id: &stored.record.id,
        restatements: stored.record.restatements,
    };
    booked_entries(
        stored,
        history,
        detail,
        (source, chart),
        PeriodRange::new(period, period)?,
    )
}

/// The contract's entries for `month` as the tenant's books report them: a closed month's
/// as they were when it closed, and the first open month's with the corrections of closed
/// months it books (docs/ledger.md, Month end).
fn booked_entries(
    stored: &StoredContract,
    history: &PlanHistory,
    detail: Option<&BookedDetail>,
    (source, chart): (EntrySource<'_>, &ChartOfAccounts),
    month: PeriodRange,
) -> Result<Vec<JournalEntry>, UseCaseError> {
    let plain = |history: &PlanHistory| {
        journal_entries(
            history.current(),
            history.billing(),
            source,
            chart,
            Some(month),
        )
    };
    let Some(detail) = detail else {
        return Ok(plain(history));
    };
    let period = month.first();
    let Some(state) = detail.state_of(period, history) else {
        return Ok(Vec::new());
    };
    // The entries' ids as they were then: restatements recorded since do not count.
    let later_restatements = stored
        .versions
        .iter()
        .skip(state.versions().len())
        .filter(|version| version.change == VersionChange::Restatement)
        .count();
    let source = EntrySource {
        restatements: source
            .restatements
            .saturating_sub(u32::try_from(later_restatements).unwrap_or(u32::MAX)),
        ..source
    };
    let mut entries = journal_entries(state.current(), state.billing(), source, chart, Some(month));
    let corrections = detail.corrections_in(period);
    if corrections.is_empty() {
        return Ok(entries);
    }
    // Every obligation the books know, with its name and type, wherever it still stands.
    let mut obligations: BTreeMap<String, (Option<String>, String, PobType)> = BTreeMap::new();
    let known = std::iter::once(history)
        .chain(std::iter::once(state))
        .chain(
            detail
                .frozen_by
                .iter()
                .filter_map(|(_, seen)| seen.as_deref()),
        );
    for plan in known.flat_map(PlanHistory::versions) {
        for obligation in plan.obligations() {
            obligations
                .entry(obligation_key(obligation))
                .or_insert_with(|| {
                    (
                        obligation.id.clone(),
                        obligation.name.to_string(),
                        obligation.pob_type,
                    )
                });
        }
    }
    let corrections: Vec<MonthCorrection> = corrections
        .into_iter()
        .map(|(corrects, parts)| {
            let mut correction = MonthCorrection {
                corrects,
                revenue: Vec::new(),
                billed: 0,
                asset: 0,
                asset_earned: 0,
                paid: 0,
                credit: 0,
            };
            for (key, amounts) in parts {
                match key {
                    DetailKey::Contract => {
                        correction.billed += amounts.booked;
                        correction.asset += amounts.asset_change;
                        correction.asset_earned += amounts.asset_earned;
                        correction.paid += amounts.paid;
                        correction.credit += amounts.credit_change;
                    }
                    DetailKey::Obligation(key) => {
                        if let Some((id, name, pob_type)) = obligations.get(key) {
                            correction.revenue.push((
                                id.clone(),
                                name.clone(),
                                *pob_type,
                                amounts.recognized,
                            ));
                        }
                    }
                }
            }
            correction
        })
        .collect();
    // The version that caused the corrections: the last the month's state holds.
    let version = u32::try_from(state.versions().len()).unwrap_or(u32::MAX);
    let lines = correction_lines(&corrections, chart, version);
    if lines.is_empty() {
        return Ok(entries);
    }
    let key = entry_key(source, version, period);
    match entries.first_mut() {
        Some(entry) => entry.extend(key, version, lines),
        None => entries.push(JournalEntry::new(key, period, version, lines)),
    }
    Ok(entries)
}

/// Every account's balance at the end of `period`, from the entries of `scope`: for one
/// currency, or for each currency the tenant has figures in (USD alone when it has none
/// yet).
pub async fn trial_balances(
    services: &Services,
    tenant_id: &str,
    period: Period,
    currency: Option<Currency>,
    scope: EntryScope,
    as_of: Option<AsOf>,
) -> Result<Vec<TrialBalance>, UseCaseError> {
    let chart = chart_of_accounts(services, tenant_id, period, as_of).await?;
    // The currencies to balance, each with its rollup at `as_of` when finding them rewound
    // it already: a request rewinds each currency once (a rewind replays every contract
    // written since).
    let currencies: Vec<(Currency, Option<Rollup>)> = match (currency, as_of) {
        (Some(currency), _) => vec![(currency, None)],
        (None, None) => currencies_known(services, tenant_id, None)
            .await?
            .into_iter()
            .map(|currency| (currency, None))
            .collect(),
        (None, Some(as_of)) => {
            let mut rewound = rollups_rewound(services, tenant_id, as_of).await?;
            if rewound.iter().any(|(_, rollup)| rollup.has_figures()) {
                rewound.retain(|(_, rollup)| rollup.has_figures());
            } else {
                rewound.retain(|(currency, _)| *currency == Currency::USD);
            }
            rewound
                .into_iter()
                .map(|(currency, rollup)| (currency, Some(rollup)))
                .collect()
        }
    };
    let currencies = if currencies.is_empty() {
        vec![(Currency::USD, None)]
    } else {
        currencies
    };
    let mut balances = Vec::with_capacity(currencies.len());
    for (currency, rewound) in currencies {
        // As the books report it: through a closed month, the balances it froze.
        let booked = match (rewound, as_of) {
            (Some(restated), Some(as_of)) => {
                booked_as_of(
                    services,
                    tenant_id,
                    (currency, restated),
                    Some(period),
                    as_of,
                )
                .await?
            }
            _ => {
                booked_portfolio(services, tenant_id, Some(currency), Some(period), as_of)
                    .await?
                    .1
            }
        };
        balances.push(scoped_trial_balance(
            &booked.rollup,
            &chart,
            currency,
            period,
            scope,
        ));
    }
    Ok(balances)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use revrec_domain::{PobType, RollupAmounts, RollupBooks, RollupKey, Timing};
    use revrec_ports::FactsSince;
    use revrec_ports::contracts::MockContractRepository;
    use revrec_ports::ledger::MockLedgerRepository;
    use revrec_ports::periods::MockPeriodRepository;
    use revrec_ports::reports::MockReportRepository;

    use super::*;

    const NOW: i64 = 1_800_000_000_000_000;

    fn month(text: &str) -> Period {
        Period::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    /// A rollup recognizing `recognized` in March 2026 (none: a rollup without figures).
    fn rollup(recognized: i64) -> Rollup {
        let key = RollupKey {
            period: month("2026-03"),
            pob_type: PobType::Subscription,
            timing: Timing::OverTime,
        };
        let amounts = RollupAmounts {
            recognized,
            ..RollupAmounts::default()
        };
        Rollup::from_rows([(key, amounts)])
    }

    /// Services over a tenant whose rollups ever held `ever` (each rollup as it stands, and
    /// nothing written since any instant), each currency's rollup rewound exactly once.
    fn services(ever: &[(Currency, i64)]) -> Services {
        let mut reports = MockReportRepository::new();
        let currencies: Vec<Currency> = ever.iter().map(|(currency, _)| *currency).collect();
        reports
            .expect_currencies_ever()
            .returning(move |_| Ok(currencies.clone()));
        let mut contracts = MockContractRepository::new();
        for (currency, recognized) in ever.iter().copied() {
            contracts
                .expect_facts_since()
                .withf(move |_, asked, _, _| *asked == currency)
                .times(1)
                .returning(move |_, _, _, _| {
                    Ok(FactsSince {
                        rollup: rollup(recognized),
                        contracts: Vec::new(),
                        weight: 0,
                        complete: true,
                    })
                });
        }
        let mut periods = MockPeriodRepository::new();
        periods
            .expect_frozen_rollup_as_of()
            .returning(|_, _, _| Ok(RollupBooks::new()));
        let mut ledger = MockLedgerRepository::new();
        ledger.expect_charts().returning(|_| Ok(Vec::new()));
        Services::from(crate::SharedServices {
            contracts: Arc::new(contracts),
            reports: Arc::new(reports),
            ledger: Arc::new(ledger),
            periods: Arc::new(periods),
            ..crate::mocked_services::mocked_at(NOW)
        })
    }

    async fn balances_as_of(services: &Services) -> Vec<Currency> {
        let as_of = AsOf::checked(services, NOW - 1).unwrap_or_else(|error| panic!("{error}"));
        trial_balances(
            services,
            "t1",
            month("2026-03"),
            None,
            EntryScope::All,
            Some(as_of),
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"))
        .iter()
        .map(|balance| balance.currency)
        .collect()
    }

    #[tokio::test]
    async fn a_trial_balance_as_of_without_a_currency_rewinds_each_currency_once() {
        // GBP had no figures then: rewound to find it out, and left out.
        let services = services(&[
            (Currency::EUR, 100),
            (Currency::GBP, 0),
            (Currency::USD, 250),
        ]);
        assert_eq!(
            balances_as_of(&services).await,
            [Currency::EUR, Currency::USD]
        );
    }

    #[tokio::test]
    async fn a_trial_balance_as_of_of_a_tenant_without_figures_then_rewinds_usd_once() {
        let services = services(&[(Currency::USD, 0)]);
        assert_eq!(balances_as_of(&services).await, [Currency::USD]);
    }

    /// A range that more contracts came into since it was marked is read on from where
    /// its read stopped, and the range after it again: the export skips nothing and keeps
    /// id order.
    #[test]
    fn a_range_read_short_is_read_on_before_the_ranges_after_it() {
        let range = |after: &str, through: Option<&str>| {
            (Some(after.to_owned()), through.map(str::to_owned))
        };
        let mut ranges = ExportRanges {
            pending: VecDeque::from([range("ctr_d", Some("ctr_f"))]),
            unmarked_after: None,
        };
        let batch = vec![range("ctr_a", Some("ctr_b")), range("ctr_b", Some("ctr_d"))];
        let cut = ScannedPage {
            contracts: Vec::new(),
            next: Some("ctr_a9".to_owned()),
        };
        let whole = ScannedPage::default();
        ranges.take_in_order(batch, vec![cut, whole]);
        assert_eq!(
            Vec::from(ranges.pending),
            vec![
                range("ctr_a9", Some("ctr_b")),
                range("ctr_b", Some("ctr_d")),
                range("ctr_d", Some("ctr_f")),
            ]
        );
    }
}
