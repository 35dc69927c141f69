//! The administration console over HTTP, as a browser without JavaScript uses it: sign-in
//! with a one-time password, throttling by client address, CSRF, cookies, tenant isolation,
//! keys made and revoked in the console and used on the API, and pages whose figures are the
//! API's. The browser suite (`scripts/console_browser.sh`) drives the same pages in Chromium.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use reqwest::StatusCode;
use revrec_app::startup::PortOverrides;
use revrec_ports::Scope;
use revrec_test_support::TestDatabase;
use revrec_usecases::console_access::create_console_user;
use revrec_usecases::sign_in_throttle::SignInLimits;
use serde_json::json;
use time::OffsetDateTime;
use time::macros::datetime;

use crate::helpers::{TestApp, number_texts, spawn_configured, spawn_each, spawn_with_ports};

const NEW_PASSWORD: &str = "a long enough password";

/// A cookie-keeping client that follows no redirect, so each answer can be checked.
struct Browser {
    base: String,
    client: reqwest::Client,
    cookies: BTreeMap<String, String>,
    /// Every `Set-Cookie` seen, whole (attributes included).
    set_cookies: Vec<String>,
}

struct Page {
    status: StatusCode,
    location: Option<String>,
    headers: reqwest::header::HeaderMap,
    text: String,
}

impl Page {
    /// The first hidden `csrf` field of the page.
    fn csrf(&self) -> String {
        attribute_after(&self.text, r#"name="csrf" value=""#)
            .unwrap_or_else(|| panic!("no csrf field: {}", self.text))
    }

    /// The exact amount (`data-amount`) of the first element after `marker`.
    fn amount_after(&self, marker: &str) -> String {
        let start = self
            .text
            .find(marker)
            .unwrap_or_else(|| panic!("no `{marker}` in the page"));
        attribute_after(&self.text[start..], r#"data-amount=""#).expect("an amount")
    }

    /// The exact amount in the `column` cell of `month`'s table row.
    fn cell(&self, month: &str, column: &str) -> String {
        let row = format!(r#"<tr data-period="{month}">"#);
        let row_text = &self.text[self.text.find(&row).expect("the month's row")..];
        let at = row_text
            .find(&format!(r#"data-column="{column}""#))
            .unwrap_or_else(|| panic!("no {column} cell in {month}"));
        attribute_after(&row_text[at..], r#"data-amount=""#).expect("an amount")
    }
}

/// The text after `marker` up to the next tag.
fn text_after(text: &str, marker: &str) -> String {
    let start = text.find(marker).unwrap_or_else(|| panic!("no `{marker}`")) + marker.len();
    let end = text[start..].find('<').unwrap() + start;
    text[start..end].to_owned()
}

/// The exact text of the JSON number `field` first after `anchor` in an API body.
fn api_number(body: &str, anchor: &str, field: &str) -> String {
    let from = body.find(anchor).unwrap_or_else(|| panic!("no `{anchor}`"));
    number_texts(&body[from..], field)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {field}"))
}

fn attribute_after(text: &str, prefix: &str) -> Option<String> {
    let start = text.find(prefix)? + prefix.len();
    let end = text[start..].find('"')? + start;
    Some(text[start..end].to_owned())
}

impl Browser {
    fn new(app: &TestApp) -> Browser {
        Browser::from_client(app, Ipv4Addr::LOCALHOST)
    }

    /// A browser whose connections come from `client`, a loopback address of its own
    /// (127.0.0.2, …): the server sees it as another machine, as the TCP peer.
    fn from_client(app: &TestApp, client: Ipv4Addr) -> Browser {
        Browser {
            base: app.address.clone(),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .local_address(IpAddr::V4(client))
                .build()
                .unwrap(),
            cookies: BTreeMap::new(),
            set_cookies: Vec::new(),
        }
    }

    /// Sends the sign-in form with the token already held (a refused form keeps it).
    async fn resend_sign_in(&mut self, email: &str, password: &str) -> Page {
        let csrf = self.cookies["revrec_console_sign_in"].clone();
        self.post(
            "/console/sign-in",
            &[("email", email), ("password", password), ("csrf", &csrf)],
        )
        .await
    }

    async fn get(&mut self, path: &str) -> Page {
        let request = self.client.get(format!("{}{path}", self.base));
        self.send(request).await
    }

    async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let request = self
            .client
            .post(format!("{}{path}", self.base))
            .form(fields);
        self.send(request).await
    }

    async fn send(&mut self, request: reqwest::RequestBuilder) -> Page {
        let cookie = self
            .cookies
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join("; ");
        let request = if cookie.is_empty() {
            request
        } else {
            request.header("cookie", cookie)
        };
        let response = request.send().await.unwrap();
        for value in response.headers().get_all("set-cookie") {
            let whole = value.to_str().unwrap().to_owned();
            let pair = whole.split(';').next().unwrap_or_default();
            let (name, value) = pair.split_once('=').unwrap();
            if whole.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
            self.set_cookies.push(whole);
        }
        Page {
            status: response.status(),
            location: response
                .headers()
                .get("location")
                .map(|value| value.to_str().unwrap().to_owned()),
            headers: response.headers().clone(),
            text: response.text().await.unwrap(),
        }
    }

    /// Signs in with `password`: the page the form answers.
    async fn sign_in(&mut self, email: &str, password: &str) -> Page {
        let form = self.get("/console/sign-in").await;
        let csrf = form.csrf();
        self.post(
            "/console/sign-in",
            &[("email", email), ("password", password), ("csrf", &csrf)],
        )
        .await
    }

    /// A user of `tenant` signed in with their own password (the one-time one replaced).
    async fn signed_in(app: &TestApp, tenant: &str, email: &str) -> Browser {
        let created = create_console_user(&app.services().await, tenant, email)
            .await
            .unwrap();
        let mut browser = Browser::new(app);
        let signed = browser.sign_in(email, &created.one_time_password).await;
        assert_eq!(signed.location.as_deref(), Some("/console/password"));
        let changed = browser.choose_password(NEW_PASSWORD).await;
        assert_eq!(changed.status, StatusCode::SEE_OTHER, "{}", changed.text);
        browser
    }

    /// Sends the form that replaces the one-time password: the new password twice, and
    /// nothing else (its token read from the form first).
    async fn choose_password(&mut self, new: &str) -> Page {
        let csrf = self.get("/console/password").await.csrf();
        self.post(
            "/console/password",
            &[("new", new), ("repeated", new), ("csrf", &csrf)],
        )
        .await
    }

    /// Sends the password form with the current password (its token read from the form
    /// first).
    async fn change_password(&mut self, current: &str, new: &str) -> Page {
        let csrf = self.get("/console/password").await.csrf();
        self.post(
            "/console/password",
            &[
                ("current", current),
                ("new", new),
                ("repeated", new),
                ("csrf", &csrf),
            ],
        )
        .await
    }
}

#[tokio::test]
async fn the_one_time_password_opens_only_the_page_that_replaces_it() {
    for app in spawn_each().await {
        let created = create_console_user(&app.services().await, "acme", "Ana@Example.com")
            .await
            .unwrap();
        assert_eq!(created.user.email, "ana@example.com");
        let mut browser = Browser::new(&app);
        // Signed out, every page leads to the sign-in page.
        let page = browser.get("/console/dashboard").await;
        assert_eq!(page.location.as_deref(), Some("/console/sign-in"));

        let wrong = browser.sign_in("ana@example.com", "not the password").await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        assert!(
            wrong.text.contains("the password is wrong"),
            "{}",
            wrong.text
        );
        assert!(
            wrong.headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );

        let signed = browser
            .sign_in("ANA@example.com", &created.one_time_password)
            .await;
        assert_eq!(signed.location.as_deref(), Some("/console/password"));
        for path in ["/console/dashboard", "/console/keys", "/console/usage"] {
            let page = browser.get(path).await;
            assert_eq!(
                page.location.as_deref(),
                Some("/console/password"),
                "{path}"
            );
        }
        let form = browser.get("/console/password").await;
        assert!(form.text.contains("Choose your password"));
        let short = browser.choose_password("short").await;
        assert_eq!(short.status, StatusCode::BAD_REQUEST);
        assert!(short.text.contains("at least 12 characters"));
        let changed = browser.choose_password(NEW_PASSWORD).await;
        assert_eq!(changed.location.as_deref(), Some("/console/dashboard"));
        let dashboard = browser.get("/console/dashboard").await;
        assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.text);
        assert!(dashboard.text.contains("Tenant <strong>acme</strong>"));

        // The one-time password is spent; the new one signs in straight to the console.
        let mut other = Browser::new(&app);
        let old = other
            .sign_in("ana@example.com", &created.one_time_password)
            .await;
        assert_eq!(old.status, StatusCode::UNAUTHORIZED);
        let new = other.sign_in("ana@example.com", NEW_PASSWORD).await;
        assert_eq!(new.location.as_deref(), Some("/console/dashboard"));
    }
}

#[tokio::test]
async fn five_failed_sign_ins_lock_the_address_even_against_the_right_password() {
    let app = spawn_each().await.remove(0);
    let created = create_console_user(&app.services().await, "acme", "ana@example.com")
        .await
        .unwrap();
    let mut browser = Browser::new(&app);
    for attempt in 1..=4 {
        let page = browser.sign_in("ana@example.com", "guess").await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }
    let locked = browser.sign_in("ana@example.com", "guess").await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        locked.text.contains("Too many attempts from this address"),
        "{}",
        locked.text
    );
    let right = browser
        .sign_in("ana@example.com", &created.one_time_password)
        .await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS, "still locked");
    // An unknown address is refused the same way as a wrong password.
    let unknown = browser.sign_in("nobody@example.com", "guess").await;
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert!(unknown.text.contains("the password is wrong"));
}

/// The parts of an answer a browser or a script can see, without the two headers that
/// differ on every answer whoever asks (`date`, `x-request-id`). Headers are sorted: actix
/// writes them in no fixed order, whoever asks.
fn seen(page: &Page) -> (StatusCode, Vec<(String, String)>, String) {
    let mut headers: Vec<(String, String)> = page
        .headers
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "date" | "x-request-id"))
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
        .collect();
    headers.sort();
    (page.status, headers, page.text.clone())
}

