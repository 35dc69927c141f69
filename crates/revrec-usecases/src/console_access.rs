//! Who may use the administration console: its users (created by `revrec users create`,
//! with a one-time password), signing in throttled by client address (`sign_in_throttle`),
//! sessions kept as digests, and the CSRF token each session's forms carry.

use std::net::IpAddr;

use revrec_ports::{ConsoleSessionRecord, ConsoleUserRecord, PasswordError, RepositoryError};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::secrets::secret_digest;
use crate::services::Services;
use crate::sign_in_throttle::{ClientAddress, SignInKeys};
/// A session lasts eight hours from sign-in (a working day), then the user signs in again.
pub const SESSION_MICROS: i64 = 8 * 3600 * 1_000_000;
/// The shortest password a user may choose.
pub const MIN_PASSWORD_CHARS: usize = 12;
/// Verified when the address is unknown, so an unknown address costs the same time as a
/// wrong password (no account enumeration by timing). A hash of a random, discarded text.
const UNKNOWN_USER_PHC: &str = "$argon2id$v=19$m=19456,t=2,p=1$6OQZylt1b+Dqf23/a9RtuQ$9Gb3BTAthseQg66ssUMMkHYom0UHkd+hUvXdXydytCg";

#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    #[error("`{0}` is not an email address")]
    InvalidEmail(String),
    #[error("a console user with the address {0} exists already")]
    EmailTaken(String),
    /// Unknown address or wrong password: the two are not told apart.
    #[error("the email address or the password is wrong")]
    InvalidCredentials,
    /// This client address failed too often (for any address typed, or for this one): it
    /// waits, whoever it claims to be, and whether or not the account exists.
    #[error("too many attempts from this address")]
    Throttled { minutes: i64 },
    #[error("a password has at least {MIN_PASSWORD_CHARS} characters")]
    PasswordTooShort,
    #[error("the two passwords differ")]
    PasswordsDiffer,
    #[error("choose a password other than the one-time password")]
    PasswordUnchanged,
    #[error(transparent)]
    Password(#[from] PasswordError),
    #[error(transparent)]
    Storage(#[from] RepositoryError),
}

/// A user as `revrec users create` made it, with the password shown once.
#[derive(Clone, Debug)]
pub struct CreatedConsoleUser {
    pub user: ConsoleUserRecord,
    pub one_time_password: String,
}

/// A signed-in session as a request sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConsoleSession {
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    pub expires_at: i64,
    /// Only the page that replaces the one-time password is open.
    pub must_change_password: bool,
    /// What every form of this session carries back (see [`csrf_token`]).
    pub csrf_token: String,
}

/// A new session: the cookie's secret (never stored) and when it ends.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub secret: String,
    pub expires_at: i64,
    pub must_change_password: bool,
}

pub async fn create_console_user(
    services: &Services,
    tenant_id: &str,
    email: &str,
) -> Result<CreatedConsoleUser, ConsoleError> {
    let email = normalized_email(email)?;
    let one_time_password = services.ids.secret();
    let user = ConsoleUserRecord {
        tenant_id: tenant_id.to_owned(),
        id: services.ids.new_id("usr_"),
        email: email.clone(),
        password_hash: services.passwords.hash(&one_time_password).await?,
        must_change_password: true,
        created_at: services.clock.now_micros(),
    };
    services
        .console
        .insert_user(&user)
        .await
        .map_err(|error| match error {
            RepositoryError::Conflict(_) => ConsoleError::EmailTaken(email),
            other => ConsoleError::Storage(other),
        })?;
    Ok(CreatedConsoleUser {
        user,
        one_time_password,
    })
}

/// Signs in from the client at `peer` (the TCP peer's address). A wrong password and an
/// unknown address are answered alike, in about the same time, and counted alike; a client
/// address over its limits is refused before any password is checked.
pub async fn sign_in(
    services: &Services,
    email: &str,
    password: &str,
    peer: Option<IpAddr>,
) -> Result<SignedIn, ConsoleError> {
    let now = services.clock.now_micros();
    let limits = services.policy.sign_in;
    let keys = SignInKeys::new(email, &ClientAddress::of(peer));
    let counts = services.console.sign_in_failures(&keys.all(), now).await?;
    if let Some(until) = limits.throttled_until(&counts) {
        return Err(throttled(now, until));
    }
    let user = match normalized_email(email) {
        Ok(email) => services.console.find_user_by_email(&email).await?,
        Err(_) => None,
    };
    let verified = match &user {
        Some(user) => {
            services
                .passwords
                .verify(password, &user.password_hash)
                .await?
        }
        None => {
            // The same work as a real check, so the time taken does not tell either.
            services
                .passwords
                .verify(password, UNKNOWN_USER_PHC)
                .await?;
            false
        }
    };
    let Some(user) = user.filter(|_| verified) else {
        let counts = services
            .console
            .record_sign_in_failure(&keys.all(), now, limits.window_micros())
            .await?;
        return Err(match limits.throttled_until(&counts) {
            Some(until) => throttled(now, until),
            None => ConsoleError::InvalidCredentials,
        });
    };
    let secret = services.ids.secret();
    let expires_at = now.saturating_add(SESSION_MICROS);
    services
        .console
        .open_session(
            &ConsoleSessionRecord {
                digest: secret_digest(&secret),
                tenant_id: user.tenant_id,
                user_id: user.id,
                created_at: now,
                expires_at,
            },
            // This client's mistakes for this account are forgiven; what it did for other
            // accounts, and the account's count from elsewhere, are not.
            std::slice::from_ref(&keys.account_and_client),
        )
        .await?;
    Ok(SignedIn {
        secret,
        expires_at,
        must_change_password: user.must_change_password,
    })
}

