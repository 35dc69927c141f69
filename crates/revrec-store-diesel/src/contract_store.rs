//! `ContractRepository` over Diesel: one transaction per contract change (the new contracts
//! of concurrent requests may share one: `NewContracts`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use async_trait::async_trait;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use revrec_domain::{Currency, Period};
use revrec_ports::{
    BooksStamps, ContractCursor, ContractPage, ContractQuery, ContractRecord, ContractRemoval,
    ContractRepository, ContractScan, ContractStatus, ContractWrite, Expected, FactsSince,
    InvoiceWrite, RepositoryError, RollupDelta, ScannedPage, StoredContract, StoredVersion,
    UsageRecord, VersionChange, VersionWrite, WorkBudget,
};

use crate::batcher::{Batched, Batcher, together_or_each_alone};
use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::books_lock::{BooksHold, WriteStamp, latest_sequence_of, stamp_for_rollup_write};
use crate::books_size::check_books_size;
use crate::connection::{DbConnection, append_rows};
use crate::consumption_rows::{self, UsageMonthRow};
use crate::contract_cache::{CacheKey, ContractCache};
use crate::contract_changes::{ContractChange, log_changes};
use crate::new_contract_statement::write_new_contract_at_once;
use crate::report_store::read_rollup;
use crate::revision_batcher::RevisionBatcher;
use crate::rollup_deltas::{SummedDeltas, append_deltas};
use crate::rows::{
    ContractRow, InvoiceRow, LineRow, NewContractRow, VersionRow, stored_version, version_rows,
};
use crate::schema::{
    contract_changes, contract_invoices, contract_lines, contract_versions, contracts,
    usage_months, usage_records,
};

type SharedCache = Arc<Mutex<ContractCache>>;

pub struct ContractStore {
    database: Database,
    /// Decoded contracts by (tenant, id), each with the `revision` it was read at. A hit is
    /// used only when the database still holds that revision, so the cache is never stale,
    /// whichever instance wrote last: it saves decoding, never a check.
    cache: SharedCache,
    /// On PostgreSQL, where each check is a network round trip, checks are batched.
    revisions: Option<RevisionBatcher>,
    /// New contracts, written many to a transaction under load: a batcher per
    /// tenant, so a close that holds one tenant's books holds back that tenant's writes
    /// alone.
    new_contracts: Mutex<HashMap<String, Arc<Batcher<NewContracts>>>>,
}

impl ContractStore {
    pub fn new(database: Database) -> ContractStore {
        // SQLite reads run inline (a local lookup of microseconds); PostgreSQL's go out.
        let revisions = (!database.inline_reads).then(|| RevisionBatcher::new(database.clone()));
        ContractStore {
            new_contracts: Mutex::new(HashMap::new()),
            database,
            cache: Arc::new(Mutex::new(ContractCache::default())),
            revisions,
        }
    }

    /// The batcher of `tenant_id`'s new contracts.
    fn new_contracts_of(&self, tenant_id: &str) -> Arc<Batcher<NewContracts>> {
        let mut batchers = self
            .new_contracts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(batcher) = batchers.get(tenant_id) {
            return Arc::clone(batcher);
        }
        if batchers.len() >= IDLE_BATCHERS_KEPT {
            // A batcher no request holds has nothing waiting: dropped, it is made again on
            // its tenant's next write (a batch still out then only runs beside the next).
            batchers.retain(|_, batcher| Arc::strong_count(batcher) > 1);
        }
        let batcher = Arc::new(Batcher::new(self.database.clone()));
        batchers.insert(tenant_id.to_owned(), Arc::clone(&batcher));
        batcher
    }

    /// The cached contract, if it is at `revision`.
    fn cached(&self, key: &CacheKey, revision: i64) -> Option<Arc<StoredContract>> {
        lock(&self.cache).get(key, revision)
    }

    /// Reads the contract whole (one snapshot) and caches it.
    async fn load(&self, key: CacheKey) -> Result<Option<Arc<StoredContract>>, RepositoryError> {
        let cache = Arc::clone(&self.cache);
        with_connection(&self.database, Access::Read, move |connection| {
            let loaded =
                connection.transaction(|connection| find_contract(connection, &key.0, &key.1))?;
            Ok(loaded.map(|(revision, stored)| {
                let stored = Arc::new(stored);
                lock(&cache).put(key, revision, Arc::clone(&stored));
                stored
            }))
        })
        .await
    }
}

fn lock(cache: &SharedCache) -> MutexGuard<'_, ContractCache> {
    cache.lock().unwrap_or_else(PoisonError::into_inner)
}

#[async_trait]
impl ContractRepository for ContractStore {
    async fn save(&self, write: ContractWrite) -> Result<(), RepositoryError> {
        if write.expected.is_none() {
            let batcher = self.new_contracts_of(&write.record.tenant_id);
            return batcher.ask(write).await?;
        }
        self.save_all(vec![write]).await
    }

    async fn save_all(&self, writes: Vec<ContractWrite>) -> Result<(), RepositoryError> {
        with_connection(&self.database, Access::Write, move |connection| {
            write_together(connection, &writes)
        })
        .await
    }

    async fn remove(&self, removal: ContractRemoval) -> Result<(), RepositoryError> {
        with_connection(&self.database, Access::Write, move |connection| {
            with_books_held(|hold| {
                connection.transaction(|connection| remove_contract(connection, &removal, hold))
            })
        })
        .await
    }

    async fn scan(
        &self,
        tenant_id: &str,
        scan: &ContractScan,
    ) -> Result<ScannedPage, RepositoryError> {
        let (tenant_id, scan) = (tenant_id.to_owned(), scan.clone());
        with_connection(&self.database, Access::Scan, move |connection| {
            connection.transaction(|connection| scan_contracts(connection, &tenant_id, &scan))
        })
        .await
    }

