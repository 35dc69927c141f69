//! RFC 7009 revocation: an authenticated client ends one of its own access tokens, at once
//! on every instance (the stored row is marked; bearer authentication reads it every time).

use crate::client_authentication::{ClientAttempt, ClientAuthError, authenticate_client};
use crate::secrets::secret_digest;
use crate::services::Services;

/// Revokes `token` when it is one of the authenticated client's. `true` when this call
/// revoked it; an unknown token, another client's or one already revoked changes nothing
/// and gives `false`, which the HTTP answer does not tell apart (RFC 7009 §2.1, §2.2).
///
/// # Errors
/// The client's authentication failed or is throttled, or the database did not answer.
pub async fn revoke_access_token(
    services: &Services,
    attempt: ClientAttempt<'_>,
    token: &str,
) -> Result<bool, ClientAuthError> {
    let client = authenticate_client(services, attempt).await?;
    let now = services.clock.now_micros();
    Ok(services
        .oauth
        .revoke_token(&client.tenant_id, &client.id, &secret_digest(token), now)
        .await?)
}
