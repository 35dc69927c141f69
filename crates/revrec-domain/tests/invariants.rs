//! Property tests: the invariants of docs/asc606.md over random contracts (dates 1990–2100,
//! 1–50 lines, prices up to 10^11 minor units, every currency exponent, every convention)
//! and random amendments.

#![allow(clippy::unwrap_used, reason = "a broken fixture should fail loudly")]

use proptest::prelude::*;
use std::collections::{BTreeMap, HashMap};

use revrec_domain::{
    Amendment, Billing, ChartOfAccounts, ContractDraft, ContractTerms, Convention, Currency,
    EntryScope, EntrySource, Granularity, Invoice, JournalEntry, JournalLine, LineDraft, Pattern,
    Payment, PercentComplete, Period, PeriodRange, PlanHistory, Quarter, Rollup, Ssp, allocate,
    contract_totals, journal_entries, note6, obligation_parts, output_hash, pob_type_parts,
    scoped_trial_balance, trial_balance, waterfall, waterfall::liability_change, waterfall_by,
};
use time::{Date, Duration};

const FIRST_DAY: i32 = 2_447_893; // 1990-01-01
const LAST_DAY: i32 = 2_488_433; // 2100-12-31
const MAX_PRICE: i64 = 100_000_000_000; // 10^11 minor units

fn day(julian: i32) -> Date {
    Date::from_julian_day(julian).unwrap()
}

prop_compose! {
    fn line_strategy(start: i32, end: i32)(
        pob_type in prop::sample::select(vec!["subscription", "support", "services", "license", "hardware"]),
        recognition in prop::option::of(prop::sample::select(vec!["ratable", "point_in_time", "progress"])),
        awaiting in any::<bool>(),
        price in 0..=MAX_PRICE,
        ssp in prop::option::of(0..=MAX_PRICE),
        a in start..=end,
        b in start..=end,
        use_own_dates in any::<bool>(),
    ) -> LineDraft {
        let ratable = match recognition {
            Some(text) => text == "ratable",
            None => matches!(pob_type, "subscription" | "support"),
        };
        let progress = recognition == Some("progress");
        let delivered = !ratable && !progress;
        let (first, second) = (a.min(b), a.max(b));
        LineDraft {
            name: Some(format!("{pob_type} {a}")),
            pob_type: pob_type.into(),
            stated_price: Some(price),
            ssp: ssp.map(Ssp::from_micros),
            recognition: recognition.map(str::to_owned),
            service_start: (ratable && use_own_dates).then(|| day(first)),
            service_end: (ratable && use_own_dates).then(|| day(second)),
            delivery_date: (delivered && use_own_dates && !awaiting).then(|| day(a)),
            awaiting_delivery: delivered && awaiting,
            ..LineDraft::default()
        }
    }
}

fn currency_strategy() -> impl Strategy<Value = Currency> {
    prop::sample::select(Currency::all().collect::<Vec<_>>())
}

fn convention_strategy() -> impl Strategy<Value = Convention> {
    prop::sample::select(Convention::ALL.to_vec())
}

/// A term inside 1990–2100 and under 100 years.
fn term_strategy() -> impl Strategy<Value = (i32, i32)> {
    (FIRST_DAY..=LAST_DAY)
        .prop_flat_map(|start| {
            let longest = (LAST_DAY - start).min(36_000);
            (
                Just(start),
                prop_oneof![0..=longest.min(1_200), 0..=longest],
            )
        })
        .prop_map(|(start, length)| (start, start + length))
}

fn terms_strategy(max_lines: usize) -> impl Strategy<Value = ContractTerms> {
    (
        term_strategy(),
        currency_strategy(),
        convention_strategy(),
        any::<bool>(),
        0..=MAX_PRICE,
    )
        .prop_flat_map(
            move |((start, end), currency, convention, has_total, total)| {
                (
                    Just((start, end, currency, convention, has_total.then_some(total))),
                    prop::collection::vec(line_strategy(start, end), 1..=max_lines),
                    start - 400..=end,
                )
            },
        )
        .prop_filter_map(
            "validates",
            |((start, end, currency, convention, total), lines, signed)| {
                ContractDraft {
                    customer_name: "Random Customer".into(),
                    currency,
                    start_date: day(start),
                    end_date: day(end),
                    signed_date: Some(day(signed)),
                    transaction_price: total,
                    convention,
                    lines,
                    variable: Vec::new(),
                    unread: Vec::new(),
                }
                .validate()
                .ok()
                .map(|mut terms| {
                    // Events name obligations by id.
                    for (index, obligation) in terms.obligations.iter_mut().enumerate() {
                        obligation.id = Some(format!("pob_{index}"));
                    }
                    terms
                })
            },
        )
}

/// An amendment of a plan: a re-priced copy of its own terms, or a termination.
fn amendment(terms: &ContractTerms, kind: u8, at: u32, price: i64, end_shift: i32) -> Amendment {
    let span = (terms.end_date - terms.start_date).whole_days();
    let effective = terms.start_date + Duration::days(i64::from(at) % (span + 1));
    let mut next = terms.clone();
    next.transaction_price = price;
    let end = terms.end_date + Duration::days(i64::from(end_shift));
    if end >= effective
        && end
            > next
                .obligations
                .iter()
                .filter_map(|o| o.pattern.last_day())
                .max()
                .unwrap_or(end)
    {
        next.end_date = end;
    }
    // Events pick an obligation of the pattern they apply to (any, when none has it).
    let pick = |wanted: Pattern| {
        let matching: Vec<_> = terms
            .obligations
            .iter()
            .filter(|o| o.pattern == wanted)
            .collect();
        let chosen = matching
            .get(usize::try_from(price).unwrap_or(0) % matching.len().max(1))
            .copied()
            .or(terms.obligations.first())
            .unwrap();
        chosen.id.clone().unwrap()
    };
    match kind % 5 {
        3 => Amendment::Fulfillment {
            obligation_id: pick(Pattern::AwaitingDelivery),
            date: effective,
        },
        4 => Amendment::Progress {
            obligation_id: pick(Pattern::Progress),
            as_of: effective,
            percent: PercentComplete::from_ten_thousandths(
                u32::try_from(price % 1_000_001).unwrap(),
            )
            .unwrap(),
        },
        0 => Amendment::Termination { effective },
        1 => Amendment::Prospective {
            effective,
            terms: next,
        },
        _ => Amendment::CumulativeCatchUp {
            effective,
            terms: next,
        },
    }
}

fn history_strategy() -> impl Strategy<Value = PlanHistory> {
    history_with_lines(50)
}

/// Invoices of a history: each on a day from signing to 400 days past the end, for a share
/// of the price in force, all of them together not above it.
fn billing_for(history: &PlanHistory, invoices: &[(u32, u32)]) -> Billing {
    let plan = history.current();
    let price = plan.transaction_price();
    let signed = plan.signed_date();
    let span = (plan.end_date() - signed).whole_days() + 400;
    let shares: u64 = invoices
        .iter()
        .map(|(_, share)| u64::from(*share))
        .sum::<u64>()
        + 10;
    Billing::new(
        invoices
            .iter()
            .map(|(day, share)| Invoice {
                date: signed + Duration::days(i64::from(*day) % span.max(1)),
                amount: i64::try_from(i128::from(price) * i128::from(*share) / i128::from(shares))
                    .unwrap(),
                number: None,
            })
            .filter(|invoice| invoice.amount > 0)
            .collect(),
    )
}

