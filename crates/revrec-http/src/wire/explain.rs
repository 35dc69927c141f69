//! The explain answer (`GET /v1/contracts/{id}/explain`): every step of a contract's month
//! with its numbers, and a `text` per step saying it in one sentence.

use revrec_domain::{
    AllocationStep, CreditsThrough, CumulativeThrough, Currency, CurveShape, Measure,
    VariableScope, format_minor,
};
use revrec_ports::StoredVersion;
use revrec_usecases::explain_contract::{
    ComponentExplanation, ContractExplanation, CorrectionPart, ObligationExplanation,
};
use revrec_usecases::ledger::{ContractEntry, EntryStatus};
use serde::Serialize;
use utoipa::ToSchema;

use crate::shell::instants::format_timestamp;
use crate::wire::amount::{Amount, millionths_text};
use crate::wire::dates::format_date;
use crate::wire::ledger::JournalEntryView;

#[derive(Serialize, ToSchema)]
pub struct ExplainResponse {
    pub contract_id: String,
    /// `YYYY-MM`
    pub period: String,
    pub currency: String,
    /// Whether the month is closed: its figures are those it froze, explained by the
    /// contract as the close saw it.
    pub closed: bool,
    /// The version the month's figures are computed under.
    pub version: u32,
    /// Every version known (at `as_of` when given).
    pub versions: Vec<ExplainedVersion>,
    pub transaction_price: Amount,
    /// The relative standalone-selling-price split of the transaction price (less what
    /// variable components allocate to some obligations or to one month); null when a
    /// prospective change re-allocated only what remained (each obligation's
    /// `price_changes` say it then).
    pub allocation: Option<ExplainedAllocation>,
    /// The variable components of the version in force: the estimate, the constraint and
    /// where each went (docs/asc606.md §15); left out when the price is fixed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variable_consideration: Vec<ExplainedComponent>,
    pub obligations: Vec<ExplainedObligation>,
    /// Everything the month reports for the contract: the sum of the obligations'
    /// `recognized_amount`, its waterfall row's `recognized_amount`.
    pub recognized_amount: Amount,
    /// The contract's journal entries for the month, as the journal reports them.
    pub journal_entries: Vec<JournalEntryView>,
    pub text: String,
}

