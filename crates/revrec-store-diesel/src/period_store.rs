//! `PeriodRepository` over Diesel: a tenant's closes and reopens, one row each, and what
//! each close froze of the portfolio rollups, never updated. The primary key (tenant,
//! sequence) makes two instances racing to record the same next sequence write once; the
//! other gets a conflict and reads the list again. What a close freezes is the use case's
//! rule ([`FreezeRule`]): this store reads what it needs under the books lock and writes
//! the rows the rule returns.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_domain::{
    ClosedPeriods, Currency, FrozenRow, OutputHash, Period, PeriodAction, RollupBooks, frozen_spans,
};
use revrec_ports::{
    ClosedMonthRecord, FreezeInput, FreezeRule, PeriodEventRecord, PeriodRepository,
    RepositoryError,
};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::books_lock::lock_for_close;
use crate::connection::{DbConnection, append_rows, on_each_backend};
use crate::report_store::read_rollup;
use crate::rollup_deltas::currency_codes;
use crate::rows::RollupRow;
use crate::schema::{closed_months, frozen_rollups, period_events};

const CLOSE: &str = "close";
const REOPEN: &str = "reopen";

pub struct PeriodStore {
    database: Database,
    /// Each tenant's closes and reopens as last read, by tenant: the list is append-only,
    /// so a list whose last sequence is the latest one is the list.
    known: Mutex<HashMap<String, Arc<Vec<PeriodEventRecord>>>>,
    /// What each tenant's closes froze, per currency, by the sequence of the latest close
    /// or reopen it was read under: nothing frozen ever changes, so a report reads the
    /// frozen rows once per close instead of once per request.
    frozen: Arc<Mutex<FrozenCache>>,
}

/// Tenants whose lists are kept at most; past it the cache starts over.
const KNOWN_TENANTS: usize = 10_000;

impl PeriodStore {
    pub fn new(database: Database) -> PeriodStore {
        PeriodStore {
            database,
            known: Mutex::new(HashMap::new()),
            frozen: Arc::default(),
        }
    }

    /// What the tenant's closes froze in `currency`. Under a known `latest` close or
    /// reopen, from the cache when it was read under that one; otherwise (and always
    /// without `latest`: what an audit reads, which must see the database itself) from the
    /// database, and kept.
    async fn frozen_under(
        &self,
        tenant_id: &str,
        currency: Currency,
        latest: Option<i64>,
    ) -> Result<RollupBooks, RepositoryError> {
        let key = (tenant_id.to_owned(), currency);
        if let Some(latest) = latest
            && let Some((sequence, books)) = hold(&self.frozen).get(&key)
            && *sequence == latest
        {
            return Ok(books.as_ref().clone());
        }
        let frozen = Arc::clone(&self.frozen);
        with_connection(&self.database, Access::Read, move |connection| {
            let events = period_events_of(connection, &key.0)?;
            let books = books_in_force(connection, &key.0, currency, &events)?;
            // Kept under the list's own last sequence: a close recorded between the two
            // reads is not in `events`, and so not in what was read for them either.
            let read_under = events.last().map_or(0, |event| event.sequence);
            let mut cache = hold(&frozen);
            if cache.len() >= KNOWN_TENANTS {
                cache.clear();
            }
            cache.insert(key, (read_under, Arc::new(books.clone())));
            Ok(books)
        })
        .await
    }

    fn known(&self) -> MutexGuard<'_, HashMap<String, Arc<Vec<PeriodEventRecord>>>> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What each tenant's closes froze, per currency, by the sequence it was read under.
type FrozenCache = HashMap<(String, Currency), (i64, Arc<RollupBooks>)>;

fn hold(frozen: &Mutex<FrozenCache>) -> MutexGuard<'_, FrozenCache> {
    frozen.lock().unwrap_or_else(PoisonError::into_inner)
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = period_events)]
struct PeriodEventRow {
    tenant_id: String,
    sequence: i64,
    action: String,
    period: String,
    recorded_at: i64,
    actor: String,
    reason: Option<String>,
}

