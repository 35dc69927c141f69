//! The figures of a close package, from its facts alone (docs/ledger.md, "The close
//! package"): what the server answers and what `revrec replay` computes again offline, by
//! this one function, so the two agree to the byte unless a fact differs.

use std::collections::BTreeMap;

use revrec_domain::{
    BookAmount, ChartOfAccounts, ClosedPeriods, Currency, EntryScope, FrozenRow, OutputHash,
    Pattern, Period, PeriodActionError, PeriodRange, Rollup, RollupAmounts, RollupKey,
    closing_sequence, contributions, scoped_trial_balance,
};
use revrec_ports::{ContractStatus, PeriodEventRecord, StoredContract};

use super::facts::{ChainedFact, FactBooks};
use crate::books::{contract_books, contract_frozen_rows};
use crate::error::UseCaseError;
use crate::history::replay;
use crate::ledger::{charts_in_force_of, contract_month_entries};
use crate::periods::{ClosedMonth, month_digests};
use crate::verify_books::in_store_order;

/// The engine that computes a package: a replay by another release says so.
pub const ENGINE: &str = concat!("revrec ", env!("CARGO_PKG_VERSION"));

/// The months a package covers: one closed month, or a quarter of closed months.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PackageSpan {
    /// As asked: `2026-03` or `2026-Q1`.
    pub label: String,
    pub months: PeriodRange,
}

/// A close package: the figures of its months as their closes froze them, and the facts
/// they follow from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClosePackage {
    /// The tenant whose books these are (journal entry ids are sealed over it).
    pub tenant_id: String,
    pub span: PackageSpan,
    pub engine: String,
    /// Each month with the close that froze it and the digest of its figures (what
    /// `GET /v1/periods` lists).
    pub months: Vec<ClosedMonth>,
    /// Each currency the books hold figures in, in code order.
    pub currencies: Vec<CurrencyPackage>,
    /// What a reviewer should look at before signing, in the order found.
    pub warnings: Vec<String>,
    pub facts: Vec<ChainedFact>,
}

impl ClosePackage {
    /// The digest of the last fact: the whole log in one value.
    pub fn facts_head(&self) -> OutputHash {
        self.facts
            .last()
            .map_or_else(super::facts::chain_start, |link| link.hash.clone())
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CurrencyPackage {
    pub currency: Currency,
    /// The frozen rows of the package's months (their own figures and the corrections they
    /// booked), in the order the books keep them.
    pub frozen: Vec<FrozenRow>,
    pub deferred_revenue: Rollforward,
    pub contract_assets: Rollforward,
    pub receivables: Rollforward,
    /// Billed against recognized, contract by contract, in id order.
    pub contracts: Vec<ContractReconciliation>,
    /// The corrections the package's months booked, by contract and corrected month.
    pub corrections: Vec<CorrectionBooked>,
    /// Each month's journal, checked against what was frozen.
    pub journals: Vec<MonthJournal>,
}

/// A balance from the month before the package to its last month: `opening` plus every
/// movement equals `closing`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rollforward {
    pub opening: i64,
    /// Each movement by name, in the order a rollforward reads.
    pub movements: Vec<(&'static str, i64)>,
    /// What the package's months booked for closed months before them.
    pub corrections: i64,
    pub closing: i64,
}

impl Rollforward {
    /// Whether opening, movements and corrections add up to closing.
    pub fn ties(&self) -> bool {
        self.movements
            .iter()
            .map(|(_, amount)| *amount)
            .chain([self.opening, self.corrections])
            .sum::<i64>()
            == self.closing
    }
}

/// One contract: what the package's months billed and recognized, and where it stands at
/// the last month's end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractReconciliation {
    pub contract_id: String,
    pub customer_name: String,
    pub billed: i64,
    pub recognized: i64,
    pub billed_to_date: i64,
    pub recognized_to_date: i64,
    pub deferred_revenue: i64,
    pub contract_asset: i64,
    pub receivable: i64,
}

/// What one of the package's months booked for one contract's closed month.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CorrectionBooked {
    pub booked_in: Period,
    pub corrects: Period,
    pub contract_id: String,
    pub recognized: i64,
    pub billed: i64,
}