/// The wait until `until`, in whole minutes rounded up (at least one), so that answers
/// given within the same minute of a window are the same to the byte.
fn throttled(now: i64, until: i64) -> ConsoleError {
    let minute = 60 * 1_000_000;
    let left = until.saturating_sub(now).max(1);
    ConsoleError::Throttled {
        minutes: (left - 1) / minute + 1,
    }
}

/// The session the cookie's `secret` opens, if it is still valid and its user exists.
pub async fn session(
    services: &Services,
    secret: &str,
) -> Result<Option<ConsoleSession>, ConsoleError> {
    let now = services.clock.now_micros();
    let Some(record) = services
        .console
        .find_session(&secret_digest(secret), now)
        .await?
    else {
        return Ok(None);
    };
    let Some(user) = services
        .console
        .find_user(&record.tenant_id, &record.user_id)
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(ConsoleSession {
        tenant_id: record.tenant_id,
        user_id: record.user_id,
        email: user.email,
        expires_at: record.expires_at,
        must_change_password: user.must_change_password,
        csrf_token: csrf_token(secret),
    }))
}

pub async fn sign_out(services: &Services, secret: &str) -> Result<(), ConsoleError> {
    Ok(services
        .console
        .close_session(&secret_digest(secret))
        .await?)
}

/// Replaces the signed-in user's password, and ends the user's other sessions.
///
/// `current` is the password typed again: a session left open cannot be turned into a
/// stolen account. `None` only for a user who still has the one-time password
/// (`must_change_password`, read afresh here, never taken from the request): that password
/// opened this session moments ago, so it is not asked twice. It is replaced once: the write
/// happens only while the stored password is still the one read here, so of two racing
/// changes one wins and the other is refused (`InvalidCredentials`, as a stale current
/// password is), and afterwards the flag is clear and the current password is asked again.
pub async fn change_password(
    services: &Services,
    secret: &str,
    session: &ConsoleSession,
    current: Option<&str>,
    new: &str,
    repeated: &str,
) -> Result<(), ConsoleError> {
    if new.chars().count() < MIN_PASSWORD_CHARS {
        return Err(ConsoleError::PasswordTooShort);
    }
    if new != repeated {
        return Err(ConsoleError::PasswordsDiffer);
    }
    if current == Some(new) {
        return Err(ConsoleError::PasswordUnchanged);
    }
    let Some(user) = services
        .console
        .find_user(&session.tenant_id, &session.user_id)
        .await?
    else {
        return Err(ConsoleError::InvalidCredentials);
    };
    match current {
        Some(current) => {
            if !services
                .passwords
                .verify(current, &user.password_hash)
                .await?
            {
                return Err(ConsoleError::InvalidCredentials);
            }
        }
        None => {
            if !user.must_change_password {
                return Err(ConsoleError::InvalidCredentials);
            }
            // The one-time password was not typed again: is the new one that password?
            if services.passwords.verify(new, &user.password_hash).await? {
                return Err(ConsoleError::PasswordUnchanged);
            }
        }
    }
    let hash = services.passwords.hash(new).await?;
    services
        .console
        .set_password(
            &user.tenant_id,
            &user.id,
            &user.password_hash,
            &hash,
            &secret_digest(secret),
        )
        .await
        .map_err(|error| match error {
            // Replaced meanwhile (another session was quicker): what was proven is stale.
            RepositoryError::Conflict(_) => ConsoleError::InvalidCredentials,
            other => ConsoleError::Storage(other),
        })
}

/// The synchronizer token of the session whose cookie holds `secret`: derived from the
/// secret, so it needs no storage, and unknowable without the cookie.
pub fn csrf_token(secret: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"revrec console csrf\0")
        .chain_update(secret.as_bytes())
        .finalize();
    digest
        .iter()
        .take(16)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether a form's token is the session's, compared in constant time.
pub fn csrf_matches(session: &ConsoleSession, submitted: &str) -> bool {
    same_token(&session.csrf_token, submitted)
}

/// Whether two tokens are equal, compared in constant time (an empty one never matches).
pub fn same_token(expected: &str, submitted: &str) -> bool {
    !expected.is_empty() && bool::from(expected.as_bytes().ct_eq(submitted.as_bytes()))
}

fn normalized_email(email: &str) -> Result<String, ConsoleError> {
    let email = email.trim().to_lowercase();
    let valid = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !email.contains(char::is_whitespace)
                && email.len() <= 254
        }
        None => false,
    };
    if valid {
        Ok(email)
    } else {
        Err(ConsoleError::InvalidEmail(email))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            normalized_email("  Ana@Example.COM ").unwrap_or_default(),
            "ana@example.com"
        );
        for bad in [
            "",
            "ana",
            "@example.com",
            "ana@example",
            "ana@.com",
            "a na@example.com",
        ] {
            assert!(normalized_email(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_csrf_token_is_the_sessions_own() {
        assert_eq!(csrf_token("a"), csrf_token("a"));
        assert_ne!(csrf_token("a"), csrf_token("b"));
        assert_eq!(csrf_token("a").len(), 32);
    }
}
