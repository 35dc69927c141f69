//! Books that never drift: a state-machine property test over the real use cases and both
//! stores.
//!
//! Random sequences of steps (ingest one contract or a batch; modify an active contract
//! prospectively, with a cumulative catch-up or as a separate contract, or replace a
//! draft's terms; terminate; fulfill an obligation awaiting delivery; report progress, up
//! or down; record an invoice; receive cash, some of it the largest amount one payment may
//! carry, in a four-decimal currency too; activate a draft; run a recalculation job to
//! completion, restating under a random convention or not; close months, reopen them;
//! change the chart of accounts) go through the use cases against a real database, never
//! through SQL. After every step:
//!
//! 0. every version a contract had is stored unchanged and reads back as the plan it was
//!    (a restatement is a version of its own; only a draft's terms are edited in place);
//! 1. the audit behind `revrec verify` (`verify_tenant`) is clean;
//! 2. every contract's monthly revenue over its whole life sums to its transaction price,
//!    less only what waits for an event (a delivery, progress short of 100 %), and the
//!    contract row's price is its versions' price;
//! 3. every journal entry of every month the step touched balances and is the one the
//!    contract's replayed plan posts, and every trial balance of those months balances and
//!    ties, account by account, to the journal to date;
//! 4. each closed month's journal reads as it did while it stays closed (a chart change
//!    included), every entry id names the lines it named when first read, and the list
//!    of closed months agrees month by month with the closes and reopens;
//!
//! and a step the domain refuses (a 4xx-type error) changes nothing: the refused contract
//! reads back identical, and so does every contract a step had no business touching.
//!
//! Customer names and payment references come from a hostile set the free-text rule
//! accepts (a right-to-left name with its mark, quotes, separators and formula characters,
//! a leading minus, the longest length); what it refuses is refused at every entry point
//! above the use cases (`tests/api/free_text.rs`).
//!
//! One database per backend; each sequence runs as a tenant of its own. `PROPTEST_CASES`
//! sets the sequences per backend (20 unless set), `PROPTEST_MAX_SHRINK_ITERS` the shrink
//! budget; a failure prints the smallest sequence found, one numbered step a line.

#![allow(
    clippy::unwrap_used,
    reason = "a broken fixture should fail the test loudly"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::time::Instant;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use revrec_domain::usage::{Breakage, Quantity, UnitRate, UsagePricing};
use revrec_domain::{
    Account, AccountRole, ChartOfAccounts, ComponentDraft, ContractDraft, Convention, Currency,
    EntryScope, EntrySource, EstimateChange, ExpectedUsageChange, Invoice, JournalEntry, LineDraft,
    Pattern, Payment, PercentComplete, Period, PlanHistory, PobType, Probability, Quarter,
    Scenario, contract_totals, journal_entries,
};
use revrec_domain::{Consumption, PrepaidCredits};
use revrec_ports::{ContractScan, ContractStatus, JobStatus, RecalculationRequest, StoredContract};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;
use revrec_usecases::activate_contract::activate_contract;
use revrec_usecases::as_of::AsOf;
use revrec_usecases::explain_contract::explain_contract;
use revrec_usecases::get_contract::get_contract;
use revrec_usecases::history::{replay, replay_recorded};
use revrec_usecases::ingest_contract::{NewContract, ingest_contract, ingest_contracts};
use revrec_usecases::ledger::{
    EntryStatus, JournalQuery, MAX_LIMIT, chart_of_accounts, current_chart, journal_page,
    set_chart_of_accounts, trial_balances,
};
use revrec_usecases::modify_contract::{
    ContractModification, ModificationOutcome, Treatment, modify_contract,
};
use revrec_usecases::note6_report::note6_report;
use revrec_usecases::periods::{close_periods, list_periods, list_periods_charged, reopen_periods};
use revrec_usecases::posting_control::WriteContext;
use revrec_usecases::recalculation::{WorkerSettings, get_job, run_next_job, start_recalculation};
use revrec_usecases::record_estimate::{Reestimate, record_estimate};
use revrec_usecases::record_event::{ObligationEvent, record_event};
use revrec_usecases::record_invoice::{InvoiceOutcome, record_invoice};
use revrec_usecases::record_payment::{PaymentOutcome, record_payment};
use revrec_usecases::record_usage::{UsageInput, record_usage};
use revrec_usecases::terminate_contract::terminate_contract;
use revrec_usecases::verify_books::verify_tenant;
use revrec_usecases::waterfall_report::{
    GroupBy, WaterfallQuery, grouped_waterfall_report, waterfall_report,
};
use revrec_usecases::{Services, UseCaseError};
use time::{Date, Duration, Month};

/// Sequences per backend unless `PROPTEST_CASES` says otherwise.
const DEFAULT_CASES: u32 = 20;
/// Shrink attempts unless `PROPTEST_MAX_SHRINK_ITERS` says otherwise: each one replays a
/// whole sequence against the database.
const DEFAULT_SHRINK_ITERS: u32 = 400;
/// Steps after the first ingest.
const MAX_MORE_STEPS: usize = 11;
/// Largest stated price or total, in minor units.
const MAX_PRICE: i64 = 5_000_000;
/// Contracts per audit page: small, so the audit's paging is exercised too.
const AUDIT_PAGE: u32 = 4;

fn first_day() -> Date {
    Date::from_calendar_date(2025, Month::January, 1).unwrap()
}

fn last_day() -> Date {
    Date::from_calendar_date(2027, Month::December, 31).unwrap()
}

/// Later than any activity a sequence can schedule.
fn far_future() -> Date {
    Date::from_calendar_date(2150, Month::January, 1).unwrap()
}

fn day(julian: i32) -> Date {
    Date::from_julian_day(julian).unwrap()
}

// ---------------------------------------------------------------------------------------
// The steps

/// One line of a new contract (or one added by a modification).
#[derive(Clone, Debug)]
enum LineSpec {
    /// Ratable over the contract's term.
    Subscription { price: i64 },
    /// Ratable over a window of its own: from `from` days after the start, `days` long
    /// (both held inside the term).
    Support { price: i64, from: u16, days: u16 },
    /// Delivered on a day of the term (`at` days after the start, wrapped into the term).
    Delivered {
        pob: &'static str,
        price: i64,
        at: u16,
    },
    /// Point in time, sent with `delivery_date: null`: it waits for a fulfillment.
    Awaiting { pob: &'static str, price: i64 },
    /// Over time, measured by progress reports.
    Progress { price: i64 },
    /// Rated usage (docs/asc606.md §15): a unit's price `rate` (millionths of the
    /// currency's unit) with `included` units free each month, or (no rate) records that
    /// carry their own amounts.
    Usage { rate: Option<i64>, included: u16 },
    /// Prepaid credits (docs/asc606.md §15): 1,000 credits, 800 expected to be used (all of
    /// them with breakage at expiry), expiring `expires` days after the start (wrapped into
    /// the term).
    Credits {
        price: i64,
        at_expiry: bool,
        expires: u16,
    },
}

#[derive(Clone, Debug)]
struct ContractSpec {
    currency: Currency,
    start: Date,
    end: Date,
    convention: Convention,
    /// `None`: priced at the sum of its stated prices.
    total: Option<i64>,
    /// Empty: the one-line form (a total alone, one subscription).
    lines: Vec<LineSpec>,
    /// Kept a draft (an unsigned quote).
    draft: bool,
    /// A bonus `bonus` (docs/asc606.md §15): its most likely amount, and the share of it
    /// (percent) included at inception.
    bonus: Option<(i64, u8)>,
}

/// A step. `target` picks a contract of the sequence (its index, wrapped); `at` a day
/// counted from the target's start (wrapped into its term, with a little room past it).
#[derive(Clone, Debug)]
enum Step {
    Ingest(ContractSpec),
    /// Several at once, through the batch path.
    IngestBatch(Vec<ContractSpec>),
    /// An active contract's new terms from day `at` (a draft's terms are replaced): every
    /// price scaled by `price_percent`, the end moved by `end_shift` days, one line dropped
    /// or one added.
    Modify {
        target: usize,
        catch_up: bool,
        at: u16,
        price_percent: u16,
        end_shift: i16,
        drop_line: Option<usize>,
        add_line: Option<LineSpec>,
    },
    /// A modification that adds distinct goods at their own price: a contract of its own.
    SplitOff {
        target: usize,
        at: u16,
        goods: ContractSpec,
    },
    Terminate {
        target: usize,
        at: u16,
    },
    /// Delivers an obligation awaiting delivery (`pick` among them; any obligation when
    /// the contract has none, which the domain refuses).
    Fulfill {
        target: usize,
        pick: usize,
        at: u16,
    },
    /// Cumulative progress of a progress obligation, in ten-thousandths of a percent.
    Progress {
        target: usize,
        pick: usize,
        at: u16,
        percent: u32,
    },
    /// A change in the estimate of the target's bonus: `percent` of its most likely amount
    /// included from `at` (refused for a contract without one, a draft, or a closed month).
    Estimate {
        target: usize,
        at: u16,
        percent: u8,
    },
    /// A usage record `record` (of six per contract: a repeated one is a replay or a
    /// restatement) on the target's first usage or credits line (refused on a contract
    /// without one),
    /// `units` used on day `at` (a record of its own amount on a line without pricing).
    Usage {
        target: usize,
        at: u16,
        record: u8,
        units: u16,
    },
    /// Bills `share_percent` of what is not billed yet (never above the price).
    Invoice {
        target: usize,
        at: u16,
        share_percent: u8,
        numbered: bool,
    },
    /// Cash received: `percent` of the price (above what is owed at times: a credit).
    Pay {
        target: usize,
        at: u16,
        percent: u8,
    },
    /// Cash received of the largest amount one payment may carry in the contract's
    /// currency (999,999,999,999 and every decimal's 9: 10^16 − 1 minor units of a
    /// four-decimal currency), so sums of amounts at the limit of one amount are exact.
    PayNearTheLimit {
        target: usize,
        at: u16,
    },
    Activate {
        target: usize,
    },
    /// A recalculation job, run page by page to the end by the worker's use case:
    /// restating under `convention` (or recomputing each contract under its own), over
    /// every contract or only `only`'s.
    Recalculate {
        convention: Option<Convention>,
        only: Option<usize>,
        page_size: u32,
    },
    /// Closes every open month through `month` months after January 2025 (one not ended
    /// yet is refused).
    Close {
        month: u8,
    },
    /// Reopens `month` months after January 2025 and every later closed month (an open
    /// one is refused).
    Reopen {
        month: u8,
    },
    /// A new chart of accounts: the receivable and the subscription revenue account coded
    /// after `number` (in force from the first open month).
    ChartChange {
        number: u16,
    },
}

impl Step {
    fn kind(&self) -> &'static str {
        match self {
            Step::Ingest(_) => "ingest",
            Step::IngestBatch(_) => "ingest batch",
            Step::Modify { .. } => "modify",
            Step::SplitOff { .. } => "separate contract",
            Step::Terminate { .. } => "terminate",
            Step::Fulfill { .. } => "fulfill",
            Step::Progress { .. } => "progress",
            Step::Estimate { .. } => "estimate",
            Step::Usage { .. } => "usage",
            Step::Invoice { .. } => "invoice",
            Step::Pay { .. } => "payment",
            Step::PayNearTheLimit { .. } => "payment near the limit",
            Step::Activate { .. } => "activate",
            Step::Recalculate { .. } => "recalculate",
            Step::Close { .. } => "close",
            Step::Reopen { .. } => "reopen",
            Step::ChartChange { .. } => "chart change",
        }
    }
}

