//! Wiring: settings → store → use cases → HTTP server.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::HttpServer;
use actix_web::dev::Server;
use revrec_http::payments::PaymentSettings;
use revrec_http::{AppState, HttpSettings, build_app};
use revrec_payments::{
    LightningRail, LightningSettings, SandboxRail, StripeRail, StripeSettings, TempoRail,
    TempoSettings,
};
use revrec_ports::PaymentRail;
use revrec_store_diesel::{Store, StoreSetupError};
use revrec_usecases::{Policy, Services};

use crate::job_worker::JobWorker;
use crate::rollup_folder::RollupFolder;
use crate::settings::{LightningTerms, MacaroonSource, Mode, Settings};
use crate::system_ports::{Argon2Passwords, RandomIds, SystemClock};
use crate::usage_flusher::UsageFlusher;

/// Blocking threads per HTTP worker (database calls).
pub const BLOCKING_THREADS_PER_WORKER: usize = 8;

/// Largest JSON body (docs/limits.md).
pub const JSON_LIMIT: usize = 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Store(#[from] StoreSetupError),
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: String,
        source: std::io::Error,
    },
    #[error("the database setup task failed: {0}")]
    Task(String),
    #[error("the payment rails cannot start: {0}")]
    Payments(String),
}

/// The Lightning rail: the macaroon and the node's certificate read from their files.
fn lightning_rail(terms: &LightningTerms) -> Result<LightningRail, StartupError> {
    let unreadable = |what: &str, path: &str, error: std::io::Error| {
        StartupError::Payments(format!("the {what} at {path} cannot be read: {error}"))
    };
    let macaroon_hex = match &terms.macaroon {
        MacaroonSource::Hex(hex) => hex.0.clone(),
        MacaroonSource::Path(path) => {
            let bytes = std::fs::read(path).map_err(|error| unreadable("macaroon", path, error))?;
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim();
            // LND writes the macaroon as binary; some setups keep its hex.
            if !text.is_empty() && text.bytes().all(|b| b.is_ascii_hexdigit()) {
                text.to_ascii_lowercase()
            } else {
                revrec_payments::hex::encode(&bytes)
            }
        }
    };
    let tls_certificate_pem = match &terms.tls_certificate_path {
        Some(path) => {
            Some(std::fs::read(path).map_err(|error| unreadable("LND certificate", path, error))?)
        }
        None => None,
    };
    LightningRail::new(LightningSettings {
        lnd_url: terms.lnd_url.clone(),
        macaroon_hex,
        tls_certificate_pem,
        sats_per_usd: terms.sats_per_usd,
        network: terms.network.clone(),
    })
    .map_err(|error| StartupError::Payments(error.to_string()))
}

/// The payment methods and challenge secrets of this process (docs/payments.md, Rails):
/// Stripe, Tempo and Lightning when configured (in that order), the sandbox rail in sandbox
/// mode only.
pub fn payment_settings(settings: &Settings) -> Result<PaymentSettings, StartupError> {
    let terms = &settings.payments;
    let mut rails: Vec<Arc<dyn PaymentRail>> = Vec::new();
    if let Some(stripe) = &terms.stripe {
        let rail = StripeRail::new(StripeSettings {
            secret_key: stripe.secret_key.0.clone(),
            network_id: stripe.network_id.clone(),
            api_base: stripe.api_base.clone(),
        })
        .map_err(|error| StartupError::Payments(error.to_string()))?;
        rails.push(Arc::new(rail));
    }
    if let Some(tempo) = &terms.tempo {
        let rail = TempoRail::new(TempoSettings {
            rpc_url: tempo.rpc_url.0.clone(),
            chain_id: tempo.chain_id,
            token: tempo.token.clone(),
            recipient: tempo.recipient.clone(),
        })
        .map_err(|error| StartupError::Payments(error.to_string()))?;
        rails.push(Arc::new(rail));
    }
    if let Some(lightning) = &terms.lightning {
        rails.push(Arc::new(lightning_rail(lightning)?));
    }
    if settings.mode == Mode::Sandbox {
        rails.push(Arc::new(SandboxRail));
    }
    // Without a configured secret (sandbox only: production refuses to start), a random
    // one: challenges are then good on this process alone, for its lifetime.
    let secret = match &terms.secret {
        Some(secret) => secret.0.as_bytes().to_vec(),
        None => {
            let mut bytes = vec![0_u8; 32];
            getrandom::fill(&mut bytes)
                .map_err(|error| StartupError::Payments(error.to_string()))?;
            bytes
        }
    };
    let mut secrets = vec![secret];
    secrets.extend(
        terms
            .previous_secret
            .iter()
            .map(|secret| secret.0.as_bytes().to_vec()),
    );
    Ok(PaymentSettings {
        secrets,
        rails,
        merchant: "revrec".into(),
    })
}

