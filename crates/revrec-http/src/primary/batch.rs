//! `POST /v1/batch`: up to 100 primary-surface operations in one request, each authorized
//! on its own and run through the same code as its route, results in request order.
//!
//! A run of consecutive contract ingests is written in one transaction (multi-row
//! statements, rollup deltas summed first): that is what makes a batch of a hundred
//! contracts cheap. Each ingest still has its own outcome: one that fails validation is
//! its own 422, and should the shared transaction fail, every contract is written on its
//! own (see `ingest_contracts`).

use std::sync::LazyLock;

use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use revrec_ports::Scope;
use revrec_usecases::ingest_contract::ingest_contracts;
use revrec_usecases::{Principal, UseCaseError};
use serde_json::value::RawValue;
use utoipa::OpenApi;

use crate::primary::contracts::{self, parse_new_contract};
use crate::primary::operations::BatchableOperations;
use crate::primary::{events, explain, invoices, jobs, payments_received, periods, reports};
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
/// Largest batch body (decisions.md §11).
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
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let principal = auth::require_api_key(&request, &state, Scope::WriteContracts).await?;
    let body = json_bytes(&request, payload, BATCH_LIMIT).await?;
    // A batch costs what its operations would cost one by one (an envelope that does not
    // read costs one unit, and its 4xx comes below).
    if let Ok(envelope) = serde_json::from_slice::<BatchRequest>(&body) {
        let units = envelope
            .operations
            .iter()
            .map(|operation| match contract_body(operation) {
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
        idempotency::run(http, &state, caller, body, || {
            run_batch(&state, caller, body, request_id.as_deref())
        })
        .await
    })
    .await
}

/// The query parameters of every operation a batch can run, read once per process.
static BATCHABLE: LazyLock<QueryCatalogue> =
    LazyLock::new(|| QueryCatalogue::of(&BatchableOperations::openapi()));

/// What an operation asks for, once its path is resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Route {
    ListContracts,
    IngestContract,
    GetContract(String),
    UpdateContract(String),
    ActivateContract(String),
    TerminateContract(String),
    ListVersions(String),
    Explain(String),
    FulfillObligation(String, String),
    ReportProgress(String, String),
    RecordInvoice(String),
    RecordPayment(String),
    Waterfalls,
    Note6,
    CreateJob,
    GetJob(String),
    ListPeriods,
    ClosePeriods,
    ReopenPeriods,
}

impl Route {
    fn scope(&self) -> Scope {
        match self {
            Route::ListContracts
            | Route::GetContract(_)
            | Route::ListVersions(_)
            | Route::GetJob(_) => Scope::ReadContracts,
            Route::IngestContract
            | Route::UpdateContract(_)
            | Route::ActivateContract(_)
            | Route::TerminateContract(_)
            | Route::FulfillObligation(..)
            | Route::ReportProgress(..)
            | Route::RecordInvoice(_)
            | Route::RecordPayment(_)
            | Route::CreateJob => Scope::WriteContracts,
            Route::Waterfalls | Route::ListPeriods | Route::Explain(_) => Scope::ReadWaterfalls,
            Route::Note6 => Scope::ReadDisclosures,
            Route::ClosePeriods | Route::ReopenPeriods => Scope::ClosePeriods,
        }
    }
}

/// One operation, read.
struct Operation<'a> {
    method: &'a str,
    /// The path as sent, for the problem's `instance`.
    path: &'a str,
    query: &'a str,
    body: &'a [u8],
    route: Result<Route, Unroutable>,
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
        match BATCHABLE.unknown_parameter(self.method, &under_v1, self.query) {
            Some((name, message)) => Err(ApiError::UnknownParameter { name, message }),
            None => Ok(()),
        }
    }
}

/// Why an operation's method and path name no route it may run.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Unroutable {
    NotFound,
    WrongMethod {
        method: String,
        allowed: &'static str,
    },
    NotInBatch,
}

impl Unroutable {
    fn error(self, path: &str) -> ApiError {
        match self {
            Unroutable::NotFound => ApiError::RouteNotFound {
                path: path.to_owned(),
            },
            Unroutable::WrongMethod { method, allowed } => {
                ApiError::MethodNotAllowed { method, allowed }
            }
            Unroutable::NotInBatch => ApiError::BatchOperationNotAllowed {
                path: path.to_owned(),
            },
        }
    }
}

