//! The log of contract writes (migration `contract_changes`): each write of a contract adds
//! a row at its `updated_at`, so an as_of read of the portfolio finds the contracts written
//! since an instant without reading the others (docs/ledger.md, "As of an instant"). It
//! stands in for an index on `contracts.updated_at`, which kept PostgreSQL from updating a
//! contract row in place (docs/performance.md).

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};

use revrec_ports::ContractWrite;

use crate::connection::DbConnection;
use crate::fixed_sql::fixed_sql;
use crate::schema::contract_changes;

/// Rows per INSERT on SQLite: four bind parameters each, well under its limit.
const CHUNK: usize = 1_000;

#[derive(Insertable, Clone, Copy, Debug)]
#[diesel(table_name = contract_changes, treat_none_as_default_value = false)]
pub(crate) struct ContractChange<'a> {
    pub tenant_id: &'a str,
    pub currency: &'a str,
    pub changed_at: i64,
    pub contract_id: &'a str,
}

impl ContractChange<'_> {
    /// What `write` adds to the log.
    pub(crate) fn of(write: &ContractWrite) -> ContractChange<'_> {
        ContractChange {
            tenant_id: &write.record.tenant_id,
            currency: write.record.currency.code(),
            changed_at: write.record.updated_at,
            contract_id: &write.record.id,
        }
    }
}

/// Logs `changes`. Two writes of a contract at the same instant are one row. On PostgreSQL
/// one statement of fixed text, whatever the count (each column an array), so it is
/// prepared once: a multi-row INSERT is a new statement for every count, parsed and planned
/// each time (a restatement's page spent more on logging 250 changes so than on updating
/// the 250 contract rows). On SQLite multi-row inserts of [`CHUNK`] rows.
pub(crate) fn log_changes<'a>(
    connection: &mut DbConnection,
    changes: &[ContractChange<'a>],
) -> QueryResult<()> {
    match &mut *connection {
        DbConnection::Postgres(_) if changes.is_empty() => Ok(()),
        DbConnection::Postgres(pg) => {
            let column = |of: fn(&ContractChange<'a>) -> &'a str| -> Vec<&'a str> {
                changes.iter().map(of).collect()
            };
            let changed_at: Vec<i64> = changes.iter().map(|change| change.changed_at).collect();
            fixed_sql(
                "INSERT INTO contract_changes (tenant_id, currency, changed_at, contract_id) \
                 SELECT * FROM unnest(",
            )
            .bind::<Array<Text>, _>(column(|change| change.tenant_id))
            .sql(", ")
            .bind::<Array<Text>, _>(column(|change| change.currency))
            .sql(", ")
            .bind::<Array<BigInt>, _>(changed_at)
            .sql(", ")
            .bind::<Array<Text>, _>(column(|change| change.contract_id))
            .sql(") ON CONFLICT DO NOTHING")
            .execute(pg)
            .map(drop)
        }
        DbConnection::Sqlite(sqlite) => changes.chunks(CHUNK).try_for_each(|chunk| {
            diesel::insert_or_ignore_into(contract_changes::table)
                .values(chunk)
                .execute(sqlite)
                .map(drop)
        }),
    }
}
