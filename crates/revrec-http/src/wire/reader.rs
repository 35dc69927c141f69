//! Request bodies that report every problem at once.
//!
//! serde stops at the first problem of a document (a missing field, a wrong type, an
//! unknown field), so a client would fix a contract one field per round trip. A body is
//! parsed with serde first (the fast path, and the one source of truth for its shape); only
//! when that fails is it read again field by field against a [`FieldSpec`] list, which
//! names every missing, unknown or mistyped field, nested line items included.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::shell::body::{parse_json, without_position};
use crate::shell::error::ApiError;
use crate::wire::amount::DecimalInput;
use crate::wire::problems::Problems;
use crate::wire::usage::{PrepaidCreditsInput, UsagePricingInput};
use crate::wire::variable::VariableComponentInput;

/// What a field holds.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Text,
    Amount,
    /// `true` or `false`.
    Flag,
    /// An array of line items (objects read against [`LINE_ITEM`]).
    LineItems,
    /// An array of invoices (objects read against [`INVOICE`]).
    Invoices,
    /// An array of variable components, read whole: a problem in it makes the whole field
    /// unread.
    Components,
    /// A usage line's `usage_pricing`, read whole.
    Pricing,
    /// A credits line's `prepaid_credits`, read whole.
    Credits,
}

#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
}

const fn text(name: &'static str) -> FieldSpec {
    FieldSpec {
        name,
        kind: Kind::Text,
        required: false,
    }
}

const fn required(spec: FieldSpec) -> FieldSpec {
    FieldSpec {
        required: true,
        ..spec
    }
}

const fn amount(name: &'static str) -> FieldSpec {
    FieldSpec {
        name,
        kind: Kind::Amount,
        required: false,
    }
}

const fn flag(name: &'static str) -> FieldSpec {
    FieldSpec {
        name,
        kind: Kind::Flag,
        required: false,
    }
}

const LINE_ITEMS: FieldSpec = FieldSpec {
    name: "line_items",
    kind: Kind::LineItems,
    required: false,
};

const BILLING_SCHEDULE: FieldSpec = FieldSpec {
    name: "billing_schedule",
    kind: Kind::Invoices,
    required: false,
};

const VARIABLE_CONSIDERATION: FieldSpec = FieldSpec {
    name: "variable_consideration",
    kind: Kind::Components,
    required: false,
};

/// `InvoiceInput`, field by field (a test holds it to the struct's schema).
pub const INVOICE: &[FieldSpec] = &[
    required(text("date")),
    required(amount("amount")),
    text("number"),
];

/// `LineItemInput`, field by field (a test holds it to the struct's schema).
pub const LINE_ITEM: &[FieldSpec] = &[
    text("id"),
    text("name"),
    required(text("pob_type")),
    amount("stated_price"),
    amount("ssp_price"),
    text("recognition"),
    text("service_start"),
    text("service_end"),
    text("delivery_date"),
    flag("removed"),
    FieldSpec {
        name: "usage_pricing",
        kind: Kind::Pricing,
        required: false,
    },
    FieldSpec {
        name: "prepaid_credits",
        kind: Kind::Credits,
        required: false,
    },
];

/// `ContractInput` (primary surface).
pub const CONTRACT_INPUT: &[FieldSpec] = &[
    required(text("customer_name")),
    required(amount("total_value")),
    required(text("start_date")),
    required(text("end_date")),
    text("currency"),
    text("contract_number"),
    text("customer_id"),
    text("signed_date"),
    text("status"),
    text("recognition_convention"),
    LINE_ITEMS,
    text("effective_date"),
    text("treatment"),
    BILLING_SCHEDULE,
    VARIABLE_CONSIDERATION,
];

/// `GuideContractInput` (guide surface).
pub const GUIDE_CONTRACT_INPUT: &[FieldSpec] = &[
    required(text("customer_name")),
    text("contract_number"),
    required(text("start_date")),
    required(text("end_date")),
    text("currency"),
    amount("total_amount"),
    LINE_ITEMS,
    text("customer_id"),
    text("signed_date"),
    text("status"),
    text("recognition_convention"),
    BILLING_SCHEDULE,
    VARIABLE_CONSIDERATION,
];

