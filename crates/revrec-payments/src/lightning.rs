//! The `lightning` rail (draft-lightning-charge-00): every challenge carries a fresh BOLT11
//! invoice made by the operator's LND node (`POST /v1/invoices` on its REST API, with the
//! `Grpc-Metadata-macaroon` header); the payer pays it and sends the preimage the payment
//! revealed. Settling needs no node: SHA-256 of the preimage must be the payment hash of
//! the echoed challenge, whose HMAC proves we issued it.
//!
//! The charge's USD cents become satoshis at the configured rate, rounded up (the merchant
//! is never under-paid): `ceil(cents × sats_per_usd / 100)`, at least one satoshi.

use std::time::Duration;

use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use revrec_ports::{Charge, PaymentRail, Quote, RailError, Settlement};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::bolt11;
use crate::hex;

pub const METHOD: &str = "lightning";
/// The invoice outlives the challenge (five minutes), so a challenge never expires after
/// its invoice, as the draft requires.
pub const INVOICE_EXPIRY_SECONDS: u64 = 600;
/// How long issuing a 402 waits for the node: a slow node leaves its challenge out rather
/// than holding up the answer.
pub const NODE_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct LightningSettings {
    /// LND's REST base URL (`https://127.0.0.1:8080`), or a double in tests.
    pub lnd_url: String,
    /// The macaroon (an invoice macaroon suffices) as hex; sent only to the node.
    pub macaroon_hex: String,
    /// The node's TLS certificate (PEM), trusted in addition to the public roots: LND's
    /// certificate is self-signed.
    pub tls_certificate_pem: Option<Vec<u8>>,
    /// Satoshis one USD buys, the rate challenges are priced at (the intent shows it).
    pub sats_per_usd: u64,
    /// `mainnet`, `signet` or `regtest`: the invoice's network must be this one.
    pub network: String,
}

impl std::fmt::Debug for LightningSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The macaroon is a bearer credential: never printed.
        f.debug_struct("LightningSettings")
            .field("sats_per_usd", &self.sats_per_usd)
            .field("network", &self.network)
            .finish_non_exhaustive()
    }
}

pub struct LightningRail {
    settings: LightningSettings,
    client: reqwest::Client,
}

impl std::fmt::Debug for LightningRail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LightningRail")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// Satoshis for `cents` at `sats_per_usd`, rounded up; `None` for a zero (or negative)
/// charge, which Lightning cannot invoice.
pub fn sats_for_cents(cents: i64, sats_per_usd: u64) -> Option<u64> {
    let cents = u128::try_from(cents).ok().filter(|cents| *cents > 0)?;
    let sats = (cents * u128::from(sats_per_usd)).div_ceil(100).max(1);
    u64::try_from(sats).ok()
}

impl LightningRail {
    /// # Errors
    /// When the HTTP client cannot be built, or the certificate is not PEM.
    pub fn new(settings: LightningSettings) -> Result<LightningRail, reqwest::Error> {
        let mut builder = reqwest::Client::builder()
            .timeout(NODE_TIMEOUT)
            .connect_timeout(NODE_TIMEOUT);
        if let Some(pem) = &settings.tls_certificate_pem {
            builder = builder.add_root_certificate(reqwest::Certificate::from_pem(pem)?);
        }
        Ok(LightningRail {
            settings,
            client: builder.build()?,
        })
    }

    pub fn sats_per_usd(&self) -> u64 {
        self.settings.sats_per_usd
    }

