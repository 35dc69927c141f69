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

/// One fact of a tenant's books, as the audit trail lists it (docs/ledger.md, "Who did
/// what").
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AuditEventRecord {
    /// Microseconds since the epoch.
    pub recorded_at: i64,
    /// What kind of fact: 1 a contract version, 2 an invoice or payment, 3 a close or
    /// reopen, 4 a chart version, 5 a posting control change, 6 a job (the order of facts
    /// recorded at the same instant).
    pub source: i32,
    /// `version.<change>`, `invoice`, `payment`, `period.close`, `period.reopen`, `chart`,
    /// `posting_control`, `job`.
    pub kind: String,
    pub contract_id: Option<String>,
    /// Which one: the version number, the invoice or payment id, the month closed or
    /// reopened, the chart version, the setting, the job id.
    pub reference: String,
    pub actor: String,
}

/// Which facts, a page at a time: recorded in `[from, until)`, of one contract or all,
/// after a cursor, in the order they were recorded.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct AuditQuery {
    pub contract_id: Option<String>,
    pub from: i64,
    pub until: i64,
    /// The last fact of the previous page: (recorded_at, source, contract id, reference).
    pub after: Option<(i64, i32, String, String)>,
    pub limit: u32,
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

    /// The tenant's facts `query` selects, in the order they were recorded (then by kind of
    /// fact, contract and reference): the audit trail.
    async fn audit_events(
        &self,
        tenant_id: &str,
        query: &AuditQuery,
    ) -> Result<Vec<AuditEventRecord>, RepositoryError>;
}
