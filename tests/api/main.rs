//! End-to-end tests: the real app on port 0, a fresh database per test, against SQLite and
//! (with `REVREC_TEST_POSTGRES_URL`) PostgreSQL.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod as_of;
mod auth;
mod batch;
mod billing;
mod calendar;
mod cash_received;
mod close_packages;
mod compute;
mod conditional;
mod console;
mod contracts;
mod credits;
mod determinism;
mod errors_used;
mod events;
mod explain;
mod free_text;
mod grouped_reports;
mod guide;
mod heavy_reads;
mod helpers;
mod idempotency;
mod jobs;
mod ledger;
mod limits;
mod mcp;
mod metrics;
mod modifications;
mod money_limits;
mod oauth;
mod payment_rails;
mod payments;
mod periods;
mod rate_limits;
mod read_replica;
mod reports;
mod requests;
mod response_schemas;
mod system;
mod usage;
mod validation;
mod variable;
mod versioning;
