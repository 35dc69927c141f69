//! Operational routes: health, readiness, the error-type pages, resource metadata, docs.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::shell::docs::StandardErrors;
use crate::shell::error::ApiError;
use crate::shell::problem::ErrorCode;
use crate::shell::respond::{escape_html, json};
use crate::shell::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: String,
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "system", operation_id = "healthz",
    responses((status = 200, description = "Alive", body = Health)))]
pub async fn healthz() -> HttpResponse {
    json(
        StatusCode::OK,
        &Health {
            status: "ok".into(),
        },
    )
}

/// Readiness: the database answers (503 when it does not).
#[utoipa::path(get, path = "/readyz", tag = "system", operation_id = "readyz",
    responses((status = 200, description = "Ready", body = Health), StandardErrors))]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state
        .services
        .reports
        .ping()
        .await
        .map_err(revrec_usecases::UseCaseError::from)?;
    Ok(json(
        StatusCode::OK,
        &Health {
            status: "ready".into(),
        },
    ))
}

/// RFC 9728 protected-resource metadata, linked from every 401.
#[utoipa::path(
    get, path = "/.well-known/oauth-protected-resource", tag = "oauth",
    operation_id = "protectedResourceMetadata",
    responses((status = 200, description = "RFC 9728 metadata", body = Object)),
    security(())
)]
pub async fn protected_resource_metadata(state: web::Data<AppState>) -> HttpResponse {
    resource_metadata(
        &state.settings.public_url,
        "",
        "revrec revenue recognition API",
        "/docs",
    )
}

/// RFC 9728 metadata of the resource at `public_url` + `path` (the API itself, or the MCP
/// endpoint), both issued tokens by this service.
pub fn resource_metadata(
    public_url: &str,
    path: &str,
    name: &str,
    documentation: &str,
) -> HttpResponse {
    json(
        StatusCode::OK,
        &json!({
            "resource": format!("{public_url}{path}"),
            "authorization_servers": [public_url],
            "bearer_methods_supported": ["header"],
            "scopes_supported": revrec_ports::Scope::ALL.map(|scope| scope.as_str()),
            "resource_name": name,
            "resource_documentation": format!("{public_url}{documentation}"),
        }),
    )
}

/// Where to start: links to the docs and the document.
pub async fn index(state: web::Data<AppState>) -> HttpResponse {
    let public_url = &state.settings.public_url;
    json(
        StatusCode::OK,
        &json!({
            "name": "revrec",
            "docs": format!("{public_url}/docs/"),
            "openapi": format!("{public_url}/openapi.json"),
            "errors": format!("{public_url}/errors"),
            "primary_surface": format!("{public_url}/v1"),
        }),
    )
}

/// The page a problem's `type` URL points at.
pub async fn error_page(path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let code = ErrorCode::from_slug(&path).ok_or_else(|| ApiError::RouteNotFound {
        path: format!("/errors/{path}"),
    })?;
    let hint = code
        .hint()
        .map(|hint| format!("<p><strong>Next step:</strong> {}</p>", escape_html(hint)))
        .unwrap_or_default();
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{code} — revrec</title></head>\
         <body><h1><code>{code}</code></h1><p><strong>HTTP {status}</strong> · {title}</p><p>{explanation}</p>{hint}\
         <p><a href=\"/errors\">All error codes</a> · <a href=\"/docs/\">API docs</a></p></body></html>",
        code = code.as_str(),
        status = code.status(),
        title = escape_html(code.title()),
        explanation = escape_html(code.explanation()),
    );
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body))
}

/// Every error code on one page.
pub async fn error_index() -> HttpResponse {
    let rows: String = ErrorCode::ALL
        .iter()
        .map(|code| {
            format!(
                "<tr><td><a href=\"/errors/{slug}\"><code>{code}</code></a></td><td>{status}</td><td>{title}</td></tr>",
                slug = code.slug(),
                code = code.as_str(),
                status = code.status(),
                title = escape_html(code.title()),
            )
        })
        .collect();
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>revrec error codes</title></head>\
         <body><h1>revrec error codes</h1><table><tr><th>code</th><th>status</th><th>title</th></tr>{rows}</table></body></html>"
    ))
}
