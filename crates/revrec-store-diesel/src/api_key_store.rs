//! `ApiKeyRepository` over Diesel.

use std::collections::BTreeMap;

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{ApiKeyRecord, ApiKeyRepository, RepositoryError};

use crate::batcher::{Batched, Batcher};
use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::DbConnection;
use crate::rows::ApiKeyRow;
use crate::schema::api_keys;

pub struct ApiKeyStore {
    database: Database,
    /// The lookups that authenticate requests, batched on PostgreSQL where each read is a
    /// network round trip. A revoked key is refused by the next request that asks after
    /// the revocation committed, whichever instance revoked it.
    lookups: Batcher<KeysByDigest>,
}

impl ApiKeyStore {
    pub fn new(database: Database) -> ApiKeyStore {
        ApiKeyStore {
            lookups: Batcher::new(database.clone()),
            database,
        }
    }
}

/// The key each digest asked names, if any: one query for a batch.
struct KeysByDigest;

impl Batched for KeysByDigest {
    type Key = String;
    type Answer = Option<ApiKeyRecord>;
    const WHAT: &'static str = "an API key";
    const LABEL: &'static str = "api_key";

    fn answer_all(
        connection: &mut DbConnection,
        digests: &[String],
    ) -> Result<Vec<Option<ApiKeyRecord>>, StoreError> {
        let rows: Vec<ApiKeyRow> = api_keys::table
            .filter(api_keys::digest.eq_any(digests))
            .select(ApiKeyRow::as_select())
            .load(connection)?;
        let found: BTreeMap<String, ApiKeyRecord> = rows
            .into_iter()
            .map(|row| {
                let digest = row.digest.clone();
                ApiKeyRecord::try_from(row).map(|key| (digest, key))
            })
            .collect::<Result<_, _>>()?;
        Ok(digests
            .iter()
            .map(|digest| found.get(digest).cloned())
            .collect())
    }
}

#[async_trait]
impl ApiKeyRepository for ApiKeyStore {
    async fn find_by_digest(&self, digest: &str) -> Result<Option<ApiKeyRecord>, RepositoryError> {
        self.lookups.ask(digest.to_owned()).await
    }

    async fn insert(&self, key: &ApiKeyRecord) -> Result<(), RepositoryError> {
        let row = ApiKeyRow::from(key);
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::insert_into(api_keys::table)
                .values(&row)
                .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn list(&self, tenant_id: Option<String>) -> Result<Vec<ApiKeyRecord>, RepositoryError> {
        with_connection(&self.database, Access::Read, move |connection| {
            let mut query = api_keys::table.into_boxed();
            if let Some(tenant) = tenant_id {
                query = query.filter(api_keys::tenant_id.eq(tenant));
            }
            let rows: Vec<ApiKeyRow> = query
                .order((api_keys::created_at.asc(), api_keys::id.asc()))
                .select(ApiKeyRow::as_select())
                .load(connection)?;
            rows.into_iter().map(ApiKeyRecord::try_from).collect()
        })
        .await
    }

    async fn revoke(
        &self,
        tenant_id: Option<String>,
        id: &str,
        at: i64,
    ) -> Result<bool, RepositoryError> {
        let id = id.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            let unrevoked = api_keys::id.eq(id).and(api_keys::revoked_at.is_null());
            let revoked_at = api_keys::revoked_at.eq(Some(at));
            let updated = match tenant_id {
                Some(tenant) => diesel::update(
                    api_keys::table.filter(unrevoked.and(api_keys::tenant_id.eq(tenant))),
                )
                .set(revoked_at)
                .execute(connection)?,
                None => diesel::update(api_keys::table.filter(unrevoked))
                    .set(revoked_at)
                    .execute(connection)?,
            };
            Ok(updated > 0)
        })
        .await
    }
}
