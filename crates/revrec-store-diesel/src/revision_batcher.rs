//! Revision checks of cached contracts on PostgreSQL, many per round trip.
//!
//! A cached contract is used only when the database still holds the revision it was read
//! at, so every read asks the database (a write on another instance is seen by the very
//! next read here). The checks are batched (`batcher`): one query per tenant in a
//! batch, usually one.

use std::collections::{BTreeMap, HashMap};

use diesel::prelude::*;

use crate::batcher::{Batched, Batcher};
use crate::blocking::StoreError;
use crate::connection::DbConnection;
use crate::schema::contracts;

/// A contract's revision checks, batched.
pub type RevisionBatcher = Batcher<ContractRevisions>;

/// The revision of a tenant's contract: (tenant, contract id) answered by the contract's
/// revision and the sequence of its tenant's latest close or reopen (0 before any), or
/// `None` when the tenant has no such contract.
pub struct ContractRevisions;

impl Batched for ContractRevisions {
    type Key = (String, String);
    type Answer = Option<(i64, i64)>;
    const WHAT: &'static str = "a contract's revision";
    const LABEL: &'static str = "contract_revision";

    fn answer_all(
        connection: &mut DbConnection,
        keys: &[(String, String)],
    ) -> Result<Vec<Option<(i64, i64)>>, StoreError> {
        let mut by_tenant: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (tenant_id, id) in keys {
            by_tenant.entry(tenant_id).or_default().push(id);
        }
        let found = revisions(connection, &by_tenant)?;
        Ok(keys
            .iter()
            .map(|(tenant_id, id)| {
                found
                    .get(tenant_id.as_str())
                    .and_then(|revisions| revisions.get(id.as_str()))
                    .copied()
            })
            .collect())
    }
}

/// One tenant's asked contracts that exist: (revision, the tenant's latest books sequence)
/// by contract id.
type Checked = HashMap<String, (i64, i64)>;

/// Each tenant's asked contracts that exist, with their revisions and the tenant's latest
/// books sequence.
fn revisions(
    connection: &mut DbConnection,
    by_tenant: &BTreeMap<&str, Vec<&str>>,
) -> Result<HashMap<String, Checked>, StoreError> {
    let mut found = HashMap::new();
    for (tenant_id, ids) in by_tenant {
        let rows: Vec<(String, i64, Option<i64>)> = contracts::table
            .filter(contracts::tenant_id.eq(*tenant_id))
            .filter(contracts::id.eq_any(ids))
            .select((
                contracts::id,
                contracts::revision,
                crate::books_lock::latest_sequence_of(tenant_id),
            ))
            .load(connection)?;
        found.insert(
            (*tenant_id).to_owned(),
            rows.into_iter()
                .map(|(id, revision, latest)| (id, (revision, latest.unwrap_or(0))))
                .collect(),
        );
    }
    Ok(found)
}
