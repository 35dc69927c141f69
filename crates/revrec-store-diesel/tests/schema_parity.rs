//! Both migration folders build the same schema (tables, columns, order, nullability), and
//! `src/schema.rs` can select every column of it on both backends.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use revrec_store_diesel::DbConnection;
use revrec_store_diesel::schema::{
    api_keys, api_usage_daily, books_size_bounds, chart_versions, console_sessions,
    console_sign_in_failures, console_users, contract_invoices, contract_lines, contract_versions,
    contracts, frozen_rollups, idempotency_keys, job_tenants, jobs, oauth_clients, oauth_tokens,
    payment_redemptions, period_events, posting_controls, rate_limit_windows, rollup_deltas,
    rollups, usage_months, usage_records,
};
use revrec_test_support::{Backend, TestDatabase};
use support::migrated;

const TABLES: [&str; 22] = [
    "api_keys",
    "contracts",
    "contract_versions",
    "contract_lines",
    "contract_invoices",
    "rollups",
    "idempotency_keys",
    "chart_versions",
    "posting_controls",
    "jobs",
    "job_tenants",
    "oauth_clients",
    "oauth_tokens",
    "rate_limit_windows",
    "payment_redemptions",
    "console_users",
    "console_sessions",
    "console_sign_in_failures",
    "api_usage_daily",
    "period_events",
    "frozen_rollups",
    "books_size_bounds",
];

#[derive(QueryableByName, PartialEq, Eq, Debug)]
struct Column {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Integer)]
    nullable: i32,
}

fn columns(connection: &mut DbConnection, table: &str) -> Vec<Column> {
    match connection {
        DbConnection::Sqlite(sqlite) => diesel::sql_query(format!(
            "SELECT name, CASE WHEN \"notnull\" = 1 OR pk > 0 THEN 0 ELSE 1 END AS nullable \
             FROM pragma_table_info('{table}') ORDER BY cid"
        ))
        .load(sqlite)
        .unwrap(),
        DbConnection::Postgres(pg) => diesel::sql_query(format!(
            "SELECT column_name::text AS name, CASE WHEN is_nullable = 'YES' THEN 1 ELSE 0 END AS nullable \
             FROM information_schema.columns WHERE table_name = '{table}' ORDER BY ordinal_position"
        ))
        .load(pg)
        .unwrap(),
    }
}

#[test]
fn both_backends_build_the_same_schema_and_schema_rs_reads_it() {
    let databases = TestDatabase::all();
    let mut schemas = Vec::new();
    for database in &databases {
        let mut connection = migrated(database);
        let schema: Vec<(String, Vec<Column>)> = TABLES
            .iter()
            .map(|table| ((*table).to_owned(), columns(&mut connection, table)))
            .collect();
        for (table, columns) in &schema {
            assert!(
                !columns.is_empty(),
                "{table} exists on {:?}",
                database.backend
            );
        }
        // Every column schema.rs knows exists (an empty select still checks the names; the
        // repository suite checks that values round-trip).
        api_keys::table
            .select(api_keys::all_columns)
            .limit(0)
            .load::<ApiKeyColumns>(&mut connection)
            .unwrap();
        usage_records::table
            .select(usage_records::all_columns)
            .limit(0)
            .load::<UsageRecordColumns>(&mut connection)
            .unwrap();
        usage_months::table
            .select(usage_months::all_columns)
            .limit(0)
            .load::<UsageMonthColumns>(&mut connection)
            .unwrap();
        contracts::table
            .select(contracts::all_columns)
            .limit(0)
            .load::<ContractColumns>(&mut connection)
            .unwrap();
        contract_versions::table
            .select(contract_versions::all_columns)
            .limit(0)
            .load::<VersionColumns>(&mut connection)
            .unwrap();
        contract_lines::table
            .select(contract_lines::all_columns)
            .limit(0)
            .load::<LineColumns>(&mut connection)
            .unwrap();
        rollups::table
            .select(rollups::all_columns)
            .limit(0)
            .load::<RollupColumns>(&mut connection)
            .unwrap();
        rollup_deltas::table
            .select(rollup_deltas::all_columns)
            .limit(0)
            .load::<(String, i64, String, String)>(&mut connection)
            .unwrap();
        contract_invoices::table
            .select(contract_invoices::all_columns)
            .limit(0)
            .load::<InvoiceColumns>(&mut connection)
            .unwrap();
        idempotency_keys::table
            .select(idempotency_keys::all_columns)
            .limit(0)
            .load::<IdempotencyColumns>(&mut connection)
            .unwrap();
        chart_versions::table
            .select(chart_versions::all_columns)
            .limit(0)
            .load::<(String, i64, String, String, String, i64, i64, String)>(&mut connection)
            .unwrap();
        posting_controls::table
            .select(posting_controls::all_columns)
            .limit(0)
            .load::<(String, i64, String, i64, String)>(&mut connection)
            .unwrap();
        jobs::table
            .select(jobs::all_columns)
            .limit(0)
            .load::<JobColumns>(&mut connection)
            .unwrap();
        job_tenants::table
            .select(job_tenants::all_columns)
            .limit(0)
            .load::<(String, Option<i64>)>(&mut connection)
            .unwrap();
        oauth_clients::table
            .select(oauth_clients::all_columns)
            .limit(0)
            .load::<OAuthClientColumns>(&mut connection)
            .unwrap();
        oauth_tokens::table
            .select(oauth_tokens::all_columns)
            .limit(0)
            .load::<(String, String, String, String, i64, i64, Option<i64>)>(&mut connection)
            .unwrap();
        rate_limit_windows::table
            .select(rate_limit_windows::all_columns)
            .limit(0)
            .load::<(String, String, i64, i64)>(&mut connection)
            .unwrap();
        payment_redemptions::table
            .select(payment_redemptions::all_columns)
            .limit(0)
            .load::<RedemptionColumns>(&mut connection)
            .unwrap();
        console_users::table
            .select(console_users::all_columns)
            .limit(0)
            .load::<(String, String, String, String, bool, i64, i64, Option<i64>)>(&mut connection)
            .unwrap();
        console_sessions::table
            .select(console_sessions::all_columns)
            .limit(0)
            .load::<(String, String, String, i64, i64)>(&mut connection)
            .unwrap();
        console_sign_in_failures::table
            .select(console_sign_in_failures::all_columns)
            .limit(0)
            .load::<(String, i64, i64)>(&mut connection)
            .unwrap();
        api_usage_daily::table
            .select(api_usage_daily::all_columns)
            .limit(0)
            .load::<(String, String, String, String, i64)>(&mut connection)
            .unwrap();
        period_events::table
            .select(period_events::all_columns)
            .limit(0)
            .load::<(String, i64, String, String, i64, String, Option<String>)>(&mut connection)
            .unwrap();
        frozen_rollups::table
            .select(frozen_rollups::all_columns)
            .limit(0)
            .load::<FrozenRollupColumns>(&mut connection)
            .unwrap();
        books_size_bounds::table
            .select(books_size_bounds::all_columns)
            .limit(0)
            .load::<(String, String, i16, i64)>(&mut connection)
            .unwrap();
        schemas.push((database.backend, schema));
    }
    if let [(Backend::Sqlite, sqlite), (Backend::Postgres, postgres)] = schemas.as_slice() {
        assert_eq!(
            sqlite, postgres,
            "migrations/sqlite and migrations/postgres differ"
        );
    }
}

