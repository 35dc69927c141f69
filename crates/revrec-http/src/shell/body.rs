//! Reading JSON bodies: content type, size limit, and parse errors that name the field.

use actix_web::HttpRequest;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::web;
use actix_web::web::Bytes;
use std::time::Duration;

use serde::de::{DeserializeOwned, IgnoredAny};

use crate::shell::error::ApiError;
use crate::shell::problem::FieldProblem;

/// Reads and parses the body as `T`. Syntax errors are 400 MALFORMED_JSON; a well-formed
/// document of the wrong shape (missing, unknown or mistyped field) is 422 with the field.
pub async fn json_body<T: DeserializeOwned>(
    request: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<T, ApiError> {
    parse_json(&json_bytes(request, payload, limit).await?)
}

/// The body of a JSON request, unparsed (for digests before parsing): the content type is
/// checked and the size capped.
pub async fn json_bytes(
    request: &HttpRequest,
    payload: web::Payload,
    limit: usize,
) -> Result<Bytes, ApiError> {
    require_json_content_type(request)?;
    raw_bytes(payload, limit).await
}

/// How long a body may take to arrive once its headers have (`docs/limits.md`): a caller
/// trickling bytes holds a connection and a worker's attention for no longer than this.
pub const BODY_DEADLINE: Duration = Duration::from_secs(10);

/// The body whatever its type (routes that take none still digest what they were sent).
pub async fn raw_bytes(payload: web::Payload, limit: usize) -> Result<Bytes, ApiError> {
    let read = actix_web::rt::time::timeout(BODY_DEADLINE, payload.to_bytes_limited(limit));
    match read.await {
        Err(_) => Err(ApiError::BodyTimeout {
            seconds: BODY_DEADLINE.as_secs(),
        }),
        Ok(Err(_)) => Err(ApiError::PayloadTooLarge { limit }),
        Ok(Ok(Err(error))) => Err(ApiError::MalformedJson(format!(
            "the body could not be read ({error})"
        ))),
        Ok(Ok(Ok(bytes))) => Ok(bytes),
    }
}

/// 415 unless the request says its body is JSON.
pub fn require_json_content_type(request: &HttpRequest) -> Result<(), ApiError> {
    let Some(value) = request.headers().get(CONTENT_TYPE) else {
        return Err(ApiError::UnsupportedMediaType("no Content-Type".into()));
    };
    let text = value.to_str().unwrap_or("").to_ascii_lowercase();
    let essence = text.split(';').next().unwrap_or("").trim();
    if essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
    {
        Ok(())
    } else {
        Err(ApiError::UnsupportedMediaType(essence.to_owned()))
    }
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Most bodies are sound: they are read once, without tracking the path (which costs a
    // quarter of the read), their UTF-8 checked over the whole body at once rather than
    // string by string. Only a body that fails is read again, to name what is wrong.
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        if let Ok(value) = T::deserialize(&mut deserializer)
            && deserializer.end().is_ok()
        {
            return Ok(value);
        }
    }
    parse_json_naming_the_field(bytes)
}

/// [`parse_json`] with serde's path kept, for the error that names the field.
fn parse_json_naming_the_field<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        match inner.classify() {
            // A document that is not JSON at all (trailing characters after a valid
            // object, say) is malformed, whatever its first object's fields say.
            serde_json::error::Category::Data
                if let Err(syntax) = serde_json::from_slice::<IgnoredAny>(bytes) =>
            {
                ApiError::MalformedJson(syntax.to_string())
            }
            serde_json::error::Category::Data => {
                let message = without_position(&inner);
                ApiError::Validation(vec![FieldProblem {
                    field: field_of(&path, &message),
                    message,
                }])
            }
            serde_json::error::Category::Syntax
            | serde_json::error::Category::Eof
            | serde_json::error::Category::Io => ApiError::MalformedJson(inner.to_string()),
        }
    })?;
    deserializer
        .end()
        .map_err(|error| ApiError::MalformedJson(error.to_string()))?;
    Ok(value)
}

/// The field a data error is about: serde's path, extended by the field a "missing field"
/// message names (serde reports those at the enclosing object).
fn field_of(path: &str, message: &str) -> String {
    let base = if path == "." { "" } else { path };
    let missing = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next());
    match (base, missing) {
        ("", Some(name)) => name.to_owned(),
        (base, Some(name)) => format!("{base}.{name}"),
        (base, None) => base.to_owned(),
    }
}

/// serde's message without its " at line 1 column 9" suffix (the field names the place).
pub(crate) fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}
