//! `ReportRepository` over Diesel: rollup rows, never contract rows.

use std::collections::BTreeMap;

use async_trait::async_trait;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use revrec_domain::{Currency, Period, Rollup, calendar};
use revrec_ports::{ReportRepository, RepositoryError};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::books_lock::{latest_sequence, latest_sequence_of};
use crate::connection::DbConnection;
use crate::rollup_stripes::fold_stripes;
use crate::rows::RollupRow;
use crate::schema::{contracts, rollups};

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
            let rows: Vec<(RollupRow, Option<i64>)> = rollup_rows(&tenant_id, currency, None)
                .select((RollupRow::as_select(), latest_sequence_of(&tenant_id)))
                .load(connection)?;
            // With no row the statement answers nothing, the latest sequence included.
            let latest = match rows.first() {
                Some((_, latest)) => latest.unwrap_or(0),
                None => latest_sequence(connection, &tenant_id)?,
            };
            let mut rollups: BTreeMap<&'static str, (Currency, Rollup)> = BTreeMap::new();
            for (row, _) in rows {
                let held = currency_of(&row.currency)?;
                let (key, amounts) = row.key_and_amounts()?;
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
            tenants.extend(
                rollups::table
                    .select(rollups::tenant_id)
                    .distinct()
                    .load::<String>(connection)?,
            );
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

    async fn fold_rollup_stripes(&self) -> Result<usize, RepositoryError> {
        with_connection(&self.database, Access::Write, fold_stripes).await
    }
}

/// The currencies of the tenant's rollup rows, in code order: with `with_figures`, of the
/// months inside the calendar holding a report figure (revenue, billing or a change of
/// remaining obligations, `Rollup::has_figures`), a month's stripes summed first (stripes
/// of one month can cancel out); otherwise of every row.
fn distinct_currencies(
    connection: &mut DbConnection,
    tenant_id: &str,
    with_figures: bool,
) -> Result<Vec<Currency>, StoreError> {
    if !with_figures {
        let codes: Vec<String> = rollups::table
            .filter(rollups::tenant_id.eq(tenant_id))
            .select(rollups::currency)
            .distinct()
            .order(rollups::currency.asc())
            .load(connection)?;
        return codes.iter().map(|code| currency_of(code)).collect();
    }
    let rows: Vec<(String, String, String, String, i64, i64, i64)> = rollups::table
        .filter(rollups::tenant_id.eq(tenant_id))
        .filter(rollups::period.ge(calendar_first().to_string()))
        .filter(rollups::period.le(calendar_last().to_string()))
        .filter(
            rollups::recognized
                .ne(0)
                .or(rollups::booked.ne(0))
                .or(rollups::rpo_change.ne(0)),
        )
        .select((
            rollups::currency,
            rollups::period,
            rollups::pob_type,
            rollups::timing,
            rollups::recognized,
            rollups::booked,
            rollups::rpo_change,
        ))
        .load(connection)?;
    // i128: a month's stripes each within 64 bits, summed without overflowing.
    let mut months: BTreeMap<(&str, &str, &str, &str), [i128; 3]> = BTreeMap::new();
    for (currency, period, pob_type, timing, recognized, booked, rpo_change) in &rows {
        let sums = months
            .entry((currency, period, pob_type, timing))
            .or_default();
        for (sum, figure) in sums.iter_mut().zip([recognized, booked, rpo_change]) {
            *sum += i128::from(*figure);
        }
    }
    let mut codes: Vec<&str> = months
        .into_iter()
        .filter(|(_, sums)| sums.iter().any(|sum| *sum != 0))
        .map(|((currency, ..), _)| currency)
        .collect();
    codes.dedup();
    codes.into_iter().map(currency_of).collect()
}

fn currency_of(code: &str) -> Result<Currency, StoreError> {
    Currency::from_code(code).map_err(|_| StoreError::Corrupt(format!("currency `{code}`")))
}

/// The tenant's rollup in one currency, rows up to and including `through` (all rows when
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
    let rows: Vec<RollupRow> = rollup_rows(tenant_id, Some(currency), through)
        .select(RollupRow::as_select())
        .load(connection)?;
    let mut rollup = Rollup::new();
    for row in rows {
        let (key, amounts) = row.key_and_amounts()?;
        rollup.add(key, &amounts);
    }
    Ok(rollup)
}

/// The tenant's rollup rows inside the calendar, in `currency` (every one when `None`),
/// through `through`.
fn rollup_rows<'a>(
    tenant_id: &'a str,
    currency: Option<Currency>,
    through: Option<Period>,
) -> rollups::BoxedQuery<'a, crate::connection::MultiBackend> {
    let mut query = rollups::table
        .filter(rollups::tenant_id.eq(tenant_id))
        .filter(rollups::period.ge(calendar_first().to_string()))
        .filter(rollups::period.le(calendar_last().to_string()))
        .into_boxed();
    if let Some(currency) = currency {
        query = query.filter(rollups::currency.eq(currency.code()));
    }
    if let Some(last) = through {
        // `YYYY-MM` text sorts like the months it names.
        query = query.filter(rollups::period.le(last.to_string()));
    }
    query
}

fn calendar_first() -> Period {
    Period::of(calendar::first_day())
}

fn calendar_last() -> Period {
    Period::of(calendar::last_day())
}
