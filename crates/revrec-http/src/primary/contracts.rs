//! `/v1/contracts`: list, ingest, read, modify, activate, terminate.

use actix_web::http::StatusCode;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use revrec_ports::{ContractCursor, ContractQuery, ContractStatus};
use revrec_usecases::ingest_contract::{NewContract, ingest_contract};
use revrec_usecases::list_contracts::{DEFAULT_LIMIT, MAX_LIMIT, list_contracts};
use revrec_usecases::modify_contract::{
    ContractModification, ModificationOutcome, Treatment, modify_contract,
};
use revrec_usecases::{Principal, activate_contract, get_contract, terminate_contract};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::primary::events;
use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, IF_NONE_MATCH_DOC, NotModified, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::as_of;
use crate::shell::parameters::{CorrectionParameter, page_limit, write_context};
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::contracts::{
    Contract, ContractInput, ContractList, ContractStatusName, TerminateInput, billing_schedule,
    created, new_contract, to_draft,
};
use crate::wire::plain_contract::read_plain_contract;
use crate::wire::problems::Problems;
use crate::wire::reader::{CONTRACT_INPUT, parse_reporting_all};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Case-insensitive substring of the customer name, contract number or id.
    query: Option<String>,
    /// Only this customer's contracts.
    customer_id: Option<String>,
    #[param(value_type = Option<ContractStatusName>)]
    status: Option<String>,
    /// Page size (default 50).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 500)]
    limit: Option<String>,
    /// `next_cursor` of the previous page.
    cursor: Option<String>,
}

/// List contracts, oldest first; `total` counts every match regardless of paging.
#[utoipa::path(
    get, path = "/v1/contracts", tag = "primary", operation_id = "listContracts",
    params(ListParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "A page of contracts", body = ContractList, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn list(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: ListParams = parse_query(query_string)?;
    let status = match params.status.as_deref() {
        None => None,
        Some(text) => {
            Some(
                ContractStatus::parse(text).ok_or_else(|| ApiError::InvalidParameter {
                    name: "status",
                    message: format!("must be one of active, draft, terminated (got `{text}`)"),
                })?,
            )
        }
    };
    let limit = page_limit(params.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT)?;
    let after = params.cursor.as_deref().map(decode_cursor).transpose()?;
    let contract_query = ContractQuery {
        text: params.query,
        customer_id: params.customer_id,
        status,
        limit,
        after,
    };
    let page = list_contracts(&state.services, &principal.tenant_id, &contract_query).await?;
    Ok(Reply::json(
        StatusCode::OK,
        &ContractList {
            data: page.items.iter().map(Contract::from_record).collect(),
            total: page.total,
            next_cursor: page.next.as_ref().map(encode_cursor),
        },
    ))
}

fn encode_cursor(cursor: &ContractCursor) -> String {
    URL_SAFE_NO_PAD.encode(format!("{}:{}", cursor.created_at, cursor.id))
}

fn decode_cursor(text: &str) -> Result<ContractCursor, ApiError> {
    let invalid = || ApiError::InvalidParameter {
        name: "cursor",
        message: "is not a cursor this API issued".into(),
    };
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| invalid())?;
    let decoded = String::from_utf8(bytes).map_err(|_| invalid())?;
    let (created_at, id) = decoded.split_once(':').ok_or_else(invalid)?;
    Ok(ContractCursor {
        created_at: created_at.parse().map_err(|_| invalid())?,
        id: id.to_owned(),
    })
}

/// Ingest a contract: it is broken down into performance obligations, allocated and
/// scheduled in the same transaction, and answered `active` (or `draft` on request).
#[utoipa::path(
    post, path = "/v1/contracts", tag = "primary", operation_id = "ingestContract",
    request_body = ContractInput,
    params(("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter),
    responses((status = 201, description = "Created", body = Contract), StandardErrors),
    security(("bearer" = []))
)]
pub async fn ingest(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let contract = parse_new_contract(body)?;
    let view = ingest_contract(&state.services, &principal.tenant_id, &context, contract).await?;
    Ok(created(state, &view))
}

/// A `ContractInput` body: a plain one read in one pass, any other by serde, which names
/// every problem it has.
fn read_contract_input(body: &[u8]) -> Result<(ContractInput, Problems), ApiError> {
    match read_plain_contract(body) {
        Some(input) => Ok((input, Problems::default())),
        None => parse_reporting_all(body, CONTRACT_INPUT),
    }
}

