//! `POST /v1/batch`: up to 100 primary-surface operations in one request, each authorized
//! on its own and run through the same code as its route, results in request order.
//!
//! A run of consecutive contract ingests is written in one transaction (multi-row
//! statements, rollup deltas summed first): that is what makes a batch of a hundred
//! contracts cheap. Each ingest still has its own outcome: one that fails validation is
//! its own 422, and should the shared transaction fail, every contract is written on its
//! own (see `ingest_contracts`).

use std::sync::OnceLock;

use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use revrec_ports::Scope;
use revrec_usecases::ingest_contract::ingest_contracts;
use revrec_usecases::posting_control::WriteContext;
use revrec_usecases::{Principal, UseCaseError};
use serde_json::value::RawValue;

use super::document::documented;
use super::router::{Routed, Unroutable, resolve};
use super::row::{Call, Cost, Table};
use crate::primary::contracts::parse_new_contract;
use crate::shell::auth;
use crate::shell::body::{json_bytes, parse_json};
use crate::shell::cost;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::idempotency;
use crate::shell::query_catalogue::QueryCatalogue;
use crate::shell::request::RequestId;
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::batch::{BatchOperation, BatchRequest, BatchResponse, BatchResult};
use crate::wire::contract_cost;
use crate::wire::contracts::created;
use crate::wire::problems::Problems;

/// Most operations in one batch.
pub const MAX_OPERATIONS: usize = 100;
/// Largest batch body (docs/limits.md).
pub const BATCH_LIMIT: usize = 5 * 1024 * 1024;

/// Several operations in one request. The batch answers 200 when its envelope is valid;
/// each result carries its own status and body (a problem for a failure).
#[utoipa::path(
    post, path = "/v1/batch", tag = "primary", operation_id = "executeBatch",
    request_body = BatchRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")),
    responses((status = 200, description = "Every operation's result, in request order", body = BatchResponse), StandardErrors),
    security(("bearer" = []))
)]
pub async fn batch_route(
    request: HttpRequest,
    state: web::Data<AppState>,
    table: web::Data<Table>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let table: &Table = &table;
    let principal = auth::require_api_key(&request, &state, Scope::WriteContracts).await?;
    let body = json_bytes(&request, payload, BATCH_LIMIT).await?;
    // A batch costs what its operations would cost one by one (an envelope that does not
    // read costs one unit, and its 4xx comes below).
    if let Ok(envelope) = serde_json::from_slice::<BatchRequest>(&body) {
        let units = envelope
            .operations
            .iter()
            .map(|operation| match contract_body(table, operation) {
                Some(body) => contract_cost::contract_units(body),
                None => 1,
            })
            .sum();
        cost::charge_request(&request, &state, &principal, units).await?;
    }
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .map(|id| id.0.clone());
    // Its heavy reads are charged as they would be one by one, and their work adds up
    // against the limit of one request.
    let (http, caller, body) = (&request, &principal, &body);
    cost::metered(&request, &state, &principal, |state| async move {
        idempotency::run(http, &state, caller, (body, None), || {
            run_batch(&state, table, caller, body, request_id.as_deref())
        })
        .await
    })
    .await
}

/// The query parameters of every operation of the table, read once per process.
fn catalogue(table: &Table) -> &'static QueryCatalogue {
    static CATALOGUE: OnceLock<QueryCatalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| QueryCatalogue::of(&documented(table.rows)))
}

/// One operation, read.
struct Operation<'a> {
    method: &'a str,
    /// The path as sent, for the problem's `instance`.
    path: &'a str,
    query: &'a str,
    body: &'a [u8],
    route: Result<Routed, Unroutable>,
    catalogue: &'static QueryCatalogue,
}

impl Operation<'_> {
    /// An operation's query is held to what its route documents, as a plain request's is.
    fn check_query(&self) -> Result<(), ApiError> {
        let path = self.path.split('?').next().unwrap_or_default();
        let under_v1 = if path.starts_with("/v1/") {
            path.to_owned()
        } else {
            format!("/v1{path}")
        };
        match self
            .catalogue
            .unknown_parameter(self.method, &under_v1, self.query)
        {
            Some((name, message)) => Err(ApiError::UnknownParameter { name, message }),
            None => Ok(()),
        }
    }
}

