//! The figures of a close package, from its facts alone (docs/ledger.md, "The close
//! package"): what the server answers and what `revrec replay` computes again offline, by
//! this one builder, so the two agree to the byte unless a fact differs.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::{
    BookAmount, ChartOfAccounts, ChartsInForce, ClosedPeriods, Currency, EntryScope, FrozenRow,
    JournalEntry, OutputHash, Pattern, Period, PeriodActionError, PeriodRange, PlanHistory, Rollup,
    RollupAmounts, RollupKey, closing_sequence, contributions, scoped_trial_balance,
};
use revrec_ports::{ContractStatus, PeriodEventRecord, StoredContract};

use super::facts::{ChainedFact, Fact, chain_from, chain_start, contract_of};
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

/// Warnings a package lists; past it, a count of the rest.
pub const MAX_WARNINGS: usize = 1_000;

/// A close package: the figures of its months as their closes froze them, and the facts
/// they follow from, contract by contract.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClosePackage {
    /// The tenant whose books these are (journal entry ids are sealed over it).
    pub tenant_id: String,
    pub span: PackageSpan,
    pub engine: String,
    /// The books' own facts, chained first: closes, reopens, charts.
    pub books: Vec<ChainedFact>,
    /// Each contract with a fact before the period's close, in id order.
    pub contracts: Vec<ContractPackage>,
    pub totals: PackageTotals,
}

/// What a package adds up to once every contract is read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PackageTotals {
    /// The digest of the log's last fact: the whole log in one value.
    pub facts_head: OutputHash,
    /// Each month with the close that froze it and the digest of its figures (what
    /// `GET /v1/periods` lists).
    pub months: Vec<ClosedMonth>,
    /// Each currency the books hold figures in, in code order.
    pub currencies: Vec<CurrencyPackage>,
    /// What a reviewer should look at before signing, in the order found (at most
    /// [`MAX_WARNINGS`], then how many more).
    pub warnings: Vec<String>,
}

/// One contract: its facts, and its figures when it is in the books.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractPackage {
    pub contract_id: String,
    pub customer_name: String,
    pub currency: Currency,
    pub facts: Vec<ChainedFact>,
    /// None for a draft (a preview, outside the books).
    pub figures: Option<ContractFigures>,
}

/// One contract's figures: what the package's months billed and recognized, where it
/// stands at the last month's end, the corrections booked and its journal entries.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractFigures {
    pub billed: i64,
    pub recognized: i64,
    pub billed_to_date: i64,
    pub recognized_to_date: i64,
    pub deferred_revenue: i64,
    pub contract_asset: i64,
    pub receivable: i64,
    pub corrections: Vec<CorrectionBooked>,
    /// Each month's entry ids, in order (an id names its lines).
    pub journal: Vec<(Period, Vec<String>)>,
}

/// What one of the package's months booked for a closed month before it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CorrectionBooked {
    pub booked_in: Period,
    pub corrects: Period,
    pub recognized: i64,
    pub billed: i64,
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

/// One month's journal in one currency, and whether it posts what was frozen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MonthJournal {
    pub period: Period,
    pub entries: usize,
    pub lines: usize,
    pub total_debit: i64,
    pub total_credit: i64,
    /// Totals by account, in code order.
    pub accounts: Vec<AccountTotal>,
    /// Whether the journal's net by account equals what the month's frozen rows post.
    pub equals_frozen: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AccountTotal {
    pub code: String,
    pub name: String,
    pub debit: i64,
    pub credit: i64,
}

/// What computing a contract's figures needs, shared by the threads that compute a page.
pub struct PackageContext {
    tenant_id: String,
    span: PackageSpan,
    events: Vec<PeriodEventRecord>,
    charts: ChartsInForce,
    months: Vec<Period>,
}

/// A contract computed, not yet in the log: what [`PackageBuilder::fold`] chains and adds
/// up. Computing is the work; folding is light and in the log's order.
pub struct PreparedContract {
    facts: Vec<Fact>,
    contract_id: String,
    customer_name: String,
    currency: Currency,
    figures: Option<ContractFigures>,
    rows: Vec<FrozenRow>,
    /// By month: the journal's entries, lines, totals and totals by account.
    journals: Vec<(Period, JournalWork)>,
    warnings: Vec<String>,
}

impl PreparedContract {
    /// Its figures; none for a draft.
    pub fn figures(&self) -> Option<&ContractFigures> {
        self.figures.as_ref()
    }
}

