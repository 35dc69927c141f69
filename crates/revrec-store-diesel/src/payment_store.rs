//! `PaymentRepository` over Diesel: a redeemed challenge is a row, and the unique indexes
//! on the challenge id and on the proof make each usable once, atomically, on any number
//! of instances.

use async_trait::async_trait;
use diesel::prelude::*;
use revrec_ports::{
    PaymentReceived, PaymentRepository, Redemption, RedemptionOutcome, RepositoryError,
};

use crate::blocking::{Access, Database, with_connection};
use crate::connection::on_each_backend;
use crate::schema::payment_redemptions;

pub struct PaymentStore {
    database: Database,
}

impl PaymentStore {
    pub fn new(database: Database) -> PaymentStore {
        PaymentStore { database }
    }
}

#[async_trait]
impl PaymentRepository for PaymentStore {
    async fn claim(&self, redemption: &Redemption) -> Result<bool, RepositoryError> {
        let redemption = redemption.clone();
        with_connection(&self.database, Access::Write, move |connection| {
            let inserted = on_each_backend!(&mut *connection, |backend| {
                diesel::insert_into(payment_redemptions::table)
                    .values((
                        payment_redemptions::tenant_id.eq(&redemption.tenant_id),
                        payment_redemptions::challenge_id.eq(&redemption.challenge_id),
                        payment_redemptions::method.eq(&redemption.method),
                        payment_redemptions::proof_digest.eq(&redemption.proof_digest),
                        payment_redemptions::route.eq(&redemption.route),
                        payment_redemptions::amount.eq(redemption.amount),
                        payment_redemptions::currency.eq(&redemption.currency),
                        payment_redemptions::status.eq("claimed"),
                        payment_redemptions::reference.eq(None::<String>),
                        payment_redemptions::created_at.eq(redemption.created_at),
                        payment_redemptions::finished_at.eq(None::<i64>),
                    ))
                    // Any unique index: the challenge id, or the proof.
                    .on_conflict_do_nothing()
                    .execute(backend)
            })?;
            Ok(inserted == 1)
        })
        .await
    }

    async fn finish(
        &self,
        challenge_id: &str,
        outcome: RedemptionOutcome,
        reference: Option<String>,
        at: i64,
    ) -> Result<(), RepositoryError> {
        let challenge_id = challenge_id.to_owned();
        let status = match outcome {
            RedemptionOutcome::Settled => "settled",
            RedemptionOutcome::Declined => "declined",
        };
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::update(
                payment_redemptions::table
                    .filter(payment_redemptions::challenge_id.eq(challenge_id)),
            )
            .set((
                payment_redemptions::status.eq(status),
                payment_redemptions::reference.eq(reference),
                payment_redemptions::finished_at.eq(Some(at)),
            ))
            .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn release(&self, challenge_id: &str) -> Result<(), RepositoryError> {
        let challenge_id = challenge_id.to_owned();
        with_connection(&self.database, Access::Write, move |connection| {
            diesel::delete(
                payment_redemptions::table
                    .filter(payment_redemptions::challenge_id.eq(challenge_id))
                    .filter(payment_redemptions::status.eq("claimed")),
            )
            .execute(connection)?;
            Ok(())
        })
        .await
    }

    async fn received(
        &self,
        tenant_id: &str,
        limit: u32,
    ) -> Result<Vec<PaymentReceived>, RepositoryError> {
        let tenant_id = tenant_id.to_owned();
        with_connection(&self.database, Access::Read, move |connection| {
            type Row = (
                String,
                String,
                String,
                i64,
                String,
                Option<String>,
                Option<i64>,
            );
            let rows: Vec<Row> = payment_redemptions::table
                .filter(payment_redemptions::tenant_id.eq(tenant_id))
                .filter(payment_redemptions::status.eq("settled"))
                .order((
                    payment_redemptions::finished_at.desc(),
                    payment_redemptions::challenge_id.desc(),
                ))
                .limit(i64::from(limit))
                .select((
                    payment_redemptions::challenge_id,
                    payment_redemptions::method,
                    payment_redemptions::route,
                    payment_redemptions::amount,
                    payment_redemptions::currency,
                    payment_redemptions::reference,
                    payment_redemptions::finished_at,
                ))
                .load(connection)?;
            Ok(rows
                .into_iter()
                .map(
                    |(challenge_id, method, route, amount, currency, reference, finished_at)| {
                        PaymentReceived {
                            challenge_id,
                            method,
                            route,
                            amount,
                            currency,
                            reference,
                            settled_at: finished_at.unwrap_or_default(),
                        }
                    },
                )
                .collect())
        })
        .await
    }
}
