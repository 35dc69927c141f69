//! Settings from environment variables, read and checked once at start-up and passed by
//! value (no global configuration, so tests can build as many apps as they like).

use std::net::SocketAddr;
use std::time::Duration;

use revrec_http::deprecation::{Deprecation, parse_deprecations};
use revrec_store_diesel::DatabaseUrl;

use revrec_domain::ContractLimits;
use revrec_usecases::Policy;
use revrec_usecases::limits::Limits;
use revrec_usecases::policy::{
    ClientAuthLimits, DEFAULT_CLIENT_AUTH_LIMITS, DEFAULT_REQUESTS_PER_MINUTE,
};
use revrec_usecases::recalculation::{DEFAULT_JOB_QUEUE_CAP, DEFAULT_PAGE_SIZE};
use revrec_usecases::sign_in_throttle::{DEFAULT_SIGN_IN_LIMITS, SignInLimits};

use crate::job_worker::JobWorkerSettings;
use crate::plan_terms::{per_plan, requests_per_minute, usd_cents};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The default for a local run: the published sandbox token works.
    Sandbox,
    /// API keys only.
    Production,
}

#[derive(Clone, Debug)]
pub struct Settings {
    pub database_url: DatabaseUrl,
    /// A PostgreSQL read replica of `database_url` for the reads that tolerate lagging the
    /// writes (docs/scaling.md, "Read replicas"); `None`: every read on the primary.
    pub database_read_url: Option<DatabaseUrl>,
    pub listen: SocketAddr,
    /// Where `GET /metrics` alone is served; `None`: on `listen` with everything else.
    pub metrics_listen: Option<SocketAddr>,
    /// `None`: `http://<bound address>`.
    pub public_url: Option<String>,
    pub mode: Mode,
    pub log_filter: String,
    pub workers: Option<usize>,
    /// The recalculation-job worker; `None` runs none in this process.
    pub job_worker: Option<JobWorkerSettings>,
    /// Rate limits and per-call prices by plan.
    pub policy: Policy,
    /// How priced calls are paid (docs/payments.md).
    pub payments: PaymentTerms,
    /// Deprecated operations (docs/versioning.md), checked against the API at start-up.
    pub deprecations: Vec<Deprecation>,
}

/// A secret from the environment: kept out of every debug print and log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The shortest challenge-signing secret accepted (HMAC-SHA256 wants 32 bytes of key).
pub const MIN_PAYMENT_SECRET_BYTES: usize = 32;

#[derive(Clone, Debug, Default)]
pub struct PaymentTerms {
    /// Signs challenge ids; `None` in sandbox mode: a random one per process.
    pub secret: Option<Secret>,
    /// The secret before the last rotation, still accepted for live challenges.
    pub previous_secret: Option<Secret>,
    /// The `stripe` rail, when configured.
    pub stripe: Option<StripeTerms>,
    /// The `tempo` rail (TIP-20 on Tempo), when configured.
    pub tempo: Option<TempoTerms>,
    /// The `lightning` rail (BOLT11 invoices of an LND node), when configured.
    pub lightning: Option<LightningTerms>,
}

#[derive(Clone, Debug)]
pub struct TempoTerms {
    /// The chain's JSON-RPC URL (a provider's URL may carry its key: kept out of prints).
    pub rpc_url: Secret,
    pub chain_id: u64,
    /// The TIP-20 token, `0x` and 40 lowercase hex digits.
    pub token: String,
    /// The merchant's address, `0x` and 40 lowercase hex digits.
    pub recipient: String,
}

/// Where the LND macaroon comes from: the hex text itself, or a file (LND's binary
/// `invoice.macaroon`, or its hex) read at startup.
#[derive(Clone, Debug)]
pub enum MacaroonSource {
    Hex(Secret),
    Path(String),
}

#[derive(Clone, Debug)]
pub struct LightningTerms {
    /// LND's REST base URL.
    pub lnd_url: String,
    pub macaroon: MacaroonSource,
    /// LND's self-signed `tls.cert` (PEM), when the node's certificate is not publicly
    /// trusted.
    pub tls_certificate_path: Option<String>,
    /// Satoshis per USD: challenges charge `ceil(cents × rate / 100)` sats.
    pub sats_per_usd: u64,
    /// `mainnet`, `signet` or `regtest`.
    pub network: String,
}

#[derive(Clone, Debug)]
pub struct StripeTerms {
    pub secret_key: Secret,
    pub network_id: String,
    pub api_base: String,
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("{name}={value:?} is not valid: {reason}")]
    Invalid {
        name: &'static str,
        value: String,
        reason: String,
    },
}