impl PackageContext {
    /// The tenant whose books these are.
    pub fn tenant_id(&self) -> &str {
        &self.tenant_id
    }

    /// Computes the contract `facts` make (one contract's, in the log's order), apart from
    /// the log: any number at once, on any thread.
    ///
    /// # Errors
    /// Facts that do not make a contract, or versions that do not replay.
    pub fn prepare(&self, facts: Vec<Fact>) -> Result<PreparedContract, UseCaseError> {
        let stored = contract_of(&self.tenant_id, &facts)
            .map_err(|error| UseCaseError::Corrupt(error.to_string()))?;
        let mut prepared = PreparedContract {
            contract_id: stored.record.id.clone(),
            customer_name: stored.record.customer_name.clone(),
            currency: stored.record.currency,
            figures: None,
            rows: Vec::new(),
            journals: Vec::new(),
            warnings: contract_warnings(&stored, self.span.months.last()),
            facts,
        };
        if stored.stamps.reported.is_some() {
            self.figures_of(&stored, &mut prepared)?;
        }
        Ok(prepared)
    }

    fn figures_of(
        &self,
        stored: &StoredContract,
        prepared: &mut PreparedContract,
    ) -> Result<(), UseCaseError> {
        let (first, last) = (self.span.months.first(), self.span.months.last());
        let history = replay(stored)?;
        let restated = Rollup::from_rows(contributions(&history));
        prepared.rows = contract_frozen_rows(stored, &restated, &self.events)?
            .into_iter()
            .filter(|row| row.key.period <= last)
            .collect();
        let detail = contract_books(stored, &history, &self.events)?.detail;
        let mut journal = Vec::with_capacity(self.months.len());
        for period in &self.months {
            let chart = self.charts.for_month(*period);
            let entries = contract_month_entries(
                stored,
                &history,
                detail.as_ref(),
                &chart,
                &self.tenant_id,
                *period,
            )?;
            let mut work = JournalWork::default();
            work.add(&entries);
            prepared.journals.push((*period, work));
            journal.push((*period, entries.into_iter().map(|entry| entry.id).collect()));
        }
        let (mut in_span, mut to_date) = (RollupAmounts::default(), RollupAmounts::default());
        let mut corrections = Vec::new();
        for row in &prepared.rows {
            to_date = to_date.plus(row.amounts);
            if row.key.period >= first {
                in_span = in_span.plus(row.amounts);
                if let Some(corrects) = row.corrects {
                    corrections.push(CorrectionBooked {
                        booked_in: row.key.period,
                        corrects,
                        recognized: row.amounts.recognized,
                        billed: row.amounts.booked,
                    });
                }
            }
        }
        corrections.sort_by_key(|correction| (correction.booked_in, correction.corrects));
        prepared
            .warnings
            .extend(price_warnings(stored, &history, to_date.booked, last));
        prepared.figures = Some(ContractFigures {
            billed: in_span.booked,
            recognized: in_span.recognized,
            billed_to_date: to_date.booked,
            recognized_to_date: to_date.recognized,
            deferred_revenue: deferred_revenue(&to_date),
            contract_asset: to_date.asset_change,
            receivable: receivable(&to_date),
            corrections,
            journal,
        });
        Ok(())
    }
}

/// Computes a package a contract at a time, in the log's order: what the server runs as it
/// reads the contracts a page at a time (its memory holds a page, never the portfolio),
/// and what a replay runs over the facts it reads back. The contracts of a page are
/// computed apart ([`PackageContext::prepare`]) and folded in order ([`Self::fold`]).
pub struct PackageBuilder {
    context: Arc<PackageContext>,
    previous: OutputHash,
    by_currency: BTreeMap<Currency, CurrencyWork>,
    warnings: Vec<String>,
    more_warnings: usize,
}

