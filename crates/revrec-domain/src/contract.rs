//! Contract terms as submitted (a draft) and as validated (terms the engine can compute).
//!
//! Validation collects every problem at once and names the field of each, so a caller can
//! fix a contract in one round trip.

use std::fmt;
use std::sync::Arc;

use time::{Date, Duration};

use crate::consumption::{Consumption, PrepaidCredits};
use crate::currency::Currency;
pub use crate::field::{
    Field, FieldError, InvoiceField, LineField, UsageField, ValidationErrors, VariableField,
};
use crate::money::{Ssp, amount_limit};
use crate::recognition::{Convention, Pattern, RecognitionMethod};
use crate::usage::{Quantity, UsagePricing};
use crate::variable::VariableScope;
use crate::variable_terms::{
    ComponentDraft, Reference, ScopedObligation, VariableComponent, check_components,
};

/// Most line items one contract may carry, by default.
pub const MAX_LINES: usize = 500;
/// Longest term, in years, by default.
pub const MAX_TERM_YEARS: i32 = 100;
/// Most obligation-months (obligations × months of the term) one contract may carry, by
/// default: 500 obligations over ten years, or 50 over a hundred.
pub const MAX_OBLIGATION_MONTHS: u64 = 60_000;

/// How large one contract may be (`docs/limits.md`): a deployment's settings, the defaults
/// above unless it says otherwise. The work a contract costs grows with its
/// obligation-months, so that is what bounds it, beside the plainer term and line count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ContractLimits {
    pub max_term_years: i32,
    pub max_lines: usize,
    pub max_obligation_months: u64,
}

impl Default for ContractLimits {
    fn default() -> ContractLimits {
        ContractLimits {
            max_term_years: MAX_TERM_YEARS,
            max_lines: MAX_LINES,
            max_obligation_months: MAX_OBLIGATION_MONTHS,
        }
    }
}

/// Obligations × calendar months the term touches (a one-line contract has one obligation):
/// the measure of a contract's size every limit and every cost charge uses.
pub fn obligation_months(start: Date, end: Date, obligations: usize) -> u64 {
    let months = crate::period::Period::of(start).months_until(crate::period::Period::of(end)) + 1;
    u64::try_from(months.max(1)).unwrap_or(0) * u64::try_from(obligations.max(1)).unwrap_or(0)
}

/// The kind of promised good or service; it decides the default recognition pattern and
/// the revenue account.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PobType {
    Hardware,
    License,
    Services,
    Subscription,
    Support,
    /// Metered use, rated month by month (docs/asc606.md §15).
    Usage,
}

impl PobType {
    /// Every type, in the canonical (alphabetical) order reports use.
    pub const ALL: [PobType; 6] = [
        PobType::Hardware,
        PobType::License,
        PobType::Services,
        PobType::Subscription,
        PobType::Support,
        PobType::Usage,
    ];

    pub fn parse(text: &str) -> Option<PobType> {
        PobType::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PobType::Hardware => "hardware",
            PobType::License => "license",
            PobType::Services => "services",
            PobType::Subscription => "subscription",
            PobType::Support => "support",
            PobType::Usage => "usage",
        }
    }

    /// docs/asc606.md §2: subscriptions and support are ratable, usage is rated as used
    /// (§15); the rest are delivered.
    pub fn default_recognition(self) -> LineRecognition {
        match self {
            PobType::Subscription | PobType::Support => {
                LineRecognition::Pattern(RecognitionMethod::Ratable)
            }
            PobType::Services | PobType::License | PobType::Hardware => {
                LineRecognition::Pattern(RecognitionMethod::PointInTime)
            }
            PobType::Usage => LineRecognition::Usage,
        }
    }

    pub fn allowed_list() -> String {
        PobType::ALL.map(PobType::as_str).join(", ")
    }
}

impl fmt::Display for PobType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A line's `recognition`: a pattern of its own, or consumption (docs/asc606.md §15).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineRecognition {
    Pattern(RecognitionMethod),
    /// Rated usage: its revenue of a month is that month's rated records.
    Usage,
    /// Prepaid credits: a fixed-price line recognized as its credits are used, with
    /// breakage (ASC 606-10-55-46..49).
    Credits,
}

