//! One module per console page (or pair of pages sharing a form).

pub mod contracts;
pub mod credentials;
pub mod dashboard;
pub mod disclosures;
pub mod journal;
pub mod password;
pub mod periods;
pub mod sign_in;
pub mod usage;

use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_http::AppState;

use crate::error::PageError;
use crate::session;

/// `/console`: the dashboard when signed in, else the sign-in page.
pub async fn home(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    session::require(&request, &state).await?;
    Ok(see_other("/console/dashboard"))
}

/// A form that carries only its CSRF token (sign-out, revoke).
#[derive(serde::Deserialize)]
pub struct CsrfForm {
    pub csrf: String,
}

/// 303 See Other: after a form, the browser asks for `location` with GET.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, location.to_owned()))
        .finish()
}
