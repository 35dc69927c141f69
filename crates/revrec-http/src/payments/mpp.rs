//! The wire format of MPP's `Payment` HTTP authentication scheme (draft-ryan-httpauth-payment):
//! challenges bound to their parameters by HMAC-SHA256, the `request` as base64url of
//! canonical JSON (RFC 8785), credentials and receipts.
//!
//! Written here rather than taken from the `mpp` crate: that crate turns on serde_json's
//! `preserve_order` for the whole build, which would change the key order of every JSON
//! document this service hashes and serves (docs/payments.md says more).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde_json::{Map, Value, json};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// The only intent served: one payment for one call.
pub const INTENT: &str = "charge";
/// Where the credential goes, since `Authorization` carries the bearer token.
pub const CREDENTIAL_HEADER: &str = "Payment-Authorization";

/// One `WWW-Authenticate: Payment` challenge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Challenge {
    pub id: String,
    pub realm: String,
    pub method: String,
    pub intent: String,
    /// base64url (no padding) of the canonical JSON request.
    pub request: String,
    /// RFC 3339.
    pub expires: String,
    /// The request header the credential goes in, when it is not `Authorization`.
    pub header: Option<String>,
    /// base64url of canonical JSON the client returns unchanged: ours carries a nonce,
    /// so two challenges are never the same even when issued in the same second.
    pub opaque: Option<String>,
    /// Ours: where the payment terms are published (not bound: display and discovery).
    pub intent_url: Option<String>,
}

/// The parameters the HMAC binds, in the slot order of draft-ryan-httpauth-payment's
/// HMAC-SHA256 Binding. Absent `digest` and `opaque` are empty slots; `header`, when
/// advertised, sits before `opaque` (as the `mpp` crate binds it).
#[allow(
    clippy::too_many_arguments,
    reason = "the slots of the binding, in order"
)]
pub fn challenge_id(
    secret: &[u8],
    realm: &str,
    method: &str,
    intent: &str,
    request: &str,
    expires: &str,
    header: Option<&str>,
    opaque: Option<&str>,
) -> String {
    let digest = "";
    let mut slots = vec![realm, method, intent, request, expires, digest];
    slots.extend(header);
    slots.push(opaque.unwrap_or(""));
    URL_SAFE_NO_PAD.encode(hmac_of(secret, slots.join("|").as_bytes()))
}

fn hmac_of(secret: &[u8], message: &[u8]) -> Vec<u8> {
    // HMAC takes keys of any length; `new_from_slice` cannot fail for it.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// Whether `id` is the binding of the other parameters under `secret`, compared in
/// constant time.
pub fn id_matches(secret: &[u8], challenge: &Challenge) -> bool {
    let expected = challenge_id(
        secret,
        &challenge.realm,
        &challenge.method,
        &challenge.intent,
        &challenge.request,
        &challenge.expires,
        challenge.header.as_deref(),
        challenge.opaque.as_deref(),
    );
    expected.as_bytes().ct_eq(challenge.id.as_bytes()).into()
}

/// RFC 8785 canonical JSON of `value`: object keys sorted by UTF-16 code units, no
/// whitespace. Our documents hold strings, integers, arrays and objects only.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (index, key) in keys.into_iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        // Strings escape as ECMAScript's JSON.stringify does; integers print plainly.
        other => out.push_str(&other.to_string()),
    }
}

/// The charge intent's `request` (draft-payment-intent-charge-00, Request Schema): amount in
/// minor units as a string, lowercase currency, what is bought, and the method's own details.
pub fn charge_request(
    amount_minor: i64,
    currency: &str,
    description: &str,
    method_details: Option<Value>,
) -> String {
    let mut request = json!({
        "amount": amount_minor.to_string(),
        "currency": currency.to_ascii_lowercase(),
        "description": description,
    });
    if let (Some(details), Value::Object(map)) = (method_details, &mut request) {
        map.insert("methodDetails".into(), details);
    }
    encode_request(&request)
}

