//! `/v1/contracts/{id}/payments`: cash received against a contract, recorded and listed
//! (docs/ledger.md, Cash received).

use actix_web::http::StatusCode;
use revrec_usecases::Principal;
use revrec_usecases::list_payments::list_payments;
use revrec_usecases::record_payment::{PaymentOutcome, record_payment};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, IF_NONE_MATCH_DOC, NotModified, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::as_of;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::contracts::Contract;
use crate::wire::payments_received::{
    PaymentInput, PaymentList, PaymentOut, PaymentRecorded, to_payment,
};
use crate::wire::problems::Problems;

/// Record cash received against an active (or terminated) contract. The journal books it
/// Dr Cash Clearing, Cr Accounts Receivable up to the contract's receivable and Cr Customer
/// Credit beyond it; Note 6's receivables are invoices less payments, never below zero per
/// contract. A `reference` sent again with the same date and amount is a replay (200,
/// nothing new); with other figures, a 409. Dated in a closed month, it is booked as a
/// correction in the first open month.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/payments", tag = "primary", operation_id = "recordPayment",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = PaymentInput,
    responses(
        (status = 201, description = "The payment, and the contract that received it", body = PaymentRecorded),
        (status = 200, description = "A payment with this reference and these figures was recorded before: it, and the contract as it stands", body = PaymentRecorded),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn payment(
    state: &AppState,
    principal: &Principal,
    id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: PaymentInput = parse_json(body)?;
    let read = |currency| {
        let mut problems = Problems::default();
        match to_payment(&input, currency, &mut problems) {
            Some(payment) if problems.list.is_empty() => Ok(payment),
            _ => Err(ApiError::Validation(problems.list)),
        }
    };
    let (status, view, record) =
        match record_payment(&state.services, &principal.tenant_id, &context, id, read).await? {
            PaymentOutcome::Recorded(view, record) => (StatusCode::CREATED, view, record),
            PaymentOutcome::Replayed(view, record) => (StatusCode::OK, view, record),
        };
    let currency = view.record.currency;
    let body = PaymentRecorded {
        payment: PaymentOut::of(&record.payment(), currency),
        contract: Contract::from_view(&view),
    };
    Ok(Reply::json(status, &body))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PaymentListParams {
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// The cash a contract has received, in the order it was recorded: each payment's date,
/// amount and reference (a draft has none).
#[utoipa::path(
    get, path = "/v1/contracts/{id}/payments", tag = "primary", operation_id = "listPayments",
    params(("id" = String, Path, description = "Contract id"), PaymentListParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The contract's payments", body = PaymentList, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn payments(
    state: &AppState,
    principal: &Principal,
    id: &str,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: PaymentListParams = parse_query(query_string)?;
    let as_of = as_of(&state.services, params.as_of.as_deref())?;
    let received = list_payments(&state.services, &principal.tenant_id, id, as_of).await?;
    Ok(Reply::json(StatusCode::OK, &PaymentList::of(&received)))
}