    async fn scan_marks(
        &self,
        tenant_id: &str,
        after: Option<String>,
        every: u32,
        marks: u32,
    ) -> Result<Vec<String>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Scan, move |connection| {
            // The ids alone, from the primary key: the marks are every `every`-th of them.
            let mut select = contracts::table
                .filter(contracts::tenant_id.eq(tenant_id))
                .into_boxed();
            if let Some(after) = after {
                select = select.filter(contracts::id.gt(after));
            }
            let every = every.max(1);
            let ids: Vec<String> = select
                .order(contracts::id.asc())
                .limit(i64::from(every) * i64::from(marks))
                .select(contracts::id)
                .load(connection)?;
            let step = usize::try_from(every).unwrap_or(usize::MAX);
            Ok(ids.into_iter().skip(step - 1).step_by(step).collect())
        })
        .await
    }

    async fn find(
        &self,
        tenant_id: &str,
        id: &str,
    ) -> Result<Option<Arc<StoredContract>>, RepositoryError> {
        Ok(self
            .find_in_books(tenant_id, id)
            .await?
            .map(|(stored, _)| stored))
    }

    async fn find_in_books(
        &self,
        tenant_id: &str,
        id: &str,
    ) -> Result<Option<(Arc<StoredContract>, i64)>, RepositoryError> {
        let key = (tenant_id.to_owned(), id.to_owned());
        if let Some(revisions) = &self.revisions {
            let Some((revision, books)) =
                revisions.ask((tenant_id.to_owned(), id.to_owned())).await?
            else {
                return Ok(None);
            };
            if let Some(stored) = self.cached(&key, revision) {
                return Ok(Some((stored, books)));
            }
            return Ok(self.load(key).await?.map(|stored| (stored, books)));
        }
        let cache = Arc::clone(&self.cache);
        with_connection(&self.database, Access::Read, move |connection| {
            let (tenant_id, id) = (&key.0, &key.1);
            // `load` + `pop`, not `first`: through MultiConnection a LIMIT makes the
            // statement uncacheable (re-parsed every time), and a key lookup needs none.
            let checked: Option<(i64, Option<i64>)> = contracts::table
                .filter(contracts::tenant_id.eq(tenant_id))
                .filter(contracts::id.eq(id))
                .select((contracts::revision, latest_sequence_of(tenant_id)))
                .load(connection)?
                .pop();
            let Some((revision, books)) = checked else {
                return Ok(None);
            };
            let books = books.unwrap_or(0);
            if let Some(stored) = lock(&cache).get(&key, revision) {
                return Ok(Some((stored, books)));
            }
            // One snapshot for the record, its versions and their lines.
            let loaded =
                connection.transaction(|connection| find_contract(connection, tenant_id, id))?;
            Ok(loaded.map(|(revision, stored)| {
                let stored = Arc::new(stored);
                lock(&cache).put(key.clone(), revision, Arc::clone(&stored));
                (stored, books)
            }))
        })
        .await
    }

    async fn facts_since(
        &self,
        tenant_id: &str,
        currency: Currency,
        as_of: i64,
        budget: WorkBudget,
    ) -> Result<FactsSince, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Scan, move |connection| {
            in_one_snapshot(connection, |connection| {
                let mut facts = FactsSince {
                    rollup: read_rollup(connection, &tenant_id, currency, None)?,
                    ..FactsSince::default()
                };
                let mut scan = ContractScan {
                    limit: REWIND_PAGE,
                    currency: Some(currency),
                    changed_after: Some(as_of),
                    ..ContractScan::default()
                };
                loop {
                    let page = scan_contracts(connection, &tenant_id, &scan)?;
                    for stored in page.contracts {
                        facts.weight = facts.weight.saturating_add((budget.weight)(&stored));
                        facts.contracts.push(stored);
                        if facts.weight > budget.limit {
                            return Ok(facts);
                        }
                    }
                    match page.next {
                        Some(next) => scan.after = Some(next),
                        None => {
                            facts.complete = true;
                            return Ok(facts);
                        }
                    }
                }
            })
        })
        .await
    }

    async fn list(
        &self,
        tenant_id: &str,
        query: &ContractQuery,
    ) -> Result<ContractPage, RepositoryError> {
        let (tenant_id, query) = (tenant_id.to_owned(), query.clone());
        with_connection(&self.database, Access::Read, move |connection| {
            list_contracts(connection, &tenant_id, &query)
        })
        .await
    }

    async fn usage_records_named(
        &self,
        tenant_id: &str,
        contract_id: &str,
        keys: &[(String, String)],
    ) -> Result<Vec<UsageRecord>, RepositoryError> {
        let contract = (tenant_id.to_owned(), contract_id.to_owned());
        let keys = keys.to_vec();
        with_connection(&self.database, Access::Read, move |connection| {
            consumption_rows::latest_records(connection, (&contract.0, &contract.1), &keys)
        })
        .await
    }

    async fn usage_records_known(
        &self,
        tenant_id: &str,
        contract_id: &str,
        as_of: i64,
    ) -> Result<Vec<UsageRecord>, RepositoryError> {
        let contract = (tenant_id.to_owned(), contract_id.to_owned());
        with_connection(&self.database, Access::Read, move |connection| {
            consumption_rows::records_known(connection, (&contract.0, &contract.1), as_of)
        })
        .await
    }

    async fn usage_records(
        &self,
        tenant_id: &str,
        contract_id: &str,
        obligation_id: &str,
        period: Period,
    ) -> Result<Vec<UsageRecord>, RepositoryError> {
        let key = (
            tenant_id.to_owned(),
            contract_id.to_owned(),
            obligation_id.to_owned(),
        );
        with_connection(&self.database, Access::Read, move |connection| {
            consumption_rows::month_records(connection, (&key.0, &key.1, &key.2), period)
        })
        .await
    }
}

/// Tenants' new-contract batchers kept before the idle ones are dropped.
const IDLE_BATCHERS_KEPT: usize = 1_024;

