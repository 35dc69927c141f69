//! OAuth 2.0 clients (client credentials grant) and the access tokens issued to them.
//! Secrets and tokens are stored only as SHA-256 digests.

use async_trait::async_trait;

use crate::auth::{Plan, Scope};
use crate::error::RepositoryError;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OAuthClientRecord {
    /// The `client_id` a client authenticates with (`rrc_…`).
    pub id: String,
    pub tenant_id: String,
    pub name: String,
    /// Lowercase hex SHA-256 of the client secret.
    pub secret_digest: String,
    /// The most a token of this client may carry; a token request may narrow it.
    pub scopes: Vec<Scope>,
    pub plan: Plan,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    /// The last request made with one of its tokens, as recorded every few seconds.
    pub last_used_at: Option<i64>,
}

/// An access token as stored: its digest, never the token.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AccessTokenRecord {
    pub digest: String,
    pub tenant_id: String,
    pub client_id: String,
    pub scopes: Vec<Scope>,
    pub issued_at: i64,
    pub expires_at: i64,
}

/// A token that is valid now: unexpired, not revoked, and its client not revoked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActiveToken {
    pub tenant_id: String,
    pub client_id: String,
    pub scopes: Vec<Scope>,
    /// The client's plan (read with the token, so a plan change applies at once).
    pub plan: Plan,
    pub issued_at: i64,
    pub expires_at: i64,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait OAuthRepository: Send + Sync {
    /// # Errors
    /// `Conflict` when the id already exists.
    async fn insert_client(&self, client: &OAuthClientRecord) -> Result<(), RepositoryError>;

    /// The client with this id, revoked or not.
    async fn find_client(&self, id: &str) -> Result<Option<OAuthClientRecord>, RepositoryError>;

    /// Clients of one tenant, or of all tenants, oldest first.
    async fn list_clients(
        &self,
        tenant_id: Option<String>,
    ) -> Result<Vec<OAuthClientRecord>, RepositoryError>;

    /// Marks a client revoked, which ends its tokens at once; `false` when no unrevoked
    /// client has that id (within `tenant_id`, when one is given).
    async fn revoke_client(
        &self,
        tenant_id: Option<String>,
        id: &str,
        at: i64,
    ) -> Result<bool, RepositoryError>;

    /// Stores a new token, and forgets tokens that expired before `now` (one transaction).
    async fn insert_token(
        &self,
        token: &AccessTokenRecord,
        now: i64,
    ) -> Result<(), RepositoryError>;

    /// The token whose digest this is, when it is unexpired at `now` and neither it nor its
    /// client is revoked: one read, so revocation holds on every instance sharing the
    /// database.
    async fn find_active_token(
        &self,
        digest: &str,
        now: i64,
    ) -> Result<Option<ActiveToken>, RepositoryError>;

    /// Marks the token whose digest this is revoked at `at` (RFC 7009), when it was issued
    /// to client `client_id` of `tenant_id` and is not revoked yet; `false` otherwise (an
    /// unknown token, another client's, or one already revoked), and nothing changes.
    async fn revoke_token(
        &self,
        tenant_id: &str,
        client_id: &str,
        digest: &str,
        at: i64,
    ) -> Result<bool, RepositoryError>;
}
