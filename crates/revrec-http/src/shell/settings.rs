//! How the HTTP side is configured: its public URL, the sandbox, the body limit, the
//! deprecated operations and where metrics are served.

#[derive(Clone, Debug)]
pub struct HttpSettings {
    /// Absolute base URL of this service, without a trailing slash (`type`, metadata URLs).
    pub public_url: String,
    /// Whether the published sandbox token is accepted.
    pub sandbox_mode: bool,
    /// Largest JSON body, in bytes.
    pub json_limit: usize,
    /// Deprecated operations (docs/versioning.md).
    pub deprecations: Vec<Deprecation>,
    /// Whether `GET /metrics` is served with the API (else on its own listener).
    pub metrics_on_api: bool,
}

/// One operation's deprecation, as configured (`REVREC_DEPRECATIONS`); the deprecation
/// policy reads the setting into these and announces them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deprecation {
    /// `GET`, `POST` …
    pub method: String,
    /// The OpenAPI path template, such as `/v1/contracts/{id}`.
    pub path: String,
    /// Unix seconds from which the operation is deprecated (may be in the future).
    pub deprecated_at: i64,
    /// Unix seconds after which it answers 410.
    pub sunset_at: i64,
}
