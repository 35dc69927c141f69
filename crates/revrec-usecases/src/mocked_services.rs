//! The use cases' unit tests' services: every port a mock that expects nothing, the clock
//! fixed at an instant. A test sets the ports it exercises, with the rest of these
//! (`Services::from(SharedServices { contracts, ..mocked_at(now) })`).

use std::sync::Arc;

use revrec_domain::{Convention, Currency};
use revrec_ports::clock::MockClock;
use revrec_ports::{ContractRecord, ContractStatus, StoredContract, StoredVersion, VersionChange};

use crate::heavy_reads::HeavyReads;
use crate::services::SharedServices;

/// Services over mocks that expect nothing, whose clock reads `now` (microseconds).
pub(crate) fn mocked_at(now: i64) -> SharedServices {
    let mut clock = MockClock::new();
    clock.expect_now_micros().return_const(now);
    SharedServices {
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
        heavy_reads: Arc::new(HeavyReads::default()),
        waterfall_memo: Arc::default(),
        job_signal: Arc::default(),
        compute: Arc::new(revrec_ports::InlineCompute),
    }
}

/// A one-line contract of tenant `t1` that replays (120,000 minor units over 2026), with its
/// id.
pub(crate) fn replayable(id: &str) -> Arc<StoredContract> {
    let (start, end) = (
        time::macros::date!(2026 - 01 - 01),
        time::macros::date!(2026 - 12 - 31),
    );
    let terms = revrec_domain::ContractTerms {
        customer_name: "Acme".into(),
        currency: Currency::USD,
        start_date: start,
        end_date: end,
        signed_date: start,
        transaction_price: 120_000,
        convention: Convention::ProratedFirstLast,
        obligations: vec![revrec_domain::ObligationTerms {
            id: Some("pob_1".into()),
            name: "Platform".into(),
            pob_type: revrec_domain::PobType::Subscription,
            stated_price: Some(120_000),
            ssp: revrec_domain::Ssp::from_micros(1_000_000),
            pattern: revrec_domain::Pattern::Ratable { start, end },
            consumption: None,
        }],
        variable: Vec::new(),
    };
    Arc::new(StoredContract {
        record: ContractRecord {
            tenant_id: "t1".into(),
            id: id.into(),
            customer_id: "cus_1".into(),
            customer_name: "Acme".into(),
            contract_number: None,
            currency: Currency::USD,
            status: ContractStatus::Active,
            version: 1,
            start_date: start,
            end_date: end,
            total_value: 120_000,
            terminated_on: None,
            parent_contract_id: None,
            restatements: 0,
            restated_convention: None,
            created_at: 0,
            updated_at: 0,
        },
        versions: vec![StoredVersion {
            number: 1,
            change: VersionChange::Initial,
            terms,
            recorded_at: 0,
            recorded_by: "key_1".into(),
        }],
        invoices: Vec::new(),
        revision: 1,
        stamps: revrec_ports::BooksStamps::default(),
        usage: revrec_domain::ContractUsage::default(),
    })
}
