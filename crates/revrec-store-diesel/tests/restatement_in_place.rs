//! A restatement updates each contract row in place on PostgreSQL (a HOT update: the new
//! row on the same page, no new index entries), so a recalculation job's page does not
//! insert into every index of `contracts` per contract (docs/performance.md). That holds
//! while no index of `contracts` covers a column a restatement sets and the table leaves
//! room on its pages; an index on `updated_at` (what as_of reads once used) fails here.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use revrec_store_diesel::DbConnection;
use revrec_test_support::TestDatabase;
use support::migrated;

/// What the job's restatement sets on a contract row (`job_store::restate`).
const RESTATEMENT_SETS: [&str; 5] = [
    "revision",
    "restatements",
    "version",
    "updated_at",
    "convention",
];

#[derive(QueryableByName, Debug)]
struct IndexedColumn {
    #[diesel(sql_type = Text)]
    index: String,
    #[diesel(sql_type = Text)]
    column: String,
}

#[derive(QueryableByName, Debug)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[test]
fn a_restatement_updates_the_contract_row_in_place_on_postgresql() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let DbConnection::Postgres(mut pg) = migrated(&database) else {
        unreachable!("a PostgreSQL test database")
    };
    let indexed: Vec<IndexedColumn> = diesel::sql_query(
        "SELECT i.indexrelid::regclass::text AS index, a.attname::text AS column \
         FROM pg_index i JOIN pg_attribute a \
           ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) \
         WHERE i.indrelid = 'contracts'::regclass ORDER BY 1, 2",
    )
    .load(&mut pg)
    .unwrap();
    assert!(
        indexed.iter().any(|held| held.column == "id"),
        "{indexed:?}"
    );
    let blocking: Vec<String> = indexed
        .iter()
        .filter(|held| RESTATEMENT_SETS.contains(&held.column.as_str()))
        .map(|held| format!("{} ({})", held.index, held.column))
        .collect();
    assert!(
        blocking.is_empty(),
        "indexes of contracts on columns a restatement sets: {blocking:?}"
    );

    let room: Count = diesel::sql_query(
        "SELECT count(*) AS count FROM pg_class, unnest(reloptions) AS option \
         WHERE oid = 'contracts'::regclass AND option LIKE 'fillfactor=%' \
           AND split_part(option, '=', 2)::int < 100",
    )
    .get_result(&mut pg)
    .unwrap();
    assert_eq!(
        room.count, 1,
        "contracts leaves no room on its pages (fillfactor)"
    );

    // And so it is: a contract row, restated as the job does, stays on its page.
    pg.transaction(|pg| {
        diesel::sql_query(
            "INSERT INTO contracts (tenant_id, id, customer_id, customer_name, currency, \
             status, version, start_date, end_date, total_value, search_text, revision, \
             created_at, updated_at) VALUES ('t', 'ctr_1', 'cus_1', 'Acme', 'USD', 'active', \
             1, '2026-01-01', '2026-12-31', 1200000, 'acme', 1, 1, 1)",
        )
        .execute(pg)?;
        diesel::sql_query(
            "UPDATE contracts SET revision = revision + 1, restatements = restatements + 1, \
             version = version + 1, updated_at = 2, convention = 'monthly_equal' \
             WHERE tenant_id = 't' AND id = 'ctr_1'",
        )
        .execute(pg)?;
        let in_place: Count = diesel::sql_query(
            "SELECT pg_stat_get_xact_tuples_hot_updated('contracts'::regclass) AS count",
        )
        .get_result(pg)?;
        assert_eq!(in_place.count, 1, "the restated row left its page");
        Ok::<_, diesel::result::Error>(())
    })
    .unwrap();
}
