//! Every table distributes by tenant: its primary key leads with `tenant_id`, and on
//! PostgreSQL so does every foreign key, and every unique index holds `tenant_id`. That is
//! what a tenant-sharded PostgreSQL (Citus, or shards of our own) needs to place each
//! tenant's rows together with no change to the schema (migrations/README.md).
//!
//! Two tables are read before a request knows its tenant, and are kept whole on every
//! database instead (a Citus reference table): a console session, found by its cookie's
//! digest, and the sign-in failures counted per client address across tenants, so that one
//! address cannot try each tenant in turn.
//!
//! Likewise a few unique indexes span tenants because they are how a request finds its
//! tenant, or because a fact must be unique across all of them (a payment proof redeemed
//! once). Each is listed with its reason; sharded, each becomes a small directory kept
//! whole on every database (the lookup key and the tenant), beside the tenant's own rows.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::prelude::*;
use diesel::sql_types::Text;
use revrec_store_diesel::DbConnection;
use revrec_test_support::TestDatabase;
use support::migrated;

/// Tables read before the tenant is known, with why.
const TENANTLESS: [(&str, &str); 2] = [
    (
        "console_sessions",
        "found by the digest of the session cookie, which then names the tenant",
    ),
    (
        "console_sign_in_failures",
        "failures per client address across tenants, so no address tries tenant after tenant",
    ),
];

/// Unique indexes across tenants (the index's name), with why.
const ACROSS_TENANTS: [(&str, &str); 7] = [
    (
        "api_keys_by_digest",
        "a bearer key is found by its digest: it names the tenant",
    ),
    (
        "api_keys_by_id",
        "a key's id is unique across tenants, so it names one key",
    ),
    (
        "oauth_clients_by_id",
        "client credentials are found by the client id: it names the tenant",
    ),
    (
        "oauth_tokens_by_digest",
        "an access token is found by its digest: it names the tenant",
    ),
    (
        "payment_redemptions_by_challenge",
        "a payment challenge is answered once, whoever answers",
    ),
    (
        "payment_redemptions_by_proof",
        "a payment proof is redeemed once, across every tenant",
    ),
    (
        "console_users_by_email",
        "a sign-in is found by the email: it names the tenant",
    ),
];

#[derive(QueryableByName, Debug)]
struct Named {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    detail: String,
}

/// Each table and the first column of its primary key.
fn first_key_columns(connection: &mut DbConnection) -> Vec<Named> {
    match connection {
        DbConnection::Sqlite(sqlite) => diesel::sql_query(
            "SELECT m.name AS table_name, COALESCE((SELECT p.name FROM pragma_table_info(m.name) p \
             WHERE p.pk = 1), '') AS detail \
             FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
             AND m.name <> '__diesel_schema_migrations' ORDER BY m.name",
        )
        .load(sqlite)
        .unwrap(),
        DbConnection::Postgres(pg) => diesel::sql_query(
            "SELECT t.relname::text AS table_name, COALESCE((SELECT a.attname::text \
             FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] \
             WHERE i.indrelid = t.oid AND i.indisprimary), '') AS detail \
             FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace \
             WHERE n.nspname = current_schema() AND t.relkind = 'r' \
             AND t.relname <> '__diesel_schema_migrations' ORDER BY t.relname",
        )
        .load(pg)
        .unwrap(),
    }
}

/// PostgreSQL's foreign keys whose first column is not `tenant_id`, and unique indexes
/// without `tenant_id`, each with its definition.
fn undistributable_constraints(pg: &mut PgConnection) -> Vec<Named> {
    let foreign: Vec<Named> = diesel::sql_query(
        "SELECT c.conrelid::regclass::text AS table_name, pg_get_constraintdef(c.oid) AS detail \
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
         WHERE n.nspname = current_schema() AND c.contype = 'f' \
         AND (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = c.conrelid \
              AND a.attnum = c.conkey[1]) <> 'tenant_id'",
    )
    .load(pg)
    .unwrap();
    let unique: Vec<Named> = diesel::sql_query(
        "SELECT t.relname::text AS table_name, pg_get_indexdef(i.indexrelid) AS detail \
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid \
         JOIN pg_namespace n ON n.oid = t.relnamespace \
         WHERE n.nspname = current_schema() AND i.indisunique \
         AND t.relname <> '__diesel_schema_migrations' \
         AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indrelid \
                         AND a.attnum = ANY(i.indkey) AND a.attname = 'tenant_id')",
    )
    .load(pg)
    .unwrap();
    foreign.into_iter().chain(unique).collect()
}

#[test]
fn every_table_is_keyed_by_tenant_first_so_the_schema_distributes_by_tenant() {
    for database in TestDatabase::all() {
        let mut connection = migrated(&database);
        let tables = first_key_columns(&mut connection);
        assert!(tables.len() > 20, "{:?}: {tables:?}", database.backend);
        let tenantless: Vec<&str> = TENANTLESS.iter().map(|(table, _)| *table).collect();
        let misplaced: Vec<String> = tables
            .iter()
            .filter(|table| !tenantless.contains(&table.table_name.as_str()))
            .filter(|table| table.detail != "tenant_id")
            .map(|table| {
                format!(
                    "{} (primary key starts with `{}`)",
                    table.table_name, table.detail
                )
            })
            .collect();
        assert!(
            misplaced.is_empty(),
            "{:?}: tables whose primary key does not lead with tenant_id: {misplaced:?}",
            database.backend
        );
        // The exceptions still exist: a table renamed or dropped leaves no stale excuse.
        for (table, _) in TENANTLESS {
            assert!(
                tables.iter().any(|known| known.table_name == table),
                "{table} is listed as tenantless but does not exist"
            );
        }
        if let DbConnection::Postgres(pg) = &mut connection {
            let across: Vec<&str> = ACROSS_TENANTS.iter().map(|(index, _)| *index).collect();
            let found = undistributable_constraints(pg);
            for index in &across {
                assert!(
                    found
                        .iter()
                        .any(|named| named.detail.contains(&format!("INDEX {index} ON"))),
                    "{index} is listed as spanning tenants but no such unique index exists"
                );
            }
            let constraints: Vec<String> = found
                .into_iter()
                .filter(|named| !tenantless.contains(&named.table_name.as_str()))
                .filter(|named| {
                    !across
                        .iter()
                        .any(|index| named.detail.contains(&format!("INDEX {index} ON")))
                })
                .map(|named| format!("{}: {}", named.table_name, named.detail))
                .collect();
            assert!(
                constraints.is_empty(),
                "foreign keys not led by tenant_id, or unique indexes without it: {constraints:?}"
            );
        }
    }
}
