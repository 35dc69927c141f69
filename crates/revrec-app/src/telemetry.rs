//! Structured logs (JSON lines on stdout) with a per-request span carrying the request id.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once; later calls (tests) are no-ops.
pub fn init(filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_env_filter(filter)
        .with_writer(std::io::stdout)
        .try_init();
}