impl PeriodEventRow {
    fn of(tenant_id: &str, event: &PeriodEventRecord) -> PeriodEventRow {
        let (action, period) = match event.action {
            PeriodAction::Close { through } => (CLOSE, through),
            PeriodAction::Reopen { from } => (REOPEN, from),
        };
        PeriodEventRow {
            tenant_id: tenant_id.to_owned(),
            sequence: event.sequence,
            action: action.to_owned(),
            period: period.to_string(),
            recorded_at: event.recorded_at,
            actor: event.actor.clone(),
            reason: event.reason.clone(),
        }
    }

    fn record(self) -> Result<PeriodEventRecord, StoreError> {
        let period = Period::parse(&self.period)
            .map_err(|_| StoreError::Corrupt(format!("period '{}'", self.period)))?;
        let action = match self.action.as_str() {
            CLOSE => PeriodAction::Close { through: period },
            REOPEN => PeriodAction::Reopen { from: period },
            other => return Err(StoreError::Corrupt(format!("period action '{other}'"))),
        };
        Ok(PeriodEventRecord {
            sequence: self.sequence,
            action,
            recorded_at: self.recorded_at,
            actor: self.actor,
            reason: self.reason,
        })
    }
}

/// One month a close froze, with its digest.
#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = closed_months)]
struct ClosedMonthRow {
    tenant_id: String,
    close_sequence: i64,
    period: String,
    digest: String,
}

impl ClosedMonthRow {
    fn of(tenant_id: &str, month: &ClosedMonthRecord) -> ClosedMonthRow {
        ClosedMonthRow {
            tenant_id: tenant_id.to_owned(),
            close_sequence: month.close_sequence,
            period: month.period.to_string(),
            digest: month.digest.as_str().to_owned(),
        }
    }

    fn record(self) -> Result<ClosedMonthRecord, StoreError> {
        Ok(ClosedMonthRecord {
            close_sequence: self.close_sequence,
            period: Period::parse(&self.period)
                .map_err(|_| StoreError::Corrupt(format!("period '{}'", self.period)))?,
            digest: OutputHash::parse(&self.digest)
                .ok_or_else(|| StoreError::Corrupt(format!("digest '{}'", self.digest)))?,
        })
    }
}

#[async_trait]
impl PeriodRepository for PeriodStore {
    async fn closed_months(
        &self,
        tenant_id: &str,
    ) -> Result<Vec<ClosedMonthRecord>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<ClosedMonthRow> = closed_months::table
                .filter(closed_months::tenant_id.eq(&tenant_id))
                .order((closed_months::close_sequence, closed_months::period))
                .select(ClosedMonthRow::as_select())
                .load(connection)?;
            rows.into_iter().map(ClosedMonthRow::record).collect()
        })
        .await
    }

    async fn record_closed_months(
        &self,
        tenant_id: &str,
        months: &[ClosedMonthRecord],
    ) -> Result<(), RepositoryError> {
        let rows: Vec<ClosedMonthRow> = months
            .iter()
            .map(|month| ClosedMonthRow::of(tenant_id, month))
            .collect();
        with_connection(&self.database, Access::Write, move |connection| {
            // A row at a time: SQLite takes no multi-row insert that skips conflicts. A
            // close records a few hundred months at most (the calendar holds 3,600).
            connection.transaction(|connection| {
                for row in &rows {
                    on_each_backend!(&mut *connection, |backend| {
                        diesel::insert_into(closed_months::table)
                            .values(row)
                            .on_conflict_do_nothing()
                            .execute(backend)
                    })?;
                }
                Ok(())
            })
        })
        .await
    }

    async fn period_events(
        &self,
        tenant_id: &str,
    ) -> Result<Vec<PeriodEventRecord>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            period_events_of(connection, &tenant_id)
        })
        .await
    }

    async fn append_period_event(
        &self,
        tenant_id: &str,
        event: &PeriodEventRecord,
        freeze_rule: FreezeRule,
    ) -> Result<(), RepositoryError> {
        let row = PeriodEventRow::of(tenant_id, event);
        let (tenant_id, event) = (tenant_id.to_owned(), event.clone());
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                lock_for_close(connection, &tenant_id)?;
                if let PeriodAction::Close { through } = event.action {
                    freeze(
                        connection,
                        &tenant_id,
                        (event.sequence, through),
                        freeze_rule,
                    )?;
                }
                on_each_backend!(&mut *connection, |backend| {
                    diesel::insert_into(period_events::table)
                        .values(&row)
                        .execute(backend)
                })?;
                Ok(())
            })
        })
        .await
    }

    async fn frozen_rollup(
        &self,
        tenant_id: &str,
        currency: Currency,
    ) -> Result<RollupBooks, RepositoryError> {
        self.frozen_under(tenant_id, currency, None).await
    }

    async fn frozen_rollup_at(
        &self,
        tenant_id: &str,
        currency: Currency,
        latest: i64,
    ) -> Result<RollupBooks, RepositoryError> {
        self.frozen_under(tenant_id, currency, Some(latest)).await
    }

    async fn period_events_at(
        &self,
        tenant_id: &str,
        latest: i64,
    ) -> Result<Vec<PeriodEventRecord>, RepositoryError> {
        if latest == 0 {
            return Ok(Vec::new());
        }
        let last_of = |events: &[PeriodEventRecord]| events.last().map_or(0, |e| e.sequence);
        if let Some(events) = self.known().get(tenant_id)
            && last_of(events) == latest
        {
            return Ok(events.as_ref().clone());
        }
        let events = self.period_events(tenant_id).await?;
        let mut known = self.known();
        if known.len() >= KNOWN_TENANTS {
            known.clear();
        }
        let newer = known
            .get(tenant_id)
            .is_none_or(|held| last_of(held) < last_of(&events));
        if newer {
            known.insert(tenant_id.to_owned(), Arc::new(events.clone()));
        }
        Ok(events)
    }

    async fn frozen_rollup_as_of(
        &self,
        tenant_id: &str,
        currency: Currency,
        as_of: i64,
    ) -> Result<RollupBooks, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let mut events = period_events_of(connection, &tenant_id)?;
            events.retain(|event| event.recorded_at <= as_of);
            books_in_force(connection, &tenant_id, currency, &events)
        })
        .await
    }
}

