//! Admission: every authenticated request takes one unit of its credential's quota
//! (docs/access.md, Rate limits), or is refused until the window resets.

use revrec_ports::{RateDecision, RepositoryError};

use crate::principal::Principal;
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

/// Takes `units` more from the credential's quota for a request that costs more than one
/// (a batch, a large contract), after [`admit`] took the first: each is one more unit of
/// the same limiter, so instances sharing a database agree on it. The last decision, or
/// `None` without limits; stops at the first refusal.
///
/// # Errors
/// When a shared limiter cannot reach its store.
pub async fn charge(
    services: &Services,
    principal: &Principal,
    units: u64,
) -> Result<Option<RateDecision>, RepositoryError> {
    let Some(limits) = services.policy.requests_per_minute else {
        return Ok(None);
    };
    let limit = limits.of(principal.plan);
    let key = principal.quota_key();
    let mut last = None;
    for _ in 0..units {
        let decision = services
            .rate_limiter
            .acquire(&key, limit, services.clock.now_micros())
            .await?;
        last = Some(decision);
        if !decision.allowed {
            break;
        }
    }
    Ok(last)
}
