//! The guide surface's ledger on the wire: journal entries (JSON and CSV), the trial balance
//! and the chart of accounts.

use revrec_domain::{
    Account, AccountRole, ChartOfAccounts, Currency, JournalLine, PobType, TrialBalance,
};
use revrec_usecases::ledger::{ContractEntry, EntryStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::Amount;
use crate::wire::dates::format_date;

/// One line of an entry: a debit or a credit to one account.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JournalLineView {
    #[schema(example = "2400")]
    pub account_code: String,
    #[schema(example = "Deferred Revenue")]
    pub account_name: String,
    /// Never negative; a line has a debit or a credit.
    pub debit: Amount,
    pub credit: Amount,
    pub contract_id: String,
    /// The performance obligation (empty on the receivable line, which covers them all).
    pub pob_id: Option<String>,
    pub pob_type: Option<String>,
    pub memo: String,
    /// The closed month this line corrects (`YYYY-MM`): a change made after that month
    /// closed, booked in the first open month (docs/ledger.md). Absent on a month's own
    /// lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, example = "2026-02")]
    pub corrects_period: Option<String>,
}

/// One contract's balanced entry for one month, dated the month's last day.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JournalEntryView {
    /// `je_` + a hash of the entry's contract, version and month and every field of every
    /// line: the same on every run, and an id once answered always names the same lines
    /// (a line added or changed makes a new id), so a ledger import can skip the ids it
    /// has. The recognition and billing parts (`entries=recognition|billing`) each have
    /// their own, sealed over their own lines.
    #[schema(example = "je_4f1c2a9e0b7d4c3a8e6f5d2c1b0a9f8e")]
    pub id: String,
    /// In a delta (`since`), the id of the entry this one reverses: every line of it with
    /// debit and credit swapped. Absent on every other entry.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, example = "je_0b7d4c3a8e6f5d2c1b0a9f8e4f1c2a9e")]
    pub reverses: Option<String>,
    #[schema(format = Date)]
    pub date: String,
    #[schema(example = "2026-03")]
    pub period: String,
    /// `approved` (active and terminated contracts) or `draft` (previews of drafts).
    pub status: String,
    pub contract_id: String,
    /// The contract version whose terms produced the month.
    pub version: u32,
    pub currency: String,
    pub lines: Vec<JournalLineView>,
    pub total_debit: Amount,
    pub total_credit: Amount,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CurrencyTotals {
    pub currency: String,
    pub debit: Amount,
    pub credit: Amount,
}

/// A page of a month's journal entries, in contract id order.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JournalEntriesResponse {
    #[schema(example = "2026-03")]
    pub period: String,
    pub status: String,
    pub entries: Vec<JournalEntryView>,
    /// Debits and credits of this page's entries, per currency (they are equal).
    pub totals: Vec<CurrencyTotals>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl JournalEntryView {
    pub fn new(entry: &ContractEntry, status: EntryStatus) -> JournalEntryView {
        let currency = entry.currency;
        let amount = |minor: i64| Amount::minor(minor, currency);
        let journal = &entry.entry;
        JournalEntryView {
            id: journal.id.clone(),
            reverses: journal.reverses.clone(),
            date: format_date(journal.date),
            period: journal.period.to_string(),
            status: status.as_str().to_owned(),
            contract_id: entry.contract_id.clone(),
            version: journal.version,
            currency: currency.code().to_owned(),
            lines: journal
                .lines
                .iter()
                .map(|line| JournalLineView {
                    account_code: line.account.code.to_string(),
                    account_name: line.account.name.to_string(),
                    debit: amount(line.debit),
                    credit: amount(line.credit),
                    contract_id: entry.contract_id.clone(),
                    pob_id: line.pob_id.clone(),
                    pob_type: line.pob_type.map(|kind| kind.as_str().to_owned()),
                    memo: line.memo.clone(),
                    corrects_period: line.corrects_period.map(|period| period.to_string()),
                })
                .collect(),
            total_debit: amount(journal.total_debit()),
            total_credit: amount(journal.total_credit()),
        }
    }
}

