//! The error catalogue and RFC 9457 problem details.
//!
//! Every error the API returns has one stable `code` from [`ErrorCode`]; each code has a
//! `type` URL (`{public_url}/errors/<slug>`) that serves a short page about it. Handlers
//! never write problem bodies themselves: an error response carries a [`ProblemDetails`]
//! in its extensions and the [`crate::middleware`] renders it with the request's context
//! (public URL, instance, request id). Framework errors (unknown route, wrong method,
//! oversized or unreadable body) are turned into problems by the same middleware.

use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// Every machine-readable error code of the API. Adding one forces a decision in every
/// `match` below (no wildcard arms), and `docs/errors.md` lists them all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ErrorCode {
    MalformedJson,
    InvalidParameter,
    MissingParameter,
    InvalidPeriodFormat,
    InvalidPeriodRange,
    AuthenticationRequired,
    InvalidToken,
    InsufficientScope,
    CredentialNotAllowed,
    RateLimited,
    OAuthInvalidRequest,
    OAuthInvalidClient,
    OAuthUnsupportedGrantType,
    OAuthInvalidScope,
    OAuthClientThrottled,
    PaymentRequired,
    PaymentMalformedCredential,
    PaymentInvalidChallenge,
    PaymentExpired,
    PaymentVerificationFailed,
    PaymentMethodUnsupported,
    MultiplePaymentCredentials,
    PaymentRailUnavailable,
    EndpointSunset,
    ContractNotFound,
    VersionNotFound,
    ObligationNotFound,
    RouteNotFound,
    MethodNotAllowed,
    InvalidStateTransition,
    ObligationAlreadySatisfied,
    InvoiceNumberReused,
    PaymentReferenceReused,
    VersionConflict,
    PayloadTooLarge,
    RequestTimeout,
    UnsupportedMediaType,
    ValidationFailed,
    CurrencyRequired,
    InvalidIdempotencyKey,
    IdempotencyKeyReused,
    IdempotencyKeyInProgress,
    JobNotFound,
    JobQueueFull,
    BatchTooLarge,
    BatchOperationNotAllowed,
    WorkLimitExceeded,
    AmountOutOfRange,
    PeriodNotEnded,
    PeriodNotClosed,
    PeriodClosed,
    AsOfInFuture,
    EstimateMethodChanged,
    InternalError,
    ServiceUnavailable,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 55] = [
        ErrorCode::MalformedJson,
        ErrorCode::InvalidParameter,
        ErrorCode::MissingParameter,
        ErrorCode::InvalidPeriodFormat,
        ErrorCode::InvalidPeriodRange,
        ErrorCode::AuthenticationRequired,
        ErrorCode::InvalidToken,
        ErrorCode::InsufficientScope,
        ErrorCode::CredentialNotAllowed,
        ErrorCode::RateLimited,
        ErrorCode::OAuthInvalidRequest,
        ErrorCode::OAuthInvalidClient,
        ErrorCode::OAuthUnsupportedGrantType,
        ErrorCode::OAuthInvalidScope,
        ErrorCode::OAuthClientThrottled,
        ErrorCode::PaymentRequired,
        ErrorCode::PaymentMalformedCredential,
        ErrorCode::PaymentInvalidChallenge,
        ErrorCode::PaymentExpired,
        ErrorCode::PaymentVerificationFailed,
        ErrorCode::PaymentMethodUnsupported,
        ErrorCode::MultiplePaymentCredentials,
        ErrorCode::PaymentRailUnavailable,
        ErrorCode::EndpointSunset,
        ErrorCode::ContractNotFound,
        ErrorCode::VersionNotFound,
        ErrorCode::ObligationNotFound,
        ErrorCode::RouteNotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::InvalidStateTransition,
        ErrorCode::ObligationAlreadySatisfied,
        ErrorCode::InvoiceNumberReused,
        ErrorCode::PaymentReferenceReused,
        ErrorCode::VersionConflict,
        ErrorCode::PayloadTooLarge,
        ErrorCode::RequestTimeout,
        ErrorCode::UnsupportedMediaType,
        ErrorCode::ValidationFailed,
        ErrorCode::CurrencyRequired,
        ErrorCode::InvalidIdempotencyKey,
        ErrorCode::IdempotencyKeyReused,
        ErrorCode::IdempotencyKeyInProgress,
        ErrorCode::JobNotFound,
        ErrorCode::JobQueueFull,
        ErrorCode::BatchTooLarge,
        ErrorCode::BatchOperationNotAllowed,
        ErrorCode::WorkLimitExceeded,
        ErrorCode::AmountOutOfRange,
        ErrorCode::PeriodNotEnded,
        ErrorCode::AsOfInFuture,
        ErrorCode::PeriodNotClosed,
        ErrorCode::PeriodClosed,
        ErrorCode::EstimateMethodChanged,
        ErrorCode::InternalError,
        ErrorCode::ServiceUnavailable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "MALFORMED_JSON",
            ErrorCode::InvalidParameter => "INVALID_PARAMETER",
            ErrorCode::MissingParameter => "MISSING_PARAMETER",
            ErrorCode::InvalidPeriodFormat => "INVALID_PERIOD_FORMAT",
            ErrorCode::InvalidPeriodRange => "INVALID_PERIOD_RANGE",
            ErrorCode::AuthenticationRequired => "AUTHENTICATION_REQUIRED",
            ErrorCode::InvalidToken => "INVALID_TOKEN",
            ErrorCode::InsufficientScope => "INSUFFICIENT_SCOPE",
            ErrorCode::CredentialNotAllowed => "CREDENTIAL_NOT_ALLOWED",
            ErrorCode::RateLimited => "RATE_LIMITED",
            ErrorCode::OAuthInvalidRequest => "OAUTH_INVALID_REQUEST",
            ErrorCode::OAuthInvalidClient => "OAUTH_INVALID_CLIENT",
            ErrorCode::OAuthUnsupportedGrantType => "OAUTH_UNSUPPORTED_GRANT_TYPE",
            ErrorCode::OAuthInvalidScope => "OAUTH_INVALID_SCOPE",
            ErrorCode::OAuthClientThrottled => "OAUTH_CLIENT_THROTTLED",
            ErrorCode::PaymentRequired => "PAYMENT_REQUIRED",
            ErrorCode::PaymentMalformedCredential => "PAYMENT_MALFORMED_CREDENTIAL",
            ErrorCode::PaymentInvalidChallenge => "PAYMENT_INVALID_CHALLENGE",
            ErrorCode::PaymentExpired => "PAYMENT_EXPIRED",
            ErrorCode::PaymentVerificationFailed => "PAYMENT_VERIFICATION_FAILED",
            ErrorCode::PaymentMethodUnsupported => "PAYMENT_METHOD_UNSUPPORTED",
            ErrorCode::MultiplePaymentCredentials => "MULTIPLE_PAYMENT_CREDENTIALS",
            ErrorCode::PaymentRailUnavailable => "PAYMENT_RAIL_UNAVAILABLE",
            ErrorCode::EndpointSunset => "ENDPOINT_SUNSET",
            ErrorCode::ContractNotFound => "CONTRACT_NOT_FOUND",
            ErrorCode::VersionNotFound => "VERSION_NOT_FOUND",
            ErrorCode::ObligationNotFound => "OBLIGATION_NOT_FOUND",
            ErrorCode::ObligationAlreadySatisfied => "OBLIGATION_ALREADY_SATISFIED",
            ErrorCode::InvoiceNumberReused => "INVOICE_NUMBER_REUSED",
            ErrorCode::PaymentReferenceReused => "PAYMENT_REFERENCE_REUSED",
            ErrorCode::RouteNotFound => "ROUTE_NOT_FOUND",
            ErrorCode::MethodNotAllowed => "METHOD_NOT_ALLOWED",
            ErrorCode::InvalidStateTransition => "INVALID_STATE_TRANSITION",
            ErrorCode::VersionConflict => "VERSION_CONFLICT",
            ErrorCode::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            ErrorCode::RequestTimeout => "REQUEST_TIMEOUT",
            ErrorCode::UnsupportedMediaType => "UNSUPPORTED_MEDIA_TYPE",
            ErrorCode::ValidationFailed => "VALIDATION_FAILED",
            ErrorCode::CurrencyRequired => "CURRENCY_REQUIRED",
            ErrorCode::InvalidIdempotencyKey => "INVALID_IDEMPOTENCY_KEY",
            ErrorCode::IdempotencyKeyReused => "IDEMPOTENCY_KEY_REUSED",
            ErrorCode::IdempotencyKeyInProgress => "IDEMPOTENCY_KEY_IN_PROGRESS",
            ErrorCode::JobNotFound => "JOB_NOT_FOUND",
            ErrorCode::JobQueueFull => "JOB_QUEUE_FULL",
            ErrorCode::BatchTooLarge => "BATCH_TOO_LARGE",
            ErrorCode::WorkLimitExceeded => "WORK_LIMIT_EXCEEDED",
            ErrorCode::AmountOutOfRange => "AMOUNT_OUT_OF_RANGE",
            ErrorCode::PeriodNotEnded => "PERIOD_NOT_ENDED",
            ErrorCode::AsOfInFuture => "AS_OF_IN_FUTURE",
            ErrorCode::PeriodNotClosed => "PERIOD_NOT_CLOSED",
            ErrorCode::PeriodClosed => "PERIOD_CLOSED",
            ErrorCode::EstimateMethodChanged => "ESTIMATE_METHOD_CHANGED",
            ErrorCode::BatchOperationNotAllowed => "BATCH_OPERATION_NOT_ALLOWED",
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::ServiceUnavailable => "SERVICE_UNAVAILABLE",
        }
    }

    /// The `type` URL: `{public_url}/errors/<slug>`, except the payment problems, which use
    /// the types MPP registers (`https://paymentauth.org/problems/<type>`) so MPP clients
    /// recognise them (docs/errors.md names this one exception).
    pub fn problem_type(self, public_url: &str) -> String {
        const MPP: &str = "https://paymentauth.org/problems";
        match self.mpp_problem() {
            Some(kind) => format!("{MPP}/{kind}"),
            None => format!("{public_url}/errors/{}", self.slug()),
        }
    }

    /// The MPP problem type, for the payment problems MPP defines.
    pub fn mpp_problem(self) -> Option<&'static str> {
        match self {
            ErrorCode::PaymentRequired => Some("payment-required"),
            ErrorCode::PaymentMalformedCredential => Some("malformed-credential"),
            ErrorCode::PaymentInvalidChallenge => Some("invalid-challenge"),
            ErrorCode::PaymentExpired => Some("payment-expired"),
            ErrorCode::PaymentVerificationFailed => Some("verification-failed"),
            ErrorCode::PaymentMethodUnsupported => Some("method-unsupported"),
            _ => None,
        }
    }

    /// The last segment of the `type` URL: the code in kebab case.
    pub fn slug(self) -> String {
        self.as_str().to_lowercase().replace('_', "-")
    }

    pub fn parse(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL
            .into_iter()
            .find(|candidate| candidate.as_str() == code)
    }

    pub fn from_slug(slug: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|code| code.slug() == slug)
    }

    pub fn status(self) -> u16 {
        match self {
            ErrorCode::MalformedJson
            | ErrorCode::InvalidParameter
            | ErrorCode::MissingParameter
            | ErrorCode::InvalidPeriodFormat
            | ErrorCode::InvalidPeriodRange
            | ErrorCode::InvalidIdempotencyKey
            | ErrorCode::BatchTooLarge
            | ErrorCode::BatchOperationNotAllowed
            | ErrorCode::OAuthInvalidRequest
            | ErrorCode::OAuthUnsupportedGrantType
            | ErrorCode::OAuthInvalidScope
            | ErrorCode::PaymentMethodUnsupported
            | ErrorCode::MultiplePaymentCredentials => 400,
            ErrorCode::PaymentRequired
            | ErrorCode::PaymentMalformedCredential
            | ErrorCode::PaymentInvalidChallenge
            | ErrorCode::PaymentExpired
            | ErrorCode::PaymentVerificationFailed => 402,
            ErrorCode::EndpointSunset => 410,
            ErrorCode::AuthenticationRequired
            | ErrorCode::InvalidToken
            | ErrorCode::OAuthInvalidClient => 401,
            ErrorCode::InsufficientScope | ErrorCode::CredentialNotAllowed => 403,
            ErrorCode::ContractNotFound
            | ErrorCode::VersionNotFound
            | ErrorCode::ObligationNotFound
            | ErrorCode::RouteNotFound
            | ErrorCode::JobNotFound => 404,
            ErrorCode::MethodNotAllowed => 405,
            ErrorCode::InvalidStateTransition
            | ErrorCode::ObligationAlreadySatisfied
            | ErrorCode::InvoiceNumberReused
            | ErrorCode::PaymentReferenceReused
            | ErrorCode::VersionConflict
            | ErrorCode::PeriodClosed
            | ErrorCode::IdempotencyKeyInProgress => 409,
            ErrorCode::RequestTimeout => 408,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::UnsupportedMediaType => 415,
            ErrorCode::ValidationFailed
            | ErrorCode::EstimateMethodChanged
            | ErrorCode::CurrencyRequired
            | ErrorCode::WorkLimitExceeded
            | ErrorCode::AmountOutOfRange
            | ErrorCode::PeriodNotEnded
            | ErrorCode::PeriodNotClosed
            | ErrorCode::AsOfInFuture
            | ErrorCode::IdempotencyKeyReused => 422,
            ErrorCode::RateLimited | ErrorCode::JobQueueFull | ErrorCode::OAuthClientThrottled => {
                429
            }
            ErrorCode::InternalError => 500,
            ErrorCode::ServiceUnavailable | ErrorCode::PaymentRailUnavailable => 503,
        }
    }

    /// Short and the same for every occurrence (RFC 9457 `title`).
    pub fn title(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "The request body is not valid JSON",
            ErrorCode::InvalidParameter => "A query parameter is not valid",
            ErrorCode::MissingParameter => "A required query parameter is missing",
            ErrorCode::InvalidPeriodFormat => "A period is not in the expected form",
            ErrorCode::InvalidPeriodRange => "The period range is not valid",
            ErrorCode::AuthenticationRequired => "Authentication is required",
            ErrorCode::InvalidToken => "The bearer token is not valid",
            ErrorCode::InsufficientScope => "The credential lacks a required scope",
            ErrorCode::CredentialNotAllowed => "This route takes API keys only",
            ErrorCode::RateLimited => "Too many requests",
            ErrorCode::OAuthInvalidRequest => "The token request is malformed",
            ErrorCode::OAuthInvalidClient => "Client authentication failed",
            ErrorCode::OAuthUnsupportedGrantType => "The grant type is not supported",
            ErrorCode::OAuthInvalidScope => "The requested scope is not allowed",
            ErrorCode::OAuthClientThrottled => "Too many failed client authentications",
            ErrorCode::PaymentRequired => "Payment Required",
            ErrorCode::PaymentMalformedCredential => "The payment credential is malformed",
            ErrorCode::PaymentInvalidChallenge => "The payment challenge is not valid here",
            ErrorCode::PaymentExpired => "The payment challenge has expired",
            ErrorCode::PaymentVerificationFailed => "The payment was not accepted",
            ErrorCode::PaymentMethodUnsupported => "The payment method is not accepted",
            ErrorCode::MultiplePaymentCredentials => "More than one payment credential",
            ErrorCode::PaymentRailUnavailable => "The payment rail is unavailable",
            ErrorCode::EndpointSunset => "This endpoint has been retired",
            ErrorCode::ContractNotFound => "Contract not found",
            ErrorCode::VersionNotFound => "Contract version not found",
            ErrorCode::ObligationNotFound => "Performance obligation not found",
            ErrorCode::ObligationAlreadySatisfied => {
                "The performance obligation takes no more events"
            }
            ErrorCode::InvoiceNumberReused => "The invoice number names another invoice",
            ErrorCode::PaymentReferenceReused => "The payment reference names another payment",
            ErrorCode::RouteNotFound => "No such route",
            ErrorCode::MethodNotAllowed => "Method not allowed on this route",
            ErrorCode::InvalidStateTransition => "The contract's status does not allow this",
            ErrorCode::VersionConflict => "The contract changed concurrently",
            ErrorCode::PayloadTooLarge => "The request body is too large",
            ErrorCode::RequestTimeout => "The request body did not arrive in time",
            ErrorCode::UnsupportedMediaType => "The request body must be JSON",
            ErrorCode::ValidationFailed => "The request's fields are not valid",
            ErrorCode::CurrencyRequired => "A currency must be chosen",
            ErrorCode::InvalidIdempotencyKey => "The Idempotency-Key header is not valid",
            ErrorCode::IdempotencyKeyReused => "The Idempotency-Key was used for another request",
            ErrorCode::IdempotencyKeyInProgress => {
                "A request with this Idempotency-Key is still running"
            }
            ErrorCode::JobNotFound => "Job not found",
            ErrorCode::JobQueueFull => "Too many jobs queued",
            ErrorCode::BatchTooLarge => "The batch has too many operations",
            ErrorCode::WorkLimitExceeded => "The request asks for more work than one request may",
            ErrorCode::AmountOutOfRange => "The books would hold more money than they can",
            ErrorCode::PeriodNotEnded => "The month has not ended yet",
            ErrorCode::AsOfInFuture => "as_of is in the future",
            ErrorCode::PeriodNotClosed => "The month is not closed",
            ErrorCode::PeriodClosed => "The month is closed to this write",
            ErrorCode::EstimateMethodChanged => "A component keeps its estimation method",
            ErrorCode::BatchOperationNotAllowed => "This operation cannot run inside a batch",
            ErrorCode::InternalError => "Unexpected server error",
            ErrorCode::ServiceUnavailable => "The service is temporarily unavailable",
        }
    }

    /// What the page at the `type` URL explains: when it happens and what to do.
    pub fn explanation(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => {
                "The body could not be parsed as JSON (a syntax error, a truncated document or an empty body where one is required). `detail` gives the line and column."
            }
            ErrorCode::InvalidParameter => {
                "A query parameter has a value the route does not accept (an unknown status, a limit outside 1–500, a cursor this API did not issue, an unknown currency, a version that is not a positive integer)."
            }
            ErrorCode::MissingParameter => {
                "A required query parameter was not sent, such as `period` on the Note 6 route."
            }
            ErrorCode::InvalidPeriodFormat => {
                "A period parameter is not in its documented form: months are `YYYY-MM` (2026-01), quarters `YYYY-Qn` (2026-Q1), years `YYYY`."
            }
            ErrorCode::InvalidPeriodRange => {
                "`start_period` is after `end_period`, or the range spans more than 600 months."
            }
            ErrorCode::AuthenticationRequired => {
                "No `Authorization: Bearer <token>` header was sent. Use an API key (`rr_live_…`/`rr_test_…`) or, in sandbox mode, the published token `rr_test_sandbox`."
            }
            ErrorCode::InvalidToken => {
                "The bearer token is unknown, revoked or malformed, or it is the sandbox token on a production server."
            }
            ErrorCode::InsufficientScope => {
                "The credential is valid but lacks the scope the route needs; `WWW-Authenticate` names it. Create a key with that scope."
            }
            ErrorCode::CredentialNotAllowed => {
                "The route is one docs/access.md lists as \"Bearer only\" (`/v1/batch` and the job routes): it takes API keys, not OAuth 2.0 access tokens."
            }
            ErrorCode::RateLimited => {
                "The credential has used its plan's requests for this one-minute window (sandbox 60, growth 1,200, scale 6,000 unless configured otherwise). `Retry-After` and `RateLimit-Reset` say when the window resets."
            }
            ErrorCode::OAuthInvalidRequest => {
                "The request to the token, revocation or introspection endpoint breaks RFC 6749: a missing `grant_type` or `token`, a repeated parameter, a body that is not `application/x-www-form-urlencoded`, or client credentials sent both in `Authorization: Basic` and in the body. The body carries RFC 6749's `error: invalid_request` too."
            }
            ErrorCode::OAuthInvalidClient => {
                "The client could not be authenticated: unknown `client_id`, wrong secret, revoked client, or no client credentials at all. The answer never says which (`error: invalid_client`)."
            }
            ErrorCode::OAuthUnsupportedGrantType => {
                "Only `grant_type=client_credentials` is served (`error: unsupported_grant_type`)."
            }
            ErrorCode::OAuthClientThrottled => {
                "The token, revocation and introspection endpoints allow a few failed client authentications per minute for one `client_id` (known or not) and for one client address (10 and 30 unless configured otherwise). Past that, every attempt of the minute is refused, the right secret too, and nothing is checked (`error: temporarily_unavailable`). `Retry-After` and `RateLimit-Reset` say when the window ends."
            }
            ErrorCode::OAuthInvalidScope => {
                "A requested scope is unknown or not among the client's scopes (`error: invalid_scope`). Omit `scope` to get every scope the client has."
            }
            ErrorCode::PaymentRequired => {
                "The call is priced for the credential's plan and no payment credential came with it. Each `WWW-Authenticate: Payment` challenge (one per payment method) says what to pay; pay one and send the credential in `Payment-Authorization`. Problem type `https://paymentauth.org/problems/payment-required`."
            }
            ErrorCode::PaymentMalformedCredential => {
                "`Payment-Authorization` is not `Payment <base64url JSON>` with a `challenge` object and a `payload` object (MPP `malformed-credential`). Fresh challenges come with the answer."
            }
            ErrorCode::PaymentInvalidChallenge => {
                "The echoed challenge was not issued by this service (its `id` does not match), was issued to another caller (another API key or OAuth client) or to none (by `GET /v1/payments/challenge`), was issued for another route or price, or was already used (MPP `invalid-challenge`). Pay a fresh challenge from this answer."
            }
            ErrorCode::PaymentExpired => {
                "The challenge's `expires` instant has passed (challenges live five minutes). Pay a fresh challenge from this answer (MPP `payment-expired`)."
            }
            ErrorCode::PaymentVerificationFailed => {
                "The payment method refused the proof: a declined card, a token already spent, or a payment that did not succeed for the challenged amount (MPP `verification-failed`). The challenge is spent; pay a fresh one."
            }
            ErrorCode::PaymentMethodUnsupported => {
                "The credential names a payment method this server does not take, or no method is configured (MPP `method-unsupported`). `GET /v1/payments/intent` lists `supported_methods`."
            }
            ErrorCode::MultiplePaymentCredentials => {
                "The request carries more than one `Payment-Authorization` credential; send exactly one."
            }
            ErrorCode::PaymentRailUnavailable => {
                "The payment method's processor could not be reached or did not answer. Nothing was charged twice: retry the same request with the same credential; the processor's idempotency key makes the retry safe."
            }
            ErrorCode::EndpointSunset => {
                "The operation passed the `Sunset` date its deprecation announced (at least 180 days ahead) and no longer serves requests. /docs/versioning states the policy."
            }
            ErrorCode::ContractNotFound => {
                "No contract with this id belongs to the caller's tenant. Another tenant's contracts are reported the same way, never as forbidden."
            }
            ErrorCode::VersionNotFound => {
                "The contract exists but has no such version; versions are numbered from 1."
            }
            ErrorCode::ObligationNotFound => {
                "The contract exists but has no performance obligation with this id. `GET /v1/contracts/{id}` lists its obligations."
            }
            ErrorCode::InvoiceNumberReused => {
                "The contract already has an invoice with this `number` and another date or amount. A number names one invoice: the same number with the same figures is a replay and answers 200; nothing was recorded."
            }
            ErrorCode::PaymentReferenceReused => {
                "The contract already has a payment with this `reference` and another date or amount. A reference names one payment: the same reference with the same figures is a replay and answers 200; nothing was recorded."
            }
            ErrorCode::ObligationAlreadySatisfied => {
                "The obligation was already satisfied (a point-in-time obligation is fulfilled once), or it is no longer in force (a modification dropped it or the contract was terminated). Nothing was recorded."
            }
            ErrorCode::RouteNotFound => {
                "No route matches the path. Primary routes live under `/v1`; see `/docs`."
            }
            ErrorCode::MethodNotAllowed => {
                "The route exists but not with this HTTP method; the `Allow` header lists the methods it takes."
            }
            ErrorCode::InvalidStateTransition => {
                "The action does not apply to the contract's status: only drafts are activated, only active contracts are modified or terminated, and a terminated contract is final."
            }
            ErrorCode::VersionConflict => {
                "Another request changed the contract between this request's read and its write. Nothing was written; read the contract again and retry."
            }
            ErrorCode::PayloadTooLarge => "The body exceeds the limit (1 MiB for JSON bodies).",
            ErrorCode::RequestTimeout => {
                "A body must arrive whole within 10 seconds of the request's headers; a slower one is refused and the connection closed."
            }
            ErrorCode::UnsupportedMediaType => {
                "The body must be sent with `Content-Type: application/json`."
            }
            ErrorCode::ValidationFailed => {
                "The JSON is well formed but breaks a rule: a missing or unknown field, a wrong type, more decimals than the currency allows, end before start, an unknown pob_type … `errors[]` lists every problem with its field."
            }
            ErrorCode::CurrencyRequired => {
                "The selection holds amounts in several currencies, which are never added together. Repeat the request with `currency=` one of those listed."
            }
            ErrorCode::InvalidIdempotencyKey => {
                "`Idempotency-Key` must be 1 to 255 visible ASCII characters, bare or in double quotes."
            }
            ErrorCode::IdempotencyKeyReused => {
                "Within 24 hours a key belongs to one request (method, path and body). The same key with a different request is refused; use a new key for a new request."
            }
            ErrorCode::IdempotencyKeyInProgress => {
                "The first request with this key has not finished. Retry after a moment to get its answer."
            }
            ErrorCode::JobNotFound => {
                "No job with this id belongs to the caller's tenant. Another tenant's jobs are reported the same way."
            }
            ErrorCode::JobQueueFull => {
                "The tenant already has as many recalculation jobs queued or running as it may (10 unless configured otherwise); nothing was queued. `Retry-After` (and `retry_after` in the body, for a batch operation) estimates when one finishes; `job_queue_cap` is the cap."
            }
            ErrorCode::BatchTooLarge => {
                "A batch carries at most 100 operations; split the work into several batches."
            }
            ErrorCode::WorkLimitExceeded => {
                "One request may carry at most a set number of obligation-months (obligations × months of each contract's term; 250,000 by default), so that no caller's request holds up anyone else's. The problem's `limit` and `value` say both figures; nothing was done."
            }
            ErrorCode::AmountOutOfRange => {
                "Every figure of the books is exact to the minor unit in 64 bits. So that no total a report prints can leave that range, the books of each currency may hold at most a set amount (46116860184273879.03 for a two-decimal currency; the problem's `limit` gives it in the currency's units): the sizes of every revenue, billing, cash and remaining-obligation figure of every month, of every contract, added up. A write that would take one contract or a currency's books past it is refused whole; nothing was stored."
            }
            ErrorCode::PeriodNotEnded => {
                "A month can be closed only once it has ended by the server's clock (UTC): closing it earlier would freeze figures that can still change. The problem's `period` is the month asked for and `closable_from` the first day it can be closed. Nothing was closed."
            }
            ErrorCode::AsOfInFuture => {
                "`as_of` asks for the books as they stood at an instant, and this one is after the server's clock: what will be recorded by then is not known yet, and an answer given now would change. The problem's `as_of` is the instant asked for and `now` the server's clock. Nothing was read."
            }
            ErrorCode::EstimateMethodChanged => {
                "A variable component is estimated by the method it was given (`expected_value` or `most_likely_amount`, ASC 606-10-32-8) for its whole life, so that each change in its estimate is a change in the amount and not in the way it is measured. The estimate named another method. Nothing was stored."
            }
            ErrorCode::PeriodClosed => {
                "The tenant's posting control takes a write effective in a closed month only as a correction, and this request did not say it is one. `period` is the month the write is effective in, `closed_through` the last closed month. Send it again with `correction=true` to have it booked as a correction in the first open month, or reopen the month first. Nothing was stored."
            }
            ErrorCode::PeriodNotClosed => {
                "A reopen names the first month to reopen, and that month is not closed (or no month is): only closed months reopen, and a reopen always takes every later closed month with it, so the closed months stay one unbroken run. `first_open_period` says the first open month, when any is closed. Nothing was reopened."
            }
            ErrorCode::BatchOperationNotAllowed => {
                "An operation of a batch names a route that cannot run inside one: `/batch` itself and the payment routes. The operation's result says so; the other operations run."
            }
            ErrorCode::InternalError => {
                "Something failed on the server. Nothing about it is exposed; quote `request_id` when reporting it."
            }
            ErrorCode::ServiceUnavailable => {
                "The database cannot be reached right now. Retry later; `/readyz` reports readiness."
            }
        }
    }

    /// A next step an agent can take without a human.
    pub fn hint(self) -> Option<&'static str> {
        match self {
            ErrorCode::InvalidPeriodFormat => Some(
                "Send months as YYYY-MM and quarters as YYYY-Qn, for example 2026-01 or 2026-Q1.",
            ),
            ErrorCode::InvalidPeriodRange => {
                Some("Swap start_period and end_period, or narrow the range to at most 600 months.")
            }
            ErrorCode::AuthenticationRequired => Some(
                "Send Authorization: Bearer <API key>; in the sandbox the token rr_test_sandbox works.",
            ),
            ErrorCode::InvalidToken => Some(
                "Check the key was copied whole and has not been revoked; create a new one with `revrec keys create`.",
            ),
            ErrorCode::InsufficientScope => {
                Some("Use a key that has the scope named in WWW-Authenticate.")
            }
            ErrorCode::CredentialNotAllowed => {
                Some("Call this route with an API key (revrec keys create), not an OAuth token.")
            }
            ErrorCode::RateLimited => Some("Wait Retry-After seconds, then retry."),
            ErrorCode::OAuthInvalidClient => Some(
                "Check client_id and client_secret (form-urlencoded before Basic encoding); create a client with `revrec oauth-clients create`.",
            ),
            ErrorCode::OAuthInvalidScope => {
                Some("Request only scopes the client has, or omit scope.")
            }
            ErrorCode::OAuthClientThrottled => Some(
                "Wait Retry-After seconds, then retry once with the right client_id and client_secret.",
            ),
            ErrorCode::OAuthUnsupportedGrantType => Some("Send grant_type=client_credentials."),
            ErrorCode::OAuthInvalidRequest => Some(
                "POST a form body with grant_type=client_credentials and authenticate the client one way only.",
            ),
            ErrorCode::PaymentRequired
            | ErrorCode::PaymentInvalidChallenge
            | ErrorCode::PaymentExpired
            | ErrorCode::PaymentVerificationFailed => Some(
                "Pay one WWW-Authenticate: Payment challenge of this answer and resend the request with Payment-Authorization: Payment <credential>.",
            ),
            ErrorCode::PaymentMalformedCredential => Some(
                "Send Payment-Authorization: Payment <base64url of {challenge, payload}>, echoing the challenge's parameters unchanged.",
            ),
            ErrorCode::PaymentMethodUnsupported => {
                Some("Use one of supported_methods from GET /v1/payments/intent.")
            }
            ErrorCode::MultiplePaymentCredentials => {
                Some("Send a single Payment-Authorization header.")
            }
            ErrorCode::PaymentRailUnavailable => {
                Some("Retry the same request with the same credential after Retry-After seconds.")
            }
            ErrorCode::EndpointSunset => {
                Some("Stop calling this operation; read the policy at the Link header's URL.")
            }
            ErrorCode::ContractNotFound => {
                Some("List contracts with GET /v1/contracts to find the right id.")
            }
            ErrorCode::VersionConflict => Some("GET the contract again and resend the change."),
            ErrorCode::UnsupportedMediaType => Some("Set Content-Type: application/json."),
            ErrorCode::ValidationFailed => {
                Some("Fix each field listed in errors[] and send the request again.")
            }
            ErrorCode::CurrencyRequired => {
                Some("Add currency=<code> to the query, choosing one of the listed currencies.")
            }
            ErrorCode::ServiceUnavailable => Some("Retry with backoff."),
            ErrorCode::JobNotFound => Some(
                "Use the job_id (or poll_url) returned by POST /v1/jobs/recalculate-waterfall.",
            ),
            ErrorCode::JobQueueFull => Some(
                "Wait Retry-After seconds (or poll GET /v1/jobs/{job_id} until one of your jobs finishes), then retry; one job with contract_ids covers many contracts.",
            ),
            ErrorCode::BatchTooLarge => Some("Send at most 100 operations per batch."),
            ErrorCode::WorkLimitExceeded => {
                Some("Split the contracts over several requests whose sizes stay within `limit`.")
            }
            ErrorCode::BatchOperationNotAllowed => {
                Some("Call that route on its own, outside the batch.")
            }
            ErrorCode::AmountOutOfRange => Some(
                "Keep the books of one currency within `limit`: record such amounts under another tenant, or in a currency with fewer decimals.",
            ),
            ErrorCode::PeriodNotEnded => Some(
                "Close the month on or after `closable_from`; GET /v1/periods shows what is closed.",
            ),
            ErrorCode::AsOfInFuture => Some(
                "Leave as_of out for the books as they stand now, or send an instant up to `now`.",
            ),
            ErrorCode::PeriodNotClosed => {
                Some("GET /v1/periods to see the closed months, and reopen from one of them.")
            }
            ErrorCode::PeriodClosed => Some(
                "Send it again with correction=true, or reopen the month with POST /v1/periods/reopen.",
            ),
            ErrorCode::EstimateMethodChanged => Some(
                "Leave method out, or send the component's own method; GET the contract to read it.",
            ),
            ErrorCode::IdempotencyKeyReused => {
                Some("Send a new Idempotency-Key for a new request.")
            }
            ErrorCode::IdempotencyKeyInProgress => {
                Some("Retry the same request shortly; it will replay the first answer.")
            }
            ErrorCode::ObligationNotFound => Some(
                "Read the contract with GET /v1/contracts/{id} and use an id from its performance_obligations.",
            ),
            ErrorCode::InvoiceNumberReused => Some(
                "Send a new number for a new invoice, or the recorded figures to replay it; GET the contract to read its billing_schedule.",
            ),
            ErrorCode::PaymentReferenceReused => Some(
                "Send a new reference for a new payment, or the recorded figures to replay it.",
            ),
            ErrorCode::ObligationAlreadySatisfied => Some(
                "Read the contract's versions with GET /v1/contracts/{id}/versions to see the event already recorded.",
            ),
            ErrorCode::MalformedJson
            | ErrorCode::InvalidParameter
            | ErrorCode::MissingParameter
            | ErrorCode::VersionNotFound
            | ErrorCode::RouteNotFound
            | ErrorCode::MethodNotAllowed
            | ErrorCode::InvalidStateTransition
            | ErrorCode::PayloadTooLarge
            | ErrorCode::InvalidIdempotencyKey
            | ErrorCode::InternalError => None,
            ErrorCode::RequestTimeout => {
                Some("Send the whole body at once, promptly after the headers.")
            }
        }
    }
}

