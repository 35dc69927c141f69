//! What the one middleware marks on a request or a response for the rooms and itself: the
//! request id, and a response body to leave as it is.

use actix_web::dev::ServiceRequest;

pub const REQUEST_ID: &str = "x-request-id";

/// The id of this request: the caller's `X-Request-Id` when it is short and plain, else a
/// new ULID. Stored in the request extensions for handlers.
#[derive(Clone, Debug)]
pub struct RequestId(pub String);

pub fn request_id_of(request: &ServiceRequest) -> String {
    request
        .headers()
        .get(REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .filter(|id| {
            !id.is_empty()
                && id.len() <= 64
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
        .map_or_else(new_request_id, str::to_owned)
}

/// A lowercase ULID, made in one allocation (it runs for every request).
fn new_request_id() -> String {
    let mut buffer = [0_u8; ulid::ULID_LEN];
    let text = ulid::Ulid::new().array_to_str(&mut buffer);
    text.make_ascii_lowercase();
    text.to_owned()
}

/// Marks an error response whose body is already what the client expects (the JSON-RPC
/// error of an MCP transport refusal): the middleware leaves it as it is.
#[derive(Clone, Copy, Debug)]
pub struct KeepBody;
