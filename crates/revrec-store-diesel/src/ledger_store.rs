//! `LedgerRepository` over Diesel: one row per account role of a tenant's own chart.

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_domain::{Account, AccountRole, ChartOfAccounts};
use revrec_ports::{LedgerRepository, RepositoryError};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::on_each_backend;
use crate::schema::ledger_accounts;

pub struct LedgerStore {
    database: Database,
}

impl LedgerStore {
    pub fn new(database: Database) -> LedgerStore {
        LedgerStore { database }
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = ledger_accounts)]
struct AccountRow {
    tenant_id: String,
    role: String,
    code: String,
    name: String,
}

#[async_trait]
impl LedgerRepository for LedgerStore {
    async fn chart(&self, tenant_id: &str) -> Result<Option<ChartOfAccounts>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<AccountRow> = ledger_accounts::table
                .filter(ledger_accounts::tenant_id.eq(tenant_id))
                .select(AccountRow::as_select())
                .load(connection)?;
            if rows.is_empty() {
                return Ok(None);
            }
            // Roles a chart saved by an older version lacks keep their defaults.
            let mut chart = ChartOfAccounts::default();
            for row in rows {
                let role = AccountRole::parse(&row.role)
                    .ok_or_else(|| StoreError::Corrupt(format!("account role `{}`", row.role)))?;
                *chart.account_mut(role) = Account {
                    code: row.code,
                    name: row.name,
                };
            }
            Ok(Some(chart))
        })
        .await
    }

    async fn save_chart(
        &self,
        tenant_id: &str,
        chart: &ChartOfAccounts,
    ) -> Result<(), RepositoryError> {
        let rows: Vec<AccountRow> = chart
            .accounts()
            .map(|(role, account)| AccountRow {
                tenant_id: tenant_id.to_owned(),
                role: role.to_string(),
                code: account.code.clone(),
                name: account.name.clone(),
            })
            .collect();
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                diesel::delete(
                    ledger_accounts::table.filter(ledger_accounts::tenant_id.eq(&tenant_id)),
                )
                .execute(connection)?;
                on_each_backend!(&mut *connection, |backend| {
                    diesel::insert_into(ledger_accounts::table)
                        .values(&rows)
                        .execute(backend)
                })?;
                Ok(())
            })
        })
        .await
    }
}
