//! What every handler can reach: the use cases' ports and the HTTP settings.

use std::sync::Arc;

use revrec_usecases::Services;

use crate::deprecation::Deprecation;
use crate::payments::PaymentSettings;

#[derive(Clone, Debug)]
pub struct HttpSettings {
    /// Absolute base URL of this service, without a trailing slash (`type`, metadata URLs).
    pub public_url: String,
    /// Whether the published sandbox token is accepted.
    pub sandbox_mode: bool,
    /// Largest JSON body, in bytes.
    pub json_limit: usize,
    /// Deprecated operations (decisions.md §11).
    pub deprecations: Vec<Deprecation>,
    /// Whether `GET /metrics` is served with the API (else on its own listener).
    pub metrics_on_api: bool,
}

#[derive(Clone)]
pub struct AppState {
    pub services: Services,
    pub settings: HttpSettings,
    pub payments: Arc<PaymentSettings>,
    /// Refreshes the gauges only the app can read (the connection pool) before a scrape.
    pub before_scrape: Option<crate::shell::metrics::BeforeScrape>,
}
