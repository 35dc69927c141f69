//! Bearer authentication and scope checks, run first in every protected handler so a
//! missing credential is reported before anything about the request body.

use actix_web::HttpRequest;
use actix_web::http::header::AUTHORIZATION;
use revrec_ports::Scope;
use revrec_usecases::authenticate::authenticate;
use revrec_usecases::{AuthError, Principal};

use crate::error::ApiError;
use crate::state::AppState;

/// The caller, if it presents a valid bearer token holding `scope`.
pub async fn require(
    request: &HttpRequest,
    state: &AppState,
    scope: Scope,
) -> Result<Principal, ApiError> {
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
    principal.require(scope)?;
    Ok(principal)
}
