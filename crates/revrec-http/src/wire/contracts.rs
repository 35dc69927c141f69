//! Contracts on the wire: the request bodies, the responses, and their conversions.
//!
//! Conversion collects every field problem at once (bad dates, amounts with too many
//! decimals, unknown currency …) before the domain's own validation runs.

use revrec_domain::{ContractDraft, Convention, Currency, Field, LineDraft, LineField, text};
use revrec_ports::{ContractRecord, ContractStatus};
use revrec_usecases::ContractView;
use revrec_usecases::ingest_contract::NewContract;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shell::error::{ApiError, field_problems};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::dates::{format_date, format_timestamp};
use crate::wire::events::ContractVersion;
use crate::wire::invoices::{InvoiceInput, InvoiceOut, to_invoices};
use crate::wire::problems::Problems;
use crate::wire::usage::{
    PrepaidCreditsInput, PrepaidCreditsOut, UsagePricingInput, UsagePricingOut, to_prepaid_credits,
    to_usage_pricing,
};
use crate::wire::variable::{
    VariableComponentInput, VariableComponentOut, components_out, to_components,
};

/// A contract as submitted to `POST /v1/contracts` and `PUT /v1/contracts/{id}`.
///
/// The four fields of the spec's `ContractInput` make a one-line subscription recognized
/// ratably over the term. The guide surface's fields (`contract_number`, `currency`,
/// `line_items`) are accepted as extensions; with line items, `total_value` is the
/// transaction price allocated over them by relative standalone selling price.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContractInput {
    #[schema(min_length = 1, max_length = 200, example = "Acme Corp")]
    pub customer_name: String,
    /// The transaction price.
    pub total_value: DecimalInput,
    /// First day of the term, `YYYY-MM-DD`.
    #[schema(format = Date, example = "2026-01-01")]
    pub start_date: String,
    /// Last day of the term (inclusive), `YYYY-MM-DD`.
    #[schema(format = Date, example = "2026-12-31")]
    pub end_date: String,
    /// ISO 4217 code, uppercase; default USD.
    #[schema(pattern = "^[A-Z]{3}$", example = "USD")]
    pub currency: Option<String>,
    /// The customer's own number for the contract (order form, PO).
    #[schema(max_length = 200)]
    pub contract_number: Option<String>,
    /// Your id for the customer; by default one stable id per case-folded customer name.
    #[schema(max_length = 200)]
    pub customer_id: Option<String>,
    /// When the contract was signed (RPO counts it from then); default `start_date`.
    #[schema(format = Date)]
    pub signed_date: Option<String>,
    /// `draft` keeps an unsigned quote out of every report until activated; default `active`.
    /// Only on `POST`.
    #[schema(value_type = Option<NewStatusName>)]
    pub status: Option<String>,
    /// How ratable amounts spread over months; default `daily`.
    #[schema(value_type = Option<ConventionName>)]
    pub recognition_convention: Option<String>,
    pub line_items: Option<Vec<LineItemInput>>,
    /// `PUT` on an active contract only: the first day under the new terms.
    #[schema(format = Date)]
    pub effective_date: Option<String>,
    /// `PUT` on an active contract only: `prospective` (default), `cumulative_catch_up` or
    /// `separate_contract`.
    #[schema(value_type = Option<TreatmentName>)]
    pub treatment: Option<String>,
    /// Invoices that bill the contract instead of the billed-at-start convention. On `PUT` of
    /// a draft they replace its schedule; of an active contract they are added (an entry
    /// whose `number` the contract has is that invoice again).
    pub billing_schedule: Option<Vec<InvoiceInput>>,
    /// Variable consideration (docs/asc606.md §15): the transaction price is `total_value`
    /// (the fixed price) plus each component's `included_amount`.
    pub variable_consideration: Option<Vec<VariableComponentInput>>,
}

