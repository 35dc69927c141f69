//! The HTTP adapter's errors and their one mapping to problem types.
//!
//! Policy: every variant maps to exactly one [`ErrorCode`] in [`ApiError::problem`], an
//! exhaustive `match` with no wildcard arm, so a new use-case error does not compile until
//! someone decides its status. Server-side failures (500, 503) log their whole source chain
//! and say nothing about it to the client beyond the request id.

use std::fmt;

use crate::shell::instants::format_timestamp;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use revrec_domain::{Field, PeriodActionError, PeriodError, ValidationErrors, calendar};
use revrec_ports::{RepositoryError, WorkRefusal};
use revrec_usecases::{AuthError, UseCaseError};
use serde_json::{Value, json};

use crate::shell::problem::{ErrorCode, FieldProblem, ProblemDetails};

/// How a `WWW-Authenticate` challenge must read (rendered by the middleware, which knows
/// the public URL for `resource_metadata`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AuthChallenge {
    /// RFC 6750 §3 for the API's routes.
    Bearer {
        /// `invalid_token` or `insufficient_scope`; none when no token was sent (§3.1).
        error: Option<&'static str>,
        scope: Option<String>,
    },
    /// RFC 6749 §5.2: the token endpoint's client authentication failed.
    Basic,
    /// MPP: one `Payment` challenge per payment method, each a whole field value.
    Payment(Vec<String>),
}

/// Marks a problem that must be served as `application/json` (the token endpoint's errors,
/// which RFC 6749 §5.2 defines as JSON with an `error` member).
#[derive(Clone, Copy, Debug)]
pub struct PlainJsonProblem;

#[derive(Debug)]
pub enum ApiError {
    UseCase(UseCaseError),
    Auth(AuthError),
    MalformedJson(String),
    UnsupportedMediaType(String),
    PayloadTooLarge {
        limit: usize,
    },
    /// The body did not arrive within the deadline.
    BodyTimeout {
        seconds: u64,
    },
    InvalidParameter {
        name: &'static str,
        message: String,
    },
    MissingParameter {
        name: &'static str,
        expected: &'static str,
    },
    /// A query parameter the operation does not take.
    UnknownParameter {
        name: String,
        message: String,
    },
    InvalidPeriodFormat {
        name: &'static str,
        value: String,
        expected: &'static str,
    },
    /// A well-formed month, quarter or year before 1900 or after 2199.
    PeriodOutsideCalendar {
        name: &'static str,
        value: String,
    },
    /// Fields that failed before the use case ran (types, unknown fields, unparsable values).
    Validation(Vec<FieldProblem>),
    RouteNotFound {
        path: String,
    },
    MethodNotAllowed {
        method: String,
        allowed: String,
    },
    InvalidIdempotencyKey,
    IdempotencyKeyReused,
    IdempotencyKeyInProgress,
    BatchTooLarge {
        count: usize,
        limit: usize,
    },
    /// A batch operation names a route that cannot run inside a batch.
    BatchOperationNotAllowed {
        path: String,
    },
    /// A batch operation names a call the caller's plan prices: paid calls run on their
    /// own, where a 402 can carry its challenges.
    PricedInBatch {
        path: String,
    },
    /// A request asks for more work than one request may (`docs/limits.md`).
    WorkLimitExceeded {
        limit: u64,
        value: u64,
    },
    /// The credential's window is used up; `retry_after` seconds until it resets.
    RateLimited {
        retry_after: u32,
    },
    /// An endpoint of the authorization server refused (RFC 6749 §5.2); the OAuth room
    /// says how, from its own `TokenRequestError`.
    OAuth(OAuthRefusal),
    /// A priced call without a good payment (MPP), with fresh challenges to pay.
    Payment(PaymentProblem),
    /// The route passed its sunset date (RFC 8594).
    EndpointSunset {
        route: String,
        sunset: String,
    },
}

/// An authorization server's refusal as RFC 6749 §5.2 words it: served as JSON with the
/// `error` and `error_description` members beside the problem's own, never cached.
#[derive(Debug)]
pub struct OAuthRefusal {
    pub code: ErrorCode,
    /// The RFC 6749 `error` member, such as `invalid_client`.
    pub error: &'static str,
    /// The `error_description` member (RFC 6749 allows neither `"` nor `\` in it).
    pub description: String,
    /// Seconds the client must wait before trying again, when it must.
    pub retry_after: Option<u32>,
    /// Whether the client's authentication failed (401 with a `Basic` challenge).
    pub client_authentication_failed: bool,
}

