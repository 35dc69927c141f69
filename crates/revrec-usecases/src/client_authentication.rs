//! Client authentication at the OAuth endpoints (token, revocation, introspection), guarded
//! against guessing (RFC 6749 §2.3.1, §10.10).
//!
//! Each attempt takes one unit of its address's and of its client id's failure allowance
//! *before* the secret is looked at, and gives both back when the client authenticates:
//! failures keep theirs. Once an allowance of a window is spent, every attempt is refused
//! (the right secret too) until the window ends, and no number of attempts sent at once
//! gets more secrets checked than the allowance, since each must hold a unit first.

use std::net::IpAddr;

use revrec_ports::{OAuthClientRecord, QuotaKey, RateDecision, RepositoryError};
use subtle::ConstantTimeEq;

use crate::secrets::secret_digest;
use crate::services::Services;

/// What a client presented at an OAuth endpoint, and from where.
#[derive(Clone, Copy, Debug)]
pub struct ClientAttempt<'a> {
    /// `client_id` and `client_secret`; `None` when the request carried no client
    /// authentication at all.
    pub credentials: Option<(&'a str, &'a str)>,
    /// The peer's address, when the transport knows it.
    pub address: Option<IpAddr>,
}

/// Why a client was not authenticated.
#[derive(Debug, thiserror::Error)]
pub enum ClientAuthError {
    /// Unknown client, wrong secret, revoked client or none presented: deliberately
    /// indistinguishable.
    #[error("client authentication failed")]
    InvalidClient,
    /// Too many failures in this window from the address or for the client id; the
    /// decision of the allowance that is spent (its limit and when it resets).
    #[error("too many failed client authentications; retry in {} seconds", .0.reset_seconds)]
    Throttled(RateDecision),
    #[error(transparent)]
    Storage(#[from] RepositoryError),
}

/// The failure counts share the limiter's store with the request quotas; no tenant is
/// named "", and no credential name starts with this.
const GUARD_TENANT: &str = "";
const GUARD_PREFIX: &str = "oauth-client-auth";

/// The client the credentials name, when the secret is its own and it is not revoked.
///
/// # Errors
/// `Throttled` before the secret is read when an allowance is spent; `InvalidClient` for
/// any failure, which then counts.
pub async fn authenticate_client(
    services: &Services,
    attempt: ClientAttempt<'_>,
) -> Result<OAuthClientRecord, ClientAuthError> {
    let limits = services.policy.failed_client_authentications;
    let now = services.clock.now_micros();
    // The address first: an address that is refused leaves no trace under the client ids
    // it makes up.
    let allowances = attempt
        .address
        .map(|address| (address_key(address), limits.per_address))
        .into_iter()
        .chain(
            attempt
                .credentials
                .map(|(id, _)| (client_key(id), limits.per_client)),
        );
    let mut taken: Vec<(QuotaKey, u32)> = Vec::with_capacity(2);
    for (key, limit) in allowances {
        let decision = match services
            .client_auth_failures
            .acquire(&key, limit, now)
            .await
        {
            Ok(decision) => decision,
            Err(error) => {
                give_back(services, &taken, now).await?;
                return Err(error.into());
            }
        };
        if !decision.allowed {
            // Refused unread: not a failure, so the other allowance gets its unit back.
            give_back(services, &taken, now).await?;
            return Err(ClientAuthError::Throttled(decision));
        }
        taken.push((key, limit));
    }
    match verify(services, attempt.credentials).await {
        Ok(Some(client)) => {
            give_back(services, &taken, now).await?;
            Ok(client)
        }
        // The units stay taken: this is what counts the failure.
        Ok(None) => Err(ClientAuthError::InvalidClient),
        // A database that did not answer is no failed authentication.
        Err(error) => {
            give_back(services, &taken, now).await?;
            Err(error.into())
        }
    }
}

/// The client, when the secret matches and the client is unrevoked. An unknown id costs
/// what a wrong secret costs: one lookup and a constant-time comparison against a
/// stand-in digest.
async fn verify(
    services: &Services,
    credentials: Option<(&str, &str)>,
) -> Result<Option<OAuthClientRecord>, RepositoryError> {
    let Some((client_id, client_secret)) = credentials else {
        return Ok(None);
    };
    let client = services.oauth.find_client(client_id).await?;
    let presented = secret_digest(client_secret);
    let stored = client
        .as_ref()
        .map_or_else(|| secret_digest(""), |client| client.secret_digest.clone());
    let secret_matches: bool = presented.as_bytes().ct_eq(stored.as_bytes()).into();
    Ok(client.filter(|client| secret_matches && client.revoked_at.is_none()))
}

async fn give_back(
    services: &Services,
    taken: &[(QuotaKey, u32)],
    now: i64,
) -> Result<(), RepositoryError> {
    for (key, limit) in taken {
        services
            .client_auth_failures
            .release(key, *limit, now)
            .await?;
    }
    Ok(())
}

/// The allowance of a presented client id. The id is whatever the caller sent: its digest
/// keeps the key short and the caller's text out of the store.
fn client_key(client_id: &str) -> QuotaKey {
    QuotaKey {
        tenant_id: GUARD_TENANT.to_owned(),
        credential: format!("{GUARD_PREFIX}:client:{}", secret_digest(client_id)),
    }
}

/// The allowance of an address: an IPv4 address (an IPv4-mapped IPv6 one counts as it), or
/// an IPv6 /64, the smallest block one subscriber is usually given, so that walking the
/// addresses of one's own block gains nothing.
fn address_key(address: IpAddr) -> QuotaKey {
    let block = match address {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                format!("{a:x}:{b:x}:{c:x}:{d:x}::/64")
            }
        },
    };
    QuotaKey {
        tenant_id: GUARD_TENANT.to_owned(),
        credential: format!("{GUARD_PREFIX}:address:{block}"),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use revrec_ports::oauth::MockOAuthRepository;
    use revrec_ports::rate_limit::MockRateLimiter;
    use revrec_ports::{Plan, Scope};

    use super::*;

    const ADDRESS: [u8; 4] = [203, 0, 113, 7];

    fn services(limiter: MockRateLimiter, oauth: MockOAuthRepository) -> Services {
        Services::from(crate::SharedServices {
            oauth: Arc::new(oauth),
            client_auth_failures: Arc::new(limiter),
            ..crate::mocked_services::mocked_at(1_000)
        })
    }

    fn decision(allowed: bool) -> RateDecision {
        RateDecision {
            allowed,
            limit: 10,
            remaining: u32::from(allowed),
            reset_seconds: 42,
        }
    }

    fn stored_client() -> OAuthClientRecord {
        OAuthClientRecord {
            id: "rrc_1".into(),
            tenant_id: "acme".into(),
            name: "sync".into(),
            secret_digest: secret_digest("rr_cs_right"),
            scopes: vec![Scope::ReadContracts],
            plan: Plan::Growth,
            created_at: 0,
            revoked_at: None,
            last_used_at: None,
        }
    }

    fn attempt(secret: &str) -> ClientAttempt<'_> {
        ClientAttempt {
            credentials: Some(("rrc_1", secret)),
            address: Some(IpAddr::from(ADDRESS)),
        }
    }

    #[tokio::test]
    async fn a_refused_address_is_answered_before_the_client_or_its_secret_is_read() {
        let mut limiter = MockRateLimiter::new();
        limiter
            .expect_acquire()
            .withf(|key, limit, _| *key == address_key(IpAddr::from(ADDRESS)) && *limit == 30)
            .times(1)
            .returning(|_, _, _| Ok(decision(false)));
        limiter.expect_release().never();
        let mut oauth = MockOAuthRepository::new();
        oauth.expect_find_client().never();
        let refused = authenticate_client(&services(limiter, oauth), attempt("rr_cs_right")).await;
        assert!(
            matches!(refused, Err(ClientAuthError::Throttled(spent)) if spent.reset_seconds == 42),
            "{refused:?}"
        );
    }

    #[tokio::test]
    async fn a_refused_client_id_gives_the_address_its_unit_back_unread() {
        let mut limiter = MockRateLimiter::new();
        limiter
            .expect_acquire()
            .returning(|key, _, _| Ok(decision(key.credential.contains(":address:"))));
        limiter
            .expect_release()
            .withf(|key, limit, _| *key == address_key(IpAddr::from(ADDRESS)) && *limit == 30)
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut oauth = MockOAuthRepository::new();
        oauth.expect_find_client().never();
        let refused = authenticate_client(&services(limiter, oauth), attempt("rr_cs_right")).await;
        assert!(matches!(refused, Err(ClientAuthError::Throttled(_))));
    }

    #[tokio::test]
    async fn a_success_gives_both_units_back_and_a_failure_keeps_them() {
        for (secret, known, authenticated) in [
            ("rr_cs_right", true, true),
            ("rr_cs_wrong", true, false),
            // An unknown id: the same lookup, comparison and count as a wrong secret.
            ("rr_cs_right", false, false),
        ] {
            let mut limiter = MockRateLimiter::new();
            limiter
                .expect_acquire()
                .times(2)
                .returning(|_, _, _| Ok(decision(true)));
            limiter
                .expect_release()
                .times(if authenticated { 2 } else { 0 })
                .returning(|_, _, _| Ok(()));
            let mut oauth = MockOAuthRepository::new();
            oauth
                .expect_find_client()
                .times(1)
                .returning(move |_| Ok(known.then(stored_client)));
            let outcome = authenticate_client(&services(limiter, oauth), attempt(secret)).await;
            match outcome {
                Ok(client) => assert!(authenticated && client.id == "rrc_1"),
                Err(ClientAuthError::InvalidClient) => assert!(!authenticated),
                Err(other) => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn addresses_are_counted_per_ipv4_address_and_per_ipv6_64() {
        let key = |text: &str| address_key(text.parse().unwrap_or(IpAddr::from([0, 0, 0, 0])));
        assert_eq!(
            key("203.0.113.7").credential,
            "oauth-client-auth:address:203.0.113.7"
        );
        assert_eq!(key("::ffff:203.0.113.7"), key("203.0.113.7"));
        assert_eq!(
            key("2001:db8:1:2:aaaa::1").credential,
            "oauth-client-auth:address:2001:db8:1:2::/64"
        );
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_ne!(key("203.0.113.7"), key("203.0.113.8"));
    }

    #[test]
    fn client_ids_are_keyed_by_digest_apart_from_addresses_and_quotas() {
        let key = client_key("rrc_1");
        assert_eq!(key.tenant_id, "");
        assert_eq!(
            key.credential,
            format!("oauth-client-auth:client:{}", secret_digest("rrc_1"))
        );
        assert_ne!(client_key("rrc_1"), client_key("rrc_2"));
        assert_eq!(
            client_key(&"x".repeat(8_000)).credential.len(),
            key.credential.len()
        );
    }
}
