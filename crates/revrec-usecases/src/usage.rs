//! The API's use per tenant (the console's usage page): requests counted in memory by UTC
//! day, route template and status class, and each credential's latest use, written to the
//! database every few seconds and read back summed by day and by route.

use std::collections::BTreeMap;
use std::sync::Mutex;

use revrec_ports::{CredentialKind, CredentialUse, UsageCount};

use crate::authenticate::Credential;
use crate::error::UseCaseError;
use crate::services::Services;

/// Tenant, UTC day (days since the epoch), method, route template, status class: kept
/// cheap to build, since a key is made for every request; written out as text at a flush.
type CountKey = (String, i64, &'static str, String, &'static str);

const DAY_MICROS: i64 = 86_400 * 1_000_000;

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
    pub async fn flush(&self, services: &Services) -> Result<(), UseCaseError> {
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
        if let Err(error) = services.usage.record(counts, uses).await {
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

/// A tenant's use over some days: per day, per route, and per day and route, with the
/// 4xx and 5xx shares.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct UsageReport {
    /// Every day of the range, oldest first, even days with no request.
    pub days: Vec<UsageTotals>,
    /// Routes by requests, most used first.
    pub routes: Vec<UsageTotals>,
    /// Each day's routes (days newest first, then routes by name), only those with requests:
    /// labelled `YYYY-MM-DD GET /route`.
    pub days_by_route: Vec<UsageTotals>,
    pub total: UsageTotals,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct UsageTotals {
    /// The day (`YYYY-MM-DD`) or the route (`GET /v1/contracts`) these totals are for.
    pub label: String,
    pub requests: i64,
    pub client_errors: i64,
    pub server_errors: i64,
}

impl UsageTotals {
    fn add(&mut self, count: &UsageCount) {
        self.requests += count.requests;
        match count.status_class.as_str() {
            "4xx" => self.client_errors += count.requests,
            "5xx" => self.server_errors += count.requests,
            _ => {}
        }
    }
}

/// The last `days` UTC days up to today for `tenant_id`, this process's pending counts
/// included (they are flushed first).
pub async fn usage_report(
    services: &Services,
    tenant_id: &str,
    days: u32,
) -> Result<UsageReport, UseCaseError> {
    services.usage_meter.flush(services).await?;
    let now = services.clock.now_micros();
    let labels: Vec<String> = (0..i64::from(days.max(1)))
        .rev()
        .map(|back| utc_day(now - back * DAY_MICROS))
        .collect();
    let (Some(from), Some(to)) = (labels.first(), labels.last()) else {
        return Ok(UsageReport::default());
    };
    let counts = services.usage.usage(tenant_id, from, to).await?;
    let mut by_day: BTreeMap<String, UsageTotals> = labels
        .iter()
        .map(|day| {
            let totals = UsageTotals {
                label: day.clone(),
                ..UsageTotals::default()
            };
            (day.clone(), totals)
        })
        .collect();
    let mut by_route: BTreeMap<String, UsageTotals> = BTreeMap::new();
    let mut by_day_and_route: BTreeMap<(String, String), UsageTotals> = BTreeMap::new();
    let mut total = UsageTotals {
        label: "total".to_owned(),
        ..UsageTotals::default()
    };
    for count in &counts {
        if let Some(day) = by_day.get_mut(&count.day) {
            day.add(count);
        }
        by_day_and_route
            .entry((count.day.clone(), count.route.clone()))
            .or_insert_with(|| UsageTotals {
                label: format!("{} {}", count.day, count.route),
                ..UsageTotals::default()
            })
            .add(count);
        by_route
            .entry(count.route.clone())
            .or_insert_with(|| UsageTotals {
                label: count.route.clone(),
                ..UsageTotals::default()
            })
            .add(count);
        total.add(count);
    }
    let mut routes: Vec<UsageTotals> = by_route.into_values().collect();
    routes.sort_by(|a, b| b.requests.cmp(&a.requests).then(a.label.cmp(&b.label)));
    // Newest day first; within a day, routes in name order.
    let mut days_by_route: Vec<((String, String), UsageTotals)> =
        by_day_and_route.into_iter().collect();
    days_by_route.sort_by(|((day_a, route_a), _), ((day_b, route_b), _)| {
        day_b.cmp(day_a).then(route_a.cmp(route_b))
    });
    Ok(UsageReport {
        days: by_day.into_values().collect(),
        routes,
        days_by_route: days_by_route
            .into_iter()
            .map(|(_, totals)| totals)
            .collect(),
        total,
    })
}

fn status_class(status: u16) -> &'static str {
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
