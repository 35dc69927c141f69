//! Machine payments (MPP, HTTP 402): the rails that settle a charge, and the record that
//! makes every challenge and every payment proof usable once.

use async_trait::async_trait;

use crate::error::RepositoryError;

/// What one paid call costs, as the challenge stated it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Charge {
    /// The challenge being redeemed (the rail's idempotency anchor).
    pub challenge_id: String,
    /// Minor units of `currency` (cents for USD).
    pub amount: i64,
    /// Lowercase ISO 4217 code, as MPP writes it.
    pub currency: String,
    /// What is paid for (`GET /v1/waterfalls`).
    pub description: String,
}

/// What a rail's challenge asks for `charge`, in the rail's own unit: cents of `usd` for
/// Stripe, satoshis (`sat`) for Lightning, a TIP-20 token's base units for Tempo. These
/// are the shared fields of the challenge's `request`; the gate checks that an echoed
/// challenge states exactly these for the call it pays.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Quote {
    /// A positive integer (or `0` on a free plan), as a decimal string.
    pub amount: String,
    /// `usd`, `sat`, or a token's address.
    pub currency: String,
    /// Who is paid, in the rail's own form (an address), when the method names one.
    pub recipient: Option<String>,
}

/// A settled payment: the rail's own reference (a Stripe `pi_…` id, say).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settlement {
    pub reference: String,
}

#[derive(Debug, thiserror::Error)]
pub enum RailError {
    /// The credential's payload is not what this rail takes.
    #[error("the payment payload is not valid for this method: {0}")]
    MalformedProof(String),
    /// The rail answered and refused (declined card, amount mismatch, not succeeded).
    #[error("the payment was not accepted: {0}")]
    Declined(String),
    /// The rail could not be asked or did not answer; whether money moved is unknown to
    /// us, and the rail's idempotency key makes a retry safe.
    #[error("the payment rail is unavailable: {0}")]
    Unavailable(String),
}

/// A way to pay (`stripe`, `tempo`, `lightning`, `sandbox`): what its challenges carry and
/// how it settles.
#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PaymentRail: Send + Sync {
    /// The MPP method id (lowercase letters).
    fn method(&self) -> &str;

    /// Whether it moves real money (the docs and the intent say so).
    fn settles_real_money(&self) -> bool;

    /// What a challenge for `charge` asks for in this rail's unit (converted from the
    /// charge's cents without floating point, rounded up), or `None` when this rail cannot
    /// take the charge (a zero amount, say): its challenge is then left out.
    fn quote(&self, charge: &Charge) -> Option<Quote> {
        Some(Quote {
            amount: charge.amount.to_string(),
            currency: charge.currency.clone(),
            recipient: None,
        })
    }

    /// Whether issuing a challenge asks the provider to create something (a Lightning
    /// invoice). Such a rail is left out of challenges issued to nobody (the
    /// unauthenticated terms route), so that route cannot make the provider do work.
    fn issuing_asks_provider(&self) -> bool {
        false
    }

    /// The method-specific part of one challenge's `request` (`methodDetails`), if any, as
    /// the text of a JSON object (ports stay free of a JSON library; adapters parse it).
    /// Called once per challenge issued, so it may differ per challenge (a Lightning
    /// invoice) and may ask the provider.
    ///
    /// # Errors
    /// `Unavailable` when the provider could not be asked: this rail's challenge is left
    /// out of the answer.
    async fn method_details_for(
        &self,
        charge: &Charge,
        quote: &Quote,
    ) -> Result<Option<String>, RailError>;

    /// What identifies the payment proof in `payload`, the JSON text of the credential's
    /// `payload` object (a Stripe shared payment token, say), so it can be recorded as used
    /// before it is settled.
    ///
    /// # Errors
    /// `MalformedProof` when the payload is not this rail's.
    fn proof_id(&self, payload: &str) -> Result<String, RailError>;

    /// Collects `charge` with the proof in `payload`. `method_details` is the JSON text
    /// of the echoed challenge's `methodDetails`, already verified as issued here (the
    /// challenge's HMAC binds it), or `None` when it had none.
    async fn settle<'a>(
        &self,
        charge: &Charge,
        method_details: Option<&'a str>,
        payload: &str,
    ) -> Result<Settlement, RailError>;
}

/// A challenge being redeemed, recorded before the rail is asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Redemption {
    pub tenant_id: String,
    pub challenge_id: String,
    pub method: String,
    /// SHA-256 of the rail's proof id: a proof, too, pays once.
    pub proof_digest: String,
    /// `GET /v1/waterfalls`: what was bought.
    pub route: String,
    pub amount: i64,
    pub currency: String,
    pub created_at: i64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RedemptionOutcome {
    Settled,
    Declined,
}

/// A settled payment, as the console lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PaymentReceived {
    pub challenge_id: String,
    pub method: String,
    pub route: String,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
    /// The rail's reference (a PaymentIntent id), when it gave one.
    pub reference: Option<String>,
    pub settled_at: i64,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PaymentRepository: Send + Sync {
    /// Records the redemption; `false` when its challenge or its proof was used before
    /// (atomic: of concurrent claims on one challenge, exactly one wins).
    async fn claim(&self, redemption: &Redemption) -> Result<bool, RepositoryError>;

    /// The rail's answer for a claimed challenge. A declined challenge stays used.
    async fn finish(
        &self,
        challenge_id: &str,
        outcome: RedemptionOutcome,
        reference: Option<String>,
        at: i64,
    ) -> Result<(), RepositoryError>;

    /// Forgets a claim whose rail could not be asked, so the same credential may be
    /// presented again (nothing was delivered for it).
    async fn release(&self, challenge_id: &str) -> Result<(), RepositoryError>;

    /// One tenant's settled payments, newest first, at most `limit`.
    async fn received(
        &self,
        tenant_id: &str,
        limit: u32,
    ) -> Result<Vec<PaymentReceived>, RepositoryError>;
}
