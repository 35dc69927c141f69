//! The ports every use case draws on, bundled so wiring happens once.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use revrec_ports::{
    ApiKeyRepository, Clock, ComputePool, ConsoleRepository, ContractRepository, IdSource,
    IdempotencyRepository, JobRepository, LedgerRepository, OAuthRepository, PasswordHasher,
    PaymentRepository, PeriodRepository, RateLimiter, ReportRepository, Unmetered, UsageRepository,
    WorkMeter,
};

use crate::heavy_reads::HeavyReads;

use crate::job_signal::JobSignal;
use crate::policy::Policy;
use crate::usage_meter::UsageMeter;
use crate::waterfall_memo::WaterfallMemo;

/// The use cases' services: the ports every request shares, behind one count, and what the
/// request being served is charged for its work. A metered read clones its state to carry
/// a meter of its own (`revrec-http`, `shell::cost`): a clone then touches two counts, not
/// one per port (twenty-odd, shared by both cores on every read: 4 % of a single-contract
/// read's CPU when each port was cloned).
#[derive(Clone)]
pub struct Services {
    shared: Arc<SharedServices>,
    /// What the request being served is charged for the work of its heavy reads
    /// (`Unmetered` outside a request).
    pub work: Arc<dyn WorkMeter>,
}

impl From<SharedServices> for Services {
    /// The services outside a request: unmetered.
    fn from(shared: SharedServices) -> Services {
        Services {
            shared: Arc::new(shared),
            work: Arc::new(Unmetered),
        }
    }
}

impl Deref for Services {
    type Target = SharedServices;

    fn deref(&self) -> &SharedServices {
        &self.shared
    }
}

impl DerefMut for Services {
    /// Copy on write: a port replaced in one clone (a replica's repositories, a test's
    /// clock) is replaced in that clone alone.
    fn deref_mut(&mut self) -> &mut SharedServices {
        Arc::make_mut(&mut self.shared)
    }
}

/// The ports and process-wide state every request of the process shares.
#[derive(Clone)]
pub struct SharedServices {
    pub contracts: Arc<dyn ContractRepository>,
    pub reports: Arc<dyn ReportRepository>,
    pub api_keys: Arc<dyn ApiKeyRepository>,
    pub idempotency: Arc<dyn IdempotencyRepository>,
    pub ledger: Arc<dyn LedgerRepository>,
    pub jobs: Arc<dyn JobRepository>,
    pub oauth: Arc<dyn OAuthRepository>,
    pub payments: Arc<dyn PaymentRepository>,
    pub rate_limiter: Arc<dyn RateLimiter>,
    /// Failed client authentications at the OAuth endpoints, per client id and address:
    /// a limiter of its own, shared through the database whatever the backend.
    pub client_auth_failures: Arc<dyn RateLimiter>,
    pub console: Arc<dyn ConsoleRepository>,
    pub usage: Arc<dyn UsageRepository>,
    /// The tenant's closes and reopens, and what each close froze.
    pub periods: Arc<dyn PeriodRepository>,
    pub passwords: Arc<dyn PasswordHasher>,
    /// This process's request counts, written through `usage` every few seconds.
    pub usage_meter: Arc<UsageMeter>,
    pub policy: Policy,
    pub clock: Arc<dyn Clock>,
    /// Where allocation, schedules, reports and exports are computed.
    pub compute: Arc<dyn ComputePool>,
    pub ids: Arc<dyn IdSource>,
    /// The turns of each tenant's heavy reads, shared by every request of the process.
    pub heavy_reads: Arc<HeavyReads>,
    /// Single-contract waterfalls already computed, shared by every request of the process.
    pub waterfall_memo: Arc<WaterfallMemo>,
    /// Wakes this process's job worker when a job is queued here.
    pub job_signal: Arc<JobSignal>,
}