/// One field's problem in a 422.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct FieldProblem {
    /// The field, as a path into the request (`line_items[0].pob_type`).
    pub field: String,
    pub message: String,
}

/// An error before rendering: what went wrong, without the request's context.
#[derive(Clone, PartialEq, Debug)]
pub struct ProblemDetails {
    pub code: ErrorCode,
    /// The occurrence-specific sentence (both `message` and `detail` on the wire).
    pub message: String,
    pub errors: Vec<FieldProblem>,
    /// Extra members for this problem type (`currencies` of CURRENCY_REQUIRED, say).
    pub extensions: Map<String, Value>,
}

impl ProblemDetails {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProblemDetails {
        ProblemDetails {
            code,
            message: sentence(message.into()),
            errors: Vec::new(),
            extensions: Map::new(),
        }
    }

    /// The wire body (RFC 9457 members first, then ours).
    pub fn to_body(
        &self,
        public_url: &str,
        instance: &str,
        request_id: Option<&str>,
    ) -> ProblemBody {
        ProblemBody {
            problem_type: self.code.problem_type(public_url),
            title: self.code.title().to_owned(),
            status: self.code.status(),
            detail: self.message.clone(),
            instance: instance.to_owned(),
            code: self.code.as_str().to_owned(),
            message: self.message.clone(),
            hint: self.code.hint().map(str::to_owned),
            errors: (!self.errors.is_empty()).then(|| self.errors.clone()),
            request_id: request_id.map(str::to_owned),
            extensions: self.extensions.clone(),
        }
    }
}