/// New contracts saved by concurrent requests (single-contract ingests), batched
/// (`batcher`): the contracts asked while the previous batch was out are written
/// in one transaction, as a batch ingest writes them, so under load a commit (and its wait
/// for the disk), the books stamp and each statement serve many requests. Should that
/// transaction fail, each is written again in a transaction of its own
/// (`together_or_each_alone`), so one request's failure (a duplicate id, books past their
/// limit) never becomes another's. A contract alone is written as it always was.
struct NewContracts;

impl Batched for NewContracts {
    type Key = ContractWrite;
    type Answer = Result<(), RepositoryError>;
    const WHAT: &'static str = "a new contract's write";
    const LABEL: &'static str = "new_contract";
    const ACCESS: Access = Access::Write;

    fn answer_all(
        connection: &mut DbConnection,
        writes: &[ContractWrite],
    ) -> Result<Vec<Result<(), RepositoryError>>, StoreError> {
        together_or_each_alone(connection, writes, |connection, writes| {
            write_together(connection, writes).map(|()| vec![(); writes.len()])
        })
    }
}

/// `writes` in one transaction, all or none.
fn write_together(
    connection: &mut DbConnection,
    writes: &[ContractWrite],
) -> Result<(), StoreError> {
    with_books_held(|hold| {
        connection.transaction(|connection| apply_writes(connection, writes, hold))
    })
}

/// Contracts an as-of read replays per page.
const REWIND_PAGE: u32 = 500;

/// `work` in one read-only transaction that sees one snapshot of the database throughout:
/// PostgreSQL's repeatable read; on SQLite any transaction's reads (WAL) are one snapshot.
fn in_one_snapshot<T>(
    connection: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    connection.transaction(|connection| {
        if let DbConnection::Postgres(pg) = connection {
            pg.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")?;
        }
        work(connection)
    })
}

/// The writes, in one transaction already opened by the caller, in the order that keeps
/// SQLite from upgrading a read lock (the first statement already writes, so it waits for
/// the writer lock instead of failing): new contracts in multi-row statements, updates one
/// by one, then every version and line, then the rollup deltas of all of them summed. On
/// PostgreSQL a lone new contract (a single-contract ingest) goes in one statement instead
/// (`new_contract_statement`).
pub(crate) fn apply_writes(
    connection: &mut DbConnection,
    writes: &[ContractWrite],
    hold: BooksHold,
) -> Result<(), StoreError> {
    let stamps = stamp_books(connection, writes, hold)?;
    let stamp_of = |write: &ContractWrite| {
        stamps
            .get(write.record.tenant_id.as_str())
            .map_or(0, |stamp| stamp.sequence)
    };
    // One connection, one stripe, whichever tenant.
    let Some(&rollup_stamp) = stamps.values().next() else {
        return Ok(());
    };
    if let ([write], DbConnection::Postgres(pg)) = (writes, &mut *connection)
        && write_new_contract_at_once(pg, write, rollup_stamp)?
    {
        return Ok(());
    }
    let new_rows: Vec<NewContractRow> = writes
        .iter()
        .filter(|write| write.expected.is_none())
        .map(|write| NewContractRow::of(write, stamp_of(write)))
        .collect();
    append_rows!(&mut *connection, contracts::table, &new_rows, 500)?;
    for write in writes {
        if let Some(expected) = write.expected {
            update_record(connection, write, expected, stamp_of(write))?;
        }
    }
    let changes: Vec<ContractChange<'_>> = writes.iter().map(ContractChange::of).collect();
    log_changes(connection, &changes)?;
    let (mut versions, mut lines) = (Vec::new(), Vec::new());
    for write in writes {
        let (tenant, id) = (write.record.tenant_id.as_str(), write.record.id.as_str());
        match &write.version {
            VersionWrite::Unchanged => {}
            VersionWrite::Append(version) => {
                let (version_row, version_lines) =
                    version_rows(tenant, id, version, stamp_of(write))?;
                versions.push(version_row);
                lines.extend(version_lines);
            }
            VersionWrite::ReplaceCurrent(version) => {
                let (version_row, version_lines) =
                    version_rows(tenant, id, version, stamp_of(write))?;
                delete_version(connection, tenant, id, version_row.version)?;
                versions.push(version_row);
                lines.extend(version_lines);
            }
        }
    }
    insert_versions(connection, &versions, &lines)?;
    for write in writes {
        if write.usage.records.is_empty() && write.usage.months.is_empty() {
            continue;
        }
        let (tenant, id) = (write.record.tenant_id.as_str(), write.record.id.as_str());
        consumption_rows::write_usage(connection, (tenant, id), &write.usage, stamp_of(write))?;
    }
    let mut invoices = Vec::new();
    for write in writes {
        let (tenant, id) = (write.record.tenant_id.as_str(), write.record.id.as_str());
        let added = match &write.invoices {
            InvoiceWrite::Unchanged => continue,
            InvoiceWrite::Add(added) => added,
            InvoiceWrite::Replace(all) => {
                diesel::delete(
                    contract_invoices::table
                        .filter(contract_invoices::tenant_id.eq(tenant))
                        .filter(contract_invoices::contract_id.eq(id)),
                )
                .execute(connection)?;
                all
            }
        };
        invoices.extend(
            added
                .iter()
                .map(|invoice| InvoiceRow::new(tenant, id, invoice, stamp_of(write))),
        );
    }
    append_rows!(&mut *connection, contract_invoices::table, &invoices, 1_000)?;
    add_rollup_deltas(
        connection,
        rollup_stamp,
        writes.iter().flat_map(|write| {
            write
                .rollup
                .iter()
                .map(move |delta| (write.record.tenant_id.as_str(), delta))
        }),
    )
}

