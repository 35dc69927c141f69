//! An unknown query parameter is a 400 naming it, as an unknown body field is a 422: a
//! caller who sends `as_of=…` to a route that has no such parameter must not believe it got
//! figures as of that date. The parameters each operation takes come from the OpenAPI
//! document, so the check can never disagree with what the API publishes.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use crate::error::ApiError;
use crate::openapi::document_text;

/// (method, path template) → the query parameters the operation takes.
type Catalogue = HashMap<(String, String), HashSet<String>>;

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let document: serde_json::Value = serde_json::from_str(document_text()).unwrap_or_default();
        let mut catalogue = Catalogue::new();
        let Some(paths) = document["paths"].as_object() else {
            return catalogue;
        };
        for (path, operations) in paths {
            let Some(operations) = operations.as_object() else {
                continue;
            };
            for (method, operation) in operations {
                let names = operation["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|parameter| parameter["in"] == "query")
                    .filter_map(|parameter| parameter["name"].as_str().map(str::to_owned))
                    .collect();
                catalogue.insert((method.to_uppercase(), path.clone()), names);
            }
        }
        catalogue
    })
}

/// The first parameter of `query` that the operation does not take, if any.
fn unknown_parameter(method: &str, pattern: &str, query: &str) -> Option<(String, String)> {
    let known = catalogue().get(&(method.to_owned(), pattern.to_owned()))?;
    let pairs = web::Query::<Vec<(String, String)>>::from_query(query)
        .ok()?
        .into_inner();
    let unknown = pairs
        .into_iter()
        .map(|(name, _)| name)
        .find(|name| !known.contains(name))?;
    let mut expected: Vec<&str> = known.iter().map(String::as_str).collect();
    expected.sort_unstable();
    Some((unknown, expected.join(", ")))
}

/// Refuses a documented operation's request that carries a parameter the operation does
/// not take; everything else (undocumented pages, a query that is not a form) goes on.
pub async fn refuse_unknown_query_parameters(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !request.query_string().is_empty()
        && let Some(pattern) = request.match_pattern()
        && let Some((name, expected)) =
            unknown_parameter(request.method().as_str(), &pattern, request.query_string())
    {
        let message = if expected.is_empty() {
            "is not one this operation takes (it takes no query parameters)".to_owned()
        } else {
            format!("is not one this operation takes (it takes {expected})")
        };
        let refusal = ApiError::UnknownParameter { name, message };
        let (http_request, _) = request.into_parts();
        return Ok(ServiceResponse::new(http_request, refusal.error_response()));
    }
    Ok(next.call(request).await?.map_into_boxed_body())
}
