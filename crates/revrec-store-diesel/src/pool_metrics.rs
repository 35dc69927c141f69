//! The connection pool's metrics: checkout wait as a histogram (recorded in
//! `blocking::with_connection`), the pool's size and use as gauges read when scraped, and
//! the size of the batches that answer many requests at once (recorded in `batcher`).

use crate::connection::DbPool;

pub const POOL_WAIT: &str = "revrec_db_pool_wait_seconds";
pub const POOL_CONNECTIONS: &str = "revrec_db_pool_connections";
pub const POOL_MAX: &str = "revrec_db_pool_max_connections";
pub const BATCH_SIZE: &str = "revrec_db_batch_size";

/// Registers the help texts (after the process's recorder is installed).
pub fn describe() {
    metrics::describe_histogram!(
        POOL_WAIT,
        metrics::Unit::Seconds,
        "Time spent waiting for a pooled database connection."
    );
    metrics::describe_gauge!(
        POOL_CONNECTIONS,
        "Database connections open in the pool, by state (idle, in_use)."
    );
    metrics::describe_gauge!(POOL_MAX, "The pool's largest size.");
    metrics::describe_histogram!(
        BATCH_SIZE,
        metrics::Unit::Count,
        "Requests answered by one batched query or transaction, by what they asked (PostgreSQL)."
    );
}

/// Sets the gauges from the pool's state now.
pub fn refresh(pool: &DbPool) {
    let state = pool.state();
    let in_use = state.connections.saturating_sub(state.idle_connections);
    metrics::gauge!(POOL_CONNECTIONS, "state" => "idle").set(f64::from(state.idle_connections));
    metrics::gauge!(POOL_CONNECTIONS, "state" => "in_use").set(f64::from(in_use));
    metrics::gauge!(POOL_MAX).set(f64::from(pool.max_size()));
}
