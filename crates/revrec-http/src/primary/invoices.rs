//! `POST /v1/contracts/{id}/invoices`: an invoice that bills the contract (docs/asc606.md §12).

use actix_web::http::StatusCode;
use revrec_usecases::Principal;
use revrec_usecases::record_invoice::{InvoiceOutcome, record_invoice};

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::contracts::Contract;
use crate::wire::invoices::{InvoiceInput, InvoiceOut, to_invoice};
use crate::wire::problems::Problems;
use crate::wire::recorded::InvoiceRecorded;

/// Bill an active (or terminated) contract. From its first invoice on, the contract is
/// billed by its invoices instead of at its start: per month, billed to date less recognized
/// to date is a contract liability (deferred revenue) above zero and a contract asset below.
/// A `number` sent again with the same date and amount is a replay (200, nothing new); with
/// other figures, a 409. Invoices above the transaction price are a 422.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/invoices", tag = "primary", operation_id = "recordInvoice",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = InvoiceInput,
    responses(
        (status = 201, description = "The invoice, and the contract billed by it", body = InvoiceRecorded),
        (status = 200, description = "An invoice with this number and these figures was recorded before: it, and the contract as it stands", body = InvoiceRecorded),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn invoice(
    state: &AppState,
    principal: &Principal,
    id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: InvoiceInput = parse_json(body)?;
    let read = |currency| {
        let mut problems = Problems::default();
        match to_invoice("", &input, Some(currency), &mut problems) {
            Some(invoice) if problems.list.is_empty() => Ok(invoice),
            _ => Err(ApiError::Validation(problems.list)),
        }
    };
    let (status, view, record) =
        match record_invoice(&state.services, &principal.tenant_id, &context, id, read).await? {
            InvoiceOutcome::Recorded(view, record) => (StatusCode::CREATED, view, record),
            InvoiceOutcome::Replayed(view, record) => (StatusCode::OK, view, record),
        };
    let currency = view.record.currency;
    let body = InvoiceRecorded {
        invoice: InvoiceOut::of(&record.invoice(), currency),
        contract: Contract::from_view(&view),
    };
    Ok(Reply::json(status, &body))
}
