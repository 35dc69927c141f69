//! Replacing the password: required after the one-time password, open to any signed-in
//! user afterwards. Right after signing in with the one-time password the page asks only
//! for the new password (twice): that session has just proven the one-time password, and
//! may replace it once. Afterwards the current password is asked again for every change.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_http::AppState;
use revrec_usecases::console_access::{ConsoleError, MIN_PASSWORD_CHARS, change_password};
use serde::Deserialize;

use crate::error::PageError;
use crate::layout::{bare_page, html_response, html_with_status, notice};
use crate::pages::see_other;
use crate::session::{self, SignedIn};

#[derive(Deserialize)]
pub struct PasswordForm {
    /// Absent from the form that replaces the one-time password.
    #[serde(default)]
    current: Option<String>,
    new: String,
    repeated: String,
    csrf: String,
}

pub async fn form(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    let signed = signed_in(&request, &state).await?;
    Ok(html_response(password_page(&signed, None)))
}

pub async fn submit(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<PasswordForm>,
) -> Result<HttpResponse, PageError> {
    let signed = signed_in(&request, &state).await?;
    signed.check_csrf(&form.csrf)?;
    let first = signed.session.must_change_password;
    // The one-time session proves itself; any other types its current password (an empty
    // one when the field was left out, which no password matches).
    let current = (!first).then(|| form.current.as_deref().unwrap_or_default());
    match change_password(
        &state.services,
        &signed.secret,
        &signed.session,
        current,
        &form.new,
        &form.repeated,
    )
    .await
    {
        Ok(()) => Ok(see_other("/console/dashboard")),
        Err(
            problem @ (ConsoleError::PasswordTooShort
            | ConsoleError::PasswordsDiffer
            | ConsoleError::PasswordUnchanged
            | ConsoleError::InvalidCredentials),
        ) => {
            let message = match problem {
                // Replaced meanwhile, from another session of the same one-time password.
                ConsoleError::InvalidCredentials if first => {
                    "The one-time password has been replaced already: sign in with the new password.".to_owned()
                }
                ConsoleError::InvalidCredentials => "The current password is wrong.".to_owned(),
                other => format!("{other}."),
            };
            Ok(html_with_status(
                StatusCode::BAD_REQUEST,
                password_page(&signed, Some(&message)),
            ))
        }
        Err(other) => Err(other.into()),
    }
}

/// Any session: this page is the one a one-time password opens.
async fn signed_in(request: &HttpRequest, state: &AppState) -> Result<SignedIn, PageError> {
    session::current(request, state)
        .await?
        .ok_or(PageError::SignInRequired)
}

fn password_page(signed: &SignedIn, problem: Option<&str>) -> Markup {
    let first = signed.session.must_change_password;
    bare_page(
        if first {
            "Choose your password"
        } else {
            "Change your password"
        },
        html! {
            @if first {
                p { "The one-time password you signed in with opens only this page, once. Choose your own password to continue." }
            }
            (notice(problem, true))
            form.stacked method="post" action="/console/password" {
                input type="hidden" name="csrf" value=(signed.session.csrf_token);
                @if !first {
                    label for="current" { "Current password" }
                    input #current type="password" name="current" autocomplete="current-password" required;
                }
                label for="new" { "New password" }
                input #new type="password" name="new" autocomplete="new-password" required minlength=(MIN_PASSWORD_CHARS) aria-describedby="new-hint";
                p #new-hint .hint { "At least " (MIN_PASSWORD_CHARS) " characters." }
                label for="repeated" { "New password again" }
                input #repeated type="password" name="repeated" autocomplete="new-password" required;
                button type="submit" { "Save the password" }
            }
        },
    )
}