#[rustfmt::skip]
type ApiKeyColumns = (String, String, String, String, String, String, String, i64, Option<i64>, Option<i64>);
#[rustfmt::skip]
type ContractColumns = (
    String, String, String, String, Option<String>, String, String, i32,
    time::Date, time::Date, i64, Option<time::Date>, Option<String>, String, i64, i64, i64, i32,
    Option<String>, Option<i64>, Option<i64>,
);
#[rustfmt::skip]
type IdempotencyColumns = (String, String, String, Option<i32>, Option<String>, Option<String>, Option<String>, i64);
#[rustfmt::skip]
type JobColumns = (
    String, String, String, String, Option<String>, Option<String>, String, i64, i64, i64,
    String, String, String, Option<String>, Option<String>, Option<String>, i32, Option<String>,
    Option<i64>, i64, i64, Option<i64>, String,
);
type VersionColumns = (
    String,
    String,
    i32,
    String,
    Option<time::Date>,
    String,
    String,
    time::Date,
    time::Date,
    time::Date,
    i64,
    String,
    i64,
    Option<String>,
    Option<i32>,
    i64,
    String,
    Option<String>,
    Option<String>,
);
type LineColumns = (
    String,
    String,
    i32,
    i32,
    String,
    String,
    String,
    Option<i64>,
    i64,
    String,
    time::Date,
    time::Date,
    Option<String>,
);
#[rustfmt::skip]
type RollupColumns = (
    String, String, String, String, String, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64,
    i64,
);
type InvoiceColumns = (
    String,
    String,
    String,
    Option<String>,
    time::Date,
    i64,
    i64,
    i64,
    String,
    String,
);
#[rustfmt::skip]
type FrozenRollupColumns = (
    String, i64, String, String, String, String, String, i64, i64, i64, i64, i64, i64, i64, i64,
    i64, i64, i64,
);
type OAuthClientColumns = (
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
    Option<i64>,
);
type RedemptionColumns = (
    String,
    String,
    String,
    String,
    String,
    i64,
    String,
    String,
    Option<String>,
    i64,
    Option<i64>,
);
type UsageRecordColumns = (
    String,
    String,
    String,
    String,
    i32,
    time::Date,
    String,
    Option<i64>,
    Option<i64>,
    i64,
    String,
    i64,
);
type UsageMonthColumns = (String, String, String, String, i64, i64, i64);
