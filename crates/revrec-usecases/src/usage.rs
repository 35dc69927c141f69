//! The API's use per tenant (the console's usage page): the requests this process counted
//! ([`UsageMeter`]) and those already written, read back summed by day and by route.

use std::collections::BTreeMap;

use revrec_ports::UsageCount;

use crate::error::UseCaseError;
use crate::services::Services;
use crate::usage_meter::DAY_MICROS;
pub use crate::usage_meter::{UsageMeter, utc_day};

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
    services.usage_meter.flush(services.usage.as_ref()).await?;
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
