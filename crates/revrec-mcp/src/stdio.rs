//! MCP over stdio (`revrec mcp`), for a local agent: one JSON-RPC message per line in, one
//! per line out, through the same dispatch and tools as `POST /mcp`.
//!
//! The credential comes from the environment, not the messages; it is checked for every
//! message, so a key revoked meanwhile stops working at once. There are no headers, so the
//! era is the message's: a `_meta` protocol version of 2026-07-28 makes it stateless, else
//! the legacy handshake applies.

use revrec_ports::Scope;
use revrec_usecases::authenticate::authenticate;
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

use crate::protocol::{self, Answer, Era, MODERN, error};
use revrec_http::shell::cost::Window;
use revrec_http::shell::error::ApiError;
use revrec_http::shell::state::AppState;

/// Serves `input` until it ends, answering on `output`.
///
/// # Errors
/// Reading or writing failed.
pub async fn serve<R, W>(
    state: &AppState,
    token: &str,
    input: R,
    mut output: W,
) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut lines = input.lines();
    while let Some(line) = lines.next_line().await? {
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Ok(message) => answer(state, token, &message).await,
            Err(_) => Some(error(
                &Value::Null,
                &ErrorData::new(
                    ErrorCode::PARSE_ERROR,
                    "a line is one JSON-RPC message",
                    None,
                ),
            )),
        };
        if let Some(answer) = answer {
            output.write_all(answer.to_string().as_bytes()).await?;
            output.write_all(b"\n").await?;
            output.flush().await?;
        }
    }
    Ok(())
}

async fn answer(state: &AppState, token: &str, message: &Value) -> Option<Value> {
    let id = message
        .get("id")
        .filter(|id| id.is_string() || id.is_number());
    let principal = authenticate(&state.services, state.settings.sandbox_mode, token)
        .await
        .and_then(|principal| principal.require(Scope::ExecuteMcp).map(|()| principal));
    let principal = match principal {
        Ok(principal) => principal,
        Err(refused) => {
            // A notification gets no answer, even a refusal.
            let id = id?;
            let problem = ApiError::from(refused).problem();
            return Some(error(
                id,
                &ErrorData::new(
                    ErrorCode::INVALID_REQUEST,
                    format!(
                        "the credential in REVREC_MCP_TOKEN is refused: {}",
                        problem.message
                    ),
                    Some(serde_json::json!({ "code": problem.code.as_str() })),
                ),
            ));
        }
    };
    let modern = message["method"].as_str() != Some("initialize")
        && message["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"].as_str()
            == Some(MODERN);
    let era = if modern { Era::Modern } else { Era::Legacy };
    // A local process over stdio is not rate-limited: nothing to charge against.
    match protocol::handle(state, &principal, &Window::default(), message, era).await {
        Answer::Accepted => None,
        Answer::Response(response) | Answer::UnknownMethod(response) => Some(response),
    }
}
