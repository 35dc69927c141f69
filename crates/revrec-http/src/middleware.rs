//! The one middleware: request id, tracing span and access log, and the final form of every
//! error response (RFC 9457 body, `WWW-Authenticate`, `X-Request-Id`).

use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{
    CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HeaderName, HeaderValue,
};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, ResponseError, web};
use tracing::Instrument;

use crate::payments::gate::PaymentReceipt;
use crate::shell::auth::{CallerTenant, RateLimitStatus};
use crate::shell::error::{ApiError, AuthChallenge, PlainJsonProblem};
use crate::shell::problem::ProblemDetails;
use crate::shell::request::{KeepBody, REQUEST_ID, RequestId, request_id_of};
use crate::shell::state::AppState;

pub async fn observe_and_finish(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let request_id = request_id_of(&request);
    request
        .extensions_mut()
        .insert(RequestId(request_id.clone()));
    // The shared state, not a copy of its URL: this runs for every request.
    let state = request.app_data::<web::Data<AppState>>().cloned();
    let (public_url, json_limit) = state.as_deref().map_or(("", 0), |state| {
        (
            state.settings.public_url.as_str(),
            state.settings.json_limit,
        )
    });
    let method = request.method().to_string();
    let path = request.path().to_owned();
    // Logged fields never include headers or bodies: tokens and secrets stay out of logs.
    // `route` and `tenant` are filled in once routing and authentication know them, so
    // every line logged inside the request carries them too.
    let span = tracing::info_span!(
        "request",
        request_id = %request_id,
        %method,
        %path,
        route = tracing::field::Empty,
        tenant = tracing::field::Empty,
    );
    // At debug level, the request's arrival too: with the access line, a drill can tell a
    // request the server took in from one it never saw.
    span.in_scope(|| tracing::debug!("request received"));

    // Handlers' errors arrive as responses; an `Err` here comes from the framework itself
    // and is answered by it. (Holding a clone of the request across the call is not an
    // option: the router needs it uniquely.)
    let deprecation = state.as_deref().and_then(|state| {
        let deprecation = state
            .settings
            .deprecations
            .iter()
            .find(|deprecation| deprecation.matches(&method, &path))?;
        let now = state.services.clock.now_micros().div_euclid(1_000_000);
        Some((deprecation.clone(), now >= deprecation.sunset_at))
    });
    // A parameter the operation does not take: refused before anything runs.
    let unknown = crate::unknown_query::refusal(&request);
    let response = match (&deprecation, unknown) {
        // Past its sunset the operation is gone: nothing runs.
        (Some((deprecation, true)), _) => {
            let (http_request, _) = request.into_parts();
            let gone = ApiError::EndpointSunset {
                route: format!("{} {}", deprecation.method, deprecation.path),
                sunset: deprecation.sunset_text(),
            };
            ServiceResponse::new(http_request, gone.error_response())
        }
        (_, Some(refusal)) => {
            let (http_request, _) = request.into_parts();
            ServiceResponse::new(http_request, refusal.error_response())
        }
        _ => next
            .call(request)
            .instrument(span.clone())
            .await?
            .map_into_boxed_body(),
    };
    let mut response = finish_problem(response, public_url, &path, &request_id, json_limit);
    if let Some((deprecation, _)) = &deprecation {
        for (name, value) in deprecation.headers(public_url) {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response
                    .headers_mut()
                    .insert(HeaderName::from_static(name), value);
            }
        }
    }
    add_rate_limit_headers(&mut response);
    add_payment_receipt(&mut response);
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(REQUEST_ID), value);
    }
    record(&response, &method, &span, started.elapsed().as_secs_f64());
    Ok(response)
}

/// The access log line and the request metrics. The route is the matched template
/// (`/v1/contracts/{id}`), never the path: bounded label values, and no ids in metrics.
fn record(response: &ServiceResponse<BoxBody>, method: &str, span: &tracing::Span, seconds: f64) {
    let status = response.status().as_u16();
    let request = response.request();
    let route = request
        .match_pattern()
        .unwrap_or_else(|| String::from("unmatched"));
    span.record("route", route.as_str());
    let method = method_label(method);
    if let Some(CallerTenant(tenant)) = request.extensions().get::<CallerTenant>() {
        span.record("tenant", tenant.as_str());
        // The tenant's usage (the console's usage page): authenticated requests only.
        if let Some(state) = request.app_data::<web::Data<AppState>>() {
            state.services.usage_meter.count_request(
                tenant,
                method,
                &route,
                status,
                state.services.clock.now_micros(),
            );
        }
    }
    let duration_ms = seconds * 1_000.0;
    span.in_scope(|| tracing::info!(status, duration_ms, "request handled"));
    metrics::counter!(
        crate::shell::metrics::HTTP_REQUESTS,
        "method" => method,
        "route" => route.clone(),
        "status" => status.to_string()
    )
    .increment(1);
    metrics::histogram!(
        crate::shell::metrics::HTTP_DURATION,
        "method" => method,
        "route" => route
    )
    .record(seconds);
}

