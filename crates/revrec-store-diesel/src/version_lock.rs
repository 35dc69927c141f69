//! The lock that numbers a tenant's versioned settings: its chart of accounts and its
//! posting control. Each change is stored as the next version after the latest, read in
//! the same transaction; two changes saved at the same moment must not both read the same
//! latest.
//!
//! On PostgreSQL the transaction holds an advisory lock of the tenant's (its own class, apart
//! from the books lock) until commit, so the second change reads the first's version. On
//! SQLite the transaction's first statement writes (nothing), which takes the file's write
//! lock, waiting for it under the busy timeout: a transaction that read first could not take
//! it later without failing at once with "database is locked".

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};

use crate::connection::DbConnection;

/// The first key of the lock: which of the database's advisory locks these are (the books
/// lock's is 606).
const VERSIONS_LOCK_CLASS: i32 = 607;

/// Holds the tenant's versioned settings until the transaction ends. Call it first.
pub(crate) fn hold_tenant_versions(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<(), diesel::result::Error> {
    match connection {
        DbConnection::Postgres(pg) => {
            diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
                .bind::<Integer, _>(VERSIONS_LOCK_CLASS)
                .bind::<Text, _>(tenant_id)
                .execute(pg)?;
        }
        DbConnection::Sqlite(sqlite) => {
            sqlite.batch_execute("UPDATE posting_controls SET version = version WHERE 0")?;
        }
    }
    Ok(())
}