/// Who the sequence's writes are by.
fn writer() -> WriteContext {
    WriteContext::by("drift")
}

/// A four-decimal currency: its largest payment is 10^16 − 1 minor units.
fn clf() -> Currency {
    Currency::from_code("CLF").unwrap()
}

/// The largest amount one payment may carry in `currency`, in minor units.
fn largest_amount(currency: Currency) -> i64 {
    revrec_domain::money::amount_limit(currency) - 1
}

/// Names and references a caller may send that a ledger, a CSV or a terminal might trip
/// on, all of which the free-text rule accepts (`docs/limits.md`, "Free text"): a
/// right-to-left name with its direction mark, quotes and separators, a leading minus and
/// formula characters inside, and a name of the longest length allowed.
fn hostile_but_accepted(kind: &str, number: usize) -> String {
    let rule = if kind == "Customer" {
        revrec_domain::text::NAME
    } else {
        revrec_domain::text::REFERENCE
    };
    let text = match number % 4 {
        0 => format!("{kind} {number}"),
        1 => format!("\u{200F}שלום {kind} {number}, \"Ltd\"; =1+2 'x'"),
        2 => format!("-{number} @{kind} =SUM(A1) | <b>&amp;</b>"),
        _ => {
            let mut long = format!("{kind} {number} ");
            while long.chars().count() < rule.max_chars {
                long.push('ü');
            }
            long
        }
    };
    assert_eq!(revrec_domain::text::check(&text, rule), Ok(()), "{text}");
    text
}

fn price() -> impl Strategy<Value = i64> {
    prop_oneof![1 => Just(0_i64), 9 => 1..=MAX_PRICE]
}

fn line() -> impl Strategy<Value = LineSpec> {
    let delivered_pob = prop::sample::select(vec!["services", "license", "hardware"]);
    prop_oneof![
        3 => price().prop_map(|price| LineSpec::Subscription { price }),
        1 => (price(), any::<u16>(), any::<u16>())
            .prop_map(|(price, from, days)| LineSpec::Support { price, from, days }),
        2 => (delivered_pob.clone(), price(), any::<u16>())
            .prop_map(|(pob, price, at)| LineSpec::Delivered { pob, price, at }),
        2 => (delivered_pob, price()).prop_map(|(pob, price)| LineSpec::Awaiting { pob, price }),
        2 => price().prop_map(|price| LineSpec::Progress { price }),
        2 => (prop::option::weighted(0.7, 0..=5_000_000_i64), 0..=3_u16)
            .prop_map(|(rate, included)| LineSpec::Usage { rate, included }),
        2 => (price(), any::<bool>(), any::<u16>()).prop_map(|(price, at_expiry, expires)| {
            LineSpec::Credits {
                price,
                at_expiry,
                expires,
            }
        }),
    ]
}

fn contract() -> impl Strategy<Value = ContractSpec> {
    let (first, last) = (first_day().to_julian_day(), last_day().to_julian_day());
    (
        first..=last,
        0..=last - first,
        prop::sample::select(vec![Currency::USD, Currency::EUR, Currency::JPY, clf()]),
        prop::sample::select(Convention::ALL.to_vec()),
        prop::option::of(1..=MAX_PRICE),
        prop::collection::vec(line(), 0..=3),
        prop::bool::weighted(0.2),
        prop::option::weighted(0.3, (1..=MAX_PRICE / 4, 0..=100_u8)),
    )
        .prop_map(
            move |(start, length, currency, convention, total, lines, draft, bonus)| ContractSpec {
                currency,
                start: day(start),
                end: day((start + length).min(last)),
                convention,
                // The one-line form needs a total.
                total: if lines.is_empty() {
                    total.or(Some(MAX_PRICE / 2))
                } else {
                    total
                },
                lines,
                draft,
                bonus,
            },
        )
}

fn step() -> impl Strategy<Value = Step> {
    let target = 0..64_usize;
    prop_oneof![
        3 => contract().prop_map(Step::Ingest),
        1 => prop::collection::vec(contract(), 2..=4).prop_map(Step::IngestBatch),
        3 => (
            target.clone(),
            any::<bool>(),
            any::<u16>(),
            50..=150_u16,
            prop_oneof![2 => Just(0_i16), 1 => -90..=180_i16],
            prop::option::weighted(0.2, 0..4_usize),
            prop::option::weighted(0.3, line()),
        )
            .prop_map(
                |(target, catch_up, at, price_percent, end_shift, drop_line, add_line)| {
                    Step::Modify {
                        target,
                        catch_up,
                        at,
                        price_percent,
                        end_shift,
                        drop_line,
                        add_line,
                    }
                }
            ),
        1 => (target.clone(), any::<u16>(), contract())
            .prop_map(|(target, at, goods)| Step::SplitOff { target, at, goods }),
        3 => (target.clone(), any::<u16>()).prop_map(|(target, at)| Step::Terminate { target, at }),
        2 => (target.clone(), 0..4_usize, any::<u16>())
            .prop_map(|(target, pick, at)| Step::Fulfill { target, pick, at }),
        2 => (
            target.clone(),
            0..4_usize,
            any::<u16>(),
            prop_oneof![
                Just(0_u32),
                Just(PercentComplete::WHOLE),
                0..=PercentComplete::WHOLE
            ],
        )
            .prop_map(|(target, pick, at, percent)| Step::Progress {
                target,
                pick,
                at,
                percent
            }),
        2 => (target.clone(), any::<u16>(), 0..=100_u8)
            .prop_map(|(target, at, percent)| Step::Estimate { target, at, percent }),
        3 => (target.clone(), any::<u16>(), 0..6_u8, 0..5_000_u16).prop_map(
            |(target, at, record, units)| Step::Usage {
                target,
                at,
                record,
                units
            }
        ),
        2 => (target.clone(), any::<u16>(), 1..=100_u8, any::<bool>()).prop_map(
            |(target, at, share_percent, numbered)| Step::Invoice {
                target,
                at,
                share_percent,
                numbered
            }
        ),
        2 => (target.clone(), any::<u16>(), 1..=70_u8)
            .prop_map(|(target, at, percent)| Step::Pay { target, at, percent }),
        2 => (target.clone(), any::<u16>())
            .prop_map(|(target, at)| Step::PayNearTheLimit { target, at }),
        1 => target.clone().prop_map(|target| Step::Activate { target }),
        3 => (
            prop::option::weighted(0.85, prop::sample::select(Convention::ALL.to_vec())),
            prop::option::weighted(0.3, target),
            1..=3_u32,
        )
            .prop_map(|(convention, only, page_size)| Step::Recalculate {
                convention,
                only,
                page_size
            }),
        2 => (0..30_u8).prop_map(|month| Step::Close { month }),
        1 => (0..30_u8).prop_map(|month| Step::Reopen { month }),
        1 => any::<u16>().prop_map(|number| Step::ChartChange { number }),
    ]
}

/// A sequence: a first contract, then up to `MAX_MORE_STEPS` steps of any kind.
fn sequence() -> impl Strategy<Value = Vec<Step>> {
    (
        contract(),
        prop::collection::vec(step(), 0..=MAX_MORE_STEPS),
    )
        .prop_map(|(first, rest)| {
            let mut steps = vec![Step::Ingest(first)];
            steps.extend(rest);
            steps
        })
}

/// The steps, numbered, one a line: what a failure prints.
fn numbered(steps: &[Step]) -> String {
    let mut text = String::new();
    for (number, step) in steps.iter().enumerate() {
        let _ = writeln!(text, "  {:>2}. {step:?}", number + 1);
    }
    text
}

// ---------------------------------------------------------------------------------------
// Running a step through the use cases

/// What a step did.
#[derive(Debug)]
#[allow(
    dead_code,
    reason = "the notes are read through Debug, in a failure's log"
)]
enum Outcome {
    /// Written: these existing contracts may have changed, these are new.
    Done {
        changed: Vec<String>,
        created: Vec<String>,
        note: String,
    },
    /// The domain refused it (a 4xx-type error): nothing may change.
    Refused { target: Option<String>, why: String },
    /// Nothing to send (no contract yet, nothing left to bill …).
    Skipped(String),
}

fn done(changed: Vec<String>, created: Vec<String>) -> Outcome {
    Outcome::Done {
        changed,
        created,
        note: String::new(),
    }
}

/// A refusal the caller would get as a 4xx problem; anything else fails the sequence.
fn refusal(target: Option<&str>, error: UseCaseError) -> Result<Outcome, TestCaseError> {
    match error {
        UseCaseError::Conflict | UseCaseError::Corrupt(_) | UseCaseError::Storage(_) => Err(
            TestCaseError::fail(format!("a use case failed instead of refusing: {error}")),
        ),
        refused => Ok(Outcome::Refused {
            target: target.map(str::to_owned),
            why: refused.to_string(),
        }),
    }
}

/// The day `at` days after `start`, wrapped into `[start, end + slack]`.
fn day_in(start: Date, end: Date, at: u16, slack: i64) -> Date {
    let span = (end - start).whole_days() + 1 + slack;
    start + Duration::days(i64::from(at) % span.max(1))
}

