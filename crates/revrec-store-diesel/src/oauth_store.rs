//! `OAuthRepository` over Diesel: clients, and access tokens kept as digests.

use std::collections::BTreeMap;

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{
    AccessTokenRecord, ActiveToken, OAuthClientRecord, OAuthRepository, RepositoryError, Scope,
};

use crate::batcher::{Batched, Batcher};
use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::DbConnection;
use crate::rows::{plan, scopes};
use crate::schema::{oauth_clients, oauth_tokens};

pub struct OAuthStore {
    database: Database,
    /// Every request with an access token looks it up: in batches on PostgreSQL.
    tokens: Batcher<ActiveTokens>,
}

impl OAuthStore {
    pub fn new(database: Database) -> OAuthStore {
        OAuthStore {
            tokens: Batcher::new(database.clone()),
            database,
        }
    }
}

/// The token a digest names, if it is active at the instant its request asked: one query
/// for a batch (by digest, the earliest instant's expiry), each request's own instant then
/// judged here, so a token is refused from its expiry exactly as one lookup at a time did.
struct ActiveTokens;

/// A token's digest, tenant, client, scopes, the client's plan, issue and expiry.
type TokenColumns = (String, String, String, String, String, i64, i64);

impl Batched for ActiveTokens {
    type Key = (String, i64);
    type Answer = Option<ActiveToken>;
    const WHAT: &'static str = "an access token";
    const LABEL: &'static str = "access_token";

    fn answer_all(
        connection: &mut DbConnection,
        keys: &[(String, i64)],
    ) -> Result<Vec<Option<ActiveToken>>, StoreError> {
        let digests: Vec<&str> = keys.iter().map(|(digest, _)| digest.as_str()).collect();
        let earliest = keys.iter().map(|(_, now)| *now).min().unwrap_or(i64::MAX);
        let rows: Vec<TokenColumns> = oauth_tokens::table
            .inner_join(
                oauth_clients::table.on(oauth_clients::tenant_id
                    .eq(oauth_tokens::tenant_id)
                    .and(oauth_clients::id.eq(oauth_tokens::client_id))),
            )
            .filter(oauth_tokens::digest.eq_any(&digests))
            .filter(oauth_tokens::expires_at.gt(earliest))
            .filter(oauth_tokens::revoked_at.is_null())
            .filter(oauth_clients::revoked_at.is_null())
            .select((
                oauth_tokens::digest,
                oauth_tokens::tenant_id,
                oauth_tokens::client_id,
                oauth_tokens::scopes,
                oauth_clients::plan,
                oauth_tokens::issued_at,
                oauth_tokens::expires_at,
            ))
            .load(connection)?;
        let mut by_digest: BTreeMap<&str, Vec<&TokenColumns>> = BTreeMap::new();
        for row in &rows {
            by_digest.entry(row.0.as_str()).or_default().push(row);
        }
        keys.iter()
            .map(|(digest, now)| {
                by_digest
                    .get(digest.as_str())
                    .and_then(|found| found.iter().find(|row| row.6 > *now))
                    .map(
                        |&(
                            _,
                            tenant_id,
                            client_id,
                            token_scopes,
                            client_plan,
                            issued_at,
                            expires_at,
                        )| {
                            Ok(ActiveToken {
                                tenant_id: tenant_id.clone(),
                                client_id: client_id.clone(),
                                scopes: scopes(token_scopes)?,
                                plan: plan(client_plan)?,
                                issued_at: *issued_at,
                                expires_at: *expires_at,
                            })
                        },
                    )
                    .transpose()
            })
            .collect()
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = oauth_clients, treat_none_as_default_value = false)]
struct ClientRow {
    tenant_id: String,
    id: String,
    name: String,
    secret_digest: String,
    scopes: String,
    plan: String,
    created_at: i64,
    revoked_at: Option<i64>,
    last_used_at: Option<i64>,
}

impl From<&OAuthClientRecord> for ClientRow {
    fn from(client: &OAuthClientRecord) -> ClientRow {
        ClientRow {
            tenant_id: client.tenant_id.clone(),
            id: client.id.clone(),
            name: client.name.clone(),
            secret_digest: client.secret_digest.clone(),
            scopes: Scope::join(&client.scopes),
            plan: client.plan.as_str().to_owned(),
            created_at: client.created_at,
            revoked_at: client.revoked_at,
            last_used_at: client.last_used_at,
        }
    }
}

impl TryFrom<ClientRow> for OAuthClientRecord {
    type Error = StoreError;

