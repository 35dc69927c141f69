#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod api_key_store;
mod audit_trail;
mod batcher;
mod blocking;
mod books_lock;
mod books_size;
pub mod connection;
mod console_store;
mod consumption_rows;
mod contract_cache;
mod contract_changes;
mod contract_store;
mod fixed_sql;
mod idempotency_store;
mod job_store;
mod ledger_store;
mod new_contract_statement;
mod oauth_store;
mod payment_store;
mod period_store;
pub mod pool_metrics;
pub mod rate_limiter;
mod report_store;
mod revision_batcher;
mod rollup_deltas;
mod rows;
pub mod schema;
mod stripe_dealer;
mod usage_store;
mod variable_rows;
mod version_lock;
mod write_plans;

pub use books_size::SHARED_CEILING;
pub use connection::{
    DatabaseUrl, DbConnection, DbPool, StoreSetupError, connect, connect_and_migrate,
    run_migrations,
};

use std::sync::Arc;

/// The repositories over one pool, ready to hand to the use cases.
#[derive(Clone)]
pub struct Store {
    database: blocking::Database,
    backend: &'static str,
}

impl Store {
    /// Connects, migrates and pools. SQLite gets fewer connections: it has one writer anyway.
    pub fn open(url: &DatabaseUrl) -> Result<Store, StoreSetupError> {
        let size = match url {
            DatabaseUrl::Postgres(_) => 16,
            DatabaseUrl::Sqlite(_) => 8,
        };
        let database = blocking::Database {
            pool: connect_and_migrate(url, size)?,
            inline_reads: matches!(url, DatabaseUrl::Sqlite(_)),
        };
        Ok(Store {
            database,
            backend: url.backend(),
        })
    }

    /// Connects to a read replica (a PostgreSQL hot standby of the primary), pooled like
    /// the primary and never migrated: the primary's migrations reach it by replication.
    pub fn open_replica(url: &DatabaseUrl) -> Result<Store, StoreSetupError> {
        let database = blocking::Database {
            pool: connect(url, 16)?,
            inline_reads: false,
        };
        Ok(Store {
            database,
            backend: url.backend(),
        })
    }

    pub fn backend(&self) -> &'static str {
        self.backend
    }

    /// Sets the pool's gauges from its state now (called before each metrics scrape).
    pub fn refresh_pool_metrics(&self) {
        pool_metrics::refresh(&self.database.pool);
    }

    pub fn contracts(&self) -> Arc<dyn revrec_ports::ContractRepository> {
        Arc::new(contract_store::ContractStore::new(self.database.clone()))
    }

    pub fn reports(&self) -> Arc<dyn revrec_ports::ReportRepository> {
        Arc::new(report_store::ReportStore::new(self.database.clone()))
    }

    pub fn idempotency(&self) -> Arc<dyn revrec_ports::IdempotencyRepository> {
        Arc::new(idempotency_store::IdempotencyStore::new(
            self.database.clone(),
        ))
    }

    pub fn ledger(&self) -> Arc<dyn revrec_ports::LedgerRepository> {
        Arc::new(ledger_store::LedgerStore::new(self.database.clone()))
    }

    pub fn jobs(&self) -> Arc<dyn revrec_ports::JobRepository> {
        Arc::new(job_store::JobStore::new(self.database.clone()))
    }

    pub fn api_keys(&self) -> Arc<dyn revrec_ports::ApiKeyRepository> {
        Arc::new(api_key_store::ApiKeyStore::new(self.database.clone()))
    }

    pub fn oauth(&self) -> Arc<dyn revrec_ports::OAuthRepository> {
        Arc::new(oauth_store::OAuthStore::new(self.database.clone()))
    }

    pub fn payments(&self) -> Arc<dyn revrec_ports::PaymentRepository> {
        Arc::new(payment_store::PaymentStore::new(self.database.clone()))
    }

    pub fn periods(&self) -> Arc<dyn revrec_ports::PeriodRepository> {
        Arc::new(period_store::PeriodStore::new(self.database.clone()))
    }

    pub fn console(&self) -> Arc<dyn revrec_ports::ConsoleRepository> {
        Arc::new(console_store::ConsoleStore::new(self.database.clone()))
    }

    pub fn usage(&self) -> Arc<dyn revrec_ports::UsageRepository> {
        Arc::new(usage_store::UsageStore::new(self.database.clone()))
    }

    /// A new rate limiter: on PostgreSQL one that shares each limit with every other
    /// instance on the database, on SQLite (one instance by nature) one in this process.
    /// Its state is its own: make one per process and share it.
    pub fn rate_limiter(&self) -> Arc<dyn revrec_ports::RateLimiter> {
        match self.backend {
            "postgresql" => Arc::new(rate_limiter::SharedRateLimiter::new(self.database.clone())),
            _ => Arc::new(rate_limiter::InProcessRateLimiter::default()),
        }
    }

    /// The shared limiter whatever the backend (tests run it on SQLite too).
    pub fn shared_rate_limiter(&self) -> Arc<dyn revrec_ports::RateLimiter> {
        Arc::new(rate_limiter::SharedRateLimiter::new(self.database.clone()))
    }
}
