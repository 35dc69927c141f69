//! Password hashing for console users. The adapter hashes with Argon2id off the request
//! threads (a hash takes tens of milliseconds by design).

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// A stored hash that is not a PHC string this adapter reads.
    #[error("the stored password hash is not readable")]
    UnreadableHash,
    /// The hashing itself failed (its worker thread, or the parameters).
    #[error("password hashing failed: {0}")]
    Hashing(String),
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// A PHC string (`$argon2id$…`) of `password` under a fresh random salt.
    async fn hash(&self, password: &str) -> Result<String, PasswordError>;

    /// Whether `password` is the one `phc` was made from (in constant time).
    async fn verify(&self, password: &str, phc: &str) -> Result<bool, PasswordError>;
}
