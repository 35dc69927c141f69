//! API keys: stored only as a SHA-256 digest of the secret.

use async_trait::async_trait;

use crate::auth::{Plan, Scope};
use crate::error::RepositoryError;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ApiKeyRecord {
    pub id: String,
    pub tenant_id: String,
    pub name: String,
    /// The first characters of the secret (`rr_live_ab12`), safe to show so a person can
    /// tell keys apart.
    pub prefix: String,
    /// Lowercase hex SHA-256 of the whole secret.
    pub digest: String,
    pub scopes: Vec<Scope>,
    pub plan: Plan,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    /// The last request made with it, as recorded every few seconds (console).
    pub last_used_at: Option<i64>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ApiKeyRepository: Send + Sync {
    /// The key whose secret hashes to `digest`, revoked or not.
    ///
    /// # Errors
    /// `Unavailable` when the database cannot be reached, `Backend` otherwise.
    async fn find_by_digest(&self, digest: &str) -> Result<Option<ApiKeyRecord>, RepositoryError>;

    /// # Errors
    /// `Conflict` when the id or digest already exists.
    async fn insert(&self, key: &ApiKeyRecord) -> Result<(), RepositoryError>;

    /// Keys of one tenant, or of all tenants, oldest first.
    async fn list(&self, tenant_id: Option<String>) -> Result<Vec<ApiKeyRecord>, RepositoryError>;

    /// Marks a key revoked; `false` when no unrevoked key has that id (within `tenant_id`,
    /// when one is given: the console revokes only its own tenant's keys).
    async fn revoke(
        &self,
        tenant_id: Option<String>,
        id: &str,
        at: i64,
    ) -> Result<bool, RepositoryError>;
}