/// Capitalized and ending with a full stop, whatever the source error wrote.
fn sentence(mut text: String) -> String {
    if let Some(first) = text.chars().next().filter(char::is_ascii_lowercase) {
        text.replace_range(..1, &first.to_ascii_uppercase().to_string());
    }
    if !text.ends_with(['.', '?', '!']) {
        text.push('.');
    }
    text
}

/// RFC 9457 problem details, as served (`application/problem+json`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ProblemBody {
    /// `{public_url}/errors/<slug>`; the page there explains the problem type.
    #[serde(rename = "type")]
    pub problem_type: String,
    pub title: String,
    /// The HTTP status, repeated.
    pub status: u16,
    pub detail: String,
    /// The path of the request that failed.
    pub instance: String,
    /// Stable machine-readable code, such as `INVALID_PERIOD_FORMAT`.
    pub code: String,
    /// Human-readable explanation of this occurrence.
    pub message: String,
    /// A next step an agent can take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// Every field problem of a 422.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldProblem>>,
    /// The request's id (also in `X-Request-Id`), for support.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extensions: Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_slugs_and_statuses_are_consistent() {
        let mut slugs = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(slugs.insert(code.slug()), "duplicate slug {}", code.slug());
            assert_eq!(ErrorCode::from_slug(&code.slug()), Some(code));
            assert!((400..600).contains(&code.status()));
            assert!(!code.title().is_empty() && !code.explanation().is_empty());
        }
        assert_eq!(
            ErrorCode::InvalidPeriodFormat.slug(),
            "invalid-period-format"
        );
    }
}