async fn run_batch(
    state: &AppState,
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
        .filter_map(contract_body)
        .map(contract_cost::contract_size)
        .sum();
    let limit = state.services.policy.limits.request_obligation_months;
    if size > limit {
        return Err(ApiError::WorkLimitExceeded { limit, value: size });
    }
    let operations = read_operations(&envelope.operations)?;
    let mut results: Vec<Result<Reply, ApiError>> = Vec::with_capacity(operations.len());
    let mut rest = operations.as_slice();
    while let Some(first) = rest.first() {
        let ingests = rest
            .iter()
            .take_while(|operation| matches!(operation.route, Ok(Route::IngestContract)))
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
fn contract_body(operation: &BatchOperation) -> Option<&[u8]> {
    let path = operation.path.split('?').next().unwrap_or_default();
    let writes_a_contract = matches!(
        resolve(&operation.method, path),
        Ok(Route::IngestContract | Route::UpdateContract(_))
    );
    writes_a_contract
        .then(|| operation.body.as_ref().map(|body| body.get().as_bytes()))
        .flatten()
}

/// The envelope's operations, checked: a method the batch does not take or a body that is
/// not an object fails the whole batch (a 422 naming each); a path that names no route, or
/// one not allowed in a batch, is that operation's own result.
fn read_operations(operations: &[BatchOperation]) -> Result<Vec<Operation<'_>>, ApiError> {
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
                route: resolve(&operation.method, path),
            }
        })
        .collect())
}

/// The route `method` and `path` (relative to `/v1`, or under it) name.
fn resolve(method: &str, path: &str) -> Result<Route, Unroutable> {
    let relative = match path.strip_prefix("/v1") {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => path,
    };
    let segments: Vec<&str> = relative
        .strip_prefix('/')
        .ok_or(Unroutable::NotFound)?
        .split('/')
        .collect();
    let wrong_method = |allowed: &'static str| Unroutable::WrongMethod {
        method: method.to_owned(),
        allowed,
    };
    // No id holds a control character (and PostgreSQL cannot even be asked about a NUL).
    let id = |text: &str| {
        if text.is_empty() || text.chars().any(char::is_control) {
            Err(Unroutable::NotFound)
        } else {
            Ok(text.to_owned())
        }
    };
    match (segments.as_slice(), method) {
        (["contracts"], "GET") => Ok(Route::ListContracts),
        (["contracts"], "POST") => Ok(Route::IngestContract),
        (["contracts"], _) => Err(wrong_method("GET, POST")),
        (["contracts", contract], "GET") => id(contract).map(Route::GetContract),
        (["contracts", contract], "PUT") => id(contract).map(Route::UpdateContract),
        (["contracts", _], _) => Err(wrong_method("GET, PUT")),
        (["contracts", contract, "activate"], "POST") => id(contract).map(Route::ActivateContract),
        (["contracts", contract, "terminate"], "POST") => {
            id(contract).map(Route::TerminateContract)
        }
        (["contracts", contract, "invoices"], "POST") => id(contract).map(Route::RecordInvoice),
        (["contracts", contract, "payments"], "POST") => id(contract).map(Route::RecordPayment),
        (["contracts", contract, "versions"], "GET") => id(contract).map(Route::ListVersions),
        (["contracts", contract, "explain"], "GET") => id(contract).map(Route::Explain),
        (
            [
                "contracts",
                contract,
                "obligations",
                obligation,
                "fulfillments",
            ],
            "POST",
        ) => Ok(Route::FulfillObligation(id(contract)?, id(obligation)?)),
        (["contracts", contract, "obligations", obligation, "progress"], "POST") => {
            Ok(Route::ReportProgress(id(contract)?, id(obligation)?))
        }
        (["contracts", _, "versions" | "explain"], _) => Err(wrong_method("GET")),
        (
            [
                "contracts",
                _,
                "activate" | "terminate" | "invoices" | "payments",
            ]
            | [
                "contracts",
                _,
                "obligations",
                _,
                "fulfillments" | "progress",
            ],
            _,
        ) => Err(wrong_method("POST")),
        (["waterfalls"], "GET") => Ok(Route::Waterfalls),
        (["disclosures", "note6"], "GET") => Ok(Route::Note6),
        (["waterfalls"] | ["disclosures", "note6"], _) => Err(wrong_method("GET")),
        (["jobs", "recalculate-waterfall"], "POST") => Ok(Route::CreateJob),
        (["jobs", "recalculate-waterfall"], _) => Err(wrong_method("POST")),
        (["jobs", job], "GET") => id(job).map(Route::GetJob),
        (["jobs", _], _) => Err(wrong_method("GET")),
        (["periods"], "GET") => Ok(Route::ListPeriods),
        (["periods"], _) => Err(wrong_method("GET")),
        (["periods", "close"], "POST") => Ok(Route::ClosePeriods),
        (["periods", "reopen"], "POST") => Ok(Route::ReopenPeriods),
        (["periods", "close" | "reopen"], _) => Err(wrong_method("POST")),
        (["batch"] | ["payments", ..], _) => Err(Unroutable::NotInBatch),
        _ => Err(Unroutable::NotFound),
    }
}