fn period_events_of(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<Vec<PeriodEventRecord>, StoreError> {
    let rows: Vec<PeriodEventRow> = period_events::table
        .filter(period_events::tenant_id.eq(tenant_id))
        .order(period_events::sequence)
        .select(PeriodEventRow::as_select())
        .load(connection)?;
    rows.into_iter().map(PeriodEventRow::record).collect()
}

/// Writes, for close `sequence` (closing through `through`), what `rule` freezes of every
/// currency's portfolio rollup, from the rollup as it stands and the books in force.
fn freeze(
    connection: &mut DbConnection,
    tenant_id: &str,
    (sequence, through): (i64, Period),
    rule: FreezeRule,
) -> Result<(), StoreError> {
    let events = period_events_of(connection, tenant_id)?;
    // A currency at a time: a tenant of many currencies holds one currency's rows at once.
    for currency in currencies_of(connection, tenant_id)? {
        let restated = read_rollup(connection, tenant_id, currency, None)?;
        let books = books_in_force(connection, tenant_id, currency, &events)?;
        let frozen = rule(FreezeInput {
            sequence,
            through,
            events: &events,
            currency,
            restated: &restated,
            books,
        })
        .map_err(StoreError::Refused)?;
        let rows: Vec<FrozenRollupRow> = frozen
            .into_iter()
            .map(|row| FrozenRollupRow::new(tenant_id, sequence, currency, row))
            .collect();
        append_rows!(&mut *connection, frozen_rollups::table, &rows, 500)?;
    }
    Ok(())
}

/// Every currency the tenant's rollups (folded rows and appended deltas, read in one
/// statement) or frozen rows hold, in code order.
fn currencies_of(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<Vec<Currency>, StoreError> {
    let mut codes = currency_codes(connection, tenant_id)?;
    codes.extend(
        frozen_rollups::table
            .filter(frozen_rollups::tenant_id.eq(tenant_id))
            .select(frozen_rollups::currency)
            .distinct()
            .load::<String>(connection)?,
    );
    codes.sort_unstable();
    codes.dedup();
    codes
        .iter()
        .map(|code| {
            Currency::from_code(code).map_err(|_| StoreError::Corrupt(format!("currency '{code}'")))
        })
        .collect()
}

/// What the closes in force after `events` froze of the tenant's rollup in `currency`.
fn books_in_force(
    connection: &mut DbConnection,
    tenant_id: &str,
    currency: Currency,
    events: &[PeriodEventRecord],
) -> Result<RollupBooks, StoreError> {
    let actions = revrec_ports::periods::sequenced_actions(events);
    let spans = frozen_spans(&actions);
    let closed_through =
        ClosedPeriods::after(events.iter().map(|event| &event.action)).closed_through();
    if spans.is_empty() {
        return Ok(RollupBooks::from_frozen(closed_through, []));
    }
    let sequences: Vec<i64> = spans.iter().map(|span| span.sequence).collect();
    let rows: Vec<FrozenRollupRow> = frozen_rollups::table
        .filter(frozen_rollups::tenant_id.eq(tenant_id))
        .filter(frozen_rollups::currency.eq(currency.code()))
        .filter(frozen_rollups::close_sequence.eq_any(sequences))
        .select(FrozenRollupRow::as_select())
        .load(connection)?;
    let mut frozen = Vec::with_capacity(rows.len());
    for row in rows {
        let in_force = spans.iter().any(|span| {
            span.sequence == row.close_sequence
                && Period::parse(&row.period).is_ok_and(|period| span.contains(period))
        });
        if in_force {
            frozen.push(row.frozen()?);
        }
    }
    Ok(RollupBooks::from_frozen(closed_through, frozen))
}

/// One frozen figure: a rollup row's key and amounts, the close that froze it, and the
/// month it corrects ('' for the month's own figures).
#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = frozen_rollups, treat_none_as_default_value = false)]
struct FrozenRollupRow {
    tenant_id: String,
    close_sequence: i64,
    currency: String,
    period: String,
    pob_type: String,
    timing: String,
    corrects_period: String,
    recognized: i64,
    booked: i64,
    rpo_change: i64,
    rpo_next_12: i64,
    recognized_from_opening: i64,
    asset_change: i64,
    invoiced: i64,
    asset_earned: i64,
    paid: i64,
    credit_change: i64,
    variable_revenue: i64,
}

impl FrozenRollupRow {
    fn new(
        tenant_id: &str,
        sequence: i64,
        currency: Currency,
        frozen: FrozenRow,
    ) -> FrozenRollupRow {
        let row = RollupRow::new(tenant_id, currency.code(), frozen.key, frozen.amounts);
        FrozenRollupRow {
            tenant_id: row.tenant_id,
            close_sequence: sequence,
            currency: row.currency,
            period: row.period,
            pob_type: row.pob_type,
            timing: row.timing,
            corrects_period: frozen
                .corrects
                .map(|period| period.to_string())
                .unwrap_or_default(),
            recognized: row.recognized,
            booked: row.booked,
            rpo_change: row.rpo_change,
            rpo_next_12: row.rpo_next_12,
            recognized_from_opening: row.recognized_from_opening,
            asset_change: row.asset_change,
            invoiced: row.invoiced,
            asset_earned: row.asset_earned,
            paid: row.paid,
            credit_change: row.credit_change,
            variable_revenue: row.variable_revenue,
        }
    }

    fn frozen(self) -> Result<FrozenRow, StoreError> {
        let corrects = match self.corrects_period.as_str() {
            "" => None,
            text => Some(
                Period::parse(text).map_err(|_| StoreError::Corrupt(format!("period '{text}'")))?,
            ),
        };
        let (key, amounts) = RollupRow {
            tenant_id: self.tenant_id,
            currency: self.currency,
            period: self.period,
            pob_type: self.pob_type,
            timing: self.timing,
            recognized: self.recognized,
            booked: self.booked,
            rpo_change: self.rpo_change,
            rpo_next_12: self.rpo_next_12,
            recognized_from_opening: self.recognized_from_opening,
            asset_change: self.asset_change,
            invoiced: self.invoiced,
            asset_earned: self.asset_earned,
            paid: self.paid,
            credit_change: self.credit_change,
            variable_revenue: self.variable_revenue,
        }
        .key_and_amounts()?;
        Ok(FrozenRow {
            key,
            corrects,
            amounts,
        })
    }
}
