//! revrec as its own OAuth 2.0 authorization server, for machine clients only: the client
//! credentials grant at `POST /oauth/token` (RFC 6749 §4.4, §5) and its metadata
//! (RFC 8414). Clients are made with `revrec oauth-clients create`.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::http::header::{AUTHORIZATION, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use percent_encoding::percent_decode_str;
use revrec_ports::Scope;
use revrec_usecases::UseCaseError;
use revrec_usecases::issue_token::{TokenError, issue_client_credentials_token};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::body::raw_bytes;
use crate::error::ApiError;
use crate::respond::json;
use crate::state::AppState;

/// Largest token request body: a few short parameters.
const TOKEN_REQUEST_LIMIT: usize = 8 * 1024;
const GRANT_TYPE: &str = "client_credentials";

/// Why the token endpoint refused, as RFC 6749 §5.2 names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TokenRequestError {
    InvalidRequest(String),
    InvalidClient,
    UnsupportedGrantType(String),
    InvalidScope(String),
}

impl TokenRequestError {
    /// The `error` member.
    pub fn oauth_error(&self) -> &'static str {
        match self {
            TokenRequestError::InvalidRequest(_) => "invalid_request",
            TokenRequestError::InvalidClient => "invalid_client",
            TokenRequestError::UnsupportedGrantType(_) => "unsupported_grant_type",
            TokenRequestError::InvalidScope(_) => "invalid_scope",
        }
    }

    /// The `error_description` member (RFC 6749 allows neither `"` nor `\` in it).
    pub fn description(&self) -> String {
        let text = match self {
            TokenRequestError::InvalidRequest(reason) => reason.clone(),
            TokenRequestError::InvalidClient => "Client authentication failed.".to_owned(),
            TokenRequestError::UnsupportedGrantType(grant) => {
                format!("Grant type {grant} is not supported; use client_credentials.")
            }
            TokenRequestError::InvalidScope(scope) => {
                format!("Scope {scope} is unknown or not allowed for this client.")
            }
        };
        text.replace(['"', '\\'], "'")
    }
}

impl From<TokenRequestError> for ApiError {
    fn from(error: TokenRequestError) -> ApiError {
        ApiError::OAuth(error)
    }
}

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
/// `client_id` and `client_secret` in the body (`client_secret_post`), never both.
#[utoipa::path(
    post, path = "/oauth/token", tag = "oauth", operation_id = "issueToken",
    request_body(content = TokenRequestForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "An access token (one hour)", body = TokenResponse,
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "RFC 6749 §5.2 error (invalid_request, unsupported_grant_type, invalid_scope)", body = crate::problem::ProblemBody, content_type = "application/json"),
        (status = 401, description = "invalid_client", body = crate::problem::ProblemBody, content_type = "application/json"),
        (status = 413, description = "Body too large", body = crate::problem::ProblemBody, content_type = "application/problem+json"),
    ),
    security(())
)]
pub async fn token(
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let is_form = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if !is_form {
        return Err(TokenRequestError::InvalidRequest(
            "The body must be application/x-www-form-urlencoded.".into(),
        )
        .into());
    }
    let body = raw_bytes(payload, TOKEN_REQUEST_LIMIT).await?;
    let form = read_form(&body)?;
    let basic = basic_credentials(&request)?;
    let (client_id, client_secret) = match (basic, form.get("client_secret")) {
        (Some(_), Some(_)) => {
            return Err(TokenRequestError::InvalidRequest(
                "Authenticate the client one way only: HTTP Basic or client_secret in the body, not both.".into(),
            )
            .into());
        }
        (Some((id, secret)), None) => {
            if form.get("client_id").is_some_and(|body_id| *body_id != id) {
                return Err(TokenRequestError::InvalidRequest(
                    "client_id in the body differs from the one in Authorization.".into(),
                )
                .into());
            }
            (id, secret)
        }
        (None, Some(secret)) => {
            let id = form
                .get("client_id")
                .ok_or(TokenRequestError::InvalidClient)?;
            (id.clone(), secret.clone())
        }
        (None, None) => return Err(TokenRequestError::InvalidClient.into()),
    };
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
        &client_id,
        &client_secret,
        form.get("scope").map(String::as_str),
    )
    .await
    .map_err(|error| match error {
        TokenError::InvalidClient => ApiError::OAuth(TokenRequestError::InvalidClient),
        TokenError::InvalidScope { scope } => {
            ApiError::OAuth(TokenRequestError::InvalidScope(scope))
        }
        TokenError::Storage(storage) => ApiError::UseCase(UseCaseError::Storage(storage)),
    })?;
    let mut response = json(
        StatusCode::OK,
        &TokenResponse {
            access_token: issued.access_token,
            token_type: "Bearer",
            expires_in: issued.expires_in,
            scope: Scope::join(&issued.scopes),
        },
    );
    let headers = response.headers_mut();
    headers.insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    headers.insert(
        actix_web::http::header::PRAGMA,
        actix_web::http::header::HeaderValue::from_static("no-cache"),
    );
    Ok(response)
}