/// Takes each written tenant's books lock (in tenant order, so two writes never wait for
/// each other in a circle) and answers the stamp of each.
fn stamp_books<'a>(
    connection: &mut DbConnection,
    writes: &'a [ContractWrite],
    hold: BooksHold,
) -> Result<BTreeMap<&'a str, WriteStamp>, StoreError> {
    let tenants: BTreeSet<&str> = writes
        .iter()
        .map(|write| write.record.tenant_id.as_str())
        .collect();
    tenants
        .into_iter()
        .map(|tenant| Ok((tenant, stamp_for_rollup_write(connection, tenant, hold)?)))
        .collect()
}

/// The record of an existing contract, if it is still as `expected`; a draft that becomes
/// a contract enters the reports at `stamp`.
fn update_record(
    connection: &mut DbConnection,
    write: &ContractWrite,
    expected: Expected,
    stamp: i64,
) -> Result<(), StoreError> {
    let row = ContractRow::from(&write.record);
    let (tenant, id) = (write.record.tenant_id.as_str(), write.record.id.as_str());
    // Every write moves the revision, so the revision alone proves the version and the
    // status are still the ones read. Filtering by them too let PostgreSQL, before it had
    // statistics, pick `contracts_by_status` and walk every active contract per update.
    let updated = diesel::update(
        contracts::table
            .filter(contracts::tenant_id.eq(tenant))
            .filter(contracts::id.eq(id))
            .filter(contracts::revision.eq(expected.revision)),
    )
    .set((&row, contracts::revision.eq(contracts::revision + 1)))
    .execute(connection)?;
    if updated == 0 {
        return Err(StoreError::Conflict(format!(
            "contract {id} is no longer at version {} ({}), revision {}",
            expected.version, expected.status, expected.revision
        )));
    }
    if expected.status == ContractStatus::Draft && write.record.status != ContractStatus::Draft {
        diesel::update(
            contracts::table
                .filter(contracts::tenant_id.eq(tenant))
                .filter(contracts::id.eq(id)),
        )
        .set((
            contracts::reported_sequence.eq(Some(stamp)),
            contracts::reported_at.eq(Some(write.record.updated_at)),
        ))
        .execute(connection)?;
    }
    Ok(())
}

/// Deletes what refers to the contract, then its row, which proves the revision (a conflict
/// rolls the whole transaction back).
fn remove_contract(
    connection: &mut DbConnection,
    removal: &ContractRemoval,
    hold: BooksHold,
) -> Result<(), StoreError> {
    let (tenant, id) = (removal.tenant_id.as_str(), removal.contract_id.as_str());
    let stamp = stamp_for_rollup_write(connection, tenant, hold)?;
    diesel::delete(
        usage_records::table
            .filter(usage_records::tenant_id.eq(tenant))
            .filter(usage_records::contract_id.eq(id)),
    )
    .execute(connection)?;
    diesel::delete(
        usage_months::table
            .filter(usage_months::tenant_id.eq(tenant))
            .filter(usage_months::contract_id.eq(id)),
    )
    .execute(connection)?;
    diesel::delete(
        contract_invoices::table
            .filter(contract_invoices::tenant_id.eq(tenant))
            .filter(contract_invoices::contract_id.eq(id)),
    )
    .execute(connection)?;
    diesel::delete(
        contract_lines::table
            .filter(contract_lines::tenant_id.eq(tenant))
            .filter(contract_lines::contract_id.eq(id)),
    )
    .execute(connection)?;
    diesel::delete(
        contract_versions::table
            .filter(contract_versions::tenant_id.eq(tenant))
            .filter(contract_versions::contract_id.eq(id)),
    )
    .execute(connection)?;
    let removed = diesel::delete(
        contracts::table
            .filter(contracts::tenant_id.eq(tenant))
            .filter(contracts::id.eq(id))
            .filter(contracts::revision.eq(removal.expected_revision)),
    )
    .execute(connection)?;
    if removed == 0 {
        // The rollback undoes the deletions above.
        return Err(StoreError::Conflict(format!(
            "contract {id} is gone or no longer at revision {}",
            removal.expected_revision
        )));
    }
    add_rollup_deltas(
        connection,
        stamp,
        removal
            .rollup
            .iter()
            .map(|delta| (removal.tenant_id.as_str(), delta)),
    )
}

/// Removes a draft's current version and its lines, to be written anew.
fn delete_version(
    connection: &mut DbConnection,
    tenant: &str,
    id: &str,
    version: i32,
) -> Result<(), StoreError> {
    diesel::delete(
        contract_lines::table
            .filter(contract_lines::tenant_id.eq(tenant))
            .filter(contract_lines::contract_id.eq(id))
            .filter(contract_lines::version.eq(version)),
    )
    .execute(connection)?;
    diesel::delete(
        contract_versions::table
            .filter(contract_versions::tenant_id.eq(tenant))
            .filter(contract_versions::contract_id.eq(id))
            .filter(contract_versions::version.eq(version)),
    )
    .execute(connection)?;
    Ok(())
}

/// Appends each tenant's deltas, summed per row first, as one row per currency
/// (`rollup_deltas`): a write touches no rollup row, so writes of one tenant never wait for
/// each other's.
///
/// The books of every currency written must stay within their limit (docs/limits.md,
/// "Money"), or the write is refused with [`StoreError::OutOfRange`] and rolls back: each
/// summed delta's figures are within the limit, so added to a month's figure within it they
/// cannot take a `BIGINT` past its range on either backend, and after the deltas the
/// books' size is checked as `books_size` explains (a write held shared may answer
/// [`StoreError::NeedsBooksAlone`]: run it again with [`with_books_held`]).
pub(crate) fn add_rollup_deltas<'a>(
    connection: &mut DbConnection,
    stamp: WriteStamp,
    deltas: impl IntoIterator<Item = (&'a str, &'a RollupDelta)>,
) -> Result<(), StoreError> {
    let summed = SummedDeltas::of(deltas)?;
    for (tenant, deltas) in &summed.appended {
        append_deltas(connection, tenant, deltas)?;
    }
    for (&(tenant, currency), deltas) in &summed.written {
        check_books_size(connection, (tenant, currency), stamp, deltas.gross())?;
    }
    Ok(())
}

