//! `POST /v1/periods/close`, `POST /v1/periods/reopen`, `GET /v1/periods`: the books'
//! closed months (docs/ledger.md, Month end).

use actix_web::http::StatusCode;
use revrec_domain::{Period, PostingControl, text};
use revrec_usecases::periods::{close_periods, list_periods_charged, reopen_periods};
use revrec_usecases::posting_control::{posting_control, set_posting_control};
use revrec_usecases::{Principal, UseCaseError};

use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::as_of;
use crate::shell::problem::FieldProblem;
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::periods::{
    CloseInput, Periods, PostingControlInput, PostingControlSetting, ReopenInput,
};
use crate::wire::problems::Problems;

/// Close every open month through `through`: from then on, everything reported for those
/// months stays as it is now, to the byte, and later changes land in the first open month
/// as corrections. Closing what is closed is a 200 that changes nothing. Needs the
/// `close:periods` scope.
#[utoipa::path(
    post, path = "/v1/periods/close", tag = "primary", operation_id = "closePeriods",
    params(
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")
    ),
    request_body = CloseInput,
    responses(
        (status = 200, description = "The books with the months closed", body = Periods),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn close(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let input: CloseInput = parse_json(body)?;
    let through = month("through", input.through.as_deref())?;
    let view = close_periods(
        &state.services,
        &principal.tenant_id,
        &principal.credential.quota_name(),
        through,
    )
    .await?;
    Ok(Reply::json(StatusCode::OK, &Periods::of(&view)))
}

/// Reopen `from` and every later closed month, for `reason` (kept in the history): they
/// report the restated figures again, and the differences of the months still closed land
/// in `from`. Needs the `close:periods` scope.
#[utoipa::path(
    post, path = "/v1/periods/reopen", tag = "primary", operation_id = "reopenPeriods",
    params(
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")
    ),
    request_body = ReopenInput,
    responses(
        (status = 200, description = "The books with the months reopened", body = Periods),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn reopen(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let input: ReopenInput = parse_json(body)?;
    let reason = input.reason.as_deref().map(str::trim).unwrap_or_default();
    let mut problems = Problems::default();
    if reason.is_empty() {
        problems.push(
            "reason",
            "is required: why the months are reopened, for the history",
        );
    } else {
        problems.text("reason", reason, text::REOPEN_REASON);
    }
    problems.check()?;
    let from = month("from", input.from.as_deref())?;
    let view = reopen_periods(
        &state.services,
        &principal.tenant_id,
        &principal.credential.quota_name(),
        from,
        reason,
    )
    .await?;
    Ok(Reply::json(StatusCode::OK, &Periods::of(&view)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodListParams {
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// The closed months, who closed each and when with the digest of its figures, and every
/// close and reopen; with `as_of`, the books as they stood at that instant. Needs the
/// `read:waterfalls` scope.
#[utoipa::path(
    get, path = "/v1/periods", tag = "primary", operation_id = "listPeriods",
    params(PeriodListParams),
    responses(
        (status = 200, description = "The books", body = Periods),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn list(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: PeriodListParams = parse_query(query_string)?;
    let as_of = as_of(&state.services, params.as_of.as_deref())?;
    let view = list_periods_charged(&state.services, &principal.tenant_id, as_of).await?;
    Ok(Reply::json(StatusCode::OK, &Periods::of(&view)))
}

/// A month of the body: required, and `YYYY-MM` (a 400 `INVALID_PERIOD_FORMAT` otherwise).
fn month(field: &str, text: Option<&str>) -> Result<Period, ApiError> {
    let text = text.ok_or_else(|| {
        ApiError::Validation(vec![FieldProblem {
            field: field.to_owned(),
            message: "is required: a month, YYYY-MM".to_owned(),
        }])
    })?;
    Period::parse(text).map_err(|error| ApiError::UseCase(UseCaseError::Period(error)))
}

/// The sequence of the latest close or reopen an answer's history shows (0 for none): what
/// tells a kept answer from the books as they stand (`Replay::WhileBooksStand`).
pub fn latest_in_answer(content: &str) -> Option<i64> {
    let answer: serde_json::Value = serde_json::from_str(content).ok()?;
    match answer.get("history")?.as_array()?.last() {
        Some(event) => event.get("sequence")?.as_i64(),
        None => Some(0),
    }
}

/// The tenant's posting control: whether a write effective in a closed month is taken as
/// it comes (`allowed`, booked as a correction in the first open month) or only when it
/// says `correction=true` (`corrections_only`). Needs the `read:waterfalls` scope.
#[utoipa::path(
    get, path = "/v1/periods/posting-control", tag = "primary", operation_id = "getPostingControl",
    responses((status = 200, description = "The posting control in force", body = PostingControlSetting), StandardErrors),
    security(("bearer" = []))
)]
pub async fn get_posting_control(
    state: &AppState,
    principal: &Principal,
) -> Result<Reply, ApiError> {
    let record = posting_control(&state.services, &principal.tenant_id).await?;
    Ok(Reply::json(
        StatusCode::OK,
        &PostingControlSetting::of(record.as_ref()),
    ))
}

/// Set the tenant's posting control (docs/ledger.md, "Posting control"): `corrections_only`
/// refuses a write effective in a closed month unless it says `correction=true`, for teams
/// whose policy forbids silent back-dating. Each change is kept with who made it. Needs
/// the `close:periods` scope.
#[utoipa::path(
    put, path = "/v1/periods/posting-control", tag = "primary", operation_id = "putPostingControl",
    params(
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")
    ),
    request_body = PostingControlInput,
    responses((status = 200, description = "The posting control now in force", body = PostingControlSetting), StandardErrors),
    security(("bearer" = []))
)]
pub async fn put_posting_control(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let input: PostingControlInput = parse_json(body)?;
    let control = input
        .closed_month_writes
        .as_deref()
        .map(|text| (text, PostingControl::parse(text)));
    let control = match control {
        Some((_, Some(control))) => control,
        Some((text, None)) => {
            return Err(ApiError::Validation(vec![FieldProblem {
                field: "closed_month_writes".to_owned(),
                message: format!("must be `allowed` or `corrections_only` (got `{text}`)"),
            }]));
        }
        None => {
            return Err(ApiError::Validation(vec![FieldProblem {
                field: "closed_month_writes".to_owned(),
                message: "is required: `allowed` or `corrections_only`".to_owned(),
            }]));
        }
    };
    let record = set_posting_control(
        &state.services,
        &principal.tenant_id,
        &principal.credential.quota_name(),
        control,
    )
    .await?;
    Ok(Reply::json(
        StatusCode::OK,
        &PostingControlSetting::of(Some(&record)),
    ))
}
