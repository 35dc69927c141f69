//! The API and MCP keys page and the OAuth clients page: the tenant's credentials in a
//! table, a form that makes one with chosen scopes (its secret shown once, with a copy
//! button), and revocation. The same use cases as `revrec keys` and `revrec oauth-clients`.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_domain::text;
use revrec_http::AppState;
use revrec_ports::{Plan, Scope};
use revrec_usecases::Services;
use revrec_usecases::manage_api_keys::{NewApiKey, create_api_key, list_api_keys, revoke_api_key};
use revrec_usecases::oauth_clients::{
    NewOAuthClient, create_oauth_client, list_oauth_clients, revoke_oauth_client,
};

use crate::error::PageError;
use crate::format::instant;
use crate::layout::{self, Section, notice};
use crate::pages::{CsrfForm, see_other};
use crate::session::{self, SignedIn};

/// `GET /console/keys`, `GET /console/oauth-clients`.
pub async fn list(
    request: HttpRequest,
    state: web::Data<AppState>,
    kind: Kind,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let rows = rows(&state.services, signed.tenant(), kind).await?;
    Ok(page(&signed, kind, &rows, None, None))
}

/// `POST /console/keys`, `POST /console/oauth-clients`: scopes arrive as repeated
/// `scope` fields.
pub async fn create(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<Vec<(String, String)>>,
    kind: Kind,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let (csrf, asked) = CreateRequest::from_fields(form.into_inner());
    signed.check_csrf(&csrf)?;
    let asked = match asked {
        Ok(asked) => asked,
        Err(problem) => {
            let rows = rows(&state.services, signed.tenant(), kind).await?;
            return Ok(page(&signed, kind, &rows, None, Some(&problem)));
        }
    };
    let services = &state.services;
    let tenant_id = signed.tenant().to_owned();
    let plan = plan_for_new(services, &tenant_id).await?;
    let created = match kind {
        Kind::ApiKeys => {
            let input = NewApiKey {
                tenant_id,
                name: asked.name,
                scopes: asked.scopes,
                plan,
                live: !state.settings.sandbox_mode,
            };
            let made = create_api_key(services, input).await?;
            Created {
                name: made.key.name,
                fields: vec![("Secret", made.secret)],
            }
        }
        Kind::OAuthClients => {
            let input = NewOAuthClient {
                tenant_id,
                name: asked.name,
                scopes: asked.scopes,
                plan,
            };
            let made = create_oauth_client(services, input).await?;
            Created {
                name: made.client.name,
                fields: vec![
                    ("client_id", made.client.id),
                    ("client_secret", made.secret),
                ],
            }
        }
    };
    let rows = rows(services, signed.tenant(), kind).await?;
    Ok(page(&signed, kind, &rows, Some(&created), None))
}

/// `POST /console/keys/{id}/revoke`, `POST /console/oauth-clients/{id}/revoke`. Only the
/// signed-in tenant's credentials are found: another tenant's id is a 404.
pub async fn revoke(
    request: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    form: web::Form<CsrfForm>,
    kind: Kind,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    signed.check_csrf(&form.csrf)?;
    let tenant = Some(signed.tenant().to_owned());
    let revoked = match kind {
        Kind::ApiKeys => revoke_api_key(&state.services, tenant, &id).await?,
        Kind::OAuthClients => revoke_oauth_client(&state.services, tenant, &id).await?,
    };
    if !revoked {
        return Err(PageError::NotFound);
    }
    Ok(see_other(kind.path()))
}

