//! Signing in and out. The sign-in form carries a double-submit token (cookie and field),
//! so another site cannot sign a browser in to an account of its choosing. A refused
//! sign-in is the same page whatever was typed: nothing in it, not even the address typed,
//! tells whether an account exists.

use actix_web::http::StatusCode;
use actix_web::http::header::RETRY_AFTER;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_http::AppState;
use revrec_usecases::console_access::{
    ConsoleError, SESSION_MICROS, same_token, sign_in, sign_out as end_session,
};
use serde::Deserialize;

use crate::error::PageError;
use crate::layout::{bare_page, html_response, html_with_status, notice};
use crate::pages::{CsrfForm, see_other};
use crate::session::{self, SESSION_COOKIE, SIGN_IN_COOKIE};

#[derive(Deserialize)]
pub struct SignInForm {
    email: String,
    password: String,
    csrf: String,
}

pub async fn form(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    if session::current(&request, &state).await?.is_some() {
        return Ok(see_other("/console/dashboard"));
    }
    let token = state.services.ids.secret();
    let mut response = html_response(sign_in_page(&token, None));
    response.add_cookie(&session::sign_in_cookie(&state, &token))?;
    Ok(response)
}

pub async fn submit(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<SignInForm>,
) -> Result<HttpResponse, PageError> {
    let expected = request
        .cookie(SIGN_IN_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .unwrap_or_default();
    if !same_token(&expected, &form.csrf) {
        return Err(PageError::CsrfRejected);
    }
    // The TCP peer, never a forwarded header: anyone can write those.
    let peer = request.peer_addr().map(|address| address.ip());
    match sign_in(&state.services, &form.email, &form.password, peer).await {
        Ok(signed) => {
            let mut response = see_other(if signed.must_change_password {
                "/console/password"
            } else {
                "/console/dashboard"
            });
            let seconds = SESSION_MICROS / 1_000_000;
            response.add_cookie(&session::session_cookie(&state, &signed.secret, seconds))?;
            response.add_cookie(&session::removal(&state, SIGN_IN_COOKIE))?;
            Ok(response)
        }
        // The same token again: the form may be sent once more.
        Err(ConsoleError::InvalidCredentials) => Ok(html_with_status(
            StatusCode::UNAUTHORIZED,
            sign_in_page(
                &expected,
                Some(&format!(
                    "{}.",
                    capitalized(&ConsoleError::InvalidCredentials.to_string())
                )),
            ),
        )),
        Err(refused @ ConsoleError::Throttled { minutes }) => {
            let unit = if minutes == 1 { "minute" } else { "minutes" };
            let message = format!(
                "{}: try again in {minutes} {unit}.",
                capitalized(&refused.to_string())
            );
            let mut response = html_with_status(
                StatusCode::TOO_MANY_REQUESTS,
                sign_in_page(&expected, Some(&message)),
            );
            response.headers_mut().insert(
                RETRY_AFTER,
                actix_web::http::header::HeaderValue::from(minutes.saturating_mul(60)),
            );
            Ok(response)
        }
        Err(other) => Err(other.into()),
    }
}

pub async fn sign_out(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let Some(signed) = session::current(&request, &state).await? else {
        return Ok(see_other("/console/sign-in"));
    };
    signed.check_csrf(&form.csrf)?;
    end_session(&state.services, &signed.secret).await?;
    let mut response = see_other("/console/sign-in");
    response.add_cookie(&session::removal(&state, SESSION_COOKIE))?;
    Ok(response)
}

fn sign_in_page(token: &str, problem: Option<&str>) -> Markup {
    bare_page(
        "Sign in",
        html! {
            (notice(problem, true))
            form.stacked method="post" action="/console/sign-in" {
                input type="hidden" name="csrf" value=(token);
                label for="email" { "Email address" }
                input #email type="email" name="email" autocomplete="username" required autofocus;
                label for="password" { "Password" }
                input #password type="password" name="password" autocomplete="current-password" required;
                button type="submit" { "Sign in" }
            }
            p.hint { "An administrator creates console users with " code { "revrec users create" } "." }
        },
    )
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