    fn try_from(row: ClientRow) -> Result<OAuthClientRecord, StoreError> {
        Ok(OAuthClientRecord {
            scopes: scopes(&row.scopes)?,
            plan: plan(&row.plan)?,
            id: row.id,
            tenant_id: row.tenant_id,
            name: row.name,
            secret_digest: row.secret_digest,
            created_at: row.created_at,
            revoked_at: row.revoked_at,
            last_used_at: row.last_used_at,
        })
    }
}

#[derive(Insertable, Clone, Debug)]
#[diesel(table_name = oauth_tokens)]
struct TokenRow {
    tenant_id: String,
    digest: String,
    client_id: String,
    scopes: String,
    issued_at: i64,
    expires_at: i64,
}

#[async_trait]
impl OAuthRepository for OAuthStore {
    async fn insert_client(&self, client: &OAuthClientRecord) -> Result<(), RepositoryError> {
        let row = ClientRow::from(client);
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::insert_into(oauth_clients::table)
                .values(&row)
                .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn find_client(&self, id: &str) -> Result<Option<OAuthClientRecord>, RepositoryError> {
        let id = id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let row: Option<ClientRow> = oauth_clients::table
                .filter(oauth_clients::id.eq(id))
                .select(ClientRow::as_select())
                .first(connection)
                .optional()?;
            row.map(OAuthClientRecord::try_from).transpose()
        })
        .await
    }

    async fn list_clients(
        &self,
        tenant_id: Option<String>,
    ) -> Result<Vec<OAuthClientRecord>, RepositoryError> {
        with_connection(&self.database, Access::Read, move |connection| {
            let mut query = oauth_clients::table.into_boxed();
            if let Some(tenant) = tenant_id {
                query = query.filter(oauth_clients::tenant_id.eq(tenant));
            }
            let rows: Vec<ClientRow> = query
                .order((oauth_clients::created_at.asc(), oauth_clients::id.asc()))
                .select(ClientRow::as_select())
                .load(connection)?;
            rows.into_iter().map(OAuthClientRecord::try_from).collect()
        })
        .await
    }

    async fn revoke_client(
        &self,
        tenant_id: Option<String>,
        id: &str,
        at: i64,
    ) -> Result<bool, RepositoryError> {
        let id = id.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            let unrevoked = oauth_clients::id
                .eq(id)
                .and(oauth_clients::revoked_at.is_null());
            let revoked_at = oauth_clients::revoked_at.eq(Some(at));
            let updated = match tenant_id {
                Some(tenant) => diesel::update(
                    oauth_clients::table.filter(unrevoked.and(oauth_clients::tenant_id.eq(tenant))),
                )
                .set(revoked_at)
                .execute(connection)?,
                None => diesel::update(oauth_clients::table.filter(unrevoked))
                    .set(revoked_at)
                    .execute(connection)?,
            };
            Ok(updated > 0)
        })
        .await
    }

    async fn insert_token(
        &self,
        token: &AccessTokenRecord,
        now: i64,
    ) -> Result<(), RepositoryError> {
        let row = TokenRow {
            tenant_id: token.tenant_id.clone(),
            digest: token.digest.clone(),
            client_id: token.client_id.clone(),
            scopes: Scope::join(&token.scopes),
            issued_at: token.issued_at,
            expires_at: token.expires_at,
        };
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                // Expired tokens are never valid again; forgetting them keeps the table
                // the size of the tokens in use.
                diesel::delete(oauth_tokens::table.filter(oauth_tokens::expires_at.le(now)))
                    .execute(connection)?;
                diesel::insert_into(oauth_tokens::table)
                    .values(&row)
                    .execute(connection)?;
                Ok(())
            })
        })
        .await
    }

    async fn find_active_token(
        &self,
        digest: &str,
        now: i64,
    ) -> Result<Option<ActiveToken>, RepositoryError> {
        self.tokens.ask((digest.to_owned(), now)).await
    }

    async fn revoke_token(
        &self,
        tenant_id: &str,
        client_id: &str,
        digest: &str,
        at: i64,
    ) -> Result<bool, RepositoryError> {
        let (tenant_id, client_id, digest) = (
            tenant_id.to_owned(),
            client_id.to_owned(),
            digest.to_owned(),
        );
        with_connection(&self.database, Access::Write, move |connection| {
            // One statement: the owner check and the mark cannot be split by another write.
            let updated = diesel::update(
                oauth_tokens::table
                    .filter(oauth_tokens::tenant_id.eq(tenant_id))
                    .filter(oauth_tokens::digest.eq(digest))
                    .filter(oauth_tokens::client_id.eq(client_id))
                    .filter(oauth_tokens::revoked_at.is_null()),
            )
            .set(oauth_tokens::revoked_at.eq(Some(at)))
            .execute(connection)?;
            Ok(updated > 0)
        })
        .await
    }
}
