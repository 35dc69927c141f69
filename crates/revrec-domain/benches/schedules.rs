//! `schedules`: 100,000 contracts × 3 obligations × 36 months, the target of issue #2
//! (≥ 10 M obligation-months per second on one core).
//!
//! Each iteration builds every contract's plan (relative-SSP allocation, recognition
//! curves) and its monthly schedule, exactly what an ingest or a recalculation does.
//! Throughput is reported in obligation-months; `one_core` runs on one thread,
//! `all_cores` splits the contracts over every core (divide by the core count for per core).
//!
//! `with_usage` is the same portfolio with a fifth of its obligations usage lines (the
//! platform of three contracts in five, rated from 36 months of usage each, docs/asc606.md
//! §15); the run ends with its throughput against the fixed-price one, measured in the same
//! run (five alternating rounds each, medians), the target of issue #36 being ≥ 70 %.
//!
//! It also prints the one-core throughput beside a bare loop over the same months (a daily
//! pro-rata with one division a month, nothing else), the floor the engine is held against.
//!
//!     cargo bench -p revrec-domain --bench schedules

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

use std::hint::black_box;
use std::thread;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use revrec_domain::usage::{Quantity, Tier, UnitRate, UsagePricing};
use revrec_domain::{
    Consumption, ContractDraft, ContractTerms, ContractUsage, Convention, Currency, LineDraft,
    MonthUsage, Period, PlanHistory,
};
use time::{Date, Duration};

/// The server's allocator (revrec-app's `main.rs`), so the bench measures what it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// The portfolio with the platform of three contracts in five metered (a fifth of all
/// obligations), each with usage in every month of its term.
fn with_usage(contracts: &[ContractTerms]) -> Vec<(ContractTerms, ContractUsage)> {
    let pricing = UsagePricing::new(
        UnitRate::parse("0.0005").unwrap(),
        Quantity::units(100_000).unwrap(),
        vec![Tier {
            up_to: Some(Quantity::units(1_000_000).unwrap()),
            rate: UnitRate::parse("0.001").unwrap(),
        }],
    )
    .unwrap();
    contracts
        .iter()
        .enumerate()
        .map(|(index, terms)| {
            let mut terms = terms.clone();
            let mut usage = ContractUsage::new();
            if index % 5 < 3 {
                let platform = &mut terms.obligations[0];
                platform.id = Some("pob_platform".into());
                platform.consumption = Some(Consumption::Usage(Some(pricing.clone())));
                let first = Period::of(terms.start_date);
                let months = (0..MONTHS)
                    .map(|offset| MonthUsage {
                        period: first.plus(i32::try_from(offset).unwrap()),
                        quantity: Quantity::units(
                            50_000 + i64::try_from(offset * index % 2_000_000).unwrap(),
                        )
                        .unwrap(),
                        amount: 0,
                    })
                    .collect();
                usage.insert("pob_platform".into(), months);
            }
            (terms, usage)
        })
        .collect()
}

/// [`schedule_all`] of contracts with usage.
fn schedule_all_with_usage(contracts: &[(ContractTerms, ContractUsage)]) -> i64 {
    let mut checksum = 0;
    for (terms, usage) in contracts {
        let history = PlanHistory::new(terms).unwrap().with_usage(usage);
        let schedule = history.current().schedule();
        checksum += schedule.revenue(0).first().copied().unwrap_or(0);
    }
    checksum
}

/// The floor the engine is held against: the same obligation-months in a bare loop, each
/// month a daily pro-rata of a third of the price (`price × days through / days`, one
/// division), without validation, allocation, rounding rules or a schedule to keep.
fn bare_loop(contracts: &[ContractTerms]) -> i64 {
    let mut checksum = 0;
    for terms in contracts {
        let (start, end) = (
            terms.start_date.to_julian_day(),
            terms.end_date.to_julian_day(),
        );
        let days = i64::from(end - start + 1);
        let amount = terms.transaction_price / 3;
        for _ in 0..OBLIGATIONS {
            let (mut month, mut before) = (Period::of(terms.start_date), 0);
            let mut month_end = month.last_julian_day();
            for _ in 0..MONTHS {
                let through = amount * i64::from(month_end.min(end) - start + 1) / days;
                checksum += through - before;
                before = through;
                month = month.next();
                month_end += i32::from(month.days());
            }
        }
    }
    checksum
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
    let metered = with_usage(&contracts);
    group.bench_function("one_core_with_usage", |b| {
        b.iter(|| black_box(schedule_all_with_usage(&metered)))
    });
    group.finish();
    // The ratios, from rounds alternated in this run.
    let (mut fixed, mut usage, mut bare) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..5 {
        let started = Instant::now();
        black_box(schedule_all(&contracts));
        fixed.push(started.elapsed().as_micros());
        let started = Instant::now();
        black_box(schedule_all_with_usage(&metered));
        usage.push(started.elapsed().as_micros());
        let started = Instant::now();
        black_box(bare_loop(&contracts));
        bare.push(started.elapsed().as_micros());
    }
    fixed.sort_unstable();
    usage.sort_unstable();
    bare.sort_unstable();
    let (fixed, usage, bare) = (fixed[2], usage[2], bare[2]);
    let per_second = |micros: u128| (CONTRACTS * OBLIGATIONS * MONTHS) as u128 / micros.max(1);
    println!(
        "schedules on one core: {} M obligation-months/s; a bare loop over the same months: {} M/s; the engine at {}.{:01} % of the bare loop (median of 5 alternating rounds)",
        per_second(fixed),
        per_second(bare),
        bare * 100 / fixed.max(1),
        bare * 1_000 / fixed.max(1) % 10,
    );
    println!(
        "schedules with a fifth of the obligations usage lines: {} µs against {} µs fixed-price (median of 5 alternating rounds): {}.{:01} % of the fixed-price throughput",
        usage,
        fixed,
        fixed * 100 / usage.max(1),
        fixed * 1_000 / usage.max(1) % 10,
    );
}

criterion_group!(benches, schedules);
criterion_main!(benches);