/// Runs `write` holding the books shared; when the books' size bounds cannot admit it, once
/// more holding them alone (`books_size`). Each attempt is a transaction of its own.
pub(crate) fn with_books_held<T>(
    mut write: impl FnMut(BooksHold) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    match write(BooksHold::Shared) {
        Err(StoreError::NeedsBooksAlone) => write(BooksHold::Exclusive),
        outcome => outcome,
    }
}

/// A contract's row as a read selects it: the record, its revision, and when it entered the
/// reports (books sequence and instant).
type ContractColumns = (ContractRow, i64, Option<i64>, Option<i64>);

/// The contract with its versions, and the revision they were read at.
fn find_contract(
    connection: &mut DbConnection,
    tenant_id: &str,
    id: &str,
) -> Result<Option<(i64, StoredContract)>, StoreError> {
    let row: Option<ContractColumns> = contracts::table
        .filter(contracts::tenant_id.eq(tenant_id))
        .filter(contracts::id.eq(id))
        .select((
            ContractRow::as_select(),
            contracts::revision,
            contracts::reported_sequence,
            contracts::reported_at,
        ))
        .load(connection)?
        .pop();
    let Some(row) = row else {
        return Ok(None);
    };
    let revision = row.1;
    let versions: Vec<VersionRow> = contract_versions::table
        .filter(contract_versions::tenant_id.eq(tenant_id))
        .filter(contract_versions::contract_id.eq(id))
        .order(contract_versions::version.asc())
        .select(VersionRow::as_select())
        .load(connection)?;
    let lines: Vec<LineRow> = contract_lines::table
        .filter(contract_lines::tenant_id.eq(tenant_id))
        .filter(contract_lines::contract_id.eq(id))
        .order((
            contract_lines::version.asc(),
            contract_lines::line_number.asc(),
        ))
        .select(LineRow::as_select())
        .load(connection)?;
    let invoices: Vec<InvoiceRow> = contract_invoices::table
        .filter(contract_invoices::tenant_id.eq(tenant_id))
        .filter(contract_invoices::contract_id.eq(id))
        .order((
            contract_invoices::recorded_at.asc(),
            contract_invoices::invoice_id.asc(),
        ))
        .select(InvoiceRow::as_select())
        .load(connection)?;
    let usage = consumption_rows::months_of(connection, tenant_id, (id, id), None)?;
    let stored = assemble(row, versions, lines, invoices, usage)?;
    Ok(Some((revision, stored)))
}

/// One contract from its rows: `versions` in version order, `lines` in (version, line)
/// order, all of this contract.
fn assemble(
    (row, revision, reported, reported_at): ContractColumns,
    versions: Vec<VersionRow>,
    mut lines: Vec<LineRow>,
    invoices: Vec<InvoiceRow>,
    usage: Vec<UsageMonthRow>,
) -> Result<StoredContract, StoreError> {
    let mut stored: Vec<StoredVersion> = Vec::with_capacity(versions.len());
    let (usage, usage_stamps) = consumption_rows::contract_usage(usage)?;
    let stamps = BooksStamps {
        versions: versions
            .iter()
            .map(|version| version.books_sequence)
            .collect(),
        invoices: invoices
            .iter()
            .map(|invoice| invoice.books_sequence)
            .collect(),
        reported,
        reported_at,
        usage: usage_stamps,
    };
    for version in versions {
        let split = lines.partition_point(|line| line.version == version.version);
        let rest = lines.split_off(split);
        let mut next = stored_version(version, std::mem::replace(&mut lines, rest))?;
        // A restatement stores no lines of its own: its obligations are its predecessor's.
        if next.change == VersionChange::Restatement && next.terms.obligations.is_empty() {
            let previous = stored
                .last()
                .ok_or_else(|| StoreError::Corrupt("a restatement as the first version".into()))?;
            next.terms.obligations = previous.terms.obligations.clone();
            next.terms.variable = previous.terms.variable.clone();
        }
        stored.push(next);
    }
    Ok(StoredContract {
        record: ContractRecord::try_from(row)?,
        versions: stored,
        invoices: invoices
            .into_iter()
            .map(InvoiceRow::record)
            .collect::<Result<_, _>>()?,
        revision,
        stamps,
        usage,
    })
}

