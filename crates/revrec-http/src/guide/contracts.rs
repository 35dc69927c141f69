//! `POST /api/v1/contracts/ingest`: the guide payload, through the primary ingest's use case.

use revrec_usecases::Principal;
use revrec_usecases::ingest_contract::ingest_contract;

use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::contracts::created;
use crate::wire::contracts::{Contract, GuideContractInput, new_contract};
use crate::wire::reader::{GUIDE_CONTRACT_INPUT, parse_reporting_all};

/// Ingest a contract in the guide payload (`total_amount`, line items with `pob_type`,
/// `stated_price` and `ssp_price`): broken into performance obligations, allocated and
/// scheduled at once, answered with them.
#[utoipa::path(
    post, path = "/api/v1/contracts/ingest", tag = "guide", operation_id = "ingestGuideContract",
    request_body = GuideContractInput,
    params(("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter),
    responses(
        (status = 201, description = "Created, with its performance obligations", body = Contract,
            headers(("Location" = String, description = "The contract's URL on the primary surface"))),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn ingest(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let (mut input, problems): (GuideContractInput, _) =
        parse_reporting_all(body, GUIDE_CONTRACT_INPUT)?;
    let status = input.status.take();
    let (customer_id, contract_number) = (input.customer_id.clone(), input.contract_number.clone());
    let contract = new_contract(
        input.fields(),
        status.as_deref(),
        customer_id,
        contract_number,
        problems,
    )?;
    let view = ingest_contract(&state.services, &principal.tenant_id, &context, contract)
        .await
        .map_err(ApiError::on_guide)?;
    Ok(created(state, &view))
}
