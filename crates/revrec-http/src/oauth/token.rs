//! The client credentials grant at `POST /oauth/token` (RFC 6749 §4.4, §5).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::Scope;
use revrec_usecases::UseCaseError;
use revrec_usecases::issue_token::{TokenError, issue_client_credentials_token};
use serde::Serialize;
use utoipa::ToSchema;

use crate::oauth::client::{
    ClientAuthenticationErrors, GRANT_TYPE, client_attempt, client_refusal, never_stored,
    presented_client, read_form_body,
};
use crate::oauth::refusal::TokenRequestError;
use crate::shell::error::ApiError;
use crate::shell::respond::json;
use crate::shell::state::AppState;

/// A successful token response (RFC 6749 §5.1).
#[derive(Serialize, ToSchema)]
pub struct TokenResponse {
    pub access_token: String,
    #[schema(example = "Bearer")]
    pub token_type: &'static str,
    /// Seconds the token is valid for.
    #[schema(example = 3600)]
    pub expires_in: i64,
    /// The token's scopes, space-separated.
    #[schema(example = "read:contracts read:waterfalls")]
    pub scope: String,
}

/// The token request's form fields (RFC 6749 §4.4.2, §2.3.1), for the OpenAPI document;
/// the handler reads the form itself, to refuse repeated parameters.
#[derive(ToSchema)]
#[allow(dead_code, reason = "describes the form; never constructed")]
pub struct TokenRequestForm {
    /// Always `client_credentials`.
    #[schema(example = "client_credentials", pattern = "^client_credentials$")]
    grant_type: String,
    /// Space-separated scopes, each granted to the client; all of them when absent.
    #[schema(example = "read:contracts read:waterfalls")]
    scope: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_id: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_secret: Option<String>,
}

/// An access token for a machine client (RFC 6749 §4.4). The body is a form
/// (`application/x-www-form-urlencoded`): `grant_type=client_credentials` and optionally
/// `scope`. The client authenticates with HTTP Basic (`client_secret_basic`) or with
/// `client_id` and `client_secret` in the body (`client_secret_post`), never both. Failed
/// client authentications are limited per client id and per address: past the limit every
/// attempt is 429 until the minute ends.
#[utoipa::path(
    post, path = "/oauth/token", tag = "oauth", operation_id = "issueToken",
    request_body(content = TokenRequestForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "An access token (one hour)", body = TokenResponse,
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "RFC 6749 §5.2 error (invalid_request, unsupported_grant_type, invalid_scope)", body = crate::shell::problem::ProblemBody, content_type = "application/json"),
        ClientAuthenticationErrors,
    ),
    security(())
)]
pub async fn token(
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let form = read_form_body(&request, payload).await?;
    let credentials = presented_client(&request, &form)?;
    match form.get("grant_type").map(String::as_str) {
        None => {
            return Err(TokenRequestError::InvalidRequest("grant_type is required.".into()).into());
        }
        Some(GRANT_TYPE) => {}
        Some(other) => {
            return Err(TokenRequestError::UnsupportedGrantType(other.to_owned()).into());
        }
    }
    let issued = issue_client_credentials_token(
        &state.services,
        client_attempt(&request, credentials.as_ref()),
        form.get("scope").map(String::as_str),
    )
    .await
    .map_err(|error| match error {
        TokenError::Client(refused) => client_refusal(&request, refused),
        TokenError::InvalidScope { scope } => {
            ApiError::from(TokenRequestError::InvalidScope(scope))
        }
        TokenError::Storage(storage) => ApiError::UseCase(UseCaseError::Storage(storage)),
    })?;
    Ok(never_stored(json(
        StatusCode::OK,
        &TokenResponse {
            access_token: issued.access_token,
            token_type: "Bearer",
            expires_in: issued.expires_in,
            scope: Scope::join(&issued.scopes),
        },
    )))
}