async fn run_batch(
    state: &AppState,
    table: &Table,
    principal: &Principal,
    body: &[u8],
    request_id: Option<&str>,
) -> Result<Reply, ApiError> {
    let envelope: BatchRequest = parse_json(body)?;
    if envelope.operations.len() > MAX_OPERATIONS {
        return Err(ApiError::BatchTooLarge {
            count: envelope.operations.len(),
            limit: MAX_OPERATIONS,
        });
    }
    let size: u64 = envelope
        .operations
        .iter()
        .filter_map(|operation| contract_body(table, operation))
        .map(contract_cost::contract_size)
        .sum();
    let limit = state.services.policy.limits.request_obligation_months;
    if size > limit {
        return Err(ApiError::WorkLimitExceeded { limit, value: size });
    }
    let operations = read_operations(table, &envelope.operations)?;
    let mut results: Vec<Result<Reply, ApiError>> = Vec::with_capacity(operations.len());
    let mut rest = operations.as_slice();
    while let Some(first) = rest.first() {
        let ingests = rest
            .iter()
            .take_while(|operation| is_ingest(&operation.route, operation.query))
            .count();
        if ingests > 0 {
            let (run, after) = rest.split_at(ingests);
            results.extend(run_ingests(state, principal, run).await);
            rest = after;
        } else {
            results.push(run_one(state, principal, first).await);
            rest = rest.get(1..).unwrap_or_default();
        }
    }
    let results = operations
        .iter()
        .zip(results)
        .map(|(operation, outcome)| to_result(state, operation, outcome, request_id))
        .collect();
    Ok(Reply::json(StatusCode::OK, &BatchResponse { results }))
}

/// The body of an operation that ingests or replaces a contract (what a batch's size and
/// cost count).
fn contract_body<'a>(table: &Table, operation: &'a BatchOperation) -> Option<&'a [u8]> {
    let path = operation.path.split('?').next().unwrap_or_default();
    let writes_a_contract = resolve(table, &operation.method, path)
        .is_ok_and(|routed| routed.operation.cost == Cost::ContractBody);
    writes_a_contract
        .then(|| operation.body.as_ref().map(|body| body.get().as_bytes()))
        .flatten()
}

/// The envelope's operations, checked: a method the batch does not take or a body that is
/// not an object fails the whole batch (a 422 naming each); a path that names no route, or
/// one not allowed in a batch, is that operation's own result.
fn read_operations<'a>(
    table: &Table,
    operations: &'a [BatchOperation],
) -> Result<Vec<Operation<'a>>, ApiError> {
    let mut problems = Problems::default();
    for (index, operation) in operations.iter().enumerate() {
        if !matches!(operation.method.as_str(), "GET" | "POST" | "PUT") {
            problems.push(
                format!("operations[{index}].method"),
                format!("must be GET, POST or PUT (got `{}`)", operation.method),
            );
        }
        if operation
            .body
            .as_ref()
            .is_some_and(|body| !body.get().starts_with('{') && body.get() != "null")
        {
            problems.push(format!("operations[{index}].body"), "must be a JSON object");
        }
    }
    problems.check()?;
    Ok(operations
        .iter()
        .map(|operation| {
            let (path, query) = operation
                .path
                .split_once('?')
                .unwrap_or((operation.path.as_str(), ""));
            Operation {
                method: &operation.method,
                path: &operation.path,
                query,
                body: operation
                    .body
                    .as_ref()
                    .map_or(b"".as_slice(), |body| body.get().as_bytes()),
                route: resolve(table, &operation.method, path),
                catalogue: catalogue(table),
            }
        })
        .collect())
}

/// Whether the operation is a contract ingest with no query (a run of them is written
/// together; one that says `correction=true` runs on its own, through its route).
fn is_ingest(route: &Result<Routed, Unroutable>, query: &str) -> bool {
    query.is_empty()
        && route
            .as_ref()
            .is_ok_and(|routed| routed.operation.route == INGEST)
}

