//! `UsageRepository` over Diesel: counts added with an upsert, so every instance adds to
//! the same rows, and each credential's last use moved forward only.

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::upsert::excluded;
use revrec_ports::{CredentialKind, CredentialUse, RepositoryError, UsageCount, UsageRepository};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::on_each_backend;
use crate::schema::{api_keys, api_usage_daily, oauth_clients};

pub struct UsageStore {
    database: Database,
}

impl UsageStore {
    pub fn new(database: Database) -> UsageStore {
        UsageStore { database }
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = api_usage_daily)]
struct UsageRow {
    tenant_id: String,
    day: String,
    route: String,
    status_class: String,
    requests: i64,
}

#[async_trait]
impl UsageRepository for UsageStore {
    async fn record(
        &self,
        counts: Vec<UsageCount>,
        uses: Vec<CredentialUse>,
    ) -> Result<(), RepositoryError> {
        if counts.is_empty() && uses.is_empty() {
            return Ok(());
        }
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                for count in counts {
                    let row = UsageRow {
                        tenant_id: count.tenant_id,
                        day: count.day,
                        route: count.route,
                        status_class: count.status_class,
                        requests: count.requests,
                    };
                    on_each_backend!(&mut *connection, |backend| {
                        diesel::insert_into(api_usage_daily::table)
                            .values(&row)
                            .on_conflict((
                                api_usage_daily::tenant_id,
                                api_usage_daily::day,
                                api_usage_daily::route,
                                api_usage_daily::status_class,
                            ))
                            .do_update()
                            .set(
                                api_usage_daily::requests
                                    .eq(api_usage_daily::requests
                                        + excluded(api_usage_daily::requests)),
                            )
                            .execute(backend)
                    })?;
                }
                for credential in uses {
                    match credential.kind {
                        CredentialKind::ApiKey => diesel::update(
                            api_keys::table
                                .filter(api_keys::id.eq(&credential.id))
                                .filter(
                                    api_keys::last_used_at
                                        .is_null()
                                        .or(api_keys::last_used_at.lt(credential.at)),
                                ),
                        )
                        .set(api_keys::last_used_at.eq(Some(credential.at)))
                        .execute(connection)?,
                        CredentialKind::OAuthClient => diesel::update(
                            oauth_clients::table
                                .filter(oauth_clients::id.eq(&credential.id))
                                .filter(
                                    oauth_clients::last_used_at
                                        .is_null()
                                        .or(oauth_clients::last_used_at.lt(credential.at)),
                                ),
                        )
                        .set(oauth_clients::last_used_at.eq(Some(credential.at)))
                        .execute(connection)?,
                    };
                }
                Ok::<_, StoreError>(())
            })
        })
        .await
    }

    async fn usage(
        &self,
        tenant_id: &str,
        from: &str,
        to: &str,
    ) -> Result<Vec<UsageCount>, RepositoryError> {
        let (tenant_id, from, to) = (tenant_id.to_owned(), from.to_owned(), to.to_owned());
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<UsageRow> = api_usage_daily::table
                .filter(api_usage_daily::tenant_id.eq(tenant_id))
                .filter(api_usage_daily::day.ge(from))
                .filter(api_usage_daily::day.le(to))
                .order((
                    api_usage_daily::day.asc(),
                    api_usage_daily::route.asc(),
                    api_usage_daily::status_class.asc(),
                ))
                .select(UsageRow::as_select())
                .load(connection)?;
            Ok(rows
                .into_iter()
                .map(|row| UsageCount {
                    tenant_id: row.tenant_id,
                    day: row.day,
                    route: row.route,
                    status_class: row.status_class,
                    requests: row.requests,
                })
                .collect())
        })
        .await
    }
}