/// One line item: one performance obligation.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LineItemInput {
    /// On `PUT`: the id of the obligation this line continues.
    pub id: Option<String>,
    #[schema(max_length = 200)]
    pub name: Option<String>,
    #[schema(value_type = PobTypeName)]
    pub pob_type: String,
    /// The price stated in the contract.
    pub stated_price: Option<DecimalInput>,
    /// Standalone selling price (up to 6 decimals); default `stated_price`.
    pub ssp_price: Option<DecimalInput>,
    /// Default by `pob_type`.
    #[schema(value_type = Option<RecognitionName>)]
    pub recognition: Option<String>,
    #[schema(format = Date)]
    pub service_start: Option<String>,
    #[schema(format = Date)]
    pub service_end: Option<String>,
    /// A point-in-time line's delivery day; default the contract's `start_date`. `null`
    /// means not delivered yet: nothing is recognized until
    /// `POST /v1/contracts/{id}/obligations/{pob_id}/fulfillments` names the day.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = Date)]
    pub delivery_date: Option<Option<String>>,
    /// On `PUT` of an active contract: `true` drops the obligation `id` names from the
    /// effective date (it keeps the revenue it earned; the rest leaves RPO). Every other
    /// obligation in force must be named by its `id`.
    pub removed: Option<bool>,
    // Boxed, as is `prepaid_credits`: most lines have neither, and a line item kept small
    // is cheaper to read into its list.
    /// A `usage` line's rating (docs/asc606.md §15); without it, each usage record carries
    /// its own `amount`.
    pub usage_pricing: Option<Box<UsagePricingInput>>,
    /// A `credits` line's prepaid credits (docs/asc606.md §15); required on one.
    pub prepaid_credits: Option<Box<PrepaidCreditsInput>>,
}

/// A field that may be sent as `null` on purpose: `Some(None)` is `null`, `None` (through
/// `#[serde(default)]`) is a field left out.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// The performance-obligation types: subscriptions and support are ratable by default,
/// the others point in time.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum PobTypeName {
    Subscription,
    Support,
    Services,
    License,
    Hardware,
    Usage,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum RecognitionName {
    Ratable,
    PointInTime,
    Progress,
    Usage,
    Credits,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum ConventionName {
    Daily,
    MonthlyEqual,
    ProratedFirstLast,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum TreatmentName {
    Prospective,
    CumulativeCatchUp,
    SeparateContract,
}

/// The status a new contract may start in.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum NewStatusName {
    Active,
    Draft,
}

/// Body of `POST /v1/contracts/{id}/terminate`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TerminateInput {
    /// The first day without service, `YYYY-MM-DD`.
    #[schema(format = Date, example = "2026-10-01")]
    pub effective_date: String,
}

/// A contract as submitted to `POST /api/v1/contracts/ingest` (docs/asc606.md §2). Required:
/// `customer_name`, `start_date`, `end_date`, and `line_items` or `total_amount` (or both);
/// the transaction price is `total_amount` when given, else the sum of `stated_price`.
/// Beyond the guide payload's fields it takes the primary surface's options.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GuideContractInput {
    #[schema(min_length = 1, max_length = 200, example = "Acme Corp")]
    pub customer_name: String,
    /// The customer's own number for the contract (order form, PO).
    #[schema(example = "SO-1001", max_length = 200)]
    pub contract_number: Option<String>,
    #[schema(format = Date, example = "2026-01-01")]
    pub start_date: String,
    #[schema(format = Date, example = "2026-12-31")]
    pub end_date: String,
    /// ISO 4217 code, uppercase; default USD.
    #[schema(pattern = "^[A-Z]{3}$", example = "USD")]
    pub currency: Option<String>,
    /// The transaction price; default the sum of the lines' `stated_price`.
    pub total_amount: Option<DecimalInput>,
    pub line_items: Option<Vec<LineItemInput>>,
    /// Your id for the customer; by default one stable id per case-folded customer name.
    #[schema(max_length = 200)]
    pub customer_id: Option<String>,
    /// When the contract was signed (RPO counts it from then); default `start_date`.
    #[schema(format = Date)]
    pub signed_date: Option<String>,
    /// `draft` keeps an unsigned quote out of every report until activated; default `active`.
    #[schema(value_type = Option<NewStatusName>)]
    pub status: Option<String>,
    /// How ratable amounts spread over months; default `daily`.
    #[schema(value_type = Option<ConventionName>)]
    pub recognition_convention: Option<String>,
    /// Invoices that bill the contract instead of the billed-at-start convention.
    pub billing_schedule: Option<Vec<InvoiceInput>>,
    /// Variable consideration (docs/asc606.md §15): the transaction price is the fixed price
    /// (`total_amount`, or the stated prices) plus each component's `included_amount`.
    pub variable_consideration: Option<Vec<VariableComponentInput>>,
}