/// One month's journal in one currency, and whether it posts what was frozen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MonthJournal {
    pub period: Period,
    pub entries: usize,
    pub lines: usize,
    pub total_debit: i64,
    pub total_credit: i64,
    /// Net debit (credit negative) by account, in code order: the journal's.
    pub accounts: Vec<AccountTotal>,
    /// Whether the journal's net by account equals what the month's frozen rows post.
    pub equals_frozen: bool,
    /// The entry ids in order: each id names its lines, so this names the journal.
    pub entry_ids: Vec<String>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AccountTotal {
    pub code: String,
    pub name: String,
    pub debit: i64,
    pub credit: i64,
}

/// The package of `span` from `tenant_id`'s books as `facts` make them.
///
/// # Errors
/// `PeriodAction(NotClosed)` when a month of the span is open in the facts' books; a
/// contract whose versions do not replay.
pub fn package_of(
    tenant_id: &str,
    span: &PackageSpan,
    books: &FactBooks,
    facts: Vec<ChainedFact>,
) -> Result<ClosePackage, UseCaseError> {
    let events = &books.events;
    let actions = revrec_ports::periods::sequenced_actions(events);
    let periods = ClosedPeriods::after(events.iter().map(|event| &event.action));
    let months = span_months(span.months);
    let (first, last) = (span.months.first(), span.months.last());
    if periods.closed_through().is_none_or(|closed| closed < last) {
        let open = periods.first_open().unwrap_or(last).max(first);
        return Err(not_closed(events, open));
    }
    let charts = charts_in_force_of(books.charts.clone(), events);
    let mut warnings = Vec::new();
    let mut by_currency: BTreeMap<Currency, CurrencyWork> = BTreeMap::new();
    for stored in &books.contracts {
        warnings.extend(contract_warnings(stored, last));
        if stored.stamps.reported.is_none() {
            continue;
        }
        let history = replay(stored)?;
        let restated = Rollup::from_rows(contributions(&history));
        let rows: Vec<FrozenRow> = contract_frozen_rows(stored, &restated, events)?
            .into_iter()
            .filter(|row| row.key.period <= last)
            .collect();
        let work = by_currency.entry(stored.record.currency).or_default();
        let mut journal_months = Vec::new();
        let detail = contract_books(stored, &history, events)?.detail;
        for period in &months {
            let chart = charts.for_month(*period);
            journal_months.push(contract_month_entries(
                stored,
                &history,
                detail.as_ref(),
                &chart,
                tenant_id,
                *period,
            )?);
        }
        work.add(stored, &rows, first, journal_months);
    }
    let mut currencies = Vec::new();
    let mut frozen_by_currency = Vec::new();
    for (currency, work) in by_currency {
        let frozen = in_store_order(work.frozen_rows(|period| period <= last));
        frozen_by_currency.push((currency, frozen));
        let package = work.package(currency, (first, last), |period| charts.for_month(period));
        currencies.push(package);
    }
    let digests: BTreeMap<Period, OutputHash> =
        month_digests(months.iter().copied(), &frozen_by_currency)
            .into_iter()
            .collect();
    let mut packaged = Vec::new();
    for period in &months {
        let event = closing_sequence(*period, &actions)
            .and_then(|sequence| events.iter().find(|event| event.sequence == sequence));
        let (Some(event), Some(digest)) = (event, digests.get(period)) else {
            continue;
        };
        packaged.push(ClosedMonth {
            period: *period,
            closed_at: event.recorded_at,
            closed_by: event.actor.clone(),
            digest: digest.clone(),
        });
    }
    for package in &mut currencies {
        package.frozen = frozen_by_currency
            .iter()
            .find(|(currency, _)| *currency == package.currency)
            .map(|(_, rows)| {
                rows.iter()
                    .filter(|row| row.key.period >= first)
                    .copied()
                    .collect()
            })
            .unwrap_or_default();
        for journal in &package.journals {
            if !journal.equals_frozen {
                warnings.push(format!(
                    "the {} journal of {} does not post what the month froze",
                    package.currency, journal.period
                ));
            }
        }
    }
    Ok(ClosePackage {
        tenant_id: tenant_id.to_owned(),
        span: span.clone(),
        engine: ENGINE.to_owned(),
        months: packaged,
        currencies,
        warnings,
        facts,
    })
}

/// The problem of a package asked for `period`, a month open in the books of `events`.
pub(crate) fn not_closed(events: &[PeriodEventRecord], period: Period) -> UseCaseError {
    let books = ClosedPeriods::after(events.iter().map(|event| &event.action));
    UseCaseError::PeriodAction(match (books.closed_through(), books.first_open()) {
        (Some(_), Some(first_open)) => PeriodActionError::NotClosed { period, first_open },
        _ => PeriodActionError::NothingClosed,
    })
}