impl PackageBuilder {
    /// A package of `span` over the books' own facts `books` (closes, reopens, charts), and
    /// those facts chained: the log's start.
    ///
    /// # Errors
    /// `PeriodAction(NotClosed | NothingClosed)` when a month of the span is open in them.
    pub fn new(
        tenant_id: &str,
        span: PackageSpan,
        books: Vec<Fact>,
    ) -> Result<(PackageBuilder, Vec<ChainedFact>), UseCaseError> {
        let books = super::facts::books_in_order(books);
        let (events, charts) = super::facts::books_of(&books);
        let periods = ClosedPeriods::after(events.iter().map(|event| &event.action));
        let (first, last) = (span.months.first(), span.months.last());
        if periods.closed_through().is_none_or(|closed| closed < last) {
            let open = periods.first_open().unwrap_or(last).max(first);
            return Err(not_closed(&events, open));
        }
        let chained = chain_from(&chain_start(), books);
        let previous = chained
            .last()
            .map_or_else(chain_start, |link| link.hash.clone());
        let builder = PackageBuilder {
            context: Arc::new(PackageContext {
                tenant_id: tenant_id.to_owned(),
                months: span_months(span.months),
                span,
                charts: charts_in_force_of(charts, &events),
                events,
            }),
            previous,
            by_currency: BTreeMap::new(),
            warnings: Vec::new(),
            more_warnings: 0,
        };
        Ok((builder, chained))
    }

    /// What computing a contract needs, to share with the threads that compute a page.
    pub fn context(&self) -> Arc<PackageContext> {
        Arc::clone(&self.context)
    }

    /// The next contract of the log, from its facts: computed, then folded.
    ///
    /// # Errors
    /// As [`PackageContext::prepare`].
    pub fn contract(&mut self, facts: Vec<Fact>) -> Result<ContractPackage, UseCaseError> {
        let prepared = self.context.prepare(facts)?;
        Ok(self.fold(prepared))
    }

    /// `prepared`, the next contract of the log: chained after what came before, and its
    /// figures added up.
    pub fn fold(&mut self, prepared: PreparedContract) -> ContractPackage {
        let PreparedContract {
            facts,
            contract_id,
            customer_name,
            currency,
            figures,
            rows,
            journals,
            warnings,
        } = prepared;
        let facts = chain_from(&self.previous, facts);
        if let Some(last) = facts.last() {
            self.previous = last.hash.clone();
        }
        for warning in warnings {
            self.warn(warning);
        }
        if figures.is_some() {
            let work = self.by_currency.entry(currency).or_default();
            for row in &rows {
                work.add_row(row);
            }
            for (period, journal) in journals {
                work.journals.entry(period).or_default().merge(journal);
            }
        }
        ContractPackage {
            contract_id,
            customer_name,
            currency,
            facts,
            figures,
        }
    }

    /// A warning found by a check of the caller's (the server's own checks).
    pub fn warn(&mut self, warning: String) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(warning);
        } else {
            self.more_warnings += 1;
        }
    }

    /// The totals once every contract is in.
    pub fn finish(self) -> PackageTotals {
        let PackageBuilder {
            context,
            previous,
            by_currency,
            mut warnings,
            more_warnings,
        } = self;
        let PackageContext {
            span,
            events,
            charts,
            months,
            ..
        } = &*context;
        let (first, last) = (span.months.first(), span.months.last());
        let actions = revrec_ports::periods::sequenced_actions(events);
        let mut currencies = Vec::new();
        let mut frozen_by_currency = Vec::new();
        for (currency, work) in by_currency {
            // Every month through the last: a month's digest covers its own rows only.
            let frozen = in_store_order(work.frozen_rows(|period| period <= last));
            let package = work.package(currency, (first, last), &frozen, |period| {
                charts.for_month(period)
            });
            for journal in package
                .journals
                .iter()
                .filter(|journal| !journal.equals_frozen)
            {
                warnings.push(format!(
                    "the {currency} journal of {} does not post what the month froze",
                    journal.period
                ));
            }
            frozen_by_currency.push((currency, frozen));
            currencies.push(package);
        }
        let closed = month_digests(months.iter().copied(), &frozen_by_currency)
            .into_iter()
            .filter_map(|(period, digest)| {
                let event = closing_sequence(period, &actions)
                    .and_then(|sequence| events.iter().find(|event| event.sequence == sequence))?;
                Some(ClosedMonth {
                    period,
                    closed_at: event.recorded_at,
                    closed_by: event.actor.clone(),
                    digest,
                })
            })
            .collect();
        if more_warnings > 0 {
            warnings.push(format!(
                "and {more_warnings} more warning(s) of the kinds above"
            ));
        }
        PackageTotals {
            facts_head: previous,
            months: closed,
            currencies,
            warnings,
        }
    }
}

