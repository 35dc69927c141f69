//! Books that close (docs/asc606.md §13), on the worked case of the issue that asked for
//! them: a 12,000 USD daily subscription for 2026, January to March closed on 10 April, and
//! a price increase to 15,000 back-dated to 1 February (a cumulative catch-up).

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

mod support;

use revrec_domain::{Amendment, Books, Correction, Period, PlanHistory, Series};
use support::{cents, contract, usd};
use time::macros::date;

fn period(text: &str) -> Period {
    Period::parse(text).unwrap()
}

fn revenue(history: &PlanHistory) -> Series {
    let schedule = history.current().schedule();
    Series::new(schedule.first(), schedule.total_revenue())
}

/// The contract as signed, and after the price increase back-dated to 1 February.
fn worked_case() -> (PlanHistory, PlanHistory) {
    let terms = contract(
        date!(2026 - 01 - 01),
        date!(2026 - 12 - 31),
        Some("12000.00"),
        vec![],
    );
    let signed = PlanHistory::new(&terms).unwrap();
    let mut increased = terms.clone();
    increased.transaction_price = usd("15000.00");
    let amended = signed
        .amend(&Amendment::CumulativeCatchUp {
            effective: date!(2026 - 02 - 01),
            terms: increased,
        })
        .unwrap();
    (signed, amended)
}

#[test]
fn a_back_dated_price_increase_lands_in_the_first_open_month() {
    let (signed, amended) = worked_case();
    let mut books = Books::new();
    books.close(period("2026-03"), &revenue(&signed));
    let restated = revenue(&amended);
    // Restated, March would now read 1,273.97: the books keep what was closed.
    assert_eq!(cents(restated.at(period("2026-03"))), "1273.97");

    let months = books.report(&restated, period("2026-12"));
    let shown: Vec<(String, String, bool)> = months
        .iter()
        .take(4)
        .map(|month| (month.period.to_string(), cents(month.amount), month.closed))
        .collect();
    assert_eq!(
        shown,
        [
            ("2026-01".to_owned(), "1019.18".to_owned(), true),
            ("2026-02".to_owned(), "920.55".to_owned(), true),
            ("2026-03".to_owned(), "1019.17".to_owned(), true),
            ("2026-04".to_owned(), "1972.61".to_owned(), false),
        ]
    );
    let april = &months[3];
    assert_eq!(cents(restated.at(period("2026-04"))), "1232.88");
    assert_eq!(cents(april.correction_amount()), "739.73");
    assert_eq!(
        april.corrections,
        [
            Correction {
                corrects: period("2026-02"),
                amount: usd("484.93"),
            },
            Correction {
                corrects: period("2026-03"),
                amount: usd("254.80"),
            },
        ]
    );
    // The contract's months still sum to its price.
    let total: i64 = months.iter().map(|month| month.amount).sum();
    assert_eq!(cents(total), "15000.00");

    // Closing April freezes it with its corrections; May is plain again.
    books.close(period("2026-04"), &restated);
    let closed_april = books.month(&restated, period("2026-04"));
    assert!(closed_april.closed);
    assert_eq!(
        (closed_april.amount, &closed_april.corrections),
        (april.amount, &april.corrections)
    );
    let may = books.month(&restated, period("2026-05"));
    assert_eq!(
        (may.amount, may.corrections.len()),
        (restated.at(period("2026-05")), 0)
    );
}

#[test]
fn a_contract_that_ended_in_a_closed_month_is_corrected_in_the_first_open_one() {
    let before = Series::new(period("2025-11"), vec![500, 500]);
    let after = Series::new(period("2025-11"), vec![500, 700]);
    let mut books = Books::new();
    books.close(period("2026-02"), &before);
    let months = books.report(&after, period("2026-03"));
    let last = months.last().unwrap();
    assert_eq!(
        (last.period, last.amount, last.closed),
        (period("2026-03"), 200, false)
    );
    assert_eq!(months.iter().map(|month| month.amount).sum::<i64>(), 1_200);
}

/// The same case through a contract's whole rollup and its waterfall: the rows a report
/// shows, with their corrections, and the frozen rows a store keeps reading back the same.
#[test]
fn a_rollup_under_closed_books_reports_the_worked_case_and_round_trips_its_frozen_rows() {
    use revrec_domain::{
        Currency, Granularity, PeriodRange, Rollup, RollupBooks, contributions, waterfall_by,
    };
    let (signed, amended) = worked_case();
    let mut books = RollupBooks::new();
    books.close(
        period("2026-03"),
        &Rollup::from_rows(contributions(&signed)),
    );
    let restated = Rollup::from_rows(contributions(&amended));
    let booked = books.booked(&restated);
    let range = PeriodRange::new(period("2026-01"), period("2026-12")).unwrap();
    let waterfall = waterfall_by(
        &booked.rollup.by_period(),
        Currency::USD,
        range,
        Granularity::Monthly,
    )
    .with_books(
        range,
        &booked.rollup.by_period(),
        &booked.corrections.by_period(),
        booked.closed_through,
    );
    let shown: Vec<(String, String, String, bool)> = waterfall
        .rows
        .iter()
        .take(4)
        .map(|row| {
            (
                row.period.to_string(),
                cents(row.recognized),
                cents(row.correction),
                row.closed,
            )
        })
        .collect();
    let row =
        |p: &str, r: &str, c: &str, closed| (p.to_owned(), r.to_owned(), c.to_owned(), closed);
    assert_eq!(
        shown,
        [
            row("2026-01", "1019.18", "0.00", true),
            row("2026-02", "920.55", "0.00", true),
            row("2026-03", "1019.17", "0.00", true),
            row("2026-04", "1972.61", "739.73", false),
        ]
    );
    assert_eq!(cents(waterfall.total_recognized), "15000.00");
    // Deferred revenue at the end of April is the restated balance: nothing was lost.
    let restated_waterfall = waterfall_by(
        &restated.by_period(),
        Currency::USD,
        range,
        Granularity::Monthly,
    );
    assert_eq!(
        waterfall.rows[3].deferred_balance,
        restated_waterfall.rows[3].deferred_balance
    );

    // Closing April and reading the books back from their stored rows changes nothing.
    books.close(period("2026-04"), &restated);
    let stored = RollupBooks::from_frozen(Some(period("2026-04")), books.frozen_rows(|_| true));
    assert_eq!(stored.booked(&restated), books.booked(&restated));
    let april = stored.booked(&restated).corrections.by_period();
    assert_eq!(cents(april[&period("2026-04")].recognized), "739.73");
}
