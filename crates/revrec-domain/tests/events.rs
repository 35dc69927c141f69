//! Obligations satisfied by events (docs/asc606.md §11): a fulfillment of an obligation
//! awaiting delivery, and cumulative progress reports. Worked examples 10 and 11 of
//! docs/asc606.md, cent for cent.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::{
    Amendment, AmendmentError, ContractTerms, Convention, Pattern, PercentComplete, PlanHistory,
    Quarter, Rollup, Timing, note6,
};
use support::{cents, contract, line, obligation_revenue, usd};
use time::Date;
use time::macros::date;

fn with_ids(mut terms: ContractTerms, ids: &[&str]) -> ContractTerms {
    for (obligation, id) in terms.obligations.iter_mut().zip(ids) {
        obligation.id = Some((*id).to_owned());
    }
    terms
}

/// A 12,000.00 `monthly_equal` platform for 2026 and a 3,000.00 setup awaiting delivery.
fn platform_and_setup() -> ContractTerms {
    let mut setup = line("Setup", "services", "3000.00", None);
    setup.awaiting_delivery = true;
    let mut terms = with_ids(
        contract(
            date!(2026 - 01 - 01),
            date!(2026 - 12 - 31),
            None,
            vec![line("Platform", "subscription", "12000.00", None), setup],
        ),
        &["pob_platform", "pob_setup"],
    );
    terms.convention = Convention::MonthlyEqual;
    terms
}

fn fulfil(id: &str, date: Date) -> Amendment {
    Amendment::Fulfillment {
        obligation_id: id.into(),
        date,
    }
}

fn report(id: &str, as_of: Date, percent: &str) -> Amendment {
    Amendment::Progress {
        obligation_id: id.into(),
        as_of,
        percent: PercentComplete::parse(percent).unwrap(),
    }
}

fn months(history: &PlanHistory, index: usize, count: usize) -> Vec<String> {
    obligation_revenue(history, index)
        .into_iter()
        .take(count)
        .collect()
}

#[test]
fn example_10_a_setup_fee_awaits_delivery_and_is_revenue_of_its_month() {
    let history = PlanHistory::new(&platform_and_setup()).unwrap();
    let setup = &history.current().obligations()[1];
    assert_eq!(setup.pattern, Pattern::AwaitingDelivery);
    assert_eq!(setup.allocated(), usd("3000.00"));
    assert_eq!(setup.timing(), Timing::PointInTime);
    // Nothing recognized while it waits; the whole of it is in RPO.
    assert!(obligation_revenue(&history, 1).iter().all(|m| m == "0.00"));
    let q1 = note6(
        &rollup(&history),
        revrec_domain::Currency::USD,
        Quarter::parse("2026-Q1").unwrap(),
    );
    assert_eq!(cents(q1.rpo_total), "12000.00"); // 9,000 platform + 3,000 setup
    assert_eq!(cents(q1.total_revenue), "3000.00");

    let delivered = history
        .amend(&fulfil("pob_setup", date!(2026 - 03 - 15)))
        .unwrap();
    assert_eq!(
        months(&delivered, 1, 4),
        ["0.00", "0.00", "3000.00", "0.00"]
    );
    assert_eq!(months(&delivered, 0, 3), ["1000.00", "1000.00", "1000.00"]);
    let setup = &delivered.current().obligations()[1];
    assert_eq!(
        setup.pattern,
        Pattern::PointInTime {
            date: date!(2026 - 03 - 15)
        }
    );
    assert_eq!(setup.fulfilled_on, Some(date!(2026 - 03 - 15)));
    let effect = delivered.effect(2).unwrap();
    assert_eq!(cents(effect.recognized_on_effective_day), "3000.00");
    assert_eq!(effect.catch_up, 0);
    assert!(effect.reallocations.is_empty());
    let q1 = note6(
        &rollup(&delivered),
        revrec_domain::Currency::USD,
        Quarter::parse("2026-Q1").unwrap(),
    );
    assert_eq!(cents(q1.rpo_total), "9000.00");
    assert_eq!(cents(q1.total_revenue), "6000.00");
}

#[test]
fn a_second_fulfillment_and_events_on_the_wrong_pattern_are_refused() {
    let history = PlanHistory::new(&platform_and_setup()).unwrap();
    let delivered = history
        .amend(&fulfil("pob_setup", date!(2026 - 03 - 15)))
        .unwrap();
    assert_eq!(
        delivered.amend(&fulfil("pob_setup", date!(2026 - 04 - 01))),
        Err(AmendmentError::AlreadySatisfied {
            id: "pob_setup".into(),
            on: date!(2026 - 03 - 15)
        })
    );
    assert!(matches!(
        history.amend(&fulfil("pob_platform", date!(2026 - 03 - 01))),
        Err(AmendmentError::NotAwaitingDelivery {
            recognition: "ratable",
            ..
        })
    ));
    assert!(matches!(
        history.amend(&report("pob_setup", date!(2026 - 03 - 01), "50")),
        Err(AmendmentError::NotMeasuredByProgress {
            recognition: "point_in_time",
            ..
        })
    ));
    assert!(matches!(
        history.amend(&fulfil("pob_nope", date!(2026 - 03 - 01))),
        Err(AmendmentError::UnknownObligation { .. })
    ));
    // Events apply in date order, and not outside the term.
    assert!(matches!(
        delivered.amend(&fulfil("pob_setup", date!(2026 - 02 - 01))),
        Err(AmendmentError::BeforePreviousChange { .. })
    ));
    assert!(matches!(
        history.amend(&fulfil("pob_setup", date!(2027 - 01 - 01))),
        Err(AmendmentError::OutsideTerm { .. })
    ));
    // A terminated contract takes no events; its awaiting obligation leaves RPO.
    let ended = history
        .amend(&Amendment::Termination {
            effective: date!(2026 - 02 - 01),
        })
        .unwrap();
    assert!(matches!(
        ended.amend(&fulfil("pob_setup", date!(2026 - 03 - 01))),
        Err(AmendmentError::Terminated { .. })
    ));
    assert_eq!(ended.current().obligations()[1].allocated(), 0);
}

