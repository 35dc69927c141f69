//! Each tenant's chart of accounts (docs/ledger.md, Chart of accounts): the defaults until
//! it sets its own, then one version per change, never rewritten.

use async_trait::async_trait;
use revrec_domain::{ChartOfAccounts, PostingControl};

use crate::error::RepositoryError;

/// One version of a tenant's chart, as recorded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChartVersion {
    /// 1 for the tenant's first chart, one more for each change.
    pub version: i64,
    pub chart: ChartOfAccounts,
    /// When it was recorded (microseconds since the epoch).
    pub recorded_at: i64,
    /// The sequence of the tenant's latest close or reopen when it was recorded (0 before
    /// any), taken under the books lock as a contract's facts are: the chart takes effect
    /// from the first month open then.
    pub books_sequence: i64,
    /// Who recorded it (docs/ledger.md, who did what).
    pub actor: String,
}

/// A tenant's posting control as recorded: the latest change is in force.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PostingControlRecord {
    /// 1 for the tenant's first change, one more for each later one.
    pub version: i64,
    pub control: PostingControl,
    pub recorded_at: i64,
    pub actor: String,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait LedgerRepository: Send + Sync {
    /// Every version of the tenant's own chart, oldest first (none while it uses the
    /// defaults).
    async fn charts(&self, tenant_id: &str) -> Result<Vec<ChartVersion>, RepositoryError>;

    /// Records `chart` (already validated) as the tenant's next version in one
    /// transaction, stamped with the books' latest sequence under the books lock.
    ///
    /// # Errors
    /// `Conflict` when another change took the version number first.
    async fn save_chart(
        &self,
        tenant_id: &str,
        chart: &ChartOfAccounts,
        recorded_at: i64,
        actor: &str,
    ) -> Result<ChartVersion, RepositoryError>;

    /// The tenant's posting control in force (none: every write is taken).
    async fn posting_control(
        &self,
        tenant_id: &str,
    ) -> Result<Option<PostingControlRecord>, RepositoryError>;

    /// Records `control` as the tenant's next version of its posting control.
    ///
    /// # Errors
    /// `Conflict` when another change took the version number first.
    async fn save_posting_control(
        &self,
        tenant_id: &str,
        control: PostingControl,
        recorded_at: i64,
        actor: &str,
    ) -> Result<PostingControlRecord, RepositoryError>;
}
