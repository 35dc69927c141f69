//! `GET /v1/contracts/{id}/explain`: every cent of one contract's month traced
//! (docs/asc606.md §14).

use actix_web::http::StatusCode;
use revrec_usecases::Principal;
use revrec_usecases::explain_contract::explain_contract;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::docs::{IF_NONE_MATCH_DOC, NotModified, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{as_of, required_month};
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::explain::ExplainResponse;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExplainParams {
    /// The month, `YYYY-MM`.
    #[param(
        required = true,
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$",
        example = "2026-04"
    )]
    period: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// Every cent of a contract's month, obligation by obligation: the allocation of the
/// transaction price (relative SSP, largest remainder), the versions and the terms in
/// force, the convention's formula with its numbers, the correction of each closed month
/// (restated, reported, difference) and the journal lines. Each obligation's
/// `recognized_amount` is its cell of the by-obligation waterfall; every step has a `text`
/// that says it in one sentence.
#[utoipa::path(
    get, path = "/v1/contracts/{id}/explain", tag = "primary", operation_id = "explainContractMonth",
    params(("id" = String, Path, description = "Contract id"), ExplainParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The month explained", body = ExplainResponse, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn explain(
    state: &AppState,
    principal: &Principal,
    id: &str,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: ExplainParams = parse_query(query_string)?;
    let period = required_month(params.period)?;
    let as_of = as_of(&state.services, params.as_of.as_deref())?;
    let explained =
        explain_contract(&state.services, &principal.tenant_id, id, period, as_of).await?;
    Ok(Reply::json(
        StatusCode::OK,
        &ExplainResponse::new(&explained),
    ))
}
