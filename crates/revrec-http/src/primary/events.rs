//! `/v1/contracts/{id}/obligations/{pob_id}/…`: events that satisfy an obligation
//! (docs/asc606.md §11), and `/v1/contracts/{id}/versions`: what each version changed.

use actix_web::http::StatusCode;
use revrec_usecases::get_contract::version_history;
use revrec_usecases::record_event::{ObligationEvent, record_event};
use revrec_usecases::{ContractView, Principal, UseCaseError};

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::contracts::Contract;
use crate::wire::events::{
    ContractVersion, ContractVersionList, FulfillmentInput, ProgressInput, percent,
};
use crate::wire::problems::Problems;
use crate::wire::recorded::EventRecorded;

/// Deliver a point-in-time obligation sent with `"delivery_date": null`: its whole
/// allocation becomes revenue of `date`'s month, as a new contract version. A second
/// fulfillment is a 409; a share below 100 % is a 422 (use the `progress` pattern).
#[utoipa::path(
    post, path = "/v1/contracts/{id}/obligations/{pob_id}/fulfillments", tag = "primary",
    operation_id = "fulfillObligation",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("pob_id" = String, Path, description = "Performance obligation id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = FulfillmentInput,
    responses((status = 201, description = "The contract at its new version, and what the fulfillment recognized", body = EventRecorded), StandardErrors),
    security(("bearer" = []))
)]
pub async fn fulfill(
    state: &AppState,
    principal: &Principal,
    id: &str,
    pob_id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let input: FulfillmentInput = parse_json(body)?;
    let mut problems = Problems::default();
    let date = problems.date("date", &input.date);
    let share = input
        .percent_complete
        .as_ref()
        .map(|text| percent(&mut problems, "percent_complete", text));
    let (Some(date), true) = (date, problems.list.is_empty()) else {
        return Err(ApiError::Validation(problems.list));
    };
    let event = ObligationEvent::Fulfillment {
        date,
        share: share.flatten(),
    };
    recorded(state, (principal, query), id, pob_id, event).await
}

/// Report cumulative progress on a `"recognition": "progress"` obligation: revenue through
/// `as_of` becomes `round(allocated × percent_complete / 100)`, and `as_of`'s month carries
/// the difference (negative when an estimate falls), as a new contract version.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/obligations/{pob_id}/progress", tag = "primary",
    operation_id = "reportProgress",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("pob_id" = String, Path, description = "Performance obligation id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = ProgressInput,
    responses((status = 201, description = "The contract at its new version, and what the report recognized", body = EventRecorded), StandardErrors),
    security(("bearer" = []))
)]
pub async fn progress(
    state: &AppState,
    principal: &Principal,
    id: &str,
    pob_id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let input: ProgressInput = parse_json(body)?;
    let mut problems = Problems::default();
    let as_of = problems.date("as_of", &input.as_of);
    let percent = percent(&mut problems, "percent_complete", &input.percent_complete);
    let (Some(as_of), Some(percent)) = (as_of, percent) else {
        return Err(ApiError::Validation(problems.list));
    };
    recorded(
        state,
        (principal, query),
        id,
        pob_id,
        ObligationEvent::Progress { as_of, percent },
    )
    .await
}

async fn recorded(
    state: &AppState,
    (principal, query): (&Principal, &str),
    id: &str,
    pob_id: &str,
    event: ObligationEvent,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let view = record_event(
        &state.services,
        &principal.tenant_id,
        &context,
        id,
        pob_id,
        event,
    )
    .await?;
    let version = version_of(&view)?;
    let body = EventRecorded {
        contract: Contract::from_view(&view),
        version,
    };
    Ok(Reply::json(StatusCode::CREATED, &body))
}

/// `view`'s version entry, as `/versions` lists it (a version without a plan is corrupt).
pub fn version_of(view: &ContractView) -> Result<ContractVersion, ApiError> {
    ContractVersion::of(&view.version, &view.history, view.record.currency).ok_or_else(|| {
        ApiError::UseCase(UseCaseError::Corrupt(
            "a recorded version has no plan".into(),
        ))
    })
}

/// Every version of a contract, first to current, with what each changed: the treatment,
/// the catch-up booked in its effective month, the re-allocation of a prospective change,
/// what an event recognized.
#[utoipa::path(
    get, path = "/v1/contracts/{id}/versions", tag = "primary", operation_id = "listContractVersions",
    params(("id" = String, Path, description = "Contract id")),
    responses((status = 200, description = "The contract's versions", body = ContractVersionList), StandardErrors),
    security(("bearer" = []))
)]
pub async fn versions(
    state: &AppState,
    principal: &Principal,
    id: &str,
) -> Result<Reply, ApiError> {
    let found = version_history(&state.services, &principal.tenant_id, id).await?;
    let currency = found.record.currency;
    let data = found
        .versions
        .iter()
        .map(|version| ContractVersion::of(version, &found.history, currency))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            ApiError::UseCase(UseCaseError::Corrupt("a stored version has no plan".into()))
        })?;
    Ok(Reply::json(
        StatusCode::OK,
        &ContractVersionList {
            contract_id: found.record.id,
            currency: currency.code().to_owned(),
            data,
        },
    ))
}