/// Each knob's environment variable, default and meaning (the README's table).
pub const VARIABLES: [(&str, &str, &str); 42] = [
    (
        "REVREC_DATABASE_URL",
        "revrec.db",
        "`postgres://…` for PostgreSQL; `sqlite://path` or a path for SQLite",
    ),
    (
        "REVREC_DATABASE_READ_URL",
        "none",
        "`postgres://…` of a streaming replica of the PostgreSQL database: portfolio reports, the journal and its export, trial balances and close packages read there (a write shows in them once the replica has replayed it)",
    ),
    (
        "REVREC_LISTEN",
        "127.0.0.1:8080",
        "address and port to listen on (port 0: any free port)",
    ),
    (
        "REVREC_METRICS_LISTEN",
        "none (GET /metrics on REVREC_LISTEN)",
        "a separate host:port serving only GET /metrics (Prometheus), e.g. a private interface",
    ),
    (
        "REVREC_PUBLIC_URL",
        "http://<listen address>",
        "absolute base URL used in problem `type`s, `Location` and metadata",
    ),
    (
        "REVREC_MODE",
        "sandbox",
        "`sandbox` (accepts the published token rr_test_sandbox) or `production`",
    ),
    (
        "REVREC_LOG",
        "info",
        "tracing filter, e.g. `warn` or `revrec_http=debug,info`",
    ),
    ("REVREC_WORKERS", "number of cores", "HTTP worker threads"),
    (
        "REVREC_JOB_WORKER",
        "on",
        "`off` runs no recalculation-job worker in this process (others on the database still do)",
    ),
    (
        "REVREC_JOB_LEASE_SECONDS",
        "30",
        "how long a job's worker may go without committing a page before another takes the job over",
    ),
    (
        "REVREC_JOB_POLL_MS",
        "500",
        "how often an idle job worker looks for work",
    ),
    (
        "REVREC_RATE_LIMITS",
        "sandbox=60,growth=1200,scale=6000",
        "requests per minute per credential by plan (plans left out keep the default), or `off`",
    ),
    (
        "REVREC_OAUTH_FAILURES_PER_CLIENT",
        "10",
        "failed client authentications per client_id per minute at /oauth/token, /oauth/revoke and /oauth/introspect; then every attempt is 429 until the minute ends",
    ),
    (
        "REVREC_OAUTH_FAILURES_PER_ADDRESS",
        "30",
        "the same per client address (the TCP peer: an IPv4 address or an IPv6 /64)",
    ),
    (
        "REVREC_CALL_PRICES",
        "sandbox=0,growth=0,scale=0",
        "USD charged per call of /contracts, /waterfalls, /disclosures/note6 by plan (HTTP 402 above 0)",
    ),
    (
        "REVREC_DEPRECATIONS",
        "none",
        "`METHOD /path DEPRECATION SUNSET; …` (RFC 3339 instants, sunset ≥ 180 days later); see docs/versioning.md",
    ),
    (
        "REVREC_PAYMENT_SECRET",
        "random per process (sandbox)",
        "at least 32 bytes signing payment challenges; required in production when a price is above 0, the same on every instance",
    ),
    (
        "REVREC_PAYMENT_SECRET_PREVIOUS",
        "none",
        "the secret before a rotation, still accepted for challenges issued under it (they live 5 minutes)",
    ),
    (
        "REVREC_STRIPE_SECRET_KEY",
        "none",
        "`sk_live_…` (real money) or `sk_test_…`: offers the `stripe` payment method",
    ),
    (
        "REVREC_STRIPE_NETWORK_ID",
        "none",
        "the Stripe Business Network profile id payers grant Shared Payment Tokens to (with the key)",
    ),
    (
        "REVREC_STRIPE_API_BASE",
        "https://api.stripe.com",
        "Stripe's API base URL (a local double in tests)",
    ),
    (
        "REVREC_TEMPO_RPC_URL",
        "none",
        "a Tempo node's Ethereum JSON-RPC URL: offers the `tempo` payment method (with REVREC_TEMPO_RECIPIENT)",
    ),
    (
        "REVREC_TEMPO_RECIPIENT",
        "none",
        "the merchant's Tempo address (`0x` + 40 hex digits) payers transfer to",
    ),
    (
        "REVREC_TEMPO_CHAIN_ID",
        "4217",
        "the Tempo chain challenges name and the RPC must serve (4217 is mainnet)",
    ),
    (
        "REVREC_TEMPO_TOKEN",
        "0x20c0000000000000000000000000000000000000",
        "the TIP-20 USD stablecoin paid in (default pathUSD)",
    ),
    (
        "REVREC_LIGHTNING_LND_URL",
        "none",
        "the LND node's REST URL (`https://host:8080`): offers the `lightning` payment method",
    ),
    (
        "REVREC_LIGHTNING_MACAROON",
        "none",
        "the LND macaroon as hex (an invoice macaroon suffices); or REVREC_LIGHTNING_MACAROON_PATH",
    ),
    (
        "REVREC_LIGHTNING_MACAROON_PATH",
        "none",
        "a file holding the LND macaroon (binary, as LND writes it, or hex)",
    ),
    (
        "REVREC_LIGHTNING_TLS_CERT_PATH",
        "none",
        "LND's `tls.cert` (PEM), trusted for the node's self-signed certificate",
    ),
    (
        "REVREC_LIGHTNING_SATS_PER_USD",
        "none",
        "satoshis per USD (required with LND): a charge of c cents is ceil(c × rate / 100) sats",
    ),
    (
        "REVREC_LIGHTNING_NETWORK",
        "mainnet",
        "`mainnet`, `signet` or `regtest`: the network LND's invoices must be on",
    ),
    (
        "REVREC_MAX_TERM_YEARS",
        "100",
        "longest contract term, in years (docs/limits.md)",
    ),
    ("REVREC_MAX_LINES", "500", "most line items per contract"),
    (
        "REVREC_MAX_CONTRACT_OBLIGATION_MONTHS",
        "60000",
        "most obligations × months of the term per contract",
    ),
    (
        "REVREC_MAX_REQUEST_OBLIGATION_MONTHS",
        "250000",
        "most obligation-months per request (a batch counts all its contracts)",
    ),
    (
        "REVREC_MAX_READ_OBLIGATION_MONTHS",
        "4000000",
        "most obligation-months one request's reads may replay (as-of reports, explain)",
    ),
    (
        "REVREC_JOB_PAGE_SIZE",
        "250",
        "contracts a job commits at a time (progress granularity; results do not depend on it)",
    ),
    (
        "REVREC_JOB_QUEUE_CAP",
        "10",
        "recalculation jobs a tenant may have queued or running at once (beyond: 429 JOB_QUEUE_FULL)",
    ),
    (
        "REVREC_SIGN_IN_WINDOW_SECONDS",
        "900",
        "how long failed console sign-ins are counted from the first, and the longest wait (docs/console.md)",
    ),
    (
        "REVREC_SIGN_IN_FAILURES_PER_CLIENT",
        "20",
        "failed console sign-ins from one client address (any addresses typed) before it waits",
    ),
    (
        "REVREC_SIGN_IN_FAILURES_PER_ACCOUNT_AND_CLIENT",
        "5",
        "failed console sign-ins for one address typed, from one client address, before that client waits",
    ),
    (
        "REVREC_SIGN_IN_FAILURES_PER_ACCOUNT",
        "100",
        "failed console sign-ins for one address typed, from all clients, past which the clients that failed for it wait",
    ),
];

