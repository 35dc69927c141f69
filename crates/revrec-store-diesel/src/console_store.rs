//! `ConsoleRepository` over Diesel: console users and their sessions.

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{
    ConsoleRepository, ConsoleSessionRecord, ConsoleUserRecord, LockoutPolicy, RepositoryError,
};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::schema::{console_sessions, console_users};

pub struct ConsoleStore {
    database: Database,
}

impl ConsoleStore {
    pub fn new(database: Database) -> ConsoleStore {
        ConsoleStore { database }
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = console_users, treat_none_as_default_value = false)]
struct UserRow {
    tenant_id: String,
    id: String,
    email: String,
    password_hash: String,
    must_change_password: bool,
    created_at: i64,
    failed_attempts: i64,
    locked_until: Option<i64>,
}

impl From<&ConsoleUserRecord> for UserRow {
    fn from(user: &ConsoleUserRecord) -> UserRow {
        UserRow {
            tenant_id: user.tenant_id.clone(),
            id: user.id.clone(),
            email: user.email.clone(),
            password_hash: user.password_hash.clone(),
            must_change_password: user.must_change_password,
            created_at: user.created_at,
            failed_attempts: i64::from(user.failed_attempts),
            locked_until: user.locked_until,
        }
    }
}

impl From<UserRow> for ConsoleUserRecord {
    fn from(row: UserRow) -> ConsoleUserRecord {
        ConsoleUserRecord {
            tenant_id: row.tenant_id,
            id: row.id,
            email: row.email,
            password_hash: row.password_hash,
            must_change_password: row.must_change_password,
            created_at: row.created_at,
            failed_attempts: u32::try_from(row.failed_attempts).unwrap_or(u32::MAX),
            locked_until: row.locked_until,
        }
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = console_sessions)]
struct SessionRow {
    digest: String,
    tenant_id: String,
    user_id: String,
    created_at: i64,
    expires_at: i64,
}

impl From<SessionRow> for ConsoleSessionRecord {
    fn from(row: SessionRow) -> ConsoleSessionRecord {
        ConsoleSessionRecord {
            digest: row.digest,
            tenant_id: row.tenant_id,
            user_id: row.user_id,
            created_at: row.created_at,
            expires_at: row.expires_at,
        }
    }
}

#[async_trait]
impl ConsoleRepository for ConsoleStore {
    async fn insert_user(&self, user: &ConsoleUserRecord) -> Result<(), RepositoryError> {
        let row = UserRow::from(user);
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::insert_into(console_users::table)
                .values(&row)
                .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn find_user(
        &self,
        tenant_id: &str,
        user_id: &str,
    ) -> Result<Option<ConsoleUserRecord>, RepositoryError> {
        let key = (tenant_id.to_owned(), user_id.to_owned());
        with_connection(&self.database, Access::Read, move |connection| {
            let row: Option<UserRow> = console_users::table
                .find(key)
                .select(UserRow::as_select())
                .first(connection)
                .optional()?;
            Ok(row.map(ConsoleUserRecord::from))
        })
        .await
    }

    async fn set_password(
        &self,
        tenant_id: &str,
        user_id: &str,
        password_hash: &str,
        keep_session: &str,
    ) -> Result<(), RepositoryError> {
        let key = (tenant_id.to_owned(), user_id.to_owned());
        let password_hash = password_hash.to_owned();
        let keep_session = keep_session.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                diesel::update(console_users::table.find((&key.0, &key.1)))
                    .set((
                        console_users::password_hash.eq(password_hash),
                        console_users::must_change_password.eq(false),
                    ))
                    .execute(connection)?;
                diesel::delete(
                    console_sessions::table
                        .filter(console_sessions::tenant_id.eq(&key.0))
                        .filter(console_sessions::user_id.eq(&key.1))
                        .filter(console_sessions::digest.ne(keep_session)),
                )
                .execute(connection)?;
                Ok::<_, StoreError>(())
            })
        })
        .await
    }

    async fn find_user_by_email(
        &self,
        email: &str,
    ) -> Result<Option<ConsoleUserRecord>, RepositoryError> {
        let email = email.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let row: Option<UserRow> = console_users::table
                .filter(console_users::email.eq(email))
                .select(UserRow::as_select())
                .first(connection)
                .optional()?;
            Ok(row.map(ConsoleUserRecord::from))
        })
        .await
    }

    async fn record_failed_sign_in(
        &self,
        tenant_id: &str,
        user_id: &str,
        now: i64,
        policy: LockoutPolicy,
    ) -> Result<Option<i64>, RepositoryError> {
        let key = (tenant_id.to_owned(), user_id.to_owned());
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                // The increment is one statement, so concurrent failures each count.
                diesel::update(console_users::table.find((&key.0, &key.1)))
                    .set(console_users::failed_attempts.eq(console_users::failed_attempts + 1))
                    .execute(connection)?;
                let failures: i64 = console_users::table
                    .find((&key.0, &key.1))
                    .select(console_users::failed_attempts)
                    .first(connection)?;
                if failures < i64::from(policy.max_failures) {
                    return Ok::<_, StoreError>(None);
                }
                let until = now.saturating_add(policy.lock_micros);
                diesel::update(console_users::table.find((&key.0, &key.1)))
                    .set((
                        console_users::failed_attempts.eq(0),
                        console_users::locked_until.eq(Some(until)),
                    ))
                    .execute(connection)?;
                Ok(Some(until))
            })
        })
        .await
    }

    async fn open_session(&self, session: &ConsoleSessionRecord) -> Result<(), RepositoryError> {
        let row = SessionRow {
            digest: session.digest.clone(),
            tenant_id: session.tenant_id.clone(),
            user_id: session.user_id.clone(),
            created_at: session.created_at,
            expires_at: session.expires_at,
        };
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                diesel::update(console_users::table.find((&row.tenant_id, &row.user_id)))
                    .set(console_users::failed_attempts.eq(0))
                    .execute(connection)?;
                diesel::delete(
                    console_sessions::table.filter(console_sessions::expires_at.le(row.created_at)),
                )
                .execute(connection)?;
                diesel::insert_into(console_sessions::table)
                    .values(&row)
                    .execute(connection)?;
                Ok::<_, StoreError>(())
            })
        })
        .await
    }

    async fn find_session(
        &self,
        digest: &str,
        now: i64,
    ) -> Result<Option<ConsoleSessionRecord>, RepositoryError> {
        let digest = digest.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            let row: Option<SessionRow> = console_sessions::table
                .filter(console_sessions::digest.eq(digest))
                .filter(console_sessions::expires_at.gt(now))
                .select(SessionRow::as_select())
                .first(connection)
                .optional()?;
            Ok(row.map(ConsoleSessionRecord::from))
        })
        .await
    }

    async fn close_session(&self, digest: &str) -> Result<(), RepositoryError> {
        let digest = digest.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::delete(console_sessions::table.filter(console_sessions::digest.eq(digest)))
                .execute(connection)?;
            Ok(())
        })
        .await
    }
}
