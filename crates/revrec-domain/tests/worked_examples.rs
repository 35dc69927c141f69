//! The worked examples of docs/asc606.md, cent for cent. Each table was derived by hand
//! from the rules and re-derived by docs/oracle/asc606_oracle.py with exact fractions.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::{
    Amendment, ChartOfAccounts, Convention, Currency, EntrySource, PeriodRange, PlanHistory,
    Quarter, Rollup, journal_entries, note6, waterfall,
};
use support::{cents, contract, line, monthly_revenue, obligation_revenue, pairs, usd};
use time::macros::date;

fn subscription_2026() -> PlanHistory {
    PlanHistory::new(&contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("12000.00"),
        vec![],
    ))
    .unwrap()
}

#[test]
fn example_1_a_365_day_subscription() {
    assert_eq!(
        monthly_revenue(&subscription_2026()),
        pairs(&[
            ("2026-01", "1019.18"),
            ("2026-02", "920.55"),
            ("2026-03", "1019.17"),
            ("2026-04", "986.31"),
            ("2026-05", "1019.17"),
            ("2026-06", "986.30"),
            ("2026-07", "1019.18"),
            ("2026-08", "1019.18"),
            ("2026-09", "986.30"),
            ("2026-10", "1019.18"),
            ("2026-11", "986.30"),
            ("2026-12", "1019.18"),
        ])
    );
}

#[test]
fn example_2_a_leap_year_term_starting_on_the_31st() {
    let history = PlanHistory::new(&contract(
        date!(2024 - 01 - 31),
        date!(2025 - 01 - 30),
        Some("10000.00"),
        vec![],
    ))
    .unwrap();
    assert_eq!(
        monthly_revenue(&history),
        pairs(&[
            ("2024-01", "27.32"),
            ("2024-02", "792.35"),
            ("2024-03", "847.00"),
            ("2024-04", "819.67"),
            ("2024-05", "846.99"),
            ("2024-06", "819.68"),
            ("2024-07", "846.99"),
            ("2024-08", "846.99"),
            ("2024-09", "819.68"),
            ("2024-10", "846.99"),
            ("2024-11", "819.67"),
            ("2024-12", "847.00"),
            ("2025-01", "819.67"),
        ])
    );
}

#[test]
fn example_3_a_bundle_whose_naive_rounding_is_off_by_a_cent() {
    let terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("80.00"),
        vec![
            line("Phone", "hardware", "20.00", None),
            line("Minutes", "subscription", "30.00", None),
            line("Setup", "services", "40.00", None),
        ],
    );
    let history = PlanHistory::new(&terms).unwrap();
    let allocated: Vec<String> = history
        .current()
        .obligations()
        .iter()
        .map(|o| cents(o.allocated()))
        .collect();
    // Rounding each share gives 17.78 + 26.67 + 35.56 = 80.01.
    assert_eq!(allocated, ["17.78", "26.67", "35.55"]);
}

fn bundle_2026() -> PlanHistory {
    let mut onboarding = line("Onboarding", "services", "2000.00", Some("3000"));
    onboarding.delivery_date = Some(date!(2026 - 02 - 15));
    PlanHistory::new(&contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("14000.00"),
        vec![
            line("Platform", "subscription", "12000.00", Some("12000")),
            onboarding,
        ],
    ))
    .unwrap()
}