fn span_months(range: PeriodRange) -> Vec<Period> {
    let mut months = Vec::new();
    let mut period = range.first();
    while period <= range.last() {
        months.push(period);
        period = period.next();
    }
    months
}

/// What a reviewer should see about one contract before signing `last`'s books: a draft
/// that would already report, an obligation still awaiting delivery after the contract's
/// end, and stated prices that differ from the transaction price (the allocation moved
/// revenue between obligations, ASC 606-10-32-31 and 32-36).
fn contract_warnings(stored: &StoredContract, last: Period) -> Vec<String> {
    let record = &stored.record;
    let mut warnings = Vec::new();
    let Some(version) = stored.versions.last() else {
        return warnings;
    };
    let terms = &version.terms;
    if record.status == ContractStatus::Draft {
        if terms.start_date <= last.last_day() {
            warnings.push(format!(
                "contract {} is a draft that starts on {}: it is not in the books until it is approved",
                record.id, terms.start_date
            ));
        }
        return warnings;
    }
    if record.status != ContractStatus::Terminated && terms.end_date < last.last_day() {
        for obligation in &terms.obligations {
            if obligation.pattern == Pattern::AwaitingDelivery {
                warnings.push(format!(
                    "contract {}: obligation {} still awaits delivery after the contract ended on {}",
                    record.id,
                    obligation.id.as_deref().unwrap_or(&obligation.name),
                    terms.end_date
                ));
            }
        }
    }
    let stated: Option<Vec<i64>> = terms
        .obligations
        .iter()
        .map(|obligation| obligation.stated_price)
        .collect();
    if let Some(stated) = stated
        && let Some(sum) = revrec_domain::checked_sum(stated)
        && sum != terms.transaction_price
    {
        warnings.push(format!(
            "contract {}: its lines' stated prices add up to {} minor units and its transaction price is {}: the allocation by standalone selling price moves the difference between obligations",
            record.id, sum, terms.transaction_price
        ));
    }
    warnings
}

/// One currency's contracts, added up as they are read.
#[derive(Default)]
struct CurrencyWork {
    rows: BTreeMap<(RollupKey, Option<Period>), RollupAmounts>,
    contracts: Vec<ContractReconciliation>,
    corrections: Vec<CorrectionBooked>,
    /// By month of the span: entries and the journal's net by account code.
    journals: BTreeMap<Period, JournalWork>,
}

#[derive(Default)]
struct JournalWork {
    entries: usize,
    lines: usize,
    total_debit: i64,
    total_credit: i64,
    accounts: BTreeMap<String, AccountTotal>,
    entry_ids: Vec<String>,
}

impl CurrencyWork {
    fn add(
        &mut self,
        stored: &StoredContract,
        rows: &[FrozenRow],
        first: Period,
        journal_months: Vec<Vec<revrec_domain::JournalEntry>>,
    ) {
        let mut in_span = RollupAmounts::default();
        let mut to_date = RollupAmounts::default();
        for row in rows {
            let slot = self.rows.entry((row.key, row.corrects)).or_default();
            *slot = slot.plus(row.amounts);
            to_date = to_date.plus(row.amounts);
            if row.key.period >= first {
                in_span = in_span.plus(row.amounts);
                if let Some(corrects) = row.corrects {
                    self.corrections.push(CorrectionBooked {
                        booked_in: row.key.period,
                        corrects,
                        contract_id: stored.record.id.clone(),
                        recognized: row.amounts.recognized,
                        billed: row.amounts.booked,
                    });
                }
            }
        }
        if !to_date.is_zero() {
            self.contracts.push(ContractReconciliation {
                contract_id: stored.record.id.clone(),
                customer_name: stored.record.customer_name.clone(),
                billed: in_span.booked,
                recognized: in_span.recognized,
                billed_to_date: to_date.booked,
                recognized_to_date: to_date.recognized,
                deferred_revenue: deferred_revenue(&to_date),
                contract_asset: to_date.asset_change,
                receivable: receivable(&to_date),
            });
        }
        let mut period = first;
        for entries in journal_months {
            let journal = self.journals.entry(period).or_default();
            for entry in entries {
                journal.entries += 1;
                journal.lines += entry.lines.len();
                journal.total_debit += entry.total_debit();
                journal.total_credit += entry.total_credit();
                for line in &entry.lines {
                    let account = journal
                        .accounts
                        .entry(line.account.code.clone())
                        .or_insert_with(|| AccountTotal {
                            code: line.account.code.clone(),
                            name: line.account.name.clone(),
                            debit: 0,
                            credit: 0,
                        });
                    account.debit += line.debit;
                    account.credit += line.credit;
                }
                journal.entry_ids.push(entry.id.clone());
            }
            period = period.next();
        }
    }