/// The terms-bearing fields of either surface's contract input, for one conversion. The
/// customer's name and the line items are taken out of the input, so the draft owns their
/// text without copying it; the rest is borrowed.
pub struct ContractFields<'a> {
    pub customer_name: String,
    pub contract_number: Option<&'a str>,
    pub customer_id: Option<&'a str>,
    /// The price's field name on this surface (`total_value` or `total_amount`).
    pub price_field: &'static str,
    pub price: Option<&'a DecimalInput>,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub currency: Option<&'a str>,
    pub signed_date: Option<&'a String>,
    pub recognition_convention: Option<&'a str>,
    pub line_items: Vec<LineItemInput>,
    pub billing_schedule: Option<&'a [InvoiceInput]>,
    pub variable_consideration: &'a [VariableComponentInput],
}

impl ContractInput {
    /// The fields to convert, the customer's name and the line items taken out.
    pub fn fields(&mut self) -> ContractFields<'_> {
        let customer_name = std::mem::take(&mut self.customer_name);
        let line_items = self.line_items.take().unwrap_or_default();
        ContractFields {
            customer_name,
            contract_number: self.contract_number.as_deref(),
            customer_id: self.customer_id.as_deref(),
            price_field: "total_value",
            price: Some(&self.total_value),
            start_date: &self.start_date,
            end_date: &self.end_date,
            currency: self.currency.as_deref(),
            signed_date: self.signed_date.as_ref(),
            recognition_convention: self.recognition_convention.as_deref(),
            line_items,
            billing_schedule: self.billing_schedule.as_deref(),
            variable_consideration: self.variable_consideration.as_deref().unwrap_or_default(),
        }
    }
}

impl GuideContractInput {
    /// The fields to convert, the customer's name and the line items taken out.
    pub fn fields(&mut self) -> ContractFields<'_> {
        let customer_name = std::mem::take(&mut self.customer_name);
        let line_items = self.line_items.take().unwrap_or_default();
        ContractFields {
            customer_name,
            contract_number: self.contract_number.as_deref(),
            customer_id: self.customer_id.as_deref(),
            price_field: "total_amount",
            price: self.total_amount.as_ref(),
            start_date: &self.start_date,
            end_date: &self.end_date,
            currency: self.currency.as_deref(),
            signed_date: self.signed_date.as_ref(),
            recognition_convention: self.recognition_convention.as_deref(),
            line_items,
            billing_schedule: self.billing_schedule.as_deref(),
            variable_consideration: self.variable_consideration.as_deref().unwrap_or_default(),
        }
    }
}

/// A new contract from either surface's input: its terms, status and identifiers.
pub fn new_contract(
    fields: ContractFields<'_>,
    status: Option<&str>,
    customer_id: Option<String>,
    contract_number: Option<String>,
    mut problems: Problems,
) -> Result<NewContract, ApiError> {
    let as_draft = match status {
        None | Some("active") => false,
        Some("draft") => true,
        Some(other) => {
            problems.push(
                "status",
                format!("a new contract is `active` or `draft` (got `{other}`)"),
            );
            false
        }
    };
    let billing_schedule = billing_schedule(&fields, &mut problems).unwrap_or_default();
    Ok(NewContract {
        draft: to_draft(fields, problems)?,
        customer_id,
        contract_number,
        as_draft,
        parent_contract_id: None,
        billing_schedule,
    })
}

