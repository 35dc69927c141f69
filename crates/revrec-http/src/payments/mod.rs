//! Machine payments over HTTP 402 (MPP, docs/payments.md): the published terms, the
//! challenge route, and the gate in front of every priced call.

pub mod gate;
pub mod holder;
pub mod mpp;
pub mod routes;

use std::any::Any;
use std::sync::{Arc, LazyLock};

use revrec_ports::{Charge, PaymentRail, Quote, RailError};
use serde_json::{Map, Value};

use crate::shell::state::AppState;
use crate::wire::dates::format_timestamp;

use self::holder::{Holder, opaque_for};
use self::mpp::{CREDENTIAL_HEADER, Challenge, INTENT, challenge_id, encode_request};

/// The currency of every price (USD, docs/payments.md), as MPP writes it.
pub const CURRENCY: &str = "usd";
/// How long a challenge can be paid.
pub const CHALLENGE_LIFETIME_SECONDS: i64 = 300;
/// The calls a plan's per-call price applies to (docs/payments.md: `/contracts`, `/waterfalls`
/// and `/disclosures/note6`, on both surfaces), as `METHOD path`: the operation table says
/// which, and the app hands them to the payment routes.
#[derive(Clone, Debug, Default)]
pub struct PricedRoutes(pub Vec<&'static str>);

impl PricedRoutes {
    pub fn contains(&self, route: &str) -> bool {
        self.0.contains(&route)
    }
}

/// What the payment routes and the gate need: the rails and the challenge secrets.
pub struct PaymentSettings {
    /// HMAC keys for challenge ids: the current one first, then a previous one still
    /// accepted while its challenges can be live (rotation).
    pub secrets: Vec<Vec<u8>>,
    /// The payment methods offered, in challenge order.
    pub rails: Vec<Arc<dyn PaymentRail>>,
    /// The merchant name shown in the intent.
    pub merchant: String,
}

impl PaymentSettings {
    /// No rails: priced calls cannot be paid (a deployment that charges nothing).
    pub fn without_rails(secret: Vec<u8>) -> PaymentSettings {
        PaymentSettings {
            secrets: vec![secret],
            rails: Vec::new(),
            merchant: "revrec".into(),
        }
    }

    /// The MPP settings behind the state's payment gate. A state assembled with another
    /// gate has none of MPP's: no rail, no challenge secret (the routes then describe a
    /// server that takes no payment).
    pub fn of(state: &AppState) -> &PaymentSettings {
        static NONE: LazyLock<PaymentSettings> = LazyLock::new(|| PaymentSettings {
            secrets: Vec::new(),
            rails: Vec::new(),
            merchant: "revrec".into(),
        });
        let gate: &dyn Any = state.payments.as_ref();
        gate.downcast_ref::<PaymentSettings>().unwrap_or(&NONE)
    }

    pub fn rail(&self, method: &str) -> Option<&Arc<dyn PaymentRail>> {
        self.rails.iter().find(|rail| rail.method() == method)
    }
}

/// The protection space of challenges: the public URL's host (and port).
pub fn realm_of(public_url: &str) -> &str {
    let host = public_url
        .split_once("://")
        .map_or(public_url, |(_, rest)| rest);
    host.split('/').next().unwrap_or(host)
}

/// What a charge of `amount` cents for `route` is, as a rail is asked about it. When a
/// challenge is being issued there is no challenge id yet: it is empty.
pub fn charge_of(challenge_id: &str, route: &str, amount: i64) -> Charge {
    Charge {
        challenge_id: challenge_id.to_owned(),
        amount,
        currency: CURRENCY.to_owned(),
        description: route.to_owned(),
    }
}

/// The shared fields of a challenge's `request` for `quote` (everything but
/// `methodDetails`), as JSON: what an echoed challenge must state to pay for the call.
pub fn shared_request(quote: &Quote, route: &str) -> Value {
    let mut request = Map::new();
    request.insert("amount".into(), Value::String(quote.amount.clone()));
    request.insert("currency".into(), Value::String(quote.currency.clone()));
    request.insert("description".into(), Value::String(route.to_owned()));
    if let Some(recipient) = &quote.recipient {
        request.insert("recipient".into(), Value::String(recipient.clone()));
    }
    Value::Object(request)
}

/// The `request` one challenge of `rail` for `route` at `amount` cents carries, or `None`
/// when the rail does not take this charge.
///
/// # Errors
/// The rail's provider could not be asked for this challenge's details.
pub async fn request_for(
    rail: &dyn PaymentRail,
    route: &str,
    amount: i64,
) -> Result<Option<String>, RailError> {
    let charge = charge_of("", route, amount);
    let Some(quote) = rail.quote(&charge) else {
        return Ok(None);
    };
    let details = rail
        .method_details_for(&charge, &quote)
        .await?
        .and_then(|text| serde_json::from_str::<Value>(&text).ok());
    let mut request = shared_request(&quote, route);
    if let (Some(details), Value::Object(map)) = (details, &mut request) {
        map.insert("methodDetails".into(), details);
    }
    Ok(Some(encode_request(&request)))
}

/// Fresh challenges for one call, and whether a rail was left out because its provider
/// could not be asked (a Lightning node that is down, say).
#[derive(Debug, Default)]
pub struct Issued {
    pub challenges: Vec<Challenge>,
    pub rail_unavailable: bool,
}

/// Fresh challenges, one per rail that takes the charge, for `route` at `amount` cents,
/// expiring five minutes after `now` (microseconds), payable only by `holder`. A rail whose
/// provider cannot be asked while issuing is left out (logged): the other rails' challenges
/// still let the caller pay, as MPP's one-challenge-per-method answer intends.
pub async fn challenges(
    payments: &PaymentSettings,
    public_url: &str,
    route: &str,
    amount: i64,
    now: i64,
    holder: &Holder,
) -> Issued {
    let Some(secret) = payments.secrets.first() else {
        return Issued::default();
    };
    // Whole seconds: `expires` is compared to the second and echoed by clients.
    let expires =
        format_timestamp((now.div_euclid(1_000_000) + CHALLENGE_LIFETIME_SECONDS) * 1_000_000);
    let realm = realm_of(public_url);
    let opaque = opaque_for(holder);
    // Challenges issued to nobody pay for nothing: they never make a provider do work (an
    // unauthenticated caller must not be able to fill the node with invoices).
    let rails: Vec<&Arc<dyn PaymentRail>> = payments
        .rails
        .iter()
        .filter(|rail| !(matches!(holder, Holder::Nobody) && rail.issuing_asks_provider()))
        .collect();
    let requests = futures_util::future::join_all(
        rails
            .iter()
            .map(|rail| request_for(rail.as_ref(), route, amount)),
    )
    .await;
    let mut issued = Issued::default();
    for (rail, request) in rails.into_iter().zip(requests) {
        let request = match request {
            Ok(Some(request)) => request,
            Ok(None) => continue,
            Err(error) => {
                tracing::warn!(method = rail.method(), %error, "a payment rail could not issue a challenge; it is left out of the 402");
                issued.rail_unavailable = true;
                continue;
            }
        };
        issued.challenges.push(Challenge {
            id: challenge_id(
                secret,
                realm,
                rail.method(),
                INTENT,
                &request,
                &expires,
                Some(CREDENTIAL_HEADER),
                Some(&opaque),
            ),
            realm: realm.to_owned(),
            method: rail.method().to_owned(),
            intent: INTENT.to_owned(),
            request,
            expires: expires.clone(),
            header: Some(CREDENTIAL_HEADER.to_owned()),
            opaque: Some(opaque.clone()),
            intent_url: Some(format!("{public_url}/v1/payments/intent")),
        });
    }
    issued
}
