//! Each operation of the document lists the problems it can really return, not every status
//! the service knows: a GET with no body cannot answer 413, a free route never 402, an
//! unauthenticated one never 401. The rules read what the document already says of the
//! operation (its security, parameters, body, `Idempotency-Key`) and the priced routes.
//! Schemathesis (`--checks all`, status-code conformance) holds the result to what the
//! running service answers.
//!
//! One exception, by contract (docs/errors.md, "Problems in the OpenAPI document"): every
//! operation of the primary surface but the payment routes declares 400, 401, 402, 403,
//! 404, 422, 429 and 500, so those eight stay there whatever the operation; the rules
//! decide the others (408, 409, 413, 415, 503) there, and every status elsewhere.

use std::collections::BTreeMap;

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::{OpenApi, RefOr};
use utoipa::{IntoResponses, Modify};

use crate::operations::priced_routes;
use crate::shell::docs::StandardErrors;

/// Query parameters whose values are checked beyond their syntax (a range too wide, a
/// month not ended, an `as_of` in the future, a currency to choose): 422 material.
const VALIDATED_QUERY: &[&str] = &[
    "as_of",
    "currency",
    "end_period",
    "period",
    "start_period",
    "through",
];

/// What every primary operation declares (docs/errors.md).
const SPEC_DECLARED: [u16; 8] = [400, 401, 402, 403, 404, 422, 429, 500];

/// What an operation is, as far as its possible refusals go.
struct Traits {
    /// Under the primary surface's declaration of eight problems (docs/errors.md).
    primary_contract: bool,
    authenticated: bool,
    priced: bool,
    names_a_resource: bool,
    has_body: bool,
    idempotent_write: bool,
    validated_query: bool,
}

impl Traits {
    fn of(method: &str, path: &str, operation: &Operation) -> Traits {
        let parameters = operation.parameters.as_deref().unwrap_or_default();
        let has = |place: ParameterIn, names: &[&str]| {
            parameters
                .iter()
                .any(|p| p.parameter_in == place && names.contains(&p.name.as_str()))
        };
        let route = format!("{method} {path}");
        Traits {
            primary_contract: path.starts_with("/v1/") && !path.starts_with("/v1/payments/"),
            authenticated: operation.security.as_ref().is_some_and(|requirements| {
                serde_json::to_value(requirements)
                    .is_ok_and(|value| value.to_string().contains("\"bearer\""))
            }),
            priced: priced_routes().contains(&route.as_str()),
            names_a_resource: path.contains('{') || has(ParameterIn::Query, &["contract_id"]),
            has_body: operation.request_body.is_some(),
            idempotent_write: has(ParameterIn::Header, &["Idempotency-Key"]),
            validated_query: has(ParameterIn::Query, VALIDATED_QUERY),
        }
    }

    /// Whether a problem with `status` can answer this operation.
    fn can_answer(&self, status: u16) -> bool {
        if self.primary_contract && SPEC_DECLARED.contains(&status) {
            return true;
        }
        match status {
            // Every operation refuses a query parameter it does not document; every one
            // can fail unexpectedly, and every one but liveness reads the database.
            400 | 500 | 503 => true,
            401 | 403 | 429 => self.authenticated,
            402 => self.priced,
            404 => self.names_a_resource,
            408 | 413 | 415 => self.has_body,
            // An idempotency key still in flight; every state conflict is a keyed write.
            409 => self.idempotent_write,
            422 => self.has_body || self.idempotent_write || self.validated_query,
            _ => false,
        }
    }
}

/// Drops from every operation the standard problems (`shell::docs::StandardErrors`) it
/// cannot return; other responses (2xx, 304, an operation's own problems) are kept.
pub struct OperationProblems;

impl Modify for OperationProblems {
    fn modify(&self, openapi: &mut OpenApi) {
        // A standard problem is known by its status and description.
        let standard: BTreeMap<String, String> = StandardErrors::responses()
            .into_iter()
            .filter_map(|(status, response)| match response {
                RefOr::T(response) => Some((status, response.description)),
                RefOr::Ref(_) => None,
            })
            .collect();
        for_each_operation(openapi, |method, path, operation| {
            let traits = Traits::of(method, path, operation);
            operation.responses.responses.retain(|status, response| {
                let is_standard = matches!(response, RefOr::T(response)
                    if standard.get(status) == Some(&response.description));
                match status.parse::<u16>() {
                    Ok(code) if is_standard => traits.can_answer(code),
                    _ => true,
                }
            });
        });
    }
}

/// Calls `visit` with each operation of the document, its method and its path.
fn for_each_operation(openapi: &mut OpenApi, mut visit: impl FnMut(&str, &str, &mut Operation)) {
    for (path, item) in openapi.paths.paths.iter_mut() {
        for (method, operation) in [
            ("GET", item.get.as_mut()),
            ("POST", item.post.as_mut()),
            ("PUT", item.put.as_mut()),
            ("DELETE", item.delete.as_mut()),
            ("PATCH", item.patch.as_mut()),
        ] {
            if let Some(operation) = operation {
                visit(method, path, operation);
            }
        }
    }
}

/// Operation summaries are plain text in every viewer (Swagger UI shows a backtick as a
/// backtick); the Markdown stays in the descriptions, which viewers render.
pub struct PlainSummaries;

impl Modify for PlainSummaries {
    fn modify(&self, openapi: &mut OpenApi) {
        for_each_operation(openapi, |_, _, operation| {
            if let Some(summary) = operation.summary.as_mut() {
                summary.retain(|character| character != '`');
            }
        });
    }
}
