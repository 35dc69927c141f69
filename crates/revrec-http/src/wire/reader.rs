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

use crate::body::{parse_json, without_position};
use crate::error::ApiError;
use crate::problem::FieldProblem;
use crate::wire::amount::DecimalInput;

/// What a field holds.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Text,
    Amount,
    /// An array of line items (objects read against [`LINE_ITEM`]).
    LineItems,
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

const LINE_ITEMS: FieldSpec = FieldSpec {
    name: "line_items",
    kind: Kind::LineItems,
    required: false,
};

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
];

/// Parses `body` as `T`; when the shape is wrong, the 422 lists every field's problem.
pub fn parse_reporting_all<T: DeserializeOwned>(
    body: &[u8],
    spec: &[FieldSpec],
) -> Result<T, ApiError> {
    match parse_json::<T>(body) {
        Err(ApiError::Validation(first)) => {
            let every = diagnose(body, spec);
            Err(ApiError::Validation(if every.is_empty() {
                first
            } else {
                every
            }))
        }
        other => other,
    }
}

type RawObject = BTreeMap<String, Box<RawValue>>;

/// Every problem of the document against `spec` (nothing when it is not an object: serde's
/// own message says that best).
fn diagnose(body: &[u8], spec: &[FieldSpec]) -> Vec<FieldProblem> {
    let mut problems = Vec::new();
    if let Ok(object) = serde_json::from_slice::<RawObject>(body) {
        check_object("", &object, spec, &mut problems);
    }
    problems
}

fn check_object(prefix: &str, object: &RawObject, spec: &[FieldSpec], out: &mut Vec<FieldProblem>) {
    for (name, raw) in object {
        let path = format!("{prefix}{name}");
        let Some(field) = spec.iter().find(|field| field.name == name) else {
            let allowed: Vec<String> = spec.iter().map(|f| format!("`{}`", f.name)).collect();
            let message = format!(
                "unknown field `{name}`, expected one of {}",
                allowed.join(", ")
            );
            out.push(FieldProblem {
                field: path,
                message,
            });
            continue;
        };
        if raw.get() == "null" && !field.required {
            continue;
        }
        let problem = match field.kind {
            Kind::Text => serde_json::from_str::<String>(raw.get()).err(),
            Kind::Amount => serde_json::from_str::<DecimalInput>(raw.get()).err(),
            Kind::LineItems => match serde_json::from_str::<Vec<Box<RawValue>>>(raw.get()) {
                Err(error) => Some(error),
                Ok(items) => {
                    for (index, item) in items.iter().enumerate() {
                        let item_path = format!("{path}[{index}]");
                        match serde_json::from_str::<RawObject>(item.get()) {
                            Ok(line) => {
                                check_object(&format!("{item_path}."), &line, LINE_ITEM, out)
                            }
                            Err(error) => out.push(FieldProblem {
                                field: item_path,
                                message: without_position(&error),
                            }),
                        }
                    }
                    None
                }
            },
        };
        if let Some(error) = problem {
            out.push(FieldProblem {
                field: path,
                message: without_position(&error),
            });
        }
    }
    for field in spec.iter().filter(|field| field.required) {
        if !object.contains_key(field.name) {
            out.push(FieldProblem {
                field: format!("{prefix}{}", field.name),
                message: format!("missing field `{}`", field.name),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;
    use utoipa::openapi::{RefOr, Schema};

    use super::*;
    use crate::wire::contracts::{ContractInput, GuideContractInput, LineItemInput};

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
    }

    #[test]
    fn every_problem_of_a_document_is_listed() {
        let body = br#"{"customer_name": 5, "start_date": "2026-01-01", "colour": "red",
            "line_items": [{"pob_type": "support", "stated_price": true}, {"name": "x"}, 7]}"#;
        let Err(ApiError::Validation(problems)) =
            parse_reporting_all::<ContractInput>(body, CONTRACT_INPUT)
        else {
            panic!("a validation error");
        };
        let lines: Vec<String> = problems
            .iter()
            .map(|problem| format!("{}: {}", problem.field, problem.message))
            .collect();
        assert_eq!(
            lines,
            [
                "colour: unknown field `colour`, expected one of `customer_name`, `total_value`, `start_date`, `end_date`, `currency`, `contract_number`, `customer_id`, `signed_date`, `status`, `recognition_convention`, `line_items`, `effective_date`, `treatment`",
                "customer_name: invalid type: integer `5`, expected a string",
                "line_items[0].stated_price: must be a number or a decimal string such as \"1250.00\"",
                "line_items[1].pob_type: missing field `pob_type`",
                "line_items[2]: invalid type: integer `7`, expected a map",
                "total_value: missing field `total_value`",
                "end_date: missing field `end_date`",
            ]
        );
    }
}