/// Parses `body` as `T`. When the shape is wrong, every missing, unknown or mistyped field
/// is a problem in the returned [`Problems`], and `T` is read from the document without
/// them: a field left out is absent, a required one stands as a placeholder, and both are
/// named in `Problems::unread` so that no rule judges a placeholder. The caller goes on to
/// find the problems of the fields that could be read, and answers with all of them.
pub fn parse_reporting_all<T: DeserializeOwned>(
    body: &[u8],
    spec: &[FieldSpec],
) -> Result<(T, Problems), ApiError> {
    match parse_json::<T>(body) {
        Ok(value) => Ok((value, Problems::default())),
        Err(ApiError::Validation(first)) => {
            let mut problems = Problems::default();
            let repaired = serde_json::from_slice::<RawObject>(body)
                .ok()
                .map(|object| repair("", &object, spec, &mut problems));
            match repaired.map(|text| serde_json::from_str::<T>(&text)) {
                Some(Ok(value)) if !problems.is_empty() => Ok((value, problems)),
                _ => Err(ApiError::Validation(first)),
            }
        }
        Err(other) => Err(other),
    }
}

type RawObject = BTreeMap<String, Box<RawValue>>;

/// The object as JSON text with only what `spec` can read, every other field a problem.
fn repair(prefix: &str, object: &RawObject, spec: &[FieldSpec], problems: &mut Problems) -> String {
    let mut kept: Vec<String> = Vec::new();
    let mut keep = |name: &str, json: &str| {
        kept.push(format!("{}:{json}", serde_json::Value::from(name)));
    };
    for (name, raw) in object {
        let path = format!("{prefix}{name}");
        let Some(field) = spec.iter().find(|field| field.name == name) else {
            let allowed: Vec<String> = spec.iter().map(|f| format!("`{}`", f.name)).collect();
            problems.push(
                path,
                format!(
                    "unknown field `{name}`, expected one of {}",
                    allowed.join(", ")
                ),
            );
            continue;
        };
        if raw.get() == "null" && !field.required {
            continue;
        }
        let read = match field.kind {
            Kind::Text => serde_json::from_str::<String>(raw.get()).map(|_| raw.get().to_owned()),
            Kind::Amount => {
                serde_json::from_str::<DecimalInput>(raw.get()).map(|_| raw.get().to_owned())
            }
            Kind::Flag => serde_json::from_str::<bool>(raw.get()).map(|_| raw.get().to_owned()),
            Kind::Components => serde_json::from_str::<Vec<VariableComponentInput>>(raw.get())
                .map(|_| raw.get().to_owned()),
            Kind::Pricing => {
                serde_json::from_str::<UsagePricingInput>(raw.get()).map(|_| raw.get().to_owned())
            }
            Kind::Credits => {
                serde_json::from_str::<PrepaidCreditsInput>(raw.get()).map(|_| raw.get().to_owned())
            }
            Kind::LineItems => serde_json::from_str::<Vec<Box<RawValue>>>(raw.get()).map(|items| {
                let lines: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| {
                        let item_path = format!("{path}[{index}]");
                        match serde_json::from_str::<RawObject>(item.get()) {
                            Ok(line) => {
                                repair(&format!("{item_path}."), &line, LINE_ITEM, problems)
                            }
                            Err(error) => {
                                problems.push(item_path.clone(), without_position(&error));
                                for unread in ["pob_type", "stated_price", "ssp_price"] {
                                    problems.unread.push(format!("{item_path}.{unread}"));
                                }
                                placeholder(Kind::Text, "pob_type")
                            }
                        }
                    })
                    .collect();
                format!("[{}]", lines.join(","))
            }),
            Kind::Invoices => serde_json::from_str::<Vec<Box<RawValue>>>(raw.get()).map(|items| {
                let invoices: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| {
                        let item_path = format!("{path}[{index}]");
                        match serde_json::from_str::<RawObject>(item.get()) {
                            Ok(invoice) => {
                                repair(&format!("{item_path}."), &invoice, INVOICE, problems)
                            }
                            Err(error) => {
                                problems.push(item_path.clone(), without_position(&error));
                                for unread in ["date", "amount"] {
                                    problems.unread.push(format!("{item_path}.{unread}"));
                                }
                                "{\"date\":\"\",\"amount\":0}".to_owned()
                            }
                        }
                    })
                    .collect();
                format!("[{}]", invoices.join(","))
            }),
        };
        match read {
            Ok(json) => keep(name, &json),
            Err(error) => {
                problems.push(path.clone(), without_position(&error));
                problems.unread.push(path);
                if field.required {
                    keep(name, &stand_in(field.kind));
                }
            }
        }
    }
    for field in spec.iter().filter(|field| field.required) {
        if !object.contains_key(field.name) {
            let path = format!("{prefix}{}", field.name);
            problems.push(path.clone(), format!("missing field `{}`", field.name));
            problems.unread.push(path);
            keep(field.name, &stand_in(field.kind));
        }
    }
    format!("{{{}}}", kept.join(","))
}