const INGEST: &str = "POST /v1/contracts";

/// A call the caller's plan prices is paid for on its own, never inside a batch (the
/// batch's one response could not carry each call's challenges).
fn refuse_if_priced(
    state: &AppState,
    principal: &Principal,
    routed: &Routed,
    path: &str,
) -> Result<(), ApiError> {
    if routed.operation.price_cents(state, principal) > 0 {
        return Err(ApiError::PricedInBatch {
            path: path.to_owned(),
        });
    }
    Ok(())
}

/// What every operation of a batch is held to before it runs: its route, its scope, its
/// price and its query.
fn admit(
    state: &AppState,
    principal: &Principal,
    operation: &Operation<'_>,
) -> Result<Routed, ApiError> {
    let routed = operation
        .route
        .clone()
        .map_err(|unroutable| unroutable.error(operation.path))?;
    principal.require(routed.operation.scope)?;
    refuse_if_priced(state, principal, &routed, operation.path)?;
    operation.check_query()?;
    Ok(routed)
}

/// One operation through the same code as its route; its heavy reads are charged to the
/// batch's one meter, so their work adds up against the limit of one request.
async fn run_one(
    state: &AppState,
    principal: &Principal,
    operation: &Operation<'_>,
) -> Result<Reply, ApiError> {
    let routed = admit(state, principal, operation)?;
    let call = Call {
        state,
        principal,
        params: &routed.params,
        query: operation.query,
        body: operation.body,
    };
    let run = routed
        .operation
        .run()
        .ok_or_else(|| Unroutable::NotInBatch.error(operation.path))?;
    run(&call).await
}

/// Consecutive ingests: each parsed and checked on its own, the valid ones written together.
async fn run_ingests(
    state: &AppState,
    principal: &Principal,
    operations: &[Operation<'_>],
) -> Vec<Result<Reply, ApiError>> {
    let parsed: Vec<Result<_, ApiError>> = operations
        .iter()
        .map(|operation| {
            admit(state, principal, operation)?;
            parse_new_contract(operation.body)
        })
        .collect();
    let mut valid = Vec::new();
    let mut outcomes: Vec<Option<Result<Reply, ApiError>>> = Vec::with_capacity(parsed.len());
    for outcome in parsed {
        match outcome {
            Ok(contract) => {
                valid.push(contract);
                outcomes.push(None);
            }
            Err(error) => outcomes.push(Some(Err(error))),
        }
    }
    // A run of ingests carries no query (one that says `correction` runs on its own).
    let context = WriteContext::by(&principal.credential.quota_name());
    let mut written = ingest_contracts(&state.services, &principal.tenant_id, &context, valid)
        .await
        .into_iter();
    outcomes
        .into_iter()
        .map(|outcome| match outcome {
            Some(failure) => failure,
            None => match written.next() {
                Some(Ok(view)) => Ok(created(state, &view)),
                Some(Err(error)) => Err(ApiError::from(error)),
                None => Err(ApiError::from(UseCaseError::Corrupt(
                    "a batch ingest lost its outcome".into(),
                ))),
            },
        })
        .collect()
}

fn to_result(
    state: &AppState,
    operation: &Operation<'_>,
    outcome: Result<Reply, ApiError>,
    request_id: Option<&str>,
) -> BatchResult {
    let (status, body, location) = match outcome {
        Ok(reply) => (reply.status.as_u16(), reply.body, reply.location),
        Err(error) => {
            error.log_server_error();
            let problem = error.problem();
            let body = problem.to_body(&state.settings.public_url, operation.path, request_id);
            (
                problem.code.status(),
                serde_json::to_vec(&body).unwrap_or_default(),
                None,
            )
        }
    };
    BatchResult {
        status,
        location,
        body: RawValue::from_string(String::from_utf8_lossy(&body).into_owned())
            .unwrap_or_else(|_| empty_object()),
    }
}

fn empty_object() -> Box<RawValue> {
    RawValue::from_string("{}".to_owned()).unwrap_or_else(|_| unreachable!("`{{}}` is JSON"))
}
