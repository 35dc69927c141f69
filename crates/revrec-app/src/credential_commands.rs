//! `revrec keys …`, `revrec oauth-clients …` and `revrec users create`: credentials and
//! console users made from the command line (the console makes keys and clients too). A
//! secret or one-time password is printed once, at creation; `--json` prints one JSON
//! document for scripts (the secret included, once).

use clap::Subcommand;
use revrec_domain::text;
use revrec_ports::{Plan, Scope};
use revrec_usecases::Services;
use revrec_usecases::console_access::create_console_user;
use revrec_usecases::manage_api_keys::{NewApiKey, create_api_key, list_api_keys, revoke_api_key};
use revrec_usecases::oauth_clients::{
    NewOAuthClient, create_oauth_client, list_oauth_clients, revoke_oauth_client,
};
use serde_json::{Value, json};

use crate::cli_error::CliError;

#[derive(Subcommand, Debug)]
pub enum KeysCommand {
    /// Create a key; its secret is printed once and only its SHA-256 digest is stored.
    Create {
        #[arg(long)]
        tenant: String,
        #[arg(long, default_value = "default")]
        name: String,
        /// Space- or comma-separated scopes (default: every scope).
        #[arg(long)]
        scopes: Option<String>,
        /// sandbox, growth or scale.
        #[arg(long, default_value = "growth")]
        plan: String,
        /// An `rr_live_` key instead of `rr_test_`.
        #[arg(long)]
        live: bool,
        /// Print one JSON object (with the secret) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List keys (never their secrets).
    List {
        #[arg(long)]
        tenant: Option<String>,
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Revoke a key by id.
    Revoke {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum OAuthClientsCommand {
    /// Create an OAuth 2.0 client (client credentials grant); its secret is printed once
    /// and only its SHA-256 digest is stored.
    Create {
        #[arg(long)]
        tenant: String,
        #[arg(long, default_value = "default")]
        name: String,
        /// The most its tokens may carry, space- or comma-separated (default: every scope).
        #[arg(long)]
        scopes: Option<String>,
        /// sandbox, growth or scale.
        #[arg(long, default_value = "growth")]
        plan: String,
        /// Print one JSON object (with client_id and client_secret) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List clients (never their secrets).
    List {
        #[arg(long)]
        tenant: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Revoke a client by id; its access tokens stop working at once.
    Revoke {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum UsersCommand {
    /// Create a console user of a tenant; a one-time password is printed once, and the
    /// first sign-in replaces it.
    Create {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        email: String,
        /// Print one JSON object (with the one-time password) instead of text.
        #[arg(long)]
        json: bool,
    },
}

pub async fn users(services: &Services, command: UsersCommand) -> Result<(), CliError> {
    match command {
        UsersCommand::Create {
            tenant,
            email,
            json,
        } => {
            let tenant = tenant_of(tenant)?;
            let created = create_console_user(services, &tenant, &email)
                .await
                .map_err(|error| CliError::Usage(error.to_string()))?;
            if json {
                print_json(&json!({
                    "id": created.user.id,
                    "tenant": created.user.tenant_id,
                    "email": created.user.email,
                    "one_time_password": created.one_time_password,
                }));
            } else {
                println!(
                    "created console user {} ({}) for tenant {}",
                    created.user.email, created.user.id, created.user.tenant_id
                );
                println!("one-time password (shown once; the first sign-in replaces it):");
                println!("{}", created.one_time_password);
            }
            Ok(())
        }
    }
}

fn scopes_of(text: Option<String>) -> Result<Vec<Scope>, CliError> {
    match text {
        None => Ok(Scope::ALL.to_vec()),
        Some(text) => {
            let scopes = Scope::parse_list(&text).map_err(|unknown| {
                CliError::Usage(format!(
                    "unknown scope `{unknown}`; allowed: {}",
                    Scope::ALL.map(Scope::as_str).join(", ")
                ))
            })?;
            if scopes.is_empty() {
                return Err(CliError::Usage("--scopes names no scope".into()));
            }
            Ok(scopes)
        }
    }
}

fn plan_of(text: &str) -> Result<Plan, CliError> {
    Plan::parse(text).ok_or_else(|| {
        CliError::Usage(format!(
            "unknown plan `{text}`; allowed: sandbox, growth, scale"
        ))
    })
}

fn tenant_of(tenant: String) -> Result<String, CliError> {
    if tenant.trim().is_empty() {
        return Err(CliError::Usage("--tenant must not be blank".into()));
    }
    Ok(tenant)
}

fn status_of(revoked_at: Option<i64>) -> &'static str {
    if revoked_at.is_some() {
        "revoked"
    } else {
        "active"
    }
}

fn print_json(value: &Value) {
    println!("{value}");
}

/// Prints rows as a table under `columns` (name, width), or as a JSON array of objects
/// keyed by the column names. Never a secret: listings have none to print.
fn print_listing<const N: usize>(
    json: bool,
    columns: &[(&str, usize); N],
    rows: impl Iterator<Item = [String; N]>,
) {
    if json {
        let objects = rows
            .map(|row| {
                let fields = columns
                    .iter()
                    .zip(row)
                    .map(|((name, _), value)| ((*name).to_owned(), Value::String(value)));
                Value::Object(fields.collect())
            })
            .collect();
        print_json(&Value::Array(objects));
        return;
    }
    let line = |cells: [String; N]| {
        let padded: Vec<String> = columns
            .iter()
            .zip(cells)
            .map(|((_, width), cell)| format!("{cell:<width$}"))
            .collect();
        println!("{}", padded.join(" ").trim_end());
    };
    line(columns.map(|(name, _)| name.to_owned()));
    rows.for_each(line);
}

/// `--name` held to the free-text rule of credential names.
fn name_of(name: String) -> Result<String, CliError> {
    if name.trim().is_empty() {
        return Err(CliError::Usage("--name must not be blank".into()));
    }
    text::check(&name, text::CREDENTIAL_NAME)
        .map_err(|error| CliError::Usage(format!("--name {error}")))?;
    Ok(name)
}

pub async fn keys(services: &Services, command: KeysCommand) -> Result<(), CliError> {
    match command {
        KeysCommand::Create {
            tenant,
            name,
            scopes,
            plan,
            live,
            json,
        } => {
            let created = create_api_key(
                services,
                NewApiKey {
                    tenant_id: tenant_of(tenant)?,
                    name: name_of(name)?,
                    scopes: scopes_of(scopes)?,
                    plan: plan_of(&plan)?,
                    live,
                },
            )
            .await?;
            let key = &created.key;
            if json {
                print_json(&json!({
                    "id": key.id,
                    "tenant": key.tenant_id,
                    "name": key.name,
                    "plan": key.plan.as_str(),
                    "scopes": Scope::join(&key.scopes),
                    "secret": created.secret,
                }));
            } else {
                eprintln!(
                    "created key {} for tenant {} (plan {}, scopes {}); the secret is shown once:",
                    key.id,
                    key.tenant_id,
                    key.plan,
                    Scope::join(&key.scopes)
                );
                println!("{}", created.secret);
            }
        }
        KeysCommand::List { tenant, json } => {
            let keys = list_api_keys(services, tenant).await?;
            let rows = keys.iter().map(|key| {
                [
                    key.id.clone(),
                    key.tenant_id.clone(),
                    key.name.clone(),
                    key.prefix.clone(),
                    key.plan.as_str().to_owned(),
                    status_of(key.revoked_at).to_owned(),
                    Scope::join(&key.scopes),
                ]
            });
            let columns = [
                ("id", 30),
                ("tenant", 16),
                ("name", 16),
                ("prefix", 14),
                ("plan", 8),
                ("status", 9),
                ("scopes", 0),
            ];
            print_listing(json, &columns, rows);
        }
        KeysCommand::Revoke { id, json } => {
            revoked(revoke_api_key(services, None, &id).await?, "key", &id, json)?;
        }
    }
    Ok(())
}

pub async fn oauth_clients(
    services: &Services,
    command: OAuthClientsCommand,
) -> Result<(), CliError> {
    match command {
        OAuthClientsCommand::Create {
            tenant,
            name,
            scopes,
            plan,
            json,
        } => {
            let created = create_oauth_client(
                services,
                NewOAuthClient {
                    tenant_id: tenant_of(tenant)?,
                    name: name_of(name)?,
                    scopes: scopes_of(scopes)?,
                    plan: plan_of(&plan)?,
                },
            )
            .await?;
            let client = &created.client;
            if json {
                print_json(&json!({
                    "client_id": client.id,
                    "client_secret": created.secret,
                    "tenant": client.tenant_id,
                    "name": client.name,
                    "plan": client.plan.as_str(),
                    "scopes": Scope::join(&client.scopes),
                }));
            } else {
                eprintln!(
                    "created OAuth client for tenant {} (plan {}, scopes {}); the secret is shown once:",
                    client.tenant_id,
                    client.plan,
                    Scope::join(&client.scopes)
                );
                println!("client_id     {}", client.id);
                println!("client_secret {}", created.secret);
            }
        }
        OAuthClientsCommand::List { tenant, json } => {
            let clients = list_oauth_clients(services, tenant).await?;
            let rows = clients.iter().map(|client| {
                [
                    client.id.clone(),
                    client.tenant_id.clone(),
                    client.name.clone(),
                    client.plan.as_str().to_owned(),
                    status_of(client.revoked_at).to_owned(),
                    Scope::join(&client.scopes),
                ]
            });
            let columns = [
                ("client_id", 30),
                ("tenant", 16),
                ("name", 16),
                ("plan", 8),
                ("status", 9),
                ("scopes", 0),
            ];
            print_listing(json, &columns, rows);
        }
        OAuthClientsCommand::Revoke { id, json } => {
            revoked(
                revoke_oauth_client(services, None, &id).await?,
                "client",
                &id,
                json,
            )?;
        }
    }
    Ok(())
}

fn revoked(done: bool, what: &str, id: &str, json: bool) -> Result<(), CliError> {
    if !done {
        return Err(CliError::Usage(format!("no active {what} with id {id}")));
    }
    if json {
        print_json(&json!({ "id": id, "status": "revoked" }));
    } else {
        eprintln!("revoked {id}");
    }
    Ok(())
}