fn line_draft(spec: &LineSpec, start: Date, end: Date) -> LineDraft {
    match *spec {
        LineSpec::Subscription { price } => LineDraft {
            pob_type: "subscription".into(),
            stated_price: Some(price),
            ..LineDraft::default()
        },
        LineSpec::Support { price, from, days } => {
            let first = day_in(start, end, from, 0);
            let last = day_in(first, end, days, 0);
            LineDraft {
                pob_type: "support".into(),
                stated_price: Some(price),
                service_start: Some(first),
                service_end: Some(last),
                ..LineDraft::default()
            }
        }
        LineSpec::Delivered { pob, price, at } => LineDraft {
            pob_type: pob.into(),
            stated_price: Some(price),
            delivery_date: Some(day_in(start, end, at, 0)),
            ..LineDraft::default()
        },
        LineSpec::Awaiting { pob, price } => LineDraft {
            pob_type: pob.into(),
            stated_price: Some(price),
            awaiting_delivery: true,
            ..LineDraft::default()
        },
        LineSpec::Progress { price } => LineDraft {
            pob_type: "services".into(),
            stated_price: Some(price),
            recognition: Some("progress".into()),
            ..LineDraft::default()
        },
        LineSpec::Usage { rate, included } => LineDraft {
            pob_type: "usage".into(),
            usage_pricing: rate.map(|rate| {
                UsagePricing::new(
                    UnitRate::from_millionths(rate).unwrap(),
                    Quantity::units(i64::from(included)).unwrap(),
                    Vec::new(),
                )
                .unwrap()
            }),
            ..LineDraft::default()
        },
        LineSpec::Credits {
            price,
            at_expiry,
            expires,
        } => LineDraft {
            pob_type: "services".into(),
            stated_price: Some(price),
            recognition: Some("credits".into()),
            prepaid_credits: Some(PrepaidCredits {
                credits: Quantity::units(1_000).unwrap(),
                expires_on: day_in(start, end, expires, 0),
                expected_usage: Quantity::units(800).unwrap(),
                breakage: if at_expiry {
                    Breakage::AtExpiry
                } else {
                    Breakage::Proportional
                },
            }),
            ..LineDraft::default()
        },
    }
}

fn new_contract(spec: &ContractSpec, customer: &str) -> NewContract {
    let lines = spec
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let mut draft = line_draft(line, spec.start, spec.end);
            draft.name = Some(format!("{} {index}", draft.pob_type));
            draft
        })
        .collect();
    NewContract {
        draft: ContractDraft {
            customer_name: customer.to_owned(),
            currency: spec.currency,
            start_date: spec.start,
            end_date: spec.end,
            signed_date: None,
            transaction_price: spec.total,
            convention: spec.convention,
            lines,
            variable: spec.bonus.map(bonus).into_iter().collect(),
            unread: Vec::new(),
        },
        customer_id: None,
        contract_number: None,
        as_draft: spec.draft,
        parent_contract_id: None,
        billing_schedule: Vec::new(),
    }
}

/// The bonus of a contract: one scenario, certain, of `most_likely`, and `percent` of it
/// included.
fn bonus((most_likely, percent): (i64, u8)) -> ComponentDraft {
    ComponentDraft {
        id: "bonus".into(),
        kind: "bonus".into(),
        method: "most_likely_amount".into(),
        scenarios: Some(vec![Scenario {
            amount: most_likely,
            probability: Probability::from_millionths(1_000_000).unwrap(),
        }]),
        included_amount: most_likely * i64::from(percent) / 100,
        ..ComponentDraft::default()
    }
}

/// The target's new terms: its obligations in force, named by id, each keeping its
/// pattern, prices scaled by `percent`; the end moved; one line dropped or added.
fn amended_terms(
    stored: &StoredContract,
    history: &PlanHistory,
    percent: u16,
    end_shift: i16,
    drop_line: Option<usize>,
    add_line: Option<&LineSpec>,
    effective: Date,
) -> ContractDraft {
    let latest = &stored.versions.last().unwrap().terms;
    let plan = history.current();
    let scale = |price: i64| price * i64::from(percent) / 100;
    let end = (latest.end_date + Duration::days(i64::from(end_shift)))
        .clamp(latest.start_date, last_day());
    let in_force: Vec<_> = latest
        .obligations
        .iter()
        .filter(|terms| {
            plan.obligations()
                .iter()
                .any(|obligation| obligation.in_force && obligation.id == terms.id)
        })
        .collect();
    let mut lines: Vec<LineDraft> = in_force
        .iter()
        .map(|terms| {
            let mut line = LineDraft {
                id: terms.id.clone(),
                name: Some(terms.name.to_string()),
                pob_type: terms.pob_type.as_str().into(),
                stated_price: Some(scale(terms.stated_price.unwrap_or(0))),
                ..LineDraft::default()
            };
            match terms.pattern {
                // Over the whole term: it follows the term's new end.
                Pattern::Ratable { start, end: last }
                    if start == latest.start_date && last == latest.end_date => {}
                Pattern::Ratable { start, end: last } => {
                    line.recognition = Some("ratable".into());
                    line.service_start = Some(start);
                    line.service_end = Some(last.min(end));
                }
                Pattern::PointInTime { date } => line.delivery_date = Some(date),
                Pattern::AwaitingDelivery => line.awaiting_delivery = true,
                Pattern::Progress => line.recognition = Some("progress".into()),
            }
            line
        })
        .collect();
    if let Some(index) = drop_line.filter(|_| lines.len() > 1) {
        let at = index % lines.len();
        lines[at].removed = true;
    }
    let mut added_price = 0;
    if let Some(spec) = add_line {
        let mut line = line_draft(spec, effective.max(latest.start_date), end);
        line.name = Some(format!("added {}", line.pob_type));
        added_price = line.stated_price.unwrap_or(0);
        lines.push(line);
    }
    // A one-subscription contract may leave its lines out (the one-line form).
    let one_line = matches!(in_force.as_slice(), [only] if &*only.name == "subscription")
        && lines.len() == 1
        && !lines[0].removed;
    if one_line {
        lines.clear();
    }
    ContractDraft {
        customer_name: stored.record.customer_name.clone(),
        currency: latest.currency,
        start_date: latest.start_date,
        end_date: end,
        signed_date: Some(latest.signed_date),
        transaction_price: Some(scale(plan.transaction_price()) + added_price),
        convention: latest.convention,
        lines,
        variable: Vec::new(),
        unread: Vec::new(),
    }
}

struct Sequence<'a> {
    services: &'a Services,
    tenant: String,
    /// The sequence's contracts, in the order they were made: what `target` indexes.
    ids: Vec<String>,
    invoices: usize,
    payments: usize,
}

