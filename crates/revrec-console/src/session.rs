//! The console's cookies: the session (its secret; the database keeps only a digest) and,
//! before sign-in, the double-submit token of the sign-in form. Both are `HttpOnly`,
//! `SameSite=Strict`, scoped to `/console`, and `Secure` when the service is behind https.

use actix_web::HttpRequest;
use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::cookie::{Cookie, SameSite};
use revrec_http::AppState;
use revrec_usecases::console_access::{ConsoleSession, csrf_matches, session};

use crate::error::PageError;

pub const SESSION_COOKIE: &str = "revrec_console";
pub const SIGN_IN_COOKIE: &str = "revrec_console_sign_in";
const SIGN_IN_SECONDS: i64 = 600;

/// A signed-in request: the session and the cookie secret it came from.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub session: ConsoleSession,
    pub secret: String,
}

impl SignedIn {
    pub fn tenant(&self) -> &str {
        &self.session.tenant_id
    }

    /// Refuses a form whose token is not this session's (a cross-site request).
    pub fn check_csrf(&self, submitted: &str) -> Result<(), PageError> {
        if csrf_matches(&self.session, submitted) {
            Ok(())
        } else {
            Err(PageError::CsrfRejected)
        }
    }
}

/// The signed-in session of this request, if any (expired and unknown ones are none).
pub async fn current(
    request: &HttpRequest,
    state: &AppState,
) -> Result<Option<SignedIn>, PageError> {
    let Some(cookie) = request.cookie(SESSION_COOKIE) else {
        return Ok(None);
    };
    let secret = cookie.value().to_owned();
    Ok(session(&state.services, &secret)
        .await?
        .map(|session| SignedIn { session, secret }))
}

/// The signed-in session, with its one-time password already replaced; else a redirect
/// to the sign-in page (or to the page that replaces the password).
pub async fn require(request: &HttpRequest, state: &AppState) -> Result<SignedIn, PageError> {
    let signed = current(request, state)
        .await?
        .ok_or(PageError::SignInRequired)?;
    if signed.session.must_change_password {
        return Err(PageError::PasswordChangeRequired);
    }
    Ok(signed)
}

pub fn session_cookie(state: &AppState, secret: &str, seconds: i64) -> Cookie<'static> {
    cookie(state, SESSION_COOKIE, secret.to_owned(), seconds)
}

pub fn sign_in_cookie(state: &AppState, token: &str) -> Cookie<'static> {
    cookie(state, SIGN_IN_COOKIE, token.to_owned(), SIGN_IN_SECONDS)
}

/// A cookie that removes `name` from the browser.
pub fn removal(state: &AppState, name: &'static str) -> Cookie<'static> {
    cookie(state, name, String::new(), 0)
}

fn cookie(state: &AppState, name: &'static str, value: String, seconds: i64) -> Cookie<'static> {
    Cookie::build(name, value)
        .path("/console")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(state.settings.public_url.starts_with("https://"))
        .max_age(CookieDuration::seconds(seconds))
        .finish()
}
