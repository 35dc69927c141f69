//! The housekeeping pass that folds rollup deltas vacuums their table without giving its
//! emptied pages back (`src/rollup_deltas.rs`, `clear_folded`): that would take the table's
//! exclusive lock, which every write holds in a weaker mode, and the vacuum would wait for
//! it in 50 ms steps while writes go on.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;

#[derive(QueryableByName)]
struct Number {
    #[diesel(sql_type = BigInt)]
    value: i64,
}

#[tokio::test]
async fn the_fold_keeps_the_pages_it_empties_for_the_next_deltas() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let mut connection = support::migrated(&database);
    // Deltas of nothing (an empty text is a row of no lines), enough to fill many pages;
    // fewer than one fold takes, so one fold empties the table. Autovacuum is kept away, so
    // the fold's vacuum is the only one.
    connection
        .batch_execute(
            "ALTER TABLE rollup_deltas SET (autovacuum_enabled = false); \
             INSERT INTO rollup_deltas (tenant_id, serial, currency, deltas) \
             SELECT 't1', nextval('rollup_delta_serials'), 'USD', '' \
             FROM generate_series(1, 4000)",
        )
        .unwrap();
    let pages = |connection: &mut revrec_store_diesel::DbConnection| {
        diesel::sql_query(
            "SELECT pg_relation_size('rollup_deltas') / current_setting('block_size')::BIGINT \
             AS value",
        )
        .get_result::<Number>(connection)
        .unwrap()
        .value
    };
    let filled = pages(&mut connection);
    assert!(filled >= 16, "the fixture fills {filled} pages");

    let store = Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap();
    assert_eq!(store.reports().fold_rollups().await.unwrap(), 4000);

    // A vacuum that gave the emptied pages back would leave none: nothing else holds the
    // table here, so its exclusive lock would have been granted at once.
    assert_eq!(pages(&mut connection), filled);
    let left: Number = diesel::sql_query("SELECT COUNT(*) AS value FROM rollup_deltas")
        .get_result(&mut connection)
        .unwrap();
    assert_eq!(left.value, 0);
}
