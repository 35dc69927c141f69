//! The use cases' unit tests' services: every port a mock that expects nothing, the clock
//! fixed at an instant. A test sets the ports it exercises, with the rest of these
//! (`Services { contracts, ..mocked_at(now) }`).

use std::sync::Arc;

use revrec_ports::clock::MockClock;

use crate::heavy_reads::HeavyReads;
use crate::services::Services;

/// Services over mocks that expect nothing, whose clock reads `now` (microseconds).
pub(crate) fn mocked_at(now: i64) -> Services {
    let mut clock = MockClock::new();
    clock.expect_now_micros().return_const(now);
    Services {
        contracts: Arc::new(revrec_ports::contracts::MockContractRepository::new()),
        reports: Arc::new(revrec_ports::reports::MockReportRepository::new()),
        api_keys: Arc::new(revrec_ports::api_keys::MockApiKeyRepository::new()),
        idempotency: Arc::new(revrec_ports::idempotency::MockIdempotencyRepository::new()),
        ledger: Arc::new(revrec_ports::ledger::MockLedgerRepository::new()),
        jobs: Arc::new(revrec_ports::jobs::MockJobRepository::new()),
        oauth: Arc::new(revrec_ports::oauth::MockOAuthRepository::new()),
        payments: Arc::new(revrec_ports::payments::MockPaymentRepository::new()),
        rate_limiter: Arc::new(revrec_ports::rate_limit::MockRateLimiter::new()),
        client_auth_failures: Arc::new(revrec_ports::rate_limit::MockRateLimiter::new()),
        console: Arc::new(revrec_ports::console::MockConsoleRepository::new()),
        usage: Arc::new(revrec_ports::usage::MockUsageRepository::new()),
        periods: Arc::new(revrec_ports::periods::MockPeriodRepository::new()),
        passwords: Arc::new(revrec_ports::passwords::MockPasswordHasher::new()),
        usage_meter: Arc::default(),
        policy: crate::Policy::default(),
        clock: Arc::new(clock),
        ids: Arc::new(revrec_ports::ids::MockIdSource::new()),
        work: Arc::new(revrec_ports::Unmetered),
        heavy_reads: Arc::new(HeavyReads::default()),
        compute: Arc::new(revrec_ports::InlineCompute),
    }
}
