//! `ReportRepository` over Diesel: rollup rows, never contract rows.

use std::collections::BTreeMap;

use async_trait::async_trait;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use revrec_domain::{Currency, Period, Rollup};
use revrec_ports::{ReportRepository, RepositoryError};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::{DbConnection, on_each_backend};
use crate::rollup_deltas::{clear_folded, currency_codes, fold_deltas, read_rollup_lines};
use crate::schema::{contracts, rollup_deltas, rollups};
use crate::write_plans::analyze_young_books;

pub struct ReportStore {
    database: Database,
}

impl ReportStore {
    pub fn new(database: Database) -> ReportStore {
        ReportStore { database }
    }
}

#[async_trait]
impl ReportRepository for ReportStore {
    async fn currencies(&self, tenant_id: &str) -> Result<Vec<Currency>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            distinct_currencies(connection, &tenant_id, true)
        })
        .await
    }

    async fn currencies_ever(&self, tenant_id: &str) -> Result<Vec<Currency>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            distinct_currencies(connection, &tenant_id, false)
        })
        .await
    }

    async fn rollups_in_books(
        &self,
        tenant_id: &str,
        currency: Option<Currency>,
    ) -> Result<(Vec<(Currency, Rollup)>, i64), RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let (lines, latest) = read_rollup_lines(connection, &tenant_id, currency, None)?;
            let mut rollups: BTreeMap<&'static str, (Currency, Rollup)> = BTreeMap::new();
            for (held, key, amounts) in lines {
                rollups
                    .entry(held.code())
                    .or_insert_with(|| (held, Rollup::new()))
                    .1
                    .add(key, &amounts);
            }
            Ok((rollups.into_values().collect(), latest))
        })
        .await
    }

    async fn rollup(
        &self,
        tenant_id: &str,
        currency: Currency,
        through: Option<Period>,
    ) -> Result<Rollup, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            read_rollup(connection, &tenant_id, currency, through)
        })
        .await
    }

    async fn tenants(&self) -> Result<Vec<String>, RepositoryError> {
        with_connection(&self.database, Access::Read, |connection| {
            let mut tenants: Vec<String> = contracts::table
                .select(contracts::tenant_id)
                .distinct()
                .load(connection)?;
            tenants.extend(on_each_backend!(&mut *connection, |backend| {
                rollups::table
                    .select(rollups::tenant_id)
                    .union(rollup_deltas::table.select(rollup_deltas::tenant_id))
                    .load::<String>(backend)
            })?);
            tenants.sort();
            tenants.dedup();
            Ok(tenants)
        })
        .await
    }

    async fn ping(&self) -> Result<(), RepositoryError> {
        with_connection(&self.database, Access::Read, |connection| {
            Ok(connection.batch_execute("SELECT 1")?)
        })
        .await
    }

    async fn fold_rollups(&self) -> Result<usize, RepositoryError> {
        with_connection(&self.database, Access::Write, |connection| {
            let folded = fold_deltas(connection)?;
            if folded > 0 {
                clear_folded(connection)?;
                // Deltas come from writes, which may have grown young books.
                analyze_young_books(connection)?;
            }
            Ok(folded)
        })
        .await
    }
}

/// The currencies of the tenant's rollups, folded rows and appended ones, in code order:
/// with `with_figures`, of the months inside the calendar holding a report figure
/// (revenue, billing or a change of remaining obligations, `Rollup::has_figures`), each
/// month's rows summed first (they can cancel out); otherwise of every row.
fn distinct_currencies(
    connection: &mut DbConnection,
    tenant_id: &str,
    with_figures: bool,
) -> Result<Vec<Currency>, StoreError> {
    if !with_figures {
        let mut codes = currency_codes(connection, tenant_id)?;
        codes.sort_unstable();
        return codes.iter().map(|code| currency_of(code)).collect();
    }
    let (lines, _) = read_rollup_lines(connection, tenant_id, None, None)?;
    let mut codes: Vec<Currency> = lines
        .into_iter()
        .filter(|(_, _, amounts)| {
            amounts.recognized != 0 || amounts.booked != 0 || amounts.rpo_change != 0
        })
        .map(|(currency, ..)| currency)
        .collect();
    codes.dedup();
    Ok(codes)
}

fn currency_of(code: &str) -> Result<Currency, StoreError> {
    Currency::from_code(code).map_err(|_| StoreError::Corrupt(format!("currency `{code}`")))
}

/// The tenant's rollup in one currency, months up to and including `through` (all when
/// `None`): what reports read, and what a close freezes.
pub(crate) fn read_rollup(
    connection: &mut DbConnection,
    tenant_id: &str,
    currency: Currency,
    through: Option<Period>,
) -> Result<Rollup, StoreError> {
    // Months outside the calendar can only come from contracts stored before the calendar
    // was checked: `revrec verify` names them and `revrec repair-calendar` takes them off
    // the books; until then reports leave those months out instead of failing for the
    // whole tenant.
    let (lines, _) = read_rollup_lines(connection, tenant_id, Some(currency), through)?;
    Ok(Rollup::from_rows(
        lines.into_iter().map(|(_, key, amounts)| (key, amounts)),
    ))
}
