//! Deprecated and retired routes (decisions.md §11, RFC 9745, RFC 8594): configured per
//! operation, announced on every answer with `Deprecation`, `Sunset` and `Link`, and
//! answered 410 `ENDPOINT_SUNSET` once the sunset has passed.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use utoipa::OpenApi;

use crate::openapi::ApiDoc;
use crate::wire::dates::format_timestamp;

/// The least notice between a deprecation and its sunset (api-spec §9: 180 days ahead).
pub const MIN_NOTICE_DAYS: i64 = 180;
const DAY_SECONDS: i64 = 86_400;

/// One operation's deprecation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deprecation {
    /// `GET`, `POST` …
    pub method: String,
    /// The OpenAPI path template, such as `/v1/contracts/{id}`.
    pub path: String,
    /// Unix seconds from which the operation is deprecated (may be in the future).
    pub deprecated_at: i64,
    /// Unix seconds after which it answers 410.
    pub sunset_at: i64,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DeprecationError {
    #[error("`{0}` is not `METHOD /path DEPRECATION SUNSET` (instants in RFC 3339)")]
    Shape(String),
    #[error("`{0}` is not an RFC 3339 instant, such as 2026-06-30T23:59:59Z")]
    Instant(String),
    #[error("`{0}` is not an operation of this API (see /openapi.json)")]
    UnknownOperation(String),
    #[error(
        "`{operation}`: the sunset must come at least {MIN_NOTICE_DAYS} days after the deprecation"
    )]
    NoticeTooShort { operation: String },
    #[error("`{0}` is deprecated twice")]
    Duplicate(String),
}

fn instant(text: &str) -> Result<i64, DeprecationError> {
    OffsetDateTime::parse(text, &Rfc3339)
        .map(OffsetDateTime::unix_timestamp)
        .map_err(|_| DeprecationError::Instant(text.to_owned()))
}

/// Every operation of the OpenAPI document, as (`METHOD`, path template).
pub fn known_operations() -> Vec<(String, String)> {
    let document = ApiDoc::openapi();
    let mut operations = Vec::new();
    for (path, item) in &document.paths.paths {
        for (method, present) in [
            ("GET", item.get.is_some()),
            ("POST", item.post.is_some()),
            ("PUT", item.put.is_some()),
            ("DELETE", item.delete.is_some()),
            ("PATCH", item.patch.is_some()),
        ] {
            if present {
                operations.push((method.to_owned(), path.clone()));
            }
        }
    }
    operations
}

/// Reads `METHOD /path DEPRECATION SUNSET` entries separated by `;`, each naming an
/// operation of the API, with at least [`MIN_NOTICE_DAYS`] between the two instants.
///
/// # Errors
/// The first entry that breaks a rule.
pub fn parse_deprecations(text: &str) -> Result<Vec<Deprecation>, DeprecationError> {
    let known = known_operations();
    let mut deprecations: Vec<Deprecation> = Vec::new();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let [method, path, deprecated, sunset] = words.as_slice() else {
            return Err(DeprecationError::Shape(entry.to_owned()));
        };
        let method = method.to_ascii_uppercase();
        let operation = format!("{method} {path}");
        if !known.iter().any(|(m, p)| *m == method && p == path) {
            return Err(DeprecationError::UnknownOperation(operation));
        }
        let (deprecated_at, sunset_at) = (instant(deprecated)?, instant(sunset)?);
        if sunset_at < deprecated_at + MIN_NOTICE_DAYS * DAY_SECONDS {
            return Err(DeprecationError::NoticeTooShort { operation });
        }
        if deprecations
            .iter()
            .any(|d| d.method == method && d.path == *path)
        {
            return Err(DeprecationError::Duplicate(operation));
        }
        deprecations.push(Deprecation {
            method,
            path: (*path).to_owned(),
            deprecated_at,
            sunset_at,
        });
    }
    Ok(deprecations)
}

