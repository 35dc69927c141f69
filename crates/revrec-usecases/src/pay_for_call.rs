//! Redeeming a payment for one priced call (docs/payments.md): the challenge and the
//! payment proof are claimed as used, atomically, before the rail is asked to settle, so
//! a credential pays for one call however many instances see it at once.

use revrec_ports::{
    Charge, PaymentRail, RailError, Redemption, RedemptionOutcome, RepositoryError, Settlement,
};

use crate::secrets::secret_digest;
use crate::services::Services;

/// A call being paid for, as the verified challenge states it.
#[derive(Clone, Debug)]
pub struct PaidCall {
    pub tenant_id: String,
    pub challenge_id: String,
    /// `GET /v1/waterfalls`: what is bought.
    pub route: String,
    /// Minor units of `currency`.
    pub amount: i64,
    /// Lowercase ISO 4217.
    pub currency: String,
    /// The echoed challenge's `methodDetails` (JSON text), verified as issued here.
    pub method_details: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The challenge, or the proof, already paid for a call (or is being redeemed now).
    #[error("this challenge or payment proof was already used")]
    AlreadyUsed,
    #[error("the payment payload is not valid for this method: {0}")]
    MalformedProof(String),
    #[error("the payment was not accepted: {0}")]
    Declined(String),
    #[error("the payment rail is unavailable: {0}")]
    RailUnavailable(String),
    #[error(transparent)]
    Storage(#[from] RepositoryError),
}

/// Claims the challenge and the proof, then settles with the rail. A decline spends the
/// challenge (the payer takes a fresh one); a rail that could not be reached releases it,
/// so the same credential can be retried, safely, under the rail's idempotency key.
///
/// # Errors
/// See [`PaymentError`].
pub async fn redeem(
    services: &Services,
    rail: &dyn PaymentRail,
    call: &PaidCall,
    payload: &str,
) -> Result<Settlement, PaymentError> {
    let proof = rail
        .proof_id(payload)
        .map_err(|error| PaymentError::MalformedProof(error.to_string()))?;
    let redemption = Redemption {
        tenant_id: call.tenant_id.clone(),
        challenge_id: call.challenge_id.clone(),
        method: rail.method().to_owned(),
        proof_digest: secret_digest(&format!("{}:{proof}", rail.method())),
        route: call.route.clone(),
        amount: call.amount,
        currency: call.currency.clone(),
        created_at: services.clock.now_micros(),
    };
    if !services.payments.claim(&redemption).await? {
        return Err(PaymentError::AlreadyUsed);
    }
    let charge = Charge {
        challenge_id: call.challenge_id.clone(),
        amount: call.amount,
        currency: call.currency.clone(),
        description: call.route.clone(),
    };
    match rail
        .settle(&charge, call.method_details.as_deref(), payload)
        .await
    {
        Ok(settlement) => {
            services
                .payments
                .finish(
                    &call.challenge_id,
                    RedemptionOutcome::Settled,
                    Some(settlement.reference.clone()),
                    services.clock.now_micros(),
                )
                .await?;
            Ok(settlement)
        }
        Err(RailError::Declined(reason)) => {
            services
                .payments
                .finish(
                    &call.challenge_id,
                    RedemptionOutcome::Declined,
                    None,
                    services.clock.now_micros(),
                )
                .await?;
            Err(PaymentError::Declined(reason))
        }
        Err(RailError::MalformedProof(reason)) => {
            services.payments.release(&call.challenge_id).await?;
            Err(PaymentError::MalformedProof(reason))
        }
        Err(RailError::Unavailable(reason)) => {
            services.payments.release(&call.challenge_id).await?;
            Err(PaymentError::RailUnavailable(reason))
        }
    }
}