/// The `billing_schedule` of `fields`, if sent, in the contract's currency (its problems
/// added to `problems`).
pub fn billing_schedule(
    fields: &ContractFields<'_>,
    problems: &mut Problems,
) -> Option<Vec<revrec_domain::Invoice>> {
    let items = fields.billing_schedule?;
    // An unknown currency is reported by the terms' own conversion.
    let currency = fields
        .currency
        .map_or(Ok(Currency::USD), Currency::from_code)
        .ok();
    Some(to_invoices("billing_schedule", items, currency, problems))
}

/// The draft of `fields`, or a 422 listing every problem: those of converting the text
/// (dates, amounts, codes) and those the domain finds in the fields that could be read.
pub fn to_draft(
    fields: ContractFields<'_>,
    mut problems: Problems,
) -> Result<ContractDraft, ApiError> {
    let price_field = fields.price_field;
    let draft = convert(fields, &mut problems);
    if problems.is_empty() {
        return Ok(draft);
    }
    if let Err(errors) = draft.validate() {
        problems.list.extend(field_problems(&errors, price_field));
    }
    Err(ApiError::Validation(problems.list))
}

/// Every field converted; one that cannot be is reported, left a placeholder and named in
/// the draft's `unread` (so the domain skips the rules that need it).
fn convert(fields: ContractFields<'_>, problems: &mut Problems) -> ContractDraft {
    // Fields the reader could not read at all stand as placeholders.
    let mut unread: Vec<Field> = problems
        .unread
        .iter()
        .filter_map(|path| domain_field(path, fields.price_field))
        .collect();
    problems.text("customer_name", &fields.customer_name, text::NAME);
    for (field, value) in [
        ("contract_number", fields.contract_number),
        ("customer_id", fields.customer_id),
    ] {
        if let Some(value) = value {
            problems.text(field, value, text::NAME);
        }
    }
    let currency = match fields.currency {
        None => Some(Currency::USD),
        Some(code) => match Currency::from_code(code) {
            Ok(currency) => Some(currency),
            Err(error) => {
                problems.push("currency", error.to_string());
                unread.push(Field::Currency);
                None
            }
        },
    };
    let start = problems.date("start_date", fields.start_date);
    if start.is_none() {
        unread.push(Field::StartDate);
    }
    let end = problems.date("end_date", fields.end_date);
    if end.is_none() {
        unread.push(Field::EndDate);
    }
    let signed = problems.optional_date("signed_date", fields.signed_date);
    if signed.is_none() {
        unread.push(Field::SignedDate);
    }
    let convention = match fields.recognition_convention {
        None => Convention::Daily,
        Some(text) => Convention::parse(text).unwrap_or_else(|| {
            problems.push(
                "recognition_convention",
                format!(
                    "unknown convention `{text}`; allowed: {}",
                    Convention::allowed_list()
                ),
            );
            Convention::Daily
        }),
    };
    let price = match (fields.price, currency) {
        (None, _) => None,
        (Some(text), Some(currency)) => {
            let price = problems.money(fields.price_field, text, currency);
            if price.is_none() {
                unread.push(Field::TransactionPrice);
            }
            price
        }
        (Some(_), None) => {
            unread.push(Field::TransactionPrice);
            None
        }
    };
    let lines = fields
        .line_items
        .into_iter()
        .enumerate()
        .map(|(index, line)| to_line(index, line, currency, problems, &mut unread))
        .collect();
    let variable = to_components(
        fields.variable_consideration,
        currency,
        problems,
        &mut unread,
    );
    ContractDraft {
        customer_name: fields.customer_name,
        currency: currency.unwrap_or(Currency::USD),
        // Placeholders of unread dates; the domain skips every rule that needs them.
        start_date: start.unwrap_or(time::Date::MIN),
        end_date: end.unwrap_or(time::Date::MIN),
        signed_date: signed.flatten(),
        transaction_price: price,
        convention,
        lines,
        variable,
        unread,
    }
}

