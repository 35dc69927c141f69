//! Usage on the wire (docs/asc606.md §15): a usage line's pricing as sent and echoed, the
//! records a metering system sends, and the month they rate.

use revrec_domain::usage::{Breakage, Quantity, Tier, UnitRate, UsageError, UsagePricing};
use revrec_domain::{Currency, PrepaidCredits, UsageField, text};
use revrec_ports::UsageRecord;
use revrec_usecases::record_usage::{RatedMonth, UsageInput, UsageReceipt};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::dates::{format_date, format_timestamp};
use crate::wire::problems::Problems;

/// How a usage line's month is rated: the month's units past `included_per_month`, each
/// at the rate of the tier it falls in (graduated), then `rate` past the last tier;
/// rounded once per month to the currency's minor unit.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UsagePricingInput {
    /// What a unit is, for people (`api_call`, `GB`); default `unit`.
    #[schema(max_length = 64, example = "api_call")]
    pub unit: Option<String>,
    /// The price of a unit no tier prices, up to 6 decimals (`0.002`).
    pub rate: DecimalInput,
    /// Units of each month that are free; default 0.
    pub included_per_month: Option<DecimalInput>,
    /// In increasing order of `up_to`; only the last may leave it out (every unit beyond).
    pub tiers: Option<Vec<TierInput>>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TierInput {
    /// The month's total up to which this tier's rate applies; none on an open last tier.
    pub up_to: Option<DecimalInput>,
    pub rate: DecimalInput,
}

/// A usage line's pricing as the contract holds it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsagePricingOut {
    pub unit: String,
    /// Six decimals.
    pub rate: Amount,
    pub included_per_month: Amount,
    pub tiers: Vec<TierOut>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TierOut {
    pub up_to: Option<Amount>,
    pub rate: Amount,
}

impl UsagePricingOut {
    pub fn of(pricing: &UsagePricing) -> UsagePricingOut {
        UsagePricingOut {
            unit: pricing.unit().to_owned(),
            rate: Amount::millionths(pricing.rate().millionths()),
            included_per_month: Amount::millionths(pricing.included_per_month().millionths()),
            tiers: pricing
                .tiers()
                .iter()
                .map(|tier| TierOut {
                    up_to: tier
                        .up_to
                        .map(|up_to| Amount::millionths(up_to.millionths())),
                    rate: Amount::millionths(tier.rate.millionths()),
                })
                .collect(),
        }
    }
}

/// Reads a line's `usage_pricing` at `path`; `None` (with its problems reported) when any
/// of it cannot be read.
pub fn to_usage_pricing(
    input: &UsagePricingInput,
    path: &str,
    problems: &mut Problems,
) -> Option<UsagePricing> {
    let before = problems.list.len();
    let unit = input
        .unit
        .as_deref()
        .unwrap_or(revrec_domain::usage::DEFAULT_UNIT);
    problems.text(format!("{path}.unit"), unit, text::UNIT);
    let rate = read(
        problems,
        &format!("{path}.rate"),
        UnitRate::parse(&input.rate.0),
    );
    let included = input
        .included_per_month
        .as_ref()
        .map_or(Some(Quantity::ZERO), |text| {
            read(
                problems,
                &format!("{path}.included_per_month"),
                Quantity::parse(&text.0),
            )
        });
    let mut tiers = Vec::new();
    for (index, tier) in input.tiers.iter().flatten().enumerate() {
        let at = format!("{path}.tiers[{index}]");
        let up_to = match &tier.up_to {
            None => Some(None),
            Some(text) => {
                read(problems, &format!("{at}.up_to"), Quantity::parse(&text.0)).map(Some)
            }
        };
        let rate = read(
            problems,
            &format!("{at}.rate"),
            UnitRate::parse(&tier.rate.0),
        );
        if let (Some(up_to), Some(rate)) = (up_to, rate) {
            tiers.push(Tier { up_to, rate });
        }
    }
    if problems.list.len() > before {
        return None;
    }
    let pricing = UsagePricing::new(rate?, included?, tiers);
    read(problems, &format!("{path}.tiers"), pricing).map(|pricing| pricing.with_unit(unit))
}

