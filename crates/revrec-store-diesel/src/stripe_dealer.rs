//! Which stripe of the books' size bounds (`books_size`) each new PostgreSQL connection
//! raises, so concurrent writes of a tenant never wait on one bound row.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

/// Stripes handed to writers, 1 to this: one per pooled connection of an instance (the
/// pool holds 16), so an instance's writes never wait for each other's bound rows.
/// Stripe 0 holds the bound a write holding the books alone sets.
pub const WRITER_STRIPES: u32 = 16;

/// Hands each new connection the next stripe in turn. It starts at the process id, so the
/// instances sharing a database start at different stripes; two connections of different
/// instances that share one only wait for each other on that bound.
#[derive(Debug, Clone)]
pub(crate) struct StripeDealer {
    next: Arc<AtomicU32>,
}

impl StripeDealer {
    pub(crate) fn new() -> StripeDealer {
        StripeDealer {
            next: Arc::new(AtomicU32::new(std::process::id())),
        }
    }

    /// Sets the session's stripe on a new PostgreSQL connection (read back by
    /// `books_lock::stamp_for_rollup_write` in the statement it reads the books' sequence).
    pub(crate) fn deal(&self, connection: &mut PgConnection) -> QueryResult<()> {
        let stripe = self.next.fetch_add(1, Ordering::Relaxed) % WRITER_STRIPES + 1;
        connection.batch_execute(&format!("SET revrec.stripe = '{stripe}'"))
    }
}
