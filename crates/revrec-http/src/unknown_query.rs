//! An unknown query parameter is a 400 naming it, as an unknown body field is a 422: a
//! caller who sends `as_of=…` to a route that has no such parameter must not believe it got
//! figures as of that date. The parameters each operation takes come from the OpenAPI
//! document, so the check can never disagree with what the API publishes.

use std::sync::OnceLock;

use actix_web::dev::ServiceRequest;
use actix_web::web;

use crate::openapi::document_text;
use crate::shell::error::ApiError;

/// One documented operation: its path template split at `/` (a `{…}` segment matches any
/// one segment), its method, and the query parameters it takes.
struct Operation {
    segments: Vec<String>,
    method: String,
    /// A handful at most: a scan beats hashing.
    parameters: Vec<String>,
}

/// Every documented operation. Matching a path against these few dozen templates segment by
/// segment costs well under a microsecond, less than asking the router again.
type Catalogue = Vec<Operation>;

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
                catalogue.push(Operation {
                    segments: path.split('/').map(str::to_owned).collect(),
                    method: method.to_uppercase(),
                    parameters: names,
                });
            }
        }
        catalogue
    })
}

/// The names of a query's parameters, decoded only when they need it.
fn parameter_names(query: &str) -> Vec<std::borrow::Cow<'_, str>> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            if name.contains(['%', '+']) {
                let decoded = web::Query::<Vec<(String, String)>>::from_query(name)
                    .ok()
                    .and_then(|pairs| pairs.into_inner().into_iter().next())
                    .map_or_else(|| name.to_owned(), |(decoded, _)| decoded);
                std::borrow::Cow::Owned(decoded)
            } else {
                std::borrow::Cow::Borrowed(name)
            }
        })
        .collect()
}

/// The query parameters of the documented operation `method` and `path` name (a concrete
/// path or a template), if it is one.
fn parameters_of(method: &str, path: &str) -> Option<&'static [String]> {
    let count = path.split('/').count();
    // A literal segment beats a template's (`/v1/jobs/recalculate-waterfall` is not a job
    // id): of the templates that match, the one with the fewest `{…}` segments.
    catalogue()
        .iter()
        .filter(|operation| {
            operation.method == method
                && operation.segments.len() == count
                && path
                    .split('/')
                    .zip(&operation.segments)
                    .all(|(given, template)| given == template || template.starts_with('{'))
        })
        .min_by_key(|operation| {
            operation
                .segments
                .iter()
                .filter(|segment| segment.starts_with('{'))
                .count()
        })
        .map(|operation| operation.parameters.as_slice())
}

/// The first parameter of `query` that the operation does not take, with the sentence
/// that says so, if any (a batch operation's query is held to the same).
pub fn unknown_parameter(method: &str, path: &str, query: &str) -> Option<(String, String)> {
    if query.is_empty() {
        return None;
    }
    let known = parameters_of(method, path)?;
    let unknown = parameter_names(query)
        .into_iter()
        .find(|name| !known.iter().any(|known| known == name.as_ref()))?
        .into_owned();
    let mut expected: Vec<&str> = known.iter().map(String::as_str).collect();
    expected.sort_unstable();
    let message = if expected.is_empty() {
        "is not one this operation takes (it takes no query parameters)".to_owned()
    } else {
        format!(
            "is not one this operation takes (it takes {})",
            expected.join(", ")
        )
    };
    Some((unknown, message))
}

/// The refusal of a documented operation's request that carries a parameter the operation
/// does not take; `None` for everything else (undocumented pages go on as they are).
pub fn refusal(request: &ServiceRequest) -> Option<ApiError> {
    let (name, message) = unknown_parameter(
        request.method().as_str(),
        request.path(),
        request.query_string(),
    )?;
    Some(ApiError::UnknownParameter { name, message })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_plain_or_decoded() {
        let names = parameter_names("start_period=2026-01&as%5Fof=x&&flag&a+b=1");
        let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
        assert_eq!(names, ["start_period", "as_of", "flag", "a b"]);
    }

    #[test]
    fn only_what_the_document_lists_is_known() {
        assert_eq!(
            unknown_parameter("GET", "/v1/waterfalls", "start_period=2026-01&currency=USD"),
            None
        );
        let (name, message) =
            unknown_parameter("GET", "/v1/waterfalls", "start_period=2026-01&as_of=x").unwrap();
        assert_eq!(name, "as_of");
        assert!(message.contains("start_period"), "{message}");
        // Undocumented pages are not judged.
        assert_eq!(unknown_parameter("GET", "/console/contracts", "x=1"), None);
    }
}
