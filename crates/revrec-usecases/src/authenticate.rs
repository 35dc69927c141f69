//! Who is calling: a bearer token (an API key, an OAuth access token or the sandbox token)
//! becomes a principal (tenant, scopes, plan), or a refusal.

use revrec_ports::{Plan, Scope};
use subtle::ConstantTimeEq;

pub use crate::principal::{AuthError, Credential, Principal};
use crate::secrets::ACCESS_TOKEN_PREFIX;
pub use crate::secrets::secret_digest;
use crate::services::Services;

/// The published free-tier sandbox token (docs/access.md, Credentials). It works only in
/// sandbox mode.
pub const SANDBOX_TOKEN: &str = "rr_test_sandbox";
/// The tenant the sandbox token belongs to.
pub const SANDBOX_TENANT: &str = "sandbox";

/// Resolves a bearer token. `sandbox_mode` decides whether the published token is accepted.
pub async fn authenticate(
    services: &Services,
    sandbox_mode: bool,
    token: &str,
) -> Result<Principal, AuthError> {
    // Constant time, like every other secret comparison.
    if bool::from(token.as_bytes().ct_eq(SANDBOX_TOKEN.as_bytes())) {
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
        && token
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-');
    if !well_formed {
        return Err(AuthError::InvalidToken);
    }
    // Tokens are looked up by digest (an index probe on a SHA-256 reveals nothing about the
    // token through its timing); an OAuth token's client must still be unrevoked.
    if token.starts_with(ACCESS_TOKEN_PREFIX) {
        let now = services.clock.now_micros();
        let found = services
            .oauth
            .find_active_token(&secret_digest(token), now)
            .await?;
        return found
            .map(|token| Principal {
                tenant_id: token.tenant_id,
                scopes: token.scopes,
                plan: token.plan,
                credential: Credential::OAuthToken {
                    client_id: token.client_id,
                },
            })
            .ok_or(AuthError::InvalidToken);
    }
    if !(token.starts_with("rr_live_") || token.starts_with("rr_test_")) {
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
