//! The primary surface, rooted at `/v1` (api-spec §4.1–§4.4 and the contract extensions of
//! decisions.md §2).

pub mod batch;
pub mod contracts;
pub mod events;
pub mod explain;
pub mod invoices;
pub mod jobs;
pub mod operations;
pub mod payments_received;
pub mod periods;
pub mod reports;

use actix_web::web;

use crate::shell::routing::resource;

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
            .service(
                resource("/contracts/{id}/invoices", "POST")
                    .route(web::post().to(invoices::record_invoice_route)),
            )
            .service(
                resource("/contracts/{id}/payments", "POST")
                    .route(web::post().to(payments_received::record_payment_route)),
            )
            .service(
                resource("/contracts/{id}/explain", "GET")
                    .route(web::get().to(explain::explain_route)),
            )
            .service(
                resource("/contracts/{id}/versions", "GET")
                    .route(web::get().to(events::versions_route)),
            )
            .service(
                resource("/contracts/{id}/obligations/{pob_id}/fulfillments", "POST")
                    .route(web::post().to(events::fulfill_route)),
            )
            .service(
                resource("/contracts/{id}/obligations/{pob_id}/progress", "POST")
                    .route(web::post().to(events::progress_route)),
            )
            .service(resource("/waterfalls", "GET").route(web::get().to(reports::waterfall_route)))
            .service(
                resource("/disclosures/note6", "GET").route(web::get().to(reports::note6_route)),
            )
            .service(resource("/periods", "GET").route(web::get().to(periods::list_periods_route)))
            .service(
                resource("/periods/close", "POST")
                    .route(web::post().to(periods::close_periods_route)),
            )
            .service(
                resource("/periods/reopen", "POST")
                    .route(web::post().to(periods::reopen_periods_route)),
            )
            .service(resource("/batch", "POST").route(web::post().to(batch::batch_route)))
            .service(
                resource("/jobs/recalculate-waterfall", "POST")
                    .route(web::post().to(jobs::create_job_route)),
            )
            .service(resource("/jobs/{job_id}", "GET").route(web::get().to(jobs::get_job_route))),
    );
}
