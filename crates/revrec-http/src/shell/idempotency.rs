//! `Idempotency-Key` on every POST and PUT (docs/errors.md, draft-ietf-httpapi-idempotency-
//! key-header): the first answer to a (tenant, key) is kept 24 hours and replayed, with
//! `Idempotent-Replayed: true`, to a retry of the same request (method, path, body); the
//! same key on another request is 422, and while the first is still running, 409. Errors
//! the client caused (4xx) are kept and replayed like successes; server failures (5xx),
//! 402 (payment required) and 429 are not, so a retry runs again.

use std::future::Future;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use revrec_ports::{Claim, RecordedKind, RecordedResponse};
use revrec_usecases::Principal;
use revrec_usecases::idempotency::{claim, fingerprint, record, release};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::shell::error::ApiError;
use crate::shell::problem::{ErrorCode, FieldProblem, ProblemDetails};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED: &str = "idempotent-replayed";
const MAX_KEY_LENGTH: usize = 255;

/// The key of the request, if it sent one: bare or as a quoted string (RFC 8941 sf-string,
/// which the draft specifies; most clients send it bare).
pub fn key_of(request: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = request.headers().get(HEADER) else {
        return Ok(None);
    };
    let text = value
        .to_str()
        .map_err(|_| ApiError::InvalidIdempotencyKey)?
        .trim();
    let key = text
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or(text);
    checked_key(key).map(Some)
}

/// `key` when it is a valid idempotency key: 1 to 255 visible ASCII characters, no quote.
pub fn checked_key(key: &str) -> Result<String, ApiError> {
    let visible = key
        .bytes()
        .all(|byte| byte.is_ascii_graphic() || byte == b' ');
    if key.is_empty() || key.len() > MAX_KEY_LENGTH || !visible || key.contains('"') {
        return Err(ApiError::InvalidIdempotencyKey);
    }
    Ok(key.to_owned())
}

/// A problem kept for replay: everything but the request's own context.
#[derive(Serialize, Deserialize)]
struct RecordedProblem {
    code: String,
    message: String,
    errors: Vec<FieldProblem>,
    extensions: Map<String, Value>,
}

/// Whether a kept answer still holds, for an answer the state it describes may outlive
/// (a close's "closed" once a reopen opened the months again): one that no longer holds is
/// not replayed, and the request runs again.
pub type StillHolds<'a> = &'a (dyn Fn(&RecordedResponse) -> bool + Sync);

/// Runs `handler` under the request's idempotency key, if it has one.
pub async fn run<F, Fut>(
    request: &HttpRequest,
    state: &AppState,
    principal: &Principal,
    (body, still_holds): (&[u8], Option<StillHolds<'_>>),
    handler: F,
) -> Result<HttpResponse, ApiError>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<Reply, ApiError>>,
{
    let Some(key) = key_of(request)? else {
        return handler().await.map(Reply::into_response);
    };
    let path = request
        .uri()
        .path_and_query()
        .map_or_else(|| request.path().to_owned(), ToString::to_string);
    let call = KeyedCall {
        key: &key,
        method: request.method().as_str(),
        path_and_query: &path,
        body,
        still_holds,
    };
    match run_keyed(state, principal, &call, handler).await? {
        Keyed::Ran(outcome) => outcome.map(Reply::into_response),
        Keyed::Replayed(recorded) => Ok(replay(recorded)),
    }
}

/// A write under an idempotency key, by whatever transport it came (an MCP tool call is
/// fingerprinted with its route's method and path, so it and the HTTP request are one).
pub struct KeyedCall<'a> {
    pub key: &'a str,
    pub method: &'a str,
    pub path_and_query: &'a str,
    pub body: &'a [u8],
    /// When a kept answer may be replayed: always when `None`.
    pub still_holds: Option<StillHolds<'a>>,
}

/// What a keyed run gives: the handler's own outcome, or the first answer again.
pub enum Keyed {
    Ran(Result<Reply, ApiError>),
    Replayed(RecordedResponse),
}