/// A `request` auth-param: base64url (no padding) of the canonical JSON of `request`.
pub fn encode_request(request: &Value) -> String {
    URL_SAFE_NO_PAD.encode(canonical_json(request))
}

/// The JSON of a `request` auth-param, when it is one.
pub fn decode_request(request: &str) -> Option<Value> {
    let bytes = URL_SAFE_NO_PAD.decode(request.trim_end_matches('=')).ok()?;
    serde_json::from_slice(&bytes).ok()
}

fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

impl Challenge {
    /// The `WWW-Authenticate` field value.
    pub fn to_header(&self) -> String {
        let mut params = vec![
            ("id", self.id.as_str()),
            ("realm", &self.realm),
            ("method", &self.method),
            ("intent", &self.intent),
            ("request", &self.request),
            ("expires", &self.expires),
        ];
        if let Some(header) = &self.header {
            params.push(("header", header));
        }
        if let Some(opaque) = &self.opaque {
            params.push(("opaque", opaque));
        }
        if let Some(url) = &self.intent_url {
            params.push(("intent_url", url));
        }
        let params: Vec<String> = params
            .into_iter()
            .map(|(name, value)| format!("{name}={}", quoted(value)))
            .collect();
        format!("Payment {}", params.join(", "))
    }

    /// Parses one `WWW-Authenticate: Payment …` value (what a client does with a 402).
    pub fn parse_header(value: &str) -> Option<Challenge> {
        let (scheme, rest) = value.trim().split_once(' ')?;
        if !scheme.eq_ignore_ascii_case("payment") {
            return None;
        }
        let params = auth_params(rest)?;
        let get = |name: &str| params.get(name).cloned();
        Some(Challenge {
            id: get("id")?,
            realm: get("realm")?,
            method: get("method")?,
            intent: get("intent")?,
            request: get("request")?,
            expires: get("expires").unwrap_or_default(),
            header: get("header"),
            opaque: get("opaque"),
            intent_url: get("intent_url"),
        })
    }

    /// The `challenge` object a credential echoes.
    fn echo(&self) -> Value {
        let mut echo = json!({
            "id": self.id,
            "realm": self.realm,
            "method": self.method,
            "intent": self.intent,
            "request": self.request,
            "expires": self.expires,
        });
        if let Value::Object(map) = &mut echo {
            for (name, value) in [("header", &self.header), ("opaque", &self.opaque)] {
                if let Some(value) = value {
                    map.insert(name.into(), Value::String(value.clone()));
                }
            }
        }
        echo
    }
}

/// RFC 9110 auth-params: `name=token` or `name="quoted string"`, comma-separated.
fn auth_params(text: &str) -> Option<std::collections::BTreeMap<String, String>> {
    let mut params = std::collections::BTreeMap::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let (name, after) = rest.split_once('=')?;
        let name = name.trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (value, remainder) = if let Some(quoted) = after.strip_prefix('"') {
            let mut value = String::new();
            let mut chars = quoted.char_indices();
            let mut end = None;
            while let Some((index, c)) = chars.next() {
                match c {
                    '\\' => value.push(chars.next()?.1),
                    '"' => {
                        end = Some(index + 1);
                        break;
                    }
                    _ => value.push(c),
                }
            }
            (value, &quoted[end?..])
        } else {
            let end = after.find(',').unwrap_or(after.len());
            (after[..end].trim().to_owned(), &after[end..])
        };
        params.insert(name, value);
        rest = remainder.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    Some(params)
}

/// A credential as received: the echoed challenge and the method's payload.
#[derive(Clone, Debug)]
pub struct Credential {
    pub challenge: Challenge,
    /// The payload object's JSON text, for the rail.
    pub payload: String,
}

