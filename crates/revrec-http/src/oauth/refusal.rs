//! Why an endpoint of the authorization server refused, and how that reads as a problem.

use crate::shell::error::{ApiError, OAuthRefusal};
use crate::shell::problem::ErrorCode;

/// Why an endpoint of the authorization server (token, revocation, introspection) refused,
/// as RFC 6749 §5.2 names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TokenRequestError {
    InvalidRequest(String),
    InvalidClient,
    UnsupportedGrantType(String),
    InvalidScope(String),
    /// Too many failed client authentications from the address or for the client id;
    /// `retry_after` seconds until the window ends.
    Throttled {
        retry_after: u32,
    },
}

impl TokenRequestError {
    /// The `error` member.
    pub fn oauth_error(&self) -> &'static str {
        match self {
            TokenRequestError::InvalidRequest(_) => "invalid_request",
            TokenRequestError::InvalidClient => "invalid_client",
            TokenRequestError::UnsupportedGrantType(_) => "unsupported_grant_type",
            TokenRequestError::InvalidScope(_) => "invalid_scope",
            // RFC 6749 has no code for "too many attempts"; this registered one says the
            // server will not handle the request for now, and tells nothing about the
            // credentials (the right secret gets it too). Retry-After says when.
            TokenRequestError::Throttled { .. } => "temporarily_unavailable",
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
            TokenRequestError::Throttled { retry_after } => format!(
                "Too many failed client authentications from this address or for this client; every attempt is refused for {retry_after} more seconds."
            ),
        };
        text.replace(['"', '\\'], "'")
    }
}

impl From<TokenRequestError> for ApiError {
    fn from(error: TokenRequestError) -> ApiError {
        let code = match error {
            TokenRequestError::InvalidRequest(_) => ErrorCode::OAuthInvalidRequest,
            TokenRequestError::InvalidClient => ErrorCode::OAuthInvalidClient,
            TokenRequestError::UnsupportedGrantType(_) => ErrorCode::OAuthUnsupportedGrantType,
            TokenRequestError::InvalidScope(_) => ErrorCode::OAuthInvalidScope,
            TokenRequestError::Throttled { .. } => ErrorCode::OAuthClientThrottled,
        };
        ApiError::OAuth(OAuthRefusal {
            code,
            error: error.oauth_error(),
            description: error.description(),
            retry_after: match error {
                TokenRequestError::Throttled { retry_after } => Some(retry_after),
                _ => None,
            },
            client_authentication_failed: matches!(error, TokenRequestError::InvalidClient),
        })
    }
}
