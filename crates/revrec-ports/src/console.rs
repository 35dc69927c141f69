//! People who sign in to the administration console, their sessions, and the failed
//! sign-ins counted to throttle guessing. Passwords are stored as Argon2id PHC strings,
//! session secrets as SHA-256 digests.

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
}

/// The failed sign-ins counted under one key (a client address, an address typed into the
/// form, or both) in its window, which opens at the key's first failure and lasts a fixed
/// time. A key with no open window has none.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct FailureWindow {
    pub failures: u32,
    /// When the window closes and the count is forgotten (microseconds since the epoch);
    /// 0 when there is no open window.
    pub ends_at: i64,
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

    /// Replaces the password (a PHC string) if it is still `expected_hash`, clears
    /// `must_change_password`, and ends the user's other sessions (all but the one whose
    /// digest is `keep_session`), in one transaction: a session opened with the old password
    /// does not outlive it.
    ///
    /// # Errors
    /// `Conflict`, with nothing changed, when the stored password is no longer
    /// `expected_hash` (or the user is gone): of two racing changes, one wins.
    async fn set_password(
        &self,
        tenant_id: &str,
        user_id: &str,
        expected_hash: &str,
        password_hash: &str,
        keep_session: &str,
    ) -> Result<(), RepositoryError>;

    async fn find_user_by_email(
        &self,
        email: &str,
    ) -> Result<Option<ConsoleUserRecord>, RepositoryError>;

    /// The failures counted under each of `keys` in windows still open at `now`, in the
    /// order of `keys`.
    async fn sign_in_failures(
        &self,
        keys: &[String],
        now: i64,
    ) -> Result<Vec<FailureWindow>, RepositoryError>;

    /// Counts one failed sign-in under every one of `keys`, in one transaction, and answers
    /// their counts after it (in the order of `keys`). A key without an open window opens one
    /// of `window_micros` at `now`; each count is one statement, so concurrent failures on
    /// any number of instances all count. Windows already closed are removed.
    async fn record_sign_in_failure(
        &self,
        keys: &[String],
        now: i64,
        window_micros: i64,
    ) -> Result<Vec<FailureWindow>, RepositoryError>;

    /// A successful sign-in: the session is stored, the failures counted under `forget` are
    /// dropped, and sessions already expired are removed, in one transaction.
    async fn open_session(
        &self,
        session: &ConsoleSessionRecord,
        forget: &[String],
    ) -> Result<(), RepositoryError>;

    /// The session whose secret hashes to `digest`, if it has not expired at `now`.
    async fn find_session(
        &self,
        digest: &str,
        now: i64,
    ) -> Result<Option<ConsoleSessionRecord>, RepositoryError>;

    async fn close_session(&self, digest: &str) -> Result<(), RepositoryError>;
}
