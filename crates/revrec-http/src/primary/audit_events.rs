//! `GET /v1/audit-events`: who did what to the books (docs/ledger.md, "Who did what").

use actix_web::http::StatusCode;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use revrec_domain::Period;
use revrec_usecases::Principal;
use revrec_usecases::audit_trail::{AuditFilter, DEFAULT_LIMIT, MAX_LIMIT, audit_events};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::docs::StandardErrors;
use crate::shell::error::ApiError;
use crate::shell::parameters::page_limit;
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::audit::AuditEvents;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only facts recorded in this month (`YYYY-MM`, UTC).
    #[param(pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$", example = "2026-04")]
    period: Option<String>,
    /// Only the facts of this contract.
    contract_id: Option<String>,
    /// Facts per page (default 100, at most 1,000).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    limit: Option<String>,
    /// `next_cursor` of the previous page.
    cursor: Option<String>,
}

/// Every fact of the tenant's books with who recorded it and when, oldest first: contract
/// versions (created, modified, terminated, fulfillments, progress, restatements),
/// invoices, payments, closes and reopens, chart versions, posting control changes and
/// jobs. Filter by the month a fact was recorded in or by contract; follow `next_cursor`.
/// Needs the `read:ledger` scope.
#[utoipa::path(
    get, path = "/v1/audit-events", tag = "primary", operation_id = "listAuditEvents",
    params(AuditParams),
    responses((status = 200, description = "A page of the audit trail", body = AuditEvents), StandardErrors),
    security(("bearer" = []))
)]
pub async fn list(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: AuditParams = parse_query(query_string)?;
    let period = match params.period.as_deref() {
        Some(text) => Some(
            Period::parse(text)
                .map_err(|error| ApiError::period_parameter("period", text, "YYYY-MM", &error))?,
        ),
        None => None,
    };
    let limit = page_limit(params.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT)?;
    let filter = AuditFilter {
        period,
        contract_id: params.contract_id,
        after: params.cursor.as_deref().map(decode_cursor).transpose()?,
        limit,
    };
    let page = audit_events(&state.services, &principal.tenant_id, filter).await?;
    let next = page.next.as_ref().map(encode_cursor);
    Ok(Reply::json(StatusCode::OK, &AuditEvents::of(&page, next)))
}

fn encode_cursor((at, source, contract, reference): &(i64, i32, String, String)) -> String {
    URL_SAFE_NO_PAD.encode(format!("ae:{at}:{source}:{contract}:{reference}"))
}

fn decode_cursor(text: &str) -> Result<(i64, i32, String, String), ApiError> {
    let invalid = || ApiError::InvalidParameter {
        name: "cursor",
        message: "is not a cursor this API issued".into(),
    };
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| invalid())?;
    let decoded = String::from_utf8(bytes).map_err(|_| invalid())?;
    let rest = decoded.strip_prefix("ae:").ok_or_else(invalid)?;
    let mut parts = rest.splitn(4, ':');
    let at = parts
        .next()
        .and_then(|at| at.parse().ok())
        .ok_or_else(invalid)?;
    let source = parts
        .next()
        .and_then(|source| source.parse().ok())
        .ok_or_else(invalid)?;
    let contract = parts.next().ok_or_else(invalid)?.to_owned();
    let reference = parts.next().ok_or_else(invalid)?.to_owned();
    Ok((at, source, contract, reference))
}
