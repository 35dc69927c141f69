//! Charging a request what it costs against its caller's rate limit beyond the unit every
//! request takes (`docs/limits.md`): a batch one unit per operation, a contract one unit per
//! started 12,000 obligation-months (`wire::contract_cost` reads that from the body), and a
//! heavy read one unit per started 12,000 obligation-months it replays, charged through the
//! request's [`RequestMeter`] when the read knows its work, before it does it.
//! `RateLimit-Remaining` then says what is truly left.

use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::{HttpMessage, HttpRequest};
use async_trait::async_trait;
use revrec_ports::{RateDecision, WorkMeter, WorkRefusal};
use revrec_usecases::limits::units_of;
use revrec_usecases::rate_limit::charge;
use revrec_usecases::{Principal, Services};

use crate::shell::auth::RateLimitStatus;
use crate::shell::error::ApiError;
use crate::shell::state::AppState;

/// The caller's rate-limit window: what admission left of it, then what each later charge
/// left. A request keeps it in its extensions (`RateLimitStatus`), for its `RateLimit`
/// headers; an MCP call carries it from its request's admission.
#[derive(Debug, Default)]
pub struct Window {
    admitted: Option<RateDecision>,
    last: Mutex<Option<RateDecision>>,
}

impl Window {
    /// The window admission left `request` (none without a rate limit).
    pub fn of(request: &HttpRequest) -> Window {
        Window::admitted(
            request
                .extensions()
                .get::<RateLimitStatus>()
                .map(|status| status.0),
        )
    }

    pub fn admitted(admitted: Option<RateDecision>) -> Window {
        Window {
            admitted,
            last: Mutex::default(),
        }
    }

    /// The window now: after the last charge, or as admission left it.
    fn current(&self) -> Option<RateDecision> {
        self.last().or(self.admitted)
    }

    /// The window after the last charge, if anything was charged.
    pub fn last(&self) -> Option<RateDecision> {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn record(&self, decision: RateDecision) {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(decision);
    }

    /// Leaves what the charges left of the window in `request`'s `RateLimit` headers.
    pub fn report(&self, request: &HttpRequest) {
        if let Some(decision) = self.last() {
            request.extensions_mut().insert(RateLimitStatus(decision));
        }
    }
}

/// Charges a request that costs `units` in all (admission took one already). Refused
/// whole, with nothing taken, when the window holds fewer than it needs.
pub async fn charge_request(
    request: &HttpRequest,
    state: &AppState,
    principal: &Principal,
    units: u64,
) -> Result<(), ApiError> {
    let window = Window::of(request);
    let charged = charge_units(state, principal, &window, units).await;
    window.report(request);
    charged
}

/// [`charge_request`] against a window of the caller's.
pub async fn charge_units(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    units: u64,
) -> Result<(), ApiError> {
    let extra = units.saturating_sub(1);
    if extra == 0 {
        return Ok(());
    }
    let Some(current) = window.current() else {
        return Ok(());
    };
    if extra > u64::from(current.remaining) {
        return Err(ApiError::RateLimited {
            retry_after: current.reset_seconds,
        });
    }
    let decision = charge(&state.services, principal, extra)
        .await
        .map_err(|error| ApiError::Auth(revrec_usecases::AuthError::Storage(error)))?;
    if let Some(decision) = decision {
        window.record(decision);
        if !decision.allowed {
            return Err(ApiError::RateLimited {
                retry_after: decision.reset_seconds,
            });
        }
    }
    Ok(())
}

/// Runs `read` with a state whose heavy reads are charged to `principal`'s request, then
/// leaves what the charges left of the rate limit in the request's `RateLimit` headers.
///
/// # Errors
/// `read`'s: a refusal of the meter is a 422 `WORK_LIMIT_EXCEEDED` or a 429.
pub async fn metered<T, F, Fut>(
    request: &HttpRequest,
    state: &AppState,
    principal: &Principal,
    read: F,
) -> Result<T, ApiError>
where
    F: FnOnce(AppState) -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let window = Window::of(request);
    let answer = metered_in(state, principal, &window, read).await;
    window.report(request);
    answer
}

/// [`metered`] against a window of the caller's.
pub async fn metered_in<T, F, Fut>(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    read: F,
) -> Result<T, ApiError>
where
    F: FnOnce(AppState) -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let meter = Arc::new(RequestMeter {
        services: state.services.clone(),
        principal: principal.clone(),
        admitted: window.current(),
        spent: Mutex::default(),
    });
    let mut with_meter = state.clone();
    with_meter.services.work = Arc::clone(&meter) as Arc<dyn WorkMeter>;
    // Reads on the replica are the same reads: charged to the same meter.
    with_meter.stale_reads.work = Arc::clone(&meter) as Arc<dyn WorkMeter>;
    let answer = read(with_meter).await;
    if let Some(decision) = meter.spent().last {
        window.record(decision);
    }
    answer
}

/// The work one request's reads did, and what it was charged.
pub struct RequestMeter {
    services: Services,
    principal: Principal,
    /// What admission left of the caller's window; none without a rate limit.
    admitted: Option<RateDecision>,
    spent: Mutex<Spent>,
}

#[derive(Clone, Copy, Default)]
struct Spent {
    /// Obligation-months charged so far.
    work: u64,
    /// Units taken beyond the one admission took.
    extra_units: u64,
    /// The window after the last units taken.
    last: Option<RateDecision>,
}

impl RequestMeter {
    fn spent(&self) -> Spent {
        *self.spent.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn record(&self, spent: Spent) {
        *self.spent.lock().unwrap_or_else(PoisonError::into_inner) = spent;
    }
}

#[async_trait]
impl WorkMeter for RequestMeter {
    async fn charge(&self, obligation_months: u64) -> Result<(), WorkRefusal> {
        let limit = self.services.policy.limits.read_obligation_months;
        let mut spent = self.spent();
        let work = spent.work.saturating_add(obligation_months);
        if work > limit {
            return Err(WorkRefusal::TooMuch { limit, value: work });
        }
        // Admission took the first unit.
        let extra = units_of(work)
            .saturating_sub(1)
            .saturating_sub(spent.extra_units);
        if extra > 0
            && let Some(admitted) = self.admitted
        {
            let window = spent.last.unwrap_or(admitted);
            // Refused whole, with nothing taken, when the window holds fewer.
            if extra > u64::from(window.remaining) {
                return Err(WorkRefusal::RateLimited {
                    retry_after_seconds: window.reset_seconds,
                });
            }
            if let Some(decision) = charge(&self.services, &self.principal, extra).await? {
                spent.last = Some(decision);
                if !decision.allowed {
                    self.record(spent);
                    return Err(WorkRefusal::RateLimited {
                        retry_after_seconds: decision.reset_seconds,
                    });
                }
            }
            spent.extra_units += extra;
        }
        spent.work = work;
        self.record(spent);
        Ok(())
    }
}
