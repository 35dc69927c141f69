//! Every text column of the PostgreSQL schema compares byte by byte (`COLLATE "C"`), as
//! SQLite's text does, whatever the server's default collation: ids, periods and customers
//! then sort alike on both backends, and key lookups skip the locale (migrations/README.md).
//! A new text column without `COLLATE "C"` fails here.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::prelude::*;
use diesel::sql_types::{Nullable, Text};
use revrec_store_diesel::DbConnection;
use revrec_test_support::TestDatabase;
use support::migrated;

#[derive(QueryableByName, Debug)]
struct TextColumn {
    #[diesel(sql_type = Text)]
    column: String,
    #[diesel(sql_type = Nullable<Text>)]
    collation: Option<String>,
}

#[test]
fn every_text_column_on_postgresql_compares_byte_by_byte() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let DbConnection::Postgres(mut pg) = migrated(&database) else {
        unreachable!("a PostgreSQL test database")
    };
    let columns: Vec<TextColumn> = diesel::sql_query(
        "SELECT table_name || '.' || column_name AS column, collation_name AS collation \
         FROM information_schema.columns \
         WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying') \
         AND table_name <> '__diesel_schema_migrations' ORDER BY 1",
    )
    .load(&mut pg)
    .unwrap();
    assert!(columns.len() > 100, "{columns:?}");
    let locale_sorted: Vec<String> = columns
        .iter()
        .filter(|column| column.collation.as_deref() != Some("C"))
        .map(|column| format!("{} ({:?})", column.column, column.collation))
        .collect();
    assert!(
        locale_sorted.is_empty(),
        "text columns that sort by the server's default collation, not byte by byte \
         (declare them COLLATE \"C\"): {locale_sorted:?}"
    );
}