    fn frozen_rows(&self, keep: impl Fn(Period) -> bool) -> Vec<FrozenRow> {
        self.rows
            .iter()
            .filter(|((key, _), amounts)| keep(key.period) && !amounts.is_zero())
            .map(|((key, corrects), amounts)| FrozenRow {
                key: *key,
                corrects: *corrects,
                amounts: *amounts,
            })
            .collect()
    }

    fn package(
        self,
        currency: Currency,
        (first, last): (Period, Period),
        chart_for: impl Fn(Period) -> ChartOfAccounts,
    ) -> CurrencyPackage {
        let (mut opening, mut own, mut corrected, mut closing) = (
            RollupAmounts::default(),
            RollupAmounts::default(),
            RollupAmounts::default(),
            RollupAmounts::default(),
        );
        for ((key, corrects), amounts) in &self.rows {
            if key.period > last {
                continue;
            }
            closing = closing.plus(*amounts);
            if key.period < first {
                opening = opening.plus(*amounts);
            } else if corrects.is_some() {
                corrected = corrected.plus(*amounts);
            } else {
                own = own.plus(*amounts);
            }
        }
        let deferred = Rollforward {
            opening: deferred_revenue(&opening),
            movements: vec![
                ("billed", own.booked),
                ("recognized", -own.recognized),
                ("contract_asset_billed_or_earned", own.asset_change),
            ],
            corrections: deferred_revenue(&corrected),
            closing: deferred_revenue(&closing),
        };
        let assets = Rollforward {
            opening: opening.asset_change,
            movements: vec![
                ("earned_before_billing", own.asset_earned),
                ("billed", own.asset_change - own.asset_earned),
            ],
            corrections: corrected.asset_change,
            closing: closing.asset_change,
        };
        let receivables = Rollforward {
            opening: receivable(&opening),
            movements: vec![
                ("billed", own.booked),
                ("collected", -own.paid),
                ("customer_credit", own.credit_change),
            ],
            corrections: receivable(&corrected),
            closing: receivable(&closing),
        };
        let journals = self
            .journals
            .into_iter()
            .map(|(period, journal)| {
                let frozen = Rollup::from_rows(
                    self.rows
                        .iter()
                        .filter(|((key, _), _)| key.period == period)
                        .map(|((key, _), amounts)| (*key, *amounts)),
                );
                let chart = chart_for(period);
                let posted =
                    scoped_trial_balance(&frozen, &chart, currency, period, EntryScope::All);
                let frozen_net: BTreeMap<String, i64> = posted
                    .accounts
                    .iter()
                    .map(|balance| (balance.account.code.clone(), balance.debit - balance.credit))
                    .filter(|(_, net)| *net != 0)
                    .collect();
                let journal_net: BTreeMap<String, i64> = journal
                    .accounts
                    .values()
                    .map(|account| (account.code.clone(), account.debit - account.credit))
                    .filter(|(_, net)| *net != 0)
                    .collect();
                MonthJournal {
                    period,
                    entries: journal.entries,
                    lines: journal.lines,
                    total_debit: journal.total_debit,
                    total_credit: journal.total_credit,
                    accounts: journal.accounts.into_values().collect(),
                    equals_frozen: frozen_net == journal_net,
                    entry_ids: journal.entry_ids,
                }
            })
            .collect();
        let mut corrections = self.corrections;
        corrections.sort_by(|a, b| {
            (a.booked_in, a.corrects, &a.contract_id).cmp(&(
                b.booked_in,
                b.corrects,
                &b.contract_id,
            ))
        });
        CurrencyPackage {
            currency,
            frozen: Vec::new(),
            deferred_revenue: deferred,
            contract_assets: assets,
            receivables,
            contracts: self.contracts,
            corrections,
            journals,
        }
    }
}

/// Deferred revenue's credit balance from summed figures (docs/ledger.md, trial balance).
fn deferred_revenue(amounts: &RollupAmounts) -> i64 {
    amounts.booked - amounts.recognized + amounts.asset_change
}

/// The receivable's debit balance from summed figures.
fn receivable(amounts: &RollupAmounts) -> i64 {
    amounts.booked - amounts.paid + amounts.credit_change
}
