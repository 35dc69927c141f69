//! A local double of LND's REST API for invoices (`POST /v1/invoices`), answering as LND
//! documents: the `Grpc-Metadata-macaroon` header (hex) is required, the request's `value`
//! (satoshis), `memo` and `expiry` are read, and the answer carries `r_hash` (standard
//! base64 of the payment hash), `payment_request` (a BOLT11 invoice), `add_index` and
//! `payment_addr`.
//!
//! Its invoices are BOLT11 strings with a valid bech32 checksum, the regtest prefix, the
//! amount in the human-readable part and the payment hash, description and expiry fields;
//! their signature is zeros (nothing here checks it). Every invoice has a fresh random
//! preimage, which [`LndDouble::pay`] hands out as a payer's wallet would after paying.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The macaroon the double takes, hex-encoded as LND's REST clients send it.
pub const MACAROON_HEX: &str = "0201036c6e6402f801030a10double-macaroon";

const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";

#[derive(Clone, Debug)]
pub struct Invoice {
    pub payment_request: String,
    pub payment_hash: String,
    pub preimage: String,
    pub value_sat: u64,
    pub memo: String,
    pub expiry: u64,
}

#[derive(Default)]
struct Node {
    invoices: Vec<Invoice>,
}

/// A running double; dropped with the test's runtime.
#[derive(Clone)]
pub struct LndDouble {
    pub base_url: String,
    node: Arc<Mutex<Node>>,
    down: Arc<AtomicBool>,
}

impl LndDouble {
    /// Starts the double on a free local port.
    pub fn start() -> LndDouble {
        let node = Arc::new(Mutex::new(Node::default()));
        let down = Arc::new(AtomicBool::new(false));
        let (shared, shared_down) = (node.clone(), down.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(shared.clone()))
                .app_data(web::Data::new(shared_down.clone()))
                .route("/v1/invoices", web::post().to(add_invoice))
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .expect("the double binds");
        let address = server.addrs()[0];
        tokio::spawn(server.run());
        LndDouble {
            base_url: format!("http://{address}"),
            node,
            down,
        }
    }

    /// While down, the node answers 503 as LND's REST proxy does when its gRPC server is
    /// not reachable.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// Every invoice made, in order.
    pub fn invoices(&self) -> Vec<Invoice> {
        self.node
            .lock()
            .map(|node| node.invoices.clone())
            .unwrap_or_default()
    }

    /// Pays `payment_request`: the preimage a paying wallet learns, hex.
    pub fn pay(&self, payment_request: &str) -> Option<String> {
        self.invoices()
            .into_iter()
            .find(|invoice| invoice.payment_request == payment_request)
            .map(|invoice| invoice.preimage)
    }
}

