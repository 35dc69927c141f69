//! The terms a deployment runs under (docs/access.md, docs/payments.md): requests per
//! minute and the price of a paid call, per plan; how large a contract and a request may be
//! (`limits`); how many jobs a tenant may queue; and the console's sign-in limits.
//! Configuration, not data: every instance of a deployment is started with the same terms.

use revrec_ports::Plan;

use crate::limits::Limits;
use crate::sign_in_throttle::SignInLimits;

/// Jobs a tenant may have queued or running at once unless configured otherwise: a batch
/// of a hundred operations cannot fill the queue, and one tenant's backlog stays short.
pub const DEFAULT_JOB_QUEUE_CAP: u32 = 10;

/// One value per plan.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PerPlan<T> {
    pub sandbox: T,
    pub growth: T,
    pub scale: T,
}

impl<T: Copy> PerPlan<T> {
    pub fn of(&self, plan: Plan) -> T {
        match plan {
            Plan::Sandbox => self.sandbox,
            Plan::Growth => self.growth,
            Plan::Scale => self.scale,
        }
    }
}

/// Requests per minute by plan (docs/access.md, Rate limits).
pub const DEFAULT_REQUESTS_PER_MINUTE: PerPlan<u32> = PerPlan {
    sandbox: 60,
    growth: 1_200,
    scale: 6_000,
};

/// Monthly plan prices in whole USD (docs/payments.md), shown by `GET /v1/payments/intent`.
pub const PLAN_PRICES_USD: PerPlan<u32> = PerPlan {
    sandbox: 0,
    growth: 499,
    scale: 1_499,
};

/// How many failed client authentications the OAuth endpoints take in one rate-limit
/// window before they refuse every attempt, the right secret too, until the window ends
/// (RFC 6749 §2.3.1: endpoints that take client secrets resist guessing).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClientAuthLimits {
    /// Per presented `client_id`, known or not.
    pub per_client: u32,
    /// Per client address (an IPv4 address, or an IPv6 /64).
    pub per_address: u32,
}

pub const DEFAULT_CLIENT_AUTH_LIMITS: ClientAuthLimits = ClientAuthLimits {
    per_client: 10,
    per_address: 30,
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Policy {
    /// `None`: no rate limit (and no `RateLimit-*` headers).
    pub requests_per_minute: Option<PerPlan<u32>>,
    /// The price of one paid call, in US cents; 0 means the plan's calls are not charged
    /// (docs/payments.md: 0.00, the free tier, by default).
    pub call_price_cents: PerPlan<i64>,
    pub limits: Limits,
    /// Recalculation jobs a tenant may have queued or running at once (429 beyond).
    pub job_queue_cap: u32,
    /// How failed console sign-ins are throttled.
    pub sign_in: SignInLimits,
    /// The guard of the OAuth endpoints against guessed client secrets.
    pub failed_client_authentications: ClientAuthLimits,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            failed_client_authentications: DEFAULT_CLIENT_AUTH_LIMITS,
            requests_per_minute: Some(DEFAULT_REQUESTS_PER_MINUTE),
            call_price_cents: PerPlan {
                sandbox: 0,
                growth: 0,
                scale: 0,
            },
            limits: Limits::default(),
            job_queue_cap: DEFAULT_JOB_QUEUE_CAP,
            sign_in: SignInLimits::default(),
        }
    }
}