/// The package of `span` from its facts: the books' own, then each contract's.
///
/// # Errors
/// As [`PackageBuilder::new`] and [`PackageBuilder::contract`].
pub fn package_of(
    tenant_id: &str,
    span: &PackageSpan,
    books: Vec<Fact>,
    contracts: Vec<Vec<Fact>>,
) -> Result<ClosePackage, UseCaseError> {
    let (mut builder, books) = PackageBuilder::new(tenant_id, span.clone(), books)?;
    let contracts = contracts
        .into_iter()
        .map(|facts| builder.contract(facts))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ClosePackage {
        tenant_id: tenant_id.to_owned(),
        span: span.clone(),
        engine: ENGINE.to_owned(),
        books,
        contracts,
        totals: builder.finish(),
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

/// What a reviewer should see about one contract's terms before signing `last`'s books: a
/// draft that would already report, and an obligation still awaiting delivery after the
/// contract's end.
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
    warnings
}

/// Where a contract's price and its figures disagree (ASC 606-10-32-28, 32-29): its
/// obligations allocated more or less than its transaction price, or, once its term has
/// ended by `last`'s end, billed more or less than it.
fn price_warnings(
    stored: &StoredContract,
    history: &PlanHistory,
    billed_to_date: i64,
    last: Period,
) -> Vec<String> {
    let record = &stored.record;
    let plan = history.current();
    let money = |minor: i64| {
        format!(
            "{} {}",
            revrec_domain::format_minor(minor, record.currency.exponent()),
            record.currency.code()
        )
    };
    let price = plan.transaction_price();
    let mut warnings = Vec::new();
    let allocated = revrec_domain::checked_sum(
        plan.obligations()
            .iter()
            .map(|obligation| obligation.allocated()),
    );
    if allocated.is_some_and(|allocated| allocated != price) {
        warnings.push(format!(
            "contract {}: its obligations are allocated {}, its transaction price is {}",
            record.id,
            money(allocated.unwrap_or_default()),
            money(price)
        ));
    }
    if record.end_date <= last.last_day() && billed_to_date != price {
        warnings.push(format!(
            "contract {}: its term ended on {} with {} billed against a transaction price of {}",
            record.id,
            record.end_date,
            money(billed_to_date),
            money(price)
        ));
    }
    warnings
}

/// One currency's figures, added up as contracts are read: bounded by its months, types
/// and accounts, whatever the number of contracts.
#[derive(Default)]
struct CurrencyWork {
    rows: BTreeMap<(RollupKey, Option<Period>), RollupAmounts>,
    /// By month of the span: entries and the journal's totals by account code.
    journals: BTreeMap<Period, JournalWork>,
}

#[derive(Default)]
pub struct JournalWork {
    entries: usize,
    lines: usize,
    total_debit: i64,
    total_credit: i64,
    accounts: BTreeMap<String, AccountTotal>,
}

impl JournalWork {
    fn add(&mut self, entries: &[JournalEntry]) {
        for entry in entries {
            self.entries += 1;
            self.lines += entry.lines.len();
            self.total_debit += entry.total_debit();
            self.total_credit += entry.total_credit();
            for line in &entry.lines {
                let account = self
                    .accounts
                    .entry(line.account.code.to_string())
                    .or_insert_with(|| AccountTotal {
                        code: line.account.code.to_string(),
                        name: line.account.name.to_string(),
                        debit: 0,
                        credit: 0,
                    });
                account.debit += line.debit;
                account.credit += line.credit;
            }
        }
    }

    fn merge(&mut self, other: JournalWork) {
        self.entries += other.entries;
        self.lines += other.lines;
        self.total_debit += other.total_debit;
        self.total_credit += other.total_credit;
        for (code, account) in other.accounts {
            let slot = self.accounts.entry(code).or_insert_with(|| AccountTotal {
                debit: 0,
                credit: 0,
                ..account.clone()
            });
            slot.debit += account.debit;
            slot.credit += account.credit;
        }
    }
}

impl CurrencyWork {
    fn add_row(&mut self, row: &FrozenRow) {
        let slot = self.rows.entry((row.key, row.corrects)).or_default();
        *slot = slot.plus(row.amounts);
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

    /// The currency's totals over the package's months, `frozen` its rows through the last.
    fn package(
        self,
        currency: Currency,
        (first, last): (Period, Period),
        frozen: &[FrozenRow],
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
                    .map(|balance| {
                        (
                            balance.account.code.to_string(),
                            balance.debit - balance.credit,
                        )
                    })
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
                }
            })
            .collect();
        CurrencyPackage {
            currency,
            frozen: frozen
                .iter()
                .filter(|row| row.key.period >= first)
                .copied()
                .collect(),
            deferred_revenue: deferred,
            contract_assets: assets,
            receivables,
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
