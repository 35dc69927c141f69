//! Operational routes: health, readiness, the error-type pages, resource metadata, docs.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::openapi::StandardErrors;
use crate::shell::error::ApiError;
use crate::shell::problem::ErrorCode;
use crate::shell::respond::json;
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

/// The OpenAPI 3.1 document (rendered once per process).
pub async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(crate::openapi::document_text())
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
        .map(|hint| format!("<p><strong>Next step:</strong> {}</p>", escape(hint)))
        .unwrap_or_default();
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{code} — revrec</title></head>\
         <body><h1><code>{code}</code></h1><p><strong>HTTP {status}</strong> · {title}</p><p>{explanation}</p>{hint}\
         <p><a href=\"/errors\">All error codes</a> · <a href=\"/docs/\">API docs</a></p></body></html>",
        code = code.as_str(),
        status = code.status(),
        title = escape(code.title()),
        explanation = escape(code.explanation()),
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
                title = escape(code.title()),
            )
        })
        .collect();
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>revrec error codes</title></head>\
         <body><h1>revrec error codes</h1><table><tr><th>code</th><th>status</th><th>title</th></tr>{rows}</table></body></html>"
    ))
}

/// `/docs` → `/docs/` (the Swagger UI assets are relative to the slash).
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header(("Location", "/docs/"))
        .finish()
}

/// HTML-escapes text for the error pages.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('`', "")
}

/// The versioning and deprecation policy (docs/versioning.md), as HTML, followed by the
/// operations this deployment has deprecated. `Link` headers of deprecated routes point
/// here.
pub async fn versioning_page(state: web::Data<AppState>) -> HttpResponse {
    static POLICY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let policy = POLICY.get_or_init(|| {
        let markdown = include_str!("../../../docs/versioning.md");
        let mut html = String::new();
        pulldown_cmark::html::push_html(
            &mut html,
            pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES),
        );
        html
    });
    let mut rows = String::new();
    for deprecation in &state.settings.deprecations {
        let [deprecated, sunset, _] = deprecation.headers(&state.settings.public_url);
        rows.push_str(&format!(
            "<tr><td><code>{} {}</code></td><td><code>{}</code></td><td>{}</td></tr>",
            escape(&deprecation.method),
            escape(&deprecation.path),
            escape(&deprecated.1),
            escape(&sunset.1),
        ));
    }
    let current = if rows.is_empty() {
        "<p>No operation of this deployment is deprecated.</p>".to_owned()
    } else {
        format!(
            "<table><thead><tr><th>Operation</th><th>Deprecation</th><th>Sunset</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    };
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Versioning and deprecation — revrec</title></head>\
         <body>{policy}<h2 id=\"deprecated-now\">Deprecated in this deployment</h2>{current}\
         <p><a href=\"/docs/\">API docs</a></p></body></html>"
    );
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body)
}