/// A `credits` line's prepaid credits (docs/asc606.md §15): revenue through a month is
/// the line's allocation times the credits used (of `expected_usage` with proportional
/// breakage, of all of them `at_expiry`); what is left is revenue of `expires_on`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrepaidCreditsInput {
    /// Credits sold, up to 6 decimals, above zero.
    pub credits: DecimalInput,
    /// The day unused credits expire, inside the line's service.
    #[schema(format = Date, example = "2026-12-31")]
    pub expires_on: String,
    /// Credits the customer is expected to use (at most `credits`); default `credits`.
    pub expected_usage: Option<DecimalInput>,
    /// `proportional` (default: breakage recognized as the expected credits are used) or
    /// `at_expiry`.
    #[schema(value_type = Option<BreakageName>)]
    pub breakage: Option<String>,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum BreakageName {
    Proportional,
    AtExpiry,
}

/// A credits line's credits as the contract holds them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PrepaidCreditsOut {
    /// Six decimals.
    pub credits: Amount,
    #[schema(format = Date)]
    pub expires_on: String,
    pub expected_usage: Amount,
    #[schema(value_type = BreakageName)]
    pub breakage: &'static str,
}

impl PrepaidCreditsOut {
    pub fn of(credits: &PrepaidCredits) -> PrepaidCreditsOut {
        PrepaidCreditsOut {
            credits: Amount::millionths(credits.credits.millionths()),
            expires_on: format_date(credits.expires_on),
            expected_usage: Amount::millionths(credits.expected_usage.millionths()),
            breakage: credits.breakage.as_str(),
        }
    }
}

/// Reads a line's `prepaid_credits` at `path`; `None` (with its problems reported) when
/// any of it cannot be read.
pub fn to_prepaid_credits(
    input: &PrepaidCreditsInput,
    path: &str,
    problems: &mut Problems,
) -> Option<PrepaidCredits> {
    let before = problems.list.len();
    let credits = read(
        problems,
        &format!("{path}.credits"),
        Quantity::parse(&input.credits.0),
    );
    let expected = match &input.expected_usage {
        None => credits,
        Some(text) => read(
            problems,
            &format!("{path}.expected_usage"),
            Quantity::parse(&text.0),
        ),
    };
    let expires_on = problems.date(format!("{path}.expires_on"), &input.expires_on);
    let breakage = match input
        .breakage
        .as_deref()
        .map(|text| (text, Breakage::parse(text)))
    {
        None => Some(Breakage::Proportional),
        Some((_, Some(breakage))) => Some(breakage),
        Some((other, None)) => {
            problems.push(
                format!("{path}.breakage"),
                format!("unknown breakage `{other}`; allowed: at_expiry, proportional"),
            );
            None
        }
    };
    if problems.list.len() > before {
        return None;
    }
    Some(PrepaidCredits {
        credits: credits?,
        expires_on: expires_on?,
        expected_usage: expected?,
        breakage: breakage?,
    })
}

fn read<T>(problems: &mut Problems, field: &str, result: Result<T, UsageError>) -> Option<T> {
    result
        .map_err(|error| problems.push(field, error.to_string()))
        .ok()
}

/// Body of `POST /v1/contracts/{id}/obligations/{pob_id}/usage`: one usage record.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UsageRecordInput {
    /// The metering system's id of the record, unique within the obligation: sent again
    /// with the same body it is a replay, with another body a restatement.
    #[schema(max_length = 128, example = "evt_2026_03_000187")]
    pub record_id: String,
    /// The day the usage happened: inside the line's service days.
    #[schema(format = Date, example = "2026-03-14")]
    pub occurred_on: String,
    /// Units used (up to 6 decimals, never negative): required on a line with
    /// `usage_pricing`.
    pub quantity: Option<DecimalInput>,
    /// The record's own rated amount, in the contract's currency: only on a line without
    /// `usage_pricing`.
    pub amount: Option<DecimalInput>,
}

