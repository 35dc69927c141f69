//! `LedgerRepository` over Diesel: a tenant's chart of accounts as versions, one row per
//! account role of each, appended and never rewritten.

use std::collections::BTreeMap;

use async_trait::async_trait;
use diesel::dsl::max;
use diesel::prelude::*;
use revrec_domain::{Account, AccountRole, ChartOfAccounts, PostingControl};
use revrec_ports::{
    AuditEventRecord, AuditQuery, ChartVersion, LedgerRepository, PostingControlRecord,
    RepositoryError,
};

use crate::batcher::{Batched, Batcher};
use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::books_lock::stamp_for_write;
use crate::connection::{DbConnection, on_each_backend};
use crate::schema::{chart_versions, posting_controls};
use crate::version_lock::hold_tenant_versions;

pub struct LedgerStore {
    database: Database,
    /// The reads of posting controls (one before every write), batched on PostgreSQL where
    /// each read is a network round trip.
    posting_controls: Batcher<LatestPostingControls>,
}

impl LedgerStore {
    pub fn new(database: Database) -> LedgerStore {
        LedgerStore {
            posting_controls: Batcher::new(database.clone()),
            database,
        }
    }
}

/// The posting control in force for each tenant asked (none: the default).
struct LatestPostingControls;

impl Batched for LatestPostingControls {
    type Key = String;
    type Answer = Option<PostingControlRecord>;
    const WHAT: &'static str = "a tenant's posting control";
    const LABEL: &'static str = "posting_control";

    fn answer_all(
        connection: &mut DbConnection,
        tenants: &[String],
    ) -> Result<Vec<Option<PostingControlRecord>>, StoreError> {
        let mut latest: BTreeMap<&str, Option<PostingControlRecord>> = BTreeMap::new();
        for tenant_id in tenants {
            if !latest.contains_key(tenant_id.as_str()) {
                latest.insert(tenant_id, latest_posting_control(connection, tenant_id)?);
            }
        }
        Ok(tenants
            .iter()
            .map(|tenant_id| latest.get(tenant_id.as_str()).cloned().flatten())
            .collect())
    }
}

/// The tenant's posting control in force (none: the default).
fn latest_posting_control(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<Option<PostingControlRecord>, StoreError> {
    let latest: Option<PostingControlRow> = posting_controls::table
        .filter(posting_controls::tenant_id.eq(tenant_id))
        .order(posting_controls::version.desc())
        .select(PostingControlRow::as_select())
        .first(connection)
        .optional()?;
    latest.map(PostingControlRow::record).transpose()
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = chart_versions)]
struct AccountRow {
    tenant_id: String,
    version: i64,
    role: String,
    code: String,
    name: String,
    recorded_at: i64,
    books_sequence: i64,
    actor: String,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = posting_controls)]
struct PostingControlRow {
    tenant_id: String,
    version: i64,
    closed_month_writes: String,
    recorded_at: i64,
    actor: String,
}

impl PostingControlRow {
    fn record(self) -> Result<PostingControlRecord, StoreError> {
        let control = PostingControl::parse(&self.closed_month_writes).ok_or_else(|| {
            StoreError::Corrupt(format!("posting control `{}`", self.closed_month_writes))
        })?;
        Ok(PostingControlRecord {
            version: self.version,
            control,
            recorded_at: self.recorded_at,
            actor: self.actor,
        })
    }
}

#[async_trait]
impl LedgerRepository for LedgerStore {
    async fn charts(&self, tenant_id: &str) -> Result<Vec<ChartVersion>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<AccountRow> = chart_versions::table
                .filter(chart_versions::tenant_id.eq(tenant_id))
                .order((chart_versions::version, chart_versions::role))
                .select(AccountRow::as_select())
                .load(connection)?;
            let mut versions: BTreeMap<i64, ChartVersion> = BTreeMap::new();
            for row in rows {
                let role = AccountRole::parse(&row.role)
                    .ok_or_else(|| StoreError::Corrupt(format!("account role `{}`", row.role)))?;
                // Roles a chart saved by an older version lacks keep their defaults.
                let version = versions.entry(row.version).or_insert_with(|| ChartVersion {
                    version: row.version,
                    chart: ChartOfAccounts::default(),
                    recorded_at: row.recorded_at,
                    books_sequence: row.books_sequence,
                    actor: row.actor.clone(),
                });
                *version.chart.account_mut(role) = Account::new(&row.code, &row.name);
            }
            Ok(versions.into_values().collect())
        })
        .await
    }

    async fn save_chart(
        &self,
        tenant_id: &str,
        chart: &ChartOfAccounts,
        recorded_at: i64,
        actor: &str,
    ) -> Result<ChartVersion, RepositoryError> {
        let (tenant_id, chart, actor) = (tenant_id.to_owned(), chart.clone(), actor.to_owned());
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                hold_tenant_versions(connection, &tenant_id)?;
                let books_sequence = stamp_for_write(connection, &tenant_id)?;
                let latest: Option<i64> = chart_versions::table
                    .filter(chart_versions::tenant_id.eq(&tenant_id))
                    .select(max(chart_versions::version))
                    .first(connection)?;
                let version = latest.unwrap_or(0) + 1;
                let rows: Vec<AccountRow> = chart
                    .accounts()
                    .map(|(role, account)| AccountRow {
                        tenant_id: tenant_id.clone(),
                        version,
                        role: role.to_string(),
                        code: account.code.to_string(),
                        name: account.name.to_string(),
                        recorded_at,
                        books_sequence,
                        actor: actor.clone(),
                    })
                    .collect();
                on_each_backend!(&mut *connection, |backend| {
                    diesel::insert_into(chart_versions::table)
                        .values(&rows)
                        .execute(backend)
                })?;
                Ok(ChartVersion {
                    version,
                    chart,
                    recorded_at,
                    books_sequence,
                    actor,
                })
            })
        })
        .await
    }

    async fn posting_control(
        &self,
        tenant_id: &str,
    ) -> Result<Option<PostingControlRecord>, RepositoryError> {
        self.posting_controls.ask(tenant_id.to_owned()).await
    }

    async fn save_posting_control(
        &self,
        tenant_id: &str,
        control: PostingControl,
        recorded_at: i64,
        actor: &str,
    ) -> Result<PostingControlRecord, RepositoryError> {
        let (tenant_id, actor) = (tenant_id.to_owned(), actor.to_owned());
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                hold_tenant_versions(connection, &tenant_id)?;
                let latest: Option<i64> = posting_controls::table
                    .filter(posting_controls::tenant_id.eq(&tenant_id))
                    .select(max(posting_controls::version))
                    .first(connection)?;
                let row = PostingControlRow {
                    tenant_id: tenant_id.clone(),
                    version: latest.unwrap_or(0) + 1,
                    closed_month_writes: control.as_str().to_owned(),
                    recorded_at,
                    actor: actor.clone(),
                };
                on_each_backend!(&mut *connection, |backend| {
                    diesel::insert_into(posting_controls::table)
                        .values(&row)
                        .execute(backend)
                })?;
                row.record()
            })
        })
        .await
    }

    async fn audit_events(
        &self,
        tenant_id: &str,
        query: &AuditQuery,
    ) -> Result<Vec<AuditEventRecord>, RepositoryError> {
        let (tenant_id, query) = (tenant_id.to_owned(), query.clone());
        with_connection(&self.database, Access::Read, move |connection| {
            crate::audit_trail::audit_events(connection, &tenant_id, &query)
        })
        .await
    }
}