impl Settings {
    pub fn from_env() -> Result<Settings, SettingsError> {
        Settings::from_lookup(|name| std::env::var(name).ok())
    }

    /// Settings from any lookup (tests pass a map instead of the process environment).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Settings, SettingsError> {
        let get = |name: &str| {
            lookup(name)
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty())
        };
        let invalid = |name: &'static str, value: &str, reason: String| SettingsError::Invalid {
            name,
            value: value.to_owned(),
            reason,
        };
        let database = get("REVREC_DATABASE_URL").unwrap_or_else(|| "revrec.db".into());
        let database_url = DatabaseUrl::parse(&database)
            .map_err(|error| invalid("REVREC_DATABASE_URL", &database, error.to_string()))?;
        let database_read_url = match get("REVREC_DATABASE_READ_URL") {
            None => None,
            Some(text) => {
                let url = DatabaseUrl::parse(&text).map_err(|error| {
                    invalid("REVREC_DATABASE_READ_URL", &text, error.to_string())
                })?;
                // A replica follows a PostgreSQL primary; SQLite has none.
                if !matches!(
                    (&database_url, &url),
                    (DatabaseUrl::Postgres(_), DatabaseUrl::Postgres(_))
                ) {
                    return Err(invalid(
                        "REVREC_DATABASE_READ_URL",
                        &url.redacted(),
                        "a read replica is a PostgreSQL replica of a PostgreSQL REVREC_DATABASE_URL"
                            .into(),
                    ));
                }
                Some(url)
            }
        };
        let listen_text = get("REVREC_LISTEN").unwrap_or_else(|| "127.0.0.1:8080".into());
        let listen = listen_text.parse().map_err(|_| {
            invalid(
                "REVREC_LISTEN",
                &listen_text,
                "use host:port, such as 127.0.0.1:8080".into(),
            )
        })?;
        let metrics_listen = match get("REVREC_METRICS_LISTEN") {
            None => None,
            Some(text) => Some(text.parse().map_err(|_| {
                invalid(
                    "REVREC_METRICS_LISTEN",
                    &text,
                    "use host:port, such as 127.0.0.1:9090".into(),
                )
            })?),
        };
        let public_url = match get("REVREC_PUBLIC_URL") {
            None => None,
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                Some(url.trim_end_matches('/').to_owned())
            }
            Some(url) => {
                return Err(invalid(
                    "REVREC_PUBLIC_URL",
                    &url,
                    "must start with http:// or https://".into(),
                ));
            }
        };
        let mode = match get("REVREC_MODE").as_deref() {
            None | Some("sandbox") => Mode::Sandbox,
            Some("production") => Mode::Production,
            Some(other) => {
                return Err(invalid(
                    "REVREC_MODE",
                    other,
                    "use sandbox or production".into(),
                ));
            }
        };
        let workers = match get("REVREC_WORKERS") {
            None => None,
            Some(text) => Some(
                text.parse::<usize>()
                    .ok()
                    .filter(|workers| (1..=512).contains(workers))
                    .ok_or_else(|| {
                        invalid("REVREC_WORKERS", &text, "use a number from 1 to 512".into())
                    })?,
            ),
        };
        let number = |name: &'static str, default: u64, range: std::ops::RangeInclusive<u64>| {
            match get(name) {
                None => Ok(default),
                Some(text) => text
                    .parse::<u64>()
                    .ok()
                    .filter(|value| range.contains(value))
                    .ok_or_else(|| {
                        invalid(
                            name,
                            &text,
                            format!("use a number from {} to {}", range.start(), range.end()),
                        )
                    }),
            }
        };
        let lease = Duration::from_secs(number("REVREC_JOB_LEASE_SECONDS", 30, 1..=3_600)?);
        let poll = Duration::from_millis(number("REVREC_JOB_POLL_MS", 500, 10..=60_000)?);
        let page_size = number(
            "REVREC_JOB_PAGE_SIZE",
            u64::from(DEFAULT_PAGE_SIZE),
            1..=10_000,
        )?;
        let page_size = u32::try_from(page_size).unwrap_or(DEFAULT_PAGE_SIZE);
        let job_queue_cap = number(
            "REVREC_JOB_QUEUE_CAP",
            u64::from(DEFAULT_JOB_QUEUE_CAP),
            1..=10_000,
        )?;
        let job_queue_cap = u32::try_from(job_queue_cap).unwrap_or(DEFAULT_JOB_QUEUE_CAP);
        let job_worker = match get("REVREC_JOB_WORKER").as_deref() {
            None | Some("on") => Some(JobWorkerSettings {
                lease,
                poll,
                page_size,
            }),
            Some("off") => None,
            Some(other) => {
                return Err(invalid("REVREC_JOB_WORKER", other, "use on or off".into()));
            }
        };
        let requests_per_minute = match get("REVREC_RATE_LIMITS").as_deref() {
            Some("off") => None,
            None => Some(DEFAULT_REQUESTS_PER_MINUTE),
            Some(text) => Some(
                per_plan(text, DEFAULT_REQUESTS_PER_MINUTE, requests_per_minute)
                    .map_err(|reason| invalid("REVREC_RATE_LIMITS", text, reason))?,
            ),
        };
        let failure_limit = |name: &'static str, default: u32| {
            number(name, u64::from(default), 1..=100_000)
                .map(|limit| u32::try_from(limit).unwrap_or(default))
        };
        let failed_client_authentications = ClientAuthLimits {
            per_client: failure_limit(
                "REVREC_OAUTH_FAILURES_PER_CLIENT",
                DEFAULT_CLIENT_AUTH_LIMITS.per_client,
            )?,
            per_address: failure_limit(
                "REVREC_OAUTH_FAILURES_PER_ADDRESS",
                DEFAULT_CLIENT_AUTH_LIMITS.per_address,
            )?,
        };
        let call_price_cents = match get("REVREC_CALL_PRICES") {
            None => Policy::default().call_price_cents,
            Some(text) => per_plan(&text, Policy::default().call_price_cents, usd_cents)
                .map_err(|reason| invalid("REVREC_CALL_PRICES", &text, reason))?,
        };
        let defaults = Limits::default();
        let limits = Limits {
            contract: ContractLimits {
                max_term_years: i32::try_from(number(
                    "REVREC_MAX_TERM_YEARS",
                    u64::try_from(defaults.contract.max_term_years).unwrap_or(100),
                    1..=299,
                )?)
                .unwrap_or(defaults.contract.max_term_years),
                max_lines: usize::try_from(number(
                    "REVREC_MAX_LINES",
                    u64::try_from(defaults.contract.max_lines).unwrap_or(500),
                    1..=10_000,
                )?)
                .unwrap_or(defaults.contract.max_lines),
                max_obligation_months: number(
                    "REVREC_MAX_CONTRACT_OBLIGATION_MONTHS",
                    defaults.contract.max_obligation_months,
                    1..=10_000_000,
                )?,
            },
            request_obligation_months: number(
                "REVREC_MAX_REQUEST_OBLIGATION_MONTHS",
                defaults.request_obligation_months,
                1..=100_000_000,
            )?,
            read_obligation_months: number(
                "REVREC_MAX_READ_OBLIGATION_MONTHS",
                defaults.read_obligation_months,
                1..=10_000_000_000,
            )?,
        };
        let payments = payment_terms(&get, mode, &call_price_cents)?;
        let limit = |name: &'static str, default: u32, range: std::ops::RangeInclusive<u64>| {
            number(name, u64::from(default), range)
                .map(|value| u32::try_from(value).unwrap_or(u32::MAX))
        };
        let defaults = DEFAULT_SIGN_IN_LIMITS;
        let sign_in = SignInLimits {
            window_seconds: limit(
                "REVREC_SIGN_IN_WINDOW_SECONDS",
                defaults.window_seconds,
                60..=86_400,
            )?,
            per_client: limit(
                "REVREC_SIGN_IN_FAILURES_PER_CLIENT",
                defaults.per_client,
                1..=1_000_000,
            )?,
            per_account_and_client: limit(
                "REVREC_SIGN_IN_FAILURES_PER_ACCOUNT_AND_CLIENT",
                defaults.per_account_and_client,
                1..=1_000_000,
            )?,
            per_account: limit(
                "REVREC_SIGN_IN_FAILURES_PER_ACCOUNT",
                defaults.per_account,
                1..=1_000_000,
            )?,
        };
        let deprecations = match get("REVREC_DEPRECATIONS") {
            None => Vec::new(),
            Some(text) => parse_deprecations(&text)
                .map_err(|error| invalid("REVREC_DEPRECATIONS", &text, error.to_string()))?,
        };
        Ok(Settings {
            database_url,
            database_read_url,
            listen,
            metrics_listen,
            public_url,
            mode,
            log_filter: get("REVREC_LOG").unwrap_or_else(|| "info".into()),
            workers,
            job_worker,
            policy: Policy {
                requests_per_minute,
                call_price_cents,
                limits,
                job_queue_cap,
                sign_in,
                failed_client_authentications,
            },
            payments,
            deprecations,
        })
    }
}

