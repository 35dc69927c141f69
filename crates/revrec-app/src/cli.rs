//! The `revrec` command line.

use clap::{Parser, Subcommand};
use revrec_ports::{Plan, Scope};
use revrec_usecases::demo_portfolio::demo_portfolio;
use revrec_usecases::ingest_contract::ingest_contracts;
use revrec_usecases::manage_api_keys::{NewApiKey, create_api_key, list_api_keys, revoke_api_key};
use revrec_usecases::{SANDBOX_TENANT, SANDBOX_TOKEN};

use crate::settings::{Mode, Settings, VARIABLES};
use crate::startup::{Application, open_store, services};

#[derive(Parser, Debug)]
#[command(
    name = "revrec",
    version,
    about = "Deterministic revenue recognition (ASC 606 / IFRS 15) over HTTP."
)]
#[command(after_help = environment_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

fn environment_help() -> String {
    let mut text = String::from("Environment:\n");
    for (name, default, meaning) in VARIABLES {
        text.push_str(&format!("  {name:<20} {meaning} (default: {default})\n"));
    }
    text
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the HTTP service (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create, list and revoke API keys.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Load a realistic sample portfolio.
    Demo {
        /// How many contracts.
        #[arg(long, default_value_t = 250)]
        contracts: usize,
        /// The tenant that receives them.
        #[arg(long, default_value = SANDBOX_TENANT)]
        tenant: String,
        /// Same seed, same contracts.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

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
    },
    /// List keys (never their secrets).
    List {
        #[arg(long)]
        tenant: Option<String>,
    },
    /// Revoke a key by id.
    Revoke { id: String },
}

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Settings(#[from] crate::settings::SettingsError),
    #[error(transparent)]
    Startup(#[from] crate::startup::StartupError),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    UseCase(#[from] revrec_usecases::UseCaseError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

pub async fn run(cli: Cli) -> Result<(), CliError> {
    let settings = Settings::from_env()?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(settings).await,
        Command::Migrate => {
            open_store(&settings).await?;
            eprintln!("migrations applied ({:?})", settings.database_url);
            Ok(())
        }
        Command::Keys { command } => keys(settings, command).await,
        Command::Demo {
            contracts,
            tenant,
            seed,
        } => demo(settings, contracts, &tenant, seed).await,
    }
}

async fn serve(settings: Settings) -> Result<(), CliError> {
    crate::telemetry::init(&settings.log_filter);
    let mode = settings.mode;
    let database = format!("{:?}", settings.database_url);
    let application = Application::build(settings).await?;
    let url = application.public_url().to_owned();
    eprintln!("revrec is listening on {url}");
    eprintln!("  API (primary surface)  {url}/v1");
    eprintln!("  interactive docs       {url}/docs/");
    eprintln!("  OpenAPI document       {url}/openapi.json");
    eprintln!(
        "  database               {database} ({})",
        application.backend()
    );
    match mode {
        Mode::Sandbox => eprintln!(
            "  sandbox token          {SANDBOX_TOKEN}    (curl -H 'Authorization: Bearer {SANDBOX_TOKEN}' {url}/v1/contracts)"
        ),
        Mode::Production => {
            eprintln!("  mode                   production (API keys only: revrec keys create)")
        }
    }
    tracing::info!(%url, "revrec started");
    application.run_until_stopped().await?;
    tracing::info!("revrec stopped");
    Ok(())
}

async fn keys(settings: Settings, command: KeysCommand) -> Result<(), CliError> {
    let store = open_store(&settings).await?;
    let services = services(&store);
    match command {
        KeysCommand::Create {
            tenant,
            name,
            scopes,
            plan,
            live,
        } => {
            let scopes = match scopes {
                None => Scope::ALL.to_vec(),
                Some(text) => Scope::parse_list(&text).map_err(|unknown| {
                    CliError::Usage(format!(
                        "unknown scope `{unknown}`; allowed: {}",
                        Scope::ALL.map(|s| s.as_str()).join(", ")
                    ))
                })?,
            };
            let plan = Plan::parse(&plan).ok_or_else(|| {
                CliError::Usage(format!(
                    "unknown plan `{plan}`; allowed: sandbox, growth, scale"
                ))
            })?;
            if tenant.trim().is_empty() {
                return Err(CliError::Usage("--tenant must not be blank".into()));
            }
            let created = create_api_key(
                &services,
                NewApiKey {
                    tenant_id: tenant,
                    name,
                    scopes,
                    plan,
                    live,
                },
            )
            .await?;
            let key = &created.key;
            eprintln!(
                "created key {} for tenant {} (plan {}, scopes {}); the secret is shown once:",
                key.id,
                key.tenant_id,
                key.plan,
                Scope::join(&key.scopes)
            );
            println!("{}", created.secret);
        }
        KeysCommand::List { tenant } => {
            println!(
                "{:<30} {:<16} {:<14} {:<8} {:<9} scopes",
                "id", "tenant", "prefix", "plan", "status"
            );
            for key in list_api_keys(&services, tenant).await? {
                let status = if key.revoked_at.is_some() {
                    "revoked"
                } else {
                    "active"
                };
                println!(
                    "{:<30} {:<16} {:<14} {:<8} {:<9} {}",
                    key.id,
                    key.tenant_id,
                    key.prefix,
                    key.plan,
                    status,
                    Scope::join(&key.scopes)
                );
            }
        }
        KeysCommand::Revoke { id } => {
            if revoke_api_key(&services, &id).await? {
                eprintln!("revoked {id}");
            } else {
                return Err(CliError::Usage(format!("no active key with id {id}")));
            }
        }
    }
    Ok(())
}

/// Concurrent writers used by `revrec demo`: two, so one computes while the other writes
/// (more only wait on the same rollup rows).
const DEMO_WRITERS: usize = 2;
/// Contracts per transaction, through the batch path of `POST /v1/batch`: every
/// transaction updates each month's rollup rows once, so larger ones update them less often.
const DEMO_BATCH: usize = 1_000;

async fn demo(settings: Settings, count: usize, tenant: &str, seed: u64) -> Result<(), CliError> {
    let store = open_store(&settings).await?;
    let services = services(&store);
    let started = std::time::Instant::now();
    // Two writers at once, each writing batches of a thousand contracts per transaction;
    // the contracts are the same whatever the interleaving.
    let contracts = demo_portfolio(count, seed);
    let chunk = contracts.len().div_ceil(DEMO_WRITERS).max(1);
    let mut writers = Vec::new();
    for part in contracts.chunks(chunk) {
        let (services, tenant, part) = (services.clone(), tenant.to_owned(), part.to_vec());
        writers.push(tokio::spawn(async move {
            for batch in part.chunks(DEMO_BATCH) {
                for outcome in ingest_contracts(&services, &tenant, batch.to_vec()).await {
                    outcome?;
                }
            }
            Ok::<(), revrec_usecases::UseCaseError>(())
        }));
    }
    for writer in writers {
        writer
            .await
            .map_err(|error| CliError::Usage(format!("a loader task failed: {error}")))??;
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "loaded {count} sample contracts into tenant {tenant} in {seconds:.1} s ({:.0} contracts/s)",
        count as f64 / seconds.max(1e-9)
    );
    Ok(())
}