/// Debits and credits per currency, in currency code order.
pub fn totals(entries: &[ContractEntry]) -> Vec<CurrencyTotals> {
    let mut sums: Vec<(Currency, i64, i64)> = Vec::new();
    for entry in entries {
        let (debit, credit) = (entry.entry.total_debit(), entry.entry.total_credit());
        match sums
            .iter_mut()
            .find(|(currency, _, _)| *currency == entry.currency)
        {
            Some(sum) => {
                sum.1 += debit;
                sum.2 += credit;
            }
            None => sums.push((entry.currency, debit, credit)),
        }
    }
    sums.sort_by_key(|(currency, _, _)| currency.code());
    sums.into_iter()
        .map(|(currency, debit, credit)| CurrencyTotals {
            currency: currency.code().to_owned(),
            debit: Amount::minor(debit, currency),
            credit: Amount::minor(credit, currency),
        })
        .collect()
}

/// The CSV header a general-ledger import maps its columns from.
pub const CSV_HEADER: &str = "date,entry_id,account_code,account_name,debit,credit,currency,memo,contract_id,obligation_id,corrects_period\r\n";

/// The entries' lines as RFC 4180 rows (CRLF line ends, fields quoted when they hold a
/// comma, a quote or a line break), appended to `out`.
pub fn write_csv_rows(out: &mut String, entries: &[ContractEntry]) {
    for entry in entries {
        let journal = &entry.entry;
        let exponent = entry.currency.exponent();
        let date = format_date(journal.date);
        for line in &journal.lines {
            write_csv_row(out, &date, &journal.id, line, exponent, entry);
        }
    }
}

fn write_csv_row(
    out: &mut String,
    date: &str,
    entry_id: &str,
    line: &JournalLine,
    exponent: u8,
    entry: &ContractEntry,
) {
    let corrects = line
        .corrects_period
        .map(|period| period.to_string())
        .unwrap_or_default();
    let fields: [&str; 11] = [
        date,
        entry_id,
        &line.account.code,
        &line.account.name,
        &revrec_domain::format_minor(line.debit, exponent),
        &revrec_domain::format_minor(line.credit, exponent),
        entry.currency.code(),
        &line.memo,
        &entry.contract_id,
        line.pob_id.as_deref().unwrap_or(""),
        &corrects,
    ];
    write_csv_record(out, &fields);
}

/// One CSV record (RFC 4180): fields quoted when they hold a comma, a quote or a line
/// break, ended by CRLF.
pub fn write_csv_record(out: &mut String, fields: &[&str]) {
    for (index, field) in fields.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        if field.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(field);
        }
    }
    out.push_str("\r\n");
}

/// One account's balance at the period's end.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AccountBalanceView {
    pub account_code: String,
    pub account_name: String,
    pub debit: Amount,
    pub credit: Amount,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CurrencyTrialBalance {
    pub currency: String,
    /// Every account of the chart, by code.
    pub accounts: Vec<AccountBalanceView>,
    pub total_debit: Amount,
    pub total_credit: Amount,
}

/// The trial balance at a month's end: every account's life-to-date balance, per currency.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TrialBalanceResponse {
    #[schema(example = "2026-03")]
    pub period: String,
    /// The period's last day: balances are as of its end.
    #[schema(format = Date)]
    pub as_of: String,
    pub balances: Vec<CurrencyTrialBalance>,
}

impl From<&TrialBalance> for CurrencyTrialBalance {
    fn from(balance: &TrialBalance) -> CurrencyTrialBalance {
        let amount = |minor: i64| Amount::minor(minor, balance.currency);
        CurrencyTrialBalance {
            currency: balance.currency.code().to_owned(),
            accounts: balance
                .accounts
                .iter()
                .map(|row| AccountBalanceView {
                    account_code: row.account.code.to_string(),
                    account_name: row.account.name.to_string(),
                    debit: amount(row.debit),
                    credit: amount(row.credit),
                })
                .collect(),
            total_debit: amount(balance.total_debit),
            total_credit: amount(balance.total_credit),
        }
    }
}

/// An account's code and name.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountBody {
    #[schema(
        example = "4000",
        min_length = 1,
        max_length = 32,
        pattern = "^[A-Za-z0-9._-]+$"
    )]
    pub code: String,
    #[schema(example = "Subscription Revenue", min_length = 1, max_length = 128)]
    pub name: String,
}

