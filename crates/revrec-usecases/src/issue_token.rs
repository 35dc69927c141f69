//! The client credentials grant (RFC 6749 §4.4): a client's id and secret become an access
//! token for one hour, with the client's scopes or a subset it asks for.

use revrec_ports::{AccessTokenRecord, RepositoryError, Scope};

use crate::client_authentication::{ClientAttempt, ClientAuthError, authenticate_client};
use crate::secrets::secret_digest;
use crate::services::Services;

pub use crate::secrets::ACCESS_TOKEN_PREFIX;
/// How long an access token is valid (docs/access.md: one hour).
pub const ACCESS_TOKEN_SECONDS: i64 = 3_600;

/// A token as handed to the client.
#[derive(Clone, Debug)]
pub struct IssuedToken {
    pub access_token: String,
    pub expires_in: i64,
    pub scopes: Vec<Scope>,
}

/// Why no token was issued, in RFC 6749 §5.2's terms.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// The client was not authenticated, or may not try now.
    #[error(transparent)]
    Client(#[from] ClientAuthError),
    #[error("scope `{scope}` is unknown or not allowed for this client")]
    InvalidScope { scope: String },
    #[error(transparent)]
    Storage(#[from] RepositoryError),
}

/// Authenticates the client and issues a token. `requested_scope` is the request's `scope`
/// (space-separated; `None` or blank: every scope the client has).
pub async fn issue_client_credentials_token(
    services: &Services,
    attempt: ClientAttempt<'_>,
    requested_scope: Option<&str>,
) -> Result<IssuedToken, TokenError> {
    let client = authenticate_client(services, attempt).await?;
    let scopes = match requested_scope
        .map(str::trim)
        .filter(|text| !text.is_empty())
    {
        None => client.scopes.clone(),
        Some(text) => {
            let mut scopes = Vec::new();
            for word in text.split(' ').filter(|word| !word.is_empty()) {
                let scope = Scope::parse(word)
                    .filter(|scope| client.scopes.contains(scope))
                    .ok_or_else(|| TokenError::InvalidScope {
                        scope: word.to_owned(),
                    })?;
                if !scopes.contains(&scope) {
                    scopes.push(scope);
                }
            }
            scopes.sort();
            scopes
        }
    };
    let access_token = format!("{ACCESS_TOKEN_PREFIX}{}", services.ids.secret());
    let now = services.clock.now_micros();
    let record = AccessTokenRecord {
        digest: secret_digest(&access_token),
        tenant_id: client.tenant_id,
        client_id: client.id,
        scopes: scopes.clone(),
        issued_at: now,
        expires_at: now + ACCESS_TOKEN_SECONDS * 1_000_000,
    };
    services.oauth.insert_token(&record, now).await?;
    Ok(IssuedToken {
        access_token,
        expires_in: ACCESS_TOKEN_SECONDS,
        scopes,
    })
}