/// Opens (and migrates) the store off the async runtime.
pub async fn open_store(settings: &Settings) -> Result<Store, StartupError> {
    let url = settings.database_url.clone();
    tokio::task::spawn_blocking(move || Store::open(&url))
        .await
        .map_err(|error| StartupError::Task(error.to_string()))?
        .map_err(StartupError::from)
}

/// Connects to the read replica, when the settings name one (never migrated: the
/// primary's migrations reach it by replication).
pub async fn open_replica(settings: &Settings) -> Result<Option<Store>, StartupError> {
    let Some(url) = settings.database_read_url.clone() else {
        return Ok(None);
    };
    let replica = tokio::task::spawn_blocking(move || Store::open_replica(&url))
        .await
        .map_err(|error| StartupError::Task(error.to_string()))??;
    Ok(Some(replica))
}

/// The use cases for the reads that tolerate lagging the writes: `services` with the
/// repositories those reads use over the replica, or `services` itself without one.
pub fn stale_read_services(services: &Services, replica: Option<&Store>) -> Services {
    let mut stale = services.clone();
    if let Some(replica) = replica {
        stale.contracts = replica.contracts();
        stale.reports = replica.reports();
        stale.ledger = replica.ledger();
        stale.periods = replica.periods();
        stale.usage = replica.usage();
    }
    stale
}

/// The use cases' ports over `store`, under the default policy (the CLI's commands).
pub fn services(store: &Store) -> Services {
    services_under(store, Policy::default())
}

/// The use cases' ports over `store`, with one rate limiter for this process.
pub fn services_under(store: &Store, policy: Policy) -> Services {
    Services::from(revrec_usecases::SharedServices {
        contracts: store.contracts(),
        reports: store.reports(),
        api_keys: store.api_keys(),
        idempotency: store.idempotency(),
        ledger: store.ledger(),
        jobs: store.jobs(),
        oauth: store.oauth(),
        payments: store.payments(),
        rate_limiter: store.rate_limiter(),
        // Shared on SQLite too: a guard against guessing must hold for every process on
        // the file, and failures are few enough to go to the database each time.
        client_auth_failures: store.shared_rate_limiter(),
        console: store.console(),
        usage: store.usage(),
        periods: store.periods(),
        passwords: Arc::new(Argon2Passwords),
        usage_meter: Arc::default(),
        policy,
        clock: Arc::new(SystemClock),
        ids: Arc::new(RandomIds),
        heavy_reads: Arc::new(revrec_usecases::heavy_reads::HeavyReads::default()),
        waterfall_memo: Arc::default(),
        job_signal: Arc::default(),
        compute: Arc::new(crate::system_ports::DedicatedCompute),
    })
}

/// What every adapter's handlers reach: the use cases, the HTTP settings, the payment rails.
pub fn app_state(
    settings: &Settings,
    (store, replica): (&Store, Option<&Store>),
    services: Services,
    public_url: &str,
) -> Result<AppState, StartupError> {
    let pool = store.clone();
    Ok(AppState {
        payments: Arc::new(payment_settings(settings)?),
        stale_reads: stale_read_services(&services, replica),
        services,
        settings: Arc::new(HttpSettings {
            public_url: public_url.to_owned(),
            sandbox_mode: settings.mode == Mode::Sandbox,
            json_limit: JSON_LIMIT,
            deprecations: settings.deprecations.clone(),
            metrics_on_api: settings.metrics_listen.is_none(),
        }),
        waterfall_bodies: Arc::default(),
        before_scrape: Some(Arc::new(move || pool.refresh_pool_metrics())),
    })
}

/// Ports a test puts in place of the system's: where the use cases compute, and the clock
/// every instant is read from (what records a change at a chosen instant).
#[derive(Default)]
pub struct PortOverrides {
    pub compute: Option<Arc<dyn revrec_ports::ComputePool>>,
    pub clock: Option<Arc<dyn revrec_ports::Clock>>,
}

