//! The page shell: head, skip link, navigation, the signed-in user and sign-out, and the
//! error page. Markup is accessible by construction: one `h1` per page, labelled
//! navigation, visible focus (console.css), no information in colour alone.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use maud::{DOCTYPE, Markup, html};
use revrec_http::shell::request::KeepBody;

use revrec_usecases::console_access::ConsoleSession;

/// The console's sections, in navigation order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Section {
    Dashboard,
    Disclosures,
    Journal,
    Periods,
    Contracts,
    Usage,
    Keys,
    OAuthClients,
}

const NAVIGATION: [(Section, &str, &str); 8] = [
    (Section::Dashboard, "/console/dashboard", "Revenue"),
    (Section::Disclosures, "/console/disclosures", "Note 6"),
    (Section::Journal, "/console/journal", "Journal"),
    (Section::Periods, "/console/periods", "Periods"),
    (Section::Contracts, "/console/contracts", "Contracts"),
    (Section::Usage, "/console/usage", "Plan and usage"),
    (Section::Keys, "/console/keys", "API and MCP keys"),
    (
        Section::OAuthClients,
        "/console/oauth-clients",
        "OAuth clients",
    ),
];

fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) " · revrec console" }
            link rel="icon" href="/favicon.ico" sizes="32x32";
            link rel="icon" href="/console/assets/favicon.svg" type="image/svg+xml";
            link rel="stylesheet" href="/console/assets/console.css";
            script src="/console/assets/console.js" defer {}
        }
    }
}

/// A signed-in page: `body` under the navigation, `title` as its heading.
pub fn page(session: &ConsoleSession, section: Section, title: &str, body: Markup) -> HttpResponse {
    page_with_status(StatusCode::OK, session, section, title, body)
}

/// [`page`] with another status (a form shown again with its problem).
pub fn page_with_status(
    status: StatusCode,
    session: &ConsoleSession,
    section: Section,
    title: &str,
    body: Markup,
) -> HttpResponse {
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            (head(title))
            body {
                a.skip href="#main" { "Skip to content" }
                header.top {
                    a.brand href="/console/dashboard" { "revrec" }
                    span.tenant { "Tenant " strong { (session.tenant_id) } }
                    nav aria-label="Console sections" {
                        ul {
                            @for (entry, href, label) in NAVIGATION {
                                li {
                                    @if entry == section {
                                        a href=(href) aria-current="page" { (label) }
                                    } @else {
                                        a href=(href) { (label) }
                                    }
                                }
                            }
                        }
                    }
                    form.sign-out method="post" action="/console/sign-out" {
                        input type="hidden" name="csrf" value=(session.csrf_token);
                        span.user { (session.email) }
                        a href="/console/password" { "Password" }
                        button type="submit" { "Sign out" }
                    }
                }
                main #main tabindex="-1" {
                    h1 { (title) }
                    (body)
                }
            }
        }
    };
    html_with_status(status, markup)
}

/// A page outside the session (sign-in, password): no navigation.
pub fn bare_page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(title))
            body.bare {
                main #main {
                    p.brand { "revrec console" }
                    h1 { (title) }
                    (body)
                }
            }
        }
    }
}

pub fn error_page(title: &str, message: &str) -> Markup {
    bare_page(
        title,
        html! {
            p role="alert" { (message) }
            p { a href="/console/dashboard" { "Back to the console" } }
        },
    )
}

pub fn html_response(markup: Markup) -> HttpResponse {
    html_with_status(StatusCode::OK, markup)
}

/// An HTML page with any status. A 4xx page (a form shown again with its problem) is
/// marked so the API middleware leaves it HTML instead of writing a problem document.
pub fn html_with_status(status: StatusCode, markup: Markup) -> HttpResponse {
    let mut response = HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(markup.into_string());
    response.extensions_mut().insert(KeepBody);
    response
}

/// A message above a form: a problem (`role="alert"`) or a confirmation (`status`).
pub fn notice(message: Option<&str>, problem: bool) -> Markup {
    html! {
        @if let Some(message) = message {
            @if problem {
                p.notice.problem role="alert" { (message) }
            } @else {
                p.notice.done role="status" { (message) }
            }
        }
    }
}
