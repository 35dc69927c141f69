//! How secrets look and are kept: the digest under which every secret is stored, and the
//! prefix that marks an OAuth access token.

use sha2::{Digest, Sha256};

/// Access tokens start with this; bearer authentication tells them from API keys by it.
pub const ACCESS_TOKEN_PREFIX: &str = "rr_oat_";

/// Lowercase hex SHA-256 of a secret: the only form in which secrets are stored.
pub fn secret_digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
