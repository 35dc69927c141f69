//! Deprecated and retired routes (docs/versioning.md, RFC 9745, RFC 8594): configured per
//! operation, announced on every answer with `Deprecation`, `Sunset` and `Link`, and
//! answered 410 `ENDPOINT_SUNSET` once the sunset has passed. The operations a setting may
//! name are given to it (the app passes those of the OpenAPI document).

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;

use crate::shell::respond::escape_html;
use crate::shell::settings::Deprecation;
use crate::shell::state::AppState;
use crate::wire::dates::format_timestamp;

/// The least notice between a deprecation and its sunset: 180 days (docs/versioning.md).
pub const MIN_NOTICE_DAYS: i64 = 180;
const DAY_SECONDS: i64 = 86_400;

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

/// Reads `METHOD /path DEPRECATION SUNSET` entries separated by `;`, each naming one of
/// `operations` (`METHOD`, path template), with at least [`MIN_NOTICE_DAYS`] between the
/// two instants.
///
/// # Errors
/// The first entry that breaks a rule.
pub fn parse_deprecations_of(
    text: &str,
    operations: &[(String, String)],
) -> Result<Vec<Deprecation>, DeprecationError> {
    let mut deprecations: Vec<Deprecation> = Vec::new();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let [method, path, deprecated, sunset] = words.as_slice() else {
            return Err(DeprecationError::Shape(entry.to_owned()));
        };
        let method = method.to_ascii_uppercase();
        let operation = format!("{method} {path}");
        if !operations.iter().any(|(m, p)| *m == method && p == path) {
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
            escape_html(&deprecation.method),
            escape_html(&deprecation.path),
            escape_html(&deprecated.1),
            escape_html(&sunset.1),
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

#[cfg(test)]
mod tests {
    use super::*;

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
