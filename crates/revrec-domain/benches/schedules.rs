//! `schedules`: 100,000 contracts × 3 obligations × 36 months, the target of issue #2
//! (≥ 10 M obligation-months per second on one core).
//!
//! Each iteration builds every contract's plan (relative-SSP allocation, recognition
//! curves) and its monthly schedule, exactly what an ingest or a recalculation does.
//! Throughput is reported in obligation-months; `one_core` runs on one thread,
//! `all_cores` splits the contracts over every core (divide by the core count for per core).
//!
//!     cargo bench -p revrec-domain --bench schedules

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

use std::hint::black_box;
use std::thread;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use revrec_domain::{ContractDraft, ContractTerms, Convention, Currency, LineDraft, PlanHistory};
use time::{Date, Duration};

const CONTRACTS: usize = 100_000;
const OBLIGATIONS: usize = 3;
const MONTHS: usize = 36;

/// Three-year contracts starting on every day of 2024–2026, with a subscription, a support
/// line starting mid-term and a point-in-time setup fee: 36 months each.
fn portfolio() -> Vec<ContractTerms> {
    let first = Date::from_calendar_date(2024, time::Month::January, 1).unwrap();
    (0..CONTRACTS)
        .map(|index| {
            let offset = i64::try_from(index % 1_000).unwrap();
            let start = first + Duration::days(offset);
            let end = (start + Duration::days(3 * 365 + 1))
                .replace_day(1)
                .unwrap()
                - Duration::days(1);
            let price = 1_000_000 + i64::try_from(index).unwrap() * 37;
            ContractDraft {
                customer_name: format!("Customer {index}"),
                currency: Currency::USD,
                start_date: start,
                end_date: end,
                signed_date: None,
                transaction_price: Some(price),
                convention: Convention::Daily,
                lines: vec![
                    line("Platform", "subscription", price / 2),
                    line("Support", "support", price / 4),
                    line("Setup", "services", price / 4),
                ],
                variable: Vec::new(),
                unread: Vec::new(),
            }
            .validate()
            .unwrap()
        })
        .collect()
}

fn line(name: &str, pob_type: &str, price: i64) -> LineDraft {
    LineDraft {
        name: Some(name.into()),
        pob_type: pob_type.into(),
        stated_price: Some(price),
        ..LineDraft::default()
    }
}

/// Plans and schedules every contract; returns a checksum so nothing is optimized away.
fn schedule_all(contracts: &[ContractTerms]) -> i64 {
    let mut checksum = 0;
    for terms in contracts {
        let history = PlanHistory::new(terms).unwrap();
        let schedule = history.current().schedule();
        debug_assert_eq!(schedule.months(), MONTHS);
        checksum += schedule.revenue(0).first().copied().unwrap_or(0);
    }
    checksum
}

fn schedules(c: &mut Criterion) {
    let contracts = portfolio();
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let mut group = c.benchmark_group("schedules");
    group.sample_size(10);
    group.throughput(Throughput::Elements(
        u64::try_from(CONTRACTS * OBLIGATIONS * MONTHS).unwrap(),
    ));
    group.bench_function("one_core", |b| {
        b.iter(|| black_box(schedule_all(&contracts)))
    });
    group.bench_function(format!("all_cores_{cores}"), |b| {
        b.iter(|| {
            let chunk = contracts.len().div_ceil(cores);
            thread::scope(|scope| {
                let workers: Vec<_> = contracts
                    .chunks(chunk)
                    .map(|part| scope.spawn(move || schedule_all(part)))
                    .collect();
                black_box(workers.into_iter().map(|w| w.join().unwrap()).sum::<i64>())
            })
        });
    });
    group.finish();
}

criterion_group!(benches, schedules);
criterion_main!(benches);