fn payment_terms(
    get: &impl Fn(&str) -> Option<String>,
    mode: Mode,
    prices: &revrec_usecases::PerPlan<i64>,
) -> Result<PaymentTerms, SettingsError> {
    let invalid = |name: &'static str, value: &str, reason: &str| SettingsError::Invalid {
        name,
        value: if name.contains("SECRET") {
            "…".into()
        } else {
            value.to_owned()
        },
        reason: reason.to_owned(),
    };
    let secret = |name: &'static str| match get(name) {
        None => Ok(None),
        Some(text) if text.len() >= MIN_PAYMENT_SECRET_BYTES => Ok(Some(Secret(text))),
        Some(text) => Err(invalid(
            name,
            &text,
            "use at least 32 bytes (for example `openssl rand -hex 32`)",
        )),
    };
    let terms = PaymentTerms {
        secret: secret("REVREC_PAYMENT_SECRET")?,
        previous_secret: secret("REVREC_PAYMENT_SECRET_PREVIOUS")?,
        stripe: match (
            get("REVREC_STRIPE_SECRET_KEY"),
            get("REVREC_STRIPE_NETWORK_ID"),
        ) {
            (None, None) => None,
            (Some(key), Some(network_id)) if key.starts_with("sk_") || key.starts_with("rk_") => {
                Some(StripeTerms {
                    secret_key: Secret(key),
                    network_id,
                    api_base: get("REVREC_STRIPE_API_BASE")
                        .unwrap_or_else(|| revrec_payments::stripe::DEFAULT_API_BASE.into()),
                })
            }
            (Some(key), Some(_)) => {
                return Err(invalid(
                    "REVREC_STRIPE_SECRET_KEY",
                    &key,
                    "a Stripe secret key starts with sk_ or rk_",
                ));
            }
            (Some(_), None) | (None, Some(_)) => {
                return Err(invalid(
                    "REVREC_STRIPE_NETWORK_ID",
                    "",
                    "set REVREC_STRIPE_SECRET_KEY and REVREC_STRIPE_NETWORK_ID together",
                ));
            }
        },
        tempo: tempo_terms(get)?,
        lightning: lightning_terms(get)?,
    };
    let priced = [prices.sandbox, prices.growth, prices.scale]
        .iter()
        .any(|cents| *cents > 0);
    if mode == Mode::Production && priced {
        if terms.secret.is_none() {
            return Err(invalid(
                "REVREC_PAYMENT_SECRET",
                "",
                "required in production when REVREC_CALL_PRICES has a price above 0",
            ));
        }
        if terms.stripe.is_none() && terms.tempo.is_none() && terms.lightning.is_none() {
            return Err(invalid(
                "REVREC_STRIPE_SECRET_KEY",
                "",
                "a priced call needs a payment method in production: configure Stripe, Tempo or Lightning",
            ));
        }
    }
    Ok(terms)
}