    /// Asks the node for an invoice of `sats` and checks it states what we asked.
    async fn add_invoice(&self, sats: u64, memo: &str) -> Result<(String, String), RailError> {
        let url = format!(
            "{}/v1/invoices",
            self.settings.lnd_url.trim_end_matches('/')
        );
        let response = self
            .client
            .post(url)
            .header("Grpc-Metadata-macaroon", &self.settings.macaroon_hex)
            .json(&json!({
                "value": sats.to_string(),
                "memo": memo,
                "expiry": INVOICE_EXPIRY_SECONDS.to_string(),
            }))
            .send()
            .await
            .map_err(|error| {
                RailError::Unavailable(format!(
                    "the Lightning node did not answer: {}",
                    error.without_url()
                ))
            })?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            let message = body["message"].as_str().unwrap_or("");
            return Err(RailError::Unavailable(format!(
                "the Lightning node answered {status}: {message}"
            )));
        }
        let invoice = body["payment_request"].as_str().unwrap_or("").to_owned();
        // LND's REST gateway writes bytes fields as standard base64.
        let payment_hash = body["r_hash"]
            .as_str()
            .and_then(|text| STANDARD.decode(text).ok())
            .filter(|bytes| bytes.len() == 32)
            .map(|bytes| hex::encode(&bytes));
        let (Some(payment_hash), Some(summary)) = (payment_hash, bolt11::summarize(&invoice))
        else {
            return Err(RailError::Unavailable(
                "the Lightning node's answer has no readable invoice and payment hash".into(),
            ));
        };
        let consistent = summary.payment_hash == payment_hash
            && summary.network == self.settings.network
            && summary.amount_msat == Some(u128::from(sats) * 1000);
        if !consistent {
            return Err(RailError::Unavailable(
                "the Lightning node's invoice is not for the amount, network or payment hash asked"
                    .into(),
            ));
        }
        Ok((invoice, payment_hash))
    }
}

/// The preimage of the credential's payload: 32 bytes as 64 lowercase hex digits.
fn preimage_of(payload: &str) -> Result<Vec<u8>, RailError> {
    let value: Value = serde_json::from_str(payload)
        .map_err(|_| RailError::MalformedProof("the payload is not JSON".into()))?;
    value
        .get("preimage")
        .and_then(Value::as_str)
        .filter(|text| {
            text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
        .and_then(hex::decode)
        .ok_or_else(|| {
            RailError::MalformedProof(
                "the lightning method takes {\"preimage\": \"<64 lowercase hex digits>\"}".into(),
            )
        })
}

#[async_trait]
impl PaymentRail for LightningRail {
    fn method(&self) -> &str {
        METHOD
    }

    fn settles_real_money(&self) -> bool {
        self.settings.network == "mainnet"
    }

    /// Every challenge is a new invoice on the node.
    fn issuing_asks_provider(&self) -> bool {
        true
    }

    fn quote(&self, charge: &Charge) -> Option<Quote> {
        let sats = sats_for_cents(charge.amount, self.settings.sats_per_usd)?;
        Some(Quote {
            amount: sats.to_string(),
            currency: "sat".into(),
            recipient: None,
        })
    }

    async fn method_details_for(
        &self,
        charge: &Charge,
        quote: &Quote,
    ) -> Result<Option<String>, RailError> {
        let sats: u64 = quote
            .amount
            .parse()
            .map_err(|_| RailError::Unavailable("no amount in satoshis".into()))?;
        let (invoice, payment_hash) = self.add_invoice(sats, &charge.description).await?;
        Ok(Some(
            json!({
                "invoice": invoice,
                "paymentHash": payment_hash,
                "network": self.settings.network,
            })
            .to_string(),
        ))
    }

    /// The payment hash: a preimage, like its invoice, pays once.
    fn proof_id(&self, payload: &str) -> Result<String, RailError> {
        Ok(hex::encode(&Sha256::digest(preimage_of(payload)?)))
    }

    async fn settle<'a>(
        &self,
        _charge: &Charge,
        method_details: Option<&'a str>,
        payload: &str,
    ) -> Result<Settlement, RailError> {
        let paid_hash = hex::encode(&Sha256::digest(preimage_of(payload)?));
        let asked_hash = method_details
            .and_then(|text| serde_json::from_str::<Value>(text).ok())
            .and_then(|details| details["paymentHash"].as_str().map(str::to_owned))
            .ok_or_else(|| {
                RailError::Declined("the challenge carries no Lightning payment hash".into())
            })?;
        // The hash is public (it is in the invoice); the preimage is the secret.
        if paid_hash != asked_hash {
            return Err(RailError::Declined(
                "SHA-256 of the preimage is not the payment hash of the challenge's invoice".into(),
            ));
        }
        Ok(Settlement {
            reference: asked_hash,
        })
    }
}
