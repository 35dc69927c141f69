//! RFC 7009 token revocation at `POST /oauth/revoke`: a client ends one of its access
//! tokens before its hour is up, at once on every instance.

use actix_web::{HttpRequest, HttpResponse, web};
use revrec_usecases::revoke_token::revoke_access_token;
use utoipa::ToSchema;

use crate::oauth::client::{
    ClientAuthenticationErrors, client_attempt, client_refusal, never_stored, presented_client,
    read_form_body, token_parameter,
};
use crate::shell::error::ApiError;
use crate::shell::state::AppState;

/// The revocation request's form fields (RFC 7009 §2.1), for the OpenAPI document.
#[derive(ToSchema)]
#[allow(dead_code, reason = "describes the form; never constructed")]
pub struct RevocationRequestForm {
    /// The access token to revoke.
    #[schema(example = "rr_oat_…")]
    token: String,
    /// `access_token` or `refresh_token`; accepted and not needed (every token this
    /// server issues is an access token).
    #[schema(example = "access_token")]
    token_type_hint: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_id: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_secret: Option<String>,
}

/// Revokes one of the calling client's access tokens (RFC 7009): from this answer on,
/// the token is refused (401 `invalid_token`) on every instance. The client authenticates
/// as at the token endpoint (HTTP Basic or `client_id` and `client_secret` in the form),
/// under the same limit of failed authentications. An unknown token, one already revoked
/// or expired, and another client's token all answer 200 and change nothing (RFC 7009
/// §2.2), so the answer tells nothing about tokens the client does not hold.
#[utoipa::path(
    post, path = "/oauth/revoke", tag = "oauth", operation_id = "revokeToken",
    request_body(content = RevocationRequestForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The token is revoked if it was one of the client's; no body",
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "invalid_request (no token, a repeated parameter, not a form, both client authentication methods)", body = crate::shell::problem::ProblemBody, content_type = "application/json"),
        ClientAuthenticationErrors,
    ),
    security(())
)]
pub async fn revoke(
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let form = read_form_body(&request, payload).await?;
    let credentials = presented_client(&request, &form)?;
    let token = token_parameter(&form)?;
    revoke_access_token(
        &state.services,
        client_attempt(&request, credentials.as_ref()),
        token,
    )
    .await
    .map_err(|refused| client_refusal(&request, refused))?;
    Ok(never_stored(HttpResponse::Ok().finish()))
}
