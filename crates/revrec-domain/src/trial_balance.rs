//! The trial balance of the revenue subledger: every account's balance at a month end, from
//! the same postings as the journal entries, read from the rollups in O(months).
//!
//! The journal posts, per contract and month, Dr receivable / Cr deferred revenue for what
//! is billed (`booked`) and Dr deferred revenue / Cr the type's revenue account for what is
//! earned (`recognized`). Summed through a month end, by account:
//!
//! * receivable: `Σ booked` (a debit balance),
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
use crate::currency::Currency;
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
    // Net debits by role first (credits negative), then by account code.
    let mut by_role: BTreeMap<AccountRole, i64> =
        AccountRole::all().map(|role| (role, 0)).collect();
    let mut billed_by_invoices = false;
    for (key, amounts) in rollup.rows().filter(|(key, _)| key.period <= period) {
        // Revenue earned before a first invoice is already a contract asset.
        billed_by_invoices |= amounts.invoiced != 0 || amounts.asset_change != 0;
        *by_role.entry(AccountRole::Receivable).or_default() += amounts.booked;
        *by_role.entry(AccountRole::ContractAsset).or_default() += amounts.asset_change;
        *by_role.entry(AccountRole::DeferredRevenue).or_default() -=
            crate::waterfall::liability_change(amounts);
        *by_role
            .entry(AccountRole::Revenue(key.pob_type))
            .or_default() -= amounts.recognized;
    }
    if !billed_by_invoices {
        // Nothing can post to it: the billed-at-start convention has no contract assets.
        by_role.remove(&AccountRole::ContractAsset);
    }
    let mut by_code: BTreeMap<&str, (&Account, i64)> = BTreeMap::new();
    for (role, net) in by_role {
        let account = chart.account(role);
        by_code
            .entry(account.code.as_str())
            .or_insert((account, 0))
            .1 += net;
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
            .map(|row| (row.account.code.as_str(), row.debit, row.credit))
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
