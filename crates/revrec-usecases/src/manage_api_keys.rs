//! Create, list and revoke API keys (the `revrec keys` commands). The secret is returned
//! once, at creation; only its SHA-256 digest is stored.

use revrec_ports::{ApiKeyRecord, Plan, Scope};

use crate::error::UseCaseError;
use crate::secrets::secret_digest;
use crate::services::Services;

#[derive(Clone, Debug)]
pub struct NewApiKey {
    pub tenant_id: String,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub plan: Plan,
    /// `rr_live_…` for production use, `rr_test_…` otherwise.
    pub live: bool,
}

/// The stored key and its secret, which is never available again.
#[derive(Clone, Debug)]
pub struct CreatedApiKey {
    pub key: ApiKeyRecord,
    pub secret: String,
}

pub async fn create_api_key(
    services: &Services,
    input: NewApiKey,
) -> Result<CreatedApiKey, UseCaseError> {
    let secret = format!(
        "{}{}",
        if input.live { "rr_live_" } else { "rr_test_" },
        services.ids.secret()
    );
    let key = ApiKeyRecord {
        id: services.ids.new_id("key_"),
        tenant_id: input.tenant_id,
        name: input.name,
        prefix: secret.chars().take(12).collect(),
        digest: secret_digest(&secret),
        scopes: input.scopes,
        plan: input.plan,
        created_at: services.clock.now_micros(),
        revoked_at: None,
        last_used_at: None,
    };
    services.api_keys.insert(&key).await?;
    Ok(CreatedApiKey { key, secret })
}

pub async fn list_api_keys(
    services: &Services,
    tenant_id: Option<String>,
) -> Result<Vec<ApiKeyRecord>, UseCaseError> {
    Ok(services.api_keys.list(tenant_id).await?)
}

/// `true` when a key was revoked. With a tenant, only that tenant's key of that id is
/// revoked (the console's case).
pub async fn revoke_api_key(
    services: &Services,
    tenant_id: Option<String>,
    id: &str,
) -> Result<bool, UseCaseError> {
    let now = services.clock.now_micros();
    Ok(services.api_keys.revoke(tenant_id, id, now).await?)
}
