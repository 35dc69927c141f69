//! The table's routes: each path of the table one actix resource (its other methods 405
//! with `Allow`), and the one prologue every row served by the table goes through:
//! authenticate with the row's scope and credential, read its body, charge its cost, take
//! its price, run it (under the caller's `Idempotency-Key` for a write), answer it.

use std::sync::LazyLock;

use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::{RecordedKind, RecordedResponse};
use revrec_usecases::Principal;
use revrec_usecases::periods::latest_sequence;

use super::row::{
    Answer, Body, Call, Cost, Credential, Handler, Operation, PathParams, Price, Replay, SURFACES,
    Table,
};
use super::table::{OPERATIONS, priced_routes};
use crate::payments::PricedRoutes;
use crate::shell::auth;
use crate::shell::body::{json_bytes, raw_bytes, require_json_content_type};
use crate::shell::cost::{self, Window};
use crate::shell::error::ApiError;
use crate::shell::idempotency::{self, StillHolds};
use crate::shell::respond::Reply;
use crate::shell::routing::resource;
use crate::shell::state::AppState;
use crate::wire::contract_cost;

/// The table with its resources, built once.
static TABLE: LazyLock<Table> = LazyLock::new(|| Table::new(OPERATIONS));

/// Every route of the table, one scope per surface (so a request for any other path, such as
/// `/healthz`, passes two prefixes instead of every template), and within it one scope per
/// first segment that several paths share (`/contracts`), so a request tries only the
/// templates of its own collection: actix matches a template with parameters by a regular
/// expression, and `/v1/waterfalls` would otherwise try every `/contracts/{id}/…` before it
/// (4.5 % of a report read's CPU, docs/performance.md). Paths keep
/// their table order within a collection, which is the only order that can matter: no path
/// lies under two first segments. Also what the routes that read the table at run time need
/// of it (the batch its rows, the payment routes the priced calls).
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .app_data(web::Data::new(TABLE.clone()))
        .app_data(web::Data::new(PricedRoutes(priced_routes())));
    for surface in SURFACES {
        let mut scope = web::scope(surface);
        for (first, paths) in collections(surface) {
            if let [(relative, path, methods)] = paths[..] {
                scope = scope.service(served(relative, path, methods));
                continue;
            }
            let mut collection = web::scope(first);
            for (relative, path, methods) in paths {
                let within = relative.strip_prefix(first).unwrap_or(relative);
                collection = collection.service(served(within, path, methods));
            }
            scope = scope.service(collection);
        }
        config.service(scope);
    }
}

/// A path of the table below `surface`, relative to it, with the methods it takes.
type SurfacePath<'a> = (&'a str, &'static str, &'a str);

/// The table's paths below `surface`, grouped by their first segment (`/contracts`) in the
/// order each first appears; a first segment that is a parameter stands alone.
fn collections(surface: &str) -> Vec<(&'static str, Vec<SurfacePath<'static>>)> {
    let mut collections: Vec<(&'static str, Vec<SurfacePath<'static>>)> = Vec::new();
    for (path, methods) in &TABLE.resources {
        let Some(relative) = path
            .strip_prefix(surface)
            .filter(|relative| relative.starts_with('/'))
        else {
            continue;
        };
        let first = relative
            .get(1..)
            .and_then(|rest| rest.find('/'))
            .and_then(|end| relative.get(..=end))
            .unwrap_or(relative);
        let entry = (relative, *path, methods.as_str());
        match collections
            .iter_mut()
            .find(|(name, _)| *name == first && !first.contains('{'))
        {
            Some((_, paths)) => paths.push(entry),
            None => collections.push((first, vec![entry])),
        }
    }
    collections
}

/// The resource of `path` (`relative` to its scope), with a route for each of its rows.
fn served(relative: &str, path: &str, methods: &'static str) -> actix_web::Resource {
    let mut served = resource(relative, methods);
    for operation in OPERATIONS
        .iter()
        .filter(|operation| operation.path() == path)
    {
        served = served.route(route_of(operation));
    }
    served
}

/// The row's route: its own handler's, or the table's prologue around its function.
fn route_of(operation: &'static Operation) -> actix_web::Route {
    match operation.handler {
        Handler::Own { route, .. } => route(),
        Handler::Runs(_) => {
            let method = match operation.method() {
                "POST" => web::post(),
                "PUT" => web::put(),
                _ => web::get(),
            };
            method.to(
                move |request: HttpRequest, state: web::Data<AppState>, payload: web::Payload| {
                    serve(operation, request, state, payload)
                },
            )
        }
    }
}