impl LineRecognition {
    pub fn parse(text: &str) -> Option<LineRecognition> {
        match text {
            "usage" => Some(LineRecognition::Usage),
            "credits" => Some(LineRecognition::Credits),
            other => RecognitionMethod::parse(other).map(LineRecognition::Pattern),
        }
    }

    pub fn allowed_list() -> &'static str {
        "credits, point_in_time, progress, ratable, usage"
    }

    /// The pattern whose dates the line takes: a usage line's is its service window.
    fn method(self) -> RecognitionMethod {
        match self {
            LineRecognition::Pattern(method) => method,
            LineRecognition::Usage | LineRecognition::Credits => RecognitionMethod::Ratable,
        }
    }
}

/// A contract as submitted: typed, but not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractDraft {
    pub customer_name: String,
    pub currency: Currency,
    pub start_date: Date,
    pub end_date: Date,
    /// When the contract was signed (RPO counts it from then); defaults to `start_date`.
    pub signed_date: Option<Date>,
    /// The transaction price in minor units; defaults to the sum of the stated prices.
    pub transaction_price: Option<i64>,
    pub convention: Convention,
    /// Empty means a one-line subscription contract priced at `transaction_price`.
    pub lines: Vec<LineDraft>,
    /// Variable consideration (docs/asc606.md §15): the transaction price is the fixed price
    /// (`transaction_price`, or the stated prices) plus each component's included amount.
    pub variable: Vec<ComponentDraft>,
    /// Fields the caller could not read (and has already reported): their values here are
    /// placeholders, so the rules that need them are skipped and `validate` refuses the
    /// draft, while every other rule still runs and reports, all in one round trip.
    pub unread: Vec<Field>,
}

/// One line item as submitted. `pob_type` and `recognition` are raw text so the error for
/// an unknown value can list the allowed ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineDraft {
    /// An existing obligation id, when amending a contract.
    pub id: Option<String>,
    pub name: Option<String>,
    pub pob_type: String,
    pub stated_price: Option<i64>,
    pub ssp: Option<Ssp>,
    pub recognition: Option<String>,
    pub service_start: Option<Date>,
    pub service_end: Option<Date>,
    pub delivery_date: Option<Date>,
    /// `delivery_date` was sent as `null`: a point-in-time obligation awaiting delivery,
    /// satisfied later by a fulfillment (an omitted date means the contract's start).
    pub awaiting_delivery: bool,
    /// On an amendment: drop the obligation `id` names from the effective date.
    pub removed: bool,
    /// How a usage line's months are rated (none: its records carry their amounts).
    pub usage_pricing: Option<UsagePricing>,
    /// A credits line's credits (docs/asc606.md §15).
    pub prepaid_credits: Option<PrepaidCredits>,
}

/// Validated terms: every obligation has a pattern inside the contract term, and the SSPs
/// can carry the transaction price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractTerms {
    pub customer_name: String,
    pub currency: Currency,
    pub start_date: Date,
    pub end_date: Date,
    pub signed_date: Date,
    /// The fixed price plus every variable component's included amount.
    pub transaction_price: i64,
    pub convention: Convention,
    pub obligations: Vec<ObligationTerms>,
    pub variable: Vec<VariableComponent>,
}