/// The method as a label: the standard ones, anything else `other` (a client inventing
/// methods must not be able to invent series).
fn method_label(method: &str) -> &'static str {
    match method {
        "GET" => "GET",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "HEAD" => "HEAD",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

/// Gives an error response its problem body, or makes one for framework errors.
fn finish_problem(
    response: ServiceResponse<BoxBody>,
    public_url: &str,
    path: &str,
    request_id: &str,
    json_limit: usize,
) -> ServiceResponse<BoxBody> {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let details = response
        .response()
        .extensions()
        .get::<ProblemDetails>()
        .cloned();
    let is_problem = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/problem+json"));
    let details = match details {
        Some(details) => details,
        None if is_problem || response.response().extensions().contains::<KeepBody>() => {
            return response;
        }
        None => framework_problem(
            status,
            path,
            response.request().method().as_str(),
            json_limit,
        ),
    };
    let challenge = response
        .response()
        .extensions()
        .get::<AuthChallenge>()
        .cloned();
    let media_type = if response
        .response()
        .extensions()
        .contains::<PlainJsonProblem>()
    {
        "application/json"
    } else {
        "application/problem+json"
    };
    let body = details.to_body(public_url, path, Some(request_id));
    let mut rebuilt = HttpResponse::build(status);
    for (name, value) in response.headers() {
        if name != CONTENT_TYPE && name != CONTENT_LENGTH {
            rebuilt.append_header((name.clone(), value.clone()));
        }
    }
    match challenge {
        // MPP: one field line per challenge, and a 402 is never stored by a cache.
        Some(AuthChallenge::Payment(challenges)) => {
            for challenge in challenges {
                rebuilt.append_header(("WWW-Authenticate", challenge));
            }
            rebuilt.insert_header(("Cache-Control", "no-store"));
        }
        Some(challenge) => {
            rebuilt.insert_header((
                "WWW-Authenticate",
                www_authenticate(&challenge, public_url, path),
            ));
        }
        None => {}
    }
    let rebuilt = rebuilt
        .content_type(media_type)
        .body(serde_json::to_vec(&body).unwrap_or_default());
    response.into_response(rebuilt)
}

/// RFC 6750 §3 (or RFC 7617 for the token endpoint) with RFC 9728's `resource_metadata`,
/// so every 401 leads a client to the protected-resource metadata.
fn www_authenticate(challenge: &AuthChallenge, public_url: &str, path: &str) -> String {
    let mut value = match challenge {
        AuthChallenge::Bearer { error, scope } => {
            let mut value = String::from("Bearer realm=\"revrec\"");
            if let Some(error) = error {
                value.push_str(&format!(", error=\"{error}\""));
            }
            if let Some(scope) = scope {
                value.push_str(&format!(", scope=\"{scope}\""));
            }
            value
        }
        AuthChallenge::Basic => String::from("Basic realm=\"revrec\", charset=\"UTF-8\""),
        AuthChallenge::Payment(challenges) => return challenges.join(", "),
    };
    // The MCP endpoint is a resource of its own (RFC 9728 §3.1: the metadata's path
    // names the resource).
    let resource = if path == "/mcp" { "/mcp" } else { "" };
    value.push_str(&format!(
        ", resource_metadata=\"{public_url}/.well-known/oauth-protected-resource{resource}\""
    ));
    value
}

/// `RateLimit-Limit`, `-Remaining` and `-Reset` (draft-ietf-httpapi-ratelimit-headers -06,
/// whole numbers, reset in seconds) on every answer to an authenticated request.
fn add_rate_limit_headers(response: &mut ServiceResponse<BoxBody>) {
    let Some(RateLimitStatus(decision)) = response
        .request()
        .extensions()
        .get::<RateLimitStatus>()
        .copied()
    else {
        return;
    };
    let headers = response.headers_mut();
    for (name, value) in [
        ("ratelimit-limit", decision.limit),
        ("ratelimit-remaining", decision.remaining),
        ("ratelimit-reset", decision.reset_seconds),
    ] {
        headers.insert(HeaderName::from_static(name), HeaderValue::from(value));
    }
}

/// `Payment-Receipt` and `Cache-Control: private` on a successful paid call (MPP §1.4);
/// never on an error, even when the payment settled.
fn add_payment_receipt(response: &mut ServiceResponse<BoxBody>) {
    if !response.status().is_success() {
        return;
    }
    let Some(PaymentReceipt(receipt)) = response
        .request()
        .extensions()
        .get::<PaymentReceipt>()
        .cloned()
    else {
        return;
    };
    let Ok(value) = HeaderValue::from_str(&receipt) else {
        return;
    };
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static("payment-receipt"), value);
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("private"));
}

/// A problem for an error the framework produced itself.
fn framework_problem(
    status: StatusCode,
    path: &str,
    method: &str,
    json_limit: usize,
) -> ProblemDetails {
    let error = match status.as_u16() {
        404 => ApiError::RouteNotFound {
            path: path.to_owned(),
        },
        405 => ApiError::MethodNotAllowed {
            method: method.to_owned(),
            allowed: "the methods listed in Allow".to_owned(),
        },
        413 => ApiError::PayloadTooLarge { limit: json_limit },
        415 => ApiError::UnsupportedMediaType("an unsupported type".into()),
        400..=499 => ApiError::InvalidParameter {
            name: "request",
            message: "could not be read".into(),
        },
        _ => {
            return ProblemDetails::new(
                crate::shell::problem::ErrorCode::InternalError,
                "Unexpected server error.",
            );
        }
    };
    error.problem()
}
