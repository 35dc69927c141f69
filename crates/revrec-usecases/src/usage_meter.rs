//! The API's use as this process counts it: requests by tenant, UTC day, route template and
//! status class, and each credential's latest use, kept in memory and written through the
//! usage repository every few seconds (a flush that fails keeps its counts for the next).

use std::collections::BTreeMap;
use std::sync::Mutex;

use revrec_ports::{CredentialKind, CredentialUse, UsageCount, UsageRepository};

use crate::error::UseCaseError;
use crate::principal::Credential;

/// Tenant, UTC day (days since the epoch), method, route template, status class: kept
/// cheap to build, since a key is made for every request; written out as text at a flush.
type CountKey = (String, i64, &'static str, String, &'static str);

pub(crate) const DAY_MICROS: i64 = 86_400 * 1_000_000;

/// What this process counted since its last flush. Counting is a map update under a
/// mutex; the database sees it at the next [`UsageMeter::flush`].
#[derive(Default)]
pub struct UsageMeter {
    pending: Mutex<Pending>,
}

#[derive(Default)]
struct Pending {
    counts: BTreeMap<CountKey, i64>,
    uses: BTreeMap<(CredentialKind, String), i64>,
}

impl std::fmt::Debug for UsageMeter {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("UsageMeter")
    }
}

impl UsageMeter {
    /// One request answered to `tenant_id`: `route` is the route template, never a raw path.
    pub fn count_request(
        &self,
        tenant_id: &str,
        method: &'static str,
        route: &str,
        status: u16,
        at_micros: i64,
    ) {
        let key = (
            tenant_id.to_owned(),
            at_micros.div_euclid(DAY_MICROS),
            method,
            route.to_owned(),
            status_class(status),
        );
        let mut pending = self.lock();
        *pending.counts.entry(key).or_insert(0) += 1;
    }

    /// `credential` was presented at `at_micros` (the sandbox token is nobody's key).
    pub fn credential_used(&self, credential: &Credential, at_micros: i64) {
        let key = match credential {
            Credential::ApiKey { id } => (CredentialKind::ApiKey, id.clone()),
            Credential::OAuthToken { client_id } => {
                (CredentialKind::OAuthClient, client_id.clone())
            }
            Credential::SandboxToken => return,
        };
        let mut pending = self.lock();
        let latest = pending.uses.entry(key).or_insert(at_micros);
        *latest = (*latest).max(at_micros);
    }

    /// Writes what was counted (one transaction). On failure the counts are kept for the
    /// next flush, so a database outage loses none of them.
    pub async fn flush(&self, usage: &dyn UsageRepository) -> Result<(), UseCaseError> {
        let taken = std::mem::take(&mut *self.lock());
        if taken.counts.is_empty() && taken.uses.is_empty() {
            return Ok(());
        }
        let counts = taken
            .counts
            .iter()
            .map(
                |((tenant_id, day, method, route, status_class), requests)| UsageCount {
                    tenant_id: tenant_id.clone(),
                    day: utc_day(day * DAY_MICROS),
                    route: format!("{method} {route}"),
                    status_class: (*status_class).to_owned(),
                    requests: *requests,
                },
            )
            .collect();
        let uses = taken
            .uses
            .iter()
            .map(|((kind, id), at)| CredentialUse {
                kind: *kind,
                id: id.clone(),
                at: *at,
            })
            .collect();
        if let Err(error) = usage.record(counts, uses).await {
            let mut pending = self.lock();
            for (key, requests) in taken.counts {
                *pending.counts.entry(key).or_insert(0) += requests;
            }
            for (key, at) in taken.uses {
                let latest = pending.uses.entry(key).or_insert(at);
                *latest = (*latest).max(at);
            }
            return Err(error.into());
        }
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        // A panic while counting cannot leave the maps half-updated in a way that matters.
        self.pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

pub(crate) fn status_class(status: u16) -> &'static str {
    match status {
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// `YYYY-MM-DD` of the UTC day holding `micros` since the epoch.
pub fn utc_day(micros: i64) -> String {
    let date = time::OffsetDateTime::from_unix_timestamp(micros.div_euclid(1_000_000))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_and_statuses_fall_in_classes() {
        assert_eq!(utc_day(0), "1970-01-01");
        // 2026-11-23T23:59:59.999999Z and one microsecond later.
        assert_eq!(utc_day(1_795_478_399_999_999), "2026-11-23");
        assert_eq!(utc_day(1_795_478_400_000_000), "2026-11-24");
        assert_eq!(
            [200, 304, 404, 429, 500, 503].map(status_class),
            ["2xx", "3xx", "4xx", "4xx", "5xx", "5xx"]
        );
    }
}
