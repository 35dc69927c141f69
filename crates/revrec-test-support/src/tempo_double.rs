//! A local double of a Tempo node's Ethereum JSON-RPC endpoint, answering as JSON-RPC 2.0
//! and the Ethereum execution API specify: `eth_chainId` (hex quantity),
//! `eth_blockNumber`, and `eth_getTransactionReceipt` (a receipt object with `status`,
//! `blockNumber` and `logs`, or `null` for a transaction it does not know). Unknown methods
//! answer the JSON-RPC error -32601.
//!
//! Tests make transactions with [`TempoDouble::transfer`]: a TIP-20 `transferWithMemo`
//! (or `transfer`) whose receipt carries the logs TIP-20 emits, `Transfer` and
//! `TransferWithMemo` (topics `[event, from, to, memo]`, the amount as the data word).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::{HttpResponse, HttpServer, web};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Tempo mainnet's chain id, which the double serves.
pub const CHAIN_ID: u64 = 4217;
pub const TOKEN: &str = "0x20c0000000000000000000000000000000000000";
pub const MERCHANT: &str = "0x742d35cc6634c0532925a3b844bc9e7595f8fe00";
pub const PAYER: &str = "0x1234567890abcdef1234567890abcdef12345678";
pub const TRANSFER_TOPIC: &str =
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
pub const TRANSFER_WITH_MEMO_TOPIC: &str =
    "0x57bc7354aa85aed339e000bccffabbc529466af35f0772c8f8ee1145927de7f0";

#[derive(Default)]
struct Chain {
    receipts: HashMap<String, Value>,
    block: u64,
    calls: Vec<String>,
}

/// A running double; dropped with the test's runtime.
#[derive(Clone)]
pub struct TempoDouble {
    pub rpc_url: String,
    chain: Arc<Mutex<Chain>>,
    down: Arc<AtomicBool>,
}

/// A transfer to put on the chain.
#[derive(Clone, Debug)]
pub struct Transfer<'a> {
    pub token: &'a str,
    pub to: &'a str,
    pub amount: u128,
    /// `0x` and 64 hex digits: `transferWithMemo`; `None`: plain `transfer`.
    pub memo: Option<&'a str>,
    /// A reverted transaction keeps no logs.
    pub reverted: bool,
}

fn topic(address: &str) -> String {
    format!(
        "0x{:0>64}",
        address.trim_start_matches("0x").to_ascii_lowercase()
    )
}

impl TempoDouble {
    pub fn start() -> TempoDouble {
        let chain = Arc::new(Mutex::new(Chain {
            block: 1_000,
            ..Chain::default()
        }));
        let down = Arc::new(AtomicBool::new(false));
        let (shared, shared_down) = (chain.clone(), down.clone());
        let server = HttpServer::new(move || {
            actix_web::App::new()
                .app_data(web::Data::new(shared.clone()))
                .app_data(web::Data::new(shared_down.clone()))
                .route("/", web::post().to(rpc))
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .expect("the double binds");
        let address = server.addrs()[0];
        tokio::spawn(server.run());
        TempoDouble {
            rpc_url: format!("http://{address}/"),
            chain,
            down,
        }
    }

    /// While down, every call answers 503 (a provider's gateway with no node behind it).
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// The methods called, in order.
    pub fn calls(&self) -> Vec<String> {
        self.chain
            .lock()
            .map(|chain| chain.calls.clone())
            .unwrap_or_default()
    }

    /// Mines `transfer` from the payer in a new block; its transaction hash.
    pub fn transfer(&self, transfer: &Transfer<'_>) -> String {
        let mut chain = match self.chain.lock() {
            Ok(chain) => chain,
            Err(poison) => poison.into_inner(),
        };
        chain.block += 1;
        let block = chain.block;
        let hash = format!(
            "0x{}",
            Sha256::digest(format!("{block}:{transfer:?}"))
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        let data = format!("0x{:064x}", transfer.amount);
        let mut logs = vec![json!({
            "address": transfer.token,
            "topics": [TRANSFER_TOPIC, topic(PAYER), topic(transfer.to)],
            "data": data,
        })];
        if let Some(memo) = transfer.memo {
            logs.push(json!({
                "address": transfer.token,
                "topics": [TRANSFER_WITH_MEMO_TOPIC, topic(PAYER), topic(transfer.to), memo],
                "data": data,
            }));
        }
        if transfer.reverted {
            logs.clear();
        }
        let receipt = json!({
            "transactionHash": hash,
            "blockNumber": format!("0x{block:x}"),
            "status": if transfer.reverted { "0x0" } else { "0x1" },
            "from": PAYER,
            "to": transfer.token,
            "logs": logs,
        });
        chain.receipts.insert(hash.clone(), receipt);
        hash
    }
}

async fn rpc(
    body: web::Json<Value>,
    chain: web::Data<Arc<Mutex<Chain>>>,
    down: web::Data<Arc<AtomicBool>>,
) -> HttpResponse {
    if down.load(Ordering::SeqCst) {
        return HttpResponse::ServiceUnavailable().body("no upstream");
    }
    let mut chain = match chain.lock() {
        Ok(chain) => chain,
        Err(poison) => poison.into_inner(),
    };
    let method = body["method"].as_str().unwrap_or("").to_owned();
    chain.calls.push(method.clone());
    let result = match method.as_str() {
        "eth_chainId" => Ok(json!(format!("0x{CHAIN_ID:x}"))),
        "eth_blockNumber" => Ok(json!(format!("0x{:x}", chain.block))),
        "eth_getTransactionReceipt" => match body["params"][0].as_str() {
            Some(hash) => Ok(chain
                .receipts
                .get(&hash.to_ascii_lowercase())
                .cloned()
                .unwrap_or(Value::Null)),
            None => Err((-32602, "invalid params")),
        },
        _ => Err((-32601, "the method does not exist/is not available")),
    };
    let id = body["id"].clone();
    HttpResponse::Ok().json(match result {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err((code, message)) => {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
        }
    })
}
