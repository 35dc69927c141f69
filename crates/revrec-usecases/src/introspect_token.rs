//! RFC 7662 introspection: an authenticated client asks whether one of its access tokens
//! is active, and what it carries.

use revrec_ports::ActiveToken;

use crate::client_authentication::{ClientAttempt, ClientAuthError, authenticate_client};
use crate::secrets::secret_digest;
use crate::services::Services;

/// The token, when it is active now (unexpired, unrevoked, its client unrevoked) and was
/// issued to the authenticated client. Another client's token is `None` like an unknown
/// one, so introspection tells a client nothing about tokens it does not hold (RFC 7662
/// §4: the server may answer `active: false` to protect token information).
///
/// # Errors
/// The client's authentication failed or is throttled, or the database did not answer.
pub async fn introspect_access_token(
    services: &Services,
    attempt: ClientAttempt<'_>,
    token: &str,
) -> Result<Option<ActiveToken>, ClientAuthError> {
    let client = authenticate_client(services, attempt).await?;
    let now = services.clock.now_micros();
    let found = services
        .oauth
        .find_active_token(&secret_digest(token), now)
        .await?;
    Ok(found.filter(|token| token.client_id == client.id && token.tenant_id == client.tenant_id))
}
