//! The guide surface, under `/api/v1` (docs/asc606.md §2 and §6, docs/ledger.md): contract
//! ingest in the guide payload, the yearly waterfall, and the ledger (journal entries,
//! trial balance, chart of accounts). The same use cases, authentication, errors and
//! `Idempotency-Key` as the primary surface; only the wire shapes differ.

pub mod accounting;
pub mod contracts;
pub mod reports;

use actix_web::web;

use crate::shell::routing::resource;

pub fn configure(config: &mut web::ServiceConfig) {
    config.service(
        web::scope("/api/v1")
            .service(
                resource("/contracts/ingest", "POST")
                    .route(web::post().to(contracts::ingest_contract_route)),
            )
            .service(
                resource("/reports/waterfall", "GET")
                    .route(web::get().to(reports::waterfall_route)),
            )
            .service(
                resource("/accounting/journal-entries", "GET")
                    .route(web::get().to(accounting::journal_entries_route)),
            )
            .service(
                resource("/accounting/trial-balance", "GET")
                    .route(web::get().to(accounting::trial_balance_route)),
            )
            .service(
                resource("/accounting/chart-of-accounts", "GET, PUT")
                    .route(web::get().to(accounting::get_chart_route))
                    .route(web::put().to(accounting::put_chart_route)),
            ),
    );
}
