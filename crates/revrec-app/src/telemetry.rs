//! Structured logs (JSON lines on stdout) with a per-request span carrying the request id.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once, writing to stdout; later calls (tests) are no-ops.
pub fn init(filter: &str) {
    init_to(filter, std::io::stdout);
}

/// [`init`] writing to stderr: for `revrec mcp`, whose stdout is the protocol.
pub fn init_on_stderr(filter: &str) {
    init_to(filter, std::io::stderr);
}

fn init_to<W>(filter: &str, writer: W)
where
    W: for<'writer> tracing_subscriber::fmt::MakeWriter<'writer> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_env_filter(filter)
        .with_writer(writer)
        .try_init();
}