/// A bound, ready-to-run server.
pub struct Application {
    server: Server,
    port: u16,
    public_url: String,
    backend: &'static str,
    jobs: Option<JobWorker>,
    usage: UsageFlusher,
    rollups: RollupFolder,
    /// The metrics-only server and its bound address, when it has its own.
    metrics: Option<(Server, std::net::SocketAddr)>,
}

/// One worker serving `GET /metrics` on `address`, stopped with the API server (it takes
/// no signals of its own).
fn metrics_server(
    address: std::net::SocketAddr,
    state: AppState,
) -> Result<(Server, std::net::SocketAddr), StartupError> {
    let listen_error = |source| StartupError::Listen {
        address: address.to_string(),
        source,
    };
    let listener = TcpListener::bind(address).map_err(listen_error)?;
    let bound = listener.local_addr().map_err(listen_error)?;
    let server = HttpServer::new(move || revrec_http::metrics_app(state.clone()))
        .workers(1)
        .disable_signals()
        .shutdown_timeout(5)
        .listen(listener)
        .map_err(listen_error)?
        .run();
    Ok((server, bound))
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Application, StartupError> {
        Application::build_with(settings, PortOverrides::default()).await
    }

    /// [`Application::build`] with another compute pool (tests hold work in one to see
    /// what goes on meanwhile).
    pub async fn build_with(
        settings: Settings,
        overrides: PortOverrides,
    ) -> Result<Application, StartupError> {
        let store = open_store(&settings).await?;
        let listener =
            TcpListener::bind(settings.listen).map_err(|source| StartupError::Listen {
                address: settings.listen.to_string(),
                source,
            })?;
        let address = listener
            .local_addr()
            .map_err(|source| StartupError::Listen {
                address: settings.listen.to_string(),
                source,
            })?;
        let public_url = settings
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{address}"));
        let mut services = services_under(&store, settings.policy);
        if let Some(compute) = overrides.compute {
            services.compute = compute;
        }
        if let Some(clock) = overrides.clock {
            services.clock = clock;
        }
        let jobs = match settings.job_worker {
            Some(worker) => Some(
                JobWorker::start(services.clone(), worker)
                    .map_err(|error| StartupError::Task(error.to_string()))?,
            ),
            None => None,
        };
        revrec_http::shell::metrics::recorder();
        revrec_store_diesel::pool_metrics::describe();
        let usage = UsageFlusher::start(services.clone());
        let rollups = RollupFolder::start(services.clone());
        let replica = open_replica(&settings).await?;
        let state = app_state(&settings, (&store, replica.as_ref()), services, &public_url)?;
        let metrics = match settings.metrics_listen {
            Some(address) => Some(metrics_server(address, state.clone())?),
            None => None,
        };
        let mut server = HttpServer::new(move || {
            build_app(state.clone())
                .configure(revrec_mcp::configure)
                .configure(revrec_console::configure)
        })
        // In-flight requests get this long to finish on SIGTERM.
        .shutdown_timeout(30)
        // Database calls run on blocking threads; more of them than pooled connections
        // only adds threads waiting for a connection (and scheduler churn).
        .worker_max_blocking_threads(BLOCKING_THREADS_PER_WORKER);
        if let Some(workers) = settings.workers {
            server = server.workers(workers);
        }
        let server = server
            .listen(listener)
            .map_err(|source| StartupError::Listen {
                address: address.to_string(),
                source,
            })?
            .run();
        Ok(Application {
            server,
            port: address.port(),
            public_url,
            backend: store.backend(),
            jobs,
            usage,
            rollups,
            metrics,
        })
    }

    /// Where `GET /metrics` is served alone, when `REVREC_METRICS_LISTEN` is set.
    pub fn metrics_address(&self) -> Option<std::net::SocketAddr> {
        self.metrics.as_ref().map(|(_, address)| *address)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    pub fn backend(&self) -> &'static str {
        self.backend
    }

    /// Runs until SIGTERM or SIGINT, then finishes in-flight requests and hands the job
    /// in hand (if any) back to the queue.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = match self.metrics {
            None => self.server.await,
            Some((metrics, _)) => {
                // Both on this task; the metrics server stops once the API server has.
                let handle = metrics.handle();
                let api = async {
                    let served = self.server.await;
                    handle.stop(true).await;
                    served
                };
                let (served, _) = tokio::join!(api, metrics);
                served
            }
        };
        if let Some(jobs) = self.jobs {
            jobs.stop().await;
        }
        self.usage.stop().await;
        self.rollups.stop().await;
        served
    }
}