#[test]
fn example_4_a_prospective_modification_mid_year() {
    let history = bundle_2026();
    let allocated: Vec<String> = history
        .current()
        .obligations()
        .iter()
        .map(|o| cents(o.allocated()))
        .collect();
    assert_eq!(allocated, ["11200.00", "2800.00"]);

    let mut onboarding = line("Onboarding", "services", "2000.00", Some("3000"));
    onboarding.delivery_date = Some(date!(2026 - 02 - 15));
    let mut support = line("Support", "support", "2400.00", Some("2400"));
    support.service_start = Some(date!(2026 - 07 - 01));
    let amended = history
        .amend(&Amendment::Prospective {
            effective: date!(2026 - 07 - 01),
            terms: contract(
                date!(2026 - 01 - 01),
                date!(2026 - 12 - 31),
                Some("16400.00"),
                vec![
                    line("Platform", "subscription", "12000.00", Some("12000")),
                    onboarding,
                    support,
                ],
            ),
        })
        .unwrap();
    let plan = amended.current();
    assert_eq!(
        cents(plan.recognized_through(date!(2026 - 06 - 30))),
        "8353.97"
    );
    let allocated: Vec<String> = plan
        .obligations()
        .iter()
        .map(|o| cents(o.allocated()))
        .collect();
    // Platform: 5553.97 recognized + 5760.58 of the 8046.03 pool; Onboarding was delivered.
    assert_eq!(allocated, ["11314.55", "2800.00", "2285.45"]);
    assert_eq!(cents(plan.transaction_price()), "16400.00");
    assert_eq!(
        obligation_revenue(&amended, 0),
        [
            "951.23", "859.18", "951.23", "920.55", "951.23", "920.55", "970.53", "970.54",
            "939.22", "970.53", "939.23", "970.53",
        ]
    );
    assert_eq!(
        obligation_revenue(&amended, 2),
        [
            "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "385.05", "385.05", "372.63", "385.04",
            "372.63", "385.05"
        ]
    );
    // Revenue before the effective date is untouched.
    let before = history.current().schedule();
    let after = plan.schedule();
    for index in 0..2 {
        assert_eq!(before.revenue(index)[..6], after.revenue(index)[..6]);
    }
}

#[test]
fn example_5_a_cumulative_catch_up_mid_year() {
    let amended = subscription_2026()
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 07 - 01),
            terms: contract(
                date!(2026 - 01 - 01),
                date!(2026 - 12 - 31),
                Some("15000.00"),
                vec![],
            ),
        })
        .unwrap();
    assert_eq!(
        monthly_revenue(&amended),
        pairs(&[
            ("2026-01", "1019.18"),
            ("2026-02", "920.55"),
            ("2026-03", "1019.17"),
            ("2026-04", "986.31"),
            ("2026-05", "1019.17"),
            ("2026-06", "986.30"),
            ("2026-07", "2761.65"),
            ("2026-08", "1273.97"),
            ("2026-09", "1232.88"),
            ("2026-10", "1273.97"),
            ("2026-11", "1232.88"),
            ("2026-12", "1273.97"),
        ])
    );
    assert_eq!(cents(amended.current().transaction_price()), "15000.00");
}

#[test]
fn a_downward_catch_up_gives_negative_revenue_in_the_effective_month() {
    let amended = subscription_2026()
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 07 - 01),
            terms: contract(
                date!(2026 - 01 - 01),
                date!(2026 - 12 - 31),
                Some("6000.00"),
                vec![],
            ),
        })
        .unwrap();
    // R_new(31 July) = round(600000 × 212/365) = 348493; R_old(30 June) = 595068.
    assert_eq!(
        monthly_revenue(&amended)[6],
        ("2026-07".into(), "-2465.75".into())
    );
}

fn terminated_2026() -> PlanHistory {
    subscription_2026()
        .amend(&Amendment::Termination {
            effective: date!(2026 - 10 - 01),
        })
        .unwrap()
}

#[test]
fn example_6_a_termination() {
    let history = terminated_2026();
    assert_eq!(
        monthly_revenue(&history),
        pairs(&[
            ("2026-01", "1019.18"),
            ("2026-02", "920.55"),
            ("2026-03", "1019.17"),
            ("2026-04", "986.31"),
            ("2026-05", "1019.17"),
            ("2026-06", "986.30"),
            ("2026-07", "1019.18"),
            ("2026-08", "1019.18"),
            ("2026-09", "986.30"),
            ("2026-10", "0.00"),
        ])
    );
    assert_eq!(cents(history.current().transaction_price()), "8975.34");
}

#[test]
fn example_7_the_three_ratable_conventions() {
    let expected = [
        (Convention::Daily, ["177.78", "311.11", "344.44", "166.67"]),
        (
            Convention::MonthlyEqual,
            ["250.00", "250.00", "250.00", "250.00"],
        ),
        (
            Convention::ProratedFirstLast,
            ["171.12", "331.55", "331.55", "165.78"],
        ),
    ];
    for (convention, months) in expected {
        let mut terms = contract(
            date!(2026 - 01 - 16),
            date!(2026 - 04 - 15),
            Some("1000.00"),
            vec![],
        );
        terms.convention = convention;
        let history = PlanHistory::new(&terms).unwrap();
        assert_eq!(obligation_revenue(&history, 0), months, "{convention}");
    }
}