impl ContractTerms {
    /// The price without its variable components (ASC 606-10-32-5).
    pub fn fixed_price(&self) -> i64 {
        self.variable
            .iter()
            .fold(self.transaction_price, |price, component| {
                price - component.included_amount
            })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObligationTerms {
    pub id: Option<String>,
    pub name: Arc<str>,
    pub pob_type: PobType,
    pub stated_price: Option<i64>,
    pub ssp: Ssp,
    pub pattern: Pattern,
    /// Recognized as consumed (usage or prepaid credits) rather than by its pattern alone;
    /// the pattern is then its service window.
    pub consumption: Option<Consumption>,
}

impl ContractDraft {
    /// Checks every rule of docs/asc606.md §2 (Validation) and returns terms the engine can
    /// compute.
    ///
    /// With `unread` fields the result is always `Err`, holding the problems of the fields
    /// that could be checked (possibly none).
    pub fn validate(&self) -> Result<ContractTerms, ValidationErrors> {
        self.validate_within(&ContractLimits::default())
    }

    /// [`ContractDraft::validate`] under a deployment's limits.
    pub fn validate_within(
        &self,
        limits: &ContractLimits,
    ) -> Result<ContractTerms, ValidationErrors> {
        let mut errors = Vec::new();
        if self.customer_name.trim().is_empty() {
            errors.push(FieldError::new(Field::CustomerName, "must not be blank"));
        }
        let term_is_sound = !self.is_unread(Field::StartDate)
            && !self.is_unread(Field::EndDate)
            && self.check_term(limits, &mut errors);
        if let Some(price) = self.transaction_price.filter(|price| *price < 0) {
            errors.push(FieldError::new(
                Field::TransactionPrice,
                format!("must not be negative (got {})", self.format(price)),
            ));
        }
        if self.lines.len() > limits.max_lines {
            errors.push(FieldError::new(
                Field::LineItems,
                format!(
                    "at most {} line items are allowed (got {})",
                    limits.max_lines,
                    self.lines.len()
                ),
            ));
            return Err(ValidationErrors(errors));
        }
        let size = obligation_months(self.start_date, self.end_date, self.lines.len());
        if term_is_sound && size > limits.max_obligation_months {
            errors.push(FieldError::new(
                Field::LineItems,
                format!(
                    "at most {} obligation-months (obligations × months of the term) are allowed (got {size})",
                    limits.max_obligation_months
                ),
            ));
            return Err(ValidationErrors(errors));
        }
        let price_is_unread = self.is_unread(Field::TransactionPrice);
        if self.lines.is_empty() && self.transaction_price.is_none() && !price_is_unread {
            errors.push(FieldError::new(
                Field::LineItems,
                "give line_items, a total amount, or both",
            ));
        }

        let obligations: Vec<ObligationTerms> = if self.lines.is_empty() {
            vec![self.single_subscription()]
        } else {
            self.lines
                .iter()
                .enumerate()
                .filter_map(|(index, line)| {
                    self.check_line(index, line, term_is_sound, &mut errors)
                })
                .collect()
        };

        let fixed_price = self
            .transaction_price
            .unwrap_or_else(|| self.lines.iter().filter_map(|line| line.stated_price).sum());
        let limit = amount_limit(self.currency);
        if self.transaction_price.is_none() && fixed_price >= limit && !price_is_unread {
            errors.push(FieldError::new(
                Field::LineItems,
                "the stated prices add up to 1000000000000 or more; the transaction price must be below that",
            ));
        }
        // Most contracts have no variable consideration: nothing to check components against.
        let variable = if self.variable.is_empty() {
            Vec::new()
        } else {
            let references: Vec<Reference<'_>> = if self.lines.is_empty() {
                vec![Reference {
                    id: None,
                    name: PobType::Subscription.as_str(),
                }]
            } else {
                self.lines
                    .iter()
                    .map(|line| Reference {
                        id: line.id.as_deref(),
                        name: line
                            .name
                            .as_deref()
                            .map_or(line.pob_type.as_str(), str::trim),
                    })
                    .collect()
            };
            let scoped: Vec<ScopedObligation> = obligations
                .iter()
                .map(|obligation| ScopedObligation {
                    ssp: obligation.ssp,
                    pattern: obligation.pattern,
                })
                .collect();
            check_components(
                &self.variable,
                self.currency,
                &references,
                &scoped,
                &mut errors,
            )
            .unwrap_or_default()
        };
        let included: i64 = variable
            .iter()
            .map(|component| component.included_amount)
            .sum();
        let transaction_price = fixed_price.saturating_add(included);
        if !variable.is_empty() && !price_is_unread && fixed_price < limit {
            if transaction_price < 0 {
                errors.push(FieldError::new(
                    Field::VariableConsideration,
                    format!(
                        "the included amounts ({}) take the transaction price below zero ({})",
                        self.format(included),
                        self.format(transaction_price)
                    ),
                ));
            } else if transaction_price >= limit {
                errors.push(FieldError::new(
                    Field::VariableConsideration,
                    "the fixed price and the included amounts add up to 1000000000000 or more; the transaction price must be below that",
                ));
            }
        }
        let all_weights_zero = obligations
            .iter()
            .all(|obligation| obligation.ssp.micros() == 0);
        // What is allocated by relative SSP over every obligation (32-39).
        let common_price = variable
            .iter()
            .filter(|component| component.scope == VariableScope::AllObligations)
            .fold(fixed_price, |price, component| {
                price.saturating_add(component.included_amount)
            });
        if errors.is_empty() && self.unread.is_empty() && common_price != 0 && all_weights_zero {
            errors.push(FieldError::new(
                Field::LineItems,
                "every standalone selling price is zero, so a non-zero transaction price cannot be allocated",
            ));
        }

        // A placeholder is not judged: its field's own problem was reported by the caller.
        errors.retain(|error| !self.is_unread(error.field));
        if !errors.is_empty() || !self.unread.is_empty() {
            errors.sort_by_key(|error| error.field);
            return Err(ValidationErrors(errors));
        }
        Ok(ContractTerms {
            customer_name: self.customer_name.trim().to_owned(),
            currency: self.currency,
            start_date: self.start_date,
            end_date: self.end_date,
            signed_date: self.signed_date.unwrap_or(self.start_date),
            transaction_price,
            convention: self.convention,
            obligations,
            variable,
        })
    }

    fn is_unread(&self, field: Field) -> bool {
        self.unread.contains(&field)
    }

    /// End not before start, and the term no longer than the limit (100 years by default).
    fn check_term(&self, limits: &ContractLimits, errors: &mut Vec<FieldError>) -> bool {
        if self.end_date < self.start_date {
            errors.push(FieldError::new(
                Field::EndDate,
                format!("must not be before start_date ({})", self.start_date),
            ));
            return false;
        }
        if self.end_date >= term_limit(self.start_date, limits.max_term_years) {
            errors.push(FieldError::new(
                Field::EndDate,
                format!("the term may not exceed {} years", limits.max_term_years),
            ));
            return false;
        }
        true
    }

    fn single_subscription(&self) -> ObligationTerms {
        let price = self.transaction_price.unwrap_or(0);
        ObligationTerms {
            id: None,
            name: PobType::Subscription.as_str().into(),
            pob_type: PobType::Subscription,
            stated_price: Some(price),
            ssp: Ssp::from_minor(price, self.currency),
            pattern: Pattern::Ratable {
                start: self.start_date,
                end: self.end_date,
            },
            consumption: None,
        }
    }

    fn check_line(
        &self,
        index: usize,
        line: &LineDraft,
        term_is_sound: bool,
        errors: &mut Vec<FieldError>,
    ) -> Option<ObligationTerms> {
        let field = |field| Field::Line { index, field };
        if line.removed {
            // An amendment takes its removed lines out before validating its terms.
            errors.push(FieldError::new(
                field(LineField::Removed),
                "drops an obligation of an active contract (on PUT, with its id); new terms list only what is sold",
            ));
            return None;
        }
        let before = errors.len();

        if line.id.as_deref().is_some_and(|id| id.trim().is_empty()) {
            errors.push(FieldError::new(
                field(LineField::Id),
                "must not be blank when given",
            ));
        }
        let pob_type = PobType::parse(&line.pob_type);
        if pob_type.is_none() {
            errors.push(FieldError::new(
                field(LineField::PobType),
                format!(
                    "unknown pob_type `{}`; allowed: {}",
                    line.pob_type,
                    PobType::allowed_list()
                ),
            ));
        }
        let recognition = match &line.recognition {
            None => pob_type.map(PobType::default_recognition),
            Some(text) => {
                let recognition = LineRecognition::parse(text);
                if recognition.is_none() {
                    errors.push(FieldError::new(
                        field(LineField::Recognition),
                        format!(
                            "unknown recognition `{text}`; allowed: {}",
                            LineRecognition::allowed_list()
                        ),
                    ));
                }
                recognition
            }
        };
        let is_usage = recognition == Some(LineRecognition::Usage);
        if is_usage {
            check_usage_line(line, &field, errors);
        } else if line.usage_pricing.is_some() && recognition.is_some() {
            errors.push(FieldError::new(
                field(LineField::UsagePricing),
                "applies only to lines with recognition `usage`",
            ));
        }
        let is_credits = recognition == Some(LineRecognition::Credits);
        if is_credits {
            self.check_credits_line(line, &field, errors);
        } else if line.prepaid_credits.is_some() && recognition.is_some() {
            errors.push(FieldError::new(
                field(LineField::PrepaidCredits),
                "applies only to lines with recognition `credits`",
            ));
        }
        let method = recognition.map(LineRecognition::method);
        if let Some(price) = line.stated_price.filter(|price| *price < 0) {
            errors.push(FieldError::new(
                field(LineField::StatedPrice),
                format!("must not be negative (got {})", self.format(price)),
            ));
        }
        if line.ssp.is_some_and(Ssp::is_negative) {
            errors.push(FieldError::new(
                field(LineField::SspPrice),
                "must not be negative",
            ));
        }
        let unread = |which| self.is_unread(field(which));
        let prices_unread = unread(LineField::StatedPrice)
            || unread(LineField::SspPrice)
            || self.is_unread(Field::TransactionPrice);
        if line.stated_price.is_none() && !prices_unread && !is_usage {
            if self.transaction_price.is_none() {
                errors.push(FieldError::new(
                    field(LineField::StatedPrice),
                    "is required when the contract has no total amount",
                ));
            } else if line.ssp.is_none() {
                errors.push(FieldError::new(
                    field(LineField::SspPrice),
                    "give ssp_price or stated_price so the line has a standalone selling price",
                ));
            }
        }
        let dates_unread = [
            LineField::Recognition,
            LineField::ServiceStart,
            LineField::ServiceEnd,
            LineField::DeliveryDate,
        ]
        .into_iter()
        .any(unread);
        let pattern = match method {
            Some(method) if !dates_unread => {
                self.check_dates(line, method, &field, term_is_sound, errors)
            }
            _ => None,
        };

        if errors.len() > before {
            return None;
        }
        let pob_type = pob_type?;
        // A usage line is allocated nothing at inception (§15): its weight is zero.
        let ssp = if is_usage {
            Ssp::from_micros(0)
        } else {
            line.ssp.or_else(|| {
                line.stated_price
                    .map(|price| Ssp::from_minor(price, self.currency))
            })?
        };
        Some(ObligationTerms {
            id: line.id.clone(),
            name: line
                .name
                .as_deref()
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .unwrap_or(pob_type.as_str())
                .into(),
            pob_type,
            stated_price: line.stated_price,
            ssp,
            pattern: pattern?,
            consumption: if is_usage {
                Some(Consumption::Usage(line.usage_pricing.clone()))
            } else {
                line.prepaid_credits
                    .filter(|_| is_credits)
                    .map(Consumption::Credits)
            },
        })
    }

    /// A credits line names its credits, which expire inside its service (their revenue
    /// is all recognized by then).
    fn check_credits_line(
        &self,
        line: &LineDraft,
        field: &dyn Fn(LineField) -> Field,
        errors: &mut Vec<FieldError>,
    ) {
        let Some(credits) = &line.prepaid_credits else {
            errors.push(FieldError::new(
                field(LineField::PrepaidCredits),
                "is required for a line with recognition `credits`: {credits, expires_on, expected_usage?, breakage?}",
            ));
            return;
        };
        if credits.credits == Quantity::ZERO {
            errors.push(FieldError::new(
                field(LineField::PrepaidCredits),
                "credits must be above zero",
            ));
        }
        if credits.expected_usage > credits.credits {
            errors.push(FieldError::new(
                field(LineField::PrepaidCredits),
                "expected_usage must not exceed credits: breakage is the credits not expected to be used",
            ));
        }
        let first = line.service_start.unwrap_or(self.start_date);
        let last = line.service_end.unwrap_or(self.end_date);
        if credits.expires_on < first || credits.expires_on > last {
            errors.push(FieldError::new(
                field(LineField::PrepaidCredits),
                format!(
                    "expires_on {} is outside the line's service ({first} to {last}): what is left of the credits is revenue of the day they expire",
                    credits.expires_on
                ),
            ));
        }
    }

    /// The line's own dates, defaulted from the contract and kept inside its term. When the
    /// term itself is not sound (or not read), only the rules that do not need it are checked.
    fn check_dates(
        &self,
        line: &LineDraft,
        method: RecognitionMethod,
        field: &dyn Fn(LineField) -> Field,
        term_is_sound: bool,
        errors: &mut Vec<FieldError>,
    ) -> Option<Pattern> {
        let before = errors.len();
        let (first, last) = (self.start_date, self.end_date);
        let mut within_term = |date: Option<Date>, which: LineField| {
            if !term_is_sound {
                return;
            }
            if let Some(date) = date.filter(|d| *d < self.start_date || *d > self.end_date) {
                errors.push(FieldError::new(
                    field(which),
                    format!("{date} is outside the contract term ({first} to {last})"),
                ));
            }
        };
        match method {
            RecognitionMethod::Ratable => {
                within_term(line.service_start, LineField::ServiceStart);
                within_term(line.service_end, LineField::ServiceEnd);
                if line.delivery_date.is_some() || line.awaiting_delivery {
                    errors.push(FieldError::new(
                        field(LineField::DeliveryDate),
                        "applies only to point_in_time obligations; use service_start and service_end",
                    ));
                }
                let start = line.service_start.unwrap_or(self.start_date);
                let end = line.service_end.unwrap_or(self.end_date);
                let both_known =
                    term_is_sound || (line.service_start.is_some() && line.service_end.is_some());
                if both_known && end < start {
                    errors.push(FieldError::new(
                        field(LineField::ServiceEnd),
                        format!("must not be before service_start ({start})"),
                    ));
                }
                (errors.len() == before && term_is_sound).then_some(Pattern::Ratable { start, end })
            }
            RecognitionMethod::PointInTime => {
                within_term(line.delivery_date, LineField::DeliveryDate);
                for (date, which) in [
                    (line.service_start, LineField::ServiceStart),
                    (line.service_end, LineField::ServiceEnd),
                ] {
                    if date.is_some() {
                        errors.push(FieldError::new(
                            field(which),
                            "applies only to ratable obligations; use delivery_date",
                        ));
                    }
                }
                let pattern = if line.awaiting_delivery {
                    Pattern::AwaitingDelivery
                } else {
                    Pattern::PointInTime {
                        date: line.delivery_date.unwrap_or(self.start_date),
                    }
                };
                (errors.len() == before && term_is_sound).then_some(pattern)
            }
            RecognitionMethod::Progress => {
                for (given, which) in [
                    (line.service_start.is_some(), LineField::ServiceStart),
                    (line.service_end.is_some(), LineField::ServiceEnd),
                    (
                        line.delivery_date.is_some() || line.awaiting_delivery,
                        LineField::DeliveryDate,
                    ),
                ] {
                    if given {
                        errors.push(FieldError::new(
                            field(which),
                            "does not apply to progress obligations: their revenue follows the percent_complete reports",
                        ));
                    }
                }
                (errors.len() == before && term_is_sound).then_some(Pattern::Progress)
            }
        }
    }

    fn format(&self, minor: i64) -> String {
        crate::money::format_minor(minor, self.currency.exponent())
    }
}

/// A usage line's price is what its months are rated (docs/asc606.md §15): it states no
/// price of its own.
fn check_usage_line(
    line: &LineDraft,
    field: &dyn Fn(LineField) -> Field,
    errors: &mut Vec<FieldError>,
) {
    for (given, which) in [
        (line.stated_price.is_some(), LineField::StatedPrice),
        (line.ssp.is_some(), LineField::SspPrice),
    ] {
        if given {
            errors.push(FieldError::new(
                field(which),
                "does not apply to a usage line: its price is its rated usage (give usage_pricing, or amounts on its records)",
            ));
        }
    }
}

/// The first day past the longest allowed term starting on `start`.
fn term_limit(start: Date, years: i32) -> Date {
    let year = start.year().saturating_add(years);
    start
        .replace_year(year)
        // 29 February to a non-leap year: the term may run through 28 February.
        .or_else(|_| {
            (start - Duration::days(1))
                .replace_year(year)
                .map(|d| d + Duration::days(1))
        })
        .unwrap_or(Date::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn draft() -> ContractDraft {
        ContractDraft {
            customer_name: "Acme Corp".into(),
            currency: Currency::USD,
            start_date: date!(2026 - 01 - 01),
            end_date: date!(2026 - 12 - 31),
            signed_date: None,
            transaction_price: None,
            convention: Convention::Daily,
            lines: vec![
                LineDraft {
                    name: Some("Platform".into()),
                    pob_type: "subscription".into(),
                    stated_price: Some(1_200_000),
                    ssp: None,
                    ..LineDraft::default()
                },
                LineDraft {
                    name: Some("Onboarding".into()),
                    pob_type: "services".into(),
                    stated_price: Some(300_000),
                    ssp: Some(Ssp::parse("5000").unwrap()),
                    ..LineDraft::default()
                },
            ],
            variable: Vec::new(),
            unread: Vec::new(),
        }
    }

    fn fields(result: Result<ContractTerms, ValidationErrors>) -> Vec<String> {
        result
            .unwrap_err()
            .0
            .into_iter()
            .map(|error| format!("{}: {}", error.field, error.message))
            .collect()
    }

    #[test]
    fn a_sound_draft_becomes_terms_with_defaults_applied() {
        let terms = draft().validate().unwrap();
        assert_eq!(terms.transaction_price, 1_500_000);
        assert_eq!(terms.signed_date, date!(2026 - 01 - 01));
        assert_eq!(
            terms.obligations[0].pattern,
            Pattern::Ratable {
                start: date!(2026 - 01 - 01),
                end: date!(2026 - 12 - 31)
            }
        );
        assert_eq!(
            terms.obligations[1].pattern,
            Pattern::PointInTime {
                date: date!(2026 - 01 - 01)
            }
        );
        assert_eq!(terms.obligations[0].ssp.micros(), 12_000_000_000);
        assert_eq!(terms.obligations[1].ssp.micros(), 5_000_000_000);
    }

    #[test]
    fn four_field_contract_is_one_ratable_subscription() {
        let mut one_line = draft();
        one_line.lines.clear();
        one_line.transaction_price = Some(1_200_000);
        let terms = one_line.validate().unwrap();
        assert_eq!(terms.obligations.len(), 1);
        assert_eq!(terms.obligations[0].pob_type, PobType::Subscription);
        assert_eq!(
            terms.obligations[0].ssp,
            Ssp::from_minor(1_200_000, Currency::USD)
        );
    }

    #[test]
    fn end_before_start_names_end_date() {
        let mut bad = draft();
        bad.end_date = date!(2025 - 12 - 31);
        assert_eq!(
            fields(bad.validate()),
            ["end_date: must not be before start_date (2026-01-01)"]
        );
    }

    #[test]
    fn term_over_100_years_is_refused() {
        let mut long = draft();
        long.lines.clear();
        long.transaction_price = Some(100);
        // 100 years from 1 January 2026 run through 31 December 2125.
        long.end_date = date!(2126 - 01 - 01);
        assert_eq!(
            fields(long.validate()),
            ["end_date: the term may not exceed 100 years"]
        );
        long.end_date = date!(2125 - 12 - 31);
        assert!(long.validate().is_ok());
        // A leap day start into a leap year: the term runs through the day before.
        long.start_date = date!(2024 - 02 - 29);
        long.end_date = date!(2124 - 02 - 28);
        assert!(long.validate().is_ok());
        long.end_date = date!(2124 - 02 - 29);
        assert!(long.validate().is_err());
        // A leap day start into a year without one: through 28 February.
        long.start_date = date!(2000 - 02 - 29);
        long.end_date = date!(2100 - 02 - 28);
        assert!(long.validate().is_ok());
        long.end_date = date!(2100 - 03 - 01);
        assert!(long.validate().is_err());
    }

    #[test]
    fn line_outside_the_term_is_refused() {
        let mut bad = draft();
        bad.lines[0].service_end = Some(date!(2027 - 01 - 31));
        bad.lines[1].delivery_date = Some(date!(2025 - 06 - 01));
        assert_eq!(
            fields(bad.validate()),
            [
                "line_items[0].service_end: 2027-01-31 is outside the contract term (2026-01-01 to 2026-12-31)",
                "line_items[1].delivery_date: 2025-06-01 is outside the contract term (2026-01-01 to 2026-12-31)",
            ]
        );
    }

    #[test]
    fn negative_prices_are_refused() {
        let mut bad = draft();
        bad.lines[0].stated_price = Some(-100);
        bad.lines[1].ssp = Some(Ssp::from_micros(-1));
        assert_eq!(
            fields(bad.validate()),
            [
                "line_items[0].stated_price: must not be negative (got -1.00)",
                "line_items[1].ssp_price: must not be negative",
            ]
        );
    }

    #[test]
    fn all_zero_ssp_with_a_non_zero_price_is_refused() {
        let mut bad = draft();
        for line in &mut bad.lines {
            line.ssp = Some(Ssp::from_micros(0));
        }
        assert_eq!(
            fields(bad.validate()),
            [
                "line_items: every standalone selling price is zero, so a non-zero transaction price cannot be allocated"
            ]
        );
    }

    #[test]
    fn unknown_pob_type_lists_the_allowed_ones() {
        let mut bad = draft();
        bad.lines[1].pob_type = "consulting".into();
        assert_eq!(
            fields(bad.validate()),
            [
                "line_items[1].pob_type: unknown pob_type `consulting`; allowed: hardware, license, services, subscription, support, usage"
            ]
        );
    }

    #[test]
    fn too_many_lines_is_refused() {
        let mut bad = draft();
        bad.lines = vec![bad.lines[0].clone(); MAX_LINES + 1];
        assert_eq!(
            fields(bad.validate()),
            ["line_items: at most 500 line items are allowed (got 501)"]
        );
        bad.lines.truncate(MAX_LINES);
        assert!(bad.validate().is_ok());
    }

    #[test]
    fn blank_customer_and_missing_prices_are_all_reported_together() {
        let mut bad = draft();
        bad.customer_name = "  ".into();
        bad.lines[0].stated_price = None;
        bad.lines[1].recognition = Some("weekly".into());
        assert_eq!(
            fields(bad.validate()),
            [
                "customer_name: must not be blank",
                "line_items[0].stated_price: is required when the contract has no total amount",
                "line_items[1].recognition: unknown recognition `weekly`; allowed: credits, point_in_time, progress, ratable, usage",
            ]
        );
    }

    #[test]
    fn dates_that_do_not_fit_the_recognition_method_are_refused() {
        let mut bad = draft();
        bad.lines[0].delivery_date = Some(date!(2026 - 03 - 01));
        bad.lines[1].service_start = Some(date!(2026 - 03 - 01));
        bad.lines.push(LineDraft {
            pob_type: "support".into(),
            stated_price: Some(1),
            service_start: Some(date!(2026 - 05 - 01)),
            service_end: Some(date!(2026 - 04 - 30)),
            ..LineDraft::default()
        });
        assert_eq!(
            fields(bad.validate()),
            [
                "line_items[0].delivery_date: applies only to point_in_time obligations; use service_start and service_end",
                "line_items[1].service_start: applies only to ratable obligations; use delivery_date",
                "line_items[2].service_end: must not be before service_start (2026-05-01)",
            ]
        );
    }

    #[test]
    fn unread_fields_skip_the_rules_that_need_them_and_the_rest_still_report() {
        let mut partial = draft();
        // The caller could not read start_date nor line 1's stated price: placeholders here.
        partial.start_date = Date::MIN;
        partial.lines[1].stated_price = None;
        partial.lines[1].ssp = None;
        partial.unread = vec![
            Field::StartDate,
            Field::Line {
                index: 1,
                field: LineField::StatedPrice,
            },
        ];
        partial.customer_name = " ".into();
        partial.lines[0].pob_type = "consulting".into();
        assert_eq!(
            fields(partial.validate()),
            [
                "customer_name: must not be blank",
                "line_items[0].pob_type: unknown pob_type `consulting`; allowed: hardware, license, services, subscription, support, usage",
            ]
        );
        // Nothing else wrong: still refused, with no problem of its own to add.
        partial.customer_name = "Acme".into();
        partial.lines[0].pob_type = "subscription".into();
        assert_eq!(partial.validate(), Err(ValidationErrors(Vec::new())));
    }

    #[test]
    fn total_amount_overrides_the_sum_of_stated_prices() {
        let mut discounted = draft();
        discounted.transaction_price = Some(1_000_000);
        assert_eq!(discounted.validate().unwrap().transaction_price, 1_000_000);
    }
}