/// A call the caller's plan prices is paid for on its own, never inside a batch (the
/// batch's one response could not carry each call's challenges).
fn refuse_if_priced(
    state: &AppState,
    principal: &Principal,
    route: &Route,
    path: &str,
) -> Result<(), ApiError> {
    let priced = matches!(
        route,
        Route::ListContracts | Route::IngestContract | Route::Waterfalls | Route::Note6
    );
    if priced && state.services.policy.call_price_cents.of(principal.plan) > 0 {
        return Err(ApiError::PricedInBatch {
            path: path.to_owned(),
        });
    }
    Ok(())
}

/// One primary operation by method and path (under `/v1`), through the same code as its
/// route: what an MCP tool runs. The operation's scope is checked and a priced call refused,
/// as in a batch.
pub async fn run_operation(
    state: &AppState,
    principal: &Principal,
    method: &str,
    path: &str,
    query: &str,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let operation = Operation {
        method,
        path,
        query,
        body,
        route: resolve(method, path),
    };
    run_one(state, principal, &operation).await
}

/// One operation through the same code as its route.
async fn run_one(
    state: &AppState,
    principal: &Principal,
    operation: &Operation<'_>,
) -> Result<Reply, ApiError> {
    let route = operation
        .route
        .clone()
        .map_err(|unroutable| unroutable.error(operation.path))?;
    principal.require(route.scope())?;
    refuse_if_priced(state, principal, &route, operation.path)?;
    operation.check_query()?;
    let (query, body) = (operation.query, operation.body);
    match route {
        Route::ListContracts => contracts::list(state, principal, query).await,
        Route::IngestContract => contracts::ingest(state, principal, body).await,
        Route::GetContract(id) => contracts::get(state, principal, &id, query).await,
        Route::UpdateContract(id) => contracts::update(state, principal, &id, body).await,
        Route::ActivateContract(id) => contracts::activate(state, principal, &id).await,
        Route::TerminateContract(id) => contracts::terminate(state, principal, &id, body).await,
        Route::ListVersions(id) => events::versions(state, principal, &id).await,
        Route::Explain(id) => explain::explain(state, principal, &id, query).await,
        Route::FulfillObligation(id, pob_id) => {
            events::fulfill(state, principal, &id, &pob_id, body).await
        }
        Route::ReportProgress(id, pob_id) => {
            events::progress(state, principal, &id, &pob_id, body).await
        }
        Route::RecordInvoice(id) => invoices::invoice(state, principal, &id, body).await,
        Route::RecordPayment(id) => payments_received::payment(state, principal, &id, body).await,
        Route::Waterfalls => reports::waterfall(state, principal, query).await,
        Route::Note6 => reports::note6(state, principal, query).await,
        Route::CreateJob => jobs::create_job(state, principal, body).await,
        Route::GetJob(id) => jobs::job_status(state, principal, &id).await,
        Route::ListPeriods => periods::list(state, principal).await,
        Route::ClosePeriods => periods::close(state, principal, body).await,
        Route::ReopenPeriods => periods::reopen(state, principal, body).await,
    }
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
            principal.require(Route::IngestContract.scope())?;
            refuse_if_priced(state, principal, &Route::IngestContract, operation.path)?;
            operation.check_query()?;
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
    let mut written = ingest_contracts(&state.services, &principal.tenant_id, valid)
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
