//! `IdempotencyRepository` over Diesel: claim, record and release in single statements or
//! one short transaction; the claims and the answers of concurrent requests batched, many to
//! a transaction (an idempotent ingest otherwise paid two commits of its own besides its
//! contract's).

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{Claim, IdempotencyRepository, RecordedKind, RecordedResponse, RepositoryError};

use crate::batcher::{Batched, Batcher, each_in_one_transaction, together_or_each_alone};
use crate::blocking::{Access, Database, StoreError, with_connection};
use crate::connection::{DbConnection, on_each_backend};
use crate::schema::idempotency_keys;

pub struct IdempotencyStore {
    database: Database,
    claims: Batcher<Claims>,
    records: Batcher<Records>,
}

impl IdempotencyStore {
    pub fn new(database: Database) -> IdempotencyStore {
        IdempotencyStore {
            claims: Batcher::new(database.clone()),
            records: Batcher::new(database.clone()),
            database,
        }
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

/// A claim asked: a key of a tenant, for a request with `fingerprint`, at `now`.
struct ClaimAsked {
    tenant_id: String,
    key: String,
    fingerprint: String,
    now: i64,
    keep_micros: i64,
    abandon_after_micros: i64,
}

/// Claims of concurrent requests, batched (`batcher`): every claim asked while the previous
/// batch was out is made in one transaction, each as it would be alone, so a retry of a key
/// in the same batch finds the first claim in flight.
struct Claims;

impl Batched for Claims {
    type Key = ClaimAsked;
    type Answer = Result<Claim, RepositoryError>;
    const WHAT: &'static str = "an idempotency key's claim";
    const LABEL: &'static str = "idempotency_claim";
    const ACCESS: Access = Access::Write;

    fn answer_all(
        connection: &mut DbConnection,
        asked: &[ClaimAsked],
    ) -> Result<Vec<Result<Claim, RepositoryError>>, StoreError> {
        together_or_each_alone(connection, asked, |connection, asked| {
            each_in_one_transaction(connection, asked, claim_key)
        })
    }
}

/// Answers recorded by concurrent requests, batched the same way: one transaction.
struct Records;

impl Batched for Records {
    /// The tenant, the key and the answer to keep.
    type Key = (String, String, RecordedResponse);
    type Answer = Result<(), RepositoryError>;
    const WHAT: &'static str = "an idempotency key's answer";
    const LABEL: &'static str = "idempotency_record";
    const ACCESS: Access = Access::Write;

    fn answer_all(
        connection: &mut DbConnection,
        records: &[(String, String, RecordedResponse)],
    ) -> Result<Vec<Result<(), RepositoryError>>, StoreError> {
        together_or_each_alone(connection, records, |connection, records| {
            if let [(tenant, key, response)] = records {
                // One statement alone needs no transaction around it.
                return record_answer(connection, tenant, key, response).map(|()| vec![()]);
            }
            each_in_one_transaction(
                connection,
                records,
                |connection, (tenant, key, response)| {
                    record_answer(connection, tenant, key, response)
                },
            )
        })
    }
}

/// Claims one key, inside the caller's transaction.
fn claim_key(connection: &mut DbConnection, asked: &ClaimAsked) -> Result<Claim, StoreError> {
    let ClaimAsked {
        tenant_id: tenant,
        key,
        fingerprint,
        now,
        keep_micros,
        abandon_after_micros,
    } = asked;
    let (now, keep_micros, abandon_after_micros) = (*now, *keep_micros, *abandon_after_micros);
    let this_key = idempotency_keys::table
        .filter(idempotency_keys::tenant_id.eq(tenant))
        .filter(idempotency_keys::idempotency_key.eq(key));
    // Forget what expired, and claims whose request died in flight.
    diesel::delete(
        this_key.filter(
            idempotency_keys::created_at
                .lt(now - keep_micros)
                .or(idempotency_keys::status
                    .is_null()
                    .and(idempotency_keys::created_at.lt(now - abandon_after_micros))),
        ),
    )
    .execute(connection)?;
    let claim = NewClaim {
        tenant_id: tenant,
        idempotency_key: key,
        fingerprint,
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
    if stored_fingerprint != *fingerprint {
        return Ok(Claim::Mismatch);
    }
    let Some(status) = status else {
        return Ok(Claim::InFlight);
    };
    let kind = kind
        .as_deref()
        .and_then(RecordedKind::parse)
        .ok_or_else(|| {
            StoreError::Corrupt(format!("idempotency record without a kind for key {key}"))
        })?;
    Ok(Claim::Replay(RecordedResponse {
        status: u16::try_from(status).unwrap_or(500),
        kind,
        content: body.unwrap_or_default(),
        location,
    }))
}

/// Records a granted claim's answer.
fn record_answer(
    connection: &mut DbConnection,
    tenant: &str,
    key: &str,
    response: &RecordedResponse,
) -> Result<(), StoreError> {
    diesel::update(
        idempotency_keys::table
            .filter(idempotency_keys::tenant_id.eq(tenant))
            .filter(idempotency_keys::idempotency_key.eq(key)),
    )
    .set((
        idempotency_keys::status.eq(Some(i32::from(response.status))),
        idempotency_keys::response_kind.eq(Some(response.kind.as_str())),
        idempotency_keys::response_body.eq(Some(&response.content)),
        idempotency_keys::response_location.eq(response.location.as_ref()),
    ))
    .execute(connection)?;
    Ok(())
}

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
        self.claims
            .ask(ClaimAsked {
                tenant_id: tenant_id.to_owned(),
                key: key.to_owned(),
                fingerprint: fingerprint.to_owned(),
                now,
                keep_micros,
                abandon_after_micros,
            })
            .await?
    }

    async fn record(
        &self,
        tenant_id: &str,
        key: &str,
        response: &RecordedResponse,
    ) -> Result<(), RepositoryError> {
        self.records
            .ask((tenant_id.to_owned(), key.to_owned(), response.clone()))
            .await?
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