/// The prologue and the answer of a row the table serves.
async fn serve(
    operation: &'static Operation,
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let principal = match operation.credential {
        Credential::Any => auth::require(&request, &state, operation.scope).await?,
        Credential::ApiKey => auth::require_api_key(&request, &state, operation.scope).await?,
    };
    let body = read_body(operation, &request, &state, payload).await?;
    if operation.cost == Cost::ContractBody {
        let units = contract_cost::contract_units(&body);
        cost::charge_request(&request, &state, &principal, units).await?;
    }
    let params = path_params(operation, &request);
    let call = Call {
        state: &state,
        principal: &principal,
        params: &params,
        query: request.query_string(),
        body: &body,
    };
    // What admission and the body's cost left of the caller's window; heavy reads are
    // charged against it, and the headers say what they leave.
    let window = Window::of(&request);
    if operation.idempotent {
        let standing = books_standing(operation, &state, &principal).await?;
        let holds =
            |recorded: &RecordedResponse| standing.is_none_or(|at| answered_at(recorded, at));
        let still_holds: Option<StillHolds<'_>> = standing.map(|_| &holds as StillHolds<'_>);
        let answer = idempotency::run(
            &request,
            &state,
            &principal,
            (&body, still_holds),
            || async {
                pay(operation, &request, &state, &principal).await?;
                perform(operation, &call, &window).await
            },
        )
        .await;
        window.report(&request);
        return answer;
    }
    pay(operation, &request, &state, &principal).await?;
    let reply = perform(operation, &call, &window).await;
    window.report(&request);
    let reply = reply?;
    Ok(match operation.answer {
        Answer::Conditional => reply.into_conditional_response(&request),
        Answer::Plain => reply.into_response(),
    })
}

/// The books' latest close or reopen, for a row whose kept answers hold only while the
/// books stand as they were answered (`Replay::WhileBooksStand`).
pub async fn books_standing(
    operation: &Operation,
    state: &AppState,
    principal: &Principal,
) -> Result<Option<i64>, ApiError> {
    Ok(match operation.replay {
        Replay::Kept => None,
        Replay::WhileBooksStand => {
            Some(latest_sequence(&state.services, &principal.tenant_id).await?)
        }
    })
}

/// Whether `recorded`, a kept answer of a close or a reopen (the books as they stood then),
/// was given with the books at `sequence`: a problem kept, or an answer older than a close
/// or reopen recorded since, does not hold any more.
pub fn answered_at(recorded: &RecordedResponse, sequence: i64) -> bool {
    recorded.kind == RecordedKind::Body
        && crate::primary::periods::latest_in_answer(&recorded.content) == Some(sequence)
}

/// What the row reads of the body.
async fn read_body(
    operation: &Operation,
    request: &HttpRequest,
    state: &AppState,
    payload: web::Payload,
) -> Result<web::Bytes, ApiError> {
    let limit = state.settings.json_limit;
    match operation.body {
        Body::None => Ok(web::Bytes::new()),
        Body::Json => json_bytes(request, payload, limit).await,
        Body::Ignored => raw_bytes(payload, limit).await,
        Body::OptionalJson => {
            let body = raw_bytes(payload, limit).await?;
            if !body.is_empty() {
                require_json_content_type(request)?;
            }
            Ok(body)
        }
    }
}

/// The row's path parameters, as the router matched them.
fn path_params(operation: &Operation, request: &HttpRequest) -> PathParams {
    PathParams(
        operation
            .parameter_names()
            .map(|name| {
                let value = request.match_info().get(name).unwrap_or_default();
                (name, value.to_owned())
            })
            .collect(),
    )
}

/// A priced call is paid (or answered 402) before it runs.
async fn pay(
    operation: &Operation,
    request: &HttpRequest,
    state: &AppState,
    principal: &Principal,
) -> Result<(), ApiError> {
    match operation.price {
        Price::Free => Ok(()),
        Price::PerCall => {
            state
                .require_payment(request, principal, operation.route)
                .await
        }
    }
}

/// Runs the row's operation, its heavy reads charged by their work against `window` (what
/// the table's routes, a batch and an MCP tool all do).
pub async fn perform(
    operation: &Operation,
    call: &Call<'_>,
    window: &Window,
) -> Result<Reply, ApiError> {
    let Some(run) = operation.run() else {
        return Err(ApiError::BatchOperationNotAllowed {
            path: operation.path().to_owned(),
        });
    };
    if operation.cost != Cost::Work {
        return run(call).await;
    }
    cost::metered_in(call.state, call.principal, window, |state| async move {
        let metered = Call {
            state: &state,
            ..*call
        };
        run(&metered).await
    })
    .await
}
