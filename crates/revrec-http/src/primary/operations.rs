//! The primary operations a batch (and an MCP tool) can run, as the OpenAPI document
//! describes them: the document gathers them with the batch route and the other rooms, and
//! a batch holds each operation's query to what is written here.

use utoipa::OpenApi;

use crate::primary::{
    contracts, events, explain, invoices, jobs, payments_received, periods, reports,
};

#[derive(OpenApi)]
#[openapi(paths(
    contracts::list_contracts_route,
    contracts::ingest_contract_route,
    contracts::get_contract_route,
    contracts::update_contract_route,
    contracts::activate_contract_route,
    contracts::terminate_contract_route,
    events::versions_route,
    explain::explain_route,
    events::fulfill_route,
    events::progress_route,
    invoices::record_invoice_route,
    payments_received::record_payment_route,
    reports::waterfall_route,
    reports::note6_route,
    jobs::create_job_route,
    jobs::get_job_route,
    periods::list_periods_route,
    periods::close_periods_route,
    periods::reopen_periods_route,
))]
pub struct BatchableOperations;
