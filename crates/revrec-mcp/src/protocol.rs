//! MCP messages, whatever carries them: one JSON-RPC message in, at most one out.
//!
//! Both eras of the protocol (MCP 2025-11-25, Lifecycle; MCP 2026-07-28, Versioning): the
//! legacy `initialize` handshake (2025-11-25, 2025-06-18, 2025-03-26) and the stateless
//! 2026-07-28 revision (`server/discover`, `_meta` on every request, `resultType` on every
//! result).
//! No session is kept: every request stands alone, so any instance can answer it.

use revrec_usecases::Principal;
use rmcp::model::{
    CacheScope, CallToolResult, ContentBlock, DiscoverResult, ErrorCode, ErrorData, Implementation,
    InitializeResult, ProtocolVersion, ServerCapabilities, ToolsCapability,
};
use serde_json::{Map, Value, json};

use crate::tools::{self, BadArguments};
use revrec_http::shell::cost::Window;
use revrec_http::shell::state::AppState;

/// The stateless revision.
pub const MODERN: &str = "2026-07-28";
/// The `initialize` revisions, newest first (what an unknown request is answered with).
pub const LEGACY: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];
/// How long a client may keep the tool list (2026-07-28 `ttlMs`): five minutes.
const TOOLS_TTL_MS: u64 = 300_000;
const DISCOVER_TTL_MS: u64 = 3_600_000;

/// Which era a request was made in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Era {
    Legacy,
    Modern,
}

/// What one message gets back.
#[derive(Debug, PartialEq)]
pub enum Answer {
    /// A notification or a client's response: nothing to send (HTTP 202).
    Accepted,
    /// A response (a result or an error).
    Response(Value),
    /// The method is not one the server has (HTTP 404 under 2026-07-28).
    UnknownMethod(Value),
}

/// Every version this server speaks.
pub fn supported() -> Vec<&'static str> {
    let mut versions = vec![MODERN];
    versions.extend(LEGACY);
    versions
}

fn server_info() -> Implementation {
    Implementation::new("revrec", env!("CARGO_PKG_VERSION"))
}

fn capabilities() -> ServerCapabilities {
    let mut tools = ToolsCapability::default();
    tools.list_changed = Some(false);
    let mut capabilities = ServerCapabilities::default();
    capabilities.tools = Some(tools);
    capabilities
}

/// One of our versions as the SDK's type.
fn protocol_version(version: &str) -> ProtocolVersion {
    match version {
        "2025-11-25" => ProtocolVersion::V_2025_11_25,
        "2025-06-18" => ProtocolVersion::V_2025_06_18,
        "2025-03-26" => ProtocolVersion::V_2025_03_26,
        _ => ProtocolVersion::V_2026_07_28,
    }
}

/// The JSON-RPC error response to `id`.
pub fn error(id: &Value, error: &ErrorData) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Handles `message` for `principal`.
/// Answers one JSON-RPC message; a tool call is charged against `window`, the caller's
/// rate-limit window as its request's admission left it.
pub async fn handle(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    message: &Value,
    era: Era,
) -> Answer {
    let Some(object) = message.as_object() else {
        return Answer::Response(error(
            &Value::Null,
            &ErrorData::new(
                ErrorCode::INVALID_REQUEST,
                "a message is one JSON object",
                None,
            ),
        ));
    };
    let id = object
        .get("id")
        .filter(|id| id.is_string() || id.is_number());
    let method = object.get("method").and_then(Value::as_str);
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Answer::Response(error(
            id.unwrap_or(&Value::Null),
            &ErrorData::new(
                ErrorCode::INVALID_REQUEST,
                "`jsonrpc` must be \"2.0\"",
                None,
            ),
        ));
    }
    let (Some(method), Some(id)) = (method, id) else {
        // A notification, or a response to the server (it sends no requests): nothing back.
        return if method.is_some() || object.contains_key("result") || object.contains_key("error")
        {
            Answer::Accepted
        } else {
            Answer::Response(error(
                &Value::Null,
                &ErrorData::new(ErrorCode::INVALID_REQUEST, "a request needs an `id`", None),
            ))
        };
    };
    let params = object.get("params").cloned().unwrap_or_else(|| json!({}));
    match method {
        "initialize" => Answer::Response(result(id, initialize(&params))),
        "ping" => Answer::Response(result(id, complete(json!({}), era))),
        "server/discover" => Answer::Response(result(id, discover())),
        "tools/list" => Answer::Response(result(id, list_tools(era))),
        "tools/call" => {
            Answer::Response(call_tool(state, principal, window, id, &params, era).await)
        }
        _ => Answer::UnknownMethod(error(
            id,
            &ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                format!("no method `{method}`"),
                None,
            ),
        )),
    }
}

