//! The trial balance of the revenue subledger: every account's balance at a month end, from
//! the same postings as the journal entries, read from the rollups in O(months).
//!
//! The journal posts, per contract and month, Dr receivable / Cr deferred revenue for what
//! is billed (`booked`) and Dr deferred revenue / Cr the type's revenue account for what is
//! earned (`recognized`). Summed through a month end, by account:
//!
//! * receivable: `Σ booked − Σ paid + Σ credit_change` (a debit balance; billed less
//!   received, never below zero per contract),
//! * cash clearing: `Σ paid`, and customer credit: `Σ credit_change` (listed once a
//!   contract of the selection has received cash),
//! * contract asset: `Σ asset_change` (a debit balance; listed once a contract of the
//!   selection is billed by invoices),
//! * deferred revenue: `Σ booked − Σ recognized + Σ asset_change` (a credit balance, never
//!   negative),
//! * each revenue account: `Σ recognized` of its types (a credit balance).
//!
//! Balances are life to date: the subledger does not close revenue into retained earnings
//! at a year end; the general ledger does that.

use std::collections::BTreeMap;

use crate::chart::{Account, AccountRole, ChartOfAccounts};
use crate::contract::PobType;
use crate::currency::Currency;
use crate::journal::{EntryKind, EntryScope};
use crate::period::Period;
use crate::rollup::Rollup;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AccountBalance {
    pub account: Account,
    /// Exactly one of `debit` and `credit` is non-zero, or both are zero.
    pub debit: i64,
    pub credit: i64,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TrialBalance {
    pub currency: Currency,
    /// Balances at the end of this month.
    pub period: Period,
    /// Every account of the chart, by code (accounts that share a code appear once).
    pub accounts: Vec<AccountBalance>,
    pub total_debit: i64,
    pub total_credit: i64,
}

pub fn trial_balance(
    rollup: &Rollup,
    chart: &ChartOfAccounts,
    currency: Currency,
    period: Period,
) -> TrialBalance {
    scoped_trial_balance(rollup, chart, currency, period, EntryScope::All)
}

/// The trial balance of the journal's entries of `scope` alone (docs/ledger.md,
/// `entries=`): what a general ledger that imports only those entries holds. `Recognition`
/// and `Billing` add up to `All`, account by account.
pub fn scoped_trial_balance(
    rollup: &Rollup,
    chart: &ChartOfAccounts,
    currency: Currency,
    period: Period,
    scope: EntryScope,
) -> TrialBalance {
    // Net debits by role first (credits negative), then by account code.
    let mut by_role: BTreeMap<AccountRole, i64> =
        AccountRole::all().map(|role| (role, 0)).collect();
    let (mut billed_by_invoices, mut cash, mut usage) = (false, false, false);
    let (recognition, billing) = (
        scope.takes(EntryKind::Recognition),
        scope.takes(EntryKind::Billing),
    );
    for (key, amounts) in rollup.rows().filter(|(key, _)| key.period <= period) {
        // Revenue earned before a first invoice is already a contract asset.
        billed_by_invoices |= amounts.invoiced != 0 || amounts.asset_change != 0;
        cash |= amounts.paid != 0 || amounts.credit_change != 0;
        usage |= key.pob_type == PobType::Usage;
        let mut post = |role: AccountRole, net: i64| {
            *by_role.entry(role).or_default() += net;
        };
        if recognition {
            post(AccountRole::Revenue(key.pob_type), -amounts.recognized);
            post(AccountRole::ContractAsset, amounts.asset_earned);
            post(
                AccountRole::DeferredRevenue,
                amounts.recognized - amounts.asset_earned,
            );
        }
        if billing {
            let asset_billed = amounts.asset_change - amounts.asset_earned;
            post(
                AccountRole::Receivable,
                amounts.booked - amounts.paid + amounts.credit_change,
            );
            post(AccountRole::CashClearing, amounts.paid);
            post(AccountRole::CustomerCredit, -amounts.credit_change);
            post(AccountRole::ContractAsset, asset_billed);
            post(AccountRole::DeferredRevenue, -amounts.booked - asset_billed);
        }
    }
    if !billed_by_invoices {
        // Nothing can post to it: the billed-at-start convention has no contract assets.
        by_role.remove(&AccountRole::ContractAsset);
    }
    if !cash {
        // No cash recorded: the subledger leaves cash to the general ledger.
        by_role.remove(&AccountRole::CashClearing);
        by_role.remove(&AccountRole::CustomerCredit);
    }
    if !billing {
        by_role.remove(&AccountRole::Receivable);
        by_role.remove(&AccountRole::CashClearing);
        by_role.remove(&AccountRole::CustomerCredit);
    }
    if !usage {
        // No usage line's revenue in the books: a tenant without usage lines sees the
        // accounts it always saw.
        by_role.remove(&AccountRole::Revenue(PobType::Usage));
    }
    if !recognition {
        by_role.retain(|role, _| !matches!(role, AccountRole::Revenue(_)));
    }
    let mut by_code: BTreeMap<&str, (&Account, i64)> = BTreeMap::new();
    for (role, net) in by_role {
        let account = chart.account(role);
        by_code.entry(&*account.code).or_insert((account, 0)).1 += net;
    }
    let accounts: Vec<AccountBalance> = by_code
        .into_values()
        .map(|(account, net)| AccountBalance {
            account: account.clone(),
            debit: net.max(0),
            credit: (-net).max(0),
        })
        .collect();
    TrialBalance {
        currency,
        period,
        total_debit: accounts.iter().map(|balance| balance.debit).sum(),
        total_credit: accounts.iter().map(|balance| balance.credit).sum(),
        accounts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::PobType;
    use crate::recognition::Timing;
    use crate::rollup::{RollupAmounts, RollupKey};

    #[test]
    fn balances_are_life_to_date_by_account_and_balance() {
        let key = |period: &str, pob_type| RollupKey {
            period: Period::parse(period).unwrap(),
            pob_type,
            timing: Timing::OverTime,
        };
        let rollup = Rollup::from_rows([
            (
                key("2026-01", PobType::Subscription),
                RollupAmounts {
                    booked: 1_200,
                    recognized: 100,
                    ..Default::default()
                },
            ),
            (
                key("2026-01", PobType::Services),
                RollupAmounts {
                    booked: 300,
                    recognized: 300,
                    ..Default::default()
                },
            ),
            (
                key("2026-02", PobType::Subscription),
                RollupAmounts {
                    recognized: 100,
                    ..Default::default()
                },
            ),
        ]);
        let balance = trial_balance(
            &rollup,
            &ChartOfAccounts::default(),
            Currency::USD,
            Period::parse("2026-01").unwrap(),
        );
        let rows: Vec<_> = balance
            .accounts
            .iter()
            .map(|row| (&*row.account.code, row.debit, row.credit))
            .collect();
        assert_eq!(
            rows,
            [
                ("1200", 1_500, 0),
                ("2400", 0, 1_100),
                ("4000", 0, 100),
                ("4100", 0, 300),
                ("4200", 0, 0),
                ("4300", 0, 0),
                ("4400", 0, 0),
            ]
        );
        assert_eq!((balance.total_debit, balance.total_credit), (1_500, 1_500));
    }
}
