//! RFC 8414 authorization server metadata.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use revrec_ports::Scope;
use serde_json::json;

use crate::oauth::client::{CLIENT_AUTH_METHODS, GRANT_TYPE};
use crate::shell::respond::json;
use crate::shell::state::AppState;

/// RFC 8414 authorization server metadata: where the token, revocation and introspection
/// endpoints are and what they take.
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
            "token_endpoint_auth_methods_supported": CLIENT_AUTH_METHODS,
            "revocation_endpoint": format!("{issuer}/oauth/revoke"),
            "revocation_endpoint_auth_methods_supported": CLIENT_AUTH_METHODS,
            "introspection_endpoint": format!("{issuer}/oauth/introspect"),
            "introspection_endpoint_auth_methods_supported": CLIENT_AUTH_METHODS,
            "response_types_supported": [],
            "scopes_supported": Scope::ALL.map(Scope::as_str),
            "service_documentation": format!("{issuer}/docs/"),
        }),
    )
}
