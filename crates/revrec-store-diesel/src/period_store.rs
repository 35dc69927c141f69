//! `PeriodRepository` over Diesel: a tenant's closes and reopens, one row each, never
//! updated. The primary key (tenant, sequence) makes two instances racing to record the
//! same next sequence write once; the other gets a conflict and reads the list again.

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_domain::{Period, PeriodAction};
use revrec_ports::{PeriodEventRecord, PeriodRepository, RepositoryError};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::on_each_backend;
use crate::schema::period_events;

const CLOSE: &str = "close";
const REOPEN: &str = "reopen";

pub struct PeriodStore {
    database: Database,
}

impl PeriodStore {
    pub fn new(database: Database) -> PeriodStore {
        PeriodStore { database }
    }
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

#[async_trait]
impl PeriodRepository for PeriodStore {
    async fn period_events(
        &self,
        tenant_id: &str,
    ) -> Result<Vec<PeriodEventRecord>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<PeriodEventRow> = period_events::table
                .filter(period_events::tenant_id.eq(tenant_id))
                .order(period_events::sequence)
                .select(PeriodEventRow::as_select())
                .load(connection)?;
            rows.into_iter().map(PeriodEventRow::record).collect()
        })
        .await
    }

    async fn append_period_event(
        &self,
        tenant_id: &str,
        event: &PeriodEventRecord,
    ) -> Result<(), RepositoryError> {
        let row = PeriodEventRow::of(tenant_id, event);
        with_connection(&self.database, Access::Write, move |connection| {
            on_each_backend!(&mut *connection, |backend| {
                diesel::insert_into(period_events::table)
                    .values(&row)
                    .execute(backend)
            })?;
            Ok(())
        })
        .await
    }
}
