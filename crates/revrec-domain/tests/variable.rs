//! Variable consideration (ASC 606-10-32-5 to 32-14, 32-42 to 32-44), on the worked case of
//! the issue that asked for it: a managed service for 2026 at 120,000.00 USD, daily, with an
//! uptime bonus of 24,000.00 (most likely amount: 24,000 at 0.7, nothing at 0.3) constrained
//! to nothing at inception, then included whole as of 1 July: a change in estimate, a
//! cumulative catch-up on the inception basis in the month of its `as_of`.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::variable::{
    EstimateMethod, Probability, Scenario, VariableScope, allocate_price, check_included, estimate,
};
use revrec_domain::{Amendment, Period, PlanHistory};
use support::{cents, contract, usd};
use time::macros::date;

fn month(history: &PlanHistory, text: &str) -> String {
    let schedule = history.current().schedule();
    let revenue = schedule.total_revenue();
    let first = schedule.first();
    let period = Period::parse(text).unwrap();
    let mut at = first;
    let mut index = 0;
    while at < period {
        at = at.next();
        index += 1;
    }
    cents(revenue[index])
}

#[test]
fn an_uptime_bonus_included_as_of_july_is_a_catch_up_in_july_and_the_year_sums_to_the_price() {
    let bonus = [
        Scenario {
            amount: usd("24000.00"),
            probability: Probability::parse("0.7").unwrap(),
        },
        Scenario {
            amount: 0,
            probability: Probability::parse("0.3").unwrap(),
        },
    ];
    let most_likely = estimate(EstimateMethod::MostLikelyAmount, &bonus).unwrap();
    let terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("120000.00"),
        vec![],
    );
    // At inception the constraint includes nothing: the price is the fixed price.
    check_included(0, most_likely).unwrap();
    let weights = [1_u128];
    let inception = allocate_price(
        terms.transaction_price,
        &weights,
        &[(0, VariableScope::AllObligations)],
    )
    .unwrap();
    assert_eq!(inception.totals(), [usd("120000.00")]);
    let signed = PlanHistory::new(&terms).unwrap();
    assert_eq!(month(&signed, "2026-01"), "10191.78");
    assert_eq!(month(&signed, "2026-02"), "9205.48");

    // As of 1 July the whole bonus is included: 144,000.00, on the inception basis.
    let included = usd("24000.00");
    check_included(included, most_likely).unwrap();
    let reassessed = allocate_price(
        terms.transaction_price,
        &weights,
        &[(included, VariableScope::AllObligations)],
    )
    .unwrap();
    let mut with_bonus = terms.clone();
    with_bonus.transaction_price = reassessed.totals().iter().sum();
    assert_eq!(with_bonus.transaction_price, usd("144000.00"));
    let amended = signed
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 07 - 01),
            terms: with_bonus,
        })
        .unwrap();
    for (text, before) in [
        ("2026-01", "10191.78"),
        ("2026-02", "9205.48"),
        ("2026-06", month(&signed, "2026-06").as_str()),
    ] {
        assert_eq!(month(&amended, text), before, "{text} never moves");
    }
    // July: its own 12,230.14 and the 11,901.37 January to June would have had.
    assert_eq!(month(&amended, "2026-07"), "24131.51");
    assert_eq!(month(&amended, "2026-08"), "12230.13");
    let year: i64 = amended.current().schedule().total_revenue().iter().sum();
    assert_eq!(cents(year), "144000.00");
}