/// A page of whole contracts in id order: four statements, whatever the page size.
///
/// The page is a walk of the primary key in id order; the status is checked here rather
/// than in SQL, where it would tempt the planner into the status index and a sort of the
/// whole tenant for every page (which it does on a table loaded too recently to have
/// statistics).
fn scan_contracts(
    connection: &mut DbConnection,
    tenant_id: &str,
    scan: &ContractScan,
) -> Result<ScannedPage, StoreError> {
    let mut select = contracts::table
        .filter(contracts::tenant_id.eq(tenant_id.to_owned()))
        .into_boxed();
    if let Some(after) = &scan.after {
        select = select.filter(contracts::id.gt(after.clone()));
    }
    if let Some(through) = &scan.through {
        select = select.filter(contracts::id.le(through.clone()));
    }
    if let Some(ids) = &scan.ids {
        select = select.filter(contracts::id.eq_any(ids.clone()));
    }
    if let Some(currency) = scan.currency {
        select = select.filter(contracts::currency.eq(currency.code()));
    }
    if let Some(instant) = scan.changed_after {
        // The log's key leads with the currency.
        let currencies: Vec<&str> = match scan.currency {
            Some(currency) => vec![currency.code()],
            None => Currency::all().map(Currency::code).collect(),
        };
        let written = contract_changes::table
            .filter(contract_changes::tenant_id.eq(tenant_id.to_owned()))
            .filter(contract_changes::currency.eq_any(currencies))
            .filter(contract_changes::changed_at.gt(instant))
            .select(contract_changes::contract_id);
        select = select.filter(contracts::id.eq_any(written));
    }
    if let Some((first, last)) = scan.overlapping {
        // An invoice may be dated outside the term (after its end, or between signing and
        // start): its month is one the contract has activity in too.
        let invoiced_then = diesel::dsl::exists(
            contract_invoices::table
                .filter(contract_invoices::tenant_id.eq(contracts::tenant_id))
                .filter(contract_invoices::contract_id.eq(contracts::id))
                .filter(contract_invoices::invoice_date.between(first, last)),
        );
        select = select.filter(
            contracts::start_date
                .le(last)
                .and(contracts::end_date.ge(first))
                .or(invoiced_then),
        );
    }
    let limit = scan.limit.max(1);
    // Filters beside the id range leave out contracts inside it, whose rows the page must not
    // take.
    let filtered = scan.ids.is_some()
        || scan.currency.is_some()
        || scan.changed_after.is_some()
        || scan.overlapping.is_some();
    let looked_at: Vec<ContractColumns> = select
        .order(contracts::id.asc())
        .limit(i64::from(limit))
        .select((
            ContractRow::as_select(),
            contracts::revision,
            contracts::reported_sequence,
            contracts::reported_at,
        ))
        .load(connection)?;
    let next = (looked_at.len() == usize::try_from(limit).unwrap_or(usize::MAX))
        .then(|| looked_at.last().map(|(row, ..)| row.id.clone()))
        .flatten();
    let looked_at_count = looked_at.len();
    let records: Vec<ContractColumns> = looked_at
        .into_iter()
        .filter(|(row, ..)| {
            scan.statuses.is_empty()
                || scan
                    .statuses
                    .iter()
                    .any(|status| status.as_str() == row.status)
        })
        .collect();
    let ids: Vec<String> = records.iter().map(|(row, ..)| row.id.clone()).collect();
    let (Some(first), Some(last)) = (ids.first(), ids.last()) else {
        return Ok(ScannedPage {
            contracts: Vec::new(),
            next,
        });
    };
    // The page's ids are in order: their range lets the primary key find the rows in one
    // range scan whatever the planner believes (a table bulk-loaded moments ago has no
    // statistics yet, and `= ANY` alone then plans as a scan of the whole tenant). When the
    // page holds every contract of its range (what a job's and an export's pages are), the
    // range alone is the page, and PostgreSQL need not test each row against every id of
    // it (`= ANY` compares one by one). A contract written into the range between these
    // statements is passed over by the walk below either way.
    let every_id_in_range = !filtered && records.len() == looked_at_count;
    let page_ids = (!every_id_in_range).then_some(ids.as_slice());
    let mut versions = contract_versions::table
        .filter(contract_versions::tenant_id.eq(tenant_id))
        .filter(contract_versions::contract_id.ge(first))
        .filter(contract_versions::contract_id.le(last))
        .into_boxed();
    let mut lines = contract_lines::table
        .filter(contract_lines::tenant_id.eq(tenant_id))
        .filter(contract_lines::contract_id.ge(first))
        .filter(contract_lines::contract_id.le(last))
        .into_boxed();
    let mut invoices = contract_invoices::table
        .filter(contract_invoices::tenant_id.eq(tenant_id))
        .filter(contract_invoices::contract_id.ge(first))
        .filter(contract_invoices::contract_id.le(last))
        .into_boxed();
    if let Some(ids) = page_ids {
        versions = versions.filter(contract_versions::contract_id.eq_any(ids));
        lines = lines.filter(contract_lines::contract_id.eq_any(ids));
        invoices = invoices.filter(contract_invoices::contract_id.eq_any(ids));
    }
    let versions: Vec<VersionRow> = versions
        .order((
            contract_versions::contract_id.asc(),
            contract_versions::version.asc(),
        ))
        .select(VersionRow::as_select())
        .load(connection)?;
    let lines: Vec<LineRow> = lines
        .order((
            contract_lines::contract_id.asc(),
            contract_lines::version.asc(),
            contract_lines::line_number.asc(),
        ))
        .select(LineRow::as_select())
        .load(connection)?;
    let invoices: Vec<InvoiceRow> = invoices
        .order((
            contract_invoices::contract_id.asc(),
            contract_invoices::recorded_at.asc(),
            contract_invoices::invoice_id.asc(),
        ))
        .select(InvoiceRow::as_select())
        .load(connection)?;
    let usage = consumption_rows::months_of(connection, tenant_id, (first, last), page_ids)?;
    // Rows come in contract id order, like the records: walk the lists together.
    let (mut versions, mut lines, mut invoices, mut usage) = (
        versions.into_iter().peekable(),
        lines.into_iter().peekable(),
        invoices.into_iter().peekable(),
        usage.into_iter().peekable(),
    );
    let mut contracts = Vec::with_capacity(records.len());
    for record in records {
        let id = record.0.id.as_str();
        let own_versions = own_rows(&mut versions, id, |version| &version.contract_id);
        let own_lines = own_rows(&mut lines, id, |line| &line.contract_id);
        let own_invoices = own_rows(&mut invoices, id, |invoice| &invoice.contract_id);
        let own_usage = own_rows(&mut usage, id, |month| &month.contract_id);
        contracts.push(Arc::new(assemble(
            record,
            own_versions,
            own_lines,
            own_invoices,
            own_usage,
        )?));
    }
    Ok(ScannedPage { contracts, next })
}

