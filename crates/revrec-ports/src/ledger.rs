//! Each tenant's chart of accounts (docs/ledger.md, Chart of accounts): the defaults until
//! it sets its own.

use async_trait::async_trait;
use revrec_domain::ChartOfAccounts;

use crate::error::RepositoryError;

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait LedgerRepository: Send + Sync {
    /// The tenant's own chart, or `None` when it uses the defaults.
    async fn chart(&self, tenant_id: &str) -> Result<Option<ChartOfAccounts>, RepositoryError>;

    /// Replaces the tenant's chart (already validated) in one transaction.
    async fn save_chart(
        &self,
        tenant_id: &str,
        chart: &ChartOfAccounts,
    ) -> Result<(), RepositoryError>;
}