/// `0x` and 40 hex digits, lowercased.
fn address(name: &'static str, text: &str) -> Result<String, SettingsError> {
    let digits = text.strip_prefix("0x").unwrap_or("");
    if digits.len() == 40 && digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(text.to_ascii_lowercase())
    } else {
        Err(SettingsError::Invalid {
            name,
            value: text.to_owned(),
            reason: "an address is 0x and 40 hex digits".into(),
        })
    }
}

fn tempo_terms(get: &impl Fn(&str) -> Option<String>) -> Result<Option<TempoTerms>, SettingsError> {
    let (rpc_url, recipient) = match (get("REVREC_TEMPO_RPC_URL"), get("REVREC_TEMPO_RECIPIENT")) {
        (None, None) => return Ok(None),
        (Some(rpc_url), Some(recipient)) => (rpc_url, recipient),
        _ => {
            return Err(SettingsError::Invalid {
                name: "REVREC_TEMPO_RECIPIENT",
                value: String::new(),
                reason: "set REVREC_TEMPO_RPC_URL and REVREC_TEMPO_RECIPIENT together".into(),
            });
        }
    };
    let chain_id = match get("REVREC_TEMPO_CHAIN_ID") {
        None => 4217,
        Some(text) => text.parse().map_err(|_| SettingsError::Invalid {
            name: "REVREC_TEMPO_CHAIN_ID",
            value: text.clone(),
            reason: "a chain id is a positive integer".into(),
        })?,
    };
    Ok(Some(TempoTerms {
        rpc_url: Secret(rpc_url),
        chain_id,
        token: address(
            "REVREC_TEMPO_TOKEN",
            &get("REVREC_TEMPO_TOKEN")
                .unwrap_or_else(|| revrec_payments::tempo::PATH_USD.to_owned()),
        )?,
        recipient: address("REVREC_TEMPO_RECIPIENT", &recipient)?,
    }))
}