impl Deprecation {
    /// Whether a request is for this operation: `{…}` segments match any one segment.
    pub fn matches(&self, method: &str, path: &str) -> bool {
        if !self.method.eq_ignore_ascii_case(method) {
            return false;
        }
        let mut template = self.path.split('/');
        let mut actual = path.split('/');
        loop {
            match (template.next(), actual.next()) {
                (None, None) => return true,
                (Some(expected), Some(segment)) => {
                    let variable = expected.starts_with('{') && expected.ends_with('}');
                    if !(variable && !segment.is_empty() || expected == segment) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }

    /// `Deprecation` (an RFC 9651 Date), `Sunset` (an IMF-fixdate) and `Link` to the
    /// versioning policy for both relations; names in lowercase, as HTTP/2 writes them.
    pub fn headers(&self, public_url: &str) -> [(&'static str, String); 3] {
        let policy = format!("{public_url}/docs/versioning");
        [
            ("deprecation", format!("@{}", self.deprecated_at)),
            ("sunset", http_date(self.sunset_at)),
            (
                "link",
                format!(
                    "<{policy}>; rel=\"deprecation\"; type=\"text/html\", <{policy}>; rel=\"sunset\"; type=\"text/html\""
                ),
            ),
        ]
    }

    /// The sunset as RFC 3339, for messages.
    pub fn sunset_text(&self) -> String {
        format_timestamp(self.sunset_at * 1_000_000)
    }
}

/// RFC 9110 IMF-fixdate: `Thu, 31 Dec 2026 23:59:59 GMT`.
pub fn http_date(unix_seconds: i64) -> String {
    let format = format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .ok()
        .and_then(|instant| instant.format(&format).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_name_real_operations_with_180_days_of_notice() {
        let parsed = parse_deprecations(
            "GET /v1/contracts/{id} 2026-06-30T23:59:59Z 2026-12-31T23:59:59Z; post /v1/batch 2026-01-01T00:00:00Z 2026-06-30T00:00:00Z",
        );
        let parsed = parsed.unwrap_or_default();
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[0].deprecated_at, 1_782_863_999);
        assert_eq!(parsed[0].sunset_at, 1_798_761_599);
        assert_eq!(parsed[1].method, "POST");
        assert_eq!(
            parse_deprecations("GET /v1/nothing 2026-01-01T00:00:00Z 2027-01-01T00:00:00Z"),
            Err(DeprecationError::UnknownOperation("GET /v1/nothing".into()))
        );
        assert!(matches!(
            parse_deprecations("GET /v1/waterfalls 2026-01-01T00:00:00Z 2026-06-29T23:59:59Z"),
            Err(DeprecationError::NoticeTooShort { .. })
        ));
        assert!(matches!(
            parse_deprecations("GET /v1/waterfalls 2026-01-01 2027-01-01T00:00:00Z"),
            Err(DeprecationError::Instant(_))
        ));
        assert!(matches!(
            parse_deprecations("GET /v1/waterfalls"),
            Err(DeprecationError::Shape(_))
        ));
        assert_eq!(parse_deprecations(" ; "), Ok(Vec::new()));
    }

    #[test]
    fn templates_match_one_segment_per_variable_and_headers_follow_the_rfcs() {
        let deprecation = Deprecation {
            method: "GET".into(),
            path: "/v1/contracts/{id}".into(),
            deprecated_at: 1_782_863_999,
            sunset_at: 1_798_761_599,
        };
        assert!(deprecation.matches("GET", "/v1/contracts/ctr_1"));
        assert!(!deprecation.matches("PUT", "/v1/contracts/ctr_1"));
        assert!(!deprecation.matches("GET", "/v1/contracts"));
        assert!(!deprecation.matches("GET", "/v1/contracts/"));
        assert!(!deprecation.matches("GET", "/v1/contracts/ctr_1/activate"));
        let [deprecated, sunset, link] = deprecation.headers("https://revrec.example.com");
        assert_eq!(deprecated.1, "@1782863999");
        assert_eq!(sunset.1, "Thu, 31 Dec 2026 23:59:59 GMT");
        assert_eq!(
            link.1,
            "<https://revrec.example.com/docs/versioning>; rel=\"deprecation\"; type=\"text/html\", <https://revrec.example.com/docs/versioning>; rel=\"sunset\"; type=\"text/html\""
        );
    }
}
