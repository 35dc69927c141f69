//! Invoices and contract balances (docs/asc606.md §12). Worked example 12 of
//! docs/asc606.md: 12,000.00 for 2026 recognized daily and billed 3,000.00 at each
//! quarter's end, in arrears.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::{
    Billing, ChartOfAccounts, Currency, EntrySource, Invoice, Period, PeriodRange, PlanHistory,
    Quarter, Rollup, journal_entries, note6, trial_balance, waterfall,
};
use support::{cents, contract, usd};
use time::macros::date;

fn billed_quarterly_in_arrears() -> PlanHistory {
    let terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("12000.00"),
        vec![],
    );
    let invoices = [date!(2026 - 03 - 31), date!(2026 - 06 - 30)]
        .into_iter()
        .map(|date| Invoice {
            date,
            amount: usd("3000.00"),
            number: None,
        })
        .collect();
    PlanHistory::new(&terms)
        .unwrap()
        .with_billing(Billing::new(invoices))
}

fn range(first: &str, last: &str) -> PeriodRange {
    PeriodRange::new(Period::parse(first).unwrap(), Period::parse(last).unwrap()).unwrap()
}

fn rollup(history: &PlanHistory) -> Rollup {
    let mut rollup = Rollup::new();
    rollup.add_contract(history);
    rollup
}

#[test]
fn example_12_an_asset_until_the_invoice_then_a_liability() {
    let history = billed_quarterly_in_arrears();
    let report = waterfall(
        &rollup(&history),
        Currency::USD,
        range("2026-01", "2026-06"),
    );
    assert!(report.billed_by_invoices);
    let rows: Vec<[String; 4]> = report
        .rows
        .iter()
        .map(|row| {
            [
                cents(row.recognized),
                cents(row.billed),
                cents(row.contract_asset_balance),
                cents(row.deferred_balance),
            ]
        })
        .collect();
    assert_eq!(
        rows,
        [
            ["1019.18", "0.00", "1019.18", "0.00"],
            ["920.55", "0.00", "1939.73", "0.00"],
            ["1019.17", "3000.00", "0.00", "41.10"],
            ["986.31", "0.00", "945.21", "0.00"],
            ["1019.17", "0.00", "1964.38", "0.00"],
            ["986.30", "3000.00", "0.00", "49.32"],
        ]
    );

    let q2 = note6(
        &rollup(&history),
        Currency::USD,
        Quarter::parse("2026-Q2").unwrap(),
    );
    assert_eq!(
        [
            q2.opening_receivables,
            q2.closing_receivables,
            q2.opening_contract_assets,
            q2.closing_contract_assets,
            q2.opening_deferred,
            q2.closing_deferred,
            q2.revenue_from_opening_deferred,
        ]
        .map(cents),
        [
            "3000.00", "6000.00", "0.00", "0.00", "41.10", "49.32", "41.10"
        ]
    );
}

#[test]
fn example_12_journal_clears_the_asset_before_deferring_and_ties_to_the_trial_balance() {
    let history = billed_quarterly_in_arrears();
    let chart = ChartOfAccounts::default();
    let source = EntrySource {
        tenant: "t",
        contract_id: "ctr_1",
        restatements: 0,
    };
    let entries = journal_entries(history.current(), history.billing(), source, &chart, None);
    let lines = |month: usize| -> Vec<String> {
        entries[month]
            .lines
            .iter()
            .map(|line| {
                format!(
                    "{} Dr {} Cr {}",
                    line.account.code,
                    cents(line.debit),
                    cents(line.credit)
                )
            })
            .collect()
    };
    assert_eq!(
        lines(0),
        ["4000 Dr 0.00 Cr 1019.18", "1300 Dr 1019.18 Cr 0.00"]
    );
    assert_eq!(
        lines(2),
        [
            "1200 Dr 3000.00 Cr 0.00",
            "1300 Dr 0.00 Cr 1939.73",
            "2400 Dr 0.00 Cr 1060.27",
            "4000 Dr 0.00 Cr 1019.17",
            "2400 Dr 1019.17 Cr 0.00",
        ]
    );
    assert!(entries.iter().all(|entry| entry.is_balanced()));
    let april = trial_balance(
        &rollup(&history),
        &chart,
        Currency::USD,
        Period::parse("2026-04").unwrap(),
    );
    let balances: Vec<String> = april
        .accounts
        .iter()
        .filter(|account| account.debit != 0 || account.credit != 0)
        .map(|account| {
            format!(
                "{} {} {}",
                account.account.code,
                cents(account.debit),
                cents(account.credit)
            )
        })
        .collect();
    assert_eq!(
        balances,
        ["1200 3000.00 0.00", "1300 945.21 0.00", "4000 0.00 3945.21"]
    );
    assert_eq!(april.total_debit, april.total_credit);
}

#[test]
fn without_invoices_nothing_changes_and_no_contract_asset_is_listed() {
    let terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("12000.00"),
        vec![],
    );
    let history = PlanHistory::new(&terms).unwrap();
    let report = waterfall(
        &rollup(&history),
        Currency::USD,
        range("2026-01", "2026-02"),
    );
    assert!(!report.billed_by_invoices);
    assert_eq!(cents(report.rows[0].deferred_balance), "10980.82");
    assert_eq!(cents(report.rows[0].billed), "12000.00");
    let balance = trial_balance(
        &rollup(&history),
        &ChartOfAccounts::default(),
        Currency::USD,
        Period::parse("2026-01").unwrap(),
    );
    assert!(balance.accounts.iter().all(|a| &*a.account.code != "1300"));
}
