//! How a write transaction's statements are planned on PostgreSQL (migration `write_plans`,
//! `src/write_plans.rs`): afresh until the statistics say the contracts and their versions
//! are many, so the foreign-key checks never keep a plan made for a few rows; and books that
//! grew past their statistics are analyzed.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Float, Text};
use revrec_store_diesel::DbConnection;
use revrec_test_support::TestDatabase;

#[derive(QueryableByName)]
struct Setting {
    #[diesel(sql_type = Text)]
    plan_cache_mode: String,
}

/// The first `count` contracts.
fn contracts(count: u32) -> String {
    contracts_from(1, count)
}

/// The plan cache mode a write transaction runs with, after the statement every write
/// begins with has decided it.
fn mode_of_a_write(connection: &mut DbConnection) -> String {
    connection
        .transaction(|connection| {
            connection.batch_execute("SELECT revrec_plan_writes()")?;
            let setting: Setting =
                diesel::sql_query("SELECT current_setting('plan_cache_mode') AS plan_cache_mode")
                    .get_result(connection)?;
            Ok::<_, diesel::result::Error>(setting.plan_cache_mode)
        })
        .unwrap()
}

/// Contracts `first..=last` of tenant `t1`, each with its first version.
fn contracts_from(first: u32, last: u32) -> String {
    format!(
        "INSERT INTO contracts (tenant_id, id, customer_id, customer_name, currency, status, \
             version, start_date, end_date, total_value, search_text, revision, created_at, \
             updated_at) \
         SELECT 't1', 'c' || n, 'cust', 'Customer', 'USD', 'active', 1, DATE '2026-01-01', \
             DATE '2026-12-31', 1200, 'customer', 1, n, n FROM generate_series({first}, {last}) AS n; \
         INSERT INTO contract_versions (tenant_id, contract_id, version, change, customer_name, \
             currency, start_date, end_date, signed_date, transaction_price, convention, \
             recorded_at) \
         SELECT 't1', 'c' || n, 1, 'initial', 'Customer', 'USD', DATE '2026-01-01', \
             DATE '2026-12-31', DATE '2026-01-01', 1200, 'daily', n \
         FROM generate_series({first}, {last}) AS n;"
    )
}

#[test]
fn writes_plan_afresh_until_the_statistics_say_the_contracts_are_many() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let mut connection = support::migrated(&database);
    // Never analyzed: a kept plan could be anything.
    assert_eq!(mode_of_a_write(&mut connection), "force_custom_plan");

    connection.batch_execute(&contracts(60)).unwrap();
    connection
        .batch_execute("ANALYZE contracts, contract_versions")
        .unwrap();
    assert_eq!(mode_of_a_write(&mut connection), "force_custom_plan");
    // Small tables, statistics up to date: nothing to analyze.
    connection.batch_execute(ANALYZE_YOUNG).unwrap();
    assert_eq!(analyzed(&mut connection), (60.0, 60.0));

    connection
        .batch_execute(&contracts_from(61, 12_000))
        .unwrap();
    connection.batch_execute("ANALYZE contracts").unwrap();
    // The versions' statistics still say few.
    assert_eq!(mode_of_a_write(&mut connection), "force_custom_plan");
    connection
        .batch_execute("ANALYZE contract_versions")
        .unwrap();
    assert_eq!(mode_of_a_write(&mut connection), "auto");
}

#[test]
fn books_that_grew_past_their_statistics_are_analyzed_until_they_say_many() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    let mut connection = support::migrated(&database);
    connection
        .batch_execute(&contracts_from(1, 12_000))
        .unwrap();
    assert_eq!(mode_of_a_write(&mut connection), "force_custom_plan");
    connection.batch_execute(ANALYZE_YOUNG).unwrap();
    assert_eq!(analyzed(&mut connection), (12_000.0, 12_000.0));
    assert_eq!(mode_of_a_write(&mut connection), "auto");
}

const ANALYZE_YOUNG: &str = "SELECT revrec_analyze_young_books()";

#[derive(QueryableByName)]
struct Rows {
    #[diesel(sql_type = Float)]
    contracts: f32,
    #[diesel(sql_type = Float)]
    versions: f32,
}

/// What the statistics say the contracts and their versions hold.
fn analyzed(connection: &mut DbConnection) -> (f32, f32) {
    let rows: Rows = diesel::sql_query(
        "SELECT (SELECT reltuples FROM pg_class WHERE oid = 'contracts'::regclass) AS contracts, \
                (SELECT reltuples FROM pg_class WHERE oid = 'contract_versions'::regclass) AS versions",
    )
    .get_result(connection)
    .unwrap();
    (rows.contracts, rows.versions)
}