/// A refused payment: which problem, why, and the challenges the client may pay instead.
#[derive(Debug)]
pub struct PaymentProblem {
    pub code: ErrorCode,
    pub message: String,
    pub challenges: Vec<String>,
    /// The id of the first fresh challenge (MPP's `challengeId` member).
    pub challenge_id: Option<String>,
}

impl From<UseCaseError> for ApiError {
    fn from(error: UseCaseError) -> ApiError {
        ApiError::UseCase(error)
    }
}

impl ApiError {
    /// A query parameter that does not name a period of the calendar: malformed (`expected`
    /// says the form), or well formed but outside the calendar.
    pub fn period_parameter(
        name: &'static str,
        value: &str,
        expected: &'static str,
        error: &PeriodError,
    ) -> ApiError {
        match error {
            PeriodError::OutsideCalendar(_) => ApiError::PeriodOutsideCalendar {
                name,
                value: value.to_owned(),
            },
            _ => ApiError::InvalidPeriodFormat {
                name,
                value: value.to_owned(),
                expected,
            },
        }
    }

    /// A use case's error on the guide surface, whose field names differ for the price.
    pub fn on_guide(error: UseCaseError) -> ApiError {
        match error {
            UseCaseError::Invalid(errors) => {
                ApiError::Validation(field_problems(&errors, GUIDE_PRICE_FIELD))
            }
            other => ApiError::UseCase(other),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> ApiError {
        ApiError::Auth(error)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem().message)
    }
}

/// The price's field name on the primary surface; the guide surface calls it `total_amount`.
pub const PRIMARY_PRICE_FIELD: &str = "total_value";
pub const GUIDE_PRICE_FIELD: &str = "total_amount";

/// The domain's field problems with the request's field names (the price is named
/// `price_field`; every other field has one name on both surfaces).
pub fn field_problems(errors: &ValidationErrors, price_field: &str) -> Vec<FieldProblem> {
    errors
        .0
        .iter()
        .map(|error| FieldProblem {
            field: match error.field {
                Field::TransactionPrice => price_field.to_owned(),
                other => other.to_string(),
            },
            message: error.message.clone(),
        })
        .collect()
}

impl ApiError {
    /// The one mapping from error to problem type.
    pub fn problem(&self) -> ProblemDetails {
        match self {
            ApiError::UseCase(error) => use_case_problem(error),
            ApiError::Auth(error) => match error {
                AuthError::Missing => {
                    ProblemDetails::new(ErrorCode::AuthenticationRequired, error.to_string())
                }
                AuthError::InvalidToken => {
                    ProblemDetails::new(ErrorCode::InvalidToken, error.to_string())
                }
                AuthError::InsufficientScope { needed } => {
                    let mut problem =
                        ProblemDetails::new(ErrorCode::InsufficientScope, error.to_string());
                    problem
                        .extensions
                        .insert("required_scope".into(), Value::String(needed.to_string()));
                    problem
                }
                AuthError::CredentialNotAllowed => {
                    ProblemDetails::new(ErrorCode::CredentialNotAllowed, error.to_string())
                }
                AuthError::Storage(storage) => storage_problem(storage),
            },
            ApiError::WorkLimitExceeded { limit, value } => work_limit_problem(
                format!(
                    "The request's contracts add up to {value} obligation-months (obligations × months of each term); one request may carry at most {limit}."
                ),
                *limit,
                *value,
            ),
            ApiError::RateLimited { retry_after } => ProblemDetails::new(
                ErrorCode::RateLimited,
                format!(
                    "This credential has used its requests for this minute; the window resets in {retry_after} seconds."
                ),
            ),
            ApiError::OAuth(refusal) => {
                let mut problem = ProblemDetails::new(refusal.code, refusal.description.clone());
                problem
                    .extensions
                    .insert("error".into(), Value::String(refusal.error.into()));
                problem.extensions.insert(
                    "error_description".into(),
                    Value::String(refusal.description.clone()),
                );
                problem
            }
            ApiError::Payment(payment) => {
                let mut problem = ProblemDetails::new(payment.code, payment.message.clone());
                if let Some(id) = &payment.challenge_id {
                    problem
                        .extensions
                        .insert("challengeId".into(), Value::String(id.clone()));
                }
                problem
            }
            ApiError::EndpointSunset { route, sunset } => ProblemDetails::new(
                ErrorCode::EndpointSunset,
                format!("{route} was retired on {sunset}."),
            ),
            ApiError::MalformedJson(detail) => ProblemDetails::new(
                ErrorCode::MalformedJson,
                format!("The body is not valid JSON: {detail}."),
            ),
            ApiError::UnsupportedMediaType(found) => ProblemDetails::new(
                ErrorCode::UnsupportedMediaType,
                format!("The body was sent as `{found}`; send it as application/json."),
            ),
            ApiError::PayloadTooLarge { limit } => ProblemDetails::new(
                ErrorCode::PayloadTooLarge,
                format!("The body is larger than the limit of {limit} bytes."),
            ),
            ApiError::BodyTimeout { seconds } => ProblemDetails::new(
                ErrorCode::RequestTimeout,
                format!(
                    "The body did not arrive within {seconds} seconds of the request's headers."
                ),
            ),
            ApiError::InvalidParameter { name, message } => ProblemDetails::new(
                ErrorCode::InvalidParameter,
                format!("Query parameter `{name}` {message}."),
            ),
            ApiError::UnknownParameter { name, message } => ProblemDetails::new(
                ErrorCode::InvalidParameter,
                format!("Query parameter `{name}` {message}."),
            ),
            ApiError::MissingParameter { name, expected } => ProblemDetails::new(
                ErrorCode::MissingParameter,
                format!("Query parameter `{name}` is required ({expected})."),
            ),
            ApiError::InvalidPeriodFormat {
                name,
                value,
                expected,
            } => ProblemDetails::new(
                ErrorCode::InvalidPeriodFormat,
                format!("`{name}` must be in {expected} form; got `{value}`."),
            ),
            ApiError::PeriodOutsideCalendar { name, value } => ProblemDetails::new(
                ErrorCode::InvalidPeriodRange,
                format!(
                    "`{name}` must lie between {}-01 and {}-12, the calendar the service keeps; got `{value}`.",
                    calendar::FIRST_YEAR,
                    calendar::LAST_YEAR
                ),
            ),
            ApiError::Validation(errors) => {
                let mut problem = ProblemDetails::new(ErrorCode::ValidationFailed, summary(errors));
                problem.errors.clone_from(errors);
                problem
            }
            ApiError::RouteNotFound { path } => ProblemDetails::new(
                ErrorCode::RouteNotFound,
                format!("No route matches `{path}`."),
            ),
            ApiError::InvalidIdempotencyKey => ProblemDetails::new(
                ErrorCode::InvalidIdempotencyKey,
                "Idempotency-Key must be 1 to 255 visible ASCII characters, bare or quoted.",
            ),
            ApiError::IdempotencyKeyReused => ProblemDetails::new(
                ErrorCode::IdempotencyKeyReused,
                "This Idempotency-Key was used for a different request (method, path or body) within 24 hours.",
            ),
            ApiError::IdempotencyKeyInProgress => ProblemDetails::new(
                ErrorCode::IdempotencyKeyInProgress,
                "The first request with this Idempotency-Key is still being processed.",
            ),
            ApiError::BatchTooLarge { count, limit } => ProblemDetails::new(
                ErrorCode::BatchTooLarge,
                format!(
                    "The batch has {count} operations; the most one batch may carry is {limit}."
                ),
            ),
            ApiError::BatchOperationNotAllowed { path } => ProblemDetails::new(
                ErrorCode::BatchOperationNotAllowed,
                format!(
                    "`{path}` cannot run inside a batch (neither /batch nor the payment routes can)."
                ),
            ),
            ApiError::PricedInBatch { path } => ProblemDetails::new(
                ErrorCode::BatchOperationNotAllowed,
                format!(
                    "`{path}` is a priced call on this credential's plan; paid calls cannot run inside a batch."
                ),
            ),
            ApiError::MethodNotAllowed { method, allowed } => {
                let mut problem = ProblemDetails::new(
                    ErrorCode::MethodNotAllowed,
                    format!("`{method}` is not allowed here; use {allowed}."),
                );
                problem.extensions.insert(
                    "allowed_methods".into(),
                    json!(allowed.split(", ").collect::<Vec<_>>()),
                );
                problem
            }
        }
    }