impl Sequence<'_> {
    fn target(&self, index: usize) -> Option<String> {
        (!self.ids.is_empty()).then(|| self.ids[index % self.ids.len()].clone())
    }

    /// The `index`-th of the contracts in `status` (with an obligation in force of
    /// `pattern`, unless a draft is wanted), else of all.
    async fn preferred(
        &self,
        index: usize,
        status: ContractStatus,
        pattern: Pattern,
    ) -> Option<String> {
        let mut fitting = Vec::new();
        for id in &self.ids {
            let stored = self.load(id).await;
            let fits =
                stored.record.status == status
                    && (status == ContractStatus::Draft
                        || replay(&stored).unwrap().current().obligations().iter().any(
                            |obligation| obligation.in_force && obligation.pattern == pattern,
                        ));
            if fits {
                fitting.push(id.clone());
            }
        }
        if fitting.is_empty() {
            self.target(index)
        } else {
            Some(fitting[index % fitting.len()].clone())
        }
    }

    /// The `index`-th of the active contracts with a usage or credits line, else of all.
    async fn with_usage(&self, index: usize) -> Option<String> {
        let mut fitting = Vec::new();
        for id in &self.ids {
            let stored = self.load(id).await;
            let has_usage = stored.versions.last().is_some_and(|version| {
                version
                    .terms
                    .obligations
                    .iter()
                    .any(|obligation| obligation.consumption.is_some())
            });
            if stored.record.status == ContractStatus::Active && has_usage {
                fitting.push(id.clone());
            }
        }
        if fitting.is_empty() {
            self.target(index)
        } else {
            Some(fitting[index % fitting.len()].clone())
        }
    }

    async fn load(&self, id: &str) -> Arc<StoredContract> {
        self.services
            .contracts
            .find(&self.tenant, id)
            .await
            .unwrap()
            .unwrap()
    }

    /// Records `payment` on contract `id`: a refusal (past the books' limit, say) is one.
    async fn pay(&self, id: &str, payment: Payment) -> Result<Outcome, TestCaseError> {
        let read = |_currency| Ok::<_, UseCaseError>(payment);
        match record_payment(self.services, &self.tenant, &writer(), id, read).await {
            Ok(PaymentOutcome::Recorded(..)) => Ok(done(vec![id.to_owned()], Vec::new())),
            Ok(PaymentOutcome::Replayed(..)) => {
                Err(TestCaseError::fail("a new payment reference was replayed"))
            }
            Err(error) => refusal(Some(id), error),
        }
    }

    async fn run(&mut self, step: &Step) -> Result<Outcome, TestCaseError> {
        let services = self.services;
        let tenant = self.tenant.clone();
        let tenant = tenant.as_str();
        let customer = hostile_but_accepted("Customer", self.ids.len());
        let target = match step {
            Step::Ingest(_)
            | Step::IngestBatch(_)
            | Step::Recalculate { .. }
            | Step::Close { .. }
            | Step::Reopen { .. }
            | Step::ChartChange { .. } => None,
            Step::Modify { target, .. }
            | Step::SplitOff { target, .. }
            | Step::Terminate { target, .. }
            | Step::Invoice { target, .. }
            | Step::Estimate { target, .. }
            | Step::Pay { target, .. } => match self.target(*target) {
                Some(id) => Some(id),
                None => return Ok(Outcome::Skipped("no contract yet".into())),
            },
            // The sequence's first four-decimal contract when it has one, so that such
            // payments add up on one contract.
            Step::PayNearTheLimit { target, .. } => {
                let mut four_decimals = None;
                for id in &self.ids {
                    if self.load(id).await.record.currency == clf() {
                        four_decimals = Some(id.clone());
                        break;
                    }
                }
                four_decimals.or_else(|| self.target(*target))
            }
            // An event or an activation goes to a contract that can take it when one can
            // (else to any, which refuses it): random targets would rarely hit one.
            Step::Fulfill { target, .. } => {
                self.preferred(*target, ContractStatus::Active, Pattern::AwaitingDelivery)
                    .await
            }
            Step::Progress { target, .. } => {
                self.preferred(*target, ContractStatus::Active, Pattern::Progress)
                    .await
            }
            Step::Usage { target, .. } => self.with_usage(*target).await,
            Step::Activate { target } => {
                self.preferred(*target, ContractStatus::Draft, Pattern::Progress)
                    .await
            }
        };
        if target.is_none()
            && !matches!(
                step,
                Step::Ingest(_)
                    | Step::IngestBatch(_)
                    | Step::Recalculate { .. }
                    | Step::Close { .. }
                    | Step::Reopen { .. }
                    | Step::ChartChange { .. }
            )
        {
            return Ok(Outcome::Skipped("no contract yet".into()));
        }
        let id = target.as_deref().unwrap_or_default();
        let stored = match &target {
            Some(id) => Some(self.load(id).await),
            None => None,
        };
        let (start, end) = stored.as_ref().map_or((first_day(), last_day()), |s| {
            (s.record.start_date, s.record.end_date)
        });
        let outcome = match step {
            Step::Ingest(spec) => {
                match ingest_contract(services, tenant, &writer(), new_contract(spec, &customer))
                    .await
                {
                    Ok(view) => {
                        self.ids.push(view.record.id.clone());
                        done(Vec::new(), vec![view.record.id])
                    }
                    Err(error) => return refusal(None, error),
                }
            }
            Step::IngestBatch(specs) => {
                let inputs = specs
                    .iter()
                    .enumerate()
                    .map(|(index, spec)| new_contract(spec, &format!("{customer}.{index}")))
                    .collect();
                let mut created = Vec::new();
                let mut refused = Vec::new();
                for outcome in ingest_contracts(services, tenant, &writer(), inputs).await {
                    match outcome {
                        Ok(view) => created.push(view.record.id),
                        Err(error) => match refusal(None, error)? {
                            Outcome::Refused { why, .. } => refused.push(why),
                            _ => unreachable!(),
                        },
                    }
                }
                self.ids.extend(created.iter().cloned());
                Outcome::Done {
                    changed: Vec::new(),
                    created,
                    note: refused.join("; "),
                }
            }
            Step::Modify {
                catch_up,
                at,
                price_percent,
                end_shift,
                drop_line,
                add_line,
                ..
            } => {
                let stored = stored.unwrap();
                let history = replay(&stored).unwrap();
                let draft_contract = stored.record.status == ContractStatus::Draft;
                let effective = day_in(start, end, *at, 0);
                let terms = amended_terms(
                    &stored,
                    &history,
                    *price_percent,
                    *end_shift,
                    *drop_line,
                    add_line.as_ref(),
                    effective,
                );
                let change = ContractModification {
                    draft: terms,
                    customer_id: None,
                    contract_number: None,
                    effective_date: (!draft_contract).then_some(effective),
                    treatment: (!draft_contract).then_some(if *catch_up {
                        Treatment::CumulativeCatchUp
                    } else {
                        Treatment::Prospective
                    }),
                    convention_given: false,
                    billing_schedule: None,
                };
                match modify_contract(services, tenant, &writer(), id, change).await {
                    Ok(ModificationOutcome::Amended(_) | ModificationOutcome::DraftReplaced(_)) => {
                        done(vec![id.to_owned()], Vec::new())
                    }
                    Ok(ModificationOutcome::SeparateContract(view)) => {
                        return Err(TestCaseError::fail(format!(
                            "a modification became a separate contract {}",
                            view.record.id
                        )));
                    }
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::SplitOff { at, goods, .. } => {
                let new = new_contract(goods, &stored.as_ref().unwrap().record.customer_name);
                let change = ContractModification {
                    draft: new.draft,
                    customer_id: None,
                    contract_number: None,
                    effective_date: Some(day_in(start, end, *at, 0)),
                    treatment: Some(Treatment::SeparateContract),
                    convention_given: true,
                    billing_schedule: None,
                };
                match modify_contract(services, tenant, &writer(), id, change).await {
                    Ok(ModificationOutcome::SeparateContract(view)) => {
                        if view.record.parent_contract_id.as_deref() != Some(id) {
                            return Err(TestCaseError::fail(
                                "the separate contract lost its parent",
                            ));
                        }
                        self.ids.push(view.record.id.clone());
                        // The original is untouched.
                        done(Vec::new(), vec![view.record.id])
                    }
                    Ok(other) => {
                        return Err(TestCaseError::fail(format!(
                            "a separate-contract modification answered {other:?}"
                        )));
                    }
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Terminate { at, .. } => {
                let effective = day_in(start, end, *at, 10);
                match terminate_contract(services, tenant, &writer(), id, Some(effective)).await {
                    Ok(_) => done(vec![id.to_owned()], Vec::new()),
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Fulfill { pick, at, .. } => {
                let obligation = pick_obligation(stored.as_ref().unwrap(), *pick, |pattern| {
                    pattern == Pattern::AwaitingDelivery
                });
                let event = ObligationEvent::Fulfillment {
                    date: day_in(start, end, *at, 10),
                    share: None,
                };
                match record_event(services, tenant, &writer(), id, &obligation, event).await {
                    Ok(_) => done(vec![id.to_owned()], Vec::new()),
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Progress {
                pick, at, percent, ..
            } => {
                let obligation = pick_obligation(stored.as_ref().unwrap(), *pick, |pattern| {
                    pattern == Pattern::Progress
                });
                let event = ObligationEvent::Progress {
                    as_of: day_in(start, end, *at, 10),
                    percent: PercentComplete::from_ten_thousandths(*percent).unwrap(),
                };
                match record_event(services, tenant, &writer(), id, &obligation, event).await {
                    Ok(_) => done(vec![id.to_owned()], Vec::new()),
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Estimate { at, percent, .. } => {
                let stored = stored.unwrap();
                let terms = &stored.versions.last().unwrap().terms;
                let estimate = terms
                    .variable
                    .first()
                    .and_then(|component| component.scenarios.first())
                    .map_or(0, |scenario| scenario.amount);
                // An odd percent revises a credits line's expected usage, where there is one.
                let credits_line =
                    terms
                        .obligations
                        .iter()
                        .find_map(|line| match (&line.id, &line.consumption) {
                            (Some(id), Some(Consumption::Credits(credits))) => Some((id, credits)),
                            _ => None,
                        });
                let change = match credits_line.filter(|_| percent % 2 == 1) {
                    Some((obligation_id, credits)) => {
                        Reestimate::ExpectedUsage(ExpectedUsageChange {
                            obligation_id: obligation_id.clone(),
                            expected_usage: Quantity::from_millionths(
                                credits.credits.millionths() / 100 * i64::from(*percent),
                            )
                            .unwrap(),
                        })
                    }
                    None => Reestimate::Component(EstimateChange {
                        component_id: "bonus".into(),
                        method: None,
                        scenarios: None,
                        included_amount: estimate * i64::from(*percent) / 100,
                    }),
                };
                let as_of = day_in(start, end, *at, 0);
                let read = |_| Ok::<_, UseCaseError>((as_of, change));
                match record_estimate(services, tenant, &writer(), id, read).await {
                    Ok(_) => done(vec![id.to_owned()], Vec::new()),
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Usage {
                at, record, units, ..
            } => {
                let stored = stored.unwrap();
                let line = stored
                    .versions
                    .last()
                    .unwrap()
                    .terms
                    .obligations
                    .iter()
                    .find(|obligation| obligation.consumption.is_some());
                let (obligation_id, priced) = match line {
                    Some(line) => (
                        line.id.clone().unwrap(),
                        !matches!(line.consumption, Some(Consumption::Usage(None))),
                    ),
                    // Any obligation, which refuses usage.
                    None => (pick_obligation(&stored, 0, |_| true), true),
                };
                let input = UsageInput {
                    obligation_id,
                    record_id: format!("r{record}"),
                    occurred_on: day_in(start, end, *at, 1),
                    quantity: priced.then(|| Quantity::units(i64::from(*units)).unwrap()),
                    amount: (!priced).then(|| i64::from(*units) * 37),
                };
                let read = |_| Ok::<_, UseCaseError>(vec![input]);
                match record_usage(services, tenant, &writer(), id, read).await {
                    Ok(mut answers) => match answers.pop().unwrap() {
                        Ok(_) => done(vec![id.to_owned()], Vec::new()),
                        Err(error) => return refusal(Some(id), error),
                    },
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Invoice {
                at,
                share_percent,
                numbered,
                ..
            } => {
                let stored = stored.unwrap();
                let price = replay(&stored).unwrap().current().transaction_price();
                let billed: i64 = stored
                    .invoices
                    .iter()
                    .filter(|invoice| invoice.is_invoice())
                    .map(|invoice| invoice.amount)
                    .sum();
                let left = price - billed;
                if left <= 0 {
                    return Ok(Outcome::Skipped(format!(
                        "nothing left to bill ({billed} billed of {price})"
                    )));
                }
                self.invoices += 1;
                let signed = stored.versions[0].terms.signed_date;
                let invoice = Invoice {
                    date: day_in(signed, end, *at, 120),
                    amount: (left * i64::from(*share_percent) / 100).max(1),
                    number: numbered.then(|| format!("INV-{}", self.invoices)),
                };
                let read = |_currency| Ok::<_, UseCaseError>(invoice);
                match record_invoice(services, tenant, &writer(), id, read).await {
                    Ok(InvoiceOutcome::Recorded(..)) => done(vec![id.to_owned()], Vec::new()),
                    Ok(InvoiceOutcome::Replayed(..)) => {
                        return Err(TestCaseError::fail("a new invoice number was replayed"));
                    }
                    Err(error) => return refusal(Some(id), error),
                }
            }
            Step::Pay { at, percent, .. } => {
                let stored = stored.unwrap();
                let price = replay(&stored).unwrap().current().transaction_price();
                self.payments += 1;
                let signed = stored.versions[0].terms.signed_date;
                let payment = Payment {
                    date: day_in(signed, end, *at, 120),
                    amount: (price * i64::from(*percent) / 100).max(1),
                    reference: hostile_but_accepted("PAY", self.payments),
                };
                self.pay(id, payment).await?
            }
            Step::PayNearTheLimit { at, .. } => {
                let stored = stored.unwrap();
                self.payments += 1;
                let signed = stored.versions[0].terms.signed_date;
                let payment = Payment {
                    date: day_in(signed, end, *at, 120),
                    amount: largest_amount(stored.record.currency),
                    reference: format!("MAX-{}", self.payments),
                };
                self.pay(id, payment).await?
            }
            Step::Activate { .. } => match activate_contract(services, tenant, &writer(), id).await
            {
                Ok(_) => done(vec![id.to_owned()], Vec::new()),
                Err(error) => return refusal(Some(id), error),
            },
            Step::Recalculate {
                convention,
                only,
                page_size,
            } => {
                let selected = only.and_then(|index| self.target(index));
                let request = RecalculationRequest {
                    contract_ids: selected.clone().map(|id| vec![id]),
                    convention: *convention,
                    requested_by: String::new(),
                };
                let job = match start_recalculation(services, tenant, &writer(), request).await {
                    Ok(job) => job,
                    Err(error) => return refusal(None, error),
                };
                // What the worker does: claim the job and run its pages until none is left.
                let settings = WorkerSettings {
                    lease_micros: 600_000_000,
                    page_size: *page_size,
                };
                while run_next_job(services, "drift-worker", settings, &|| false)
                    .await
                    .map_err(|error| TestCaseError::fail(format!("the job worker: {error}")))?
                    .is_some()
                {}
                let finished = get_job(services, tenant, &job.id).await.unwrap();
                if finished.status != JobStatus::Completed {
                    return Err(TestCaseError::fail(format!(
                        "the job ended {:?}: {:?}",
                        finished.status, finished.failure
                    )));
                }
                Outcome::Done {
                    changed: selected.map_or_else(|| self.ids.clone(), |id| vec![id]),
                    created: Vec::new(),
                    note: format!(
                        "{} changed, skipped {:?}",
                        finished.progress.changed, finished.progress.skipped
                    ),
                }
            }
            Step::Close { month } => {
                let through = Period::of(first_day()).plus(i32::from(*month));
                match close_periods(services, tenant, "drift", through).await {
                    Ok(_) => done(Vec::new(), Vec::new()),
                    Err(error) => return refusal(None, error),
                }
            }
            Step::Reopen { month } => {
                let from = Period::of(first_day()).plus(i32::from(*month));
                match reopen_periods(services, tenant, "drift", from, "a late change").await {
                    Ok(_) => done(Vec::new(), Vec::new()),
                    Err(error) => return refusal(None, error),
                }
            }
            Step::ChartChange { number } => {
                let mut chart = ChartOfAccounts {
                    receivable: Account::new(&format!("12{number:05}"), "Trade Debtors"),
                    ..ChartOfAccounts::default()
                };
                *chart.account_mut(AccountRole::Revenue(PobType::Subscription)) =
                    Account::new(&format!("40{number:05}"), "SaaS Revenue");
                match set_chart_of_accounts(services, tenant, "drift", chart).await {
                    Ok(_) => done(Vec::new(), Vec::new()),
                    Err(error) => return refusal(None, error),
                }
            }
        };
        Ok(outcome)
    }
}

/// The id of the `pick`-th obligation in force whose pattern `wanted` accepts, or of any
/// obligation when none does.
fn pick_obligation(
    stored: &StoredContract,
    pick: usize,
    wanted: impl Fn(Pattern) -> bool,
) -> String {
    let history = replay(stored).unwrap();
    let obligations = history.current().obligations();
    let matching: Vec<_> = obligations
        .iter()
        .filter(|obligation| obligation.in_force && wanted(obligation.pattern))
        .collect();
    let pool: Vec<_> = if matching.is_empty() {
        obligations.iter().collect()
    } else {
        matching
    };
    pool[pick % pool.len()].id.clone().unwrap()
}

// ---------------------------------------------------------------------------------------
// The invariants

type Snapshot = BTreeMap<String, Arc<StoredContract>>;

async fn snapshot(services: &Services, tenant: &str) -> Snapshot {
    let mut contracts = Snapshot::new();
    let mut scan = ContractScan {
        limit: 500,
        ..ContractScan::default()
    };
    loop {
        let page = services.contracts.scan(tenant, &scan).await.unwrap();
        for stored in page.contracts {
            contracts.insert(stored.record.id.clone(), stored);
        }
        match page.next {
            Some(next) => scan.after = Some(next),
            None => return contracts,
        }
    }
}

fn fail(message: String) -> Result<(), TestCaseError> {
    Err(TestCaseError::fail(message))
}

/// Only what the step was allowed to touch changed: a refused step nothing, a change of
/// one contract that one, a job its selection; new contracts are the ones it made.
fn only_allowed_changes(
    before: &Snapshot,
    after: &Snapshot,
    expected_ids: &[String],
    outcome: &Outcome,
) -> Result<(), TestCaseError> {
    let stored: BTreeSet<&String> = after.keys().collect();
    let expected: BTreeSet<&String> = expected_ids.iter().collect();
    if stored != expected {
        return fail(format!(
            "the store holds contracts {stored:?}, the sequence made {expected:?}"
        ));
    }
    let allowed: BTreeSet<&String> = match outcome {
        Outcome::Done { changed, .. } => changed.iter().collect(),
        Outcome::Refused { .. } | Outcome::Skipped(_) => BTreeSet::new(),
    };
    for (id, earlier) in before {
        if !allowed.contains(id) && after.get(id) != Some(earlier) {
            return fail(format!(
                "contract {id} changed though the step ({outcome:?}) could not touch it:\n\
                 before {earlier:#?}\nafter {:#?}",
                after.get(id)
            ));
        }
    }
    Ok(())
}

/// Its monthly revenue over its whole life is its transaction price, less only what an
/// obligation still waits for an event to recognize; its row says its versions' price.
fn months_sum_to_the_price(stored: &StoredContract) -> Result<(i64, PlanHistory), String> {
    let id = &stored.record.id;
    let history = replay(stored).map_err(|error| format!("{id} does not replay: {error}"))?;
    let plan = history.current();
    let price = plan.transaction_price();
    if stored.record.total_value != price {
        return Err(format!(
            "{id}: total_value {} but its versions give {price}",
            stored.record.total_value
        ));
    }
    let months: i64 = contract_totals(&history)
        .values()
        .map(|amounts| amounts.recognized)
        .sum();
    let mut waiting = 0;
    for obligation in plan.obligations() {
        let left = obligation.allocated() - obligation.recognized_through(far_future());
        let awaits_event = obligation.in_force
            && obligation.pattern.awaits_events()
            && obligation.percent_complete != Some(PercentComplete::COMPLETE);
        if left < 0 || (left != 0 && !awaits_event) {
            return Err(format!(
                "{id}: obligation {:?} ({:?}, in force {}) recognizes {} of its {} over its life",
                obligation.id,
                obligation.pattern,
                obligation.in_force,
                obligation.allocated() - left,
                obligation.allocated()
            ));
        }
        waiting += left;
    }
    if months + waiting != price {
        return Err(format!(
            "{id}: its months sum to {months} and {waiting} waits for events, but its price is {price}"
        ));
    }
    Ok((months, history))
}

/// The months a contract has anything in: its term, its signing, its changes, its invoices.
fn active_months(history: &PlanHistory) -> (Period, Period) {
    let plan = history.current();
    let first = plan.first_period().min(Period::of(plan.signed_date()));
    let billing = history.billing();
    let last = [billing.last_period(), billing.last_payment_period()]
        .into_iter()
        .flatten()
        .fold(plan.last_period(), Period::max);
    (first, last)
}

/// One step's checks, after it ran.
async fn audit(
    services: &Services,
    tenant: &str,
    before: &Snapshot,
    after: &Snapshot,
    outcome: &Outcome,
) -> Result<(), TestCaseError> {
    // (0) History is never rewritten (docs/ledger.md, "As of an instant"): every version a
    // contract had before the step is stored unchanged after it, and reads back as the plan
    // it had (a draft's terms alone are edited in place).
    for (id, earlier) in before {
        let Some(later) = after.get(id) else {
            continue;
        };
        if earlier.record.status == ContractStatus::Draft {
            continue;
        }
        if later.versions.get(..earlier.versions.len()) != Some(&earlier.versions[..]) {
            return fail(format!(
                "{id}: stored versions changed from {:?} to {:?}",
                earlier.versions, later.versions
            ));
        }
        let (was, is) = (
            replay_recorded(earlier).unwrap(),
            replay_recorded(later).unwrap(),
        );
        for number in 1..=u32::try_from(earlier.versions.len()).unwrap() {
            if was.recorded(number) != is.recorded(number) {
                return fail(format!("{id}: version {number} reads back differently"));
            }
        }
    }

    // (1) `revrec verify`.
    let report = verify_tenant(services, tenant, AUDIT_PAGE).await.unwrap();
    if !report.is_clean() {
        return fail(format!("revrec verify found drift: {report:#?}"));
    }
    if report.contracts_checked != after.len() as u64 {
        return fail(format!(
            "verify checked {} contracts of {}",
            report.contracts_checked,
            after.len()
        ));
    }

    // (2) Every contract's months sum to its price; the touched ones' waterfalls say so.
    let touched: BTreeSet<&String> = match outcome {
        Outcome::Done {
            changed, created, ..
        } => changed.iter().chain(created).collect(),
        Outcome::Refused { target, .. } => target.iter().collect(),
        Outcome::Skipped(_) => BTreeSet::new(),
    };
    let mut histories = BTreeMap::new();
    for (id, stored) in after {
        let (months, history) = months_sum_to_the_price(stored).map_err(TestCaseError::fail)?;
        if touched.contains(id) {
            let query = WaterfallQuery {
                contract_id: Some(id.clone()),
                ..WaterfallQuery::default()
            };
            let waterfall = waterfall_report(services, tenant, &query).await.unwrap();
            if waterfall.waterfall.total_recognized != months {
                return fail(format!(
                    "{id}: its waterfall recognizes {} but its schedule {months}",
                    waterfall.waterfall.total_recognized
                ));
            }
        }
        histories.insert(id.clone(), history);
    }

    // (3) The months the step touched: before and after, for every contract it touched.
    let mut months = BTreeSet::new();
    for id in &touched {
        let earlier = before.get(*id).map(|stored| replay(stored).unwrap());
        for history in earlier.iter().chain(histories.get(*id)) {
            let (first, last) = active_months(history);
            let mut period = first;
            while period <= last {
                months.insert(period);
                period = period.next();
            }
        }
    }
    if months.is_empty() {
        return Ok(());
    }
    ledger_ties(services, tenant, after, &histories, &months).await
}

/// Every journal entry of `months` balances and is what the contract's plan posts; every
/// trial balance of those months balances and equals the journal to date, by account.
async fn ledger_ties(
    services: &Services,
    tenant: &str,
    contracts: &Snapshot,
    histories: &BTreeMap<String, PlanHistory>,
    months: &BTreeSet<Period>,
) -> Result<(), TestCaseError> {
    let books = list_periods(services, tenant).await.unwrap();
    if books.first_open.is_some() {
        return books_tie(services, tenant, contracts, months).await;
    }
    // Nothing closed: every month posts to the chart recorded last.
    let chart = current_chart(services, tenant).await.unwrap();
    // What each contract posts, month by month, straight from its replayed plan.
    let mut expected: BTreeMap<(Period, bool), Vec<(String, JournalEntry)>> = BTreeMap::new();
    for (id, stored) in contracts {
        let history = &histories[id];
        let source = EntrySource {
            tenant,
            contract_id: id,
            restatements: stored.record.restatements,
        };
        let draft = stored.record.status == ContractStatus::Draft;
        for entry in journal_entries(history.current(), history.billing(), source, &chart, None) {
            expected
                .entry((entry.period, draft))
                .or_default()
                .push((id.clone(), entry));
        }
    }
    for (status, draft) in [(EntryStatus::Approved, false), (EntryStatus::Draft, true)] {
        for period in months {
            let posted = journal_of(services, tenant, *period, status).await;
            for (id, entry) in &posted {
                let debits = entry.total_debit();
                if !entry.is_balanced() || entry.lines.iter().any(|l| l.debit < 0 || l.credit < 0) {
                    return fail(format!(
                        "{id}'s {} entry of {period} does not balance ({debits} debited, {} credited): {entry:#?}",
                        status.as_str(),
                        entry.total_credit()
                    ));
                }
            }
            let wanted = expected.get(&(*period, draft)).cloned().unwrap_or_default();
            if posted != wanted {
                return fail(format!(
                    "the {} journal of {period} holds the entries of {:?}, the contracts' plans post those of {:?}:\nposted {posted:#?}\nwanted {wanted:#?}",
                    status.as_str(),
                    posted.iter().map(|(id, _)| id).collect::<Vec<_>>(),
                    wanted.iter().map(|(id, _)| id).collect::<Vec<_>>(),
                ));
            }
        }
    }
    // The trial balance of each month: balanced, and the approved journal to date.
    for period in months {
        let mut to_date: BTreeMap<(Currency, String), i64> = BTreeMap::new();
        for ((month, draft), entries) in expected.range(..=(*period, true)) {
            if *draft || month > period {
                continue;
            }
            for (id, entry) in entries {
                let currency = contracts[id].record.currency;
                for line in &entry.lines {
                    *to_date
                        .entry((currency, line.account.code.to_string()))
                        .or_default() += line.debit - line.credit;
                }
            }
        }
        for balance in balanced_trial_balances(services, tenant, *period).await? {
            for account in &balance.accounts {
                let journal = to_date
                    .get(&(balance.currency, account.account.code.to_string()))
                    .copied()
                    .unwrap_or(0);
                if account.debit - account.credit != journal {
                    return fail(format!(
                        "the {} trial balance of {period} holds {} net debit in {}, the journal to date {journal}",
                        balance.currency,
                        account.debit - account.credit,
                        account.account.code
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Under closed books (docs/ledger.md, Month end): every entry of `months` balances, each
/// month's journal revenue is what the waterfall reports for it (corrections included), and
/// every trial balance balances.
async fn books_tie(
    services: &Services,
    tenant: &str,
    contracts: &Snapshot,
    months: &BTreeSet<Period>,
) -> Result<(), TestCaseError> {
    for period in months {
        let chart = chart_of_accounts(services, tenant, *period, None)
            .await
            .unwrap();
        let revenue_accounts: BTreeSet<&str> = PobType::ALL
            .iter()
            .map(|kind| chart.revenue_account(*kind).code.as_ref())
            .collect();
        let posted = journal_of(services, tenant, *period, EntryStatus::Approved).await;
        let mut revenue: BTreeMap<Currency, i64> = BTreeMap::new();
        for (id, entry) in &posted {
            if !entry.is_balanced() || entry.lines.iter().any(|l| l.debit < 0 || l.credit < 0) {
                return fail(format!(
                    "{id}'s entry of {period} does not balance: {entry:#?}"
                ));
            }
            let currency = contracts[id].record.currency;
            for line in &entry.lines {
                if revenue_accounts.contains(line.account.code.as_ref()) {
                    *revenue.entry(currency).or_default() += line.credit - line.debit;
                }
            }
        }
        for balance in balanced_trial_balances(services, tenant, *period).await? {
            let query = WaterfallQuery {
                start: Some(*period),
                end: Some(*period),
                currency: Some(balance.currency),
                ..WaterfallQuery::default()
            };
            let reported = waterfall_report(services, tenant, &query).await.unwrap();
            let journal = revenue.get(&balance.currency).copied().unwrap_or(0);
            if reported.waterfall.total_recognized != journal {
                return fail(format!(
                    "{period}: the {} waterfall reports {} of revenue, the journal {journal}",
                    balance.currency, reported.waterfall.total_recognized
                ));
            }
        }
    }
    Ok(())
}

/// Every trial balance of `period`, each checked to balance.
async fn balanced_trial_balances(
    services: &Services,
    tenant: &str,
    period: Period,
) -> Result<Vec<revrec_domain::TrialBalance>, TestCaseError> {
    let balances = trial_balances(services, tenant, period, None, EntryScope::All, None)
        .await
        .unwrap();
    for balance in &balances {
        if balance.total_debit != balance.total_credit {
            return Err(TestCaseError::fail(format!(
                "the {} trial balance of {period} does not balance: {balance:#?}",
                balance.currency
            )));
        }
    }
    Ok(balances)
}

/// The month's journal through the ledger use case, every page.
async fn journal_of(
    services: &Services,
    tenant: &str,
    period: Period,
    status: EntryStatus,
) -> Vec<(String, JournalEntry)> {
    let chart = chart_of_accounts(services, tenant, period, None)
        .await
        .unwrap();
    let mut query = JournalQuery {
        period,
        status,
        currency: None,
        after: None,
        limit: MAX_LIMIT,
        scope: EntryScope::All,
        as_of: None,
        since: None,
    };
    let mut entries = Vec::new();
    loop {
        let page = journal_page(services, tenant, &query, &chart)
            .await
            .unwrap();
        entries.extend(
            page.entries
                .into_iter()
                .map(|entry| (entry.contract_id, entry.entry)),
        );
        match page.next {
            Some(next) => query.after = Some(next),
            None => return entries,
        }
    }
}

/// What the ledger was handed: each closed month's journal under the close that froze it
/// (month, the close's instant), and every entry id with the lines it named.
#[derive(Default)]
struct Exported {
    closed: BTreeMap<(Period, i64), String>,
    lines_of: BTreeMap<String, String>,
}

/// A ledger can trust what it imported (docs/ledger.md, Entry ids and Month end): a closed
/// month's journal reads the same while it stays closed, whatever was recorded, changed or
/// rechartered since, and an entry id once answered always names the same lines. Read over
/// every closed month, the first open one and a few others; the list of closed months is
/// the one `revrec verify` checks against the closes and reopens.
async fn exports_never_move(
    services: &Services,
    tenant: &str,
    exported: &mut Exported,
) -> Result<(), TestCaseError> {
    let books = list_periods(services, tenant).await.unwrap();
    let listed = revrec_usecases::verify_books::audit_listed_months(&books.closed, &books.history);
    if !listed.is_empty() {
        return fail(format!(
            "the list of closed months: {listed:?}\n{:#?}",
            books.closed
        ));
    }
    let closed_at: BTreeMap<Period, i64> = books
        .closed
        .iter()
        .map(|month| (month.period, month.closed_at))
        .collect();
    let mut months: BTreeSet<Period> = ["2025-03", "2025-12", "2026-03", "2026-06"]
        .into_iter()
        .map(|text| Period::parse(text).unwrap())
        .collect();
    months.extend(closed_at.keys().copied());
    months.extend(books.first_open);
    for period in months {
        let entries = journal_of(services, tenant, period, EntryStatus::Approved).await;
        for (contract, entry) in &entries {
            let lines = format!("{contract} {period} {:?}", entry.lines);
            match exported.lines_of.get(&entry.id) {
                Some(before) if *before != lines => {
                    return fail(format!(
                        "entry {} named other lines before:\n{before}\nnow:\n{lines}",
                        entry.id
                    ));
                }
                Some(_) => {}
                None => {
                    exported.lines_of.insert(entry.id.clone(), lines);
                }
            }
        }
        if let Some(instant) = closed_at.get(&period) {
            let now = format!("{entries:?}");
            let before = exported
                .closed
                .entry((period, *instant))
                .or_insert_with(|| now.clone());
            if *before != now {
                return fail(format!(
                    "closed {period}'s journal moved while it stayed closed:\nbefore: {before}\nnow:    {now}"
                ));
            }
        }
    }
    Ok(())
}

/// The close package of the month closed last (docs/ledger.md, "The close package"): its
/// figures follow from its facts alone, so a replay of its JSON gives it to the byte, and
/// the server found nothing stored, recorded or exported that differs from them; every
/// rollforward ties and every journal posts what the month froze.
async fn close_packages_replay(services: &Services, tenant: &str) -> Result<(), TestCaseError> {
    use revrec_usecases::close_package::{PackageSpan, close_package, package_of};
    let books = list_periods(services, tenant).await.unwrap();
    let Some(last) = books.closed.last() else {
        return Ok(());
    };
    let span = PackageSpan {
        label: last.period.to_string(),
        months: revrec_domain::PeriodRange::new(last.period, last.period).unwrap(),
    };
    let package = close_package(services, tenant, span.clone()).await.unwrap();
    let facts = |log: &[revrec_usecases::close_package::ChainedFact]| {
        log.iter().map(|link| link.fact.clone()).collect::<Vec<_>>()
    };
    let replayed = package_of(
        tenant,
        &span,
        facts(&package.books),
        package
            .contracts
            .iter()
            .map(|contract| facts(&contract.facts))
            .collect(),
    )
    .unwrap();
    if replayed != package {
        return fail(format!(
            "the package of {} is not what its facts give: warnings {:?}",
            last.period, package.totals.warnings
        ));
    }
    if let Some(warning) = package
        .totals
        .warnings
        .iter()
        .find(|warning| warning.contains("its obligations are allocated"))
    {
        return fail(format!(
            "the allocation does not add up to the price: {warning}"
        ));
    }
    for currency in &package.totals.currencies {
        for (name, rollforward) in [
            ("deferred revenue", &currency.deferred_revenue),
            ("contract assets", &currency.contract_assets),
            ("receivables", &currency.receivables),
        ] {
            if !rollforward.ties() {
                return fail(format!("{name} does not roll forward: {rollforward:?}"));
            }
        }
        if let Some(journal) = currency
            .journals
            .iter()
            .find(|journal| !journal.equals_frozen)
        {
            return fail(format!(
                "the journal does not post what was frozen: {journal:?}"
            ));
        }
    }
    let json = serde_json::to_vec(&revrec_http::wire::close_package::ClosePackageOut::of(
        &package,
    ))
    .unwrap();
    if let Err(error) = revrec_app::replay_command::replay_package(&json) {
        return fail(format!(
            "the package of {} does not replay: {error}",
            last.period
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The test

/// Each sequence gets a tenant of its own, so one database serves every case and every
/// shrink.
static SEQUENCES: AtomicUsize = AtomicUsize::new(0);

/// Per kind of step: how many were written, refused and skipped (printed per backend, to
/// show what a run exercised).
static TALLY: Mutex<BTreeMap<&'static str, [u32; 3]>> = Mutex::new(BTreeMap::new());

fn tally(step: &Step, outcome: &Outcome) {
    let column = match outcome {
        Outcome::Done { .. } => 0,
        Outcome::Refused { .. } => 1,
        Outcome::Skipped(_) => 2,
    };
    let mut counts = TALLY.lock().unwrap();
    counts.entry(step.kind()).or_default()[column] += 1;
}

/// Everything the books report, read as they stand or as they stood at `as_of`: each
/// currency's waterfall (by obligation type), Note 6 and trial balances, one month's
/// journal, and every contract with its own waterfall (by obligation). What `as_of`
/// promises: read later at an instant, the same as what was read at that instant.
async fn books_read(
    services: &Services,
    tenant: &str,
    ids: &[String],
    as_of: Option<AsOf>,
) -> String {
    let mut read = String::new();
    // Every currency a sequence may use, whether it held figures then or not.
    for currency in [Currency::EUR, Currency::JPY, Currency::USD] {
        let query = WaterfallQuery {
            currency: Some(currency),
            as_of,
            ..WaterfallQuery::default()
        };
        let grouped = grouped_waterfall_report(services, tenant, &query, GroupBy::PobType)
            .await
            .unwrap();
        let quarter = Quarter::parse("2026-Q2").unwrap();
        let note6 = note6_report(services, tenant, quarter, Some(currency), as_of)
            .await
            .unwrap();
        let _ = writeln!(
            read,
            "{currency}: {:?}\n{:?}\nnote 6: {:?}",
            grouped.report.waterfall, grouped.parts, note6.note6
        );
    }
    for period in ["2026-03", "2026-06", "2026-12"] {
        let period = Period::parse(period).unwrap();
        let balances = trial_balances(services, tenant, period, None, EntryScope::All, as_of)
            .await
            .unwrap();
        let _ = writeln!(read, "trial balance {period}: {balances:?}");
    }
    let books = list_periods_charged(services, tenant, as_of).await.unwrap();
    let _ = writeln!(
        read,
        "periods: {:?} {:?} {:?}",
        books.first_open, books.closed, books.history
    );
    let june = Period::parse("2026-06").unwrap();
    let chart = chart_of_accounts(services, tenant, june, as_of)
        .await
        .unwrap();
    let mut query = JournalQuery {
        period: june,
        status: EntryStatus::Approved,
        currency: None,
        after: None,
        limit: MAX_LIMIT,
        scope: EntryScope::All,
        as_of,
        since: None,
    };
    loop {
        let page = journal_page(services, tenant, &query, &chart)
            .await
            .unwrap();
        let _ = writeln!(read, "journal 2026-06: {:?}", page.entries);
        match page.next {
            Some(next) => query.after = Some(next),
            None => break,
        }
    }
    for id in ids {
        let shown = match get_contract(services, tenant, id, None, as_of).await {
            // A draft is a preview outside the books, its terms replaced in place (a
            // restatement included): as of an instant, only that it was a draft.
            Ok(view) if view.record.status == ContractStatus::Draft => "a draft".to_owned(),
            Ok(view) => format!("{:?} {:?}", view.record, view.history.current()),
            // Not yet recorded then: read as of then, it is not there either.
            Err(UseCaseError::ContractNotYetRecorded { .. }) => "not yet".to_owned(),
            Err(error) => panic!("{id}: {error}"),
        };
        let query = WaterfallQuery {
            contract_id: Some(id.clone()),
            as_of,
            ..WaterfallQuery::default()
        };
        let waterfall =
            match grouped_waterfall_report(services, tenant, &query, GroupBy::Obligation).await {
                Ok(_) if shown == "a draft" => String::new(),
                Ok(grouped) => format!("{:?} {:?}", grouped.report.waterfall, grouped.parts),
                Err(UseCaseError::ContractNotYetRecorded { .. }) => "not yet".to_owned(),
                Err(error) => panic!("{id}: {error}"),
            };
        let _ = writeln!(read, "{id}: {shown}\n{waterfall}");
    }
    read
}

/// Explain traces every cent: for each contract and a few months, each obligation's
/// explained month is its own revenue (the formula's two cumulative figures apart) plus
/// its corrections, and equals its cell of the contract's by-obligation waterfall; a key
/// the waterfall has and explain lacks is a zero cell.
async fn explanations_sum_to_the_waterfall(
    services: &Services,
    tenant: &str,
    ids: &[String],
) -> Result<(), TestCaseError> {
    for id in ids {
        for month in ["2025-02", "2025-12", "2026-03", "2026-07"] {
            let period = Period::parse(month).unwrap();
            let explained = explain_contract(services, tenant, id, period, None)
                .await
                .unwrap();
            let query = WaterfallQuery {
                contract_id: Some(id.clone()),
                start: Some(period),
                end: Some(period),
                ..WaterfallQuery::default()
            };
            let grouped = grouped_waterfall_report(services, tenant, &query, GroupBy::Obligation)
                .await
                .unwrap();
            let cells: BTreeMap<&str, i64> = grouped
                .parts
                .keys
                .iter()
                .map(String::as_str)
                .zip(grouped.parts.rows.first().cloned().unwrap_or_default())
                .collect();
            let mut explained_total = 0;
            for obligation in &explained.obligations {
                let key = obligation.id.as_deref().unwrap_or(&obligation.name);
                let corrected: i64 = obligation.corrections.iter().map(|c| c.amount).sum();
                let formula = match (obligation.through_previous, obligation.through_end) {
                    (Some(previous), Some(end)) => end.cumulative - previous.cumulative,
                    _ => 0,
                };
                let cell = cells.get(key).copied().unwrap_or(0);
                if obligation.recognized != formula
                    || obligation.reported != obligation.recognized + corrected
                    || obligation.reported != cell
                {
                    return fail(format!(
                        "{id} {period}: {key} explains {} (formula {formula}, own {}, corrections {corrected}), its waterfall cell is {cell}\n{explained:#?}",
                        obligation.reported, obligation.recognized
                    ));
                }
                explained_total += obligation.reported;
            }
            let row_total: i64 = cells.values().sum();
            if explained_total != row_total {
                return fail(format!(
                    "{id} {period}: explain sums to {explained_total}, the waterfall row to {row_total}"
                ));
            }
        }
    }
    Ok(())
}

/// Each read of the books the sequence made after a step, read again as of that instant:
/// the same, to the byte.
async fn reads_as_of_are_the_reads_then(
    services: &Services,
    tenant: &str,
    ids: &[String],
    reads: &[(i64, usize, String)],
) -> Result<(), TestCaseError> {
    for (step, (instant, known, then)) in reads.iter().enumerate() {
        let as_of = AsOf::checked(services, *instant).unwrap();
        let now = books_read(services, tenant, &ids[..*known], Some(as_of)).await;
        if &now != then {
            let differs = then
                .lines()
                .zip(now.lines())
                .find(|(then, now)| then != now)
                .map_or_else(
                    || format!("then:\n{then}\nnow:\n{now}"),
                    |(then, now)| format!("then: {then}\nnow:  {now}"),
                );
            return fail(format!(
                "read as of the instant after step {}, the books differ from what was read then:\n{differs}",
                step + 1
            ));
        }
    }
    Ok(())
}

async fn run_sequence(services: &Services, steps: &[Step]) -> Result<(), TestCaseError> {
    let tenant = format!(
        "drift-{}-{}",
        std::process::id(),
        SEQUENCES.fetch_add(1, Ordering::SeqCst)
    );
    let mut sequence = Sequence {
        services,
        tenant: tenant.clone(),
        ids: Vec::new(),
        invoices: 0,
        payments: 0,
    };
    let mut before = Snapshot::new();
    let mut exported = Exported::default();
    let mut log = String::new();
    // What the books read after each step, and when.
    let mut reads: Vec<(i64, usize, String)> = Vec::new();
    for (number, step) in steps.iter().enumerate() {
        let outcome = sequence.run(step).await.map_err(|error| {
            TestCaseError::fail(format!("step {} ({step:?}): {error}\n{log}", number + 1))
        })?;
        let _ = writeln!(log, "  {:>2}. {outcome:?}", number + 1);
        tally(step, &outcome);
        let after = snapshot(services, &tenant).await;
        let checked = match only_allowed_changes(&before, &after, &sequence.ids, &outcome) {
            Ok(()) => audit(services, &tenant, &before, &after, &outcome).await,
            Err(error) => Err(error),
        };
        if let Err(error) = checked {
            return Err(TestCaseError::fail(format!(
                "after step {} ({step:?}):\n{error}\noutcomes so far:\n{log}",
                number + 1
            )));
        }
        before = after;
        let failed = |error: TestCaseError| {
            TestCaseError::fail(format!(
                "after step {} ({step:?}): {error}\n{log}",
                number + 1
            ))
        };
        exports_never_move(services, &tenant, &mut exported)
            .await
            .map_err(failed)?;
        close_packages_replay(services, &tenant)
            .await
            .map_err(failed)?;
        explanations_sum_to_the_waterfall(services, &tenant, &sequence.ids)
            .await
            .map_err(failed)?;
        let instant = services.clock.now_micros();
        let read = books_read(services, &tenant, &sequence.ids, None).await;
        reads.push((instant, sequence.ids.len(), read));
    }
    reads_as_of_are_the_reads_then(services, &tenant, &sequence.ids, &reads)
        .await
        .map_err(|error| TestCaseError::fail(format!("{error}\noutcomes:\n{log}")))
}

fn config() -> Config {
    // `Config::default()` reads PROPTEST_* from the environment: a variable set there wins.
    let mut config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = DEFAULT_CASES;
    }
    if std::env::var_os("PROPTEST_MAX_SHRINK_ITERS").is_none() {
        config.max_shrink_iters = DEFAULT_SHRINK_ITERS;
    }
    config
}

#[test]
fn books_never_drift_whatever_the_use_cases_are_asked() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for database in TestDatabase::all() {
        let store = Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap();
        let services = on_a_strict_clock(revrec_app::startup::services(&store));
        let started = Instant::now();
        let mut runner = TestRunner::new(config());
        // How many sequences ran until the first failure (before shrinking began).
        let (ran, first_failure) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let outcome = runner.run(&sequence(), |steps| {
            let number = ran.fetch_add(1, Ordering::SeqCst) + 1;
            let result = runtime.block_on(run_sequence(&services, &steps));
            if result.is_err() {
                let _ =
                    first_failure.compare_exchange(0, number, Ordering::SeqCst, Ordering::SeqCst);
            }
            result
        });
        match outcome {
            Ok(()) => {
                let counts = std::mem::take(&mut *TALLY.lock().unwrap());
                eprintln!(
                    "{:?}: {} sequences in {:.1} s; steps written/refused/skipped: {counts:?}",
                    database.backend,
                    runner.config().cases,
                    started.elapsed().as_secs_f64()
                );
            }
            Err(TestError::Fail(reason, steps)) => panic!(
                "{:?}: sequence {} failed first; {reason}\nsmallest failing sequence ({} steps):\n{}",
                database.backend,
                first_failure.load(Ordering::SeqCst),
                steps.len(),
                numbered(&steps)
            ),
            Err(TestError::Abort(reason)) => panic!("{:?}: aborted: {reason}", database.backend),
        }
    }
}

/// The system's clock, never reading the same microsecond twice: the instant read after a
/// step is then after every fact the step recorded and before every fact of the next.
#[derive(Default)]
struct StrictClock {
    last: AtomicI64,
}

impl revrec_ports::Clock for StrictClock {
    fn now_micros(&self) -> i64 {
        let system = revrec_app::system_ports::SystemClock.now_micros();
        let previous = self
            .last
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
                Some(system.max(last + 1))
            })
            .unwrap_or(system);
        system.max(previous + 1)
    }
}

fn on_a_strict_clock(mut services: Services) -> Services {
    services.clock = Arc::new(StrictClock::default());
    services
}

/// Runs one fixed sequence on every backend, with every check of the property.
fn run_fixed(steps: &[Step]) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for database in TestDatabase::all() {
        let store = Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap();
        let services = on_a_strict_clock(revrec_app::startup::services(&store));
        if let Err(error) = runtime.block_on(run_sequence(&services, steps)) {
            panic!(
                "{:?}: {error}\nsequence:\n{}",
                database.backend,
                numbered(steps)
            );
        }
    }
}

fn one_line(start: (i32, Month, u8), end: (i32, Month, u8), total: i64) -> ContractSpec {
    ContractSpec {
        currency: Currency::USD,
        start: Date::from_calendar_date(start.0, start.1, start.2).unwrap(),
        end: Date::from_calendar_date(end.0, end.1, end.2).unwrap(),
        convention: Convention::Daily,
        total: Some(total),
        lines: Vec::new(),
        draft: false,
        bonus: None,
    }
}

/// A bonus re-estimated twice around a close, then a restatement and a modification: every
/// book stays whole (docs/asc606.md §15).
#[test]
fn a_bonus_reestimated_around_a_close_stays_whole() {
    let mut with_bonus = one_line(
        (2025, Month::January, 1),
        (2025, Month::December, 31),
        1_200_000,
    );
    with_bonus.bonus = Some((240_000, 0));
    run_fixed(&[
        Step::Ingest(with_bonus),
        Step::Estimate {
            target: 0,
            at: 181,
            percent: 100,
        },
        Step::Close { month: 6 },
        // In a closed month: refused.
        Step::Estimate {
            target: 0,
            at: 100,
            percent: 50,
        },
        Step::Estimate {
            target: 0,
            at: 250,
            percent: 25,
        },
        Step::Recalculate {
            convention: Some(Convention::MonthlyEqual),
            only: None,
            page_size: 2,
        },
        Step::Modify {
            target: 0,
            catch_up: true,
            at: 300,
            price_percent: 110,
            end_shift: 0,
            drop_line: None,
            add_line: None,
        },
        Step::Invoice {
            target: 0,
            at: 320,
            share_percent: 50,
            numbered: true,
        },
    ]);
}

/// Found by the property: a contract restated under another convention, then modified,
/// had its new version's rollup figures computed under its recorded convention while its
/// versions replay under the restated one, and `revrec verify` reported the rollup rows.
#[test]
fn a_restated_contract_modified_afterwards_stays_whole() {
    run_fixed(&[
        Step::Ingest(one_line(
            (2025, Month::January, 1),
            (2025, Month::February, 26),
            2_500_000,
        )),
        Step::Recalculate {
            convention: Some(Convention::MonthlyEqual),
            only: None,
            page_size: 1,
        },
        Step::Modify {
            target: 0,
            catch_up: false,
            at: 20,
            price_percent: 50,
            end_shift: 0,
            drop_line: None,
            add_line: None,
        },
    ]);
}

/// Found by the property once it read the journals of closed months after every step.
#[test]
fn a_month_reopened_before_a_closed_contract_keeps_the_books_whole() {
    run_fixed(&[
        Step::Ingest(one_line(
            (2025, Month::June, 1),
            (2025, Month::June, 1),
            2_500_000,
        )),
        Step::Close { month: 5 },
        Step::Reopen { month: 0 },
    ]);
}

/// Found by the property with usage steps (docs/asc606.md §15): usage recorded, then a
/// prospective modification that drops the usage line, an estimate and a restatement.
/// Each of those computed its new plan from the plan with usage rated into it, which a
/// replay of the saved versions (usage rated after) does not give: `revrec verify` found
/// the stored price and rollups off by the usage. Read as of each instant, the books
/// answer what they answered then.
#[test]
fn usage_recorded_before_a_modification_an_estimate_and_a_restatement_stays_whole() {
    let mut metered = one_line((2025, Month::January, 1), (2025, Month::March, 29), 0);
    metered.total = None;
    metered.bonus = Some((240_000, 0));
    metered.lines = vec![
        LineSpec::Usage {
            rate: None,
            included: 0,
        },
        LineSpec::Delivered {
            pob: "services",
            price: 42_729,
            at: 40,
        },
    ];
    run_fixed(&[
        Step::Ingest(metered.clone()),
        Step::Usage {
            target: 0,
            at: 10,
            record: 0,
            units: 1,
        },
        Step::Estimate {
            target: 0,
            at: 20,
            percent: 50,
        },
        Step::Recalculate {
            convention: Some(Convention::MonthlyEqual),
            only: None,
            page_size: 1,
        },
        Step::Usage {
            target: 0,
            at: 30,
            record: 1,
            units: 7,
        },
        Step::Modify {
            target: 0,
            catch_up: false,
            at: 50,
            price_percent: 50,
            end_shift: 0,
            drop_line: Some(0),
            add_line: None,
        },
        Step::Usage {
            target: 0,
            at: 15,
            record: 0,
            units: 3,
        },
    ]);
}

/// Found by the property with credits lines (docs/asc606.md §15): credits that expire on
/// the contract's first day, then a bonus re-estimated the day after raises the line's
/// allocation. The price added after the credits expired was never earned: it is now the
/// day it changes.
#[test]
fn a_price_added_after_the_credits_expired_is_earned_the_day_it_changes() {
    let mut with_credits = one_line((2027, Month::September, 1), (2027, Month::November, 29), 0);
    with_credits.total = None;
    with_credits.bonus = Some((5, 0));
    with_credits.lines = vec![LineSpec::Credits {
        price: 1,
        at_expiry: false,
        expires: 0,
    }];
    run_fixed(&[
        Step::Ingest(with_credits),
        Step::Estimate {
            target: 0,
            at: 1,
            percent: 20,
        },
    ]);
}

#[test]
fn a_revised_expected_usage_around_a_close_stays_whole() {
    let mut with_credits = one_line((2027, Month::January, 1), (2027, Month::December, 31), 0);
    with_credits.lines = vec![LineSpec::Credits {
        price: 1,
        at_expiry: false,
        expires: 0,
    }];
    run_fixed(&[
        Step::Ingest(with_credits),
        Step::Usage {
            target: 0,
            at: 40,
            record: 0,
            units: 300,
        },
        Step::Close { month: 3 },
        // An odd percent revises the credits line's expected usage: 1,000 × 61 %.
        Step::Estimate {
            target: 0,
            at: 500,
            percent: 61,
        },
        Step::Usage {
            target: 0,
            at: 900,
            record: 1,
            units: 200,
        },
    ]);
}
