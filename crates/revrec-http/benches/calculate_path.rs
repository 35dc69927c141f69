//! `calculate_path`: what a caller pays for to calculate one contract's month, from the
//! request text to the month's journal lines, on one core (issue #37): parse the JSON body,
//! convert and validate it, allocate and lay out the schedule, and book the month's
//! journal. 10,000 contracts of three lines over 36 months, each booking its 13th month.
//!
//! The run ends with the whole path beside the schedules alone of the same contracts
//! (allocation and the whole monthly schedule, what `schedules` measures), each the median
//! of five alternating rounds in this run, and the share of the whole path each step takes:
//! reading, allocation, and the journal (which computes only the months it books).
//!
//!     cargo bench -p revrec-http --bench calculate_path

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use revrec_domain::{
    Billing, ChartOfAccounts, ContractTerms, EntrySource, Period, PeriodRange, PlanHistory,
    journal_entries,
};
use revrec_http::primary::contracts::parse_new_contract;

/// The server's allocator (revrec-app's `main.rs`), so the bench measures what it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CONTRACTS: usize = 10_000;

/// The request bodies: three-year contracts starting on every day of 2024–2026, a platform,
/// support and a setup fee, the price over them by relative SSP.
fn bodies() -> Vec<Vec<u8>> {
    let first = time::Date::from_calendar_date(2024, time::Month::January, 1).unwrap();
    (0..CONTRACTS)
        .map(|index| {
            let start = first + time::Duration::days(i64::try_from(index % 1_000).unwrap());
            let end = (start + time::Duration::days(3 * 365 + 1))
                .replace_day(1)
                .unwrap()
                - time::Duration::days(1);
            let price = 10_000 + index;
            serde_json::json!({
                "customer_name": format!("Customer {index}"),
                "total_value": format!("{price}.00"),
                "start_date": start.to_string(),
                "end_date": end.to_string(),
                "currency": "USD",
                "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": format!("{}.00", price / 2)},
                    {"name": "Support", "pob_type": "support", "stated_price": format!("{}.00", price / 4)},
                    {"name": "Setup", "pob_type": "services", "stated_price": format!("{}.00", price / 4)}
                ]
            })
            .to_string()
            .into_bytes()
        })
        .collect()
}

/// Request text to a validated draft's terms, as `POST /v1/contracts` reads its body.
fn terms_of(body: &[u8]) -> ContractTerms {
    parse_new_contract(body).unwrap().draft.validate().unwrap()
}

/// The month booked: the 13th of the contract's term.
fn booked_month(history: &PlanHistory) -> PeriodRange {
    let month: Period = history.current().first_period().plus(12);
    PeriodRange::new(month, month).unwrap()
}

/// The whole path for every body: the journal lines of the month, counted.
fn whole_path(bodies: &[Vec<u8>], chart: &ChartOfAccounts) -> usize {
    let billing = Billing::default();
    let mut lines = 0;
    for (index, body) in bodies.iter().enumerate() {
        let terms = terms_of(body);
        let history = PlanHistory::new(&terms).unwrap();
        let id = format!("ctr_{index:08}");
        let source = EntrySource {
            tenant: "bench",
            contract_id: &id,
            restatements: 0,
        };
        let entries = journal_entries(
            history.current(),
            &billing,
            source,
            chart,
            Some(booked_month(&history)),
        );
        lines += entries.iter().map(|entry| entry.lines.len()).sum::<usize>();
    }
    lines
}

/// The schedules alone, of terms already read.
fn schedules_only(terms: &[ContractTerms]) -> i64 {
    terms
        .iter()
        .map(|terms| {
            let history = PlanHistory::new(terms).unwrap();
            history
                .current()
                .schedule()
                .total_revenue()
                .iter()
                .sum::<i64>()
        })
        .sum()
}

/// Allocation and curves alone (the plan a journal is booked from), of terms already read.
fn planning_only(terms: &[ContractTerms]) -> usize {
    terms
        .iter()
        .map(|terms| {
            PlanHistory::new(terms)
                .unwrap()
                .current()
                .obligations()
                .len()
        })
        .sum()
}

/// Reading and validating alone.
fn reading_only(bodies: &[Vec<u8>]) -> i64 {
    bodies
        .iter()
        .map(|body| terms_of(body).transaction_price)
        .sum()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn calculate_path(c: &mut Criterion) {
    let bodies = bodies();
    let chart = ChartOfAccounts::default();
    let terms: Vec<ContractTerms> = bodies.iter().map(|body| terms_of(body)).collect();
    let mut group = c.benchmark_group("calculate_path");
    group.sample_size(10);
    group.throughput(Throughput::Elements(CONTRACTS as u64));
    group.bench_function("whole_path", |b| {
        b.iter(|| black_box(whole_path(&bodies, &chart)))
    });
    group.bench_function("schedules_only", |b| {
        b.iter(|| black_box(schedules_only(&terms)))
    });
    group.finish();

    // The ratio and the steps' shares, from rounds alternated in this run.
    let (mut whole, mut schedules, mut reading, mut planning) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..5 {
        let started = Instant::now();
        black_box(whole_path(&bodies, &chart));
        whole.push(started.elapsed());
        let started = Instant::now();
        black_box(schedules_only(&terms));
        schedules.push(started.elapsed());
        let started = Instant::now();
        black_box(reading_only(&bodies));
        reading.push(started.elapsed());
        let started = Instant::now();
        black_box(planning_only(&terms));
        planning.push(started.elapsed());
    }
    let (whole, schedules) = (median(whole), median(schedules));
    let (reading, planning) = (median(reading), median(planning));
    let share = |part: Duration| 100.0 * part.as_secs_f64() / whole.as_secs_f64();
    println!(
        "calculate path for {CONTRACTS} contracts: {:.1} ms whole ({:.0} contracts/s), {:.1} ms schedules alone: the whole path costs {:.2} × the schedules (median of 5 alternating rounds); reading and validating {:.0} %, allocation and curves {:.0} %, the month's journal (its months of the schedule, lines and ids) the other {:.0} %",
        whole.as_secs_f64() * 1_000.0,
        CONTRACTS as f64 / whole.as_secs_f64(),
        schedules.as_secs_f64() * 1_000.0,
        whole.as_secs_f64() / schedules.as_secs_f64(),
        share(reading),
        share(planning),
        (100.0 - share(reading) - share(planning)).max(0.0),
    );
}

criterion_group!(benches, calculate_path);
criterion_main!(benches);