impl UsageRecordInput {
    /// The record for `obligation_id`, its fields named under `prefix` (`""`, or a batch
    /// line's `records[3].`); `None` with its problems reported.
    pub fn to_input(
        &self,
        obligation_id: &str,
        currency: Currency,
        prefix: &str,
        problems: &mut Problems,
    ) -> Option<UsageInput> {
        let before = problems.list.len();
        let field = |which: UsageField| format!("{prefix}{}", which.as_str());
        let record_id = self.record_id.trim();
        if record_id.is_empty() {
            problems.push(field(UsageField::RecordId), "must not be blank");
        } else {
            problems.text(field(UsageField::RecordId), record_id, text::RECORD_ID);
        }
        let occurred_on = problems.date(field(UsageField::OccurredOn), &self.occurred_on);
        let quantity = self.quantity.as_ref().and_then(|text| {
            read(
                problems,
                &field(UsageField::Quantity),
                Quantity::parse(&text.0),
            )
        });
        let amount = self
            .amount
            .as_ref()
            .and_then(|text| problems.money(field(UsageField::Amount), text, currency));
        if problems.list.len() > before {
            return None;
        }
        Some(UsageInput {
            obligation_id: obligation_id.to_owned(),
            record_id: record_id.to_owned(),
            occurred_on: occurred_on?,
            quantity,
            amount,
        })
    }
}

/// A usage record as stored: its latest revision.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsageRecordOut {
    pub record_id: String,
    pub pob_id: String,
    /// 1 for the first body under the record id; each restatement the next.
    pub revision: u32,
    #[schema(format = Date)]
    pub occurred_on: String,
    pub quantity: Option<Amount>,
    pub amount: Option<Amount>,
    #[schema(format = DateTime)]
    pub recorded_at: String,
    /// Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `console:<email>`.
    pub recorded_by: String,
}

impl UsageRecordOut {
    pub fn of(record: &UsageRecord, currency: Currency) -> UsageRecordOut {
        UsageRecordOut {
            record_id: record.record_id.clone(),
            pob_id: record.obligation_id.clone(),
            revision: record.revision,
            occurred_on: format_date(record.occurred_on),
            quantity: record
                .quantity
                .map(|quantity| Amount::millionths(quantity.millionths())),
            amount: record.amount.map(|amount| Amount::minor(amount, currency)),
            recorded_at: format_timestamp(record.recorded_at),
            recorded_by: record.recorded_by.clone(),
        }
    }
}

/// One obligation's month of usage and the revenue it rates.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsageMonthOut {
    pub pob_id: String,
    #[schema(example = "2026-03")]
    pub period: String,
    pub currency: String,
    /// The unit of the line's pricing (none: its records carry their amounts).
    pub unit: Option<String>,
    /// The month's units, six decimals.
    pub quantity: Amount,
    /// What the records carried as their own amounts.
    pub amount: Amount,
    /// The month's revenue: the quantity rated by the line's pricing, plus `amount`.
    pub rated_amount: Amount,
}

impl UsageMonthOut {
    pub fn of(month: &RatedMonth) -> UsageMonthOut {
        UsageMonthOut {
            pob_id: month.obligation_id.clone(),
            period: month.usage.period.to_string(),
            currency: month.currency.code().to_owned(),
            unit: month
                .pricing
                .as_ref()
                .map(|pricing| pricing.unit().to_owned()),
            quantity: Amount::millionths(month.usage.quantity.millionths()),
            amount: Amount::minor(month.usage.amount, month.currency),
            rated_amount: Amount::minor(month.rated_amount, month.currency),
        }
    }
}

/// What became of one record, and its month as it now stands.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsageRecorded {
    /// `recorded`, `replayed` (the same body again: nothing changed) or `restated`.
    #[schema(example = "recorded")]
    pub status: String,
    pub record: UsageRecordOut,
    pub month: UsageMonthOut,
}

impl UsageRecorded {
    pub fn of(receipt: &UsageReceipt) -> UsageRecorded {
        UsageRecorded {
            status: receipt.outcome.as_str().to_owned(),
            record: UsageRecordOut::of(&receipt.record, receipt.month.currency),
            month: UsageMonthOut::of(&receipt.month),
        }
    }
}

/// `GET …/usage?period=`: the month and its records (the latest revision of each, by day
/// then id).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsageMonthList {
    pub month: UsageMonthOut,
    pub records: Vec<UsageRecordOut>,
}