/// One revenue account per `pob_type`.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevenueAccounts {
    pub hardware: AccountBody,
    pub license: AccountBody,
    pub services: AccountBody,
    pub subscription: AccountBody,
    pub support: AccountBody,
    /// Usage lines' revenue. Optional on `PUT` (charts made before usage lines): default
    /// `4600 Usage Revenue`.
    #[schema(nullable = false)]
    pub usage: Option<AccountBody>,
}

/// The accounts journal entries post to. `PUT` replaces the whole chart.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartOfAccountsBody {
    /// Cash received, until the general ledger's bank reconciliation clears it. Optional on
    /// `PUT`: default `1010 Cash Clearing`.
    #[schema(nullable = false)]
    pub cash_clearing: Option<AccountBody>,
    pub receivable: AccountBody,
    /// Revenue recognized before it is billed (contracts billed by invoices). Optional on
    /// `PUT`: default `1300 Contract Asset`.
    #[schema(nullable = false)]
    pub contract_asset: Option<AccountBody>,
    pub deferred_revenue: AccountBody,
    /// Cash received beyond what was billed, per contract. Optional on `PUT`: default
    /// `2450 Customer Credits`.
    #[schema(nullable = false)]
    pub customer_credit: Option<AccountBody>,
    pub revenue: RevenueAccounts,
}

impl From<&Account> for AccountBody {
    fn from(account: &Account) -> AccountBody {
        AccountBody {
            code: account.code.to_string(),
            name: account.name.to_string(),
        }
    }
}

impl From<&AccountBody> for Account {
    fn from(body: &AccountBody) -> Account {
        Account::new(&body.code, &body.name)
    }
}

impl From<&ChartOfAccounts> for ChartOfAccountsBody {
    fn from(chart: &ChartOfAccounts) -> ChartOfAccountsBody {
        let revenue = |pob_type| AccountBody::from(chart.revenue_account(pob_type));
        ChartOfAccountsBody {
            cash_clearing: Some(AccountBody::from(&chart.cash_clearing)),
            receivable: AccountBody::from(&chart.receivable),
            contract_asset: Some(AccountBody::from(&chart.contract_asset)),
            deferred_revenue: AccountBody::from(&chart.deferred_revenue),
            customer_credit: Some(AccountBody::from(&chart.customer_credit)),
            revenue: RevenueAccounts {
                hardware: revenue(PobType::Hardware),
                license: revenue(PobType::License),
                services: revenue(PobType::Services),
                subscription: revenue(PobType::Subscription),
                support: revenue(PobType::Support),
                usage: Some(revenue(PobType::Usage)),
            },
        }
    }
}

impl From<&ChartOfAccountsBody> for ChartOfAccounts {
    fn from(body: &ChartOfAccountsBody) -> ChartOfAccounts {
        let mut chart = ChartOfAccounts::default();
        for (role, account) in [
            (AccountRole::Receivable, &body.receivable),
            (AccountRole::DeferredRevenue, &body.deferred_revenue),
            (
                AccountRole::Revenue(PobType::Hardware),
                &body.revenue.hardware,
            ),
            (
                AccountRole::Revenue(PobType::License),
                &body.revenue.license,
            ),
            (
                AccountRole::Revenue(PobType::Services),
                &body.revenue.services,
            ),
            (
                AccountRole::Revenue(PobType::Subscription),
                &body.revenue.subscription,
            ),
            (
                AccountRole::Revenue(PobType::Support),
                &body.revenue.support,
            ),
        ] {
            *chart.account_mut(role) = Account::from(account);
        }
        if let Some(account) = &body.revenue.usage {
            *chart.account_mut(AccountRole::Revenue(PobType::Usage)) = Account::from(account);
        }
        if let Some(account) = &body.contract_asset {
            chart.contract_asset = Account::from(account);
        }
        if let Some(account) = &body.cash_clearing {
            chart.cash_clearing = Account::from(account);
        }
        if let Some(account) = &body.customer_credit {
            chart.customer_credit = Account::from(account);
        }
        chart
    }
}