/// The domain field a request path names, if the domain judges it.
fn domain_field(path: &str, price_field: &str) -> Option<Field> {
    if path == price_field {
        return Some(Field::TransactionPrice);
    }
    let plain = match path {
        "customer_name" => Some(Field::CustomerName),
        "currency" => Some(Field::Currency),
        "start_date" => Some(Field::StartDate),
        "end_date" => Some(Field::EndDate),
        "signed_date" => Some(Field::SignedDate),
        "line_items" => Some(Field::LineItems),
        "effective_date" => Some(Field::EffectiveDate),
        "treatment" => Some(Field::Treatment),
        "recognition_convention" => Some(Field::RecognitionConvention),
        "variable_consideration" => Some(Field::VariableConsideration),
        _ => None,
    };
    plain.or_else(|| {
        let rest = path.strip_prefix("line_items[")?;
        let (index, name) = rest.split_once("].")?;
        let field = [
            LineField::Id,
            LineField::Name,
            LineField::PobType,
            LineField::StatedPrice,
            LineField::SspPrice,
            LineField::Recognition,
            LineField::ServiceStart,
            LineField::ServiceEnd,
            LineField::DeliveryDate,
            LineField::Removed,
            LineField::UsagePricing,
            LineField::PrepaidCredits,
        ]
        .into_iter()
        .find(|field| field.as_str() == name)?;
        Some(Field::Line {
            index: index.parse().ok()?,
            field,
        })
    })
}

/// `line_items[{index}].{field}`: a line's field as a problem names it, put together only
/// when one does.
struct LineFieldPath {
    index: usize,
    field: LineField,
}

impl std::fmt::Display for LineFieldPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line_items[{}].{}", self.index, self.field.as_str())
    }
}

fn to_line(
    index: usize,
    line: LineItemInput,
    currency: Option<Currency>,
    problems: &mut Problems,
    unread: &mut Vec<Field>,
) -> LineDraft {
    let name = |field: LineField| LineFieldPath { index, field };
    if let Some(line_name) = &line.name {
        problems.text(name(LineField::Name), line_name, text::NAME);
    }
    let mut unreadable = |field: LineField| unread.push(Field::Line { index, field });
    let stated_price = match (&line.stated_price, currency) {
        (None, _) => None,
        (Some(text), Some(currency)) => {
            let price = problems.money(name(LineField::StatedPrice), text, currency);
            if price.is_none() {
                unreadable(LineField::StatedPrice);
            }
            price
        }
        (Some(_), None) => {
            unreadable(LineField::StatedPrice);
            None
        }
    };
    let ssp = line.ssp_price.as_ref().and_then(|text| {
        let ssp = problems.ssp(name(LineField::SspPrice), text);
        if ssp.is_none() {
            unreadable(LineField::SspPrice);
        }
        ssp
    });
    let usage_pricing = line.usage_pricing.as_ref().and_then(|pricing| {
        let pricing = to_usage_pricing(
            pricing,
            &name(LineField::UsagePricing).to_string(),
            problems,
        );
        if pricing.is_none() {
            unreadable(LineField::UsagePricing);
        }
        pricing
    });
    let prepaid_credits = line.prepaid_credits.as_ref().and_then(|credits| {
        let credits = to_prepaid_credits(
            credits,
            &name(LineField::PrepaidCredits).to_string(),
            problems,
        );
        if credits.is_none() {
            unreadable(LineField::PrepaidCredits);
        }
        credits
    });
    let mut date = |field: LineField, text: Option<&String>| {
        problems
            .optional_date(name(field), text)
            .unwrap_or_else(|| {
                unreadable(field);
                None
            })
    };
    let service_start = date(LineField::ServiceStart, line.service_start.as_ref());
    let service_end = date(LineField::ServiceEnd, line.service_end.as_ref());
    let delivery_date = date(
        LineField::DeliveryDate,
        line.delivery_date.as_ref().and_then(Option::as_ref),
    );
    LineDraft {
        id: line.id,
        name: line.name,
        pob_type: line.pob_type,
        stated_price,
        ssp,
        recognition: line.recognition,
        service_start,
        service_end,
        delivery_date,
        awaiting_delivery: matches!(line.delivery_date, Some(None)),
        removed: line.removed.unwrap_or(false),
        usage_pricing,
        prepaid_credits,
    }
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContractStatusName {
    Active,
    Draft,
    Terminated,
}

impl From<ContractStatus> for ContractStatusName {
    fn from(status: ContractStatus) -> ContractStatusName {
        match status {
            ContractStatus::Active => ContractStatusName::Active,
            ContractStatus::Draft => ContractStatusName::Draft,
            ContractStatus::Terminated => ContractStatusName::Terminated,
        }
    }
}

/// A contract. The first six fields are the spec's `Contract`; the rest are extensions.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Contract {
    #[schema(example = "ctr_01jdx8p3yq4g6bqk2v7hzt0w5n")]
    pub id: String,
    pub customer_name: String,
    /// The transaction price in force.
    pub total_value: Amount,
    #[schema(format = Date)]
    pub start_date: String,
    #[schema(format = Date)]
    pub end_date: String,
    pub status: ContractStatusName,
    pub currency: String,
    pub customer_id: String,
    pub contract_number: Option<String>,
    /// The version shown (1 for a new contract; each modification adds one).
    pub version: u32,
    #[schema(format = Date)]
    pub terminated_on: Option<String>,
    /// The contract this one was split from by a `separate_contract` modification.
    pub parent_contract_id: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    pub signed_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recognition_convention: Option<String>,
    /// Present on single-contract responses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub performance_obligations: Option<Vec<PerformanceObligation>>,
    /// The invoices that bill the contract, by date; left out when it has none (it is then
    /// billed at its start).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub billing_schedule: Vec<InvoiceOut>,
    /// The variable components of the version shown, each with its estimate; left out when
    /// the price is fixed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variable_consideration: Vec<VariableComponentOut>,
    /// Present when a version is asked for (`?version=n`): what that version changed, as
    /// `GET /v1/contracts/{id}/versions` lists it (an event's `recognized` among it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version_effect: Option<ContractVersion>,
}

