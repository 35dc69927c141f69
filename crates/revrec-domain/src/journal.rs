//! Ledger-ready journal entries: one entry per contract per month with activity.
//!
//! Under the billed-at-start convention the contract's price is billed in its start month
//! (Dr Accounts Receivable, Cr Deferred Revenue) and earned month by month (Dr Deferred
//! Revenue, Cr the revenue account of the obligation's type). An amendment or termination
//! books the change of price in its effective month; a negative catch-up reverses revenue.
//! Every entry balances; amounts on a line are never negative.
//!
//! A contract billed by invoices posts them instead (docs/asc606.md §12): an invoice is Dr
//! Accounts Receivable, Cr Contract Asset up to the asset's balance and Cr Deferred Revenue
//! for the rest; a month's revenue is Dr Deferred Revenue up to the liability's balance and
//! Dr Contract Asset for the rest, Cr revenue by type (a negative month the other way round).
//!
//! Cash received (docs/ledger.md) is Dr Cash Clearing, Cr Accounts Receivable up to the
//! contract's receivable and Cr Customer Credit beyond it; billing that follows uses the
//! credit up first (Dr Customer Credit, Cr Accounts Receivable).
//!
//! Every line is a recognition line (revenue against deferred revenue or the contract
//! asset) or a billing line (invoices and cash: receivables, cash clearing, customer credit,
//! and the deferred revenue or contract asset an invoice moves). Each kind balances on its
//! own in every entry, so an export can take one kind ([`EntryScope`]).

use time::Date;

use crate::billing::Billing;
use crate::chart::{Account, ChartOfAccounts};
use crate::contract::PobType;
use crate::digest::{Canonical, CanonicalWriter, id_writer, sha256_hex};
use crate::period::{Period, PeriodRange};
use crate::plan::ContractPlan;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JournalLine {
    pub account: Account,
    pub debit: i64,
    pub credit: i64,
    pub pob_id: Option<String>,
    pub pob_type: Option<PobType>,
    pub memo: String,
    /// The closed month this line corrects (docs/ledger.md); none for the month's own.
    pub corrects_period: Option<Period>,
    pub kind: EntryKind,
}

/// What a line books: revenue earned, or billing and cash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EntryKind {
    Recognition,
    Billing,
}

/// Which lines a journal export takes (docs/ledger.md, `entries=`): a general ledger that
/// already receives invoices from the billing system imports `Recognition` alone, or it
/// would count receivables twice.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum EntryScope {
    #[default]
    All,
    Recognition,
    Billing,
}

impl EntryScope {
    pub fn parse(text: &str) -> Option<EntryScope> {
        match text {
            "all" => Some(EntryScope::All),
            "recognition" => Some(EntryScope::Recognition),
            "billing" => Some(EntryScope::Billing),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EntryScope::All => "all",
            EntryScope::Recognition => "recognition",
            EntryScope::Billing => "billing",
        }
    }

