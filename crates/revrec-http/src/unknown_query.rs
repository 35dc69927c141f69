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

/// The refusal of a request whose URL holds a control character (a `%00` in a path
/// segment or a query parameter: no id, month or search is one, and a database would choke
/// on it), or of a documented operation's request that carries a parameter the operation
/// does not take; `None` for everything else (undocumented pages go on as they are).
pub fn refusal(request: &ServiceRequest) -> Option<ApiError> {
    let path = request.path();
    if percent_encoding::percent_decode_str(path)
        .decode_utf8_lossy()
        .chars()
        .any(char::is_control)
    {
        return Some(ApiError::RouteNotFound {
            path: path.to_owned(),
        });
    }
    let query = request.query_string();
    if let Some((name, _)) = form_urlencoded::parse(query.as_bytes())
        .find(|(name, value)| name.chars().chain(value.chars()).any(char::is_control))
    {
        return Some(ApiError::UnknownParameter {
            name: name.into_owned(),
            message: "must not contain control characters (NUL, line breaks, …)".to_owned(),
        });
    }
    let (name, message) = unknown_parameter(request.method().as_str(), path, query)?;
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
        // A path with an id is matched against the templates: `getContract` takes
        // `version`, not `limit`.
        assert_eq!(
            unknown_parameter("GET", "/v1/contracts/ctr_1", "version=1"),
            None
        );
        let (name, _) = unknown_parameter("GET", "/v1/contracts/ctr_1", "limit=1").unwrap();
        assert_eq!(name, "limit");
        // A path without one is found as it is: the contract list takes `limit`, not
        // `version`.
        assert_eq!(unknown_parameter("GET", "/v1/contracts", "limit=1"), None);
        let (name, _) = unknown_parameter("GET", "/v1/contracts", "version=1").unwrap();
        assert_eq!(name, "version");
        // Undocumented pages are not judged.
        assert_eq!(unknown_parameter("GET", "/console/contracts", "x=1"), None);
    }

    #[test]
    fn a_control_character_in_the_url_is_refused_before_anything_runs() {
        let refused = |uri: &str| {
            refusal(
                &actix_web::test::TestRequest::get()
                    .uri(uri)
                    .to_srv_request(),
            )
            .map(|error| error.problem().code)
        };
        use crate::shell::problem::ErrorCode;
        assert_eq!(refused("/v1/contracts/%00"), Some(ErrorCode::RouteNotFound));
        assert_eq!(refused("/v1/jobs/a%0Ab"), Some(ErrorCode::RouteNotFound));
        assert_eq!(
            refused("/v1/contracts?query=%00"),
            Some(ErrorCode::InvalidParameter)
        );
        assert_eq!(
            refused("/v1/contracts?customer_id=a%00b"),
            Some(ErrorCode::InvalidParameter)
        );
        assert_eq!(refused("/v1/contracts?query=acme%20corp"), None);
    }
}
