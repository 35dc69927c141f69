//! Route tables' shared pieces: a resource whose other methods answer 405 with `Allow`.

use actix_web::web;

use crate::shell::error::ApiError;

/// A resource whose other methods answer 405 with `Allow: <allowed>`.
pub fn resource(path: &str, allowed: &'static str) -> actix_web::Resource {
    web::resource(path).default_service(web::to(move |request: actix_web::HttpRequest| {
        not_allowed(request, allowed)
    }))
}

/// 405 with `Allow` (HEAD and OPTIONS get the same answer: the API serves neither).
pub async fn not_allowed(
    request: actix_web::HttpRequest,
    allowed: &'static str,
) -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::MethodNotAllowed {
        method: request.method().to_string(),
        allowed: allowed.to_owned(),
    })
}