/// The app over each backend, with these sign-in limits.
async fn spawn_each_limited(limits: SignInLimits) -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(
            spawn_configured(database, move |settings| settings.policy.sign_in = limits).await,
        );
    }
    apps
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_address_are_answered_alike_to_the_byte() {
    for app in spawn_each().await {
        create_console_user(&app.services().await, "acme", "ana@example.com")
            .await
            .unwrap();
        // Two clients, each guessing one address, with the same form token (so the pages
        // can be compared whole): one has an account, the other does not.
        let mut known = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 2));
        let mut unknown = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 3));
        known.get("/console/sign-in").await;
        unknown.cookies = known.cookies.clone();
        for attempt in 1..=6 {
            let on_account = known.resend_sign_in("ana@example.com", "guess").await;
            let on_nobody = unknown.resend_sign_in("nobody@example.com", "guess").await;
            assert_eq!(
                seen(&on_account),
                seen(&on_nobody),
                "attempt {attempt} tells the two apart"
            );
            let expected = match attempt {
                1..=4 => StatusCode::UNAUTHORIZED,
                _ => StatusCode::TOO_MANY_REQUESTS,
            };
            assert_eq!(on_account.status, expected, "attempt {attempt}");
        }
        let throttled = known.resend_sign_in("ana@example.com", "guess").await;
        assert_eq!(throttled.headers["retry-after"], "900");
        assert!(
            throttled
                .text
                .contains("Too many attempts from this address: try again in 15 minutes."),
            "{}",
            throttled.text
        );
        assert!(
            !throttled.text.contains("ana@"),
            "the address is not echoed"
        );
        // No refusal set a cookie: the one cookie is the form's, from its first load.
        assert_eq!((known.set_cookies.len(), unknown.set_cookies.len()), (1, 0));
    }
}

#[tokio::test]
async fn a_strangers_failures_never_keep_the_owner_out_from_another_address() {
    // A low ceiling per account, so that three addresses of the stranger's pass it.
    let limits = SignInLimits {
        per_account: 8,
        ..SignInLimits::default()
    };
    for app in spawn_each_limited(limits).await {
        let mut owner = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let csrf = owner.get("/console/keys").await.csrf();
        owner.post("/console/sign-out", &[("csrf", &csrf)]).await;
        for client in 2..=4 {
            let mut stranger = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, client));
            let mut last = stranger.sign_in("ana@example.com", "guess").await;
            for _ in 0..5 {
                last = stranger.resend_sign_in("ana@example.com", "guess").await;
            }
            assert_eq!(
                last.status,
                StatusCode::TOO_MANY_REQUESTS,
                "127.0.0.{client}"
            );
            // Even the right password waits, from an address that guessed.
            let right = stranger
                .resend_sign_in("ana@example.com", NEW_PASSWORD)
                .await;
            assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
        }
        // The owner, from an address that has not failed, signs in at once: the stranger's
        // 15 failures, past the account's ceiling of 8, did not lock the account.
        let mut elsewhere = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 9));
        let signed = elsewhere.sign_in("ana@example.com", NEW_PASSWORD).await;
        assert_eq!(
            signed.location.as_deref(),
            Some("/console/dashboard"),
            "{}",
            signed.text
        );
        // Past the ceiling, an address that fails for the account waits after one failure.
        let mut typo = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 10));
        let slowed = typo.sign_in("ana@example.com", "a typo").await;
        assert_eq!(slowed.status, StatusCode::TOO_MANY_REQUESTS);
        // The owner's own sign-in from the first address still works too (127.0.0.1).
        let mut first = Browser::new(&app);
        let again = first.sign_in("ana@example.com", NEW_PASSWORD).await;
        assert_eq!(again.location.as_deref(), Some("/console/dashboard"));
    }
}