#[test]
fn example_8_waterfall_and_note_6_of_a_small_portfolio() {
    let mut rollup = Rollup::new();
    rollup.add_contract(&subscription_2026());
    rollup.add_contract(&terminated_2026());

    let range = PeriodRange::new("2026-09".parse_period(), "2026-11".parse_period()).unwrap();
    let result = waterfall(&rollup, Currency::USD, range);
    let rows: Vec<(String, String, String)> = result
        .rows
        .iter()
        .map(|row| {
            (
                row.period.to_string(),
                cents(row.recognized),
                cents(row.deferred_balance),
            )
        })
        .collect();
    // September: 2 × 986.30 earned, 2 × 3024.66 deferred. October: the termination releases
    // the second contract's 3024.66, only the first earns.
    assert_eq!(
        rows,
        [
            ("2026-09".into(), "1972.60".into(), "6049.32".into()),
            ("2026-10".into(), "1019.18".into(), "2005.48".into()),
            ("2026-11".into(), "986.30".into(), "1019.18".into()),
        ]
    );

    let q3 = note6(&rollup, Currency::USD, Quarter::new(2026, 3).unwrap());
    assert_eq!(cents(q3.total_revenue), "6049.32");
    // At 30 September neither contract is terminated yet: both have 3024.66 left, all of it
    // expected within twelve months under the terms then in force.
    assert_eq!(cents(q3.rpo_total), "6049.32");
    assert_eq!(cents(q3.rpo_next_12_months), "6049.32");
    assert_eq!(cents(q3.rpo_thereafter), "0.00");
    assert_eq!(cents(q3.opening_deferred), "12098.64");
    assert_eq!(cents(q3.closing_deferred), "6049.32");
    assert_eq!(cents(q3.revenue_from_opening_deferred), "6049.32");

    let q4 = note6(&rollup, Currency::USD, Quarter::new(2026, 4).unwrap());
    assert_eq!(cents(q4.total_revenue), "3024.66");
    assert_eq!(cents(q4.rpo_total), "0.00");
    assert_eq!(cents(q4.closing_deferred), "0.00");
}

#[test]
fn example_9_journal_entries_of_the_first_and_termination_months() {
    let history = terminated_2026();
    let source = EntrySource {
        tenant: "acme",
        contract_id: "ctr_1",
        restatements: 0,
    };
    let entries = journal_entries(
        history.current(),
        history.billing(),
        source,
        &ChartOfAccounts::default(),
        None,
    );
    let render = |index: usize| -> Vec<String> {
        entries[index]
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
    assert_eq!(entries.len(), 10);
    assert_eq!(
        render(0),
        [
            "1200 Dr 12000.00 Cr 0.00",
            "2400 Dr 0.00 Cr 12000.00",
            "2400 Dr 1019.18 Cr 0.00",
            "4000 Dr 0.00 Cr 1019.18"
        ]
    );
    // October: the unearned 3024.66 is released; nothing is earned.
    assert_eq!(
        render(9),
        ["1200 Dr 0.00 Cr 3024.66", "2400 Dr 3024.66 Cr 0.00"]
    );
    assert!(entries.iter().all(|entry| entry.is_balanced()));
    assert_eq!(entries[0].version, 1);
    assert_eq!(entries[9].version, 2);
    assert_eq!(entries[0].date, date!(2026 - 01 - 31));
    assert!(entries[0].id.starts_with("je_") && entries[0].id.len() == 35);
    assert_ne!(entries[0].id, entries[1].id);
    assert_eq!(usd("3024.66"), 302_466);
}

trait ParsePeriod {
    fn parse_period(self) -> revrec_domain::Period;
}

impl ParsePeriod for &str {
    fn parse_period(self) -> revrec_domain::Period {
        revrec_domain::Period::parse(self).unwrap()
    }
}
