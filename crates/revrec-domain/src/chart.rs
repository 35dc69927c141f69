//! The chart of accounts journal entries post to: a tenant's own codes and names, or the
//! defaults of docs/ledger.md, Chart of accounts.

use std::fmt;
use std::sync::Arc;

use crate::contract::PobType;
use crate::period::Period;
use crate::text;

/// An account's code and name. Every journal line carries its account, so it is shared
/// rather than copied: a clone is one count (a line is cloned and dropped once or twice on
/// its way out), not two allocations nor two counts. Its fields read as the fields of
/// [`AccountText`].
#[derive(Clone, PartialEq, Eq)]
pub struct Account(Arc<AccountText>);

/// An account's code and name, as an [`Account`] shares them.
#[derive(PartialEq, Eq, Debug)]
pub struct AccountText {
    pub code: Arc<str>,
    pub name: Arc<str>,
}

impl Account {
    pub fn new(code: &str, name: &str) -> Account {
        Account(Arc::new(AccountText {
            code: code.into(),
            name: name.into(),
        }))
    }
}

impl std::ops::Deref for Account {
    type Target = AccountText;

    fn deref(&self) -> &AccountText {
        &self.0
    }
}

impl fmt::Debug for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Account")
            .field("code", &self.code)
            .field("name", &self.name)
            .finish()
    }
}

/// What an account is used for; every role has exactly one account.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum AccountRole {
    /// Cash received and not yet matched by the general ledger's bank reconciliation
    /// (docs/ledger.md, Cash received).
    CashClearing,
    Receivable,
    /// Revenue recognized before it is billed, per contract (docs/asc606.md §12).
    ContractAsset,
    DeferredRevenue,
    /// Cash received beyond what was billed, per contract: owed back or used up by later
    /// billing, never a negative receivable.
    CustomerCredit,
    Revenue(PobType),
}

impl AccountRole {
    /// Every role, in the order charts are listed.
    pub fn all() -> impl Iterator<Item = AccountRole> {
        [
            AccountRole::CashClearing,
            AccountRole::Receivable,
            AccountRole::ContractAsset,
            AccountRole::DeferredRevenue,
            AccountRole::CustomerCredit,
        ]
        .into_iter()
        .chain(PobType::ALL.into_iter().map(AccountRole::Revenue))
    }

    pub fn parse(text: &str) -> Option<AccountRole> {
        AccountRole::all().find(|role| role.to_string() == text)
    }
}

impl fmt::Display for AccountRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountRole::CashClearing => f.write_str("cash_clearing"),
            AccountRole::Receivable => f.write_str("receivable"),
            AccountRole::ContractAsset => f.write_str("contract_asset"),
            AccountRole::DeferredRevenue => f.write_str("deferred_revenue"),
            AccountRole::CustomerCredit => f.write_str("customer_credit"),
            AccountRole::Revenue(pob_type) => write!(f, "revenue.{pob_type}"),
        }
    }
}

/// The accounts entries post to. A tenant may configure its own; these are the defaults.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChartOfAccounts {
    pub cash_clearing: Account,
    pub receivable: Account,
    pub contract_asset: Account,
    pub deferred_revenue: Account,
    pub customer_credit: Account,
    /// One revenue account per `pob_type`, in [`PobType::ALL`] order.
    pub revenue: [Account; 6],
}

impl Default for ChartOfAccounts {
    fn default() -> ChartOfAccounts {
        ChartOfAccounts {
            cash_clearing: Account::new("1010", "Cash Clearing"),
            receivable: Account::new("1200", "Accounts Receivable"),
            contract_asset: Account::new("1300", "Contract Asset"),
            deferred_revenue: Account::new("2400", "Deferred Revenue"),
            customer_credit: Account::new("2450", "Customer Credits"),
            revenue: [
                Account::new("4400", "Hardware Revenue"),
                Account::new("4300", "License Revenue"),
                Account::new("4100", "Services Revenue"),
                Account::new("4000", "Subscription Revenue"),
                Account::new("4200", "Support Revenue"),
                // 4300 has been License Revenue in this chart since the first release, and
                // 4500 is where docs/ledger.md shows products sharing an account.
                Account::new("4600", "Usage Revenue"),
            ],
        }
    }
}

/// One problem with a proposed chart, named by role and attribute (`revenue.services.code`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChartProblem {
    pub field: String,
    pub message: String,
}