/// The rows of `contract` at the front of `rows` (in contract id order), past those of
/// contracts before it that the page does not hold. The database orders ids byte by byte
/// (`COLLATE "C"`, migrations/README.md), as `<` on `str` compares them here.
fn own_rows<T>(
    rows: &mut std::iter::Peekable<std::vec::IntoIter<T>>,
    contract: &str,
    contract_of: impl Fn(&T) -> &str,
) -> Vec<T> {
    while rows.next_if(|row| contract_of(row) < contract).is_some() {}
    let mut own = Vec::new();
    while let Some(row) = rows.next_if(|row| contract_of(row) == contract) {
        own.push(row);
    }
    own
}

fn list_contracts(
    connection: &mut DbConnection,
    tenant_id: &str,
    query: &ContractQuery,
) -> Result<ContractPage, StoreError> {
    // The same filters serve the page and the total.
    let filtered = || {
        let mut select = contracts::table
            .filter(contracts::tenant_id.eq(tenant_id.to_owned()))
            .into_boxed();
        if let Some(text) = &query.text {
            select = select.filter(contracts::search_text.like(like_pattern(text)).escape('\\'));
        }
        if let Some(customer) = &query.customer_id {
            select = select.filter(contracts::customer_id.eq(customer.clone()));
        }
        if let Some(status) = query.status {
            select = select.filter(contracts::status.eq(status.as_str()));
        }
        select
    };
    let total: i64 = filtered().count().get_result(connection)?;
    let mut page = filtered();
    if let Some(after) = &query.after {
        page = page.filter(
            contracts::created_at
                .gt(after.created_at)
                .or(contracts::created_at
                    .eq(after.created_at)
                    .and(contracts::id.gt(after.id.clone()))),
        );
    }
    let limit = i64::from(query.limit.max(1));
    let mut rows: Vec<ContractRow> = page
        .order((contracts::created_at.asc(), contracts::id.asc()))
        .limit(limit + 1)
        .select(ContractRow::as_select())
        .load(connection)?;
    let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next = if more {
        rows.last().map(|row| ContractCursor {
            created_at: row.created_at,
            id: row.id.clone(),
        })
    } else {
        None
    };
    Ok(ContractPage {
        items: rows
            .into_iter()
            .map(ContractRecord::try_from)
            .collect::<Result<_, _>>()?,
        total: u64::try_from(total).unwrap_or(0),
        next,
    })
}

/// `%text%` with LIKE's wildcards escaped, so `50%` matches the characters `50%`.
fn like_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for character in text.chars() {
        if matches!(character, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(character);
    }
    pattern.push('%');
    pattern
}

