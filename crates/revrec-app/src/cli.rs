//! The `revrec` command line.

use clap::{Parser, Subcommand};
use revrec_usecases::demo_portfolio::demo_contracts;
use revrec_usecases::ingest_contract::ingest_contracts;
use revrec_usecases::{SANDBOX_TENANT, SANDBOX_TOKEN};

/// The tenant `revrec demo` fills unless told otherwise.
pub const DEMO_TENANT: &str = "demo";

pub use crate::cli_error::CliError;
use crate::credential_commands::{self, KeysCommand, OAuthClientsCommand, UsersCommand};
use crate::period_commands::{self, PeriodsCommand};
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
    Migrate {
        /// Make a new, empty SQLite database when the file does not exist yet (without it,
        /// a missing file is refused, as by every command but `serve` and `demo`).
        #[arg(long)]
        create: bool,
    },
    /// Create, list and revoke API keys.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Close and reopen months of a tenant's books, and list them.
    Periods {
        #[command(subcommand)]
        command: PeriodsCommand,
    },
    /// Create console users (`/console`) of a tenant.
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// Create, list and revoke OAuth 2.0 clients (client credentials grant).
    #[command(name = "oauth-clients")]
    OAuthClients {
        #[command(subcommand)]
        command: OAuthClientsCommand,
    },
    /// Build the `Payment-Authorization` credential that pays a 402's challenge (what an
    /// MPP client does): paste one `WWW-Authenticate: Payment …` value.
    Pay {
        /// The challenge: the whole `Payment id="…", …` header value.
        #[arg(long)]
        challenge: String,
        /// The sandbox method's token (default `tok_sandbox_ok`; `tok_sandbox_declined`
        /// is declined).
        #[arg(long)]
        token: Option<String>,
        /// The stripe method's Shared Payment Token (`spt_…`).
        #[arg(long)]
        spt: Option<String>,
        /// The lightning method's preimage (64 hex digits), which paying the challenge's
        /// invoice revealed.
        #[arg(long)]
        preimage: Option<String>,
        /// The tempo method's transaction hash (`0x…`) of the transferWithMemo already
        /// broadcast (push mode).
        #[arg(long)]
        tx_hash: Option<String>,
    },
    /// Serve the MCP tools over stdio (one JSON-RPC message per line) for a local agent,
    /// with the API key (or sandbox token) in REVREC_MCP_TOKEN; logs go to stderr.
    Mcp,
    /// Compute a close package (`GET /v1/close-packages/{period}`) again from the facts it
    /// carries, with no database, and check it to the byte. Exit status 1 where it differs.
    Replay {
        /// The package's JSON, as the API answered it.
        file: std::path::PathBuf,
    },
    /// Audit the books: recompute every stored contract's plan and every tenant's rollups
    /// from the stored versions and compare them with what is stored. Exit status 1 on drift.
    Verify {
        /// Only this tenant (default: every tenant with contracts or report figures).
        #[arg(long)]
        tenant: Option<String>,
        /// Contracts read per page (memory stays flat whatever the portfolio's size).
        #[arg(long, default_value_t = revrec_usecases::verify_books::DEFAULT_PAGE_SIZE)]
        page_size: u32,
        /// Print one JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Take off the books the contracts stored before every date was held to the calendar
    /// (1900-01-01 to 2199-12-31), each whole with its rollup contribution, and print them
    /// as one JSON document. `revrec verify` names them first.
    RepairCalendar {
        /// Only this tenant (default: every tenant).
        #[arg(long)]
        tenant: Option<String>,
        /// Contracts read per page.
        #[arg(long, default_value_t = revrec_usecases::verify_books::DEFAULT_PAGE_SIZE)]
        page_size: u32,
    },
    /// Load a realistic sample portfolio into a tenant of its own (`demo` unless told).
    Demo {
        /// How many contracts.
        #[arg(long, default_value_t = 250)]
        contracts: usize,
        /// The tenant that receives them: `demo` by default, so a sample never mixes with
        /// the contracts of the tenant you work in (`--tenant sandbox` puts them where the
        /// sandbox token reads).
        #[arg(long, default_value = DEMO_TENANT)]
        tenant: String,
        /// Same seed, same contracts.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// The proofs `revrec pay` can put in a credential, one per method.
#[derive(Clone, Copy, Default)]
struct Proofs<'a> {
    token: Option<&'a str>,
    spt: Option<&'a str>,
    preimage: Option<&'a str>,
    tx_hash: Option<&'a str>,
}

/// The credential paying `challenge` with the method's proof.
fn pay(challenge: &str, proofs: Proofs<'_>) -> Result<String, CliError> {
    let Proofs {
        token,
        spt,
        preimage,
        tx_hash,
    } = proofs;
    use revrec_http::payments::mpp::{Challenge, Credential};
    let value = challenge
        .trim()
        .strip_prefix("WWW-Authenticate:")
        .or_else(|| challenge.trim().strip_prefix("www-authenticate:"))
        .unwrap_or(challenge);
    let challenge = Challenge::parse_header(value).ok_or_else(|| {
        CliError::Usage("--challenge must be a `Payment id=\"…\", …` challenge value".into())
    })?;
    let payload = match (challenge.method.as_str(), spt) {
        ("stripe", Some(spt)) => serde_json::json!({ "spt": spt }),
        ("stripe", None) => {
            return Err(CliError::Usage(
                "the stripe method needs --spt spt_…".into(),
            ));
        }
        ("lightning", _) => match preimage {
            Some(preimage) => serde_json::json!({ "preimage": preimage.to_ascii_lowercase() }),
            None => {
                return Err(CliError::Usage(
                    "the lightning method needs --preimage <hex>, from paying the invoice".into(),
                ));
            }
        },
        ("tempo", _) => match tx_hash {
            Some(hash) => serde_json::json!({ "type": "hash", "hash": hash }),
            None => {
                return Err(CliError::Usage(
                    "the tempo method needs --tx-hash 0x…, of the transferWithMemo".into(),
                ));
            }
        },
        (_, _) => serde_json::json!({ "token": token.unwrap_or("tok_sandbox_ok") }),
    };
    Ok(Credential::build(&challenge, &payload))
}

pub async fn run(cli: Cli) -> Result<(), CliError> {
    if let Some(Command::Pay {
        challenge,
        token,
        spt,
        preimage,
        tx_hash,
    }) = &cli.command
    {
        // Needs no settings and no database: it only builds a header.
        let proofs = Proofs {
            token: token.as_deref(),
            spt: spt.as_deref(),
            preimage: preimage.as_deref(),
            tx_hash: tx_hash.as_deref(),
        };
        println!("{}", pay(challenge, proofs)?);
        return Ok(());
    }
    if let Some(Command::Replay { file }) = &cli.command {
        // Needs no settings and no database: the package holds every fact.
        return Ok(crate::replay_command::replay_file(file)?);
    }
    let settings = Settings::from_env()?;
    let command = cli.command.unwrap_or(Command::Serve);
    // Only `serve`, `demo` and `migrate --create` make a database; any other command run in
    // the wrong folder would otherwise leave an empty `revrec.db` there and answer from it.
    let creates_database = matches!(
        command,
        Command::Serve | Command::Demo { .. } | Command::Migrate { create: true }
    );
    if !creates_database {
        crate::database_presence::require_existing(&settings.database_url)?;
        eprintln!(
            "database: {}",
            crate::database_presence::describe(&settings.database_url)
        );
    }
    match command {
        Command::Pay { .. } | Command::Replay { .. } => Ok(()),
        Command::Serve => serve(settings).await,
        Command::Migrate { .. } => {
            open_store(&settings).await?;
            eprintln!(
                "migrations applied ({})",
                crate::database_presence::describe(&settings.database_url)
            );
            Ok(())
        }
        Command::Keys { command } => {
            let store = open_store(&settings).await?;
            credential_commands::keys(&services(&store), command).await
        }
        Command::OAuthClients { command } => {
            let store = open_store(&settings).await?;
            credential_commands::oauth_clients(&services(&store), command).await
        }
        Command::Users { command } => {
            let store = open_store(&settings).await?;
            credential_commands::users(&services(&store), command).await
        }
        Command::Periods { command } => {
            let store = open_store(&settings).await?;
            period_commands::periods(&services(&store), command).await
        }
        Command::Mcp => mcp(settings).await,
        Command::Verify {
            tenant,
            page_size,
            json,
        } => {
            let store = open_store(&settings).await?;
            crate::verify_command::verify(&services(&store), tenant, page_size, json).await
        }
        Command::RepairCalendar { tenant, page_size } => {
            let store = open_store(&settings).await?;
            crate::verify_command::repair_calendar(&services(&store), tenant, page_size).await
        }
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
    let database = crate::database_presence::describe(&settings.database_url);
    let application = Application::build(settings).await?;
    let url = application.public_url().to_owned();
    let metrics = application.metrics_address().map_or_else(
        || format!("{url}/metrics"),
        |address| format!("http://{address}/metrics"),
    );
    eprintln!("revrec is listening on {url}");
    eprintln!("  API (primary surface)  {url}/v1");
    eprintln!("  API (guide surface)    {url}/api/v1");
    eprintln!("  interactive docs       {url}/docs/");
    eprintln!("  OpenAPI document       {url}/openapi.json");
    eprintln!("  web console            {url}/console  (users: revrec users create)");
    eprintln!("  metrics (Prometheus)   {metrics}");
    eprintln!("  database               {database}");
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

/// The environment variable `revrec mcp` takes its credential from.
pub const MCP_TOKEN_VARIABLE: &str = "REVREC_MCP_TOKEN";

async fn mcp(settings: Settings) -> Result<(), CliError> {
    crate::telemetry::init_on_stderr(&settings.log_filter);
    let token = std::env::var(MCP_TOKEN_VARIABLE).map_err(|_| {
        CliError::Usage(format!(
            "{MCP_TOKEN_VARIABLE} must hold an API key with execute:mcp (or the sandbox token in sandbox mode)"
        ))
    })?;
    let store = open_store(&settings).await?;
    let public_url = settings
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", settings.listen));
    let services = crate::startup::services_under(&store, settings.policy);
    // Jobs an agent starts run here too, when no server shares the database.
    let jobs = match settings.job_worker {
        Some(worker) => Some(
            crate::job_worker::JobWorker::start(services.clone(), worker).map_err(|error| {
                CliError::Usage(format!("the job worker cannot start: {error}"))
            })?,
        ),
        None => None,
    };
    let replica = crate::startup::open_replica(&settings).await?;
    let state =
        crate::startup::app_state(&settings, (&store, replica.as_ref()), services, &public_url)?;
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    let served = revrec_mcp::stdio::serve(&state, token.trim(), input, tokio::io::stdout()).await;
    if let Some(jobs) = jobs {
        jobs.stop().await;
    }
    Ok(served?)
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
    // Two writers at once, each taking the next thousand contracts and writing them in one
    // transaction; the contracts are the same whatever the interleaving, and only the
    // batches in hand are held.
    let contracts = std::sync::Arc::new(std::sync::Mutex::new(demo_contracts(count, seed)));
    let mut writers = Vec::new();
    for _ in 0..DEMO_WRITERS {
        let (services, tenant) = (services.clone(), tenant.to_owned());
        let contracts = std::sync::Arc::clone(&contracts);
        let context = revrec_usecases::posting_control::WriteContext::by("cli");
        writers.push(tokio::spawn(async move {
            loop {
                let batch: Vec<_> = {
                    let mut contracts = contracts
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    contracts.by_ref().take(DEMO_BATCH).collect()
                };
                if batch.is_empty() {
                    return Ok::<(), revrec_usecases::UseCaseError>(());
                }
                for outcome in ingest_contracts(&services, &tenant, &context, batch).await {
                    outcome?;
                }
            }
        }));
    }
    for writer in writers {
        writer
            .await
            .map_err(|error| CliError::Usage(format!("a loader task failed: {error}")))??;
    }
    // Reports read appended deltas as they are; folding them now keeps the first reads of
    // a server that has not folded yet at one row a month.
    crate::rollup_folder::fold_all(&services).await;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "loaded {count} sample contracts into tenant `{tenant}` in {seconds:.1} s ({:.0} contracts/s)",
        count as f64 / seconds.max(1e-9)
    );
    eprintln!(
        "  database: {}",
        crate::database_presence::describe(&settings.database_url)
    );
    if tenant == SANDBOX_TENANT {
        eprintln!("  read them with the sandbox token, {SANDBOX_TOKEN}");
    } else {
        eprintln!(
            "  read them with a key of that tenant: revrec keys create --tenant {tenant}  (console: revrec users create --tenant {tenant} --email …)"
        );
    }
    Ok(())
}