/// The body of `POST /v1/contracts` as a new contract, or a 422 naming every problem.
pub fn parse_new_contract(body: &[u8]) -> Result<NewContract, ApiError> {
    let (mut input, mut problems) = read_contract_input(body)?;
    for (given, field) in [
        (input.effective_date.is_some(), "effective_date"),
        (input.treatment.is_some(), "treatment"),
    ] {
        if given {
            problems.push(
                field,
                "applies only to PUT /v1/contracts/{id} on an active contract",
            );
        }
    }
    let status = input.status.take();
    let (customer_id, contract_number) = (input.customer_id.clone(), input.contract_number.clone());
    new_contract(
        input.fields(),
        status.as_deref(),
        customer_id,
        contract_number,
        problems,
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VersionParams {
    /// An earlier version (1-based); default the current one.
    #[param(value_type = Option<u32>, minimum = 1)]
    version: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// A contract with its performance obligations, at its current or an earlier version.
#[utoipa::path(
    get, path = "/v1/contracts/{id}", tag = "primary", operation_id = "getContract",
    params(("id" = String, Path, description = "Contract id"), VersionParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The contract", body = Contract, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn get(
    state: &AppState,
    principal: &Principal,
    id: &str,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: VersionParams = parse_query(query_string)?;
    let version = match params.version.as_deref() {
        None => None,
        Some(text) => Some(text.parse::<u32>().ok().filter(|v| *v >= 1).ok_or(
            ApiError::InvalidParameter {
                name: "version",
                message: "must be a positive integer".into(),
            },
        )?),
    };
    let as_of = as_of(&state.services, params.as_of.as_deref())?;
    let view =
        get_contract::get_contract(&state.services, &principal.tenant_id, id, version, as_of)
            .await?;
    let mut contract = Contract::from_view(&view);
    if version.is_some() {
        contract.version_effect = Some(events::version_of(&view)?);
    }
    Ok(Reply::json(StatusCode::OK, &contract))
}

/// Replace a draft's terms, or modify an active contract: `effective_date` and `treatment`
/// (`prospective` by default, `cumulative_catch_up`, or `separate_contract`, which creates
/// a new contract and answers 201).
#[utoipa::path(
    put, path = "/v1/contracts/{id}", tag = "primary", operation_id = "updateContract",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = ContractInput,
    responses(
        (status = 200, description = "The draft replaced, or the new version", body = Contract),
        (status = 201, description = "A separate contract for the added goods", body = Contract),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn update(
    state: &AppState,
    principal: &Principal,
    id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let (mut input, mut problems) = read_contract_input(body)?;
    if input.status.is_some() {
        problems.push(
            "status",
            "changes through /activate and /terminate, not PUT",
        );
    }
    let effective_date = problems.optional_date("effective_date", input.effective_date.as_ref());
    let treatment = match input.treatment.as_deref() {
        None => None,
        Some(text) => {
            let treatment = Treatment::parse(text);
            if treatment.is_none() {
                problems.push(
                    "treatment",
                    format!("unknown treatment `{text}`; allowed: cumulative_catch_up, prospective, separate_contract"),
                );
            }
            treatment
        }
    };
    let convention_given = input.recognition_convention.is_some();
    let fields = input.fields();
    let billing_schedule = billing_schedule(&fields, &mut problems);
    // Any problem so far makes this an error listing them all with the draft's own.
    let draft = to_draft(fields, problems)?;
    let change = ContractModification {
        billing_schedule,
        convention_given,
        draft,
        customer_id: input.customer_id,
        contract_number: input.contract_number,
        effective_date: effective_date.flatten(),
        treatment,
    };
    Ok(
        match modify_contract(&state.services, &principal.tenant_id, &context, id, change).await? {
            ModificationOutcome::DraftReplaced(view) | ModificationOutcome::Amended(view) => {
                Reply::json(StatusCode::OK, &Contract::from_view(&view))
            }
            ModificationOutcome::SeparateContract(view) => created(state, &view),
        },
    )
}

/// Activate a draft: its figures enter every report.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/activate", tag = "primary", operation_id = "activateContract",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    responses((status = 200, description = "The active contract", body = Contract), StandardErrors),
    security(("bearer" = []))
)]
pub async fn activate(
    state: &AppState,
    principal: &Principal,
    id: &str,
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let view =
        activate_contract::activate_contract(&state.services, &principal.tenant_id, &context, id)
            .await?;
    Ok(Reply::json(StatusCode::OK, &Contract::from_view(&view)))
}

/// Terminate an active contract: no revenue from `effective_date` on (the first day without
/// service); the unrecognized rest leaves the transaction price, deferred revenue and RPO.
#[utoipa::path(
    post, path = "/v1/contracts/{id}/terminate", tag = "primary", operation_id = "terminateContract",
    params(
        ("id" = String, Path, description = "Contract id"),
        ("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter
    ),
    request_body = TerminateInput,
    responses((status = 200, description = "The terminated contract", body = Contract), StandardErrors),
    security(("bearer" = []))
)]
pub async fn terminate(
    state: &AppState,
    principal: &Principal,
    id: &str,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: TerminateInput = parse_json(body)?;
    let mut problems = Problems::default();
    let Some(effective) = problems.date("effective_date", &input.effective_date) else {
        return Err(ApiError::Validation(problems.list));
    };
    let view = terminate_contract::terminate_contract(
        &state.services,
        &principal.tenant_id,
        &context,
        id,
        Some(effective),
    )
    .await?;
    Ok(Reply::json(StatusCode::OK, &Contract::from_view(&view)))
}
