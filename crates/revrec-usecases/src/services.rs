//! The ports every use case draws on, bundled so wiring happens once.

use std::sync::Arc;

use revrec_ports::{
    ApiKeyRepository, Clock, ContractRepository, IdSource, IdempotencyRepository, JobRepository,
    LedgerRepository, OAuthRepository, PaymentRepository, RateLimiter, ReportRepository,
};

use crate::policy::Policy;

#[derive(Clone)]
pub struct Services {
    pub contracts: Arc<dyn ContractRepository>,
    pub reports: Arc<dyn ReportRepository>,
    pub api_keys: Arc<dyn ApiKeyRepository>,
    pub idempotency: Arc<dyn IdempotencyRepository>,
    pub ledger: Arc<dyn LedgerRepository>,
    pub jobs: Arc<dyn JobRepository>,
    pub oauth: Arc<dyn OAuthRepository>,
    pub payments: Arc<dyn PaymentRepository>,
    pub rate_limiter: Arc<dyn RateLimiter>,
    pub policy: Policy,
    pub clock: Arc<dyn Clock>,
    pub ids: Arc<dyn IdSource>,
}
