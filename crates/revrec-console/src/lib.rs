#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod chart;
mod error;
mod format;
mod layout;
mod pages;
mod session;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};

pub use error::PageError;

use crate::pages::credentials::Kind;

/// What every console answer carries: nothing but this origin's own styles and script,
/// no framing, no caching of pages that show tenant data or a secret.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// Mounts `/console` on an app built by `revrec_http::build_app` (the same `AppState`), and
/// the console's icon at `/favicon.ico`, where browsers look for one by default.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/favicon.ico", web::get().to(favicon_ico));
    config.service(
        web::scope("/console")
            .wrap(actix_web::middleware::from_fn(security_headers))
            .app_data(
                web::FormConfig::default()
                    .error_handler(|error, _| PageError::BadInput(error.to_string()).into()),
            )
            .app_data(
                web::QueryConfig::default()
                    .error_handler(|error, _| PageError::BadInput(error.to_string()).into()),
            )
            .route("", web::get().to(pages::home))
            .route("/", web::get().to(pages::home))
            .route("/assets/console.css", web::get().to(stylesheet))
            .route("/assets/console.js", web::get().to(script))
            .route("/assets/favicon.svg", web::get().to(favicon_svg))
            .route("/sign-in", web::get().to(pages::sign_in::form))
            .route("/sign-in", web::post().to(pages::sign_in::submit))
            .route("/sign-out", web::post().to(pages::sign_in::sign_out))
            .route("/password", web::get().to(pages::password::form))
            .route("/password", web::post().to(pages::password::submit))
            .configure(|config| credential_routes(config, "/keys", Kind::ApiKeys))
            .configure(|config| credential_routes(config, "/oauth-clients", Kind::OAuthClients))
            .route("/usage", web::get().to(pages::usage::page))
            .route("/dashboard", web::get().to(pages::dashboard::page))
            .route("/disclosures", web::get().to(pages::disclosures::page))
            .route("/journal", web::get().to(pages::journal::page))
            .route("/journal.csv", web::get().to(pages::journal::csv))
            .route("/periods", web::get().to(pages::periods::page))
            .route("/periods/close", web::post().to(pages::periods::close))
            .route("/periods/reopen", web::post().to(pages::periods::reopen))
            .route(
                "/close-packages/{period}",
                web::get().to(pages::periods::close_package),
            )
            .route("/contracts", web::get().to(pages::contracts::list))
            .route("/contracts/{id}", web::get().to(pages::contracts::detail))
            .default_service(web::to(|| async {
                Err::<HttpResponse, _>(PageError::NotFound)
            })),
    );
}

/// The three routes of a credentials page (list, create, revoke) for `kind`.
fn credential_routes(config: &mut web::ServiceConfig, path: &str, kind: Kind) {
    use pages::credentials::{create, list, revoke};
    config
        .route(
            path,
            web::get().to(move |request, state| list(request, state, kind)),
        )
        .route(
            path,
            web::post().to(move |request, state, form| create(request, state, form, kind)),
        )
        .route(
            &format!("{path}/{{id}}/revoke"),
            web::post().to(move |request, state, id, form| revoke(request, state, id, form, kind)),
        );
}

async fn security_headers(
    request: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}

async fn stylesheet() -> HttpResponse {
    asset(
        "text/css; charset=utf-8",
        include_str!("../assets/console.css"),
    )
}

async fn script() -> HttpResponse {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/console.js"),
    )
}

/// The icon every page links (scripts/console_favicon.py draws it).
async fn favicon_svg() -> HttpResponse {
    asset("image/svg+xml", include_str!("../assets/favicon.svg"))
}

/// The same icon as PNGs of 16 and 32 px in an ICO, for whatever asks `/favicon.ico`. It
/// changes only with a release, so it is kept a day.
async fn favicon_ico() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/x-icon")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(&include_bytes!("../assets/favicon.ico")[..])
}

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}
