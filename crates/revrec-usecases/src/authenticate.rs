//! Who is calling: a bearer token becomes a principal (tenant, scopes, plan), or a refusal.

use revrec_ports::{Plan, Scope};
use sha2::{Digest, Sha256};

use crate::services::Services;

/// The published free-tier sandbox token (decisions.md §12). It works only in sandbox mode.
pub const SANDBOX_TOKEN: &str = "rr_test_sandbox";
/// The tenant the sandbox token belongs to.
pub const SANDBOX_TENANT: &str = "sandbox";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    ApiKey { id: String },
    SandboxToken,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Principal {
    pub tenant_id: String,
    pub scopes: Vec<Scope>,
    pub plan: Plan,
    pub credential: Credential,
}

impl Principal {
    /// `Ok` when the principal holds `scope`.
    pub fn require(&self, scope: Scope) -> Result<(), AuthError> {
        if self.scopes.contains(&scope) {
            Ok(())
        } else {
            Err(AuthError::InsufficientScope { needed: scope })
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("this request needs a bearer token")]
    Missing,
    #[error("the bearer token is not valid (unknown, revoked or malformed)")]
    InvalidToken,
    #[error("this request needs the `{needed}` scope")]
    InsufficientScope { needed: Scope },
    #[error(transparent)]
    Storage(#[from] revrec_ports::RepositoryError),
}

/// Lowercase hex SHA-256 of a secret: the only form in which secrets are stored.
pub fn secret_digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Resolves a bearer token. `sandbox_mode` decides whether the published token is accepted.
pub async fn authenticate(
    services: &Services,
    sandbox_mode: bool,
    token: &str,
) -> Result<Principal, AuthError> {
    if token == SANDBOX_TOKEN {
        return if sandbox_mode {
            Ok(Principal {
                tenant_id: SANDBOX_TENANT.to_owned(),
                scopes: Scope::ALL.to_vec(),
                plan: Plan::Sandbox,
                credential: Credential::SandboxToken,
            })
        } else {
            Err(AuthError::InvalidToken)
        };
    }
    let well_formed = token.len() <= 256
        && (token.starts_with("rr_live_") || token.starts_with("rr_test_"))
        && token
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-');
    if !well_formed {
        return Err(AuthError::InvalidToken);
    }
    let key = services
        .api_keys
        .find_by_digest(&secret_digest(token))
        .await?;
    match key {
        Some(key) if key.revoked_at.is_none() => Ok(Principal {
            tenant_id: key.tenant_id,
            scopes: key.scopes,
            plan: key.plan,
            credential: Credential::ApiKey { id: key.id },
        }),
        _ => Err(AuthError::InvalidToken),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_plain_sha256_hex() {
        // sha256("abc"), FIPS 180-2 test vector.
        assert_eq!(
            secret_digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