/// A performance obligation with its allocation (relative SSP, largest remainder).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PerformanceObligation {
    #[schema(example = "pob_01jdx8p3yq4g6bqk2v7hzt0w5p")]
    pub id: String,
    pub name: String,
    pub pob_type: String,
    /// The transaction price allocated to it (after amendments: what it carries now).
    pub allocated_amount: Amount,
    pub standalone_selling_price: Amount,
    pub stated_price: Option<Amount>,
    /// `ratable`, `point_in_time`, `progress`, or `usage` (rated month by month from its
    /// usage records).
    pub recognition: String,
    /// `over_time` or `point_in_time`.
    pub timing: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    pub service_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    pub service_end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    pub delivery_date: Option<String>,
    /// False for an obligation a modification dropped (it keeps the revenue it earned).
    pub in_force: bool,
    /// Present, and true, while a point-in-time obligation awaits its fulfillment.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub awaiting_delivery: bool,
    /// A `progress` obligation's latest cumulative percent complete (0 before any report).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent_complete: Option<Amount>,
    /// A `usage` line's rating; absent when its records carry their own amounts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage_pricing: Option<UsagePricingOut>,
    /// A `credits` line's prepaid credits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prepaid_credits: Option<PrepaidCreditsOut>,
}

impl Contract {
    /// The list form: the record only.
    pub fn from_record(record: &ContractRecord) -> Contract {
        Contract {
            id: record.id.clone(),
            customer_name: record.customer_name.clone(),
            total_value: Amount::minor(record.total_value, record.currency),
            start_date: format_date(record.start_date),
            end_date: format_date(record.end_date),
            status: record.status.into(),
            currency: record.currency.code().to_owned(),
            customer_id: record.customer_id.clone(),
            contract_number: record.contract_number.clone(),
            version: record.version,
            terminated_on: record.terminated_on.map(format_date),
            parent_contract_id: record.parent_contract_id.clone(),
            created_at: format_timestamp(record.created_at),
            updated_at: format_timestamp(record.updated_at),
            signed_date: None,
            recognition_convention: None,
            performance_obligations: None,
            billing_schedule: Vec::new(),
            variable_consideration: Vec::new(),
            version_effect: None,
        }
    }

