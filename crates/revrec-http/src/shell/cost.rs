//! What a request costs against its caller's rate limit beyond the unit every request
//! takes (`docs/limits.md`): a batch one unit per operation, a contract one unit per started
//! 12,000 obligation-months. `RateLimit-Remaining` then says what is truly left.

use actix_web::{HttpMessage, HttpRequest};
use revrec_usecases::Principal;
use revrec_usecases::limits::{size_of, units_of};
use revrec_usecases::rate_limit::charge;
use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::shell::auth::RateLimitStatus;
use crate::shell::error::ApiError;
use crate::shell::state::AppState;
use crate::wire::dates::parse_date;

/// Only what sizes a contract body; everything else is read (and judged) by its route.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ContractSize {
    start_date: Option<String>,
    end_date: Option<String>,
    line_items: Option<Vec<IgnoredAny>>,
}

/// The obligation-months a contract body asks for (a body that does not read counts as
/// one: its route refuses it).
pub fn contract_size(body: &[u8]) -> u64 {
    let size: ContractSize = serde_json::from_slice(body).unwrap_or_default();
    let date = |text: Option<&String>| text.and_then(|text| parse_date(text).ok());
    size_of(
        date(size.start_date.as_ref()),
        date(size.end_date.as_ref()),
        size.line_items.map_or(0, |lines| lines.len()),
    )
}

/// Rate-limit units a contract body costs.
pub fn contract_units(body: &[u8]) -> u64 {
    units_of(contract_size(body))
}

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