/// Longest account code.
pub const MAX_CODE_LENGTH: usize = text::ACCOUNT_CODE.max_chars;

impl ChartOfAccounts {
    pub fn revenue_account(&self, pob_type: PobType) -> &Account {
        self.account(AccountRole::Revenue(pob_type))
    }

    pub fn account(&self, role: AccountRole) -> &Account {
        match role {
            AccountRole::CashClearing => &self.cash_clearing,
            AccountRole::Receivable => &self.receivable,
            AccountRole::ContractAsset => &self.contract_asset,
            AccountRole::DeferredRevenue => &self.deferred_revenue,
            AccountRole::CustomerCredit => &self.customer_credit,
            AccountRole::Revenue(pob_type) => {
                let slot = PobType::ALL
                    .iter()
                    .position(|kind| *kind == pob_type)
                    .unwrap_or(0);
                self.revenue.get(slot).unwrap_or(&self.deferred_revenue)
            }
        }
    }

    pub fn account_mut(&mut self, role: AccountRole) -> &mut Account {
        match role {
            AccountRole::CashClearing => &mut self.cash_clearing,
            AccountRole::Receivable => &mut self.receivable,
            AccountRole::ContractAsset => &mut self.contract_asset,
            AccountRole::DeferredRevenue => &mut self.deferred_revenue,
            AccountRole::CustomerCredit => &mut self.customer_credit,
            AccountRole::Revenue(pob_type) => {
                let slot = PobType::ALL
                    .iter()
                    .position(|kind| *kind == pob_type)
                    .unwrap_or(0);
                match self.revenue.get_mut(slot) {
                    Some(account) => account,
                    None => &mut self.deferred_revenue,
                }
            }
        }
    }

    /// Every role with its account, in [`AccountRole::all`] order.
    pub fn accounts(&self) -> impl Iterator<Item = (AccountRole, &Account)> {
        AccountRole::all().map(|role| (role, self.account(role)))
    }