    /// The full form: the record, the version's terms and its obligations.
    pub fn from_view(view: &ContractView) -> Contract {
        let mut contract = Contract::from_record(&view.record);
        contract.version = view.version.number;
        let terms = &view.version.terms;
        contract.signed_date = Some(format_date(terms.signed_date));
        contract.variable_consideration = components_out(terms);
        // The convention the figures are computed under (a restatement's, if any).
        contract.recognition_convention = Some(view.plan().convention().as_str().to_owned());
        let currency = view.record.currency;
        let obligations =
            view.plan()
                .obligations()
                .iter()
                .map(|obligation| {
                    let line = terms
                        .obligations
                        .iter()
                        .find(|line| line.id.is_some() && line.id == obligation.id);
                    let stated = line.and_then(|line| line.stated_price);
                    // The SSP the terms gave (a dropped obligation's: the one it was allocated
                    // on), not the weight an amendment measured for what remained.
                    let ssp = line.map_or(obligation.ssp, |line| line.ssp);
                    let (service_start, service_end, delivery_date) = match obligation.pattern {
                        revrec_domain::Pattern::Ratable { start, end } => {
                            (Some(format_date(start)), Some(format_date(end)), None)
                        }
                        revrec_domain::Pattern::PointInTime { date } => {
                            (None, None, Some(format_date(date)))
                        }
                        revrec_domain::Pattern::AwaitingDelivery
                        | revrec_domain::Pattern::Progress => (None, None, None),
                    };
                    PerformanceObligation {
                        id: obligation.id.clone().unwrap_or_default(),
                        name: obligation.name.to_string(),
                        pob_type: obligation.pob_type.as_str().to_owned(),
                        allocated_amount: Amount::minor(obligation.allocated(), currency),
                        standalone_selling_price: ssp_amount(ssp, currency),
                        stated_price: stated.map(|price| Amount::minor(price, currency)),
                        recognition: match &obligation.consumption {
                            Some(revrec_domain::Consumption::Usage(_)) => "usage".to_owned(),
                            Some(revrec_domain::Consumption::Credits(_)) => "credits".to_owned(),
                            None => obligation.pattern.method().as_str().to_owned(),
                        },
                        timing: obligation.timing().as_str().to_owned(),
                        service_start,
                        service_end,
                        delivery_date,
                        in_force: obligation.in_force,
                        awaiting_delivery: obligation.pattern
                            == revrec_domain::Pattern::AwaitingDelivery,
                        percent_complete: obligation
                            .percent_complete
                            .map(|percent| Amount(percent.to_string())),
                        usage_pricing: match &obligation.consumption {
                            Some(revrec_domain::Consumption::Usage(Some(pricing))) => {
                                Some(UsagePricingOut::of(pricing))
                            }
                            _ => None,
                        },
                        prepaid_credits: match &obligation.consumption {
                            Some(revrec_domain::Consumption::Credits(credits)) => {
                                Some(PrepaidCreditsOut::of(credits))
                            }
                            _ => None,
                        },
                    }
                })
                .collect();
        contract.performance_obligations = Some(obligations);
        contract.billing_schedule = view
            .history
            .billing()
            .invoices()
            .iter()
            .map(|invoice| InvoiceOut::of(invoice, currency))
            .collect();
        contract
    }
}

/// An SSP as an amount of the currency: its minor units when it has no finer part (the
/// usual case), else its exact text (an SSP may carry up to six decimals: it is a weight).
fn ssp_amount(ssp: revrec_domain::Ssp, currency: revrec_domain::Currency) -> Amount {
    let scale = 10_i64.pow(revrec_domain::Ssp::DECIMALS - u32::from(currency.exponent()));
    if ssp.micros() % scale == 0 {
        Amount::minor(ssp.micros() / scale, currency)
    } else {
        Amount(ssp.to_string())
    }
}

/// A page of contracts.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractList {
    pub data: Vec<Contract>,
    /// Every match, regardless of paging.
    pub total: u64,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// 201 with the contract and its `Location`.
pub fn created(state: &AppState, view: &ContractView) -> Reply {
    Reply::json(
        actix_web::http::StatusCode::CREATED,
        &Contract::from_view(view),
    )
    .with_location(format!(
        "{}/v1/contracts/{}",
        state.settings.public_url, view.record.id
    ))
}
