//! The `stripe` rail (MPP's Stripe charge method, draft-stripe-charge-00): the payer grants a
//! single-use Shared Payment Token (`spt_…`); we create and confirm a PaymentIntent with it
//! through Stripe's documented API (`POST /v1/payment_intents`), and only a PaymentIntent
//! whose status is `succeeded`, for the challenged amount and currency, settles the call.
//!
//! This rail moves real money with a live secret key. Its base URL is configurable, which
//! is how the tests point it at a local double of the API.

use std::time::Duration;

use async_trait::async_trait;
use revrec_ports::{Charge, PaymentRail, Quote, RailError, Settlement};
use serde_json::{Value, json};

pub const METHOD: &str = "stripe";
pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";

#[derive(Clone, Debug)]
pub struct StripeSettings {
    /// `sk_live_…` or `sk_test_…`; sent only to Stripe, never logged.
    pub secret_key: String,
    /// The Stripe Business Network profile payers grant tokens to (`methodDetails.networkId`).
    pub network_id: String,
    /// `https://api.stripe.com`, or a double in tests.
    pub api_base: String,
}

pub struct StripeRail {
    settings: StripeSettings,
    client: reqwest::Client,
}

impl StripeRail {
    /// # Errors
    /// When the HTTP client cannot be built (no TLS backend).
    pub fn new(settings: StripeSettings) -> Result<StripeRail, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(5))
            .build()?;
        Ok(StripeRail { settings, client })
    }
}

impl std::fmt::Debug for StripeRail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret key stays out of every debug print.
        f.debug_struct("StripeRail")
            .field("network_id", &self.settings.network_id)
            .field("api_base", &self.settings.api_base)
            .finish_non_exhaustive()
    }
}

fn token_of(payload: &str) -> Result<String, RailError> {
    let value: Value = serde_json::from_str(payload)
        .map_err(|_| RailError::MalformedProof("the payload is not JSON".into()))?;
    match value.get("spt").and_then(Value::as_str) {
        Some(token) if token.starts_with("spt_") && token.len() > 4 => Ok(token.to_owned()),
        _ => Err(RailError::MalformedProof(
            "the stripe method takes {\"spt\": \"spt_…\"}, a Shared Payment Token".into(),
        )),
    }
}

/// What Stripe's error object says, without the key or the token.
fn stripe_error(body: &Value) -> String {
    let error = &body["error"];
    let text = |name: &str| error[name].as_str().unwrap_or("").to_owned();
    let (kind, code, message) = (text("type"), text("code"), text("message"));
    format!("Stripe {kind} {code}: {message}").trim().to_owned()
}

#[async_trait]
impl PaymentRail for StripeRail {
    fn method(&self) -> &str {
        METHOD
    }

    fn settles_real_money(&self) -> bool {
        !self.settings.secret_key.starts_with("sk_test_")
    }

    async fn method_details_for(
        &self,
        _charge: &Charge,
        _quote: &Quote,
    ) -> Result<Option<String>, RailError> {
        Ok(Some(
            json!({
                "networkId": self.settings.network_id,
                "paymentMethodTypes": ["card"],
            })
            .to_string(),
        ))
    }

    fn proof_id(&self, payload: &str) -> Result<String, RailError> {
        token_of(payload)
    }

    async fn settle<'a>(
        &self,
        charge: &Charge,
        _method_details: Option<&'a str>,
        payload: &str,
    ) -> Result<Settlement, RailError> {
        let token = token_of(payload)?;
        let amount = charge.amount.to_string();
        let form = [
            ("amount", amount.as_str()),
            ("currency", charge.currency.as_str()),
            ("confirm", "true"),
            ("shared_payment_granted_token", token.as_str()),
            ("automatic_payment_methods[enabled]", "true"),
            ("automatic_payment_methods[allow_redirects]", "never"),
            ("description", charge.description.as_str()),
            ("metadata[mpp_challenge_id]", charge.challenge_id.as_str()),
        ];
        let url = format!(
            "{}/v1/payment_intents",
            self.settings.api_base.trim_end_matches('/')
        );
        // The same challenge and token always make the same PaymentIntent: a retry after a
        // lost answer cannot charge twice. (A replayed answer is accepted: our own claim on
        // the challenge already guarantees one call per payment.)
        let response = self
            .client
            .post(url)
            .bearer_auth(&self.settings.secret_key)
            .header(
                "Idempotency-Key",
                format!("{}_{token}", charge.challenge_id),
            )
            .form(&form)
            .send()
            .await
            .map_err(|error| {
                RailError::Unavailable(format!("Stripe did not answer: {}", error.without_url()))
            })?;
        let status = response.status();
        let body: Value = response.json().await.map_err(|_| {
            RailError::Unavailable(format!("Stripe answered {status} without JSON"))
        })?;
        match status.as_u16() {
            200 => {}
            // Card declines (402), bad or spent tokens (400), idempotency conflicts (409).
            400 | 402 | 404 | 409 => return Err(RailError::Declined(stripe_error(&body))),
            // A wrong key, a rate limit or Stripe's own failure: not the payer's doing.
            _ => return Err(RailError::Unavailable(stripe_error(&body))),
        }
        let intent_status = body["status"].as_str().unwrap_or("");
        if intent_status != "succeeded" {
            return Err(RailError::Declined(format!(
                "the PaymentIntent is {intent_status}, not succeeded"
            )));
        }
        let paid = body["amount"].as_i64() == Some(charge.amount)
            && body["currency"].as_str() == Some(charge.currency.as_str());
        if !paid {
            return Err(RailError::Declined(
                "the PaymentIntent is for another amount or currency".into(),
            ));
        }
        let reference = body["id"]
            .as_str()
            .filter(|id| id.starts_with("pi_"))
            .ok_or_else(|| {
                RailError::Unavailable("Stripe's answer has no PaymentIntent id".into())
            })?;
        Ok(Settlement {
            reference: reference.to_owned(),
        })
    }
}
