//! A local double of Stripe's PaymentIntent API (`POST /v1/payment_intents`), answering as
//! Stripe documents: PaymentIntent objects, error objects with `type`/`code`/`message` and
//! the documented statuses, idempotency keys replayed with `Idempotent-Replayed: true`, and
//! Shared Payment Tokens usable once.
//!
//! Tokens steer it: `spt_declined` → 402 `card_declined`; `spt_requires_action` → a
//! PaymentIntent that did not succeed; `spt_unavailable` → 500 `api_error`; any other
//! `spt_…` succeeds.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

pub const SECRET_KEY: &str = "sk_test_double";

/// A request's form fields, in order.
type Form = Vec<(String, String)>;

#[derive(Default)]
struct Ledger {
    /// Idempotency key → (form, status, body).
    by_key: HashMap<String, (Form, u16, Value)>,
    spent_tokens: Vec<String>,
    /// Every form received, in order.
    requests: Vec<Vec<(String, String)>>,
    created: usize,
}

/// A running double; dropped with the test's runtime.
#[derive(Clone)]
pub struct StripeDouble {
    pub base_url: String,
    ledger: Arc<Mutex<Ledger>>,
}

impl StripeDouble {
    /// Starts the double on a free local port.
    pub fn start() -> StripeDouble {
        let ledger = Arc::new(Mutex::new(Ledger::default()));
        let shared = ledger.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(shared.clone()))
                .route("/v1/payment_intents", web::post().to(create_payment_intent))
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .expect("the double binds");
        let address = server.addrs()[0];
        tokio::spawn(server.run());
        StripeDouble {
            base_url: format!("http://{address}"),
            ledger,
        }
    }

    /// PaymentIntents created (replays excluded).
    pub fn created(&self) -> usize {
        self.ledger.lock().map(|ledger| ledger.created).unwrap_or(0)
    }

    /// Every form received, in order.
    pub fn requests(&self) -> Vec<Vec<(String, String)>> {
        self.ledger
            .lock()
            .map(|ledger| ledger.requests.clone())
            .unwrap_or_default()
    }
}

fn error(status: u16, kind: &str, code: &str, message: &str) -> (u16, Value) {
    (
        status,
        json!({"error": {"type": kind, "code": code, "message": message}}),
    )
}

async fn create_payment_intent(
    request: HttpRequest,
    body: web::Bytes,
    ledger: web::Data<Arc<Mutex<Ledger>>>,
) -> HttpResponse {
    let authorized = request
        .headers()
        .get("authorization")
        .and_then(|value| value.to_str().ok())
        == Some(&format!("Bearer {SECRET_KEY}"));
    if !authorized {
        let (status, body) = error(401, "invalid_request_error", "", "Invalid API Key provided");
        return respond(status, &body, false);
    }
    let form: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    let get = |name: &str| {
        form.iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
    };
    let mut ledger = match ledger.lock() {
        Ok(ledger) => ledger,
        Err(poison) => poison.into_inner(),
    };
    ledger.requests.push(form.clone());
    let key = request
        .headers()
        .get("idempotency-key")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    if let Some(key) = &key
        && let Some((sent, status, body)) = ledger.by_key.get(key)
    {
        if *sent == form {
            return respond(*status, body, true);
        }
        let (status, body) = error(
            400,
            "idempotency_error",
            "",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
        return respond(status, &body, false);
    }
    let (status, body) = match (
        get("amount"),
        get("currency"),
        get("shared_payment_granted_token"),
    ) {
        (Some(amount), Some(currency), Some(token))
            if get("confirm").as_deref() == Some("true") =>
        {
            let amount: i64 = amount.parse().unwrap_or(-1);
            if ledger.spent_tokens.contains(&token) {
                error(
                    400,
                    "invalid_request_error",
                    "shared_payment_granted_token_used",
                    "This shared payment token has already been used.",
                )
            } else if token == "spt_unavailable" {
                // Stripe failed before anything happened: the token is not spent.
                error(500, "api_error", "", "An unknown error occurred.")
            } else {
                ledger.spent_tokens.push(token.clone());
                ledger.created += 1;
                let id = format!("pi_double_{}", ledger.created);
                let intent = |status: &str| json!({"id": id, "object": "payment_intent", "amount": amount, "currency": currency, "status": status});
                match token.as_str() {
                    "spt_declined" => {
                        let (status, mut body) = error(
                            402,
                            "card_error",
                            "card_declined",
                            "Your card was declined.",
                        );
                        body["error"]["payment_intent"] = intent("requires_payment_method");
                        (status, body)
                    }
                    "spt_requires_action" => (200, intent("requires_action")),
                    _ => (200, intent("succeeded")),
                }
            }
        }
        _ => error(
            400,
            "invalid_request_error",
            "parameter_missing",
            "Missing required param.",
        ),
    };
    if let Some(key) = key
        && status < 500
    {
        ledger.by_key.insert(key, (form, status, body.clone()));
    }
    respond(status, &body, false)
}

fn respond(status: u16, body: &Value, replayed: bool) -> HttpResponse {
    let mut response = HttpResponse::build(
        actix_web::http::StatusCode::from_u16(status)
            .unwrap_or(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR),
    );
    if replayed {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    response
        .content_type("application/json")
        .body(body.to_string())
}
