//! RFC 7662 token introspection at `POST /oauth/introspect`: whether an access token is
//! active, and what it carries, for the client it was issued to.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::{ActiveToken, Scope};
use revrec_usecases::introspect_token::introspect_access_token;
use serde::Serialize;
use utoipa::ToSchema;

use crate::oauth::client::{
    ClientAuthenticationErrors, client_attempt, client_refusal, never_stored, presented_client,
    read_form_body, token_parameter,
};
use crate::shell::error::ApiError;
use crate::shell::respond::json;
use crate::shell::state::AppState;

/// The introspection request's form fields (RFC 7662 §2.1), for the OpenAPI document.
#[derive(ToSchema)]
#[allow(dead_code, reason = "describes the form; never constructed")]
pub struct IntrospectionRequestForm {
    /// The access token to describe.
    #[schema(example = "rr_oat_…")]
    token: String,
    /// Accepted and not needed (every token this server issues is an access token).
    #[schema(example = "access_token")]
    token_type_hint: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_id: Option<String>,
    /// `client_secret_post` only; otherwise HTTP Basic.
    client_secret: Option<String>,
}

/// RFC 7662 §2.2: `active`, and for an active token what it carries; an inactive token
/// is `{"active": false}` and nothing else.
#[derive(Serialize, ToSchema, PartialEq, Eq, Debug)]
pub struct IntrospectionResponse {
    pub active: bool,
    /// The token's scopes, space-separated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "read:contracts")]
    pub scope: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Bearer")]
    pub token_type: Option<&'static str>,
    /// Expiry, in seconds since the Unix epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exp: Option<i64>,
    /// Issue time, in seconds since the Unix epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iat: Option<i64>,
    /// Whom the token stands for: the client (the client credentials grant has no user).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub: Option<String>,
    /// The issuer, as in the authorization server metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iss: Option<String>,
}

impl IntrospectionResponse {
    fn of(token: Option<ActiveToken>, issuer: &str) -> IntrospectionResponse {
        let seconds = |micros: i64| micros.div_euclid(1_000_000);
        match token {
            None => IntrospectionResponse {
                active: false,
                scope: None,
                client_id: None,
                token_type: None,
                exp: None,
                iat: None,
                sub: None,
                iss: None,
            },
            Some(token) => IntrospectionResponse {
                active: true,
                scope: Some(Scope::join(&token.scopes)),
                sub: Some(token.client_id.clone()),
                client_id: Some(token.client_id),
                token_type: Some("Bearer"),
                exp: Some(seconds(token.expires_at)),
                iat: Some(seconds(token.issued_at)),
                iss: Some(issuer.to_owned()),
            },
        }
    }
}

/// Describes one of the calling client's access tokens (RFC 7662). The client
/// authenticates as at the token endpoint, under the same limit of failed
/// authentications. A token that is unknown, expired, revoked, of a revoked client or
/// issued to another client is `{"active": false}`.
#[utoipa::path(
    post, path = "/oauth/introspect", tag = "oauth", operation_id = "introspectToken",
    request_body(content = IntrospectionRequestForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Whether the token is active, and what it carries when it is", body = IntrospectionResponse,
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "invalid_request (no token, a repeated parameter, not a form, both client authentication methods)", body = crate::shell::problem::ProblemBody, content_type = "application/json"),
        ClientAuthenticationErrors,
    ),
    security(())
)]
pub async fn introspect(
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let form = read_form_body(&request, payload).await?;
    let credentials = presented_client(&request, &form)?;
    let token = token_parameter(&form)?;
    let found = introspect_access_token(
        &state.services,
        client_attempt(&request, credentials.as_ref()),
        token,
    )
    .await
    .map_err(|refused| client_refusal(&request, refused))?;
    Ok(never_stored(json(
        StatusCode::OK,
        &IntrospectionResponse::of(found, &state.settings.public_url),
    )))
}

#[cfg(test)]
mod tests {
    use revrec_ports::Plan;

    use super::*;

    #[test]
    fn an_inactive_token_says_active_false_and_nothing_else() {
        let body = serde_json::to_string(&IntrospectionResponse::of(None, "https://r.test"));
        assert_eq!(body.ok().as_deref(), Some(r#"{"active":false}"#));
    }

    #[test]
    fn an_active_token_carries_whole_seconds_and_its_client_as_subject() {
        let token = ActiveToken {
            tenant_id: "acme".into(),
            client_id: "rrc_1".into(),
            scopes: vec![Scope::ReadContracts, Scope::ReadWaterfalls],
            plan: Plan::Growth,
            issued_at: 1_795_435_200_999_999,
            expires_at: 1_795_438_800_999_999,
        };
        let body = IntrospectionResponse::of(Some(token), "https://r.test");
        assert_eq!(
            serde_json::to_value(&body).unwrap_or_default(),
            serde_json::json!({
                "active": true,
                "scope": "read:contracts read:waterfalls",
                "client_id": "rrc_1",
                "token_type": "Bearer",
                "exp": 1_795_438_800_i64,
                "iat": 1_795_435_200_i64,
                "sub": "rrc_1",
                "iss": "https://r.test",
            })
        );
    }
}