async fn add_invoice(
    request: HttpRequest,
    body: web::Json<Value>,
    node: web::Data<Arc<Mutex<Node>>>,
    down: web::Data<Arc<AtomicBool>>,
) -> HttpResponse {
    if down.load(Ordering::SeqCst) {
        return HttpResponse::ServiceUnavailable()
            .json(json!({"code": 14, "message": "connection error: desc = \"transport: Error while dialing\"", "details": []}));
    }
    let macaroon = request
        .headers()
        .get("grpc-metadata-macaroon")
        .and_then(|value| value.to_str().ok());
    if macaroon != Some(MACAROON_HEX) {
        return HttpResponse::InternalServerError().json(
            json!({"code": 2, "message": "verification failed: signature mismatch after caveat verification", "details": []}),
        );
    }
    // int64 fields arrive as strings (or numbers) in LND's REST JSON.
    let number = |name: &str| match &body[name] {
        Value::String(text) => text.parse::<u64>().ok(),
        other => other.as_u64(),
    };
    let value_sat = number("value").unwrap_or(0);
    let expiry = number("expiry").unwrap_or(86_400);
    let memo = body["memo"].as_str().unwrap_or("").to_owned();
    let mut preimage = [0_u8; 32];
    if getrandom::fill(&mut preimage).is_err() {
        return HttpResponse::InternalServerError().finish();
    }
    let hash: [u8; 32] = Sha256::digest(preimage).into();
    let timestamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let payment_request = invoice_string(value_sat, &hash, &memo, expiry, timestamp);
    let mut node = match node.lock() {
        Ok(node) => node,
        Err(poison) => poison.into_inner(),
    };
    node.invoices.push(Invoice {
        payment_request: payment_request.clone(),
        payment_hash: hex(&hash),
        preimage: hex(&preimage),
        value_sat,
        memo,
        expiry,
    });
    let add_index = node.invoices.len();
    HttpResponse::Ok().json(json!({
        "r_hash": STANDARD.encode(hash),
        "payment_request": payment_request,
        "add_index": add_index.to_string(),
        "payment_addr": STANDARD.encode(Sha256::digest(hash)),
    }))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A regtest BOLT11 invoice for `sats` (the amount in nano-bitcoin: 1 sat = 10n).
pub fn invoice_string(
    sats: u64,
    hash: &[u8; 32],
    memo: &str,
    expiry: u64,
    timestamp: u64,
) -> String {
    let hrp = if sats == 0 {
        "lnbcrt".to_owned()
    } else {
        format!("lnbcrt{}n", u128::from(sats) * 10)
    };
    let mut data: Vec<u8> = (0..7)
        .rev()
        .map(|i| ((timestamp >> (5 * i)) & 31) as u8)
        .collect();
    let mut field = |tag: u8, bytes: &[u8]| {
        let groups = to_groups(bytes);
        data.push(tag);
        data.push((groups.len() / 32) as u8);
        data.push((groups.len() % 32) as u8);
        data.extend(groups);
    };
    field(1, hash); // p: payment hash
    field(13, memo.as_bytes()); // d: description
    field(6, &expiry.to_be_bytes()[4..]); // x: expiry, seconds
    data.extend(std::iter::repeat_n(0, 104)); // signature and recovery id (unsigned)
    let mut checked = expand_hrp(&hrp);
    checked.extend(&data);
    checked.extend([0; 6]);
    let checksum = polymod(&checked) ^ 1;
    data.extend((0..6).map(|i| ((checksum >> (5 * (5 - i))) & 31) as u8));
    let text: String = data
        .iter()
        .map(|g| CHARSET[usize::from(*g)] as char)
        .collect();
    format!("{hrp}1{text}")
}

/// Bytes as 5-bit groups, the last one padded with zero bits.
fn to_groups(bytes: &[u8]) -> Vec<u8> {
    let mut groups = Vec::new();
    let (mut accumulator, mut bits) = (0_u32, 0_u32);
    for byte in bytes {
        accumulator = (accumulator << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            groups.push(((accumulator >> bits) & 31) as u8);
        }
        accumulator &= (1 << bits) - 1;
    }
    if bits > 0 {
        groups.push(((accumulator << (5 - bits)) & 31) as u8);
    }
    groups
}

fn expand_hrp(hrp: &str) -> Vec<u8> {
    let mut expanded: Vec<u8> = hrp.bytes().map(|b| b >> 5).collect();
    expanded.push(0);
    expanded.extend(hrp.bytes().map(|b| b & 31));
    expanded
}

fn polymod(values: &[u8]) -> u32 {
    let generator = [
        0x3b6a_57b2_u32,
        0x2650_8e6d,
        0x1ea1_19fa,
        0x3d42_33dd,
        0x2a14_62b3,
    ];
    let mut check = 1_u32;
    for value in values {
        let top = check >> 25;
        check = ((check & 0x01ff_ffff) << 5) ^ u32::from(*value);
        for (bit, g) in generator.iter().enumerate() {
            if (top >> bit) & 1 == 1 {
                check ^= g;
            }
        }
    }
    check
}
