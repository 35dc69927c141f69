//! The `tempo` rail (draft-tempo-charge-00): a TIP-20 stablecoin transfer on Tempo. The
//! challenge names the token (`currency`), the merchant's address (`recipient`), the amount
//! in the token's base units and, in `methodDetails`, the chain id and a fresh random
//! 32-byte `memo`, so the payer must use `transferWithMemo`; that memo binds the transfer
//! to this one challenge.
//!
//! Only `push` mode is served (`supportedModes: ["push"]`): the payer broadcasts the
//! transfer and sends `{"type": "hash", "hash": "0x…"}`. We read the transaction's receipt
//! through the chain's Ethereum JSON-RPC (`eth_getTransactionReceipt`) and settle only a
//! successful transaction whose logs hold a `TransferWithMemo` event of the token, to the
//! merchant, with the challenge's memo, for exactly the amount. Tempo's blocks are final
//! when made (no reorganisations), so a receipt in a block is final: no confirmations are
//! counted. The transaction hash is the proof (recorded, so it pays once) and the
//! receipt's reference.
//!
//! The charge's USD cents become base units exactly: TIP-20 tokens have 6 decimals, so a
//! cent is 10 000 base units.

use std::time::Duration;

use async_trait::async_trait;
use revrec_ports::{Charge, PaymentRail, Quote, RailError, Settlement};
use serde_json::{Value, json};

use crate::hex;

pub const METHOD: &str = "tempo";
/// pathUSD, Tempo's first USD stablecoin.
pub const PATH_USD: &str = "0x20c0000000000000000000000000000000000000";
/// Base units of a TIP-20 token (6 decimals) in one US cent.
pub const BASE_UNITS_PER_CENT: u128 = 10_000;
/// keccak256("TransferWithMemo(address,address,uint256,bytes32)"), the event TIP-20's
/// `transferWithMemo` emits (alongside the ERC-20 `Transfer`).
pub const TRANSFER_WITH_MEMO_TOPIC: &str =
    "0x57bc7354aa85aed339e000bccffabbc529466af35f0772c8f8ee1145927de7f0";

#[derive(Clone)]
pub struct TempoSettings {
    /// The chain's Ethereum JSON-RPC endpoint (it may carry a provider's key: not printed).
    pub rpc_url: String,
    /// The chain id challenges name (`methodDetails.chainId`) and the endpoint must serve.
    pub chain_id: u64,
    /// The TIP-20 token paid in, `0x` and 40 hex digits.
    pub token: String,
    /// The merchant's address, `0x` and 40 hex digits.
    pub recipient: String,
}

impl std::fmt::Debug for TempoSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TempoSettings")
            .field("chain_id", &self.chain_id)
            .field("token", &self.token)
            .field("recipient", &self.recipient)
            .finish_non_exhaustive()
    }
}

pub struct TempoRail {
    settings: TempoSettings,
    client: reqwest::Client,
}

impl std::fmt::Debug for TempoRail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TempoRail")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// Base units of a 6-decimal token for `cents`; `None` for a zero charge (the draft pays
/// those with a signed proof, which this rail does not take).
pub fn base_units_for_cents(cents: i64) -> Option<u128> {
    u128::try_from(cents)
        .ok()
        .filter(|cents| *cents > 0)
        .map(|cents| cents * BASE_UNITS_PER_CENT)
}

/// A 20-byte address as a 32-byte log topic (left-padded with zeros).
fn address_topic(address: &str) -> String {
    format!(
        "0x{:0>64}",
        address.trim_start_matches("0x").to_ascii_lowercase()
    )
}

/// A log's 32-byte data word as an integer; `None` when it does not fit 128 bits.
fn word_value(data: &str) -> Option<u128> {
    let digits = data.strip_prefix("0x")?;
    if digits.len() != 64 || !digits[..32].bytes().all(|b| b == b'0') {
        return None;
    }
    u128::from_str_radix(&digits[32..], 16).ok()
}

/// The transaction hash of a `push` credential (`{"type": "hash", "hash": "0x…"}`).
fn hash_of(payload: &str) -> Result<String, RailError> {
    let value: Value = serde_json::from_str(payload)
        .map_err(|_| RailError::MalformedProof("the payload is not JSON".into()))?;
    match (value["type"].as_str(), value["hash"].as_str()) {
        (Some("hash"), Some(hash)) if hex::is_prefixed(hash, 32) => Ok(hash.to_ascii_lowercase()),
        (Some("transaction"), _) => Err(RailError::MalformedProof(
            "this server takes Tempo payments in push mode only (supportedModes): broadcast the transfer and send {\"type\": \"hash\", \"hash\": \"0x…\"}".into(),
        )),
        _ => Err(RailError::MalformedProof(
            "the tempo method takes {\"type\": \"hash\", \"hash\": \"0x<64 hex digits>\"}".into(),
        )),
    }
}

impl TempoRail {
    /// # Errors
    /// When the HTTP client cannot be built (no TLS backend).
    pub fn new(settings: TempoSettings) -> Result<TempoRail, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(5))
            .build()?;
        Ok(TempoRail { settings, client })
    }

    /// One JSON-RPC call; any failure to get a `result` is the chain being unavailable.
    async fn rpc(&self, method: &str, params: Value) -> Result<Value, RailError> {
        let response = self
            .client
            .post(&self.settings.rpc_url)
            .json(&json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}))
            .send()
            .await
            .map_err(|error| {
                RailError::Unavailable(format!(
                    "the Tempo RPC did not answer {method}: {}",
                    error.without_url()
                ))
            })?;
        let status = response.status();
        let body: Value = response.json().await.map_err(|_| {
            RailError::Unavailable(format!("the Tempo RPC answered {status} without JSON"))
        })?;
        if let Some(error) = body.get("error") {
            return Err(RailError::Unavailable(format!(
                "the Tempo RPC refused {method}: {}",
                error["message"].as_str().unwrap_or("")
            )));
        }
        match body.get("result") {
            Some(result) if status.is_success() => Ok(result.clone()),
            _ => Err(RailError::Unavailable(format!(
                "the Tempo RPC answered {status} without a result"
            ))),
        }
    }
}

