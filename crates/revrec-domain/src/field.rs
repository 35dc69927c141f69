//! Where a validation problem is, and the problems found: what every check of a request
//! (a draft, an amendment, an event, an estimate) reports, field by field.

use std::fmt;

/// Where a validation problem is. Rendered with the guide surface's JSON names; the one
/// name that differs between surfaces (the price) is a variant of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    CustomerName,
    Currency,
    StartDate,
    EndDate,
    SignedDate,
    TransactionPrice,
    LineItems,
    Line {
        index: usize,
        field: LineField,
    },
    EffectiveDate,
    Treatment,
    RecognitionConvention,
    /// An event's obligation (the `pob_id` of its path).
    ObligationId,
    /// A fulfillment's `date`.
    DeliveredOn,
    /// A progress report's `as_of`.
    AsOf,
    PercentComplete,
    /// An invoice: of `billing_schedule` (with its index) or of `POST …/invoices`; or a
    /// payment of `POST …/payments`.
    Invoice {
        index: Option<usize>,
        field: InvoiceField,
    },
    /// `variable_consideration` as a whole.
    VariableConsideration,
    Variable {
        index: usize,
        field: VariableField,
    },
    /// An estimate's component (`component_id`).
    ComponentId,
    /// An estimate's `scenarios`.
    Scenarios,
    /// An estimate's `included_amount`.
    IncludedAmount,
    /// The credits line a revision of expected usage names (`obligation_id`).
    EstimateObligation,
    /// A revision's `expected_usage`.
    ExpectedUsage,
    /// A usage record's field (docs/asc606.md §15).
    Usage(UsageField),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum UsageField {
    RecordId,
    OccurredOn,
    Quantity,
    Amount,
}

impl UsageField {
    pub fn as_str(self) -> &'static str {
        match self {
            UsageField::RecordId => "record_id",
            UsageField::OccurredOn => "occurred_on",
            UsageField::Quantity => "quantity",
            UsageField::Amount => "amount",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum InvoiceField {
    Date,
    Amount,
    Number,
    /// A payment's reference.
    Reference,
}

impl InvoiceField {
    pub fn as_str(self) -> &'static str {
        match self {
            InvoiceField::Date => "date",
            InvoiceField::Amount => "amount",
            InvoiceField::Number => "number",
            InvoiceField::Reference => "reference",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LineField {
    Id,
    Name,
    PobType,
    StatedPrice,
    SspPrice,
    Recognition,
    ServiceStart,
    ServiceEnd,
    DeliveryDate,
    Removed,
    UsagePricing,
    PrepaidCredits,
}

impl LineField {
    pub fn as_str(self) -> &'static str {
        match self {
            LineField::Id => "id",
            LineField::Name => "name",
            LineField::PobType => "pob_type",
            LineField::StatedPrice => "stated_price",
            LineField::SspPrice => "ssp_price",
            LineField::Recognition => "recognition",
            LineField::ServiceStart => "service_start",
            LineField::ServiceEnd => "service_end",
            LineField::DeliveryDate => "delivery_date",
            LineField::Removed => "removed",
            LineField::UsagePricing => "usage_pricing",
            LineField::PrepaidCredits => "prepaid_credits",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::CustomerName => f.write_str("customer_name"),
            Field::Currency => f.write_str("currency"),
            Field::StartDate => f.write_str("start_date"),
            Field::EndDate => f.write_str("end_date"),
            Field::SignedDate => f.write_str("signed_date"),
            Field::TransactionPrice => f.write_str("total_amount"),
            Field::LineItems => f.write_str("line_items"),
            Field::Line { index, field } => write!(f, "line_items[{index}].{}", field.as_str()),
            Field::EffectiveDate => f.write_str("effective_date"),
            Field::Treatment => f.write_str("treatment"),
            Field::RecognitionConvention => f.write_str("recognition_convention"),
            Field::ObligationId => f.write_str("pob_id"),
            Field::DeliveredOn => f.write_str("date"),
            Field::AsOf => f.write_str("as_of"),
            Field::PercentComplete => f.write_str("percent_complete"),
            Field::Invoice { index: None, field } => f.write_str(field.as_str()),
            Field::Invoice {
                index: Some(index),
                field,
            } => write!(f, "billing_schedule[{index}].{}", field.as_str()),
            Field::VariableConsideration => f.write_str("variable_consideration"),
            Field::Variable { index, field } => {
                write!(f, "variable_consideration[{index}].{}", field.as_str())
            }
            Field::ComponentId => f.write_str("component_id"),
            Field::Scenarios => f.write_str("scenarios"),
            Field::IncludedAmount => f.write_str("included_amount"),
            Field::EstimateObligation => f.write_str("obligation_id"),
            Field::ExpectedUsage => f.write_str("expected_usage"),
            Field::Usage(field) => f.write_str(field.as_str()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: Field,
    pub message: String,
}

impl FieldError {
    pub fn new(field: Field, message: impl Into<String>) -> FieldError {
        FieldError {
            field,
            message: message.into(),
        }
    }
}

/// Every problem found in a draft, in field order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", summary(.0))]
pub struct ValidationErrors(pub Vec<FieldError>);

fn summary(errors: &[FieldError]) -> String {
    errors
        .iter()
        .map(|error| format!("{}: {}", error.field, error.message))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The field of a component a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum VariableField {
    Id,
    Kind,
    Method,
    Scenarios,
    IncludedAmount,
    Allocation,
}

impl VariableField {
    pub fn as_str(self) -> &'static str {
        match self {
            VariableField::Id => "id",
            VariableField::Kind => "kind",
            VariableField::Method => "method",
            VariableField::Scenarios => "scenarios",
            VariableField::IncludedAmount => "included_amount",
            VariableField::Allocation => "allocation",
        }
    }
}
