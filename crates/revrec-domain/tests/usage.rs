//! Usage lines in a contract's plan (docs/asc606.md §15, ASC 606-10-55-18 and 32-40): a
//! platform subscription beside metered API calls, 100,000 calls a month included, then
//! 0.001 a call up to a million and 0.0005 beyond.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::usage::{Quantity, Tier, UnitRate, UsagePricing};
use revrec_domain::{
    Amendment, Consumption, ContractTerms, ContractUsage, Currency, MonthUsage, Period,
    PlanHistory, Quarter, Rollup, note6,
};
use support::{cents, contract, line, monthly_revenue, usd};
use time::macros::date;

fn platform_and_api_calls() -> ContractTerms {
    let mut terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        None,
        vec![
            line("Platform", "subscription", "12000.00", None),
            line("API calls", "subscription", "0.00", None),
        ],
    );
    let pricing = UsagePricing::new(
        UnitRate::parse("0.0005").unwrap(),
        Quantity::units(100_000).unwrap(),
        vec![Tier {
            up_to: Some(Quantity::units(1_000_000).unwrap()),
            rate: UnitRate::parse("0.001").unwrap(),
        }],
    )
    .unwrap();
    for (obligation, id) in terms
        .obligations
        .iter_mut()
        .zip(["pob_platform", "pob_calls"])
    {
        obligation.id = Some(id.into());
    }
    terms.obligations[1].consumption = Some(Consumption::Usage(Some(pricing)));
    terms
}

fn quarter_usage() -> ContractUsage {
    let month = |text: &str, units: i64, amount: i64| MonthUsage {
        period: Period::parse(text).unwrap(),
        quantity: Quantity::units(units).unwrap(),
        amount,
    };
    ContractUsage::from([(
        "pob_calls".to_owned(),
        vec![
            month("2026-01", 250_000, 0),
            month("2026-02", 80_000, 0),
            // A record that carried its own rated amount, beside the metered calls.
            month("2026-03", 1_500_000, usd("12.34")),
        ],
    )])
}

#[test]
fn each_months_rated_usage_is_its_revenue_and_never_in_rpo() {
    let terms = platform_and_api_calls();
    let signed = PlanHistory::new(&terms).unwrap();
    // Nothing is allocated to usage at inception: the fixed price is the platform's.
    assert_eq!(
        signed.current().obligations()[0].allocated(),
        usd("12000.00")
    );
    assert_eq!(signed.current().obligations()[1].allocated(), 0);

    let history = signed.with_usage(&quarter_usage());
    let months = monthly_revenue(&history);
    // January 150.00 of calls (150,000 past the included at 0.001); February within the
    // included; March 900.00 + 250.00 + 12.34.
    assert_eq!(months[0], ("2026-01".into(), "1169.18".into()));
    assert_eq!(months[1], ("2026-02".into(), "920.55".into()));
    assert_eq!(months[2], ("2026-03".into(), "2181.51".into()));
    let plan = history.current();
    assert_eq!(cents(plan.transaction_price()), "13312.34");
    let year: i64 = plan.schedule().total_revenue().iter().sum();
    assert_eq!(year, plan.transaction_price());

    // Note 6: the usage is revenue of the quarter and none of it is in RPO.
    let mut rollup = Rollup::new();
    rollup.add_contract(&history);
    let q1 = note6(&rollup, Currency::USD, Quarter::new(2026, 1).unwrap());
    assert_eq!(cents(q1.rpo_total), "9041.10");
    assert_eq!(
        cents(q1.rpo_total - q1.rpo_next_12_months - q1.rpo_thereafter),
        "0.00"
    );
}

#[test]
fn a_termination_keeps_the_usage_rated_before_it_and_a_change_leaves_earlier_months() {
    let history = PlanHistory::new(&platform_and_api_calls()).unwrap();
    let usage = quarter_usage();
    let ended = history
        .amend(&Amendment::Termination {
            effective: date!(2026 - 03 - 01),
        })
        .unwrap()
        .with_usage(&usage);
    let calls = &ended.current().obligations()[1];
    // January and February's calls stay; nothing after the termination.
    assert_eq!(cents(calls.allocated()), "150.00");
    assert_eq!(
        cents(calls.recognized_through(date!(2026 - 12 - 31))),
        "150.00"
    );

    let before = monthly_revenue(&history.clone().with_usage(&usage));
    let mut raised = platform_and_api_calls();
    raised.obligations[0].stated_price = Some(usd("18000.00"));
    raised.transaction_price = usd("18000.00");
    let changed = history
        .amend(&Amendment::Prospective {
            effective: date!(2026 - 04 - 01),
            terms: raised,
        })
        .unwrap()
        .with_usage(&usage);
    assert_eq!(monthly_revenue(&changed)[..3], before[..3]);
    // The calls keep their own price, what they were rated.
    assert_eq!(
        cents(changed.current().obligations()[1].allocated()),
        "1312.34"
    );
}