#[async_trait]
impl PaymentRail for TempoRail {
    fn method(&self) -> &str {
        METHOD
    }

    fn settles_real_money(&self) -> bool {
        // Tempo's mainnet; its test networks move test tokens.
        self.settings.chain_id == 4217
    }

    fn quote(&self, charge: &Charge) -> Option<Quote> {
        Some(Quote {
            amount: base_units_for_cents(charge.amount)?.to_string(),
            currency: self.settings.token.clone(),
            recipient: Some(self.settings.recipient.clone()),
        })
    }

    async fn method_details_for(
        &self,
        _charge: &Charge,
        _quote: &Quote,
    ) -> Result<Option<String>, RailError> {
        let mut memo = [0_u8; 32];
        getrandom::fill(&mut memo)
            .map_err(|error| RailError::Unavailable(format!("no randomness: {error}")))?;
        Ok(Some(
            json!({
                "chainId": self.settings.chain_id,
                "memo": format!("0x{}", hex::encode(&memo)),
                "supportedModes": ["push"],
            })
            .to_string(),
        ))
    }

    fn proof_id(&self, payload: &str) -> Result<String, RailError> {
        hash_of(payload)
    }

    async fn settle<'a>(
        &self,
        charge: &Charge,
        method_details: Option<&'a str>,
        payload: &str,
    ) -> Result<Settlement, RailError> {
        let hash = hash_of(payload)?;
        let details: Value = method_details
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or(Value::Null);
        let (Some(memo), Some(chain_id)) = (
            details["memo"]
                .as_str()
                .filter(|memo| hex::is_prefixed(memo, 32)),
            details["chainId"].as_u64(),
        ) else {
            return Err(RailError::Declined(
                "the challenge carries no Tempo memo and chain id".into(),
            ));
        };
        let push = details["supportedModes"]
            .as_array()
            .is_none_or(|modes| modes.iter().any(|mode| mode == "push"));
        if !push {
            return Err(RailError::Declined(
                "the challenge does not take push-mode (hash) credentials".into(),
            ));
        }
        let amount = base_units_for_cents(charge.amount)
            .ok_or_else(|| RailError::Declined("nothing to pay".into()))?;
        // The endpoint must serve the chain the challenge named: a payment on another
        // chain (a test network, say) pays nothing here.
        let served = self.rpc("eth_chainId", json!([])).await?;
        let served = served
            .as_str()
            .and_then(|text| u64::from_str_radix(text.trim_start_matches("0x"), 16).ok());
        if served != Some(chain_id) {
            return Err(RailError::Unavailable(format!(
                "the Tempo RPC serves chain {served:?}, not {chain_id}"
            )));
        }
        let receipt = self.rpc("eth_getTransactionReceipt", json!([hash])).await?;
        // Not (yet) in a block: nothing is spent, the same credential can come back.
        if receipt.is_null() || receipt["blockNumber"].is_null() {
            return Err(RailError::Unavailable(
                "the transaction is not in a block yet; send the credential again once it is"
                    .into(),
            ));
        }
        if receipt["status"].as_str() != Some("0x1") {
            return Err(RailError::Declined(
                "the transaction failed (reverted)".into(),
            ));
        }
        let recipient = address_topic(&self.settings.recipient);
        let memo = memo.to_ascii_lowercase();
        // A TransferWithMemo log: topics [event, from, to, memo], data = the amount as one
        // 32-byte big-endian word.
        let paid: Vec<Option<u128>> = receipt["logs"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter(|log| {
                let topic = |index: usize| {
                    log["topics"][index]
                        .as_str()
                        .map(str::to_ascii_lowercase)
                        .unwrap_or_default()
                };
                log["address"]
                    .as_str()
                    .is_some_and(|address| address.eq_ignore_ascii_case(&self.settings.token))
                    && topic(0) == TRANSFER_WITH_MEMO_TOPIC
                    && topic(2) == recipient
                    && topic(3) == memo
            })
            .map(|log| log["data"].as_str().and_then(word_value))
            .collect();
        if paid.is_empty() {
            return Err(RailError::Declined(
                "the transaction holds no transferWithMemo of the token to the merchant with this challenge's memo".into(),
            ));
        }
        if !paid.contains(&Some(amount)) {
            return Err(RailError::Declined(format!(
                "the transfer is not for the challenged amount of {amount} base units"
            )));
        }
        Ok(Settlement { reference: hash })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cents_become_base_units_exactly_and_topics_are_padded_addresses() {
        assert_eq!(base_units_for_cents(5), Some(50_000));
        assert_eq!(base_units_for_cents(0), None);
        assert_eq!(
            address_topic("0xAbCd000000000000000000000000000000001234"),
            "0x000000000000000000000000abcd000000000000000000000000000000001234"
        );
        assert_eq!(word_value(&format!("0x{:064x}", 50_000)), Some(50_000));
        assert_eq!(word_value(&format!("0x1{:063x}", 0)), None);
    }
}
