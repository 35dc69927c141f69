//! Variable consideration (ASC 606-10-32-5 to 32-14, 32-39 to 32-44), on the worked case of
//! the issue that asked for it: a managed service for 2026 at 120,000.00 USD, daily, with an
//! uptime bonus of 24,000.00 (most likely amount: 24,000 at 0.7, nothing at 0.3) constrained
//! to nothing at inception, then included whole as of 1 July: a change in estimate, a
//! cumulative catch-up on the inception basis in the month of its `as_of`.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::{
    Amendment, ComponentDraft, ContractTerms, Period, PlanHistory, Probability, Scenario,
    ScopeDraft,
};
use support::{cents, draft, line, obligation_revenue, usd};
use time::macros::date;

fn month(history: &PlanHistory, text: &str) -> String {
    let schedule = history.current().schedule();
    let revenue = schedule.total_revenue();
    let index = schedule
        .periods()
        .position(|period| period == Period::parse(text).unwrap())
        .unwrap();
    cents(revenue[index])
}

fn uptime_bonus(included: &str) -> ComponentDraft {
    ComponentDraft {
        id: "uptime".into(),
        kind: "bonus".into(),
        method: "most_likely_amount".into(),
        scenarios: Some(vec![
            Scenario {
                amount: usd("24000.00"),
                probability: Probability::parse("0.7").unwrap(),
            },
            Scenario {
                amount: 0,
                probability: Probability::parse("0.3").unwrap(),
            },
        ]),
        included_amount: usd(included),
        ..ComponentDraft::default()
    }
}

fn managed_service(included: &str) -> ContractTerms {
    let mut service = draft(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("120000.00"),
        vec![],
    );
    service.variable = vec![uptime_bonus(included)];
    service.validate().unwrap()
}

#[test]
fn an_uptime_bonus_included_as_of_july_is_a_catch_up_in_july_and_the_year_sums_to_the_price() {
    // At inception the constraint includes nothing: the price is the fixed price.
    let terms = managed_service("0.00");
    assert_eq!(terms.transaction_price, usd("120000.00"));
    assert_eq!(terms.fixed_price(), usd("120000.00"));
    let signed = PlanHistory::new(&terms).unwrap();
    assert_eq!(month(&signed, "2026-01"), "10191.78");
    assert_eq!(month(&signed, "2026-02"), "9205.48");

    // As of 1 July the whole bonus is included: 144,000.00, on the inception basis.
    let with_bonus = managed_service("24000.00");
    assert_eq!(with_bonus.transaction_price, usd("144000.00"));
    assert_eq!(with_bonus.fixed_price(), usd("120000.00"));
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

    // The part the bonus made: nothing before July; from July the bonus's share of the
    // revenue through each month end (24,000 of 144,000), so July carries its catch-up and
    // the year's parts sum to the bonus.
    let schedule = amended.current().schedule();
    let variable: Vec<String> = schedule.variable(0).iter().map(|v| cents(*v)).collect();
    assert_eq!(variable[..6], ["0.00"; 6]);
    assert_eq!(variable[6..8], ["13939.73", "2038.35"]);
    assert_eq!(cents(schedule.variable(0).iter().sum()), "24000.00");
    assert!(
        signed
            .current()
            .schedule()
            .variable(0)
            .iter()
            .all(|v| *v == 0)
    );
}

#[test]
fn the_constraint_holds_the_included_amount_to_the_estimate() {
    let mut service = draft(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("120000.00"),
        vec![],
    );
    service.variable = vec![uptime_bonus("24000.01")];
    let problems = service.validate().unwrap_err().to_string();
    assert_eq!(
        problems,
        "variable_consideration[0].included_amount: 24000.01 is above the most_likely_amount estimate 24000.00000000; the constrained amount may not exceed the estimate (ASC 606-10-32-11)"
    );
    let mut bonus = uptime_bonus("0.00");
    bonus.scenarios.as_mut().unwrap()[1].probability = Probability::parse("0.2").unwrap();
    service.variable = vec![bonus];
    assert_eq!(
        service.validate().unwrap_err().to_string(),
        "variable_consideration[0].scenarios: the probabilities add up to 900000 millionths; they must add up to exactly 1"
    );
}

#[test]
fn a_component_scoped_to_lines_or_to_one_month_lands_only_there() {
    let lines = vec![
        line("Platform", "subscription", "12000.00", None),
        line("Onboarding", "services", "3000.00", None),
    ];
    let mut sold = draft(date!(2026 - 01 - 01), date!(2026 - 12 - 31), None, lines);
    sold.variable = vec![
        // A go-live bonus earned by the onboarding alone.
        ComponentDraft {
            id: "go_live".into(),
            kind: "bonus".into(),
            method: "most_likely_amount".into(),
            included_amount: usd("500.00"),
            scope: ScopeDraft::Obligations(vec!["Onboarding".into()]),
            ..ComponentDraft::default()
        },
        // A service credit owed for March's outage: March of the platform only.
        ComponentDraft {
            id: "march_credit".into(),
            kind: "penalty".into(),
            method: "most_likely_amount".into(),
            included_amount: usd("-310.00"),
            scope: ScopeDraft::Period {
                obligation: "Platform".into(),
                period: Period::parse("2026-03").unwrap(),
            },
            ..ComponentDraft::default()
        },
    ];
    let terms = sold.validate().unwrap();
    assert_eq!(terms.transaction_price, usd("15190.00"));
    let history = PlanHistory::new(&terms).unwrap();
    let plan = history.current();
    assert_eq!(plan.obligations()[0].allocated(), usd("11690.00"));
    assert_eq!(plan.obligations()[1].allocated(), usd("3500.00"));
    let platform = obligation_revenue(&history, 0);
    // Daily over 365 days: January 1,019.18; March its own 1,019.17 less the credit.
    assert_eq!(platform[0], "1019.18");
    assert_eq!(platform[2], "709.17");
    assert_eq!(platform[3], "986.31");
    assert_eq!(obligation_revenue(&history, 1)[0], "3500.00");
    let year: i64 = plan.schedule().total_revenue().iter().sum();
    assert_eq!(year, terms.transaction_price);
    // The variable parts land where the components do: the credit in March of the
    // platform, the bonus with the onboarding.
    let schedule = plan.schedule();
    let platform_variable: Vec<String> = schedule.variable(0).iter().map(|v| cents(*v)).collect();
    assert_eq!(platform_variable[..4], ["0.00", "0.00", "-310.00", "0.00"]);
    assert_eq!(schedule.variable(0).iter().sum::<i64>(), usd("-310.00"));
    assert_eq!(cents(schedule.variable(1)[0]), "500.00");
    assert_eq!(schedule.variable(1).iter().sum::<i64>(), usd("500.00"));

    // A month outside the platform's service, or a line that is not ratable, is refused.
    sold.variable[1].scope = ScopeDraft::Period {
        obligation: "Onboarding".into(),
        period: Period::parse("2026-03").unwrap(),
    };
    sold.variable[0].scope = ScopeDraft::Obligations(vec!["Training".into()]);
    assert_eq!(
        sold.validate().unwrap_err().to_string(),
        "variable_consideration[0].allocation: no line has the id or name `Training`; variable_consideration[1].allocation: `Onboarding` is recognized point_in_time; a month's scope needs a ratable obligation (a series of distinct periods, ASC 606-10-32-40)"
    );
}
