//! MCP over Streamable HTTP (`POST /mcp`), beside the HTTP API and over the same route
//! functions: the transport's rules here, the messages in `protocol`, the tools in `tools`.
//!
//! Every request is authenticated (API keys and OAuth tokens, scope `execute:mcp`, and
//! each tool's own data scope when it runs), counted under the credential's rate limit, and
//! answered with one JSON body (`application/json`); no stream is offered, so `GET /mcp` is
//! 405. No session is kept.

use actix_web::http::StatusCode;
use actix_web::http::header::{ACCEPT, ORIGIN};
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::Scope;
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::{Value, json};

use crate::protocol::{self, Answer, Era, MODERN, error, supported};
use revrec_http::shell::auth;
use revrec_http::shell::body::json_bytes;
use revrec_http::shell::cost::Window;
use revrec_http::shell::error::ApiError;
use revrec_http::shell::request::KeepBody;
use revrec_http::shell::routing;
use revrec_http::shell::state::AppState;

const PROTOCOL_VERSION: &str = "mcp-protocol-version";
const METHOD_HEADER: &str = "mcp-method";
const NAME_HEADER: &str = "mcp-name";
const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

pub fn configure(config: &mut web::ServiceConfig) {
    config
        .service(routing::resource("/mcp", "POST").route(web::post().to(post)))
        .service(
            routing::resource("/.well-known/oauth-protected-resource/mcp", "GET")
                .route(web::get().to(protected_resource_metadata)),
        );
}

/// RFC 9728 metadata of the MCP endpoint as a resource of its own.
pub async fn protected_resource_metadata(state: web::Data<AppState>) -> HttpResponse {
    revrec_http::system::resource_metadata(
        &state.settings.public_url,
        "/mcp",
        "revrec MCP tools",
        "/docs/",
    )
}

/// A transport-level refusal: `status` with an id-less JSON-RPC error.
struct Refusal {
    status: StatusCode,
    error: ErrorData,
}

impl Refusal {
    fn new(
        status: StatusCode,
        code: ErrorCode,
        message: impl Into<String>,
        data: Option<Value>,
    ) -> Refusal {
        Refusal {
            status,
            error: ErrorData::new(code, message.into(), data),
        }
    }

    fn into_response(self) -> HttpResponse {
        json_response(self.status, &error(&Value::Null, &self.error))
    }
}

fn refuse(
    status: StatusCode,
    code: ErrorCode,
    message: impl Into<String>,
    data: Option<Value>,
) -> HttpResponse {
    Refusal::new(status, code, message, data).into_response()
}

/// The origin (`scheme://host[:port]`) of the public URL.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |at| at + 3);
    match url[after_scheme..].find('/') {
        Some(slash) => &url[..after_scheme + slash],
        None => url,
    }
}

pub async fn post(
    request: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    // DNS rebinding: a browser page of another origin must not reach the tools.
    if let Some(origin) = request.headers().get(ORIGIN) {
        let allowed = origin_of(&state.settings.public_url);
        if origin.to_str().ok() != Some(allowed) {
            return Ok(refuse(
                StatusCode::FORBIDDEN,
                ErrorCode::INVALID_REQUEST,
                format!("Origin not allowed; this server answers pages of {allowed} only"),
                None,
            ));
        }
    }
    let principal = auth::require(&request, &state, Scope::ExecuteMcp).await?;
    let accepts_json = request
        .headers()
        .get(ACCEPT)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json") || accept.contains("*/*"));
    if !accepts_json {
        return Ok(refuse(
            StatusCode::NOT_ACCEPTABLE,
            ErrorCode::INVALID_REQUEST,
            "Accept must include application/json (and text/event-stream)",
            None,
        ));
    }
    let body = json_bytes(&request, payload, state.settings.json_limit).await?;
    let Ok(message) = serde_json::from_slice::<Value>(&body) else {
        return Ok(refuse(
            StatusCode::BAD_REQUEST,
            ErrorCode::PARSE_ERROR,
            "the body is not JSON",
            None,
        ));
    };
    if message.is_array() {
        return Ok(refuse(
            StatusCode::BAD_REQUEST,
            ErrorCode::INVALID_REQUEST,
            "one JSON-RPC message per request (batches were removed in 2025-06-18)",
            None,
        ));
    }
    let era = match era_of(&request, &message) {
        Ok(era) => era,
        Err(refusal) => return Ok(refusal.into_response()),
    };
    let window = Window::of(&request);
    let answer = protocol::handle(&state, &principal, &window, &message, era).await;
    window.report(&request);
    Ok(match answer {
        Answer::Accepted => HttpResponse::Accepted().finish(),
        Answer::Response(response) => json_response(StatusCode::OK, &response),
        Answer::UnknownMethod(response) => {
            let status = match era {
                Era::Modern => StatusCode::NOT_FOUND,
                Era::Legacy => StatusCode::OK,
            };
            json_response(status, &response)
        }
    })
}

/// A JSON-RPC answer, left as it is by the middleware even when its status is an error.
fn json_response(status: StatusCode, body: &Value) -> HttpResponse {
    let mut response = HttpResponse::build(status)
        .content_type("application/json")
        .body(body.to_string());
    response.extensions_mut().insert(KeepBody);
    response
}

/// The request's era, from `MCP-Protocol-Version` and the message's `_meta`; under
/// 2026-07-28 the headers must repeat what the body says.
fn era_of(request: &HttpRequest, message: &Value) -> Result<Era, Refusal> {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let version = header(PROTOCOL_VERSION);
    let method = message["method"].as_str();
    let meta_version = message["params"]["_meta"][META_VERSION].as_str();
    if let Some(version) = &version
        && !supported().contains(&version.as_str())
    {
        return Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::UNSUPPORTED_PROTOCOL_VERSION,
            format!("unsupported protocol version `{version}`"),
            Some(json!({ "supported": supported(), "requested": version })),
        ));
    }
    let modern = method != Some("initialize")
        && (version.as_deref() == Some(MODERN) || meta_version == Some(MODERN));
    if !modern {
        return Ok(Era::Legacy);
    }
    let mismatch = |what: String| {
        Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::HEADER_MISMATCH,
            what,
            None,
        ))
    };
    if version.as_deref() != meta_version {
        return mismatch(format!(
            "MCP-Protocol-Version ({}) must equal _meta {META_VERSION} ({})",
            version.as_deref().unwrap_or("missing"),
            meta_version.unwrap_or("missing")
        ));
    }
    // Requests name their method in a header too (notifications and responses have none
    // to check when they carry no method).
    if let Some(method) = method
        && header(METHOD_HEADER).as_deref() != Some(method)
    {
        return mismatch(format!(
            "Mcp-Method must equal the body's method `{method}`"
        ));
    }
    if method == Some("tools/call") {
        let name = message["params"]["name"].as_str();
        if header(NAME_HEADER).as_deref() != name {
            return mismatch("Mcp-Name must equal the tool's name in the body".into());
        }
    }
    Ok(Era::Modern)
}