#[tokio::test]
async fn a_client_address_that_fails_too_often_waits_whatever_it_types() {
    let limits = SignInLimits {
        per_client: 6,
        ..SignInLimits::default()
    };
    for app in spawn_each_limited(limits).await {
        let created = create_console_user(&app.services().await, "acme", "ana@example.com")
            .await
            .unwrap();
        // One failure each for six addresses, known or not: none reaches its own limit.
        let mut sprayer = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 2));
        sprayer.get("/console/sign-in").await;
        for (attempt, email) in ["ana@example.com", "a@example.com", "b@example.com"]
            .iter()
            .chain(&["c@example.com", "d@example.com"])
            .enumerate()
        {
            let page = sprayer.resend_sign_in(email, "guess").await;
            assert_eq!(page.status, StatusCode::UNAUTHORIZED, "attempt {attempt}");
        }
        let sixth = sprayer.resend_sign_in("e@example.com", "guess").await;
        assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS);
        // Now every attempt from the address waits, the same for any address typed, and
        // for the right password of a real account.
        let fresh = sprayer.resend_sign_in("zed@example.com", "guess").await;
        let real = sprayer
            .resend_sign_in("ana@example.com", &created.one_time_password)
            .await;
        assert_eq!(seen(&fresh), seen(&real));
        assert_eq!(real.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(real.headers["retry-after"], "900");
        assert!(real.text.contains("Too many attempts from this address"));
        // Another address is not concerned.
        let mut other = Browser::from_client(&app, Ipv4Addr::new(127, 0, 0, 3));
        let signed = other
            .sign_in("ana@example.com", &created.one_time_password)
            .await;
        assert_eq!(signed.location.as_deref(), Some("/console/password"));
    }
}

