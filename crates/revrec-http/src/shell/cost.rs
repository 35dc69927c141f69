//! Charging a request what it costs against its caller's rate limit beyond the unit every
//! request takes (`docs/limits.md`): a batch one unit per operation, a contract one unit per
//! started 12,000 obligation-months (`wire::contract_cost` reads that from the body).
//! `RateLimit-Remaining` then says what is truly left.

use actix_web::{HttpMessage, HttpRequest};
use revrec_usecases::Principal;
use revrec_usecases::rate_limit::charge;

use crate::shell::auth::RateLimitStatus;
use crate::shell::error::ApiError;
use crate::shell::state::AppState;

/// Charges a request that costs `units` in all (admission took one already). Refused
/// whole, with nothing taken, when the window holds fewer than it needs.
pub async fn charge_request(
    request: &HttpRequest,
    state: &AppState,
    principal: &Principal,
    units: u64,
) -> Result<(), ApiError> {
    let extra = units.saturating_sub(1);
    if extra == 0 {
        return Ok(());
    }
    let Some(RateLimitStatus(admitted)) = request.extensions().get::<RateLimitStatus>().copied()
    else {
        return Ok(());
    };
    if extra > u64::from(admitted.remaining) {
        return Err(ApiError::RateLimited {
            retry_after: admitted.reset_seconds,
        });
    }
    let decision = charge(&state.services, principal, extra)
        .await
        .map_err(|error| ApiError::Auth(revrec_usecases::AuthError::Storage(error)))?;
    if let Some(decision) = decision {
        request.extensions_mut().insert(RateLimitStatus(decision));
        if !decision.allowed {
            return Err(ApiError::RateLimited {
                retry_after: decision.reset_seconds,
            });
        }
    }
    Ok(())
}