    pub fn takes(self, kind: EntryKind) -> bool {
        match self {
            EntryScope::All => true,
            EntryScope::Recognition => kind == EntryKind::Recognition,
            EntryScope::Billing => kind == EntryKind::Billing,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JournalEntry {
    /// `je_` and 32 hex digits of a SHA-256 over the entry's `key` and every field of every
    /// one of its lines (docs/ledger.md, Entry ids): re-running never duplicates an entry,
    /// and an id, once answered, always names the same lines. A line added later (an
    /// invoice, a payment, a correction) makes a new id.
    pub id: String,
    /// Whose month it is: [`entry_key`] of (tenant, contract, version, period).
    pub key: String,
    /// The id of the entry this one reverses (a delta export, docs/ledger.md); none for
    /// every entry of a month's own journal.
    pub reverses: Option<String>,
    pub period: Period,
    /// The month's last day.
    pub date: Date,
    /// The contract version whose terms produced this month.
    pub version: u32,
    pub lines: Vec<JournalLine>,
}

impl JournalEntry {
    /// The entry of `lines` for `period` under `key` (from [`entry_key`]), its id sealed
    /// over them.
    pub fn new(key: String, period: Period, version: u32, lines: Vec<JournalLine>) -> JournalEntry {
        let mut entry = JournalEntry {
            id: String::new(),
            key,
            reverses: None,
            period,
            date: period.last_day(),
            version,
            lines,
        };
        entry.id = entry.sealed_id(EntryScope::All);
        entry
    }

    /// The entry that takes this one back out of a ledger that imported it: every line
    /// with its debit and credit swapped, its memo saying so, under an id of its own
    /// (sealed over "reversal of" this id and its lines) that names the entry it reverses.
    pub fn reversal(&self) -> JournalEntry {
        let lines = self
            .lines
            .iter()
            .map(|line| JournalLine {
                debit: line.credit,
                credit: line.debit,
                memo: format!("Reversal of {}: {}", self.id, line.memo),
                ..line.clone()
            })
            .collect();
        let mut reversal = JournalEntry::new(
            sha256_hex(&["reversal", &self.id]),
            self.period,
            self.version,
            lines,
        );
        reversal.reverses = Some(self.id.clone());
        reversal
    }

    /// Adds `lines` (the corrections a month books) under another `key` and `version`:
    /// the entry takes a new id.
    pub fn extend(&mut self, key: String, version: u32, lines: Vec<JournalLine>) {
        self.lines.extend(lines);
        self.key = key;
        self.version = version;
        self.id = self.sealed_id(EntryScope::All);
    }

    /// The id of the entry's lines as the part `scope`: a digest of its key, the part and
    /// every field of every line an export shows, so two ids are equal only when they
    /// name the same lines.
    fn sealed_id(&self, scope: EntryScope) -> String {
        let mut writer = CanonicalWriter::new("journal-entry/v2");
        writer.text(&self.key).text(scope.as_str());
        writer.list(self.lines.len());
        for line in &self.lines {
            writer
                .text(&line.account.code)
                .text(&line.account.name)
                .integer(line.debit)
                .integer(line.credit)
                .text(line.pob_id.as_deref().unwrap_or(""))
                .text(line.pob_type.map_or("", PobType::as_str))
                .text(&line.memo);
            match line.corrects_period {
                Some(month) => writer.period(month),
                None => writer.text(""),
            };
            writer.text(match line.kind {
                EntryKind::Recognition => "recognition",
                EntryKind::Billing => "billing",
            });
        }
        writer.finish_prefixed("je_", 32)
    }

    pub fn total_debit(&self) -> i64 {
        self.lines.iter().map(|line| line.debit).sum()
    }

    pub fn total_credit(&self) -> i64 {
        self.lines.iter().map(|line| line.credit).sum()
    }

    pub fn is_balanced(&self) -> bool {
        self.total_debit() == self.total_credit()
    }

    /// The entry's lines of `scope`, as an entry of their own (none when it has no such
    /// line). A part keeps the entry's key, period, date and version and takes an id of
    /// its own (sealed over the part and its lines alone, so a payment that adds billing
    /// lines leaves the recognition part's id as it was), so the recognition and billing
    /// parts of every entry can be imported side by side; `All` is the entry itself.
    pub fn in_scope(self, scope: EntryScope) -> Option<JournalEntry> {
        if scope == EntryScope::All {
            return Some(self);
        }
        let lines: Vec<JournalLine> = self
            .lines
            .into_iter()
            .filter(|line| scope.takes(line.kind))
            .collect();
        if lines.is_empty() {
            return None;
        }
        let mut part = JournalEntry { lines, ..self };
        part.id = part.sealed_id(scope);
        Some(part)
    }
}

/// Whose entries these are: part of every entry id.
#[derive(Clone, Copy, Debug)]
pub struct EntrySource<'a> {
    pub tenant: &'a str,
    pub contract_id: &'a str,
    /// How many times a change of policy restated the contract's figures in place. Part of
    /// the id once non-zero, so restated figures never reuse the ids of the figures they
    /// replace.
    pub restatements: u32,
}

/// Whose month an entry is: a digest of (tenant, contract, version, period, and the count
/// of restatements once non-zero). An entry's id is sealed over it and the entry's lines.
pub fn entry_key(source: EntrySource<'_>, version: u32, period: Period) -> String {
    // `sha256_hex` of the parts as text, written without formatting them.
    let mut writer = id_writer();
    writer
        .text(source.tenant)
        .text(source.contract_id)
        .number_text(u64::from(version))
        .period(period);
    if source.restatements > 0 {
        writer.number_text(u64::from(source.restatements));
    }
    writer.finish_hex(64)
}

/// The contract's entries for the months of `range` (all its months when `None`), billed at
/// its start or, when `billing` holds invoices, by them.
pub fn journal_entries(
    plan: &ContractPlan,
    billing: &Billing,
    source: EntrySource<'_>,
    chart: &ChartOfAccounts,
    range: Option<PeriodRange>,
) -> Vec<JournalEntry> {
    if !billing.is_empty() {
        return invoiced_entries(plan, billing, source, chart, range);
    }
    let start = plan.first_period();
    let schedule = match (billing.payments().is_empty(), range) {
        // Months asked for, and the one before (what a month books is a change from it):
        // a month's journal computes two months of the schedule, not the contract's term.
        (true, Some(range)) => {
            let (from, to) = (range.first().previous().max(start), range.last());
            let to = to.min(plan.last_period());
            if from > to {
                return Vec::new();
            }
            plan.monthly(from, to)
        }
        (true, None) => plan.schedule(),
        // Cash may come before the start (signed earlier) or after the last month.
        (false, _) => plan.monthly(
            start.min(Period::of(plan.signed_date())),
            crate::rollup::last_activity(plan, billing),
        ),
    };
    let obligations = plan.obligations().len();
    let booked_at =
        |index: usize, offset: usize| schedule.booked_at(index, start, offset).unwrap_or(0);
    // Cash lines need every month's billing from the first (a payment clears what was
    // billed before it); without payments, only the months asked for are visited.
    let mut cash = (!billing.payments().is_empty()).then(|| {
        let billed: Vec<i64> = (0..schedule.months())
            .map(|offset| (0..obligations).map(|index| booked_at(index, offset)).sum())
            .collect();
        CashLines::new(billing, schedule.first(), &billed)
    });
    let offsets = match (range, &cash) {
        (Some(range), None) => schedule.offsets_within(range),
        _ => 0..schedule.months(),
    };
    // An entry a month at most: the months asked for (one, for a month's journal).
    let mut entries = Vec::with_capacity(offsets.len());
    for offset in offsets {
        let period = schedule
            .first()
            .plus(i32::try_from(offset).unwrap_or(i32::MAX));
        let cash_lines = cash
            .as_mut()
            .map(|cash| cash.month(offset, period, chart))
            .unwrap_or_default();
        if range.is_some_and(|range| !range.contains(period)) {
            continue;
        }
        let mut receivable = 0;
        // Two lines an obligation at most, and the receivable's.
        let mut lines = Vec::with_capacity(2 * obligations + 1 + cash_lines.len());
        for (index, obligation) in plan.obligations().iter().enumerate() {
            let booked = booked_at(index, offset);
            let revenue = schedule.revenue(index).get(offset).copied().unwrap_or(0);
            let pob = (obligation.id.clone(), Some(obligation.pob_type));
            if booked != 0 {
                receivable += booked;
                lines.push(billing_line(
                    &chart.deferred_revenue,
                    -booked,
                    pob.clone(),
                    format!("Billed: {}", obligation.name),
                ));
            }
            if revenue != 0 {
                let memo = earned_memo(period, &obligation.name);
                lines.push(line(
                    &chart.deferred_revenue,
                    revenue,
                    pob.clone(),
                    memo.clone(),
                ));
                lines.push(line(
                    chart.revenue_account(obligation.pob_type),
                    -revenue,
                    pob,
                    memo,
                ));
            }
        }
        if receivable != 0 {
            lines.insert(
                0,
                billing_line(
                    &chart.receivable,
                    receivable,
                    (None, None),
                    "Billed at contract price".into(),
                ),
            );
        }
        lines.extend(cash_lines);
        if lines.is_empty() {
            continue;
        }
        let version = plan.version_for(period);
        entries.push(JournalEntry::new(
            entry_key(source, version, period),
            period,
            version,
            lines,
        ));
    }
    entries
}

/// Entries of a contract billed by invoices: per month, its invoices against the contract
/// asset first and deferred revenue for the rest, then its revenue out of deferred revenue
/// first and the contract asset for the rest.
fn invoiced_entries(
    plan: &ContractPlan,
    billing: &Billing,
    source: EntrySource<'_>,
    chart: &ChartOfAccounts,
    range: Option<PeriodRange>,
) -> Vec<JournalEntry> {
    let first = plan.first_period().min(Period::of(plan.signed_date()));
    let schedule = plan.monthly(first, crate::rollup::last_activity(plan, billing));
    let contract = (None, None);
    // Billed less recognized to date: above zero a liability, below an asset.
    let mut balance = 0_i64;
    let mut invoices = billing.invoices().iter().peekable();
    let mut cash = CashLines::new(
        billing,
        schedule.first(),
        &billing.billed_monthly(schedule.first(), schedule.months()),
    );
    let mut entries = Vec::new();
    for (offset, period) in schedule.periods().enumerate() {
        let mut lines = Vec::new();
        let mut billed = 0;
        while let Some(invoice) = invoices.next_if(|invoice| Period::of(invoice.date) <= period) {
            billed += invoice.amount;
            let memo = match &invoice.number {
                Some(number) => format!("Invoice {number}"),
                None => format!("Invoice of {}", invoice.date),
            };
            lines.push(billing_line(
                &chart.receivable,
                invoice.amount,
                contract.clone(),
                memo,
            ));
        }
        if billed != 0 {
            // Against the contract asset first (what was recognized before it was billed).
            let against_asset = billed.min((-balance).max(0));
            lines.push(billing_line(
                &chart.contract_asset,
                -against_asset,
                contract.clone(),
                "Invoiced: contract asset billed".into(),
            ));
            lines.push(billing_line(
                &chart.deferred_revenue,
                against_asset - billed,
                contract.clone(),
                "Invoiced: deferred revenue".into(),
            ));
            balance += billed;
        }
        let mut earned = 0;
        for (index, obligation) in plan.obligations().iter().enumerate() {
            let revenue = schedule.revenue(index).get(offset).copied().unwrap_or(0);
            if revenue != 0 {
                earned += revenue;
                lines.push(line(
                    chart.revenue_account(obligation.pob_type),
                    -revenue,
                    (obligation.id.clone(), Some(obligation.pob_type)),
                    earned_memo(period, &obligation.name),
                ));
            }
        }
        if earned > 0 {
            // Out of deferred revenue first, then into the contract asset.
            let from_liability = earned.min(balance.max(0));
            lines.push(line(
                &chart.deferred_revenue,
                from_liability,
                contract.clone(),
                format!("Earned {period}: from deferred revenue"),
            ));
            lines.push(line(
                &chart.contract_asset,
                earned - from_liability,
                contract.clone(),
                format!("Earned {period}: not yet billed"),
            ));
        } else if earned < 0 {
            // Revenue given back: out of the contract asset first, then deferred again.
            let from_asset = (-earned).min((-balance).max(0));
            lines.push(line(
                &chart.contract_asset,
                -from_asset,
                contract.clone(),
                format!("Reversed {period}: contract asset"),
            ));
            lines.push(line(
                &chart.deferred_revenue,
                earned + from_asset,
                contract.clone(),
                format!("Reversed {period}: deferred revenue"),
            ));
        }
        balance -= earned;
        lines.extend(cash.month(offset, period, chart));
        lines.retain(|line| line.debit != 0 || line.credit != 0);
        if lines.is_empty() || range.is_some_and(|range| !range.contains(period)) {
            continue;
        }
        let version = plan.version_for(period);
        entries.push(JournalEntry::new(
            entry_key(source, version, period),
            period,
            version,
            lines,
        ));
    }
    entries
}

/// What a ledger that imported `imported` (one contract's entries of a month, as they were
/// then) posts to hold `current`: a reversal of each entry imported that is no longer
/// there, then each entry there now that was not imported, in their order. An entry whose
/// id is in both is the same lines, and is left out.
pub fn journal_delta(imported: Vec<JournalEntry>, current: Vec<JournalEntry>) -> Vec<JournalEntry> {
    let reversed = imported
        .iter()
        .filter(|entry| !current.iter().any(|now| now.id == entry.id))
        .map(JournalEntry::reversal);
    let added: Vec<JournalEntry> = current
        .iter()
        .filter(|entry| !imported.iter().any(|then| then.id == entry.id))
        .cloned()
        .collect();
    reversed.chain(added).collect()
}

/// `Earned {period}: {what}`, the memo of a month's revenue, put together without the
/// formatting machinery (it is on every line a month earns).
fn earned_memo(period: Period, what: &str) -> String {
    let mut memo = String::with_capacity(16 + what.len());
    memo.push_str("Earned ");
    // `YYYY-MM`: ASCII digits and a hyphen, always UTF-8.
    memo.push_str(std::str::from_utf8(&period.ascii()).unwrap_or_default());
    memo.push_str(": ");
    memo.push_str(what);
    memo
}

/// A recognition line debiting `amount` (crediting when negative).
fn line(
    account: &Account,
    amount: i64,
    (pob_id, pob_type): (Option<String>, Option<PobType>),
    memo: String,
) -> JournalLine {
    JournalLine {
        account: account.clone(),
        debit: amount.max(0),
        credit: (-amount).max(0),
        pob_id,
        pob_type,
        memo,
        corrects_period: None,
        kind: EntryKind::Recognition,
    }
}

/// A billing line debiting `amount` (crediting when negative).
fn billing_line(
    account: &Account,
    amount: i64,
    pob: (Option<String>, Option<PobType>),
    memo: String,
) -> JournalLine {
    JournalLine {
        kind: EntryKind::Billing,
        ..line(account, amount, pob, memo)
    }
}

/// The cash lines of a contract month by month: each payment received (Dr cash clearing),
/// and what it and the month's billing do to receivables and the customer's credit.
struct CashLines<'a> {
    payments: std::iter::Peekable<std::slice::Iter<'a, crate::billing::Payment>>,
    /// Each month's change of customer credit.
    credit: Vec<i64>,
}

impl<'a> CashLines<'a> {
    /// `billed`: what the contract billed each month from `first`.
    fn new(billing: &'a Billing, first: Period, billed: &[i64]) -> CashLines<'a> {
        CashLines {
            payments: billing.payments().iter().peekable(),
            credit: crate::rollup::cash_months(billing, first, billed)
                .into_iter()
                .map(|(_, credit_change)| credit_change)
                .collect(),
        }
    }

    /// The lines of month `offset` (`period`); called for every month in order.
    fn month(
        &mut self,
        offset: usize,
        period: Period,
        chart: &ChartOfAccounts,
    ) -> Vec<JournalLine> {
        let mut lines = Vec::new();
        let mut paid = 0;
        while let Some(payment) = self
            .payments
            .next_if(|payment| Period::of(payment.date) <= period)
        {
            paid += payment.amount;
            lines.push(billing_line(
                &chart.cash_clearing,
                payment.amount,
                (None, None),
                format!("Received {}", payment.reference),
            ));
        }
        let credit = self.credit.get(offset).copied().unwrap_or(0);
        if paid != 0 || credit != 0 {
            lines.push(billing_line(
                &chart.receivable,
                credit - paid,
                (None, None),
                "Receivables cleared by cash and customer credit".into(),
            ));
            lines.push(billing_line(
                &chart.customer_credit,
                -credit,
                (None, None),
                if credit >= 0 {
                    "Customer credit: received beyond billed".into()
                } else {
                    "Customer credit applied to billing".into()
                },
            ));
            lines.retain(|line| line.debit != 0 || line.credit != 0);
        }
        lines
    }
}

/// What a month books for one closed month it corrects: each obligation's revenue, and the
/// contract's billing and contract asset, each the restated figure less the one the books
/// held (docs/asc606.md §13).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MonthCorrection {
    pub corrects: Period,
    /// (obligation id, name, type, revenue) for each obligation whose revenue moved.
    pub revenue: Vec<(Option<String>, String, PobType, i64)>,
    pub billed: i64,
    pub asset: i64,
    /// The part of `asset` revenue moved (the rest, invoices).
    pub asset_earned: i64,
    pub paid: i64,
    /// Change of the customer's credit.
    pub credit: i64,
}

/// The balanced lines that book `corrections` in a month, each naming the month it
/// corrects and the contract `version` that caused it: revenue by obligation, what was
/// billed and received against receivables, cash and customer credit, the contract asset,
/// and deferred revenue for the rest; the recognition lines and the billing lines each
/// balance.
pub fn correction_lines(
    corrections: &[MonthCorrection],
    chart: &ChartOfAccounts,
    version: u32,
) -> Vec<JournalLine> {
    let mut lines = Vec::new();
    for correction in corrections {
        let month = correction.corrects;
        let memo = |what: &str| format!("Correction of {month} (version {version}): {what}");
        let mut corrected = |kind, account: &Account, amount: i64, pob, memo: String| {
            if amount != 0 {
                let mut line = line(account, amount, pob, memo);
                line.corrects_period = Some(month);
                line.kind = kind;
                lines.push(line);
            }
        };
        let (recognition, billing) = (EntryKind::Recognition, EntryKind::Billing);
        let asset_billed = correction.asset - correction.asset_earned;
        corrected(
            billing,
            &chart.receivable,
            correction.billed - correction.paid + correction.credit,
            (None, None),
            memo("receivables"),
        );
        corrected(
            billing,
            &chart.cash_clearing,
            correction.paid,
            (None, None),
            memo("cash received"),
        );
        corrected(
            billing,
            &chart.customer_credit,
            -correction.credit,
            (None, None),
            memo("customer credit"),
        );
        corrected(
            billing,
            &chart.contract_asset,
            asset_billed,
            (None, None),
            memo("contract asset billed"),
        );
        // Deferred revenue takes what billing leaves: the billing lines balance.
        corrected(
            billing,
            &chart.deferred_revenue,
            -correction.billed - asset_billed,
            (None, None),
            memo("deferred revenue billed"),
        );
        let mut earned = 0;
        for (id, name, pob_type, revenue) in &correction.revenue {
            earned += revenue;
            corrected(
                recognition,
                chart.revenue_account(*pob_type),
                -revenue,
                (id.clone(), Some(*pob_type)),
                memo(name),
            );
        }
        corrected(
            recognition,
            &chart.contract_asset,
            correction.asset_earned,
            (None, None),
            memo("contract asset earned"),
        );
        // Deferred revenue takes what the asset leaves: the recognition lines balance.
        corrected(
            recognition,
            &chart.deferred_revenue,
            earned - correction.asset_earned,
            (None, None),
            memo("deferred revenue earned"),
        );
    }
    lines
}

impl Canonical for [JournalEntry] {
    fn encode(&self, out: &mut CanonicalWriter) {
        out.list(self.len());
        for entry in self {
            out.text(&entry.id)
                .text(&entry.period.to_string())
                .integer(i64::from(entry.version));
            out.list(entry.lines.len());
            for line in &entry.lines {
                out.text(&line.account.code)
                    .integer(line.debit)
                    .integer(line.credit)
                    .text(line.pob_id.as_deref().unwrap_or(""))
                    .text(line.pob_type.map_or("", PobType::as_str));
                // Only a correction carries it, so every other entry keeps its hash.
                if let Some(month) = line.corrects_period {
                    out.text("corrects").period(month);
                }
            }
        }
    }
}