    /// The rules a ledger import needs: codes and names present, short and plain; the
    /// balance-sheet accounts (cash clearing, receivable, contract asset, deferred revenue,
    /// customer credit) distinct from each other
    /// and from every revenue account; revenue types may share an account only under one name.
    pub fn validate(&self) -> Result<(), Vec<ChartProblem>> {
        let mut problems = Vec::new();
        let mut push = |role: AccountRole, attribute: &str, message: String| {
            problems.push(ChartProblem {
                field: format!("{role}.{attribute}"),
                message,
            });
        };
        for (role, account) in self.accounts() {
            let code_is_plain = account
                .code
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_'));
            if account.code.is_empty() || account.code.len() > MAX_CODE_LENGTH || !code_is_plain {
                push(
                    role,
                    "code",
                    format!(
                        "must be 1 to {MAX_CODE_LENGTH} letters, digits, `.`, `-` or `_` (got `{}`)",
                        account.code
                    ),
                );
            } else if let Err(error) = text::check(&account.code, text::ACCOUNT_CODE) {
                push(role, "code", error.to_string());
            }
            let name = &*account.name;
            if name.trim().is_empty() || name != name.trim() {
                push(
                    role,
                    "name",
                    "must not be blank or start or end with a space".to_owned(),
                );
            } else if let Err(error) = text::check(name, text::ACCOUNT_NAME) {
                push(role, "name", error.to_string());
            }
        }
        let balance_sheet = [
            AccountRole::CashClearing,
            AccountRole::Receivable,
            AccountRole::ContractAsset,
            AccountRole::DeferredRevenue,
            AccountRole::CustomerCredit,
        ];
        for (role, account) in self.accounts() {
            let clash = self.accounts().find(|(other, other_account)| {
                *other != role
                    && other_account.code == account.code
                    && (balance_sheet.contains(&role)
                        || balance_sheet.contains(other)
                        || other_account.name != account.name)
            });
            if let Some((other, _)) = clash {
                let rule = if balance_sheet.contains(&role) || balance_sheet.contains(&other) {
                    "is also used by"
                } else {
                    "is used under another name by"
                };
                push(role, "code", format!("`{}` {rule} {other}", account.code));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}

/// A tenant's chart versions in the order they were recorded, each with the first month it
/// takes effect from (none: every month). A change takes effect from the first month open
/// when it was recorded, so a closed month keeps the accounts it closed with
/// (docs/ledger.md, Chart of accounts): the chart of a month is the last version recorded
/// that takes effect by it, the defaults before any.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ChartsInForce {
    versions: Vec<(Option<Period>, ChartOfAccounts)>,
}

impl ChartsInForce {
    pub fn new(versions: Vec<(Option<Period>, ChartOfAccounts)>) -> ChartsInForce {
        ChartsInForce { versions }
    }

    /// The chart `period`'s entries post to.
    pub fn for_month(&self, period: Period) -> ChartOfAccounts {
        self.versions
            .iter()
            .rev()
            .find(|(from, _)| from.is_none_or(|from| from <= period))
            .map(|(_, chart)| chart.clone())
            .unwrap_or_default()
    }

    /// The chart recorded last: the one open months post to.
    pub fn latest(&self) -> ChartOfAccounts {
        self.versions
            .last()
            .map(|(_, chart)| chart.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_month_posts_to_the_last_chart_recorded_that_takes_effect_by_it() {
        let month = |text: &str| Period::parse(text).ok();
        let coded = |code: &str| ChartOfAccounts {
            receivable: Account::new(code, "Receivables"),
            ..ChartOfAccounts::default()
        };
        let charts = ChartsInForce::new(vec![
            (None, coded("1101")),
            // Recorded with January to March closed.
            (month("2026-04"), coded("1102")),
            // March reopened, then a change.
            (month("2026-03"), coded("1103")),
        ]);
        let code = |text: &str| {
            charts
                .for_month(month(text).unwrap_or_else(|| panic!("{text}")))
                .receivable
                .code
                .to_string()
        };
        assert_eq!(code("2026-02"), "1101");
        assert_eq!(code("2026-03"), "1103");
        assert_eq!(code("2026-09"), "1103");
        assert_eq!(&*charts.latest().receivable.code, "1103");
        let none = ChartsInForce::default();
        assert_eq!(
            none.for_month(Period::of(time::macros::date!(2026 - 01 - 01))),
            ChartOfAccounts::default()
        );
    }

    use super::*;

    fn problems(chart: &ChartOfAccounts) -> Vec<String> {
        chart
            .validate()
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|problem| format!("{}: {}", problem.field, problem.message))
            .collect()
    }

    #[test]
    fn the_default_chart_is_valid_and_roles_round_trip() {
        assert_eq!(ChartOfAccounts::default().validate(), Ok(()));
        for role in AccountRole::all() {
            assert_eq!(AccountRole::parse(&role.to_string()), Some(role));
        }
        assert_eq!(
            ChartOfAccounts::default()
                .revenue_account(PobType::Services)
                .code
                .as_ref(),
            "4100"
        );
    }

    #[test]
    fn revenue_types_may_share_an_account_under_one_name() {
        let mut chart = ChartOfAccounts::default();
        *chart.account_mut(AccountRole::Revenue(PobType::License)) =
            Account::new("4400", "Hardware Revenue");
        assert_eq!(chart.validate(), Ok(()));
        *chart.account_mut(AccountRole::Revenue(PobType::License)) =
            Account::new("4400", "Product");
        assert_eq!(
            problems(&chart),
            [
                "revenue.hardware.code: `4400` is used under another name by revenue.license",
                "revenue.license.code: `4400` is used under another name by revenue.hardware",
            ]
        );
    }

    #[test]
    fn balance_sheet_accounts_stand_alone_and_bad_text_is_named() {
        let mut chart = ChartOfAccounts {
            deferred_revenue: Account::new("1200", "Deferred Revenue"),
            ..ChartOfAccounts::default()
        };
        *chart.account_mut(AccountRole::Revenue(PobType::Support)) =
            Account::new("4200", "=SUM(A1)");
        *chart.account_mut(AccountRole::Revenue(PobType::Hardware)) =
            Account::new("44 00", "Hardware Revenue");
        assert_eq!(
            problems(&chart),
            [
                "revenue.hardware.code: must be 1 to 32 letters, digits, `.`, `-` or `_` (got `44 00`)",
                "revenue.support.name: must not start with `=`: a spreadsheet would read the exported cell as a formula",
                "receivable.code: `1200` is also used by deferred_revenue",
                "deferred_revenue.code: `1200` is also used by receivable",
            ]
        );
    }
}