/// Payments of a history: each on a day from signing to 400 days past the end, for a
/// percentage of the price in force (together they may pay more: a customer credit).
fn payments_for(history: &PlanHistory, payments: &[(u32, u32)]) -> Vec<Payment> {
    let plan = history.current();
    let signed = plan.signed_date();
    let span = (plan.end_date() - signed).whole_days() + 400;
    payments
        .iter()
        .enumerate()
        .map(|(index, (day, percent))| Payment {
            date: signed + Duration::days(i64::from(*day) % span.max(1)),
            amount: i64::try_from(
                i128::from(plan.transaction_price()) * i128::from(*percent) / 100,
            )
            .unwrap(),
            reference: format!("pay-{index}"),
        })
        .filter(|payment| payment.amount > 0)
        .collect()
}

fn history_with_lines(max_lines: usize) -> impl Strategy<Value = PlanHistory> {
    (
        terms_strategy(max_lines),
        prop::collection::vec((any::<u8>(), any::<u32>(), 0..=MAX_PRICE, 0..400_i32), 0..6),
        prop::option::of(prop::collection::vec((any::<u32>(), 1..=100_u32), 1..5)),
        prop::collection::vec((any::<u32>(), 1..=80_u32), 0..4),
    )
        .prop_map(|(terms, changes, invoices, payments)| {
            let mut history = PlanHistory::new(&terms).unwrap();
            let mut sorted = changes;
            sorted.sort_by_key(|change| change.1);
            for (kind, at, price, shift) in sorted {
                // Amendments the rules refuse (price below recognized, nothing left …) are skipped.
                if let Ok(next) = history.amend(&amendment(&terms, kind, at, price, shift)) {
                    history = next;
                }
            }
            let billing = match invoices {
                Some(invoices) => billing_for(&history, &invoices),
                None => Billing::default(),
            };
            let payments = payments_for(&history, &payments);
            if billing.is_empty() && payments.is_empty() {
                return history;
            }
            history.with_billing(billing.with_payments(payments))
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn allocation_sums_to_the_price_and_each_share_is_within_one_unit(
        amount in -MAX_PRICE * 500..=MAX_PRICE * 500,
        weights in prop::collection::vec(0..=u128::from(u64::MAX), 1..50),
    ) {
        prop_assume!(weights.iter().any(|w| *w > 0));
        let shares = allocate(amount, &weights).unwrap();
        prop_assert_eq!(shares.iter().sum::<i64>(), amount);
        // Each share within one unit of its exact share: |share × total − amount × weight| < total.
        // Amounts stay under 2^46 and weights under 2^64, so every product fits in i128.
        let total = i128::try_from(weights.iter().sum::<u128>()).unwrap();
        for (share, weight) in shares.iter().zip(&weights) {
            let error = i128::from(*share) * total - i128::from(amount) * i128::try_from(*weight).unwrap();
            prop_assert!(error.abs() < total, "share {} weight {}", share, weight);
        }
    }

    #[test]
    fn version_one_allocates_exactly_the_transaction_price(terms in terms_strategy(50)) {
        let history = PlanHistory::new(&terms).unwrap();
        let allocated: i64 = history.current().obligations().iter().map(|o| o.allocated()).sum();
        prop_assert_eq!(allocated, terms.transaction_price);
    }

    #[test]
    fn schedules_sum_to_allocations_and_agree_day_by_day(history in history_strategy()) {
        let plan = history.current();
        let schedule = plan.schedule();
        prop_assert_eq!(plan.last_period() >= plan.first_period(), true);
        for (index, obligation) in plan.obligations().iter().enumerate() {
            let revenue = schedule.revenue(index);
            // What waits for events (a delivery, progress short of 100 %) is not scheduled.
            let waiting = obligation.allocated() - revenue.iter().sum::<i64>();
            if obligation.in_force && obligation.pattern.awaits_events()
                && obligation.percent_complete != Some(PercentComplete::COMPLETE)
            {
                let reported = obligation.recognized_through(plan.end_date().max(plan.version_dates().last().copied().unwrap()));
                prop_assert_eq!(waiting, obligation.allocated() - reported);
            } else {
                prop_assert_eq!(waiting, 0, "obligation {}", index);
            }
            // recognized to date + remaining = price, with "to date" evaluated on its own path.
            let mut to_date = 0;
            for (offset, period) in schedule.periods().enumerate() {
                to_date += revenue[offset];
                let remaining: i64 = revenue[offset + 1..].iter().sum::<i64>() + waiting;
                prop_assert_eq!(obligation.recognized_through(period.last_day()), to_date);
                prop_assert_eq!(to_date + remaining, obligation.allocated());
            }
        }
        prop_assert_eq!(
            plan.obligations().iter().map(|o| o.allocated()).sum::<i64>(),
            plan.transaction_price()
        );
    }

    #[test]
    fn deferred_revenue_and_rpo_are_never_negative(history in history_strategy()) {
        let mut rollup = Rollup::new();
        rollup.add_contract(&history);
        let plan = history.current();
        let first = plan.first_period().min(Period::of(plan.signed_date()));
        let last_invoice = history.billing().last_period().unwrap_or(first);
        let last = plan.last_period().max(last_invoice).quarter().last_period();
        let (mut deferred, mut rpo, mut asset) = (0_i64, 0_i64, 0_i64);
        let totals = rollup.by_period();
        let mut period = first;
        while period <= last {
            let amounts = totals.get(&period).copied().unwrap_or_default();
            deferred += liability_change(&amounts);
            asset += amounts.asset_change;
            rpo += amounts.rpo_change;
            prop_assert!(deferred >= 0, "deferred {} at {}", deferred, period);
            // One contract's balance is a liability or an asset, never both at once.
            prop_assert!(asset >= 0 && (asset == 0 || deferred == 0), "asset {} and liability {} at {}", asset, deferred, period);
            prop_assert!(rpo >= 0, "rpo {} at {}", rpo, period);
            prop_assert!(amounts.rpo_next_12 <= rpo && amounts.rpo_next_12 >= 0);
            period = period.next();
        }
        // What still waits for events stays in RPO, and deferred when billed at start; a
        // contract billed by invoices ends with what it billed less what it recognized.
        let waiting: i64 = plan.obligations().iter().map(|o| o.allocated() - o.recognized_through(last.last_day())).sum();
        let recognized = plan.recognized_through(last.last_day());
        if history.billing().is_empty() {
            prop_assert_eq!(deferred, waiting);
            prop_assert_eq!(asset, 0);
        } else {
            prop_assert_eq!(deferred - asset, history.billing().total() - recognized);
        }
        prop_assert_eq!(rpo, waiting);
    }

    #[test]
    fn a_range_of_months_books_what_the_whole_journal_books_in_them(
        history in history_strategy(),
        from in -6_i32..48,
        length in 0_i32..6,
    ) {
        let source = EntrySource { tenant: "t", contract_id: "ctr_x", restatements: 0 };
        let chart = ChartOfAccounts::default();
        let plan = history.current();
        let first = plan.first_period().plus(from);
        let range = PeriodRange::new(first, first.plus(length)).unwrap();
        let whole = journal_entries(plan, history.billing(), source, &chart, None);
        let expected: Vec<_> = whole.into_iter().filter(|entry| range.contains(entry.period)).collect();
        prop_assert_eq!(journal_entries(plan, history.billing(), source, &chart, Some(range)), expected);
    }

    #[test]
    fn every_journal_entry_balances(history in history_strategy()) {
        let source = EntrySource { tenant: "t", contract_id: "ctr_x", restatements: 0 };
        let entries = journal_entries(history.current(), history.billing(), source, &ChartOfAccounts::default(), None);
        for entry in &entries {
            prop_assert!(entry.is_balanced(), "{:?}", entry);
            prop_assert!(entry.lines.iter().all(|line| line.debit >= 0 && line.credit >= 0));
        }
        // Cash clears receivables and beyond them is a customer credit: together they hold
        // what was billed.
        let billed: i64 = entries.iter().flat_map(|e| &e.lines).filter(|l| ["1200", "1010", "2450"].contains(&&*l.account.code)).map(|l| l.debit - l.credit).sum();
        let receivable: i64 = entries.iter().flat_map(|e| &e.lines).filter(|l| &*l.account.code == "1200").map(|l| l.debit - l.credit).sum();
        let credit: i64 = entries.iter().flat_map(|e| &e.lines).filter(|l| &*l.account.code == "2450").map(|l| l.credit - l.debit).sum();
        prop_assert!(receivable >= 0 && credit >= 0 && (receivable == 0 || credit == 0));
        if history.billing().is_empty() {
            prop_assert_eq!(billed, history.current().transaction_price());
        } else {
            prop_assert_eq!(billed, history.billing().total());
        }
    }

    #[test]
    fn a_longer_range_never_changes_earlier_months(history in history_strategy(), extra in 1..40_i32) {
        let plan = history.current();
        let (first, last) = (plan.first_period(), plan.last_period());
        let short = plan.monthly(first, last);
        let long = plan.monthly(first, last.plus(extra));
        for index in 0..plan.obligations().len() {
            prop_assert_eq!(short.revenue(index), &long.revenue(index)[..short.months()]);
        }
        let mut rollup = Rollup::new();
        rollup.add_contract(&history);
        let short = waterfall(&rollup, plan.currency(), PeriodRange::new(first, first.plus(extra.min(12))).unwrap());
        let long = waterfall(&rollup, plan.currency(), PeriodRange::new(first, first.plus(extra.min(12) + 30)).unwrap());
        prop_assert_eq!(&short.rows[..], &long.rows[..short.rows.len()]);
    }

    #[test]
    fn the_same_input_gives_the_same_output_hash(terms in terms_strategy(20)) {
        let once = PlanHistory::new(&terms).unwrap();
        let twice = PlanHistory::new(&terms.clone()).unwrap();
        prop_assert_eq!(output_hash("schedule/v1", once.current()), output_hash("schedule/v1", twice.current()));
        let mut a = Rollup::new();
        a.add_contract(&once);
        let mut b = Rollup::new();
        b.add_contract(&twice);
        let quarter = Quarter::new(terms.start_date.year(), 1).unwrap();
        prop_assert_eq!(
            output_hash("note6/v1", &note6(&a, terms.currency, quarter)),
            output_hash("note6/v1", &note6(&b, terms.currency, quarter))
        );
    }

    #[test]
    fn a_contracts_own_totals_equal_its_rollup_contribution(history in history_strategy()) {
        let mut rollup = Rollup::new();
        rollup.add_contract(&history);
        let from_rollup: Vec<(Period, i64, i64, i64)> = rollup
            .by_period()
            .into_iter()
            .map(|(period, amounts)| (period, amounts.recognized, amounts.booked, amounts.asset_change))
            .filter(|(_, recognized, booked, asset)| *recognized != 0 || *booked != 0 || *asset != 0)
            .collect();
        let direct: Vec<(Period, i64, i64, i64)> = contract_totals(&history)
            .into_iter()
            .map(|(period, amounts)| (period, amounts.recognized, amounts.booked, amounts.asset_change))
            .filter(|(_, recognized, booked, asset)| *recognized != 0 || *booked != 0 || *asset != 0)
            .collect();
        prop_assert_eq!(direct, from_rollup);
    }

    #[test]
    fn a_waterfalls_parts_by_type_and_by_obligation_sum_to_each_row(
        history in history_strategy(),
        granularity in 0..3_u8,
    ) {
        let plan = history.current();
        // A report spans at most MAX_RANGE_MONTHS; longer contracts are read in their first ones.
        let first = plan.first_period();
        let longest = i32::try_from(revrec_domain::period::MAX_RANGE_MONTHS).unwrap() - 1;
        let range = PeriodRange::new(first, plan.last_period().min(first.plus(longest))).unwrap();
        let granularity = [Granularity::Monthly, Granularity::Quarterly, Granularity::Annual]
            [usize::from(granularity)];
        let mut rollup = Rollup::new();
        rollup.add_contract(&history);
        let rows = waterfall_by(&rollup.by_period(), plan.currency(), range, granularity);
        let by_type = pob_type_parts(&rows, &rollup, Some(range));
        let by_obligation = obligation_parts(&rows, plan, Some(range));
        prop_assert_eq!(by_type.rows.len(), rows.rows.len());
        prop_assert_eq!(by_obligation.rows.len(), rows.rows.len());
        for ((row, types), obligations) in rows.rows.iter().zip(&by_type.rows).zip(&by_obligation.rows) {
            prop_assert_eq!(types.iter().sum::<i64>(), row.recognized);
            prop_assert_eq!(obligations.iter().sum::<i64>(), row.recognized);
        }
    }

    #[test]
    fn adding_then_subtracting_a_contract_leaves_nothing(history in history_strategy()) {
        let mut rollup = Rollup::new();
        rollup.add_contract(&history);
        rollup.subtract_contract(&history);
        prop_assert!(rollup.is_empty());
    }

    #[test]
    fn revenue_before_an_amendment_never_changes(
        terms in terms_strategy(10),
        at in any::<u32>(),
        price in 0..=MAX_PRICE,
        prospective in any::<bool>(),
    ) {
        let before = PlanHistory::new(&terms).unwrap();
        let change = amendment(&terms, if prospective { 1 } else { 2 }, at, price, 0);
        let effective = change.effective();
        if let Ok(after) = before.amend(&change) {
            let cutoff = effective - Duration::days(1);
            for (old, new) in before.current().obligations().iter().zip(after.current().obligations()) {
                prop_assert_eq!(old.recognized_through(cutoff), new.recognized_through(cutoff));
            }
            // Whole months before the effective month are untouched.
            let first = before.current().first_period();
            let effective_month = Period::of(effective);
            if effective_month > first {
                let old = before.current().monthly(first, effective_month.previous());
                let new = after.current().monthly(first, effective_month.previous());
                for index in 0..before.current().obligations().len() {
                    prop_assert_eq!(old.revenue(index), new.revenue(index));
                }
            }
        }
    }

    #[test]
    fn journals_tie_to_the_waterfall_and_the_trial_balance(
        portfolio in prop::collection::vec(history_with_lines(8), 1..5),
        restated in any::<bool>(),
    ) {
        let chart = ChartOfAccounts::default();
        let revenue_codes: Vec<&str> = chart.revenue.iter().map(|a| &*a.code).collect();
        let restatements = u32::from(restated);
        let mut by_currency: BTreeMap<&str, (Currency, Rollup, Vec<JournalEntry>)> = BTreeMap::new();
        // id → (contract, period, lines): an id may recur across versions only for the same entry.
        let mut seen: HashMap<String, (usize, Period, String)> = HashMap::new();
        for (number, history) in portfolio.iter().enumerate() {
            let plan = history.current();
            let contract_id = format!("ctr_{number}");
            let source = EntrySource { tenant: "t", contract_id: &contract_id, restatements };
            let (_, rollup, entries) = by_currency
                .entry(plan.currency().code())
                .or_insert_with(|| (plan.currency(), Rollup::new(), Vec::new()));
            rollup.add_contract(history);
            let current = journal_entries(plan, history.billing(), source, &chart, None);
            for version in history.versions() {
                let mut ids_of_version = std::collections::HashSet::new();
                for entry in journal_entries(version, history.billing(), source, &chart, None) {
                    prop_assert!(entry.is_balanced(), "{:?}", entry);
                    // Its recognition part and its billing part each balance, and together
                    // they are the entry, line for line.
                    let parts: Vec<JournalEntry> = [EntryScope::Recognition, EntryScope::Billing]
                        .into_iter()
                        .filter_map(|scope| entry.clone().in_scope(scope))
                        .collect();
                    prop_assert!(parts.iter().all(JournalEntry::is_balanced), "{:?}", parts);
                    let rejoined: Vec<&JournalLine> = parts.iter().flat_map(|part| &part.lines).collect();
                    prop_assert_eq!(rejoined.len(), entry.lines.len());
                    prop_assert!(entry.lines.iter().all(|line| rejoined.contains(&line)));
                    prop_assert!(ids_of_version.insert(entry.id.clone()), "id repeated within a version");
                    let figures = format!("{:?}", entry.lines);
                    match seen.get(&entry.id) {
                        Some(earlier) => prop_assert_eq!(earlier, &(number, entry.period, figures)),
                        None => { seen.insert(entry.id.clone(), (number, entry.period, figures)); }
                    }
                }
            }
            entries.extend(current);
        }
        for (currency, rollup, entries) in by_currency.values() {
            let totals = rollup.by_period();
            let (Some(first), Some(last)) = (
                entries.iter().map(|e| e.period).min(),
                entries.iter().map(|e| e.period).max(),
            ) else { continue };
            // Journal postings per month and account, and life to date by account.
            let mut recognition: BTreeMap<Period, i64> = BTreeMap::new();
            // Keyed by scope and account code.
            let mut posted: BTreeMap<Period, BTreeMap<(&str, String), i64>> = BTreeMap::new();
            let scopes = [EntryScope::All, EntryScope::Recognition, EntryScope::Billing];
            for entry in entries {
                for line in &entry.lines {
                    if revenue_codes.contains(&&*line.account.code) {
                        *recognition.entry(entry.period).or_default() += line.credit - line.debit;
                    }
                    for scope in scopes.iter().filter(|scope| scope.takes(line.kind)) {
                        *posted.entry(entry.period).or_default().entry((scope.as_str(), line.account.code.to_string())).or_default() += line.debit - line.credit;
                    }
                }
            }
            let mut to_date: BTreeMap<(&str, String), i64> = BTreeMap::new();
            let mut chunk_start = first;
            while chunk_start <= last {
                let chunk_end = chunk_start.plus(599).min(last);
                let report = waterfall_by(&totals, *currency, PeriodRange::new(chunk_start, chunk_end).unwrap(), Granularity::Monthly);
                for row in &report.rows {
                    prop_assert_eq!(recognition.get(&row.period).copied().unwrap_or(0), row.recognized, "{}", row.period);
                    for (code, net) in posted.get(&row.period).into_iter().flatten() {
                        *to_date.entry(code.clone()).or_default() += net;
                    }
                    // The trial balance reads every rollup row: check it on a sample of months.
                    if row.period.months_until(last) % 17 != 0 && row.period != first {
                        continue;
                    }
                    for scope in scopes {
                        let balance = scoped_trial_balance(rollup, &chart, *currency, row.period, scope);
                        prop_assert_eq!(balance.total_debit, balance.total_credit);
                        for account in &balance.accounts {
                            let key = (scope.as_str(), account.account.code.to_string());
                            let from_journal = to_date.get(&key).copied().unwrap_or(0);
                            prop_assert_eq!(account.debit - account.credit, from_journal, "{} at {} ({})", account.account.code, row.period, scope.as_str());
                        }
                        // Every account the journal posted to is listed.
                        for ((posted_scope, code), net) in &to_date {
                            if *posted_scope == scope.as_str() && *net != 0 {
                                prop_assert!(balance.accounts.iter().any(|a| *a.account.code == **code), "{} missing ({})", code, scope.as_str());
                            }
                        }
                    }
                    let balance = trial_balance(rollup, &chart, *currency, row.period);
                    let deferred = balance.accounts.iter().find(|a| &*a.account.code == "2400").unwrap();
                    prop_assert_eq!(deferred.credit - deferred.debit, row.deferred_balance, "{}", row.period);
                }
                chunk_start = chunk_end.next();
            }
        }
    }
}

/// One plan's revenue, all obligations together, as a monthly series.
fn revenue_series(plan: &revrec_domain::ContractPlan) -> revrec_domain::Series {
    let schedule = plan.schedule();
    revrec_domain::Series::new(schedule.first(), schedule.total_revenue())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Books that close (docs/asc606.md §13) over random contracts, random change sequences
    /// and random closes and reopens: (1) a closed month never changes while it stays
    /// closed; (2) cumulative figures through the first open month equal the restated
    /// schedule's; (3) the booked months of a contract sum to its restated months, so to
    /// its price.
    #[test]
    fn closed_months_never_move_and_corrections_keep_every_total(
        history in history_with_lines(5),
        steps in prop::collection::vec((0..3_u8, 0..60_i32), 1..16),
    ) {
        use revrec_domain::{BookedMonth, Books};
        let snapshots: Vec<revrec_domain::Series> =
            history.versions().iter().map(revenue_series).collect();
        let start = snapshots[0].first.plus(-3);
        let mut version = 0;
        let mut books = Books::new();
        let mut frozen: BTreeMap<Period, BookedMonth> = BTreeMap::new();
        // Nothing changed since the latest close (and nothing was reopened).
        let mut unchanged_since_close = false;
        for (kind, offset) in steps {
            let restated = &snapshots[version];
            match kind {
                0 => {
                    let next = (version + 1).min(snapshots.len() - 1);
                    unchanged_since_close &= snapshots[next] == snapshots[version];
                    version = next;
                }
                1 => {
                    let through = start.plus(offset);
                    // Closing what is closed changes nothing.
                    if books.closed_through().is_none_or(|closed| through > closed) {
                        let horizon = restated.last().max(through);
                        for month in books.report(restated, horizon) {
                            if month.period <= through && !frozen.contains_key(&month.period) {
                                frozen.insert(month.period, BookedMonth { closed: true, ..month });
                            }
                        }
                        unchanged_since_close = true;
                    }
                    books.close(through, restated);
                }
                _ => {
                    let from = start.plus(offset);
                    books.reopen(from);
                    frozen.retain(|period, _| *period < from);
                    unchanged_since_close = false;
                }
            }
            let restated = &snapshots[version];
            // (1) Closed months keep what they froze.
            for (period, month) in &frozen {
                prop_assert_eq!(&books.month(restated, *period), month);
            }
            let horizon = restated.last().max(books.first_open().unwrap_or(restated.first));
            let months = books.report(restated, horizon);
            // (2) Cumulative through the first open month is the restated cumulative.
            if let Some(first_open) = books.first_open() {
                let booked: i64 = months
                    .iter()
                    .filter(|month| month.period <= first_open)
                    .map(|month| month.amount)
                    .sum();
                prop_assert_eq!(booked, restated.through(first_open));
                let open = books.month(restated, first_open);
                prop_assert_eq!(
                    open.amount,
                    restated.at(first_open) + open.correction_amount()
                );
                // What was already booked is never booked again: with nothing changed since
                // the latest close, the first open month corrects nothing.
                if unchanged_since_close {
                    prop_assert!(open.corrections.is_empty(), "{:?}", open.corrections);
                }
            }
            // (3) Every month together is the restated total, the contract's price.
            let total: i64 = months.iter().map(|month| month.amount).sum();
            prop_assert_eq!(total, restated.amounts.iter().sum::<i64>());
        }
    }

    /// Random closes and reopens (docs/ledger.md, Month end): the spans that say which
    /// close froze each month list every closed month once, each under the close that
    /// closed it last (the month-by-month definition, `closing_sequence`), and no open
    /// month; the closed months are the calendar's months through the last closed one.
    #[test]
    fn each_closed_month_is_frozen_by_one_close_the_one_that_closed_it_last(
        steps in prop::collection::vec((any::<bool>(), 0..24_i32), 1..20),
    ) {
        use revrec_domain::{ClosedPeriods, PeriodAction, closing_sequence, frozen_spans};
        let start = Period::parse("2025-11").unwrap_or_else(|error| panic!("{error}"));
        let mut actions: Vec<(i64, PeriodAction)> = Vec::new();
        for (sequence, (close, offset)) in (1..).zip(steps) {
            let month = start.plus(offset);
            actions.push((sequence, if close {
                PeriodAction::Close { through: month }
            } else {
                PeriodAction::Reopen { from: month }
            }));
            let spans = frozen_spans(&actions);
            let closed = ClosedPeriods::after(actions.iter().map(|(_, action)| action));
            // Consecutive spans, oldest first, each with a month, the last ending where the
            // books do.
            for pair in spans.windows(2) {
                prop_assert_eq!(pair[1].after, Some(pair[0].through), "{:?}", spans);
            }
            for span in &spans {
                prop_assert!(span.after.is_none_or(|after| after < span.through), "{:?}", spans);
            }
            prop_assert_eq!(spans.last().map(|span| span.through), closed.closed_through());
            for month in (-3..28).map(|offset| start.plus(offset)) {
                let holders: Vec<i64> = spans
                    .iter()
                    .filter(|span| span.contains(month))
                    .map(|span| span.sequence)
                    .collect();
                let expected: Vec<i64> = closing_sequence(month, &actions).into_iter().collect();
                prop_assert_eq!(&holders, &expected, "{} after {:?}", month, actions);
                prop_assert_eq!(expected.is_empty(), !closed.is_closed(month));
            }
        }
    }

    /// The books of a sum are the sum of the books: a contract's figures are its
    /// obligations' added up, a portfolio's its contracts'.
    #[test]
    fn booking_is_linear(
        first in prop::collection::vec(-1_000_000_i64..1_000_000, 1..24),
        second in prop::collection::vec(-1_000_000_i64..1_000_000, 1..24),
        later in prop::collection::vec(-1_000_000_i64..1_000_000, 1..24),
        through in 0..30_i32,
        reopen in prop::option::of(0..30_i32),
    ) {
        use revrec_domain::{Books, Series};
        let start = Period::parse("2026-01").unwrap();
        let a = Series::new(start, first.clone());
        let b = Series::new(start, second.clone());
        let sum = |x: &[i64], y: &[i64]| -> Vec<i64> {
            (0..x.len().max(y.len()))
                .map(|i| x.get(i).copied().unwrap_or(0) + y.get(i).copied().unwrap_or(0))
                .collect()
        };
        let together = Series::new(start, sum(&first, &second));
        let (mut books_a, mut books_b, mut books_sum) = (Books::new(), Books::new(), Books::new());
        books_a.close(start.plus(through), &a);
        books_b.close(start.plus(through), &b);
        books_sum.close(start.plus(through), &together);
        if let Some(from) = reopen {
            for books in [&mut books_a, &mut books_b, &mut books_sum] {
                books.reopen(start.plus(from));
            }
        }
        let a_now = Series::new(start, later.clone());
        let sum_now = Series::new(start, sum(&later, &second));
        for offset in -2..40 {
            let period = start.plus(offset);
            prop_assert_eq!(
                books_a.month(&a_now, period).amount + books_b.month(&b, period).amount,
                books_sum.month(&sum_now, period).amount
            );
        }
    }

    /// A portfolio's books, frozen at each close from its summed rollup and read back from
    /// the rows a store keeps, report exactly what its contracts' own books add up to: the
    /// stored portfolio figures and each contract's derived ones never disagree.
    #[test]
    fn portfolio_books_from_stored_rows_are_the_sum_of_contract_books(
        first in prop::collection::vec(history_with_lines(2), 1..4),
        second in prop::collection::vec(history_with_lines(2), 1..4),
        closes in prop::collection::vec((any::<bool>(), 0..36_i32), 1..5),
    ) {
        use revrec_domain::{Rollup, RollupBooks, contributions};
        // Each contract's schedule as known at each step: any series will do, the rule
        // is the same for all.
        let start = first[0].current().first_period().min(second[0].current().first_period()).plus(-2);
        let rollup_of = |states: &[PlanHistory], step: usize| {
            Rollup::from_rows(contributions(&states[step.min(states.len() - 1)]))
        };
        let (mut books_first, mut books_second, mut portfolio) =
            (RollupBooks::new(), RollupBooks::new(), RollupBooks::new());
        let mut stored = Vec::new();
        for (step, (reopen, offset)) in closes.iter().enumerate() {
            let (a, b) = (rollup_of(&first, step), rollup_of(&second, step));
            let month = start.plus(*offset);
            if *reopen {
                for books in [&mut books_first, &mut books_second, &mut portfolio] {
                    books.reopen(month);
                }
            } else {
                let before = portfolio.closed_through();
                books_first.close(month, &a);
                books_second.close(month, &b);
                let mut both = a.clone();
                for (key, amounts) in b.rows() {
                    both.add(*key, amounts);
                }
                portfolio.close(month, &both);
                stored.extend(portfolio.frozen_rows(|period| before.is_none_or(|closed| period > closed)));
            }
            // Rows of reopened months stay stored; reading back ignores them past the
            // months closed now, and a later close stores its own.
            stored.retain(|row: &revrec_domain::FrozenRow| portfolio.closed_through().is_some_and(|closed| row.key.period <= closed));
        }
        let last = closes.len();
        let (a, b) = (rollup_of(&first, last), rollup_of(&second, last));
        let mut both = a.clone();
        for (key, amounts) in b.rows() {
            both.add(*key, amounts);
        }
        let read_back = RollupBooks::from_frozen(portfolio.closed_through(), stored);
        let mut summed = books_first.booked(&a).rollup;
        for (key, amounts) in books_second.booked(&b).rollup.rows() {
            summed.add(*key, amounts);
        }
        prop_assert_eq!(read_back.booked(&both).rollup, summed);
    }

    /// (4) under closed books: the lines that book corrections in a month balance on their
    /// own, whatever moved (revenue of any obligations, billing, the contract asset, cash
    /// and customer credit, up or down), carry no negative amount, and each names the month
    /// it corrects; the recognition lines and the billing lines each balance too.
    #[test]
    fn correction_lines_balance_and_name_their_month(
        corrections in prop::collection::vec(
            (
                0..36_i32,
                prop::collection::vec((0..5_usize, -5_000_000_i64..5_000_000), 0..4),
                -5_000_000_i64..5_000_000,
                -5_000_000_i64..5_000_000,
                (-5_000_000_i64..5_000_000, -5_000_000_i64..5_000_000, -5_000_000_i64..5_000_000),
            ),
            1..4,
        ),
        version in 1..20_u32,
    ) {
        use revrec_domain::{EntryKind, MonthCorrection, PobType, correction_lines};
        let start = Period::parse("2025-01").unwrap();
        let corrections: Vec<MonthCorrection> = corrections
            .into_iter()
            .map(|(offset, revenue, billed, asset, (asset_earned, paid, credit))| MonthCorrection {
                corrects: start.plus(offset),
                revenue: revenue
                    .into_iter()
                    .enumerate()
                    .map(|(index, (kind, amount))| {
                        (Some(format!("pob_{index}")), format!("Line {index}"), PobType::ALL[kind], amount)
                    })
                    .collect(),
                billed,
                asset,
                asset_earned,
                paid,
                credit,
            })
            .collect();
        let lines = correction_lines(&corrections, &ChartOfAccounts::default(), version);
        let debit: i64 = lines.iter().map(|line| line.debit).sum();
        let credit: i64 = lines.iter().map(|line| line.credit).sum();
        prop_assert_eq!(debit, credit);
        for line in &lines {
            prop_assert!(line.debit >= 0 && line.credit >= 0);
            prop_assert!(line.debit != 0 || line.credit != 0);
            let month = line.corrects_period.unwrap();
            prop_assert!(corrections.iter().any(|correction| correction.corrects == month));
            let expected = format!("Correction of {month} (version {version})");
            prop_assert!(line.memo.starts_with(&expected));
        }
        // Each corrected month balances by itself, and so does each kind of line in it.
        for correction in &corrections {
            for kind in [None, Some(EntryKind::Recognition), Some(EntryKind::Billing)] {
                let own = lines.iter().filter(|line| {
                    line.corrects_period == Some(correction.corrects)
                        && kind.is_none_or(|kind| line.kind == kind)
                });
                let (debit, credit) = own.fold((0, 0), |(debit, credit), line| (debit + line.debit, credit + line.credit));
                prop_assert_eq!(debit, credit);
            }
        }
    }
}

proptest! {
    /// Sums near both ends of `i64` are exact or refused, never wrapped: the checked sum
    /// equals the sum in `i128` whenever that fits, and is `None` exactly when a partial sum
    /// leaves the range.
    #[test]
    fn checked_sums_near_the_range_are_exact_or_refused(
        amounts in prop::collection::vec(
            prop_oneof![
                i64::MAX - 1_000..=i64::MAX,
                i64::MIN..=i64::MIN + 1_000,
                -1_000_i64..=1_000,
                (i64::MAX / 2 - 1_000)..=(i64::MAX / 2 + 1_000),
            ],
            0..6,
        )
    ) {
        let mut wide = 0_i128;
        let mut fits = true;
        for amount in &amounts {
            wide += i128::from(*amount);
            fits &= i64::try_from(wide).is_ok();
        }
        let checked = revrec_domain::checked_sum(amounts.iter().copied());
        if fits {
            prop_assert_eq!(checked.map(i128::from), Some(wide));
        } else {
            prop_assert_eq!(checked, None);
        }
    }

    /// A rollup's rows near the books' limit: within it exactly when the sizes of its
    /// figures, summed in `i128`, are; and then every life-to-date sum of every figure
    /// (what the trial balance and Note 6 add up) fits in `i64`.
    #[test]
    fn a_rollup_within_the_limit_sums_to_figures_that_fit(
        paid in prop::collection::vec(0..=revrec_domain::BOOKS_LIMIT_MINOR, 1..4),
        credit in prop::collection::vec(
            -revrec_domain::BOOKS_LIMIT_MINOR..=revrec_domain::BOOKS_LIMIT_MINOR,
            1..4,
        ),
    ) {
        use revrec_domain::{BOOKS_LIMIT_MINOR, PobType, RollupAmounts, RollupKey, Timing};
        let rows = paid.iter().zip(&credit).enumerate().map(|(month, (paid, credit))| {
            let key = RollupKey {
                period: Period::parse("2026-01").unwrap().plus(i32::try_from(month).unwrap()),
                pob_type: PobType::Subscription,
                timing: Timing::OverTime,
            };
            (key, RollupAmounts { paid: *paid, credit_change: *credit, ..Default::default() })
        });
        let rollup = Rollup::from_rows(rows);
        let size: i128 = paid.iter().zip(&credit)
            .map(|(paid, credit)| i128::from(*paid) + i128::from(*credit).abs())
            .sum();
        let within = rollup.within_limit(Currency::USD).is_ok();
        prop_assert_eq!(within, size <= i128::from(BOOKS_LIMIT_MINOR));
        if within {
            let cash = revrec_domain::checked_sum(rollup.rows().map(|(_, a)| a.paid));
            let receivable = revrec_domain::checked_sum(
                rollup.rows().map(|(_, a)| a.credit_change - a.paid),
            );
            prop_assert!(cash.is_some() && receivable.is_some());
        }
    }
}

// Variable consideration (docs/asc606.md): a price allocated with its components.
proptest! {
    #[test]
    fn a_price_and_its_components_allocate_exactly_each_to_its_scope(
        fixed in -MAX_PRICE..=MAX_PRICE,
        weights in prop::collection::vec(1_u128..=1_000_000_000, 1..12),
        components in prop::collection::vec(
            (-MAX_PRICE..=MAX_PRICE, 0_u8..3, prop::collection::vec(any::<bool>(), 12), 0_usize..12),
            0..6,
        ),
    ) {
        use revrec_domain::variable::{VariableScope, allocate_price};
        let count = weights.len();
        let components: Vec<(i64, VariableScope)> = components
            .into_iter()
            .map(|(included, kind, chosen, one)| {
                let scope = match kind {
                    0 => VariableScope::AllObligations,
                    1 => {
                        let mut within: Vec<usize> =
                            (0..count).filter(|index| chosen[*index]).collect();
                        if within.is_empty() {
                            within.push(one % count);
                        }
                        VariableScope::Obligations(within)
                    }
                    _ => VariableScope::Period {
                        obligation: one % count,
                        period: Period::parse("2026-07").unwrap(),
                    },
                };
                (included, scope)
            })
            .collect();
        let allocated = allocate_price(fixed, &weights, &components).unwrap();
        let common: i64 = components
            .iter()
            .filter(|(_, scope)| *scope == VariableScope::AllObligations)
            .map(|(included, _)| *included)
            .sum::<i64>()
            + fixed;
        prop_assert_eq!(allocated.common.iter().sum::<i64>(), common);
        prop_assert_eq!(&allocated.common, &allocate(common, &weights).unwrap());
        let scoped: Vec<&(i64, VariableScope)> = components
            .iter()
            .filter(|(_, scope)| *scope != VariableScope::AllObligations)
            .collect();
        prop_assert_eq!(allocated.scoped.len(), scoped.len());
        for ((included, scope), shares) in scoped.into_iter().zip(&allocated.scoped) {
            prop_assert_eq!(shares.iter().sum::<i64>(), *included);
            for (index, share) in shares.iter().enumerate() {
                let inside = match scope {
                    VariableScope::Obligations(within) => within.contains(&index),
                    VariableScope::Period { obligation, .. } => *obligation == index,
                    VariableScope::AllObligations => true,
                };
                if !inside {
                    prop_assert_eq!(*share, 0);
                }
            }
        }
        let whole: i64 = components.iter().map(|(included, _)| *included).sum::<i64>() + fixed;
        prop_assert_eq!(allocated.totals().iter().sum::<i64>(), whole);
    }
}

// Usage and prepaid credits (docs/asc606.md): a month's rating and credits' revenue.
proptest! {
    #[test]
    fn a_months_rating_grows_with_its_usage_and_is_free_within_what_is_included(
        rate in 0_i64..=10_000_000,
        included in 0_i64..=1_000_000_000,
        bounds in prop::collection::vec((1_i64..=1_000_000_000, 0_i64..=10_000_000), 0..5),
        open_last in any::<bool>(),
        quantities in prop::collection::vec(0_i64..=5_000_000_000, 2..6),
        exponent in prop::sample::select(vec![0_u8, 2, 3, 4]),
    ) {
        use revrec_domain::usage::{Quantity, Tier, UnitRate, UsagePricing};
        // Thresholds made increasing by accumulating.
        let mut up_to = 0;
        let mut tiers: Vec<Tier> = bounds
            .iter()
            .map(|(step, tier_rate)| {
                up_to += step;
                Tier {
                    up_to: Quantity::from_millionths(up_to),
                    rate: UnitRate::from_millionths(*tier_rate).unwrap(),
                }
            })
            .collect();
        if open_last && let Some(last) = tiers.last_mut() {
            last.up_to = None;
        }
        let highest = bounds
            .iter()
            .map(|(_, tier_rate)| *tier_rate)
            .chain([rate])
            .max()
            .unwrap_or(rate);
        let pricing = UsagePricing::new(
            UnitRate::from_millionths(rate).unwrap(),
            Quantity::from_millionths(included).unwrap(),
            tiers,
        )
        .unwrap();
        let mut sorted = quantities.clone();
        sorted.sort_unstable();
        let mut before = 0;
        for millionths in sorted {
            let quantity = Quantity::from_millionths(millionths).unwrap();
            let rated = pricing.rate_month(quantity, exponent);
            prop_assert!(rated >= before, "{rated} after {before}");
            before = rated;
            if millionths <= included {
                prop_assert_eq!(rated, 0);
            }
            // Never more than every billable unit at the highest rate, rounded up.
            let billable = i128::from((millionths - included).max(0));
            let ceiling = billable * i128::from(highest) * 10_i128.pow(u32::from(exponent));
            prop_assert!(i128::from(rated) * 1_000_000_000_000 <= ceiling + 500_000_000_000);
        }
    }

    #[test]
    fn prepaid_credits_earn_at_most_their_allocation_and_all_of_it_at_expiry(
        allocated in 0_i64..=MAX_PRICE,
        credits in 1_i64..=1_000_000_000_000,
        expected_share in 0_i64..=100,
        used in prop::collection::vec(0_i64..=1_000_000_000_000, 1..6),
        proportional in any::<bool>(),
    ) {
        use revrec_domain::usage::{Breakage, Quantity, credits_recognized};
        let credits = Quantity::from_millionths(credits).unwrap();
        let expected = Quantity::from_millionths(credits.millionths() / 100 * expected_share).unwrap();
        let breakage = if proportional { Breakage::Proportional } else { Breakage::AtExpiry };
        let mut used = used;
        used.sort_unstable();
        let mut before = 0;
        for used in used {
            let used = Quantity::from_millionths(used).unwrap();
            let earned = credits_recognized(allocated, used, (credits, expected), breakage, false);
            prop_assert!((0..=allocated).contains(&earned));
            prop_assert!(earned >= before);
            before = earned;
            prop_assert_eq!(
                credits_recognized(allocated, used, (credits, expected), breakage, true),
                allocated
            );
        }
    }
}

// Variable components on whole contracts (docs/asc606.md §15).
/// `terms` with components added: each included amount to every obligation, to some, or to
/// one month of a ratable one; the transaction price grows by what they include.
fn with_components(
    mut terms: ContractTerms,
    picks: &[(i64, u8, Vec<bool>, usize, u32)],
) -> ContractTerms {
    use revrec_domain::{EstimateMethod, VariableComponent, VariableKind, VariableScope};
    let count = terms.obligations.len();
    for (number, (included, kind, chosen, one, month)) in picks.iter().enumerate() {
        let ratable: Vec<(usize, Date, Date)> = terms
            .obligations
            .iter()
            .enumerate()
            .filter_map(|(index, o)| match o.pattern {
                Pattern::Ratable { start, end } => Some((index, start, end)),
                _ => None,
            })
            .collect();
        let scope = match (kind % 3, ratable.get(one % ratable.len().max(1))) {
            (1, _) => {
                let mut within: Vec<usize> = (0..count)
                    .filter(|index| chosen.get(*index) == Some(&true))
                    .filter(|index| terms.obligations[*index].ssp.micros() > 0)
                    .collect();
                if within.is_empty() {
                    match (0..count).find(|index| terms.obligations[*index].ssp.micros() > 0) {
                        Some(index) => within.push(index),
                        None => continue,
                    }
                }
                VariableScope::Obligations(within)
            }
            (2, Some((index, start, end))) => {
                let first = Period::of(*start);
                let months = first.months_until(Period::of(*end)) + 1;
                VariableScope::Period {
                    obligation: *index,
                    period: first.plus(i32::try_from(*month).unwrap() % months),
                }
            }
            _ if terms.obligations.iter().all(|o| o.ssp.micros() == 0) => continue,
            _ => VariableScope::AllObligations,
        };
        terms.transaction_price += included;
        terms.variable.push(VariableComponent {
            id: format!("vc_{number}"),
            kind: VariableKind::Other,
            method: EstimateMethod::MostLikelyAmount,
            scenarios: Vec::new(),
            included_amount: *included,
            scope,
            rationale: None,
        });
    }
    terms
}

/// The variable part of every obligation's allocation, added up.
fn variable_allocated(plan: &revrec_domain::ContractPlan) -> i64 {
    plan.obligations()
        .iter()
        .filter_map(|o| o.price_changes().last())
        .map(|change| change.variable)
        .sum()
}

/// Each obligation's monthly variable parts add up to its variable allocation once it is
/// all recognized (an obligation awaiting events may not be).
fn check_variable_parts(plan: &revrec_domain::ContractPlan) -> Result<(), TestCaseError> {
    let schedule = plan.schedule();
    for (index, obligation) in plan.obligations().iter().enumerate() {
        if obligation.pattern.awaits_events() {
            continue;
        }
        let variable = obligation.price_changes().last().map_or(0, |c| c.variable);
        prop_assert_eq!(schedule.variable(index).iter().sum::<i64>(), variable);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn components_and_their_reassessment_sum_to_the_price_and_leave_earlier_months_alone(
        terms in terms_strategy(8),
        picks in prop::collection::vec(
            (0..=MAX_PRICE / 10, 0_u8..3, prop::collection::vec(any::<bool>(), 8), 0_usize..8, 0_u32..1_200),
            1..4,
        ),
        which in 0_usize..4,
        new_included in 0..=MAX_PRICE / 10,
        at in 0_u32..40_000,
    ) {
        let terms = with_components(terms, &picks);
        prop_assume!(!terms.variable.is_empty());
        let history = PlanHistory::new(&terms).unwrap();
        let plan = history.current();
        prop_assert_eq!(plan.transaction_price(), terms.transaction_price);
        // Awaiting events aside, every month together recognizes the whole price.
        let waiting: i64 = plan
            .obligations()
            .iter()
            .filter(|o| o.pattern.awaits_events())
            .map(|o| o.allocated())
            .sum();
        let recognized: i64 = plan.schedule().total_revenue().iter().sum();
        prop_assert_eq!(recognized + waiting, terms.transaction_price);
        // The variable parts: each obligation's months make its variable allocation, and
        // the allocations make the components' included amounts.
        let included: i64 = terms.variable.iter().map(|c| c.included_amount).sum();
        prop_assert_eq!(variable_allocated(plan), included);
        check_variable_parts(plan)?;

        // A change in estimate: a cumulative catch-up from `as_of` on the same basis.
        let mut reassessed = terms.clone();
        let index = which % reassessed.variable.len();
        let old = reassessed.variable[index].included_amount;
        reassessed.variable[index].included_amount = new_included;
        reassessed.transaction_price += new_included - old;
        let span = (terms.end_date - terms.start_date).whole_days();
        let as_of = terms.start_date + Duration::days(i64::from(at) % (span + 1));
        let amended = history
            .amend(&Amendment::CumulativeCatchUp { effective: as_of, terms: reassessed.clone() })
            .unwrap();
        let after = amended.current();
        prop_assert_eq!(after.transaction_price(), reassessed.transaction_price);
        let before_months = plan.monthly(plan.first_period(), Period::of(as_of).previous());
        let after_months = after.monthly(plan.first_period(), Period::of(as_of).previous());
        prop_assert_eq!(before_months.total_revenue(), after_months.total_revenue());
        for index in 0..plan.obligations().len() {
            prop_assert_eq!(before_months.variable(index), after_months.variable(index));
        }
        let included: i64 = reassessed.variable.iter().map(|c| c.included_amount).sum();
        prop_assert_eq!(variable_allocated(after), included);
        check_variable_parts(after)?;
        let waiting: i64 = after
            .obligations()
            .iter()
            .filter(|o| o.pattern.awaits_events())
            .map(|o| o.allocated())
            .sum();
        let recognized: i64 = after.schedule().total_revenue().iter().sum();
        prop_assert_eq!(recognized + waiting, reassessed.transaction_price);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Usage lines (docs/asc606.md §15): whatever the amendments, the months recognize the
    /// whole transaction price (fixed, included and rated usage), and a late record of one
    /// month moves that month alone, by what it rates.
    #[test]
    fn usage_sums_to_the_price_and_a_late_record_moves_its_month_alone(
        terms in terms_strategy(6),
        changes in prop::collection::vec((any::<u8>(), any::<u32>(), 0..=MAX_PRICE, 0..400_i32), 0..4),
        usage_lines in prop::collection::vec(any::<bool>(), 6),
        months in prop::collection::vec((0_i32..400, 0_i64..5_000_000, 0_i64..100_000), 0..12),
        late in (0_i32..400, 1_i64..5_000_000),
    ) {
        use revrec_domain::usage::{Quantity, UnitRate, UsagePricing};
        use revrec_domain::{Consumption, ContractUsage, MonthUsage};
        // The usage lines of the first version become metered at 0.0123 a unit past 1,000.
        let pricing = UsagePricing::new(
            UnitRate::parse("0.0123").unwrap(),
            Quantity::units(1_000).unwrap(),
            Vec::new(),
        )
        .unwrap();
        let mut terms = terms;
        let mut metered = Vec::new();
        for (obligation, usage) in terms.obligations.iter_mut().zip(&usage_lines) {
            if *usage && matches!(obligation.pattern, Pattern::Ratable { .. }) {
                obligation.consumption = Some(Consumption::Usage(Some(pricing.clone())));
                metered.push((obligation.id.clone().unwrap(), obligation.pattern));
            }
        }
        prop_assume!(!metered.is_empty());
        let plain = PlanHistory::new(&terms);
        prop_assume!(plain.is_ok());
        let mut plain = plain.unwrap();
        let mut sorted = changes;
        sorted.sort_by_key(|change| change.1);
        for (kind, at, price, shift) in sorted {
            if let Ok(next) = plain.amend(&amendment(&terms, kind, at, price, shift)) {
                plain = next;
            }
        }
        // Months inside each metered line's service, in order.
        let mut usage = ContractUsage::new();
        for (id, pattern) in &metered {
            let Pattern::Ratable { start, end } = *pattern else { continue };
            let (first_month, last_month) = (Period::of(start), Period::of(end));
            let span = first_month.months_until(last_month) + 1;
            let mut list: BTreeMap<Period, MonthUsage> = BTreeMap::new();
            for (offset, units, amount) in &months {
                let period = first_month.plus(offset % span);
                let entry = list.entry(period).or_insert(MonthUsage {
                    period,
                    quantity: Quantity::default(),
                    amount: 0,
                });
                entry.quantity = entry.quantity.checked_add(Quantity::units(*units).unwrap()).unwrap();
                entry.amount += amount;
            }
            usage.insert(id.clone(), list.into_values().collect());
        }
        let rated = plain.clone().with_usage(&usage);
        let plan = rated.current();
        // What events have yet to recognize (a delivery, progress still to report).
        let last_day = plan.last_period().last_day();
        let waiting: i64 = plan
            .obligations()
            .iter()
            .filter(|o| o.pattern.awaits_events())
            .map(|o| o.allocated() - o.recognized_through(last_day))
            .sum();
        let recognized: i64 = plan.schedule().total_revenue().iter().sum();
        prop_assert_eq!(recognized + waiting, plan.transaction_price());
        // A usage line's revenue is variable whole; a fixed-price line's not at all.
        let schedule = plan.schedule();
        for (index, obligation) in plan.obligations().iter().enumerate() {
            if obligation.consumption.is_some() {
                prop_assert_eq!(schedule.variable(index), schedule.revenue(index));
            } else {
                prop_assert!(schedule.variable(index).iter().all(|v| *v == 0));
            }
        }

        // A late record in one month of the first metered line.
        let (id, pattern) = &metered[0];
        let Pattern::Ratable { start, end } = *pattern else { unreachable!() };
        let span = Period::of(start).months_until(Period::of(end)) + 1;
        let period = Period::of(start).plus(late.0 % span);
        let mut later = usage.clone();
        let list = later.get_mut(id).unwrap();
        match list.iter_mut().find(|month| month.period == period) {
            Some(month) => {
                month.quantity = month.quantity.checked_add(Quantity::units(late.1).unwrap()).unwrap();
            }
            None => {
                list.push(MonthUsage { period, quantity: Quantity::units(late.1).unwrap(), amount: 0 });
                list.sort_by_key(|month| month.period);
            }
        }
        let restated = plain.with_usage(&later);
        let (a, b) = (rated.current(), restated.current());
        let (first_period, last_period) = (a.first_period(), a.last_period().max(b.last_period()));
        let before = a.monthly(first_period, last_period).total_revenue();
        let after = b.monthly(first_period, last_period).total_revenue();
        let moved = b.transaction_price() - a.transaction_price();
        prop_assert!(moved >= 0);
        for (offset, (x, y)) in before.iter().zip(&after).enumerate() {
            let month = first_period.plus(i32::try_from(offset).unwrap());
            if month == period {
                prop_assert_eq!(y - x, moved, "{} carries the late record", month);
            } else {
                prop_assert_eq!(x, y, "{} never moves", month);
            }
        }
    }
}