/// Why a credential could not be read (MPP `malformed-credential`).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MalformedCredential {
    #[error("the credential must be `Payment <base64url>`")]
    Scheme,
    #[error("the credential is not base64url")]
    Encoding,
    #[error("the credential does not decode to a JSON object with `challenge` and `payload`")]
    Shape,
    #[error("the echoed challenge lacks `{0}`")]
    Missing(&'static str),
}

impl Credential {
    /// Parses `Payment <base64url JSON>`.
    ///
    /// # Errors
    /// What makes it malformed.
    pub fn parse(value: &str) -> Result<Credential, MalformedCredential> {
        let (scheme, token) = value
            .trim()
            .split_once(' ')
            .ok_or(MalformedCredential::Scheme)?;
        if !scheme.eq_ignore_ascii_case("payment") {
            return Err(MalformedCredential::Scheme);
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(token.trim().trim_end_matches('='))
            .map_err(|_| MalformedCredential::Encoding)?;
        let document: Value =
            serde_json::from_slice(&bytes).map_err(|_| MalformedCredential::Shape)?;
        let (Some(Value::Object(echo)), Some(payload @ Value::Object(_))) =
            (document.get("challenge"), document.get("payload"))
        else {
            return Err(MalformedCredential::Shape);
        };
        let field = |name: &'static str| -> Result<String, MalformedCredential> {
            match echo.get(name) {
                Some(Value::String(text)) if !text.is_empty() => Ok(text.clone()),
                _ => Err(MalformedCredential::Missing(name)),
            }
        };
        let optional = |name: &str| echo.get(name).and_then(Value::as_str).map(str::to_owned);
        Ok(Credential {
            challenge: Challenge {
                id: field("id")?,
                realm: field("realm")?,
                method: field("method")?,
                intent: field("intent")?,
                request: field("request")?,
                expires: field("expires")?,
                header: optional("header"),
                opaque: optional("opaque"),
                intent_url: None,
            },
            payload: payload.to_string(),
        })
    }

    /// The `Payment-Authorization` value paying `challenge` with `payload` (what a
    /// client builds; `revrec pay` and the tests use it).
    pub fn build(challenge: &Challenge, payload: &Value) -> String {
        let document = json!({ "challenge": challenge.echo(), "payload": payload });
        format!(
            "Payment {}",
            URL_SAFE_NO_PAD.encode(canonical_json(&document))
        )
    }
}

