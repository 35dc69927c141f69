//! The log of contract writes (migration `contract_changes`): each write of a contract adds
//! a row at its `updated_at`, so an as_of read of the portfolio finds the contracts written
//! since an instant without reading the others (docs/ledger.md, "As of an instant"). It
//! stands in for an index on `contracts.updated_at`, which kept PostgreSQL from updating a
//! contract row in place (docs/performance.md).

use diesel::prelude::*;
use revrec_ports::ContractWrite;

use crate::connection::{DbConnection, append_rows};
use crate::schema::contract_changes;

#[derive(Insertable, Clone, Copy, Debug)]
#[diesel(table_name = contract_changes, treat_none_as_default_value = false)]
pub(crate) struct ContractChange<'a> {
    pub tenant_id: &'a str,
    pub currency: &'a str,
    pub changed_at: i64,
    pub contract_id: &'a str,
    /// The contract's revision after the write: no two writes of a contract share it.
    pub revision: i64,
}

impl ContractChange<'_> {
    /// What `write` adds to the log: a new contract is at its first revision, a change at
    /// the one after the revision it expects.
    pub(crate) fn of(write: &ContractWrite) -> ContractChange<'_> {
        ContractChange {
            tenant_id: &write.record.tenant_id,
            currency: write.record.currency.code(),
            changed_at: write.record.updated_at,
            contract_id: &write.record.id,
            revision: write.expected.map_or(1, |expected| expected.revision + 1),
        }
    }
}

/// Appends `changes` to the log (a `COPY` on PostgreSQL, as the contract rows).
pub(crate) fn log_changes(
    connection: &mut DbConnection,
    changes: &[ContractChange<'_>],
) -> QueryResult<()> {
    append_rows!(connection, contract_changes::table, changes, 1_000)
}
