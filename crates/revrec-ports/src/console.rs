//! People who sign in to the administration console, and their sessions. Passwords are
//! stored as Argon2id PHC strings, session secrets as SHA-256 digests.

use async_trait::async_trait;

use crate::error::RepositoryError;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConsoleUserRecord {
    pub tenant_id: String,
    pub id: String,
    /// Lowercase; unique across tenants, so signing in needs no tenant.
    pub email: String,
    /// Argon2id in the PHC string format (`$argon2id$v=19$…`).
    pub password_hash: String,
    /// The password was printed by `revrec users create`: it opens only the page that
    /// replaces it.
    pub must_change_password: bool,
    pub created_at: i64,
    /// Failed sign-ins since the last success or lockout.
    pub failed_attempts: u32,
    /// Sign-in is refused until this instant (microseconds since the epoch).
    pub locked_until: Option<i64>,
}

/// How many failed sign-ins in a row lock an address, and for how long.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LockoutPolicy {
    pub max_failures: u32,
    pub lock_micros: i64,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConsoleSessionRecord {
    /// Lowercase hex SHA-256 of the cookie's secret.
    pub digest: String,
    pub tenant_id: String,
    pub user_id: String,
    pub created_at: i64,
    pub expires_at: i64,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ConsoleRepository: Send + Sync {
    /// # Errors
    /// `Conflict` when the address (or id) already exists.
    async fn insert_user(&self, user: &ConsoleUserRecord) -> Result<(), RepositoryError>;

    async fn find_user(
        &self,
        tenant_id: &str,
        user_id: &str,
    ) -> Result<Option<ConsoleUserRecord>, RepositoryError>;

    /// Replaces the password (a PHC string), clears `must_change_password`, and ends the
    /// user's other sessions (all but the one whose digest is `keep_session`), in one
    /// transaction: a session opened with the old password does not outlive it.
    async fn set_password(
        &self,
        tenant_id: &str,
        user_id: &str,
        password_hash: &str,
        keep_session: &str,
    ) -> Result<(), RepositoryError>;

    async fn find_user_by_email(
        &self,
        email: &str,
    ) -> Result<Option<ConsoleUserRecord>, RepositoryError>;

    /// Counts a failed sign-in atomically. When the count reaches `policy.max_failures`, the
    /// user is locked until `now + policy.lock_micros` and the count starts again. Answers the
    /// lock's end when this failure locked the user.
    async fn record_failed_sign_in(
        &self,
        tenant_id: &str,
        user_id: &str,
        now: i64,
        policy: LockoutPolicy,
    ) -> Result<Option<i64>, RepositoryError>;

    /// A successful sign-in: the failure count starts again. The session is stored in the
    /// same transaction, and sessions already expired are removed.
    async fn open_session(&self, session: &ConsoleSessionRecord) -> Result<(), RepositoryError>;

    /// The session whose secret hashes to `digest`, if it has not expired at `now`.
    async fn find_session(
        &self,
        digest: &str,
        now: i64,
    ) -> Result<Option<ConsoleSessionRecord>, RepositoryError>;

    async fn close_session(&self, digest: &str) -> Result<(), RepositoryError>;
}
