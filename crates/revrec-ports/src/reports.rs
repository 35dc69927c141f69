//! Reads for portfolio reports: per-tenant monthly rollups, never a scan of contracts.

use async_trait::async_trait;
use revrec_domain::{Currency, Period, Rollup, RollupAmounts, RollupKey};

use crate::error::RepositoryError;

/// The most rollup deltas one [`ReportRepository::fold_rollups`] takes, so its transaction
/// stays short.
pub const ROLLUP_FOLD_BATCH: usize = 5_000;

/// One change to one rollup row, written in the same transaction as the contract change
/// that causes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RollupDelta {
    pub currency: Currency,
    pub key: RollupKey,
    pub amounts: RollupAmounts,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// Currencies with any report figure for the tenant, in code order.
    async fn currencies(&self, tenant_id: &str) -> Result<Vec<Currency>, RepositoryError>;

    /// Every currency the tenant's rollups have a row in, figures or not (rows are never
    /// removed), in code order: the currencies it may have had figures in at any instant.
    async fn currencies_ever(&self, tenant_id: &str) -> Result<Vec<Currency>, RepositoryError>;

    /// The tenant's rollup in one currency, rows up to and including `through` (all rows
    /// when `None`).
    async fn rollup(
        &self,
        tenant_id: &str,
        currency: Currency,
        through: Option<Period>,
    ) -> Result<Rollup, RepositoryError>;

    /// The tenant's whole rollup in `currency` (in every currency when `None`, each in
    /// code order), with the sequence of the tenant's latest close or reopen (0 before
    /// any) read in the same statement: what a report under the books needs to find what
    /// the closes froze without asking again
    /// ([`crate::PeriodRepository::frozen_rollup_at`]), and to choose its currency.
    async fn rollups_in_books(
        &self,
        tenant_id: &str,
        currency: Option<Currency>,
    ) -> Result<(Vec<(Currency, Rollup)>, i64), RepositoryError>;

    /// Every tenant holding contracts or rollup rows, in id order (what an audit walks).
    async fn tenants(&self) -> Result<Vec<String>, RepositoryError>;

    /// Whether the database answers (for readiness probes).
    async fn ping(&self) -> Result<(), RepositoryError>;

    /// Folds the rollup deltas that writes appended into one row per month (housekeeping:
    /// every figure read is the same before and after); answers how many it folded, at most
    /// [`ROLLUP_FOLD_BATCH`]: fewer means none was left when it looked.
    async fn fold_rollups(&self) -> Result<usize, RepositoryError>;
}
