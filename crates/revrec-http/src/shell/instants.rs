//! Instants on the wire: RFC 3339 text for the microseconds the store keeps.

/// RFC 3339 (UTC, microseconds) from microseconds since the epoch.
pub fn format_timestamp(micros: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(micros) * 1_000)
        .ok()
        .and_then(|instant| {
            instant
                .format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}
