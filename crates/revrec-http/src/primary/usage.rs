//! `/v1/contracts/{id}/obligations/{pob_id}/usage`: usage records of a usage line, and the
//! month they rate (docs/asc606.md §15).

use actix_web::http::StatusCode;
use revrec_usecases::Principal;
use revrec_usecases::record_usage::{UsageOutcome, record_usage, usage_month};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, IF_NONE_MATCH_DOC, NotModified, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, required_month, write_context};
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::problems::Problems;
use crate::wire::usage::{
    UsageMonthList, UsageMonthOut, UsageRecordInput, UsageRecordOut, UsageRecorded,
};

/// Record one usage record on a `usage` line: its month's revenue becomes the month's
/// units rated by the line's `usage_pricing` (or the sum of the records' own `amount`s).
/// A `record_id` the obligation already has is a replay with the same body (200, nothing
/// changes) and a restatement with another (201, its next revision; it keeps its month).
/// A record of a closed month leaves that month as it was closed: the books carry the
/// difference in the first open month.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/obligations/{pob_id}/usage", tag = "primary",
    operation_id = "recordUsage",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("pob_id" = String, Path, description = "A usage line's performance obligation id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = UsageRecordInput,
    responses(
        (status = 201, description = "Recorded or restated, with its month as it now stands", body = UsageRecorded),
        (status = 200, description = "A replay: the record as it was, nothing changed", body = UsageRecorded),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn record(
    state: &AppState,
    principal: &Principal,
    (id, pob_id): (&str, &str),
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: UsageRecordInput = parse_json(body)?;
    let read = |currency| {
        let mut problems = Problems::default();
        input
            .to_input(pob_id, currency, "", &mut problems)
            .map(|input| vec![input])
            .ok_or(ApiError::Validation(problems.list))
    };
    let answers = record_usage(&state.services, &principal.tenant_id, &context, id, read).await?;
    let Some(answer) = answers.into_iter().next() else {
        return Err(ApiError::from(revrec_usecases::UseCaseError::Corrupt(
            "a usage record went unanswered".into(),
        )));
    };
    let receipt = answer?;
    let status = match receipt.outcome {
        UsageOutcome::Replayed => StatusCode::OK,
        UsageOutcome::Recorded | UsageOutcome::Restated => StatusCode::CREATED,
    };
    Ok(Reply::json(status, &UsageRecorded::of(&receipt)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UsageMonthParams {
    /// The month, `YYYY-MM`.
    #[param(
        required = true,
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$",
        example = "2026-03"
    )]
    period: Option<String>,
}

/// A usage line's month: its units, the amounts its records carried, the revenue they
/// rate, and every record (the latest revision of each, by day then id).
#[utoipa::path(
    get, path = "/v1/contracts/{id}/obligations/{pob_id}/usage", tag = "primary",
    operation_id = "listUsage",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("pob_id" = String, Path, description = "A usage line's performance obligation id"),
        UsageMonthParams,
        ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)
    ),
    responses((status = 200, description = "The month and its records", body = UsageMonthList, headers(("ETag" = String, description = "Strong validator: a digest of the exact body"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn month(
    state: &AppState,
    principal: &Principal,
    (id, pob_id): (&str, &str),
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: UsageMonthParams = parse_query(query_string)?;
    let period = required_month(params.period)?;
    let view = usage_month(&state.services, &principal.tenant_id, id, pob_id, period).await?;
    let currency = view.month.currency;
    Ok(Reply::json(
        StatusCode::OK,
        &UsageMonthList {
            month: UsageMonthOut::of(&view.month),
            records: view
                .records
                .iter()
                .map(|record| UsageRecordOut::of(record, currency))
                .collect(),
        },
    ))
}
