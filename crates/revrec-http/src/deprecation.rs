//! `REVREC_DEPRECATIONS` read against the operations this API documents: the deprecation
//! policy's parser, given the OpenAPI document's operations.

use crate::deprecation_policy::parse_deprecations_of;
pub use crate::deprecation_policy::{DeprecationError, MIN_NOTICE_DAYS};
use crate::openapi::operations;
use crate::operations::{OPERATIONS, Operation};
pub use crate::shell::settings::Deprecation;

/// The operation table's deprecations, then `text`'s: `METHOD /path DEPRECATION SUNSET`
/// entries separated by `;`, each naming an operation of the API, with at least
/// [`MIN_NOTICE_DAYS`] between the two instants. An entry for an operation its row already
/// deprecates moves that row's dates.
///
/// # Errors
/// The first entry that breaks a rule.
pub fn parse_deprecations(text: &str) -> Result<Vec<Deprecation>, DeprecationError> {
    deprecations_of(OPERATIONS, text)
}

fn deprecations_of(table: &[Operation], text: &str) -> Result<Vec<Deprecation>, DeprecationError> {
    let documented = operations();
    let configured = parse_deprecations_of(text, &documented)?;
    let mut deprecations = Vec::new();
    for row in table {
        let Some(retirement) = row.deprecation else {
            continue;
        };
        let entry = format!(
            "{} {} {}",
            row.route, retirement.deprecated_at, retirement.sunset_at
        );
        for deprecation in parse_deprecations_of(&entry, &documented)? {
            let moved = configured
                .iter()
                .any(|d| d.method == deprecation.method && d.path == deprecation.path);
            if !moved {
                deprecations.push(deprecation);
            }
        }
    }
    deprecations.extend(configured);
    Ok(deprecations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::Retirement;

    #[test]
    fn a_rows_deprecation_is_announced_and_a_setting_moves_it() {
        let row = OPERATIONS
            .iter()
            .find(|row| row.route == "GET /v1/contracts/{id}")
            .map(|row| Operation {
                deprecation: Some(Retirement {
                    deprecated_at: "2026-06-30T23:59:59Z",
                    sunset_at: "2026-12-31T23:59:59Z",
                }),
                ..*row
            });
        let table: Vec<Operation> = row.into_iter().collect();
        let from_row = deprecations_of(&table, "").unwrap_or_default();
        assert_eq!(from_row.len(), 1);
        assert_eq!(from_row[0].path, "/v1/contracts/{id}");
        assert_eq!(from_row[0].sunset_at, 1_798_761_599);
        let moved = deprecations_of(
            &table,
            "GET /v1/contracts/{id} 2027-01-01T00:00:00Z 2027-07-01T00:00:00Z",
        )
        .unwrap_or_default();
        assert_eq!(moved.len(), 1);
        assert_eq!(moved[0].deprecated_at, 1_798_761_600);
        // No row of today's table is deprecated.
        assert_eq!(parse_deprecations("").map(|all| all.len()), Ok(0));
    }

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