/// Legacy handshake: the requested version when it is one of ours, else our newest.
fn initialize(params: &Value) -> Value {
    let requested = params["protocolVersion"].as_str().unwrap_or_default();
    let negotiated = LEGACY
        .iter()
        .find(|version| **version == requested)
        .copied()
        .unwrap_or(LEGACY[0]);
    let mut answer = InitializeResult::new(capabilities())
        .with_server_info(server_info())
        .with_instructions(
            "revrec recognizes revenue under ASC 606 / IFRS 15. Ingest contracts, then read \
             waterfalls, Note 6 and jobs. Amounts are exact decimal strings or numbers in the \
             contract's currency; failures come back as results with isError and the problem's \
             code, message and hint.",
        );
    answer.protocol_version = protocol_version(negotiated);
    serde_json::to_value(answer).unwrap_or_default()
}

fn discover() -> Value {
    let versions = supported().into_iter().map(protocol_version).collect();
    let answer = DiscoverResult::new(versions, capabilities())
        .with_server_info(server_info())
        .with_ttl_ms(DISCOVER_TTL_MS)
        .with_cache_scope(CacheScope::Public);
    serde_json::to_value(answer).unwrap_or_default()
}

fn list_tools(era: Era) -> Value {
    let answer = json!({ "tools": tools::described() });
    match era {
        Era::Legacy => answer,
        Era::Modern => {
            let mut answer = complete(answer, era);
            answer["ttlMs"] = json!(TOOLS_TTL_MS);
            // The list is the same for everyone, but what a caller may run is not.
            answer["cacheScope"] = json!("private");
            answer
        }
    }
}

/// A 2026-07-28 result says it is complete; earlier revisions have no such field.
fn complete(mut answer: Value, era: Era) -> Value {
    match (era, answer.as_object_mut()) {
        (Era::Modern, Some(object)) => {
            object.insert("resultType".into(), json!("complete"));
        }
        (Era::Legacy, Some(object)) => {
            object.remove("resultType");
        }
        _ => {}
    }
    answer
}

async fn call_tool(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    id: &Value,
    params: &Value,
    era: Era,
) -> Value {
    let invalid = |message: String| {
        error(
            id,
            &ErrorData::new(ErrorCode::INVALID_PARAMS, message, None),
        )
    };
    let Some(name) = params["name"].as_str() else {
        return invalid("tools/call needs the tool's `name`".into());
    };
    let Some(spec) = tools::find(name) else {
        return invalid(format!("no tool `{name}`"));
    };
    let arguments = match &params["arguments"] {
        Value::Null => Map::new(),
        Value::Object(arguments) => arguments.clone(),
        _ => return invalid("`arguments` must be an object".into()),
    };
    let outcome = match tools::call(state, principal, window, spec, arguments).await {
        Ok(outcome) => outcome,
        Err(BadArguments(message)) => return invalid(message),
    };
    let answer = match outcome {
        Ok(reply) => {
            let body = serde_json::from_slice(&reply.body).unwrap_or(Value::Null);
            CallToolResult::structured(body)
        }
        // A business failure is a result the model can act on, never a JSON-RPC error: the
        // route's own problem (code, message, hint, field errors) as the text. Not as
        // `structuredContent`, which must match the tool's output schema.
        Err(problem) => {
            let instance = format!("mcp:tools/call/{name}");
            let body = problem.to_body(&state.settings.public_url, &instance, None);
            let text = serde_json::to_string(&body).unwrap_or_default();
            CallToolResult::error(vec![ContentBlock::text(text)])
        }
    };
    result(
        id,
        complete(serde_json::to_value(answer).unwrap_or_default(), era),
    )
}