/// The `Payment-Receipt` value (draft-ryan-httpauth-payment, Payment-Receipt Header).
pub fn receipt(method: &str, reference: &str, timestamp: &str, challenge_id: &str) -> String {
    let mut document = Map::new();
    for (name, value) in [
        ("challengeId", challenge_id),
        ("method", method),
        ("reference", reference),
        ("status", "success"),
        ("timestamp", timestamp),
    ] {
        document.insert(name.into(), Value::String(value.into()));
    }
    URL_SAFE_NO_PAD.encode(canonical_json(&Value::Object(document)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str) -> String {
        String::from_utf8(URL_SAFE_NO_PAD.decode(text).unwrap_or_default()).unwrap_or_default()
    }

    /// The cross-SDK golden vectors shared by the MPP SDKs (the `mpp` crate's
    /// `protocol/core/binding.rs`, tempoxyz/mpp-rs).
    #[test]
    fn challenge_ids_reproduce_the_cross_sdk_vectors() {
        let b64 = |json: &str| URL_SAFE_NO_PAD.encode(json);
        let amount = b64(r#"{"amount":"1000000"}"#);
        let vectors = [
            (
                "api.example.com",
                "tempo",
                "charge",
                amount.clone(),
                "",
                "X6v1eo7fJ76gAxqY0xN9Jd__4lUyDDYmriryOM-5FO4",
            ),
            (
                "api.example.com",
                "tempo",
                "charge",
                amount.clone(),
                "2025-01-06T12:00:00Z",
                "ChPX33RkKSZoSUyZcu8ai4hhkvjZJFkZVnvWs5s0iXI",
            ),
            (
                "api.example.com",
                "tempo",
                "charge",
                b64(r#"{"amount":"1000000","currency":"0x1234","recipient":"0xabcd"}"#),
                "",
                "_H5TOnnlW0zduQ5OhQ3EyLVze_TqxLDPda2CGZPZxOc",
            ),
            (
                "api.example.com",
                "tempo",
                "charge",
                b64(
                    r#"{"amount":"1000000","currency":"0x1234","methodDetails":{"chainId":42431}}"#,
                ),
                "",
                "TqujwpuDDg_zsWGINAd5XObO2rRe6uYufpqvtDmr6N8",
            ),
            (
                "api.example.com",
                "tempo",
                "charge",
                b64("{}"),
                "",
                "yLN7yChAejW9WNmb54HpJIWpdb1WWXeA3_aCx4dxmkU",
            ),
            (
                "payments.other.com",
                "tempo",
                "charge",
                amount.clone(),
                "",
                "3F5bOo2a9RUihdwKk4hGRvBvzQmVPBMDvW0YM-8GD00",
            ),
            (
                "api.example.com",
                "stripe",
                "charge",
                amount.clone(),
                "",
                "o0ra2sd7HcB4Ph0Vns69gRDUhSj5WNOnUopcDqKPLz4",
            ),
            (
                "api.example.com",
                "tempo",
                "session",
                amount,
                "",
                "aAY7_IEDzsznNYplhOSE8cERQxvjFcT4Lcn-7FHjLVE",
            ),
        ];
        for (realm, method, intent, request, expires, expected) in vectors {
            let id = challenge_id(
                b"test-vector-secret",
                realm,
                method,
                intent,
                &request,
                expires,
                None,
                None,
            );
            assert_eq!(id, expected, "{realm} {method} {intent} {expires}");
        }
        // The SDKs' "basic charge": the request canonicalised by our code.
        let request = URL_SAFE_NO_PAD.encode(canonical_json(&json!({
            "recipient": "0x1234567890abcdef1234567890abcdef12345678",
            "currency": "0x20c0000000000000000000000000000000000000",
            "amount": "1000000",
        })));
        assert_eq!(
            challenge_id(
                b"test-secret-key-12345",
                "api.example.com",
                "tempo",
                "charge",
                &request,
                "",
                None,
                None
            ),
            "XmJ98SdsAdzwP9Oa-8In322Uh6yweMO6rywdomWk_V4"
        );
        // The opaque slot: base64url of canonical JSON, last in the binding.
        let amount_only = URL_SAFE_NO_PAD.encode(r#"{"amount":"1000000"}"#);
        for (opaque, expected) in [
            (
                json!({"pi": "pi_3abc123XYZ"}),
                "rxzKZ2qjXvinqCH96RORTZEPs1KXsA-0AUjrCAPFOWc",
            ),
            (
                json!({"pi": "pi_3abc123XYZ", "deposit": "dep_456"}),
                "aKskU8sadR5ZuFbUCsIwhO-ENxuVpTw17FdwHEXsJDk",
            ),
        ] {
            let opaque = URL_SAFE_NO_PAD.encode(canonical_json(&opaque));
            let id = challenge_id(
                b"test-vector-secret",
                "api.example.com",
                "tempo",
                "charge",
                &amount_only,
                "",
                None,
                Some(&opaque),
            );
            assert_eq!(id, expected);
        }
    }

    /// A worked Stripe challenge for this service (25 cents, realm `revrec.example.com`),
    /// its id computed apart from this code with draft-ryan-httpauth-payment's HMAC-SHA256
    /// Binding; `request` built by our code.
    #[test]
    fn the_worked_example_of_a_stripe_challenge_is_reproduced() {
        let request = charge_request(
            25,
            "USD",
            "recognize-revenue call",
            Some(json!({"networkId": "profile_test", "paymentMethodTypes": ["card"]})),
        );
        assert_eq!(
            decode(&request),
            r#"{"amount":"25","currency":"usd","description":"recognize-revenue call","methodDetails":{"networkId":"profile_test","paymentMethodTypes":["card"]}}"#
        );
        let id = challenge_id(
            b"test-secret-do-not-use",
            "revrec.example.com",
            "stripe",
            "charge",
            &request,
            "2026-01-15T12:05:00Z",
            None,
            None,
        );
        assert_eq!(id, "eRhY8kxOXB1dZdV28_H0i4fIgLDF1250ffWHkNQn308");
        // The header slot enters the binding when advertised.
        let with_header = challenge_id(
            b"test-secret-do-not-use",
            "revrec.example.com",
            "stripe",
            "charge",
            &request,
            "2026-01-15T12:05:00Z",
            Some(CREDENTIAL_HEADER),
            None,
        );
        assert_ne!(with_header, id);
    }

    #[test]
    fn canonical_json_sorts_keys_by_utf16_and_has_no_whitespace() {
        let value = json!({"b": [1, {"z": "x", "a": "\u{1}\"é"}], "a": "", "\u{e9}": 1, "\u{1f600}": 2, "\u{ff61}": 3});
        // U+1F600 is a surrogate pair (0xD83D…), which sorts before U+FF61 in UTF-16.
        assert_eq!(
            canonical_json(&value),
            "{\"a\":\"\",\"b\":[1,{\"a\":\"\\u0001\\\"é\",\"z\":\"x\"}],\"é\":1,\"\u{1f600}\":2,\"\u{ff61}\":3}"
        );
    }

    #[test]
    fn challenges_credentials_and_receipts_round_trip() {
        let secret = b"a secret of at least thirty-two bytes";
        let request = charge_request(5, "usd", "GET /v1/waterfalls", None);
        let mut challenge = Challenge {
            id: String::new(),
            realm: "revrec.example.com".into(),
            method: "sandbox".into(),
            intent: INTENT.into(),
            request,
            expires: "2026-11-23T12:05:00Z".into(),
            header: Some(CREDENTIAL_HEADER.into()),
            opaque: Some(URL_SAFE_NO_PAD.encode(r#"{"nonce":"n1"}"#)),
            intent_url: Some("https://revrec.example.com/v1/payments/intent".into()),
        };
        challenge.id = challenge_id(
            secret,
            &challenge.realm,
            &challenge.method,
            INTENT,
            &challenge.request,
            &challenge.expires,
            Some(CREDENTIAL_HEADER),
            challenge.opaque.as_deref(),
        );
        let header = challenge.to_header();
        assert!(header.starts_with("Payment id=\""), "{header}");
        assert_eq!(Challenge::parse_header(&header), Some(challenge.clone()));
        assert!(id_matches(secret, &challenge));

        let credential = Credential::build(&challenge, &json!({"token": "tok_sandbox_1"}));
        let parsed = Credential::parse(&credential).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(parsed.payload, r#"{"token":"tok_sandbox_1"}"#);
        assert!(id_matches(secret, &parsed.challenge));
        let mut renonced = parsed.challenge.clone();
        renonced.opaque = Some(URL_SAFE_NO_PAD.encode(r#"{"nonce":"n2"}"#));
        assert!(!id_matches(secret, &renonced), "the nonce is bound");
        let mut tampered = parsed.challenge.clone();
        tampered.request = charge_request(4, "usd", "GET /v1/waterfalls", None);
        assert!(!id_matches(secret, &tampered));
        assert!(!id_matches(b"another secret", &parsed.challenge));

        for bad in ["Bearer abc", "Payment !!!", "Payment e30", "Payment"] {
            assert!(Credential::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            decode(&receipt("sandbox", "sbx_1", "2026-11-23T12:00:00Z", "id1")),
            r#"{"challengeId":"id1","method":"sandbox","reference":"sbx_1","status":"success","timestamp":"2026-11-23T12:00:00Z"}"#
        );
    }
}