/// Claims the key for a digest of the call, then replays, refuses, or runs `handler` and
/// records its answer (a 5xx, 402 or 429 is released instead: a retry must run again).
pub async fn run_keyed<F, Fut>(
    state: &AppState,
    principal: &Principal,
    call: &KeyedCall<'_>,
    handler: F,
) -> Result<Keyed, ApiError>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<Reply, ApiError>>,
{
    let key = call.key.to_owned();
    let digest = fingerprint(call.method, call.path_and_query, call.body);
    let services = &state.services;
    let tenant = principal.tenant_id.as_str();
    let mut claimed = claim(services, tenant, &key, &digest).await?;
    if let (Claim::Replay(recorded), Some(still_holds)) = (&claimed, call.still_holds)
        && !still_holds(recorded)
    {
        // The answer kept no longer holds: the request runs again under its key, and its
        // answer replaces the one kept (for the rest of the key's day).
        claimed = Claim::Granted;
    }
    match claimed {
        Claim::Mismatch => Err(ApiError::IdempotencyKeyReused),
        Claim::InFlight => Err(ApiError::IdempotencyKeyInProgress),
        Claim::Replay(recorded) => Ok(Keyed::Replayed(recorded)),
        Claim::Granted => {
            let outcome = handler().await;
            let recorded = match &outcome {
                Ok(reply) => Some(RecordedResponse {
                    status: reply.status.as_u16(),
                    kind: RecordedKind::Body,
                    content: String::from_utf8_lossy(&reply.body).into_owned(),
                    location: reply.location.clone(),
                }),
                Err(error) => {
                    let problem = error.problem();
                    // Server failures, refused payments and rate limits are not answers
                    // to the request: a retry must run (and pay) again.
                    let status = problem.code.status();
                    (status < 500 && status != 402 && status != 429).then(|| RecordedResponse {
                        status: problem.code.status(),
                        kind: RecordedKind::Problem,
                        content: serde_json::to_string(&RecordedProblem {
                            code: problem.code.as_str().to_owned(),
                            message: problem.message,
                            errors: problem.errors,
                            extensions: problem.extensions,
                        })
                        .unwrap_or_default(),
                        location: None,
                    })
                }
            };
            match recorded {
                Some(recorded) => record(services, tenant, &key, &recorded).await?,
                None => release(services, tenant, &key).await?,
            }
            Ok(Keyed::Ran(outcome))
        }
    }
}

/// The recorded answer again; a problem is rendered anew for this request (its instance and
/// request id), with the same code, status, message and field errors.
fn replay(recorded: RecordedResponse) -> HttpResponse {
    let status = StatusCode::from_u16(recorded.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = match recorded_answer(recorded) {
        Ok(reply) => reply.into_response(),
        Err(problem) => {
            let mut response = HttpResponse::build(status).finish();
            response.extensions_mut().insert(problem);
            response
        }
    };
    metrics::counter!(crate::shell::metrics::IDEMPOTENCY_REPLAYS).increment(1);
    response.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static(REPLAYED),
        actix_web::http::header::HeaderValue::from_static("true"),
    );
    response
}

/// A recorded answer as the reply it was, or the problem it was.
pub fn recorded_answer(recorded: RecordedResponse) -> Result<Reply, ProblemDetails> {
    let status = StatusCode::from_u16(recorded.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match recorded.kind {
        RecordedKind::Body => Ok(Reply {
            status,
            body: recorded.content.into_bytes(),
            location: recorded.location,
        }),
        RecordedKind::Problem => {
            let kept: Option<RecordedProblem> = serde_json::from_str(&recorded.content).ok();
            Err(kept
                .and_then(|kept| {
                    let code = ErrorCode::parse(&kept.code)?;
                    let mut problem = ProblemDetails::new(code, kept.message);
                    problem.errors = kept.errors;
                    problem.extensions = kept.extensions;
                    Some(problem)
                })
                .unwrap_or_else(|| {
                    ProblemDetails::new(
                        ErrorCode::InternalError,
                        "The recorded answer is unreadable.",
                    )
                }))
        }
    }
}
