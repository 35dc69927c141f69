//! `ConsoleRepository` over Diesel: console users, their sessions, and the failed sign-ins
//! counted to throttle guessing.

use async_trait::async_trait;
use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use revrec_ports::{
    ConsoleRepository, ConsoleSessionRecord, ConsoleUserRecord, FailureWindow, RepositoryError,
};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::on_each_backend;
use crate::schema::{console_sessions, console_sign_in_failures, console_users};

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
        expected_hash: &str,
        password_hash: &str,
        keep_session: &str,
    ) -> Result<(), RepositoryError> {
        let key = (tenant_id.to_owned(), user_id.to_owned());
        let expected_hash = expected_hash.to_owned();
        let password_hash = password_hash.to_owned();
        let keep_session = keep_session.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                // One statement compares and sets, so two racing changes cannot both win.
                let changed = diesel::update(
                    console_users::table
                        .find((&key.0, &key.1))
                        .filter(console_users::password_hash.eq(expected_hash)),
                )
                .set((
                    console_users::password_hash.eq(password_hash),
                    console_users::must_change_password.eq(false),
                ))
                .execute(connection)?;
                if changed == 0 {
                    return Err(StoreError::Conflict(
                        "the password changed since it was read".into(),
                    ));
                }
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

    async fn sign_in_failures(
        &self,
        keys: &[String],
        now: i64,
    ) -> Result<Vec<FailureWindow>, RepositoryError> {
        let keys = keys.to_vec();
        with_connection(&self.database, Access::Read, move |connection| {
            let rows: Vec<(String, i64, i64)> = console_sign_in_failures::table
                .filter(console_sign_in_failures::throttle_key.eq_any(&keys))
                .filter(console_sign_in_failures::window_ends_at.gt(now))
                .select((
                    console_sign_in_failures::throttle_key,
                    console_sign_in_failures::failures,
                    console_sign_in_failures::window_ends_at,
                ))
                .load(connection)?;
            Ok(in_order_of(&keys, &rows, now))
        })
        .await
    }

    async fn record_sign_in_failure(
        &self,
        keys: &[String],
        now: i64,
        window_micros: i64,
    ) -> Result<Vec<FailureWindow>, RepositoryError> {
        let keys = keys.to_vec();
        let ends_at = now.saturating_add(window_micros);
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                // Rows closed for a whole window are nobody's count any more; rows closed
                // more recently are restarted by the upsert below instead.
                diesel::delete(console_sign_in_failures::table.filter(
                    console_sign_in_failures::window_ends_at.le(now.saturating_sub(window_micros)),
                ))
                .execute(connection)?;
                // One statement per key, in one order everywhere (no deadlock between two
                // instances counting overlapping keys).
                let mut sorted = keys.clone();
                sorted.sort();
                sorted.dedup();
                for key in &sorted {
                    let closed = console_sign_in_failures::window_ends_at.le(now);
                    on_each_backend!(&mut *connection, |backend| {
                        diesel::insert_into(console_sign_in_failures::table)
                            .values((
                                console_sign_in_failures::throttle_key.eq(key),
                                console_sign_in_failures::failures.eq(1_i64),
                                console_sign_in_failures::window_ends_at.eq(ends_at),
                            ))
                            .on_conflict(console_sign_in_failures::throttle_key)
                            .do_update()
                            .set((
                                console_sign_in_failures::failures.eq(case_when(
                                    closed,
                                    1_i64.into_sql::<BigInt>(),
                                )
                                .otherwise(console_sign_in_failures::failures + 1_i64)),
                                console_sign_in_failures::window_ends_at.eq(case_when(
                                    closed,
                                    ends_at.into_sql::<BigInt>(),
                                )
                                .otherwise(console_sign_in_failures::window_ends_at)),
                            ))
                            .execute(backend)
                    })?;
                }
                let rows: Vec<(String, i64, i64)> = console_sign_in_failures::table
                    .filter(console_sign_in_failures::throttle_key.eq_any(&keys))
                    .select((
                        console_sign_in_failures::throttle_key,
                        console_sign_in_failures::failures,
                        console_sign_in_failures::window_ends_at,
                    ))
                    .load(connection)?;
                Ok::<_, StoreError>(in_order_of(&keys, &rows, now))
            })
        })
        .await
    }

    async fn open_session(
        &self,
        session: &ConsoleSessionRecord,
        forget: &[String],
    ) -> Result<(), RepositoryError> {
        let row = SessionRow {
            digest: session.digest.clone(),
            tenant_id: session.tenant_id.clone(),
            user_id: session.user_id.clone(),
            created_at: session.created_at,
            expires_at: session.expires_at,
        };
        let forget = forget.to_vec();
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                diesel::delete(
                    console_sign_in_failures::table
                        .filter(console_sign_in_failures::throttle_key.eq_any(&forget)),
                )
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

/// Each key's open window at `now`, in the order of `keys` (none: zero failures).
fn in_order_of(keys: &[String], rows: &[(String, i64, i64)], now: i64) -> Vec<FailureWindow> {
    keys.iter()
        .map(|key| {
            rows.iter()
                .find(|(stored, _, ends_at)| stored == key && *ends_at > now)
                .map_or_else(FailureWindow::default, |(_, failures, ends_at)| {
                    FailureWindow {
                        failures: u32::try_from(*failures).unwrap_or(u32::MAX),
                        ends_at: *ends_at,
                    }
                })
        })
        .collect()
}
