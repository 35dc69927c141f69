//! What the API answered each tenant, counted by day, route and status class, and when
//! each credential was last used: the console's usage page.

use async_trait::async_trait;

use crate::error::RepositoryError;

/// Requests answered to one tenant on one UTC day for one route template and status class.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageCount {
    pub tenant_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    /// `GET /v1/contracts/{id}`: the method and the route template, never the raw path.
    pub route: String,
    /// `2xx`, `3xx`, `4xx` or `5xx`.
    pub status_class: String,
    pub requests: i64,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum CredentialKind {
    ApiKey,
    OAuthClient,
}

/// A credential seen at `at`; the latest use of each is kept.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CredentialUse {
    pub kind: CredentialKind,
    pub id: String,
    pub at: i64,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait UsageRepository: Send + Sync {
    /// Adds the counts to the stored ones and moves each credential's last use forward, in
    /// one transaction. Several instances add to the same rows.
    async fn record(
        &self,
        counts: Vec<UsageCount>,
        uses: Vec<CredentialUse>,
    ) -> Result<(), RepositoryError>;

    /// One tenant's counts for the days `from..=to` (`YYYY-MM-DD`), ordered by day, route
    /// and status class.
    async fn usage(
        &self,
        tenant_id: &str,
        from: &str,
        to: &str,
    ) -> Result<Vec<UsageCount>, RepositoryError>;
}
