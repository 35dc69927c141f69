//! Every plain request's query is held to what its operation documents: the catalogue of
//! the whole OpenAPI document (`shell::query_catalogue` says why and how).

use std::sync::LazyLock;

use actix_web::dev::ServiceRequest;

use crate::openapi::api;
use crate::shell::error::ApiError;
use crate::shell::query_catalogue::QueryCatalogue;

/// Every documented operation, read once per process.
static DOCUMENTED: LazyLock<QueryCatalogue> = LazyLock::new(|| QueryCatalogue::of(api()));

/// The first parameter of `query` that the documented operation does not take, with the
/// sentence that says so, if any.
pub fn unknown_parameter(method: &str, path: &str, query: &str) -> Option<(String, String)> {
    DOCUMENTED.unknown_parameter(method, path, query)
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
    fn only_what_the_document_lists_is_known() {
        assert_eq!(
            unknown_parameter("GET", "/v1/waterfalls", "start_period=2026-01&currency=USD"),
            None
        );
        let (name, message) =
            unknown_parameter("GET", "/v1/waterfalls", "start_period=2026-01&as_at=x").unwrap();
        assert_eq!(name, "as_at");
        assert!(message.contains("start_period"), "{message}");
        // Undocumented pages are not judged.
        assert_eq!(unknown_parameter("GET", "/console/contracts", "x=1"), None);
    }
}
