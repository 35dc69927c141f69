//! `REVREC_DEPRECATIONS` read against the operations this API documents: the deprecation
//! policy's parser, given the OpenAPI document's operations.

use crate::deprecation_policy::parse_deprecations_of;
pub use crate::deprecation_policy::{DeprecationError, MIN_NOTICE_DAYS};
use crate::openapi::operations;
pub use crate::shell::settings::Deprecation;

/// Reads `METHOD /path DEPRECATION SUNSET` entries separated by `;`, each naming an
/// operation of the API, with at least [`MIN_NOTICE_DAYS`] between the two instants.
///
/// # Errors
/// The first entry that breaks a rule.
pub fn parse_deprecations(text: &str) -> Result<Vec<Deprecation>, DeprecationError> {
    parse_deprecations_of(text, &operations())
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
}
