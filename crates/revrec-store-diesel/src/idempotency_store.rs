//! `IdempotencyRepository` over Diesel: claim, record and release in single statements or
//! one short transaction.

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{Claim, IdempotencyRepository, RecordedKind, RecordedResponse, RepositoryError};

use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::on_each_backend;
use crate::schema::idempotency_keys;

pub struct IdempotencyStore {
    database: Database,
}

impl IdempotencyStore {
    pub fn new(database: Database) -> IdempotencyStore {
        IdempotencyStore { database }
    }
}

#[derive(Insertable)]
#[diesel(table_name = idempotency_keys, treat_none_as_default_value = false)]
struct NewClaim<'a> {
    tenant_id: &'a str,
    idempotency_key: &'a str,
    fingerprint: &'a str,
    status: Option<i32>,
    response_kind: Option<&'a str>,
    response_body: Option<&'a str>,
    response_location: Option<&'a str>,
    created_at: i64,
}

type ClaimRow = (
    String,
    Option<i32>,
    Option<String>,
    Option<String>,
    Option<String>,
);

#[async_trait]
impl IdempotencyRepository for IdempotencyStore {
    async fn claim(
        &self,
        tenant_id: &str,
        key: &str,
        fingerprint: &str,
        now: i64,
        keep_micros: i64,
        abandon_after_micros: i64,
    ) -> Result<Claim, RepositoryError> {
        let (tenant, key, fingerprint) =
            (tenant_id.to_owned(), key.to_owned(), fingerprint.to_owned());
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                let this_key = idempotency_keys::table
                    .filter(idempotency_keys::tenant_id.eq(&tenant))
                    .filter(idempotency_keys::idempotency_key.eq(&key));
                // Forget what expired, and claims whose request died in flight.
                diesel::delete(
                    this_key.filter(
                        idempotency_keys::created_at.lt(now - keep_micros).or(
                            idempotency_keys::status
                                .is_null()
                                .and(idempotency_keys::created_at.lt(now - abandon_after_micros)),
                        ),
                    ),
                )
                .execute(connection)?;
                let claim = NewClaim {
                    tenant_id: &tenant,
                    idempotency_key: &key,
                    fingerprint: &fingerprint,
                    status: None,
                    response_kind: None,
                    response_body: None,
                    response_location: None,
                    created_at: now,
                };
                let inserted = on_each_backend!(&mut *connection, |backend| {
                    diesel::insert_into(idempotency_keys::table)
                        .values(&claim)
                        .on_conflict_do_nothing()
                        .execute(backend)
                })?;
                if inserted == 1 {
                    return Ok(Claim::Granted);
                }
                let existing: Option<ClaimRow> = this_key
                    .select((
                        idempotency_keys::fingerprint,
                        idempotency_keys::status,
                        idempotency_keys::response_kind,
                        idempotency_keys::response_body,
                        idempotency_keys::response_location,
                    ))
                    .load(connection)?
                    .pop();
                let Some((stored_fingerprint, status, kind, body, location)) = existing else {
                    // Deleted between the insert and the read: someone released it.
                    return Ok(Claim::InFlight);
                };
                if stored_fingerprint != fingerprint {
                    return Ok(Claim::Mismatch);
                }
                let Some(status) = status else {
                    return Ok(Claim::InFlight);
                };
                let kind = kind
                    .as_deref()
                    .and_then(RecordedKind::parse)
                    .ok_or_else(|| {
                        StoreError::Corrupt(format!(
                            "idempotency record without a kind for key {key}"
                        ))
                    })?;
                Ok(Claim::Replay(RecordedResponse {
                    status: u16::try_from(status).unwrap_or(500),
                    kind,
                    content: body.unwrap_or_default(),
                    location,
                }))
            })
        })
        .await
    }

    async fn record(
        &self,
        tenant_id: &str,
        key: &str,
        response: &RecordedResponse,
    ) -> Result<(), RepositoryError> {
        let (tenant, key, response) = (tenant_id.to_owned(), key.to_owned(), response.clone());
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::update(
                idempotency_keys::table
                    .filter(idempotency_keys::tenant_id.eq(&tenant))
                    .filter(idempotency_keys::idempotency_key.eq(&key)),
            )
            .set((
                idempotency_keys::status.eq(Some(i32::from(response.status))),
                idempotency_keys::response_kind.eq(Some(response.kind.as_str())),
                idempotency_keys::response_body.eq(Some(&response.content)),
                idempotency_keys::response_location.eq(response.location.as_ref()),
            ))
            .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn release(&self, tenant_id: &str, key: &str) -> Result<(), RepositoryError> {
        let (tenant, key) = (tenant_id.to_owned(), key.to_owned());
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::delete(
                idempotency_keys::table
                    .filter(idempotency_keys::tenant_id.eq(&tenant))
                    .filter(idempotency_keys::idempotency_key.eq(&key))
                    .filter(idempotency_keys::status.is_null()),
            )
            .execute(connection)?;
            Ok(())
        })
        .await
    }
}