/// Versions and their lines (`append_rows`).
pub(crate) fn insert_versions(
    connection: &mut DbConnection,
    versions: &[VersionRow],
    lines: &[LineRow],
) -> Result<(), diesel::result::Error> {
    append_rows!(&mut *connection, contract_versions::table, versions, 500)?;
    append_rows!(&mut *connection, contract_lines::table, lines, 1_000)
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a failed fixture should fail the test loudly"
    )]

    use diesel::sql_types::{BigInt, Text};
    use revrec_domain::{PobType, RollupAmounts, RollupKey, Timing};
    use revrec_ports::UsageWrite;
    use revrec_test_support::TestDatabase;

    use super::*;
    use crate::connection::{DatabaseUrl, connect_and_migrate, run_migrations};
    use crate::contract_cache::tests::contract;

    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }

    #[test]
    fn a_page_takes_its_contracts_rows_and_passes_over_those_of_contracts_it_does_not_hold() {
        // `ctr_b` came into the page's id range between its statements: its row is read by
        // the range, and belongs to no contract of the page.
        let mut rows = vec![("ctr_a", 1), ("ctr_a", 2), ("ctr_b", 1), ("ctr_c", 1)]
            .into_iter()
            .peekable();
        fn of<'row>(row: &'row (&str, i32)) -> &'row str {
            row.0
        }
        assert_eq!(
            own_rows(&mut rows, "ctr_a", of),
            [("ctr_a", 1), ("ctr_a", 2)]
        );
        assert_eq!(own_rows(&mut rows, "ctr_c", of), [("ctr_c", 1)]);
        assert_eq!(own_rows(&mut rows, "ctr_d", of), []);
    }

    /// `database` as the server opens it (`Store::open`): migrated, pooled, its reads
    /// inline on SQLite.
    fn opened(database: &TestDatabase) -> Database {
        crate::Store::open(&DatabaseUrl::parse(&database.url).unwrap())
            .unwrap()
            .database
    }

    /// The one figure `sql` selects as `count`.
    fn count(connection: &mut DbConnection, sql: &str) -> i64 {
        diesel::sql_query(sql)
            .get_result::<Count>(connection)
            .unwrap()
            .count
    }

    /// A new active contract of two lines and one month's delta, as an ingest writes it.
    fn new_contract(id: &str) -> ContractWrite {
        new_contract_of("t", id)
    }

    /// [`new_contract`] of `tenant_id`.
    fn new_contract_of(tenant_id: &str, id: &str) -> ContractWrite {
        let stored = contract(2);
        let mut version = stored.versions[0].clone();
        for (index, obligation) in version.terms.obligations.iter_mut().enumerate() {
            obligation.id = Some(format!("pob_{index}"));
        }
        ContractWrite {
            record: ContractRecord {
                id: id.into(),
                tenant_id: tenant_id.into(),
                ..stored.record.clone()
            },
            expected: None,
            version: VersionWrite::Append(version),
            invoices: InvoiceWrite::Unchanged,
            usage: UsageWrite::default(),
            rollup: vec![RollupDelta {
                currency: Currency::USD,
                key: RollupKey {
                    period: Period::parse("2026-01").unwrap(),
                    pob_type: PobType::Subscription,
                    timing: Timing::OverTime,
                },
                amounts: RollupAmounts {
                    recognized: 50,
                    booked: 100,
                    rpo_change: 50,
                    ..RollupAmounts::default()
                },
            }],
        }
    }

    #[test]
    fn postgres_writes_a_lone_new_contract_in_one_statement_prepared_once_per_connection() {
        let Some(database) = TestDatabase::postgres() else {
            return;
        };
        let mut connection =
            DbConnection::Postgres(PgConnection::establish(&database.url).unwrap());
        run_migrations(&mut connection).unwrap();
        for id in ["ctr_1", "ctr_2", "ctr_3"] {
            let write = new_contract(id);
            connection
                .transaction(|connection| apply_writes(connection, &[write], BooksHold::Shared))
                .unwrap();
        }
        // Everything written: three contracts, a version and two lines each, three deltas.
        assert_eq!(
            count(&mut connection, "SELECT count(*) AS count FROM contracts"),
            3
        );
        assert_eq!(
            count(
                &mut connection,
                "SELECT count(*) AS count FROM contract_versions"
            ),
            3
        );
        assert_eq!(
            count(
                &mut connection,
                "SELECT count(*) AS count FROM contract_lines"
            ),
            6
        );
        assert_eq!(
            count(
                &mut connection,
                "SELECT count(*) AS count FROM rollup_deltas"
            ),
            3
        );
        // By one statement, prepared by the first write and reused by the others.
        let prepared: Count = diesel::sql_query(
            "SELECT count(*) AS count FROM pg_prepared_statements WHERE statement LIKE $1",
        )
        .bind::<Text, _>("WITH new_contract AS (INSERT INTO \"contracts\"%")
        .get_result(&mut connection)
        .unwrap();
        assert_eq!(prepared.count, 1);
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn new_contracts_saved_at_once_share_transactions_each_stored() {
        for database in TestDatabase::all() {
            saved_at_once_share_transactions(&database).await;
        }
    }

    async fn saved_at_once_share_transactions(database: &TestDatabase) {
        let store = Arc::new(ContractStore::new(opened(database)));
        let mut saves = tokio::task::JoinSet::new();
        for index in 0..40 {
            let store = Arc::clone(&store);
            saves.spawn(async move { store.save(new_contract(&format!("ctr_{index}"))).await });
        }
        while let Some(saved) = saves.join_next().await {
            saved.unwrap().unwrap();
        }
        let mut connection = store.database.pool.get().unwrap();
        assert_eq!(
            count(&mut connection, "SELECT count(*) AS count FROM contracts"),
            40
        );
        assert_eq!(
            count(
                &mut connection,
                "SELECT count(*) AS count FROM contract_lines"
            ),
            80
        );
        // The saves asked while the first was out went in later transactions together: a
        // transaction appends its contracts' deltas summed, one row per currency.
        let transactions = count(
            &mut connection,
            "SELECT count(*) AS count FROM rollup_deltas",
        );
        assert!(
            (2..=10).contains(&transactions),
            "{transactions} transactions for 40 new contracts"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_close_holding_one_tenants_books_holds_back_no_other_tenants_new_contracts() {
        let Some(database) = TestDatabase::postgres() else {
            return;
        };
        let store = Arc::new(ContractStore::new(opened(&database)));
        // A close of tenant a's books, held open until told.
        let (locked, is_locked) = std::sync::mpsc::channel();
        let (release, is_released) = std::sync::mpsc::channel::<()>();
        let url = database.url.clone();
        let close = std::thread::spawn(move || {
            let mut connection = DbConnection::Postgres(PgConnection::establish(&url).unwrap());
            connection
                .transaction(|connection| {
                    crate::books_lock::lock_for_close(connection, "tenant_a")?;
                    locked.send(()).unwrap();
                    is_released.recv().unwrap();
                    Ok::<_, StoreError>(())
                })
                .unwrap();
        });
        is_locked.recv().unwrap();
        let waiting = {
            let store = Arc::clone(&store);
            tokio::spawn(async move { store.save(new_contract_of("tenant_a", "ctr_a")).await })
        };
        // Tenant a's write is out, waiting for the close.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert!(!waiting.is_finished());
        let other = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            store.save(new_contract_of("tenant_b", "ctr_b")),
        )
        .await;
        assert!(matches!(other, Ok(Ok(()))), "{other:?}");
        release.send(()).unwrap();
        close.join().unwrap();
        waiting.await.unwrap().unwrap();
    }

    #[test]
    fn idle_batchers_of_many_tenants_are_dropped_and_the_held_ones_kept() {
        let database = TestDatabase::sqlite();
        let store = ContractStore::new(opened(&database));
        let held = store.new_contracts_of("tenant_held");
        for index in 1..IDLE_BATCHERS_KEPT {
            store.new_contracts_of(&format!("tenant_{index}"));
        }
        let kept = |store: &ContractStore| store.new_contracts.lock().unwrap().len();
        assert_eq!(kept(&store), IDLE_BATCHERS_KEPT);
        // One tenant more: the idle ones go, the held one stays and is the same batcher.
        store.new_contracts_of("tenant_new");
        assert_eq!(kept(&store), 2);
        assert!(Arc::ptr_eq(&held, &store.new_contracts_of("tenant_held")));
    }

    #[test]
    fn a_batch_of_new_contracts_answers_each_its_own_outcome_when_one_fails() {
        for database in TestDatabase::all() {
            let pool = connect_and_migrate(&DatabaseUrl::parse(&database.url).unwrap(), 1).unwrap();
            let mut connection = pool.get().unwrap();
            // The second is the first's id again: together they fail, alone only it does.
            let writes = [
                new_contract("ctr_a"),
                new_contract("ctr_a"),
                new_contract("ctr_b"),
            ];
            let answers = NewContracts::answer_all(&mut connection, &writes).unwrap();
            assert!(answers[0].is_ok(), "{:?}", answers[0]);
            assert!(
                matches!(answers[1], Err(RepositoryError::Conflict(_))),
                "{:?}",
                answers[1]
            );
            assert!(answers[2].is_ok(), "{:?}", answers[2]);
            assert_eq!(
                count(&mut connection, "SELECT count(*) AS count FROM contracts"),
                2
            );
        }
    }
}
