//! The primary surface, rooted at `/v1` (api-spec §4.1–§4.4 and the contract extensions of
//! decisions.md §2).

pub mod contracts;
pub mod reports;

use actix_web::web;

use crate::error::ApiError;

pub fn configure(config: &mut web::ServiceConfig) {
    config.service(
        web::scope("/v1")
            .service(
                resource("/contracts", "GET, POST")
                    .route(web::get().to(contracts::list_contracts_route))
                    .route(web::post().to(contracts::ingest_contract_route)),
            )
            .service(
                resource("/contracts/{id}", "GET, PUT")
                    .route(web::get().to(contracts::get_contract_route))
                    .route(web::put().to(contracts::update_contract_route)),
            )
            .service(
                resource("/contracts/{id}/activate", "POST")
                    .route(web::post().to(contracts::activate_contract_route)),
            )
            .service(
                resource("/contracts/{id}/terminate", "POST")
                    .route(web::post().to(contracts::terminate_contract_route)),
            )
            .service(resource("/waterfalls", "GET").route(web::get().to(reports::waterfall_route)))
            .service(
                resource("/disclosures/note6", "GET").route(web::get().to(reports::note6_route)),
            ),
    );
}

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
        allowed,
    })
}
