//! The sandbox rail: pays with a made-up token, moves no money, and exists only in sandbox
//! mode, so a local user can walk the whole 402 → pay → 200 loop without a card.
//!
//! The payload is `{"token": "tok_sandbox_<anything>"}`; `tok_sandbox_declined` is
//! declined, as a card would be.

use async_trait::async_trait;
use revrec_ports::{Charge, PaymentRail, Quote, RailError, Settlement};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub const METHOD: &str = "sandbox";
pub const TOKEN_PREFIX: &str = "tok_sandbox_";
pub const DECLINED_TOKEN: &str = "tok_sandbox_declined";

#[derive(Default)]
pub struct SandboxRail;

fn token_of(payload: &str) -> Result<String, RailError> {
    let value: Value = serde_json::from_str(payload)
        .map_err(|_| RailError::MalformedProof("the payload is not JSON".into()))?;
    match value.get("token").and_then(Value::as_str) {
        Some(token) if token.len() > TOKEN_PREFIX.len() && token.starts_with(TOKEN_PREFIX) => {
            Ok(token.to_owned())
        }
        _ => Err(RailError::MalformedProof(format!(
            "the sandbox method takes {{\"token\": \"{TOKEN_PREFIX}…\"}}"
        ))),
    }
}

#[async_trait]
impl PaymentRail for SandboxRail {
    fn method(&self) -> &str {
        METHOD
    }

    fn settles_real_money(&self) -> bool {
        false
    }

    async fn method_details_for(
        &self,
        _charge: &Charge,
        _quote: &Quote,
    ) -> Result<Option<String>, RailError> {
        Ok(Some(r#"{"testToken":"tok_sandbox_ok"}"#.into()))
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
        if token == DECLINED_TOKEN {
            return Err(RailError::Declined("the sandbox token was declined".into()));
        }
        let digest = Sha256::digest(format!("{}:{token}", charge.challenge_id));
        let reference: String = digest[..8]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        Ok(Settlement {
            reference: format!("sbx_{reference}"),
        })
    }
}
