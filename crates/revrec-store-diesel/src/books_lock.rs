//! The lock that orders a tenant's contract writes and its closes (docs/ledger.md, Month end).
//!
//! A close freezes what the portfolio rollups say, and a contract's own books derive what
//! the same close saw from the stamps of its facts. The two agree only if no write of the
//! tenant is half-way through while a close reads: every write is wholly before a close
//! (stamped below its sequence, and inside the rollups it froze) or wholly after it.
//!
//! On PostgreSQL a write holds the tenant's advisory lock shared, so writes run side by
//! side, and a close holds it exclusively, both until commit. A write whose books' size the
//! bounds cannot admit (`books_size`) runs again holding it exclusively too. SQLite has one
//! writer at a time already: its writes and closes are ordered by the file's write lock, as
//! long as each takes that lock before reading the sequence, which a statement that writes
//! nothing does (a transaction that read first could not take it later without failing).

use diesel::connection::SimpleConnection;
use diesel::dsl::max;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, SmallInt, Text};

use crate::blocking::StoreError;
use crate::connection::DbConnection;
use crate::fixed_sql::fixed_sql;
use crate::schema::period_events;

/// The first key of every books lock: which of the database's advisory locks these are
/// (also written in the `revrec_shared_books_stamp` function of the migrations).
const BOOKS_LOCK_CLASS: i32 = 606;

/// Takes the tenant's books lock shared, for a write that adds nothing to the rollups, and
/// answers the stamp its facts carry: the sequence of the tenant's latest close or reopen
/// (0 before any).
pub(crate) fn stamp_for_write(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<i64, StoreError> {
    take_lock(connection, tenant_id, "pg_advisory_xact_lock_shared")?;
    latest_sequence(connection, tenant_id)
}

/// How a write that adds to the rollups holds its tenant's books (docs/ARCHITECTURE.md,
/// "Rollup deltas").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BooksHold {
    /// Beside the tenant's other writes: the lock shared, the write admitted by the books'
    /// size bounds, its size added to the bound of the connection's stripe.
    Shared,
    /// Alone, as a close holds the books: the lock exclusive, the books' exact size checked
    /// and the bounds set to it.
    Exclusive,
}

/// What a write that adds to the rollups knows once it holds the books.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WriteStamp {
    /// The sequence of the tenant's latest close or reopen (0 before any).
    pub sequence: i64,
    /// The stripe of the books' size bounds it raises (`stripe_dealer`).
    pub stripe: i16,
    pub hold: BooksHold,
}

#[derive(QueryableByName)]
struct SequenceAndStripe {
    #[diesel(sql_type = BigInt)]
    sequence: i64,
    #[diesel(sql_type = SmallInt)]
    stripe: i16,
}

/// Takes the tenant's books lock as `hold` says and answers the write's stamp. A shared
/// hold on PostgreSQL also reads the connection's stripe (set when it connected,
/// `stripe_dealer`); SQLite writes one at a time, so every write there uses stripe 0.
pub(crate) fn stamp_for_rollup_write(
    connection: &mut DbConnection,
    tenant_id: &str,
    hold: BooksHold,
) -> Result<WriteStamp, StoreError> {
    match hold {
        BooksHold::Exclusive => {
            take_lock(connection, tenant_id, "pg_advisory_xact_lock")?;
        }
        BooksHold::Shared => {
            if let DbConnection::Postgres(pg) = connection {
                // One round trip: the function (migration `books_stamp`) takes the lock as
                // `take_lock` does, then reads the sequence in a statement of its own, whose
                // snapshot is taken once the lock is held, so it sees a close that
                // committed while this write waited.
                let read: SequenceAndStripe =
                    fixed_sql("SELECT sequence, stripe FROM revrec_shared_books_stamp(")
                        .bind::<Text, _>(tenant_id)
                        .sql(")")
                        .get_result(pg)?;
                return Ok(WriteStamp {
                    sequence: read.sequence,
                    stripe: read.stripe,
                    hold,
                });
            }
            take_lock(connection, tenant_id, "pg_advisory_xact_lock_shared")?;
        }
    }
    Ok(WriteStamp {
        sequence: latest_sequence(connection, tenant_id)?,
        stripe: 0,
        hold,
    })
}

/// Takes the tenant's books lock exclusively, for a close or a reopen: it waits for the
/// writes under way and holds back new ones until the transaction ends.
pub(crate) fn lock_for_close(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<(), StoreError> {
    take_lock(connection, tenant_id, "pg_advisory_xact_lock")
}

/// The tenant's lock on PostgreSQL (`function` says how), SQLite's write lock there.
fn take_lock(
    connection: &mut DbConnection,
    tenant_id: &str,
    function: &str,
) -> Result<(), StoreError> {
    match connection {
        DbConnection::Postgres(pg) => {
            // The statement also decides how the rest of the transaction is planned
            // (`write_plans`), saving a round trip.
            diesel::sql_query(format!(
                "SELECT revrec_plan_writes(), {function}($1, hashtext($2))"
            ))
            .bind::<Integer, _>(BOOKS_LOCK_CLASS)
            .bind::<Text, _>(tenant_id)
            .execute(pg)?;
        }
        DbConnection::Sqlite(sqlite) => {
            sqlite.batch_execute("UPDATE period_events SET sequence = sequence WHERE 0")?;
        }
    }
    Ok(())
}

/// The sequence of the tenant's latest close or reopen (0 before any).
pub(crate) fn latest_sequence(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<i64, StoreError> {
    let latest: Option<i64> = period_events::table
        .filter(period_events::tenant_id.eq(tenant_id))
        .select(max(period_events::sequence))
        .first(connection)?;
    Ok(latest.unwrap_or(0))
}

/// [`latest_sequence`] as a subquery (null before any), to read beside other columns in
/// the same statement: what a contract read asks with the contract's revision.
#[diesel::dsl::auto_type]
pub(crate) fn latest_sequence_of<'a>(tenant_id: &'a str) -> _ {
    let latest: diesel::helper_types::max<period_events::sequence> = max(period_events::sequence);
    period_events::table
        .filter(period_events::tenant_id.eq(tenant_id))
        .select(latest)
        .single_value()
}