async fn rows(services: &Services, tenant: &str, kind: Kind) -> Result<Vec<Row>, PageError> {
    let tenant = Some(tenant.to_owned());
    Ok(match kind {
        Kind::ApiKeys => list_api_keys(services, tenant)
            .await?
            .into_iter()
            .map(|key| Row {
                id: key.id,
                name: key.name,
                identifier: key.prefix,
                scopes: key.scopes,
                plan: key.plan,
                created_at: key.created_at,
                last_used_at: key.last_used_at,
                revoked_at: key.revoked_at,
            })
            .collect(),
        Kind::OAuthClients => list_oauth_clients(services, tenant)
            .await?
            .into_iter()
            .map(|client| Row {
                identifier: client.id.clone(),
                id: client.id,
                name: client.name,
                scopes: client.scopes,
                plan: client.plan,
                created_at: client.created_at,
                last_used_at: client.last_used_at,
                revoked_at: client.revoked_at,
            })
            .collect(),
    })
}

/// Which credentials a page manages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    ApiKeys,
    OAuthClients,
}

impl Kind {
    fn section(self) -> Section {
        match self {
            Kind::ApiKeys => Section::Keys,
            Kind::OAuthClients => Section::OAuthClients,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::ApiKeys => "API and MCP keys",
            Kind::OAuthClients => "OAuth clients",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Kind::ApiKeys => "/console/keys",
            Kind::OAuthClients => "/console/oauth-clients",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Kind::ApiKeys => "key",
            Kind::OAuthClients => "client",
        }
    }
}

/// One credential as the table shows it (never a secret: none is stored).
struct Row {
    id: String,
    name: String,
    /// The key's first characters, or the client's `client_id`.
    identifier: String,
    scopes: Vec<Scope>,
    plan: Plan,
    created_at: i64,
    last_used_at: Option<i64>,
    revoked_at: Option<i64>,
}

/// A credential just made: what it is called and its secret, shown once.
struct Created {
    name: String,
    fields: Vec<(&'static str, String)>,
}

/// The name and scopes of the create form.
pub struct CreateRequest {
    pub name: String,
    pub scopes: Vec<Scope>,
}

impl CreateRequest {
    /// The form's CSRF token, and its name and scopes or what is wrong with them.
    pub fn from_fields(fields: Vec<(String, String)>) -> (String, Result<CreateRequest, String>) {
        let mut csrf = String::new();
        for (field, value) in &fields {
            if field == "csrf" {
                csrf.clone_from(value);
            }
        }
        (csrf, CreateRequest::parse(fields))
    }