/// The form's parameters. A repeated parameter is an error (RFC 6749 §3.2); one sent
/// without a value counts as not sent.
fn read_form(body: &[u8]) -> Result<BTreeMap<String, String>, TokenRequestError> {
    let mut parameters = BTreeMap::new();
    for (name, value) in form_urlencoded::parse(body) {
        if parameters.contains_key(name.as_ref()) {
            return Err(TokenRequestError::InvalidRequest(format!(
                "Parameter {name} is repeated."
            )));
        }
        if !value.is_empty() {
            parameters.insert(name.into_owned(), value.into_owned());
        }
    }
    Ok(parameters)
}

/// `client_secret_basic`: `Authorization: Basic base64(urlencode(id) ":" urlencode(secret))`
/// (RFC 6749 §2.3.1). `None` without an `Authorization` header.
fn basic_credentials(request: &HttpRequest) -> Result<Option<(String, String)>, TokenRequestError> {
    let Some(header) = request.headers().get(AUTHORIZATION) else {
        return Ok(None);
    };
    let text = header
        .to_str()
        .map_err(|_| TokenRequestError::InvalidClient)?;
    let (scheme, encoded) = text
        .trim()
        .split_once(' ')
        .ok_or(TokenRequestError::InvalidClient)?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(TokenRequestError::InvalidClient);
    }
    let decoded = STANDARD
        .decode(encoded.trim())
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .ok_or(TokenRequestError::InvalidClient)?;
    let (id, secret) = decoded
        .split_once(':')
        .ok_or(TokenRequestError::InvalidClient)?;
    Ok(Some((form_decode(id)?, form_decode(secret)?)))
}

/// `application/x-www-form-urlencoded` decoding of one component (`+` is a space).
fn form_decode(text: &str) -> Result<String, TokenRequestError> {
    percent_decode_str(&text.replace('+', " "))
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| TokenRequestError::InvalidClient)
}

/// RFC 8414 authorization server metadata: where the token endpoint is and what it takes.
#[utoipa::path(
    get, path = "/.well-known/oauth-authorization-server", tag = "oauth",
    operation_id = "authorizationServerMetadata",
    responses((status = 200, description = "RFC 8414 metadata", body = Object)),
    security(())
)]
pub async fn authorization_server_metadata(state: web::Data<AppState>) -> HttpResponse {
    let issuer = &state.settings.public_url;
    json(
        StatusCode::OK,
        &json!({
            "issuer": issuer,
            "token_endpoint": format!("{issuer}/oauth/token"),
            "grant_types_supported": [GRANT_TYPE],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "response_types_supported": [],
            "scopes_supported": Scope::ALL.map(Scope::as_str),
            "service_documentation": format!("{issuer}/docs/"),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_reject_repeats_and_drop_empty_values() {
        let form = read_form(b"grant_type=client_credentials&scope=&x=1").unwrap_or_default();
        assert_eq!(form.get("grant_type").map(String::as_str), Some(GRANT_TYPE));
        assert!(!form.contains_key("scope"));
        assert!(matches!(
            read_form(b"scope=a&scope=b"),
            Err(TokenRequestError::InvalidRequest(_))
        ));
    }

    #[test]
    fn basic_components_are_form_decoded() {
        // RFC 6749 §2.3.1: `s3cr3t/+=` is sent as `s3cr3t%2F%2B%3D`.
        assert_eq!(
            form_decode("s3cr3t%2F%2B%3D").ok().as_deref(),
            Some("s3cr3t/+=")
        );
        assert_eq!(form_decode("a+b").ok().as_deref(), Some("a b"));
    }
}
