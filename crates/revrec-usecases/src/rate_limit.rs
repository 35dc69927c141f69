//! Admission: every authenticated request takes one unit of its credential's quota
//! (decisions.md §9), or is refused until the window resets.

use revrec_ports::{RateDecision, RepositoryError};

use crate::authenticate::Principal;
use crate::services::Services;

/// The decision for this request, or `None` when the deployment runs without limits.
///
/// # Errors
/// When a shared limiter cannot reach its store.
pub async fn admit(
    services: &Services,
    principal: &Principal,
) -> Result<Option<RateDecision>, RepositoryError> {
    let Some(limits) = services.policy.requests_per_minute else {
        return Ok(None);
    };
    let limit = limits.of(principal.plan);
    let now = services.clock.now_micros();
    services
        .rate_limiter
        .acquire(&principal.quota_key(), limit, now)
        .await
        .map(Some)
}
