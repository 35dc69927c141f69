//! The documentation pieces every route shares: the standard error responses, the 304 of a
//! conditional read, and the descriptions of the `If-None-Match` and `Idempotency-Key`
//! headers.

use std::collections::BTreeMap;

use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{IntoResponses, PartialSchema};

/// The `Idempotency-Key` parameter every write route declares.
/// What every `as_of` query parameter means, written once: the document gives it to each
/// (`openapi.rs`), and so to the MCP tools' schemas.
pub const AS_OF_DOC: &str = "The books as they stood at this RFC 3339 instant: only what was recorded by then,\nunder the closes in force then; the same `as_of` answers the same bytes forever.\nDefault now; an instant after now is a 422 `AS_OF_IN_FUTURE`.";

pub const IDEMPOTENCY_KEY_DOC: &str = "Optional. A retry with the same key and the same request gets the first answer again (with Idempotent-Replayed: true) for 24 hours; the same key with another request is 422.";

/// `ETag` on a read's 200: a digest of the exact body.
const ETAG_DOC: &str = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)";
/// `If-None-Match` on a read.
pub const IF_NONE_MATCH_DOC: &str =
    "An ETag from an earlier answer: 304 with no body while it is still the current one";

/// The 304 a conditional read answers while the caller's `ETag` is current.
pub struct NotModified;

impl IntoResponses for NotModified {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let response = ResponseBuilder::new()
            .description("Not modified: If-None-Match names the current ETag; no body")
            .header(
                "ETag",
                HeaderBuilder::new()
                    .schema(String::schema())
                    .description(Some(ETAG_DOC))
                    .build(),
            )
            .build();
        BTreeMap::from([("304".to_owned(), RefOr::T(response))])
    }
}

/// The error responses an operation can declare (the eight every primary-surface operation
/// declares, docs/errors.md, "Problems in the OpenAPI document": 400, 401, 402, 403, 404,
/// 422, 429, 500), plus those our routes can also give (408, 409, 413, 415, 503).
/// `openapi_problems` keeps, for each operation, those it can really return. (A 405
/// answers a method the path does not have, so it belongs to no operation.)
pub struct StandardErrors;

impl IntoResponses for StandardErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let problem = || {
            ContentBuilder::new()
                .schema(Some(RefOr::Ref(Ref::from_schema_name("ProblemBody"))))
                .build()
        };
        [
            (400, "Invalid parameters or malformed JSON"),
            (401, "Missing or invalid bearer token"),
            (402, "Payment required"),
            (403, "Insufficient scope"),
            (404, "Not found (another tenant's resources included)"),
            (
                408,
                "The body did not arrive within 10 seconds of the headers",
            ),
            (409, "The contract's status or version does not allow this"),
            (413, "Body too large"),
            (415, "Body is not JSON"),
            (422, "Validation failed"),
            (429, "Rate limit exceeded"),
            (500, "Unexpected server fault"),
            (503, "Database unavailable"),
        ]
        .into_iter()
        .map(|(status, description)| {
            let mut response = ResponseBuilder::new()
                .description(description)
                .content("application/problem+json", problem());
            if status == 401 || status == 403 {
                response = response.header(
                    "WWW-Authenticate",
                    HeaderBuilder::new()
                        .schema(String::schema())
                        .description(Some("Bearer challenge"))
                        .build(),
                );
            }
            if status == 429 {
                for (name, description) in [
                    (
                        "Retry-After",
                        "Seconds until the window resets (equals RateLimit-Reset)",
                    ),
                    (
                        "RateLimit-Limit",
                        "Requests per minute of the credential's plan",
                    ),
                    ("RateLimit-Remaining", "0"),
                    ("RateLimit-Reset", "Seconds until the window resets"),
                ] {
                    response = response.header(
                        name,
                        HeaderBuilder::new()
                            .schema(u32::schema())
                            .description(Some(description))
                            .build(),
                    );
                }
            }
            (status.to_string(), RefOr::T(response.build()))
        })
        .collect()
    }
}
