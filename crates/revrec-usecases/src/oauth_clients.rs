//! Create, list and revoke OAuth 2.0 clients (the `revrec oauth-clients` commands). The
//! client secret is returned once, at creation; only its SHA-256 digest is stored.

use revrec_ports::{OAuthClientRecord, Plan, Scope};

use crate::error::UseCaseError;
use crate::secrets::secret_digest;
use crate::services::Services;

/// Client secrets start with this, so a leaked one is recognisable (secret scanners).
pub const CLIENT_SECRET_PREFIX: &str = "rr_cs_";

#[derive(Clone, Debug)]
pub struct NewOAuthClient {
    pub tenant_id: String,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub plan: Plan,
}

/// The stored client and its secret, which is never available again.
#[derive(Clone, Debug)]
pub struct CreatedOAuthClient {
    pub client: OAuthClientRecord,
    pub secret: String,
}

pub async fn create_oauth_client(
    services: &Services,
    input: NewOAuthClient,
) -> Result<CreatedOAuthClient, UseCaseError> {
    let secret = format!("{CLIENT_SECRET_PREFIX}{}", services.ids.secret());
    let client = OAuthClientRecord {
        id: services.ids.new_id("rrc_"),
        tenant_id: input.tenant_id,
        name: input.name,
        secret_digest: secret_digest(&secret),
        scopes: input.scopes,
        plan: input.plan,
        created_at: services.clock.now_micros(),
        revoked_at: None,
        last_used_at: None,
    };
    services.oauth.insert_client(&client).await?;
    Ok(CreatedOAuthClient { client, secret })
}

pub async fn list_oauth_clients(
    services: &Services,
    tenant_id: Option<String>,
) -> Result<Vec<OAuthClientRecord>, UseCaseError> {
    Ok(services.oauth.list_clients(tenant_id).await?)
}

/// `true` when a client was revoked; its access tokens stop working at once. With a
/// tenant, only that tenant's client of that id is revoked (the console's case).
pub async fn revoke_oauth_client(
    services: &Services,
    tenant_id: Option<String>,
    id: &str,
) -> Result<bool, UseCaseError> {
    let now = services.clock.now_micros();
    Ok(services.oauth.revoke_client(tenant_id, id, now).await?)
}
