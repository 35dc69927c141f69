//! Whose challenge it is. A challenge answers one caller's request, so it pays only for
//! that caller's calls: its `opaque` (base64url of a flat JSON map the client echoes, bound
//! by the challenge's HMAC, so nothing is stored) names the credential it was issued to as
//! a digest of the tenant and the API key or OAuth client. A challenge of the
//! unauthenticated `GET /v1/payments/challenge` names nobody and pays for no call: it shows
//! the terms. All tokens of one OAuth client are one holder, as they share one quota.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use revrec_usecases::Principal;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::mpp::canonical_json;

/// The `opaque` key naming the holder.
const HOLDER: &str = "holder";

/// Who may pay with a challenge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Holder {
    /// The credential whose request got the 402, as [`holder_digest`] writes it.
    Caller(String),
    /// Issued to no caller: it pays for nothing.
    Nobody,
}

impl Holder {
    pub fn of(principal: &Principal) -> Holder {
        Holder::Caller(holder_digest(principal))
    }
}

/// 128 bits of SHA-256 over the tenant and the credential's name within it: enough to tell
/// credentials apart, and the challenge says nothing of who it was for.
fn holder_digest(principal: &Principal) -> String {
    let digest = Sha256::new()
        .chain_update(b"revrec payment holder\0")
        .chain_update(principal.tenant_id.as_bytes())
        .chain_update(b"\0")
        .chain_update(principal.credential.quota_name().as_bytes())
        .finalize();
    URL_SAFE_NO_PAD.encode(&digest[..16])
}

/// The `opaque` of a challenge for `holder`: a fresh nonce (so no two challenges are alike),
/// and the holder when there is one.
pub fn opaque_for(holder: &Holder) -> String {
    let mut map = Map::new();
    map.insert(
        "nonce".into(),
        Value::String(ulid::Ulid::new().to_string().to_ascii_lowercase()),
    );
    if let Holder::Caller(digest) = holder {
        map.insert(HOLDER.into(), Value::String(digest.clone()));
    }
    URL_SAFE_NO_PAD.encode(canonical_json(&Value::Object(map)))
}

/// Whom an echoed `opaque` (already checked against the challenge's HMAC) names.
pub fn holder_in(opaque: Option<&str>) -> Holder {
    opaque
        .and_then(|text| URL_SAFE_NO_PAD.decode(text).ok())
        .and_then(|bytes| serde_json::from_slice::<Map<String, Value>>(&bytes).ok())
        .and_then(|map| map.get(HOLDER).and_then(Value::as_str).map(str::to_owned))
        .map_or(Holder::Nobody, Holder::Caller)
}

/// Whether a challenge naming `holder` may pay for `principal`'s call (compared in
/// constant time).
pub fn may_pay(holder: &Holder, principal: &Principal) -> bool {
    match holder {
        Holder::Caller(digest) => digest
            .as_bytes()
            .ct_eq(holder_digest(principal).as_bytes())
            .into(),
        Holder::Nobody => false,
    }
}

#[cfg(test)]
mod tests {
    use revrec_ports::Plan;
    use revrec_usecases::Credential;

    use super::*;

    fn principal(tenant: &str, credential: Credential) -> Principal {
        Principal {
            tenant_id: tenant.into(),
            scopes: Vec::new(),
            plan: Plan::Growth,
            credential,
        }
    }

    fn key(id: &str) -> Credential {
        Credential::ApiKey { id: id.into() }
    }

    #[test]
    fn a_challenge_pays_only_for_the_credential_it_was_issued_to() {
        let ana = principal("acme", key("key_1"));
        let opaque = opaque_for(&Holder::of(&ana));
        let holder = holder_in(Some(&opaque));
        assert!(may_pay(&holder, &ana));
        for other in [
            principal("acme", key("key_2")),
            principal("globex", key("key_1")),
            principal(
                "acme",
                Credential::OAuthToken {
                    client_id: "key_1".into(),
                },
            ),
        ] {
            assert!(!may_pay(&holder, &other), "{other:?}");
        }
        // Every token of one OAuth client is the same holder.
        let client = Credential::OAuthToken {
            client_id: "cli_1".into(),
        };
        let issued = holder_in(Some(&opaque_for(&Holder::of(&principal(
            "acme",
            client.clone(),
        )))));
        assert!(may_pay(&issued, &principal("acme", client)));
    }

    #[test]
    fn a_challenge_for_nobody_pays_for_nothing_and_names_no_one() {
        let opaque = opaque_for(&Holder::Nobody);
        assert_eq!(holder_in(Some(&opaque)), Holder::Nobody);
        assert_eq!(holder_in(None), Holder::Nobody);
        assert!(!may_pay(&Holder::Nobody, &principal("acme", key("key_1"))));
        let named = String::from_utf8(
            URL_SAFE_NO_PAD
                .decode(opaque_for(&Holder::of(&principal("acme", key("key_1")))))
                .unwrap_or_default(),
        )
        .unwrap_or_default();
        assert!(
            named.starts_with(r#"{"holder":""#)
                && !named.contains("acme")
                && !named.contains("key_1"),
            "{named}"
        );
        assert_ne!(opaque_for(&Holder::Nobody), opaque_for(&Holder::Nobody));
    }
}