    fn parse(fields: Vec<(String, String)>) -> Result<CreateRequest, String> {
        let (mut name, mut scopes) = (String::new(), Vec::new());
        for (field, value) in fields {
            match field.as_str() {
                "name" => name = value.trim().to_owned(),
                "scope" => {
                    let scope =
                        Scope::parse(&value).ok_or_else(|| format!("`{value}` is not a scope"))?;
                    if !scopes.contains(&scope) {
                        scopes.push(scope);
                    }
                }
                _ => {}
            }
        }
        if name.is_empty() {
            return Err("Give it a name.".into());
        }
        text::check(&name, text::CREDENTIAL_NAME).map_err(|error| format!("The name {error}."))?;
        if scopes.is_empty() {
            return Err("Choose at least one scope.".into());
        }
        Ok(CreateRequest { name, scopes })
    }
}

/// The plan new credentials of the tenant get: the highest plan among its credentials
/// that are not revoked, else `growth` (what `revrec keys create` gives). The console
/// never raises a tenant's plan.
async fn plan_for_new(services: &Services, tenant: &str) -> Result<Plan, PageError> {
    let plans = active_plans(services, tenant).await?;
    Ok(plans
        .into_iter()
        .max_by_key(|plan| rank(*plan))
        .unwrap_or(Plan::Growth))
}

/// The plan of each of the tenant's credentials that is not revoked (keys, then clients).
pub async fn active_plans(services: &Services, tenant: &str) -> Result<Vec<Plan>, PageError> {
    let keys = services.api_keys.list(Some(tenant.to_owned())).await?;
    let clients = services.oauth.list_clients(Some(tenant.to_owned())).await?;
    Ok(keys
        .iter()
        .filter(|key| key.revoked_at.is_none())
        .map(|key| key.plan)
        .chain(
            clients
                .iter()
                .filter(|client| client.revoked_at.is_none())
                .map(|client| client.plan),
        )
        .collect())
}

fn rank(plan: Plan) -> u8 {
    match plan {
        Plan::Sandbox => 0,
        Plan::Growth => 1,
        Plan::Scale => 2,
    }
}

/// The page: the secret just made (if any), the problem with the form (if any), the
/// create form and the table.
fn page(
    signed: &SignedIn,
    kind: Kind,
    rows: &[Row],
    created: Option<&Created>,
    problem: Option<&str>,
) -> HttpResponse {
    let body = html! {
        @if let Some(created) = created {
            section.secret aria-labelledby="secret-heading" {
                h2 #secret-heading { "New " (kind.noun()) " “" (created.name) "”" }
                p { strong { "Copy the secret now: it is shown only this once." } " revrec keeps only its SHA-256 digest." }
                dl {
                    @for (index, (label, value)) in created.fields.iter().enumerate() {
                        dt { (label) }
                        dd {
                            code #{"secret-" (index)} data-secret=(label) { (value) }
                            " "
                            button type="button" data-copy={"secret-" (index)} { "Copy" }
                            span.copied role="status" aria-live="polite" {}
                        }
                    }
                }
            }
        }
        (notice(problem, true))
        (table(signed, kind, rows))
        (create_form(signed, kind))
    };
    let status = if problem.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    layout::page_with_status(status, &signed.session, kind.section(), kind.title(), body)
}

fn table(signed: &SignedIn, kind: Kind, rows: &[Row]) -> Markup {
    html! {
        @if rows.is_empty() {
            p { "No " (kind.noun()) "s yet." }
        } @else {
            div.table-wrap {
                table #credentials {
                    caption { (kind.title()) " of " (signed.tenant()) }
                    thead {
                        tr {
                            th scope="col" { "Name" }
                            th scope="col" { @if kind == Kind::ApiKeys { "Prefix" } @else { "Client id" } }
                            th scope="col" { "Scopes" }
                            th scope="col" { "Plan" }
                            th scope="col" { "Created" }
                            th scope="col" { "Last used" }
                            th scope="col" { "Status" }
                            th scope="col" { span.visually-hidden { "Action" } }
                        }
                    }
                    tbody {
                        @for row in rows {
                            tr data-id=(row.id) data-status=(if row.revoked_at.is_some() { "revoked" } else { "active" }) {
                                th scope="row" { (row.name) }
                                td { code { (row.identifier) } }
                                td { (Scope::join(&row.scopes)) }
                                td { (row.plan) }
                                td { (instant(row.created_at)) }
                                td { (row.last_used_at.map_or_else(|| "never".to_owned(), instant)) }
                                td {
                                    @match row.revoked_at {
                                        Some(at) => { "revoked " (instant(at)) }
                                        None => { "active" }
                                    }
                                }
                                td {
                                    @if row.revoked_at.is_none() {
                                        form method="post" action={(kind.path()) "/" (row.id) "/revoke"} {
                                            input type="hidden" name="csrf" value=(signed.session.csrf_token);
                                            button.danger type="submit" aria-label={"Revoke " (row.name)} { "Revoke" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn create_form(signed: &SignedIn, kind: Kind) -> Markup {
    html! {
        section aria-labelledby="create-heading" {
            h2 #create-heading { "Create a " (kind.noun()) }
            form.stacked method="post" action=(kind.path()) {
                input type="hidden" name="csrf" value=(signed.session.csrf_token);
                label for="name" { "Name" }
                input #name type="text" name="name" required maxlength="100" placeholder="billing sync";
                fieldset {
                    legend { "Scopes" }
                    @for scope in Scope::ALL {
                        label.check {
                            input type="checkbox" name="scope" value=(scope.as_str()) checked[scope != Scope::ExecuteMcp];
                            " " code { (scope.as_str()) }
                        }
                    }
                }
                button type="submit" { "Create the " (kind.noun()) }
            }
        }
    }
}