fn lightning_terms(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<LightningTerms>, SettingsError> {
    let Some(lnd_url) = get("REVREC_LIGHTNING_LND_URL") else {
        return Ok(None);
    };
    let invalid = |name: &'static str, value: &str, reason: &str| SettingsError::Invalid {
        name,
        value: value.to_owned(),
        reason: reason.to_owned(),
    };
    let macaroon = match (
        get("REVREC_LIGHTNING_MACAROON"),
        get("REVREC_LIGHTNING_MACAROON_PATH"),
    ) {
        (Some(hex), None) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            MacaroonSource::Hex(Secret(hex.to_ascii_lowercase()))
        }
        (None, Some(path)) => MacaroonSource::Path(path),
        (Some(_), None) => {
            return Err(invalid(
                "REVREC_LIGHTNING_MACAROON",
                "…",
                "the macaroon is hex",
            ));
        }
        _ => {
            return Err(invalid(
                "REVREC_LIGHTNING_MACAROON",
                "",
                "set one of REVREC_LIGHTNING_MACAROON and REVREC_LIGHTNING_MACAROON_PATH with REVREC_LIGHTNING_LND_URL",
            ));
        }
    };
    let rate = get("REVREC_LIGHTNING_SATS_PER_USD").unwrap_or_default();
    let sats_per_usd = rate
        .parse::<u64>()
        .ok()
        .filter(|rate| *rate > 0)
        .ok_or_else(|| {
            invalid(
                "REVREC_LIGHTNING_SATS_PER_USD",
                &rate,
                "a positive whole number of satoshis per USD is required with LND",
            )
        })?;
    let network = get("REVREC_LIGHTNING_NETWORK").unwrap_or_else(|| "mainnet".into());
    if !["mainnet", "signet", "regtest"].contains(&network.as_str()) {
        return Err(invalid(
            "REVREC_LIGHTNING_NETWORK",
            &network,
            "use mainnet, signet or regtest",
        ));
    }
    Ok(Some(LightningTerms {
        lnd_url,
        macaroon,
        tls_certificate_path: get("REVREC_LIGHTNING_TLS_CERT_PATH"),
        sats_per_usd,
        network,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&str, &str)]) -> Result<Settings, SettingsError> {
        let map: std::collections::HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Settings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_need_no_configuration() {
        let defaults = settings(&[]).unwrap();
        assert_eq!(
            defaults.database_url,
            DatabaseUrl::Sqlite("revrec.db".into())
        );
        assert_eq!(defaults.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(defaults.mode, Mode::Sandbox);
        assert_eq!(defaults.public_url, None);
        assert_eq!(defaults.policy.sign_in, DEFAULT_SIGN_IN_LIMITS);
    }

    #[test]
    fn sign_in_limits_are_read_and_checked() {
        let limits = settings(&[
            ("REVREC_SIGN_IN_WINDOW_SECONDS", "600"),
            ("REVREC_SIGN_IN_FAILURES_PER_CLIENT", "50"),
            ("REVREC_SIGN_IN_FAILURES_PER_ACCOUNT_AND_CLIENT", "3"),
            ("REVREC_SIGN_IN_FAILURES_PER_ACCOUNT", "500"),
        ])
        .unwrap()
        .policy
        .sign_in;
        assert_eq!(
            limits,
            SignInLimits {
                window_seconds: 600,
                per_client: 50,
                per_account_and_client: 3,
                per_account: 500,
            }
        );
        for (name, bad) in [
            ("REVREC_SIGN_IN_WINDOW_SECONDS", "5"),
            ("REVREC_SIGN_IN_FAILURES_PER_CLIENT", "0"),
            ("REVREC_SIGN_IN_FAILURES_PER_ACCOUNT", "many"),
        ] {
            let error = settings(&[(name, bad)]).unwrap_err().to_string();
            assert!(error.starts_with(name), "{error}");
        }
    }

    #[test]
    fn bad_values_name_the_variable() {
        let error = settings(&[("REVREC_MODE", "prod")])
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("REVREC_MODE=\"prod\" is not valid"),
            "{error}"
        );
        assert!(settings(&[("REVREC_LISTEN", "8080")]).is_err());
        assert!(settings(&[("REVREC_DATABASE_URL", "mysql://x/y")]).is_err());
        // A read replica follows a PostgreSQL primary, and is PostgreSQL itself.
        assert!(settings(&[("REVREC_DATABASE_READ_URL", "postgres://r/db")]).is_err());
        assert!(
            settings(&[
                ("REVREC_DATABASE_URL", "postgres://p/db"),
                ("REVREC_DATABASE_READ_URL", "replica.db"),
            ])
            .is_err()
        );
        assert_eq!(
            settings(&[
                ("REVREC_DATABASE_URL", "postgres://p/db"),
                ("REVREC_DATABASE_READ_URL", "postgres://r/db"),
            ])
            .unwrap()
            .database_read_url,
            Some(DatabaseUrl::Postgres("postgres://r/db".into()))
        );
        assert_eq!(settings(&[]).unwrap().database_read_url, None);
        assert!(settings(&[("REVREC_PUBLIC_URL", "example.com")]).is_err());
        assert_eq!(
            settings(&[("REVREC_PUBLIC_URL", "https://api.example.com/")])
                .unwrap()
                .public_url
                .as_deref(),
            Some("https://api.example.com")
        );
    }

    #[test]
    fn the_job_queue_cap_defaults_to_ten_and_takes_1_to_10000() {
        assert_eq!(settings(&[]).unwrap().policy.job_queue_cap, 10);
        let three = settings(&[("REVREC_JOB_QUEUE_CAP", "3")]).unwrap();
        assert_eq!(three.policy.job_queue_cap, 3);
        for bad in ["0", "10001", "ten"] {
            let error = settings(&[("REVREC_JOB_QUEUE_CAP", bad)])
                .unwrap_err()
                .to_string();
            assert!(error.starts_with("REVREC_JOB_QUEUE_CAP="), "{error}");
        }
    }

    #[test]
    fn failed_client_authentication_limits_default_and_are_checked() {
        assert_eq!(
            settings(&[]).unwrap().policy.failed_client_authentications,
            ClientAuthLimits {
                per_client: 10,
                per_address: 30
            }
        );
        let set = settings(&[
            ("REVREC_OAUTH_FAILURES_PER_CLIENT", "3"),
            ("REVREC_OAUTH_FAILURES_PER_ADDRESS", "50"),
        ])
        .unwrap();
        assert_eq!(
            set.policy.failed_client_authentications,
            ClientAuthLimits {
                per_client: 3,
                per_address: 50
            }
        );
        for bad in ["0", "-1", "ten", "100001"] {
            let error = settings(&[("REVREC_OAUTH_FAILURES_PER_ADDRESS", bad)])
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with("REVREC_OAUTH_FAILURES_PER_ADDRESS="),
                "{error}"
            );
        }
    }

    #[test]
    fn the_tempo_and_lightning_rails_are_read_together_and_checked() {
        let tempo = [
            ("REVREC_TEMPO_RPC_URL", "https://rpc.example/key123"),
            (
                "REVREC_TEMPO_RECIPIENT",
                "0x742d35Cc6634C0532925a3b844Bc9e7595f8fE00",
            ),
        ];
        let terms = settings(&tempo).unwrap().payments.tempo.unwrap();
        assert_eq!(terms.chain_id, 4217);
        assert_eq!(terms.token, "0x20c0000000000000000000000000000000000000");
        assert_eq!(
            terms.recipient,
            "0x742d35cc6634c0532925a3b844bc9e7595f8fe00"
        );
        assert!(
            !format!("{terms:?}").contains("key123"),
            "the RPC URL is not printed"
        );
        let error = settings(&tempo[..1]).unwrap_err().to_string();
        assert!(error.starts_with("REVREC_TEMPO_RECIPIENT="), "{error}");
        let bad = [tempo[0], ("REVREC_TEMPO_RECIPIENT", "0x12")];
        assert!(settings(&bad).is_err());

        let lightning = [
            ("REVREC_LIGHTNING_LND_URL", "https://127.0.0.1:8080"),
            ("REVREC_LIGHTNING_MACAROON", "0201036c6e64"),
            ("REVREC_LIGHTNING_SATS_PER_USD", "1234"),
        ];
        let terms = settings(&lightning).unwrap().payments.lightning.unwrap();
        assert_eq!(
            (terms.sats_per_usd, terms.network.as_str()),
            (1234, "mainnet")
        );
        assert!(
            !format!("{terms:?}").contains("0201036c6e64"),
            "the macaroon is not printed"
        );
        let error = settings(&lightning[..2]).unwrap_err().to_string();
        assert!(
            error.starts_with("REVREC_LIGHTNING_SATS_PER_USD="),
            "{error}"
        );
        let error = settings(&[lightning[0], lightning[2]])
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("REVREC_LIGHTNING_MACAROON="), "{error}");
        let testnet = [
            lightning[0],
            lightning[1],
            lightning[2],
            ("REVREC_LIGHTNING_NETWORK", "testnet"),
        ];
        assert!(settings(&testnet).is_err());
    }

    #[test]
    fn priced_calls_in_production_need_a_secret_and_a_real_payment_method() {
        let secret = "0123456789abcdef0123456789abcdef";
        let priced = [
            ("REVREC_MODE", "production"),
            ("REVREC_CALL_PRICES", "growth=0.05"),
        ];
        let error = settings(&priced).unwrap_err().to_string();
        assert!(error.starts_with("REVREC_PAYMENT_SECRET="), "{error}");
        let with_secret = [priced[0], priced[1], ("REVREC_PAYMENT_SECRET", secret)];
        let error = settings(&with_secret).unwrap_err().to_string();
        assert!(error.starts_with("REVREC_STRIPE_SECRET_KEY="), "{error}");
        let stripe = [
            priced[0],
            priced[1],
            ("REVREC_PAYMENT_SECRET", secret),
            ("REVREC_STRIPE_SECRET_KEY", "sk_live_x"),
            ("REVREC_STRIPE_NETWORK_ID", "profile_1"),
        ];
        let terms = settings(&stripe).unwrap().payments;
        assert_eq!(terms.stripe.unwrap().api_base, "https://api.stripe.com");
        // Secrets are never echoed, in errors or debug prints.
        let short = settings(&[("REVREC_PAYMENT_SECRET", "short-secret")])
            .unwrap_err()
            .to_string();
        assert!(
            short.contains("at least 32 bytes") && !short.contains("short-secret"),
            "{short}"
        );
        let printed = format!("{:?}", settings(&stripe[2..]).unwrap());
        assert!(
            !printed.contains(secret) && !printed.contains("sk_live_x"),
            "{printed}"
        );
        assert!(
            settings(&[("REVREC_STRIPE_SECRET_KEY", "sk_test_1")]).is_err(),
            "key without network"
        );
        assert!(
            settings(&[
                ("REVREC_STRIPE_SECRET_KEY", "pk_1"),
                ("REVREC_STRIPE_NETWORK_ID", "p")
            ])
            .is_err()
        );
        // The sandbox charges with a random secret and the sandbox method.
        assert!(settings(&[("REVREC_CALL_PRICES", "growth=0.05")]).is_ok());
    }

    #[test]
    fn deprecations_are_refused_at_start_up_without_180_days_of_notice() {
        let short = settings(&[(
            "REVREC_DEPRECATIONS",
            "GET /v1/waterfalls 2026-06-30T23:59:59Z 2026-12-26T23:59:59Z",
        )])
        .unwrap_err()
        .to_string();
        assert!(short.starts_with("REVREC_DEPRECATIONS="), "{short}");
        assert!(short.contains("at least 180 days"), "{short}");
        let unknown = settings(&[(
            "REVREC_DEPRECATIONS",
            "GET /v1/recognitions 2026-06-30T23:59:59Z 2026-12-31T23:59:59Z",
        )])
        .unwrap_err()
        .to_string();
        assert!(
            unknown.contains("not an operation of this API"),
            "{unknown}"
        );
        let fine = settings(&[(
            "REVREC_DEPRECATIONS",
            "GET /v1/waterfalls 2026-06-30T23:59:59Z 2026-12-27T23:59:59Z",
        )])
        .unwrap();
        assert_eq!(fine.deprecations.len(), 1);
    }
}
