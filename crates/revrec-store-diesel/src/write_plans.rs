//! How PostgreSQL plans a write's statements (migration `write_plans`).
//!
//! The foreign-key checks of the version and line rows a write inserts run as plans each
//! connection keeps. One made while the contracts or their versions were few looks a
//! contract up by scanning the table, or every contract of the tenant, and keeps doing so
//! for every row as the table grows (a bulk load slowed from 7,000 to under 2,000 contracts
//! a second). So every write begins by asking `revrec_plan_writes()` (`books_lock`), which
//! plans the transaction's statements afresh while either table has no statistics or
//! statistics saying it holds fewer than 10,000 rows. Once both say more, the kept plans are primary-key lookups, and
//! planning every row's check afresh would cost a third of PostgreSQL's time in a bulk load.
//!
//! Statistics come from autovacuum about once a minute; a bulk load into a new database
//! would plan afresh until then. [`analyze_young_books`] takes them sooner.

use diesel::connection::SimpleConnection;

use crate::blocking::StoreError;
use crate::connection::DbConnection;

/// Analyzes the contracts or their versions when their statistics say they are few and the
/// table has doubled since; a few times at most per table, before they say large. SQLite
/// prepares each statement as it runs: nothing to do there.
pub(crate) fn analyze_young_books(connection: &mut DbConnection) -> Result<(), StoreError> {
    if let DbConnection::Postgres(pg) = connection {
        pg.batch_execute("SELECT revrec_analyze_young_books()")?;
    }
    Ok(())
}
