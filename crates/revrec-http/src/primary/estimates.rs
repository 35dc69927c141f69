//! `POST /v1/contracts/{id}/estimates`: a change in the estimate of a variable component
//! (docs/asc606.md §15).

use actix_web::http::StatusCode;
use revrec_usecases::Principal;
use revrec_usecases::record_estimate::record_estimate;

use crate::primary::events::version_of;
use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::write_context;
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::contracts::Contract;
use crate::wire::problems::Problems;
use crate::wire::recorded::EventRecorded;
use crate::wire::variable::{EstimateInput, to_estimate_change};

/// Re-estimate a variable component as of a day in an open month: a new version whose
/// transaction price moves by the change in `included_amount`, booked as a cumulative
/// catch-up on the inception basis in `as_of`'s month (ASC 606-10-32-42..44). Months before
/// it never move. A change of method is a 422 `ESTIMATE_METHOD_CHANGED`; an `as_of` in a
/// closed month a 409 `PERIOD_CLOSED`.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/estimates", tag = "primary",
    operation_id = "updateEstimate",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")
    ),
    request_body = EstimateInput,
    responses((status = 201, description = "The contract at its new version, and what the estimate changed", body = EventRecorded), StandardErrors),
    security(("bearer" = []))
)]
pub async fn estimate(
    state: &AppState,
    principal: &Principal,
    id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: EstimateInput = parse_json(body)?;
    let read = |currency| {
        let mut problems = Problems::default();
        to_estimate_change(&input, currency, &mut problems)
            .ok_or_else(|| ApiError::Validation(problems.list))
    };
    let view = record_estimate(&state.services, &principal.tenant_id, &context, id, read).await?;
    let body = EventRecorded {
        version: version_of(&view)?,
        contract: Contract::from_view(&view),
    };
    Ok(Reply::json(StatusCode::CREATED, &body))
}