/// 10,000.00 of implementation services measured by progress, beside nothing else.
fn services_by_progress() -> PlanHistory {
    let mut services = line("Implementation", "services", "10000.00", None);
    services.recognition = Some("progress".into());
    let terms = with_ids(
        contract(
            date!(2026 - 01 - 01),
            date!(2026 - 12 - 31),
            None,
            vec![services],
        ),
        &["pob_impl"],
    );
    PlanHistory::new(&terms).unwrap()
}

#[test]
fn example_11_progress_at_25_60_then_a_lowered_55_then_100() {
    let mut history = services_by_progress();
    assert_eq!(
        history.current().obligations()[0].timing(),
        Timing::OverTime
    );
    assert_eq!(
        history.current().obligations()[0].percent_complete,
        Some(PercentComplete::ZERO)
    );
    let reports = [
        (date!(2026 - 01 - 31), "25"),
        (date!(2026 - 02 - 20), "40"),
        // The last report of a month counts.
        (date!(2026 - 02 - 28), "60"),
        (date!(2026 - 03 - 31), "55"),
        (date!(2026 - 04 - 15), "100"),
    ];
    for (as_of, percent) in reports {
        history = history.amend(&report("pob_impl", as_of, percent)).unwrap();
    }
    assert_eq!(
        months(&history, 0, 5),
        ["2500.00", "3500.00", "-500.00", "4500.00", "0.00"]
    );
    // The lowered estimate is a change in estimate of March, never a restated February.
    assert_eq!(
        history.effect(5).unwrap().recognized_on_effective_day,
        usd("-500.00")
    );
    assert_eq!(
        history.version(4).unwrap().schedule().revenue(0)[1],
        usd("3500.00")
    );
    let done = &history.current().obligations()[0];
    assert_eq!(done.percent_complete, Some(PercentComplete::COMPLETE));
    assert_eq!(
        done.recognized_through(date!(2026 - 12 - 31)),
        usd("10000.00")
    );
}

#[test]
fn progress_rounds_each_cumulative_figure_once() {
    let mut services = line("Implementation", "services", "100.00", None);
    services.recognition = Some("progress".into());
    let terms = with_ids(
        contract(
            date!(2026 - 01 - 01),
            date!(2026 - 12 - 31),
            None,
            vec![services],
        ),
        &["pob_impl"],
    );
    let mut history = PlanHistory::new(&terms).unwrap();
    // 33.3333 % of 100.00 is 33.33333; twice is 66.66666, rounded 66.67; then all of it.
    for (as_of, percent) in [
        (date!(2026 - 01 - 10), "33.3333"),
        (date!(2026 - 02 - 10), "66.6666"),
        (date!(2026 - 03 - 10), "100"),
    ] {
        history = history.amend(&report("pob_impl", as_of, percent)).unwrap();
    }
    assert_eq!(months(&history, 0, 3), ["33.33", "33.34", "33.33"]);
}

#[test]
fn a_prospective_change_measures_progress_left_and_restarts_the_basis() {
    // 10,000.00 at 60 % (6,000.00 recognized), then a change from 1 April adds 2,000.00:
    // what remains is 40 % of the services, so all 6,000.00 left goes to them, and the
    // next report measures the rest from 60 %: at 80 % half of it, 3,000.00, is earned.
    let history = services_by_progress()
        .amend(&report("pob_impl", date!(2026 - 02 - 28), "60"))
        .unwrap();
    let mut terms = history
        .current()
        .obligations()
        .iter()
        .map(|o| o.id.clone())
        .collect::<Vec<_>>();
    assert_eq!(terms.len(), 1);
    let mut services = line("Implementation", "services", "12000.00", None);
    services.recognition = Some("progress".into());
    let mut new_terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        None,
        vec![services],
    );
    new_terms.obligations[0].id = terms.pop().unwrap();
    let changed = history
        .amend(&Amendment::Prospective {
            effective: date!(2026 - 04 - 01),
            terms: new_terms.clone(),
        })
        .unwrap();
    assert_eq!(
        changed.current().obligations()[0].allocated(),
        usd("12000.00")
    );
    let later = changed
        .amend(&report("pob_impl", date!(2026 - 05 - 31), "80"))
        .unwrap();
    assert_eq!(
        months(&later, 0, 5),
        ["0.00", "6000.00", "0.00", "0.00", "3000.00"]
    );
    // A catch-up instead applies the new price to the progress made: 60 % of 12,000.00 is
    // 7,200.00, so April books 1,200.00 of catch-up.
    let caught_up = history
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 04 - 01),
            terms: new_terms,
        })
        .unwrap();
    assert_eq!(
        months(&caught_up, 0, 4),
        ["0.00", "6000.00", "0.00", "1200.00"]
    );
    assert_eq!(caught_up.effect(3).unwrap().catch_up, usd("1200.00"));
}

fn rollup(history: &PlanHistory) -> Rollup {
    let mut rollup = Rollup::new();
    rollup.add_contract(history);
    rollup
}
