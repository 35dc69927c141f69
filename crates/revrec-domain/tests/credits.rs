//! Prepaid credits in a contract's plan (docs/asc606.md §15, ASC 606-10-55-46..49): a 2026
//! platform subscription of 12,000.00 beside 6,000 credits sold for 6,000.00 that expire
//! on 31 December, 5,000 of them expected to be used.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::usage::{Breakage, Quantity};
use revrec_domain::{
    Amendment, AmendmentError, Consumption, ContractTerms, ContractUsage, LineDraft, MonthUsage,
    Period, PlanHistory, PrepaidCredits, ValidationErrors,
};
use support::{cents, draft, line, obligation_revenue};
use time::macros::date;

fn credits(breakage: Breakage, expires_on: time::Date) -> LineDraft {
    LineDraft {
        recognition: Some("credits".into()),
        prepaid_credits: Some(PrepaidCredits {
            credits: Quantity::units(6_000).unwrap(),
            expires_on,
            expected_usage: Quantity::units(5_000).unwrap(),
            breakage,
        }),
        ..line("Credits", "services", "6000.00", None)
    }
}

fn platform_and_credits(breakage: Breakage) -> Result<ContractTerms, ValidationErrors> {
    let mut terms = draft(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        None,
        vec![
            line("Platform", "subscription", "12000.00", None),
            credits(breakage, date!(2026 - 12 - 31)),
        ],
    )
    .validate()?;
    terms.obligations[1].id = Some("pob_credits".into());
    Ok(terms)
}

/// 1,000 credits used in January, 1,500 in February.
fn used() -> ContractUsage {
    let month = |text: &str, units: i64| MonthUsage {
        period: Period::parse(text).unwrap(),
        quantity: Quantity::units(units).unwrap(),
        amount: 0,
    };
    ContractUsage::from([(
        "pob_credits".to_owned(),
        vec![month("2026-01", 1_000), month("2026-02", 1_500)],
    )])
}

#[test]
fn credits_earn_as_the_expected_ones_are_used_and_the_rest_when_they_expire() {
    let terms = platform_and_credits(Breakage::Proportional).unwrap();
    let signed = PlanHistory::new(&terms).unwrap();
    // Allocated like any fixed-price line; unused, all of it is breakage at expiry.
    assert_eq!(
        cents(signed.current().obligations()[1].allocated()),
        "6000.00"
    );
    let unused = obligation_revenue(&signed, 1);
    assert_eq!(unused[..11], vec!["0.00".to_owned(); 11][..]);
    assert_eq!(unused[11], "6000.00");

    let history = signed.with_usage(&used());
    let months = obligation_revenue(&history, 1);
    // 6,000.00 × 1,000 / 5,000; then × 2,500 / 5,000 less January; the rest on 31 December.
    assert_eq!(months[0], "1200.00");
    assert_eq!(months[1], "1800.00");
    assert_eq!(months[2], "0.00");
    assert_eq!(months[11], "3000.00");
    let plan = history.current();
    assert_eq!(cents(plan.transaction_price()), "18000.00");
    let year: i64 = plan.schedule().total_revenue().iter().sum();
    assert_eq!(year, plan.transaction_price());
}

#[test]
fn without_expected_breakage_credits_earn_by_all_of_them() {
    let history = PlanHistory::new(&platform_and_credits(Breakage::AtExpiry).unwrap())
        .unwrap()
        .with_usage(&used());
    let months = obligation_revenue(&history, 1);
    // 6,000.00 × 1,000 / 6,000, then × 2,500 / 6,000 less January.
    assert_eq!(months[0], "1000.00");
    assert_eq!(months[1], "1500.00");
    assert_eq!(months[11], "3500.00");
}

#[test]
fn a_termination_keeps_what_the_credits_used_before_it_earned() {
    let history = PlanHistory::new(&platform_and_credits(Breakage::Proportional).unwrap()).unwrap();
    let ended = history
        .amend(&Amendment::Termination {
            effective: date!(2026 - 03 - 01),
        })
        .unwrap()
        .with_usage(&used());
    let credits = &ended.current().obligations()[1];
    assert_eq!(cents(credits.allocated()), "3000.00");
    assert_eq!(
        cents(credits.recognized_through(date!(2026 - 12 - 31))),
        "3000.00"
    );
    // Rated again (a replay reads usage after every version), it stays where it was.
    let again = ended.with_usage(&used());
    assert_eq!(
        cents(again.current().obligations()[1].allocated()),
        "3000.00"
    );
}

#[test]
fn a_credits_line_names_credits_that_expire_inside_its_service() {
    let first_problem = |line: &LineDraft| {
        let errors = draft(
            date!(2026 - 01 - 01),
            date!(2026 - 12 - 31),
            None,
            vec![line.clone()],
        )
        .validate()
        .unwrap_err();
        errors.0[0].message.clone()
    };
    let mut line = credits(Breakage::Proportional, date!(2027 - 01 - 31));
    assert!(first_problem(&line).contains("expires_on 2027-01-31"));
    line.prepaid_credits = line.prepaid_credits.map(|credits| PrepaidCredits {
        expected_usage: Quantity::units(7_000).unwrap(),
        expires_on: date!(2026 - 06 - 30),
        ..credits
    });
    assert!(first_problem(&line).contains("must not exceed credits"));
    line.prepaid_credits = None;
    assert!(first_problem(&line).contains("is required"));
}

#[test]
fn a_revised_expected_usage_is_a_catch_up_in_the_month_it_takes_effect() {
    let terms = platform_and_credits(Breakage::Proportional).unwrap();
    let history = PlanHistory::new(&terms).unwrap();
    let mut revised = terms.clone();
    if let Some(Consumption::Credits(credits)) = &mut revised.obligations[1].consumption {
        credits.expected_usage = Quantity::units(4_000).unwrap();
    }
    let before = obligation_revenue(&history.clone().with_usage(&used()), 1);
    let changed = history
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 03 - 15),
            terms: revised.clone(),
        })
        .unwrap()
        .with_usage(&used());
    let months = obligation_revenue(&changed, 1);
    assert_eq!(months[..2], before[..2], "months before the change stay");
    // Through March, 6,000.00 × 2,500 / 4,000 = 3,750.00: 750.00 more than through February.
    assert_eq!(months[2], "750.00");
    assert_eq!(months[11], "2250.00");
    let year: i64 = changed.current().schedule().revenue(1).iter().sum();
    assert_eq!(cents(year), "6000.00");

    // Anything else about the credits stays as sold.
    if let Some(Consumption::Credits(credits)) = &mut revised.obligations[1].consumption {
        credits.credits = Quantity::units(7_000).unwrap();
    }
    let refused = history.amend(&Amendment::Prospective {
        effective: date!(2026 - 03 - 15),
        terms: revised,
    });
    assert!(matches!(
        refused,
        Err(AmendmentError::CreditsChanged { .. })
    ));
}