/// What stands for a required field that could not be read.
fn stand_in(kind: Kind) -> String {
    match kind {
        Kind::Text => "\"\"".to_owned(),
        Kind::Amount => "0".to_owned(),
        Kind::Flag => "false".to_owned(),
        Kind::LineItems | Kind::Invoices | Kind::Components => "[]".to_owned(),
        Kind::Pricing | Kind::Credits => "null".to_owned(),
    }
}

/// A line item standing for one that is not an object.
fn placeholder(kind: Kind, name: &str) -> String {
    format!("{{{}:{}}}", serde_json::Value::from(name), stand_in(kind))
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;
    use utoipa::openapi::{RefOr, Schema};

    use super::*;
    use crate::wire::contracts::{ContractInput, GuideContractInput, LineItemInput};
    use crate::wire::invoices::InvoiceInput;

    /// The spec lists exactly the schema's properties, with the same required ones.
    fn matches_schema(spec: &[FieldSpec], schema: RefOr<Schema>) {
        let RefOr::T(Schema::Object(object)) = schema else {
            panic!("an object schema");
        };
        let properties: Vec<&str> = object.properties.keys().map(String::as_str).collect();
        let names: Vec<&str> = spec.iter().map(|field| field.name).collect();
        assert_eq!(names, properties);
        let required: Vec<&str> = spec
            .iter()
            .filter(|field| field.required)
            .map(|field| field.name)
            .collect();
        assert_eq!(required, object.required);
    }

    #[test]
    fn the_field_lists_are_the_wire_types() {
        matches_schema(CONTRACT_INPUT, ContractInput::schema());
        matches_schema(GUIDE_CONTRACT_INPUT, GuideContractInput::schema());
        matches_schema(LINE_ITEM, LineItemInput::schema());
        matches_schema(INVOICE, InvoiceInput::schema());
    }

    #[test]
    fn every_problem_of_a_document_is_listed() {
        let body = br#"{"customer_name": 5, "start_date": "2026-01-01", "colour": "red",
            "line_items": [{"pob_type": "support", "stated_price": true}, {"name": "x"}, 7]}"#;
        let Ok((input, problems)) = parse_reporting_all::<ContractInput>(body, CONTRACT_INPUT)
        else {
            panic!("the readable rest of the document");
        };
        let lines: Vec<String> = problems
            .list
            .iter()
            .map(|problem| format!("{}: {}", problem.field, problem.message))
            .collect();
        assert_eq!(
            lines,
            [
                "colour: unknown field `colour`, expected one of `customer_name`, `total_value`, `start_date`, `end_date`, `currency`, `contract_number`, `customer_id`, `signed_date`, `status`, `recognition_convention`, `line_items`, `effective_date`, `treatment`, `billing_schedule`, `variable_consideration`",
                "customer_name: invalid type: integer `5`, expected a string",
                "line_items[0].stated_price: must be a number or a decimal string such as \"1250.00\"",
                "line_items[1].pob_type: missing field `pob_type`",
                "line_items[2]: invalid type: integer `7`, expected a map",
                "total_value: missing field `total_value`",
                "end_date: missing field `end_date`",
            ]
        );
        // What could be read was; the rest stands as placeholders, each named.
        assert_eq!(input.start_date, "2026-01-01");
        assert_eq!(input.customer_name, "");
        assert_eq!(input.line_items.as_ref().map(Vec::len), Some(3));
        assert_eq!(
            problems.unread,
            [
                "customer_name",
                "line_items[0].stated_price",
                "line_items[1].pob_type",
                "line_items[2].pob_type",
                "line_items[2].stated_price",
                "line_items[2].ssp_price",
                "total_value",
                "end_date",
            ]
        );
    }
}