    /// The challenge a 401 or 403 carries.
    pub fn challenge(&self) -> Option<AuthChallenge> {
        match self {
            ApiError::Auth(AuthError::Missing) => Some(AuthChallenge::Bearer {
                error: None,
                scope: None,
            }),
            ApiError::Auth(AuthError::InvalidToken) => Some(AuthChallenge::Bearer {
                error: Some("invalid_token"),
                scope: None,
            }),
            ApiError::Auth(AuthError::InsufficientScope { needed }) => {
                Some(AuthChallenge::Bearer {
                    error: Some("insufficient_scope"),
                    scope: Some(needed.to_string()),
                })
            }
            ApiError::OAuth(refusal) if refusal.client_authentication_failed => {
                Some(AuthChallenge::Basic)
            }
            ApiError::Payment(payment) if !payment.challenges.is_empty() => {
                Some(AuthChallenge::Payment(payment.challenges.clone()))
            }
            _ => None,
        }
    }
}

fn summary(errors: &[FieldProblem]) -> String {
    match errors {
        [only] if only.field.is_empty() || only.message.starts_with(&only.field) => {
            only.message.clone()
        }
        [only] => format!("`{}` {}", only.field, only.message),
        _ => format!("{} fields are not valid; see errors[].", errors.len()),
    }
}

fn use_case_problem(error: &UseCaseError) -> ProblemDetails {
    match error {
        UseCaseError::ContractNotFound { .. } => {
            ProblemDetails::new(ErrorCode::ContractNotFound, error.to_string())
        }
        UseCaseError::ContractNotYetRecorded { id, as_of } => ProblemDetails::new(
            ErrorCode::ContractNotFound,
            format!(
                "Contract {id} was not yet recorded at {}.",
                format_timestamp(*as_of)
            ),
        ),
        UseCaseError::AsOfInFuture { as_of, now } => {
            let mut problem = ProblemDetails::new(
                ErrorCode::AsOfInFuture,
                format!(
                    "as_of {} is after the server's clock ({}): the books of the future are not known yet.",
                    format_timestamp(*as_of),
                    format_timestamp(*now)
                ),
            );
            problem
                .extensions
                .insert("as_of".into(), json!(format_timestamp(*as_of)));
            problem
                .extensions
                .insert("now".into(), json!(format_timestamp(*now)));
            problem
        }
        UseCaseError::VersionNotFound { .. } => {
            ProblemDetails::new(ErrorCode::VersionNotFound, error.to_string())
        }
        UseCaseError::Invalid(errors) => {
            ApiError::Validation(field_problems(errors, PRIMARY_PRICE_FIELD)).problem()
        }
        UseCaseError::InvalidChart(problems) => ApiError::Validation(
            problems
                .iter()
                .map(|problem| FieldProblem {
                    field: problem.field.clone(),
                    message: problem.message.clone(),
                })
                .collect(),
        )
        .problem(),
        UseCaseError::UnknownContracts { ids } => ApiError::Validation(
            ids.iter()
                .map(|id| FieldProblem {
                    field: "contract_ids".into(),
                    message: format!("no contract {id} for this tenant"),
                })
                .collect(),
        )
        .problem(),
        UseCaseError::JobNotFound { .. } => {
            ProblemDetails::new(ErrorCode::JobNotFound, error.to_string())
        }
        UseCaseError::JobQueueFull {
            cap,
            retry_after_seconds,
        } => {
            let mut problem = ProblemDetails::new(ErrorCode::JobQueueFull, error.to_string());
            problem
                .extensions
                .insert("job_queue_cap".into(), json!(cap));
            // Also in the body: a batch operation's result carries no headers.
            problem
                .extensions
                .insert("retry_after".into(), json!(retry_after_seconds));
            problem
        }
        UseCaseError::ObligationNotFound { .. } => {
            ProblemDetails::new(ErrorCode::ObligationNotFound, error.to_string())
        }
        UseCaseError::ObligationClosed(_) => {
            ProblemDetails::new(ErrorCode::ObligationAlreadySatisfied, error.to_string())
        }
        UseCaseError::EstimateMethodChanged(_) => {
            ProblemDetails::new(ErrorCode::EstimateMethodChanged, error.to_string())
        }
        UseCaseError::InvoiceNumberReused { .. } => {
            ProblemDetails::new(ErrorCode::InvoiceNumberReused, error.to_string())
        }
        UseCaseError::PaymentReferenceReused { .. } => {
            ProblemDetails::new(ErrorCode::PaymentReferenceReused, error.to_string())
        }
        UseCaseError::InvalidTransition { status, .. } => {
            let mut problem =
                ProblemDetails::new(ErrorCode::InvalidStateTransition, error.to_string());
            problem
                .extensions
                .insert("contract_status".into(), Value::String(status.to_string()));
            problem
        }
        UseCaseError::Conflict => {
            ProblemDetails::new(ErrorCode::VersionConflict, error.to_string())
        }
        UseCaseError::CurrencyRequired { currencies } => {
            let mut problem = ProblemDetails::new(ErrorCode::CurrencyRequired, error.to_string());
            problem.extensions.insert(
                "currencies".into(),
                json!(
                    currencies
                        .iter()
                        .map(|currency| currency.code())
                        .collect::<Vec<_>>()
                ),
            );
            problem
        }
        UseCaseError::Period(period) => match period {
            PeriodError::StartAfterEnd { .. }
            | PeriodError::TooLong { .. }
            | PeriodError::OutsideCalendar(_) => {
                ProblemDetails::new(ErrorCode::InvalidPeriodRange, format!("{period}."))
            }
            PeriodError::BadMonth(_) | PeriodError::BadQuarter(_) | PeriodError::BadYear(_) => {
                ProblemDetails::new(ErrorCode::InvalidPeriodFormat, format!("{period}."))
            }
        },
        UseCaseError::PeriodAction(action) => period_action_problem(*action),
        UseCaseError::PostingRefused(refused) => {
            let mut problem = ProblemDetails::new(ErrorCode::PeriodClosed, format!("{refused}."));
            problem
                .extensions
                .insert("period".into(), json!(refused.period.to_string()));
            problem.extensions.insert(
                "closed_through".into(),
                json!(refused.closed_through.to_string()),
            );
            problem
        }
        UseCaseError::ObligationsNeedAContract => ProblemDetails::new(
            ErrorCode::InvalidParameter,
            format!("Query parameter `group_by` {error}."),
        ),
        UseCaseError::WorkRefused(refusal) => match refusal {
            WorkRefusal::TooMuch { limit, value } => work_limit_problem(
                format!(
                    "This read would replay {value} obligation-months (obligations × months × versions of the contracts it recomputes); one request may replay at most {limit}. Ask for an earlier as_of, a single contract or fewer at a time."
                ),
                *limit,
                *value,
            ),
            WorkRefusal::RateLimited {
                retry_after_seconds,
            } => ProblemDetails::new(
                ErrorCode::RateLimited,
                format!(
                    "The work of this read costs more than this credential has left this minute; the window resets in {retry_after_seconds} seconds."
                ),
            ),
            WorkRefusal::Storage(storage) => storage_problem(storage),
        },
        UseCaseError::AmountOutOfRange(error) => amount_out_of_range(error),
        UseCaseError::Corrupt(_) | UseCaseError::Interrupted => internal(),
        UseCaseError::Storage(storage) => storage_problem(storage),
    }
}

fn period_action_problem(error: PeriodActionError) -> ProblemDetails {
    let detail = format!("{error}.");
    match error {
        PeriodActionError::NotEnded {
            period,
            first_day_after,
        } => {
            let mut problem = ProblemDetails::new(ErrorCode::PeriodNotEnded, detail);
            problem
                .extensions
                .insert("period".into(), json!(period.to_string()));
            problem
                .extensions
                .insert("closable_from".into(), json!(first_day_after.to_string()));
            problem
        }
        PeriodActionError::NotClosed { first_open, .. } => {
            let mut problem = ProblemDetails::new(ErrorCode::PeriodNotClosed, detail);
            problem
                .extensions
                .insert("first_open_period".into(), json!(first_open.to_string()));
            problem
        }
        PeriodActionError::NothingClosed => ProblemDetails::new(ErrorCode::PeriodNotClosed, detail),
    }
}

fn storage_problem(error: &RepositoryError) -> ProblemDetails {
    match error {
        RepositoryError::Conflict(_) => ProblemDetails::new(
            ErrorCode::VersionConflict,
            UseCaseError::Conflict.to_string(),
        ),
        RepositoryError::Unavailable(_) => ProblemDetails::new(
            ErrorCode::ServiceUnavailable,
            "The database cannot be reached right now; retry after the time in Retry-After. A write cut off by the outage was applied whole or not at all.",
        ),
        RepositoryError::OutOfRange(error) => amount_out_of_range(error),
        RepositoryError::Backend(_) => internal(),
    }
}

/// A 422 `WORK_LIMIT_EXCEEDED` with both figures beside its detail.
fn work_limit_problem(detail: String, limit: u64, value: u64) -> ProblemDetails {
    let mut problem = ProblemDetails::new(ErrorCode::WorkLimitExceeded, detail);
    problem.extensions.insert("limit".into(), json!(limit));
    problem.extensions.insert("value".into(), json!(value));
    problem
}

/// A write refused because the books of its currency would be past their limit.
fn amount_out_of_range(error: &revrec_domain::AmountOutOfRange) -> ProblemDetails {
    let mut problem = ProblemDetails::new(
        ErrorCode::AmountOutOfRange,
        format!("{error}; nothing was stored."),
    );
    let currency = error.currency;
    problem
        .extensions
        .insert("currency".into(), json!(currency.code()));
    problem
        .extensions
        .insert("limit".into(), json!(revrec_domain::books_limit(currency)));
    problem
}

fn internal() -> ProblemDetails {
    ProblemDetails::new(
        ErrorCode::InternalError,
        "The server failed to handle this request; nothing about the failure is exposed.",
    )
}

impl ApiError {
    /// A server-side failure (5xx) logs its whole source chain; the client sees none of it.
    pub fn log_server_error(&self) {
        let problem = self.problem();
        if problem.code.status() >= 500 {
            let detail = match self {
                ApiError::UseCase(error) => chain(error),
                ApiError::Auth(error) => chain(error),
                other => other.to_string(),
            };
            tracing::error!(code = problem.code.as_str(), error = %detail, "request failed");
        }
    }
}

/// Seconds a client should wait after a 503 `SERVICE_UNAVAILABLE`.
pub const SERVICE_UNAVAILABLE_RETRY_AFTER: &str = "2";

/// `error: cause: cause …`, for logs only.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.problem().code.status())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let problem = self.problem();
        self.log_server_error();
        let mut response = HttpResponse::build(self.status_code());
        match self {
            ApiError::MethodNotAllowed { allowed, .. } => {
                response.insert_header(("Allow", allowed.as_str()));
            }
            ApiError::RateLimited { retry_after } => {
                response.insert_header(("Retry-After", retry_after.to_string()));
            }
            ApiError::UseCase(
                UseCaseError::JobQueueFull {
                    retry_after_seconds,
                    ..
                }
                | UseCaseError::WorkRefused(WorkRefusal::RateLimited {
                    retry_after_seconds,
                }),
            ) => {
                response.insert_header(("Retry-After", retry_after_seconds.to_string()));
            }
            ApiError::Payment(payment) if payment.code == ErrorCode::PaymentRailUnavailable => {
                response.insert_header(("Retry-After", "5"));
            }
            _ if problem.code == ErrorCode::ServiceUnavailable => {
                // The pool retries in the background; a client waiting this long finds the
                // database back after a short outage (RFC 9110 §10.2.3).
                response.insert_header(("Retry-After", SERVICE_UNAVAILABLE_RETRY_AFTER));
            }
            ApiError::OAuth(refusal) => {
                // RFC 6749 §5.1/§5.2: token responses, errors included, are never cached.
                response.insert_header(("Cache-Control", "no-store"));
                response.insert_header(("Pragma", "no-cache"));
                if let Some(retry_after) = refusal.retry_after {
                    response.insert_header(("Retry-After", retry_after.to_string()));
                }
            }
            _ => {}
        }
        let mut response = response.finish();
        if matches!(self, ApiError::OAuth(_)) {
            response.extensions_mut().insert(PlainJsonProblem);
        }
        if let Some(challenge) = self.challenge() {
            response.extensions_mut().insert(challenge);
        }
        response.extensions_mut().insert(problem);
        response
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ApiError::UseCase(error) => error.source(),
            ApiError::Auth(error) => error.source(),
            _ => None,
        }
    }
}