#[tokio::test]
async fn cookies_are_http_only_strict_scoped_and_secure_behind_https() {
    let database = TestDatabase::sqlite();
    let app = spawn_configured(database, |settings| {
        settings.public_url = Some("https://revrec.example.com".into());
    })
    .await;
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let session = browser
        .set_cookies
        .iter()
        .find(|cookie| cookie.starts_with("revrec_console="))
        .expect("a session cookie")
        .clone();
    for attribute in [
        "HttpOnly",
        "SameSite=Strict",
        "Path=/console",
        "Secure",
        "Max-Age=28800",
    ] {
        assert!(session.contains(attribute), "{attribute} in {session}");
    }
    // Plain http (no proxy with TLS in front): no Secure, or the browser would drop it.
    let plain = spawn_each().await.remove(0);
    let browser_plain = Browser::signed_in(&plain, "acme", "bob@example.com").await;
    assert!(
        browser_plain
            .set_cookies
            .iter()
            .filter(|cookie| cookie.starts_with("revrec_console"))
            .all(|cookie| !cookie.contains("Secure"))
    );
    // Signing out ends the session on the server, not only in this browser.
    let stolen = browser.cookies.clone();
    let page = browser.get("/console/keys").await;
    let csrf = page.csrf();
    let out = browser.post("/console/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(out.location.as_deref(), Some("/console/sign-in"));
    browser.cookies = stolen;
    let after = browser.get("/console/keys").await;
    assert_eq!(after.location.as_deref(), Some("/console/sign-in"));
}

#[tokio::test]
async fn forms_without_the_sessions_token_are_refused() {
    for app in spawn_each().await {
        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get("/console/keys").await;
        let csrf = page.csrf();
        for forged in ["", "0123456789abcdef0123456789abcdef"] {
            let refused = browser
                .post(
                    "/console/keys",
                    &[("name", "x"), ("scope", "read:contracts"), ("csrf", forged)],
                )
                .await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{forged:?}");
            assert!(refused.text.contains("did not come from the console"));
        }
        let refused = browser.post("/console/sign-out", &[("csrf", "nope")]).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        // The token is the session's own: another session's token is refused too.
        let mut other = Browser::signed_in(&app, "acme", "bob@example.com").await;
        let refused = other
            .post(
                "/console/keys",
                &[("name", "x"), ("scope", "read:contracts"), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        // Sign-in itself needs the form's double-submit token (no login CSRF).
        let mut fresh = Browser::new(&app);
        let refused = fresh
            .post(
                "/console/sign-in",
                &[
                    ("email", "ana@example.com"),
                    ("password", NEW_PASSWORD),
                    ("csrf", "x"),
                ],
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let keys = app
            .services()
            .await
            .api_keys
            .list(Some("acme".into()))
            .await
            .unwrap();
        assert!(keys.is_empty(), "nothing was created");
    }
}

#[tokio::test]
async fn a_key_made_in_the_console_works_on_the_api_until_revoked_there() {
    for app in spawn_each().await {
        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get("/console/keys").await;
        assert!(page.text.contains("No keys yet"));
        let csrf = page.csrf();
        let made = browser
            .post(
                "/console/keys",
                &[
                    ("name", "billing sync"),
                    ("scope", "read:contracts"),
                    ("scope", "write:contracts"),
                    ("csrf", &csrf),
                ],
            )
            .await;
        assert_eq!(made.status, StatusCode::OK, "{}", made.text);
        assert!(made.text.contains("shown only this once"));
        let secret = text_after(&made.text, r#"data-secret="Secret">"#);
        assert!(secret.starts_with("rr_test_"), "{secret}");
        let key = &app
            .services()
            .await
            .api_keys
            .list(Some("acme".into()))
            .await
            .unwrap()[0];
        assert_eq!(key.scopes, [Scope::ReadContracts, Scope::WriteContracts]);
        assert_eq!(key.last_used_at, None);

        // The key works on the API with the scopes chosen, and only those.
        let listed = app
            .request(reqwest::Method::GET, "/v1/contracts", Some(&secret), None)
            .await;
        assert_eq!(listed.status, StatusCode::OK, "{}", listed.text);
        let refused = app
            .request(reqwest::Method::GET, "/v1/waterfalls", Some(&secret), None)
            .await;
        refused.problem(403, "INSUFFICIENT_SCOPE");
        // The keys page shows when it was last used (this instance's counts are written
        // when the usage page is read, else every few seconds).
        browser.get("/console/usage").await;
        let page = browser.get("/console/keys").await;
        assert!(!page.text.contains(">never<"), "{}", page.text);
        assert!(
            !page.text.contains(&secret),
            "the secret is never shown again"
        );

        // Another tenant's user sees none of it and cannot revoke it.
        let mut intruder = Browser::signed_in(&app, "globex", "eve@example.com").await;
        let theirs = intruder.get("/console/keys").await;
        assert!(!theirs.text.contains(&key.id));
        let csrf = theirs.csrf();
        let refused = intruder
            .post(
                &format!("/console/keys/{}/revoke", key.id),
                &[("csrf", &csrf)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND);
        let still = app
            .request(reqwest::Method::GET, "/v1/contracts", Some(&secret), None)
            .await;
        assert_eq!(still.status, StatusCode::OK);

        // Revoked in the console, refused by the API at once.
        let csrf = browser.get("/console/keys").await.csrf();
        let revoked = browser
            .post(
                &format!("/console/keys/{}/revoke", key.id),
                &[("csrf", &csrf)],
            )
            .await;
        assert_eq!(revoked.location.as_deref(), Some("/console/keys"));
        let gone = app
            .request(reqwest::Method::GET, "/v1/contracts", Some(&secret), None)
            .await;
        gone.problem(401, "INVALID_TOKEN");
        let page = browser.get("/console/keys").await;
        assert!(page.text.contains(r#"data-status="revoked""#));
    }
}

#[tokio::test]
async fn an_oauth_client_made_in_the_console_gets_tokens_until_revoked() {
    let app = spawn_each().await.remove(0);
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let csrf = browser.get("/console/oauth-clients").await.csrf();
    let made = browser
        .post(
            "/console/oauth-clients",
            &[
                ("name", "ledger"),
                ("scope", "read:ledger"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    let field = |label: &str| text_after(&made.text, &format!(r#"data-secret="{label}">"#));
    let (client_id, client_secret) = (field("client_id"), field("client_secret"));
    let token = |app: &TestApp| {
        let body = format!(
            "grant_type=client_credentials&client_id={client_id}&client_secret={client_secret}"
        );
        let app_address = app.address.clone();
        async move {
            reqwest::Client::new()
                .post(format!("{app_address}/oauth/token"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(token(&app).await, StatusCode::OK);
    let csrf = browser.get("/console/oauth-clients").await.csrf();
    let revoked = browser
        .post(
            &format!("/console/oauth-clients/{client_id}/revoke"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(revoked.location.as_deref(), Some("/console/oauth-clients"));
    assert_eq!(token(&app).await, StatusCode::UNAUTHORIZED);
}

/// Contracts for `tenant` through the API, with a key of that tenant.
async fn portfolio(app: &TestApp, tenant: &str) -> String {
    let (_, key) = app.key(tenant, &Scope::ALL).await;
    for body in [
        json!({"customer_name": "Acme", "total_value": "1000.00", "start_date": "2026-01-01",
               "end_date": "2026-12-31", "recognition_convention": "monthly_equal"}),
        json!({"customer_name": "Globex", "total_value": "80.00", "start_date": "2026-02-01",
               "end_date": "2027-01-31", "line_items": [
                   {"name": "Phone", "pob_type": "hardware", "stated_price": 20, "delivery_date": "2026-02-15"},
                   {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
                   {"name": "Setup", "pob_type": "services", "stated_price": 40, "delivery_date": "2026-03-31"}]}),
    ] {
        let reply = app
            .request(
                reqwest::Method::POST,
                "/v1/contracts",
                Some(&key),
                Some(&body),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    }
    key
}

#[tokio::test]
async fn the_dashboard_and_note_6_show_the_apis_figures_to_the_cent() {
    for app in spawn_each().await {
        let key = portfolio(&app, "acme").await;
        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser
            .get("/console/dashboard?from=2026-01&to=2026-12&currency=USD")
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let api = app
            .request(
                reqwest::Method::GET,
                "/v1/waterfalls?start_period=2026-01&end_period=2026-12&currency=USD",
                Some(&key),
                None,
            )
            .await;
        let periods = api.json()["periods"].as_array().unwrap().len();
        assert_eq!(periods, 12);
        for month in (1..=12).map(|month| format!("2026-{month:02}")) {
            let anchor = format!(r#""period":"{month}""#);
            let recognized = api_number(&api.text, &anchor, "recognized_amount");
            let deferred = api_number(&api.text, &anchor, "deferred_balance");
            assert_eq!(page.cell(&month, "recognized"), recognized, "{month}");
            assert_eq!(page.cell(&month, "deferred_balance"), deferred, "{month}");
            // The chart's bar group carries the same month total.
            let group = format!(r#"data-period="{month}" data-total=""#);
            assert_eq!(attribute_after(&page.text, &group).unwrap(), recognized);
        }
        assert_eq!(
            page.amount_after(r#"id="total-recognized""#),
            api_number(&api.text, "{", "total_recognized")
        );

        let note = browser
            .get("/console/disclosures?quarter=2026-Q2&currency=USD")
            .await;
        let api = app
            .request(
                reqwest::Method::GET,
                "/v1/disclosures/note6?period=2026-Q2&currency=USD",
                Some(&key),
                None,
            )
            .await
            .text;
        for (row, field) in [
            (r#"id="rpo-total""#, "rpo_total"),
            (r#"id="rpo-next-12""#, "rpo_next_12_months"),
            (r#"id="rpo-thereafter""#, "rpo_thereafter"),
            (r#"id="total-revenue""#, "total_revenue"),
        ] {
            assert_eq!(
                note.amount_after(row),
                api_number(&api, "{", field),
                "{row}"
            );
        }
        for kind in ["hardware", "services", "subscription"] {
            let row = format!(r#"data-pob-type="{kind}""#);
            let from_api = api_number(&api, "\"disaggregated_revenue\"", kind);
            assert_eq!(note.amount_after(&row), from_api, "{kind}");
        }
    }
}

#[tokio::test]
async fn the_journal_csv_is_the_apis_export_and_pages_show_contracts() {
    let app = spawn_each().await.remove(0);
    let key = portfolio(&app, "acme").await;
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let csv = browser.get("/console/journal.csv?period=2026-03").await;
    assert_eq!(csv.status, StatusCode::OK);
    let api = app
        .request(
            reqwest::Method::GET,
            "/api/v1/accounting/journal-entries?period=2026-03&format=csv",
            Some(&key),
            None,
        )
        .await;
    assert_eq!(csv.text, api.text);
    assert!(csv.text.lines().count() > 3, "{}", csv.text);
    let journal = browser.get("/console/journal?period=2026-03").await;
    assert_eq!(journal.status, StatusCode::OK);
    assert_eq!(journal.text.matches("<table class=\"journal\"").count(), 2);

    let list = browser.get("/console/contracts?query=globex").await;
    let start = list
        .text
        .find("/console/contracts/ctr_")
        .expect("a contract link");
    let id: String = list.text[start + "/console/contracts/".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let page = browser.get(&format!("/console/contracts/{id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let contract_text = app
        .request(
            reqwest::Method::GET,
            &format!("/v1/contracts/{id}"),
            Some(&key),
            None,
        )
        .await
        .text;
    let contract: serde_json::Value = serde_json::from_str(&contract_text).unwrap();
    for obligation in contract["performance_obligations"].as_array().unwrap() {
        let name = obligation["name"].as_str().unwrap();
        assert!(
            page.text
                .contains(&format!("<th scope=\"row\">{name}</th>")),
            "{name}"
        );
    }
    // Every allocated amount, as the API writes it, is on the page.
    let mut rest = contract_text.as_str();
    let mut allocated = Vec::new();
    while let Some(at) = rest.find("\"allocated_amount\":") {
        allocated.push(api_number(rest, "\"allocated_amount\"", "allocated_amount"));
        rest = &rest[at + 1..];
    }
    assert_eq!(allocated.len(), 3);
    for amount in allocated {
        assert!(
            page.text.contains(&format!("data-amount=\"{amount}\"")),
            "{amount}"
        );
    }
    // Another tenant's contract is not found from this session.
    let mut intruder = Browser::signed_in(&app, "globex", "eve@example.com").await;
    let refused = intruder.get(&format!("/console/contracts/{id}")).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_usage_page_counts_the_tenants_requests_by_route_and_class() {
    let app = spawn_each().await.remove(0);
    let (_, key) = app.key("acme", &[Scope::ReadContracts]).await;
    for path in [
        "/v1/contracts",
        "/v1/contracts",
        "/v1/contracts/ctr_missing",
    ] {
        app.request(reqwest::Method::GET, path, Some(&key), None)
            .await;
    }
    // Another tenant's requests are not this tenant's.
    let (_, other) = app.key("globex", &[Scope::ReadContracts]).await;
    app.request(reqwest::Method::GET, "/v1/contracts", Some(&other), None)
        .await;
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let page = browser.get("/console/usage").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(
        page.text
            .contains(r#"data-requests="3" data-client-errors="1" data-server-errors="0""#),
        "{}",
        page.text
    );
    assert!(page.text.contains(r#"data-label="GET /v1/contracts/{id}""#));
    // Per day and route: today's two routes, with their own counts.
    let today = revrec_usecases::usage::utc_day(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_micros()
            .try_into()
            .unwrap(),
    );
    let row = format!(
        r#"data-label="{today} GET /v1/contracts/{{id}}"><th scope="row">{today} GET /v1/contracts/{{id}}</th><td class="num">1</td><td class="num">1</td>"#
    );
    assert!(page.text.contains(&row), "{row}");
    assert!(page.text.contains(r#"data-plan="growth""#));
}

#[tokio::test]
async fn every_console_answer_carries_a_strict_content_security_policy() {
    let app = spawn_each().await.remove(0);
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    for path in [
        "/console/sign-in",
        "/console/dashboard",
        "/console/keys",
        "/console/nope",
        "/console/assets/console.css",
    ] {
        let page = browser.get(path).await;
        let policy = page.headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("default-src 'none'") && policy.contains("script-src 'self'"),
            "{path}"
        );
        assert_eq!(page.headers["x-frame-options"], "DENY", "{path}");
        assert!(
            !page.text.contains("<script>"),
            "no inline script in {path}"
        );
        assert!(!page.text.contains("style=\""), "no inline style in {path}");
    }
    let missing = browser.get("/console/nope").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
}

#[tokio::test]
async fn a_new_password_ends_the_users_other_sessions() {
    let app = spawn_each().await.remove(0);
    let mut first = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let mut second = Browser::new(&app);
    let signed = second.sign_in("ana@example.com", NEW_PASSWORD).await;
    assert_eq!(signed.location.as_deref(), Some("/console/dashboard"));
    let changed = first
        .change_password(NEW_PASSWORD, "another long password")
        .await;
    assert_eq!(changed.location.as_deref(), Some("/console/dashboard"));
    let still = first.get("/console/keys").await;
    assert_eq!(
        still.status,
        StatusCode::OK,
        "the session that changed it stays"
    );
    let ended = second.get("/console/keys").await;
    assert_eq!(ended.location.as_deref(), Some("/console/sign-in"));
}

/// Right after signing in with the one-time password, the page asks for the new password
/// twice and not for the one-time password again; that session sets a password once, and
/// from then on the current password is asked for every change.
#[tokio::test]
async fn the_one_time_session_sets_a_password_once_without_typing_it_again() {
    for app in spawn_each().await {
        let created = create_console_user(&app.services().await, "acme", "ana@example.com")
            .await
            .unwrap();
        let once = created.one_time_password.as_str();
        // Two sessions of the one-time password (two tabs, or someone who read it too).
        let mut first = Browser::new(&app);
        let mut other = Browser::new(&app);
        for browser in [&mut first, &mut other] {
            let signed = browser.sign_in("ana@example.com", once).await;
            assert_eq!(signed.location.as_deref(), Some("/console/password"));
        }
        let other_csrf = other.get("/console/password").await.csrf();
        let form = first.get("/console/password").await;
        assert_eq!(form.status, StatusCode::OK);
        assert!(form.text.contains("Choose your password"), "{}", form.text);
        assert!(
            !form.text.contains(r#"name="current""#),
            "no field for the one-time password: {}",
            form.text
        );
        for field in [r#"name="new""#, r#"name="repeated""#] {
            assert!(form.text.contains(field), "{field}");
        }
        // The one-time password is no password to choose.
        let same = first.choose_password(once).await;
        assert_eq!(same.status, StatusCode::BAD_REQUEST);
        assert!(
            same.text
                .contains("choose a password other than the one-time password"),
            "{}",
            same.text
        );
        let differ = first
            .post(
                "/console/password",
                &[
                    ("new", NEW_PASSWORD),
                    ("repeated", "another long password"),
                    ("csrf", &form.csrf()),
                ],
            )
            .await;
        assert_eq!(differ.status, StatusCode::BAD_REQUEST);
        assert!(differ.text.contains("the two passwords differ"));
        let chosen = first.choose_password(NEW_PASSWORD).await;
        assert_eq!(chosen.location.as_deref(), Some("/console/dashboard"));

        // Once: the other session of the one-time password has ended with it…
        let ended = other
            .post(
                "/console/password",
                &[
                    ("new", "a password of the other tab"),
                    ("repeated", "a password of the other tab"),
                    ("csrf", &other_csrf),
                ],
            )
            .await;
        assert_eq!(ended.location.as_deref(), Some("/console/sign-in"));
        // …and this one now needs the current password, typed, for any change.
        let form = first.get("/console/password").await;
        assert!(form.text.contains("Change your password"));
        assert!(form.text.contains(r#"name="current""#));
        let again = first.choose_password("a second new password").await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST);
        assert!(
            again.text.contains("The current password is wrong."),
            "{}",
            again.text
        );
        let wrong = first
            .change_password("not the password", "a second new password")
            .await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
        assert!(wrong.text.contains("The current password is wrong."));
        let stale = first.change_password(once, "a second new password").await;
        assert_eq!(
            stale.status,
            StatusCode::BAD_REQUEST,
            "the one-time password is spent"
        );

        // None of the refused attempts changed anything: the chosen password signs in, to
        // the console itself.
        let mut later = Browser::new(&app);
        let spent = later.sign_in("ana@example.com", once).await;
        assert_eq!(spent.status, StatusCode::UNAUTHORIZED);
        let signed = later.sign_in("ana@example.com", NEW_PASSWORD).await;
        assert_eq!(signed.location.as_deref(), Some("/console/dashboard"));
        let changed = first
            .change_password(NEW_PASSWORD, "a second new password")
            .await;
        assert_eq!(changed.location.as_deref(), Some("/console/dashboard"));
    }
}

/// A clock the test sets.
struct SetClock(AtomicI64);

impl revrec_ports::Clock for SetClock {
    fn now_micros(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The dashboard's range ends at the last month that has ended and Note 6 shows the last
/// quarter that has ended, by the app's clock: never a month or quarter still running.
#[tokio::test]
async fn the_range_and_note_6_default_to_the_last_month_and_quarter_that_have_ended() {
    for database in TestDatabase::all() {
        let clock = Arc::new(SetClock(AtomicI64::new(0)));
        let set = |instant: OffsetDateTime| {
            let micros = i64::try_from(instant.unix_timestamp_nanos() / 1_000).unwrap();
            clock.0.store(micros, Ordering::SeqCst);
        };
        set(datetime!(2026-11-27 09:30 UTC));
        let app = spawn_with_ports(
            database,
            |_| {},
            PortOverrides {
                compute: None,
                clock: Some(Arc::clone(&clock) as Arc<dyn revrec_ports::Clock>),
            },
        )
        .await;
        portfolio(&app, "acme").await;
        Browser::signed_in(&app, "acme", "ana@example.com").await;
        for (now, from, to, quarter) in [
            (
                datetime!(2026-11-27 09:30 UTC),
                "2025-11",
                "2026-10",
                "2026-Q3",
            ),
            // The first instant of a quarter: the one before has just ended.
            (
                datetime!(2027-01-01 00:00 UTC),
                "2026-01",
                "2026-12",
                "2026-Q4",
            ),
            (
                datetime!(2026-12-31 23:59:59 UTC),
                "2025-12",
                "2026-11",
                "2026-Q3",
            ),
        ] {
            set(now);
            // A session lasts eight hours by this clock: sign in afresh at each instant.
            let mut browser = Browser::new(&app);
            let signed = browser.sign_in("ana@example.com", NEW_PASSWORD).await;
            assert_eq!(signed.location.as_deref(), Some("/console/dashboard"));
            let page = browser.get("/console/dashboard").await;
            assert_eq!(page.status, StatusCode::OK, "{now}: {}", page.text);
            assert_eq!(
                attribute_after(&page.text, r#"name="from" value=""#).as_deref(),
                Some(from),
                "{now}"
            );
            assert_eq!(
                attribute_after(&page.text, r#"name="to" value=""#).as_deref(),
                Some(to),
                "{now}"
            );
            assert!(
                page.text
                    .contains(&format!("Revenue waterfall, {from} to {to} (USD)")),
                "{now}"
            );
            let months: Vec<String> = page
                .text
                .match_indices(r#"<g class="month" data-period=""#)
                .map(|(at, marker)| text_until_quote(&page.text[at + marker.len()..]))
                .collect();
            assert_eq!(months.len(), 12, "{now}");
            assert_eq!(months.first().map(String::as_str), Some(from), "{now}");
            assert_eq!(months.last().map(String::as_str), Some(to), "{now}");
            // What the default shows is what asking for that range shows.
            let asked = browser
                .get(&format!("/console/dashboard?from={from}&to={to}"))
                .await;
            assert_eq!(asked.text, page.text, "{now}");

            let note = browser.get("/console/disclosures").await;
            assert_eq!(note.status, StatusCode::OK, "{now}: {}", note.text);
            assert_eq!(
                attribute_after(&note.text, r#"name="quarter" value=""#).as_deref(),
                Some(quarter),
                "{now}"
            );
            assert!(
                note.text.contains(&format!(
                    "revenue from contracts with customers, {quarter} (USD)"
                )),
                "{now}"
            );
            let asked = browser
                .get(&format!("/console/disclosures?quarter={quarter}"))
                .await;
            assert_eq!(asked.text, note.text, "{now}");
        }
    }
}

fn text_until_quote(text: &str) -> String {
    text[..text.find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn the_favicon_is_served_cacheable_and_linked_from_every_page() {
    let app = spawn_each().await.remove(0);
    let icon = reqwest::get(format!("{}/favicon.ico", app.address))
        .await
        .unwrap();
    assert_eq!(icon.status(), StatusCode::OK);
    let header = |response: &reqwest::Response, name: &str| {
        response.headers()[name].to_str().unwrap().to_owned()
    };
    assert_eq!(header(&icon, "content-type"), "image/x-icon");
    assert!(
        header(&icon, "cache-control").contains("max-age="),
        "{}",
        header(&icon, "cache-control")
    );
    let bytes = icon.bytes().await.unwrap();
    // An ICO directory (reserved 0, type 1) of PNG images.
    assert_eq!(bytes.get(..4), Some(&[0, 0, 1, 0][..]));
    assert!(bytes.windows(4).any(|window| window == b"\x89PNG"));

    let svg = reqwest::get(format!("{}/console/assets/favicon.svg", app.address))
        .await
        .unwrap();
    assert_eq!(svg.status(), StatusCode::OK);
    assert_eq!(header(&svg, "content-type"), "image/svg+xml");
    assert!(header(&svg, "cache-control").starts_with("public"));
    assert!(svg.text().await.unwrap().starts_with("<svg "));

    // Every page links both: the sign-in page, a signed-in page, an error page.
    let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
    let mut anonymous = Browser::new(&app);
    for page in [
        anonymous.get("/console/sign-in").await,
        browser.get("/console/dashboard").await,
        browser.get("/console/password").await,
        browser.get("/console/nope").await,
    ] {
        for link in [
            r#"<link rel="icon" href="/favicon.ico" sizes="32x32">"#,
            r#"<link rel="icon" href="/console/assets/favicon.svg" type="image/svg+xml">"#,
        ] {
            assert!(page.text.contains(link), "{link}: {}", page.text);
        }
    }
}

#[tokio::test]
async fn a_billed_contract_shows_its_invoices_balances_and_events_as_the_api_does() {
    for app in spawn_each().await {
        let (key_id, key) = app.key("acme", &Scope::ALL).await;
        // Example 12's subscription billed in arrears, a setup awaiting delivery and services
        // measured by progress.
        let body = json!({"customer_name": "Initech", "total_value": "15000.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                {"name": "Setup", "pob_type": "services", "stated_price": "1000.00", "delivery_date": null},
                {"name": "Training", "pob_type": "services", "stated_price": "2000.00", "recognition": "progress"}],
            "billing_schedule": [
                {"date": "2026-03-31", "amount": "3000.00", "number": "INV-Q1"},
                {"date": "2026-06-30", "amount": "3000.00", "number": "INV-Q2"}]});
        let api = |method, path: String, body: Option<serde_json::Value>| {
            let key = key.clone();
            let app = &app;
            async move { app.request(method, &path, Some(&key), body.as_ref()).await }
        };
        let created = api(reqwest::Method::POST, "/v1/contracts".into(), Some(body)).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let contract = created.json();
        let id = contract["id"].as_str().unwrap().to_owned();
        let training = contract["performance_obligations"][2]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let reported = api(
            reqwest::Method::POST,
            format!("/v1/contracts/{id}/obligations/{training}/progress"),
            Some(json!({"as_of": "2026-02-28", "percent_complete": "37.5"})),
        )
        .await;
        assert_eq!(reported.status, StatusCode::CREATED, "{}", reported.text);

        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get(&format!("/console/contracts/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let satisfied: Vec<String> = page
            .text
            .match_indices(r#"data-column="satisfied">"#)
            .map(|(at, marker)| text_after(&page.text[at..], marker))
            .collect();
        assert_eq!(
            satisfied,
            [
                "ratably, 2026-01-01 to 2026-12-31",
                "awaiting delivery",
                "37.5 % complete"
            ]
        );
        assert_eq!(page.amount_after(r#"id="invoices-total""#), "6000.00");
        assert!(page.text.contains("INV-Q2"), "{}", page.text);
        // Who did what: each version and invoice with the key that recorded it.
        let actors: Vec<String> = page
            .text
            .match_indices(r#"data-column="actor">"#)
            .map(|(at, marker)| text_after(&page.text[at..], marker))
            .collect();
        // The version, its two invoices and the progress report.
        assert_eq!(actors, vec![format!("key:{key_id}"); 4], "{}", page.text);
        assert!(!page.text.contains(&key), "the page shows a secret");
        // Each month's billed amount and contract asset are the API's.
        let waterfall = api(
            reqwest::Method::GET,
            format!("/v1/waterfalls?contract_id={id}"),
            None,
        )
        .await
        .text;
        for month in ["2026-02", "2026-03", "2026-05", "2026-06"] {
            let anchor = format!(r#""period":"{month}""#);
            for (column, field) in [
                ("billed", "billed_amount"),
                ("contract_asset_balance", "contract_asset_balance"),
                ("deferred_balance", "deferred_balance"),
            ] {
                assert_eq!(
                    page.cell(month, column),
                    api_number(&waterfall, &anchor, field),
                    "{month} {column}"
                );
            }
        }
        // So are the dashboard's, and Note 6's receivables and contract assets.
        let dashboard = browser
            .get("/console/dashboard?from=2026-01&to=2026-06&currency=USD")
            .await;
        assert_eq!(
            dashboard.cell("2026-02", "contract_asset_balance"),
            api_number(
                &waterfall,
                r#""period":"2026-02""#,
                "contract_asset_balance"
            )
        );
        let note = browser
            .get("/console/disclosures?quarter=2026-Q2&currency=USD")
            .await;
        let note6 = api(
            reqwest::Method::GET,
            "/v1/disclosures/note6?period=2026-Q2&currency=USD".into(),
            None,
        )
        .await
        .text;
        for (row, field) in [
            (r#"id="opening-receivables""#, "opening_receivables"),
            (r#"id="closing-receivables""#, "closing_receivables"),
            (r#"id="opening-contract-assets""#, "opening_contract_assets"),
            (r#"id="closing-contract-assets""#, "closing_contract_assets"),
        ] {
            assert_eq!(
                note.amount_after(row),
                api_number(&note6, "{", field),
                "{row}"
            );
        }
        assert_eq!(note.amount_after(r#"id="closing-receivables""#), "6000.00");
    }
}

/// Whatever the API accepts, the console shows: a hundred-year contract's page (twice the
/// longest range a report may be asked for) and the dashboard of a year it runs through.
#[tokio::test]
async fn the_longest_contract_the_api_accepts_has_its_console_page() {
    for app in spawn_each().await {
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let body = json!({"customer_name": "Century", "total_value": "120000.00",
            "start_date": "2026-01-01", "end_date": "2125-12-31"});
        let created = app
            .request(
                reqwest::Method::POST,
                "/v1/contracts",
                Some(&key),
                Some(&body),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let id = created.json()["id"].as_str().unwrap().to_owned();
        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get(&format!("/console/contracts/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        assert!(
            page.text.contains("2125-12"),
            "the page runs to the last month"
        );
        let dashboard = browser
            .get("/console/dashboard?from=2100-01&to=2100-12")
            .await;
        assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.text);
    }
}

#[tokio::test]
async fn the_periods_page_closes_and_reopens_months_with_a_reason() {
    for app in spawn_each().await {
        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get("/console/periods").await;
        assert!(
            page.text.contains("No month is closed yet."),
            "{}",
            page.text
        );
        let csrf = page.csrf();
        let closed = browser
            .post(
                "/console/periods/close",
                &[("through", "2026-03"), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        assert!(
            closed.text.contains(r#"data-period="2026-03""#),
            "{}",
            closed.text
        );
        assert!(closed.text.contains("console:ana@example.com"));
        // The use case behind the API sees the same books.
        let services = app.services().await;
        let view = revrec_usecases::periods::list_periods(&services, "acme")
            .await
            .unwrap();
        assert_eq!(
            view.first_open.map(|month| month.to_string()).as_deref(),
            Some("2026-04")
        );
        // A reopen without a reason, or of an open month, changes nothing.
        let refused = browser
            .post(
                "/console/periods/reopen",
                &[("from", "2026-02"), ("reason", " "), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused.text.contains("Say why"), "{}", refused.text);
        let refused = browser
            .post(
                "/console/periods/reopen",
                &[("from", "2026-05"), ("reason", "late"), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused.text.contains("is not closed"), "{}", refused.text);
        let reopened = browser
            .post(
                "/console/periods/reopen",
                &[
                    ("from", "2026-02"),
                    ("reason", "late invoices"),
                    ("csrf", &csrf),
                ],
            )
            .await;
        assert_eq!(reopened.status, StatusCode::OK, "{}", reopened.text);
        assert!(reopened.text.contains("late invoices"));
        let view = revrec_usecases::periods::list_periods(&services, "acme")
            .await
            .unwrap();
        assert_eq!(view.history.len(), 2);
        // Without the session's token, nothing is closed.
        let forged = browser
            .post(
                "/console/periods/close",
                &[("through", "2026-06"), ("csrf", "forged")],
            )
            .await;
        assert_ne!(forged.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn the_dashboard_marks_closed_months_and_the_corrections_the_first_open_one_books() {
    for app in spawn_each().await {
        // The worked case of docs/asc606.md §13: January to March closed, then a price
        // increase back-dated to 1 February.
        let id = crate::periods::worked_contract(&app).await;
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        crate::periods::back_date_the_increase(&app, &id).await;
        let mut browser = Browser::signed_in(&app, "sandbox", "cfo@example.com").await;
        let page = browser
            .get("/console/dashboard?from=2026-01&to=2026-05&currency=USD")
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let books = |month: &str| {
            let row = format!(r#"<tr data-period="{month}">"#);
            let row_text = &page.text[page.text.find(&row).expect("the month's row")..];
            text_after(row_text, r#"data-column="books">"#)
        };
        for month in ["2026-01", "2026-02", "2026-03"] {
            assert_eq!(books(month), "closed", "{month}");
            assert_eq!(page.cell(month, "correction"), "0.00", "{month}");
        }
        assert_eq!(books("2026-04"), "open");
        assert_eq!(page.cell("2026-04", "recognized"), "1972.61");
        assert_eq!(page.cell("2026-04", "correction"), "739.73");
        assert_eq!(page.cell("2026-05", "correction"), "0.00");

        // The contract's page marks them alike.
        let page = browser.get(&format!("/console/contracts/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let schedule = &page.text[page.text.find(r#"id="schedule""#).unwrap()..];
        for (month, books, correction) in
            [("2026-03", "closed", "0.00"), ("2026-04", "open", "739.73")]
        {
            let row = format!(r#"<tr data-period="{month}">"#);
            let row_text = &schedule[schedule.find(&row).expect("the month's row")..];
            assert_eq!(text_after(row_text, r#"data-column="books">"#), books);
            let cell = &row_text[row_text.find(r#"data-column="correction""#).unwrap()..];
            assert!(
                cell.starts_with(&format!(
                    r#"data-column="correction"><span class="amount" data-amount="{correction}""#
                )),
                "{cell}"
            );
        }

        // The Periods page links each closed month's close package: the API's ZIP.
        let periods = browser.get("/console/periods").await;
        assert!(
            periods
                .text
                .contains(r#"href="/console/close-packages/2026-03" download"#),
            "{}",
            periods.text
        );
        let download = browser.get("/console/close-packages/2026-03").await;
        assert_eq!(download.status, StatusCode::OK, "{}", download.text);
        assert_eq!(download.headers["content-type"], "application/zip");
        let api = reqwest::Client::new()
            .get(format!("{}/v1/close-packages/2026-03", app.address))
            .bearer_auth(crate::helpers::SANDBOX)
            .header("Accept", "application/zip")
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        assert_eq!(download.text, String::from_utf8_lossy(&api));
        let open = browser.get("/console/close-packages/2026-04").await;
        assert_eq!(open.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
}

/// A contract's page shows its variable components: the estimate, what the constraint
/// includes, where it is allocated and why (docs/asc606.md §15).
#[tokio::test]
async fn a_contracts_page_shows_its_variable_components() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({"customer_name": "Acme", "total_value": "120000.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31",
                "variable_consideration": [{"id": "uptime_bonus", "kind": "bonus",
                    "method": "most_likely_amount", "included_amount": "0.00",
                    "scenarios": [{"amount": "24000.00", "probability": "0.7"},
                                  {"amount": "0", "probability": "0.3"}],
                    "rationale": "not highly probable yet"}]}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let mut browser = Browser::signed_in(&app, "sandbox", "cfo@example.com").await;
        let page = browser.get(&format!("/console/contracts/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let row_start = page
            .text
            .find("<tr data-component=\"uptime_bonus\">")
            .expect("the component's row");
        let row = &page.text[row_start..row_start + page.text[row_start..].find("</tr>").unwrap()];
        for shown in [
            "most likely amount",
            "24000.00000000",
            "data-amount=\"0.00\"",
            "every obligation, with the fixed price",
            "not highly probable yet",
        ] {
            assert!(row.contains(shown), "{shown}: {row}");
        }
    }
}

#[tokio::test]
async fn a_contract_with_usage_and_credits_shows_how_they_are_earned_and_the_variable_part() {
    for app in spawn_each().await {
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let body = json!({"customer_name": "Metered", "currency": "USD", "total_value": "18000.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                {"name": "API calls", "pob_type": "usage",
                 "usage_pricing": {"unit": "api_call", "rate": "0.002"}},
                {"name": "Credits", "pob_type": "services", "recognition": "credits",
                 "stated_price": "6000.00",
                 "prepaid_credits": {"credits": "6000", "expires_on": "2026-12-31",
                                     "expected_usage": "5000"}}]});
        let api = |method, path: String, body: Option<serde_json::Value>| {
            let key = key.clone();
            let app = &app;
            async move { app.request(method, &path, Some(&key), body.as_ref()).await }
        };
        let created = api(reqwest::Method::POST, "/v1/contracts".into(), Some(body)).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let contract = created.json();
        let id = contract["id"].as_str().unwrap().to_owned();
        let obligation = |index: usize| {
            contract["performance_obligations"][index]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        for (pob, quantity) in [(obligation(1), "50000"), (obligation(2), "1000")] {
            let recorded = api(
                reqwest::Method::POST,
                format!("/v1/contracts/{id}/obligations/{pob}/usage"),
                Some(json!({"record_id": "march", "occurred_on": "2026-03-10", "quantity": quantity})),
            )
            .await;
            assert_eq!(recorded.status, StatusCode::CREATED, "{}", recorded.text);
        }

        let mut browser = Browser::signed_in(&app, "acme", "ana@example.com").await;
        let page = browser.get(&format!("/console/contracts/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let satisfied: Vec<String> = page
            .text
            .match_indices(r#"data-column="satisfied">"#)
            .map(|(at, marker)| text_after(&page.text[at..], marker))
            .collect();
        assert_eq!(
            satisfied,
            [
                "ratably, 2026-01-01 to 2026-12-31",
                "as used, rated each month",
                "as credits are used, expiring 2026-12-31 (proportional breakage)"
            ]
        );
        // March: 100.00 of calls and 1,200.00 of credits (1,000 of the 5,000 expected),
        // each month's figures the API's.
        let waterfall = api(
            reqwest::Method::GET,
            format!("/v1/waterfalls?contract_id={id}"),
            None,
        )
        .await
        .text;
        assert_eq!(page.cell("2026-03", "variable"), "1300.00");
        for month in ["2026-02", "2026-03", "2026-12"] {
            let anchor = format!(r#""period":"{month}""#);
            for (column, field) in [
                ("recognized", "recognized_amount"),
                ("variable", "variable_amount"),
            ] {
                assert_eq!(
                    page.cell(month, column),
                    api_number(&waterfall, &anchor, field),
                    "{month} {column}"
                );
            }
        }
    }
}
