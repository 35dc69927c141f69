//! Who a request acts for once its credential is resolved: the tenant, the scopes, the plan
//! and the kind of credential, and the refusals that follow from them. Every use case reads
//! it; only `authenticate` makes one.

use revrec_ports::{Plan, QuotaKey, Scope};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    ApiKey {
        id: String,
    },
    /// An access token of the client credentials grant.
    OAuthToken {
        client_id: String,
    },
    SandboxToken,
}

impl Credential {
    /// Whether this is what docs/access.md calls "Bearer" (an API key, or the published
    /// sandbox token, which stands for one), as opposed to an OAuth 2.0 access token.
    pub fn is_api_key(&self) -> bool {
        matches!(self, Credential::ApiKey { .. } | Credential::SandboxToken)
    }

    /// The credential's name within its tenant: whose quota a request draws on. All tokens
    /// of one OAuth client share the client's quota.
    pub fn quota_name(&self) -> String {
        match self {
            Credential::ApiKey { id } => format!("key:{id}"),
            Credential::OAuthToken { client_id } => format!("oauth:{client_id}"),
            Credential::SandboxToken => "sandbox".to_owned(),
        }
    }
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

    /// `Ok` for API keys; routes docs/access.md lists as "Bearer only" refuse OAuth tokens.
    pub fn require_api_key(&self) -> Result<(), AuthError> {
        if self.credential.is_api_key() {
            Ok(())
        } else {
            Err(AuthError::CredentialNotAllowed)
        }
    }

    pub fn quota_key(&self) -> QuotaKey {
        QuotaKey {
            tenant_id: self.tenant_id.clone(),
            credential: self.credential.quota_name(),
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
    #[error(
        "this route takes API keys only (\"Bearer only\", docs/access.md); OAuth access tokens are not accepted here"
    )]
    CredentialNotAllowed,
    #[error(transparent)]
    Storage(#[from] revrec_ports::RepositoryError),
}