/// A variable component, step by step: its estimate, the constraint, its allocation.
#[derive(Serialize, ToSchema)]
pub struct ExplainedComponent {
    pub id: String,
    pub kind: String,
    pub method: String,
    /// Exact: the currency's decimals and six more. Absent without scenarios.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<String>,
    pub included_amount: Amount,
    /// `all`, `obligations` or `period`.
    pub scope: String,
    /// What it gave each obligation (none for `all`: it is part of `allocation`).
    pub shares: Vec<ExplainedComponentShare>,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedComponentShare {
    pub obligation_id: Option<String>,
    pub amount: Amount,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedVersion {
    pub version: u32,
    /// `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
    /// `progress`, `estimate` or `restatement`.
    pub change: String,
    #[schema(format = Date)]
    pub effective_date: Option<String>,
    #[schema(format = DateTime)]
    pub recorded_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedAllocation {
    /// `relative_ssp_largest_remainder`
    pub method: String,
    /// One per obligation, in the order of `obligations`.
    pub steps: Vec<ExplainedShare>,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedShare {
    pub obligation_id: Option<String>,
    /// The obligation's standalone selling price.
    pub ssp: Amount,
    /// The sum of the standalone selling prices.
    pub total_ssp: Amount,
    /// The exact share's whole minor units.
    pub floor: Amount,
    /// Whether one minor unit left over went to this share (largest remainders first, ties
    /// to the earlier line).
    pub extra_unit: bool,
    pub allocated_amount: Amount,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedObligation {
    pub obligation_id: Option<String>,
    pub name: String,
    pub pob_type: String,
    /// The transaction price allocated to it now.
    pub allocated_amount: Amount,
    /// Every change of its price: from which day, and to what.
    pub price_changes: Vec<ExplainedPrice>,
    /// How the month's own revenue is computed; null for an obligation a later change
    /// removed (only its corrections remain).
    pub recognition: Option<ExplainedRecognition>,
    pub corrections: Vec<ExplainedCorrection>,
    /// A usage line's month rated, step by step (docs/asc606.md §15).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<ExplainedRating>,
    /// A prepaid credits line's month earned, step by step (docs/asc606.md §15).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credits: Option<ExplainedCredits>,
    /// The recognition's amount plus the corrections: its cell of the contract's
    /// by-obligation waterfall (`group_by=obligation`).
    pub recognized_amount: Amount,
    pub text: String,
}

/// How a usage line's month is rated: its units, those free, each priced run at its rate
/// (exact), the amounts its records carried, and the sum rounded once.
#[derive(Serialize, ToSchema)]
pub struct ExplainedRating {
    /// The month's units (six decimals).
    pub quantity: Amount,
    /// The units free (`included_per_month`, at most the quantity).
    pub included: Amount,
    pub steps: Vec<ExplainedRatingStep>,
    /// What the records carried as their own amounts.
    pub carried_amount: Amount,
    /// The steps' exact sum rounded half away from zero to the currency, plus the carried
    /// amounts: the month's revenue of the line.
    pub rated_amount: Amount,
    pub text: String,
}

/// How a prepaid credits line's month is earned: what the credits used through the month
/// before and through the month earn of the allocation in force at each month end, the
/// rest of the allocation once they expire.
#[derive(Serialize, ToSchema)]
pub struct ExplainedCredits {
    /// The credits sold (six decimals).
    pub credits: Amount,
    #[schema(format = Date)]
    pub expires_on: String,
    #[schema(value_type = crate::wire::usage::BreakageName)]
    pub breakage: &'static str,
    pub through_previous_month: ExplainedCreditsThrough,
    pub through_month: ExplainedCreditsThrough,
    /// The month's revenue of the line: `through_month − through_previous_month`.
    pub amount: Amount,
    pub text: String,
}

/// A credits line's revenue through one month end.
#[derive(Serialize, ToSchema)]
pub struct ExplainedCreditsThrough {
    #[schema(format = Date)]
    pub day: String,
    /// Credits used through the month (six decimals).
    pub used: Amount,
    /// The expected usage in force that day.
    pub expected_usage: Amount,
    /// What `used` is measured against: `expected_usage` (proportional breakage) or
    /// `credits` (breakage at expiry).
    pub basis: Amount,
    /// The allocation in force that day.
    pub allocated: Amount,
    /// Whether the credits had expired by then (all of the allocation is revenue).
    pub expired: bool,
    /// `round(allocated × min(used, basis) / basis)`, or `allocated` once expired.
    pub formula: String,
    /// Revenue of the line through that day.
    pub cumulative: Amount,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedRatingStep {
    pub units: Amount,
    pub rate: Amount,
    /// `units × rate`, exact (twelve decimals).
    pub amount: Amount,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedPrice {
    #[schema(format = Date)]
    pub from: String,
    pub price: Amount,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedRecognition {
    /// `R(P) = offset + round(A × n / d)`: revenue through the end of month `P` is what
    /// the terms in force had recognized before they took over plus their amount `A`
    /// spread by the convention (`n / d` the share of it served by then).
    pub formula: String,
    /// The month's own revenue: `through_month − through_previous_month`.
    pub amount: Amount,
    pub through_previous_month: ExplainedCumulative,
    pub through_month: ExplainedCumulative,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedCumulative {
    #[schema(format = Date)]
    pub date: String,
    /// The day the terms in force took over (a change, a delivery or a progress report);
    /// null for the terms the obligation started with.
    #[schema(format = Date)]
    pub terms_from: Option<String>,
    pub offset: Amount,
    /// `A`: what the terms in force spread.
    pub amount: Amount,
    /// `ratable`, `point_in_time` or `awaiting_event`.
    pub pattern: String,
    /// The convention of a ratable pattern.
    pub convention: Option<String>,
    /// `n` and `d` of a part served (null when none or all of `A` is recognized).
    pub numerator: Option<String>,
    pub denominator: Option<String>,
    pub cumulative: Amount,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ExplainedCorrection {
    /// The closed month corrected, `YYYY-MM`.
    pub corrects_period: String,
    /// Its revenue as restated.
    pub restated_amount: Amount,
    /// What the books had reported for it: its frozen figure and any earlier correction.
    pub reported_amount: Amount,
    /// `restated_amount − reported_amount`, booked in the month explained.
    pub correction_amount: Amount,
    pub text: String,
}

impl ExplainResponse {
    pub fn new(explained: &ContractExplanation) -> ExplainResponse {
        let currency = explained.currency;
        let money = |minor: i64| format_minor(minor, currency.exponent());
        let obligations: Vec<ExplainedObligation> = explained
            .obligations
            .iter()
            .map(|obligation| obligation_view(obligation, currency, explained.period))
            .collect();
        let total: i64 = explained.obligations.iter().map(|o| o.reported).sum();
        let corrected: i64 = explained
            .obligations
            .iter()
            .flat_map(|o| &o.corrections)
            .map(|c| c.amount)
            .sum();
        let text = format!(
            "{} reports {} {} of revenue for {}{}, computed under version {}{}.",
            explained.contract_id,
            money(total),
            currency.code(),
            explained.period,
            if corrected == 0 {
                String::new()
            } else {
                format!(", {} of it correcting closed months", money(corrected))
            },
            explained.version,
            if explained.closed {
                " as the close that froze the month saw the contract"
            } else {
                ""
            },
        );
        ExplainResponse {
            contract_id: explained.contract_id.clone(),
            period: explained.period.to_string(),
            currency: currency.code().to_owned(),
            closed: explained.closed,
            version: explained.version,
            versions: explained.versions.iter().map(version_view).collect(),
            transaction_price: Amount::minor(explained.transaction_price, currency),
            allocation: explained.allocation.as_ref().map(|steps| {
                allocation_view(
                    steps,
                    &explained.obligations,
                    (explained.split_price, explained.transaction_price),
                    currency,
                )
            }),
            variable_consideration: explained
                .variable
                .iter()
                .map(|component| component_view(component, currency))
                .collect(),
            obligations,
            recognized_amount: Amount::minor(total, currency),
            journal_entries: explained
                .journal
                .iter()
                .map(|entry| {
                    JournalEntryView::new(
                        &ContractEntry {
                            contract_id: explained.contract_id.clone(),
                            currency,
                            entry: entry.clone(),
                        },
                        EntryStatus::Approved,
                    )
                })
                .collect(),
            text,
        }
    }
}

fn component_view(explained: &ComponentExplanation, currency: Currency) -> ExplainedComponent {
    let component = &explained.component;
    let exponent = currency.exponent();
    let money = |minor: i64| format_minor(minor, exponent);
    let estimate = explained.estimate.map(|estimate| estimate.text(exponent));
    let estimated = match &estimate {
        Some(estimate) => format!(
            "its {} of {} scenario(s) is {estimate}, and {} of it is included (the constraint, ASC 606-10-32-11)",
            component.method.as_str(),
            component.scenarios.len(),
            money(component.included_amount),
        ),
        None => format!(
            "{} is included (the preparer's constrained amount; no scenarios given)",
            money(component.included_amount)
        ),
    };
    let (scope, placed) = match &component.scope {
        VariableScope::AllObligations => (
            "all",
            "with the fixed price, by relative standalone selling price over every obligation"
                .to_owned(),
        ),
        VariableScope::Obligations(_) => (
            "obligations",
            "wholly to the obligations named, by relative standalone selling price among them"
                .to_owned(),
        ),
        VariableScope::Period { period, .. } => (
            "period",
            format!(
                "wholly to {period} of one ratable obligation, recognized over that month alone"
            ),
        ),
    };
    ExplainedComponent {
        id: component.id.clone(),
        kind: component.kind.as_str().to_owned(),
        method: component.method.as_str().to_owned(),
        estimate,
        included_amount: Amount::minor(component.included_amount, currency),
        scope: scope.to_owned(),
        shares: explained
            .shares
            .iter()
            .map(|(obligation_id, amount)| ExplainedComponentShare {
                obligation_id: obligation_id.clone(),
                amount: Amount::minor(*amount, currency),
            })
            .collect(),
        text: format!(
            "The {} `{}`: {estimated}; it is allocated {placed} (ASC 606-10-32-39..41).",
            component.kind.as_str(),
            component.id,
        ),
    }
}

fn version_view(version: &StoredVersion) -> ExplainedVersion {
    ExplainedVersion {
        version: version.number,
        change: version.change.name().to_owned(),
        effective_date: version.change.effective_date().map(format_date),
        recorded_at: format_timestamp(version.recorded_at),
    }
}

fn allocation_view(
    steps: &[AllocationStep],
    obligations: &[ObligationExplanation],
    (price, transaction_price): (i64, i64),
    currency: Currency,
) -> ExplainedAllocation {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    // SSPs are kept to 10^-6 of a major unit.
    let ssp = |micros: u128| {
        let micros = i64::try_from(micros).unwrap_or(i64::MAX);
        Amount(revrec_domain::Ssp::from_micros(micros).to_string())
    };
    let views = steps
        .iter()
        .zip(obligations)
        .map(|(step, obligation)| ExplainedShare {
            obligation_id: obligation.id.clone(),
            ssp: ssp(step.weight),
            total_ssp: ssp(step.total_weight),
            floor: Amount::minor(step.floor, currency),
            extra_unit: step.extra_unit,
            allocated_amount: Amount::minor(step.share, currency),
            text: format!(
                "{}: {} × {} / {} is {} and a fraction{}, so {}.",
                obligation.name,
                money(price),
                ssp(step.weight).0,
                ssp(step.total_weight).0,
                money(step.floor),
                if step.extra_unit {
                    "; its fraction is among the largest, so it takes one of the units left over"
                } else {
                    ""
                },
                money(step.share),
            ),
        })
        .collect();
    let bumped = steps.iter().filter(|step| step.extra_unit).count();
    ExplainedAllocation {
        method: "relative_ssp_largest_remainder".into(),
        steps: views,
        text: format!(
            "The {} of {} {} is split in proportion to the standalone selling prices: each obligation takes the whole minor units of its exact share, and the {bumped} unit(s) left over go to the largest fractions, ties to the earlier line.",
            if price == transaction_price {
                "transaction price"
            } else {
                "transaction price less what variable components allocate to some obligations or to one month"
            },
            money(price),
            currency.code()
        ),
    }
}

fn obligation_view(
    obligation: &ObligationExplanation,
    currency: Currency,
    period: revrec_domain::Period,
) -> ExplainedObligation {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    let recognition = match (&obligation.through_previous, &obligation.through_end) {
        (Some(previous), Some(end)) => {
            let amount = end.cumulative - previous.cumulative;
            Some(ExplainedRecognition {
                formula: "R(P) = offset + round(A × n / d)".into(),
                amount: Amount::minor(amount, currency),
                through_previous_month: cumulative_view(previous, currency),
                through_month: cumulative_view(end, currency),
                text: format!(
                    "{period} earns {} = {} recognized through {} less {} through {}.",
                    money(amount),
                    money(end.cumulative),
                    format_date(end.day),
                    money(previous.cumulative),
                    format_date(previous.day),
                ),
            })
        }
        _ => None,
    };
    let corrections: Vec<ExplainedCorrection> = obligation
        .corrections
        .iter()
        .map(|correction| correction_view(correction, currency))
        .collect();
    let text = if corrections.is_empty() {
        format!(
            "{} reports {} for {period}.",
            obligation.name,
            money(obligation.reported)
        )
    } else {
        format!(
            "{} reports {} for {period}: {} of its own and {} correcting closed months.",
            obligation.name,
            money(obligation.reported),
            money(obligation.recognized),
            money(obligation.reported - obligation.recognized),
        )
    };
    let rating = obligation
        .rating
        .as_ref()
        .map(|(usage, pricing)| rating_view(usage, pricing.as_ref(), currency));
    let credits = obligation
        .credits
        .as_ref()
        .map(|(before, through)| credits_view(before, through, currency));
    ExplainedObligation {
        obligation_id: obligation.id.clone(),
        name: obligation.name.clone(),
        pob_type: obligation.pob_type.as_str().to_owned(),
        allocated_amount: Amount::minor(obligation.allocated, currency),
        price_changes: obligation
            .price_changes
            .iter()
            .map(|change| ExplainedPrice {
                from: format_date(change.from),
                price: Amount::minor(change.price, currency),
            })
            .collect(),
        recognition,
        corrections,
        rating,
        credits,
        recognized_amount: Amount::minor(obligation.reported, currency),
        text,
    }
}

fn credits_view(
    before: &CreditsThrough,
    through: &CreditsThrough,
    currency: Currency,
) -> ExplainedCredits {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    let amount = through.cumulative - before.cumulative;
    let credits = through.credits;
    let text = format!(
        "{} of {} credits used by {}, against {} ({} breakage): {} through the month less {} before it, {} of revenue.",
        millionths_text(through.used.millionths()),
        millionths_text(credits.credits.millionths()),
        format_date(through.day),
        millionths_text(credits_basis(through).millionths()),
        credits.breakage.as_str().replace('_', " "),
        money(through.cumulative),
        money(before.cumulative),
        money(amount),
    );
    ExplainedCredits {
        credits: Amount::millionths(credits.credits.millionths()),
        expires_on: format_date(credits.expires_on),
        breakage: credits.breakage.as_str(),
        through_previous_month: credits_through_view(before, currency),
        through_month: credits_through_view(through, currency),
        amount: Amount::minor(amount, currency),
        text,
    }
}

/// What a credits line's used credits are measured against under its breakage.
fn credits_basis(through: &CreditsThrough) -> revrec_domain::usage::Quantity {
    through
        .credits
        .breakage
        .basis(through.credits.credits, through.expected_usage)
}

fn credits_through_view(through: &CreditsThrough, currency: Currency) -> ExplainedCreditsThrough {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    let basis = credits_basis(through);
    let formula = if through.expired {
        format!(
            "expired on {}: the whole allocation, {}",
            format_date(through.credits.expires_on),
            money(through.allocated)
        )
    } else {
        format!(
            "round({} × min({}, {}) / {}) = {}",
            money(through.allocated),
            millionths_text(through.used.millionths()),
            millionths_text(basis.millionths()),
            millionths_text(basis.millionths()),
            money(through.cumulative)
        )
    };
    ExplainedCreditsThrough {
        day: format_date(through.day),
        used: Amount::millionths(through.used.millionths()),
        expected_usage: Amount::millionths(through.expected_usage.millionths()),
        basis: Amount::millionths(basis.millionths()),
        allocated: Amount::minor(through.allocated, currency),
        expired: through.expired,
        formula,
        cumulative: Amount::minor(through.cumulative, currency),
    }
}

fn rating_view(
    usage: &revrec_domain::MonthUsage,
    pricing: Option<&revrec_domain::usage::UsagePricing>,
    currency: Currency,
) -> ExplainedRating {
    let (included, steps) = pricing.map_or_else(
        || (revrec_domain::usage::Quantity::ZERO, Vec::new()),
        |pricing| pricing.steps(usage.quantity),
    );
    let rated = pricing.map_or(0, |pricing| {
        pricing.rate_month(usage.quantity, currency.exponent())
    });
    let steps: Vec<ExplainedRatingStep> = steps
        .iter()
        .map(|(units, rate)| ExplainedRatingStep {
            units: Amount::millionths(units.millionths()),
            rate: Amount::millionths(rate.millionths()),
            amount: Amount(exact_text(
                i128::from(units.millionths()) * i128::from(rate.millionths()),
            )),
        })
        .collect();
    let money = |minor: i64| format_minor(minor, currency.exponent());
    let text = match pricing {
        Some(pricing) => format!(
            "{} {} used, {} of them free; {} step(s) priced come to {} once rounded, and the records carried {}: {} of revenue.",
            millionths_text(usage.quantity.millionths()),
            pricing.unit(),
            millionths_text(included.millionths()),
            steps.len(),
            money(rated),
            money(usage.amount),
            money(rated.saturating_add(usage.amount)),
        ),
        None => format!(
            "The line has no pricing: its revenue is what its records carried, {}.",
            money(usage.amount)
        ),
    };
    ExplainedRating {
        quantity: Amount::millionths(usage.quantity.millionths()),
        included: Amount::millionths(included.millionths()),
        steps,
        carried_amount: Amount::minor(usage.amount, currency),
        rated_amount: Amount::minor(rated.saturating_add(usage.amount), currency),
        text,
    }
}

/// An exact product of two six-place decimals: twelve decimals, sign first.
fn exact_text(value: i128) -> String {
    let scale = 1_000_000_000_000_i128;
    let sign = if value < 0 { "-" } else { "" };
    let value = value.unsigned_abs();
    let scale = scale.unsigned_abs();
    format!("{sign}{}.{:012}", value / scale, value % scale)
}

fn cumulative_view(through: &CumulativeThrough, currency: Currency) -> ExplainedCumulative {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    let (pattern, convention) = match through.shape {
        CurveShape::Ratable { convention, .. } => ("ratable", Some(convention.as_str())),
        CurveShape::Point { .. } => ("point_in_time", None),
        CurveShape::AwaitingEvent => ("awaiting_event", None),
    };
    let (numerator, denominator) = match through.measure {
        Measure::Part {
            numerator,
            denominator,
        } => (Some(numerator.to_string()), Some(denominator.to_string())),
        _ => (None, None),
    };
    let offset = if through.offset == 0 {
        String::new()
    } else {
        format!(
            "{} recognized before these terms took over + ",
            money(through.offset)
        )
    };
    let spread = match (through.measure, through.shape) {
        (
            Measure::Part {
                numerator,
                denominator,
            },
            CurveShape::Ratable { convention, .. },
        ) => format!(
            "round({} × {numerator} / {denominator}) ({} served by then, {})",
            money(through.amount),
            share_unit(convention),
            convention.as_str()
        ),
        (Measure::Whole, _) => format!("all of {}", money(through.amount)),
        (Measure::AwaitingEvent, _) => "nothing until an event or progress report".into(),
        _ => "nothing yet".into(),
    };
    ExplainedCumulative {
        date: format_date(through.day),
        terms_from: through.segment_from.map(format_date),
        offset: Amount::minor(through.offset, currency),
        amount: Amount::minor(through.amount, currency),
        pattern: pattern.into(),
        convention: convention.map(str::to_owned),
        numerator,
        denominator,
        cumulative: Amount::minor(through.cumulative, currency),
        text: format!(
            "Through {}: {offset}{spread} = {}.",
            format_date(through.day),
            money(through.cumulative)
        ),
    }
}

/// What `n / d` counts under a convention.
fn share_unit(convention: revrec_domain::Convention) -> &'static str {
    match convention {
        revrec_domain::Convention::Daily => "days",
        revrec_domain::Convention::MonthlyEqual => "months, the last by its days",
        revrec_domain::Convention::ProratedFirstLast => "month fractions",
    }
}

fn correction_view(correction: &CorrectionPart, currency: Currency) -> ExplainedCorrection {
    let money = |minor: i64| format_minor(minor, currency.exponent());
    ExplainedCorrection {
        corrects_period: correction.corrects.to_string(),
        restated_amount: Amount::minor(correction.restated, currency),
        reported_amount: Amount::minor(correction.reported_before, currency),
        correction_amount: Amount::minor(correction.amount, currency),
        text: format!(
            "{} is closed at {}; restated it earns {}, so the difference {} is booked here.",
            correction.corrects,
            money(correction.reported_before),
            money(correction.restated),
            money(correction.amount),
        ),
    }
}
