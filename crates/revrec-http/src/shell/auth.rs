//! Bearer authentication, admission under the credential's rate limit, and scope checks,
//! run first in every protected handler so a missing credential is reported before
//! anything about the request body.

use actix_web::http::header::AUTHORIZATION;
use actix_web::{HttpMessage, HttpRequest};
use revrec_ports::{RateDecision, Scope};
use revrec_usecases::authenticate::authenticate;
use revrec_usecases::rate_limit::admit;
use revrec_usecases::{AuthError, Principal};

use crate::shell::error::ApiError;
use crate::shell::state::AppState;

/// The rate-limit state of this request's credential, kept in the request's extensions
/// for the middleware to write as `RateLimit-*` headers on whatever the answer is.
#[derive(Clone, Copy, Debug)]
pub struct RateLimitStatus(pub RateDecision);

/// The authenticated caller's tenant, kept in the request's extensions for the access log.
#[derive(Clone, Debug)]
pub struct CallerTenant(pub String);

/// The caller, if it presents a valid bearer token holding `scope`, within its rate limit.
pub async fn require(
    request: &HttpRequest,
    state: &AppState,
    scope: Scope,
) -> Result<Principal, ApiError> {
    let principal = authenticated(request, state).await?;
    principal.require(scope)?;
    Ok(principal)
}

/// [`require`] for the routes docs/access.md lists as "Bearer only": API keys (and the
/// sandbox token), not OAuth access tokens.
pub async fn require_api_key(
    request: &HttpRequest,
    state: &AppState,
    scope: Scope,
) -> Result<Principal, ApiError> {
    let principal = authenticated(request, state).await?;
    principal.require_api_key()?;
    principal.require(scope)?;
    Ok(principal)
}

/// Who is calling, admitted under their credential's limit: every authenticated request
/// counts, including those refused for scope.
async fn authenticated(request: &HttpRequest, state: &AppState) -> Result<Principal, ApiError> {
    let header = request
        .headers()
        .get(AUTHORIZATION)
        .ok_or(AuthError::Missing)?;
    let value = header.to_str().map_err(|_| AuthError::InvalidToken)?;
    let (scheme, token) = value
        .trim()
        .split_once(' ')
        .ok_or(AuthError::InvalidToken)?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(AuthError::InvalidToken.into());
    }
    let principal =
        authenticate(&state.services, state.settings.sandbox_mode, token.trim()).await?;
    // For the log lines of the rest of the request (the access line reads the extension).
    let span = tracing::Span::current();
    span.record("tenant", principal.tenant_id.as_str());
    if let Some(route) = request.match_pattern() {
        span.record("route", route.as_str());
    }
    request
        .extensions_mut()
        .insert(CallerTenant(principal.tenant_id.clone()));
    state
        .services
        .usage_meter
        .credential_used(&principal.credential, state.services.clock.now_micros());
    let decision = admit(&state.services, &principal)
        .await
        .map_err(AuthError::Storage)?;
    if let Some(decision) = decision {
        request.extensions_mut().insert(RateLimitStatus(decision));
        if !decision.allowed {
            metrics::counter!(
                crate::shell::metrics::RATE_LIMIT_REFUSALS,
                "plan" => principal.plan.as_str()
            )
            .increment(1);
            return Err(ApiError::RateLimited {
                retry_after: decision.reset_seconds,
            });
        }
    }
    Ok(principal)
}
