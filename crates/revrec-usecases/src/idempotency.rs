//! Idempotency keys (docs/errors.md, Idempotency-Key): the same key with the same request
//! replays the first answer; with another request it is refused; while the first is running
//! it is busy.

use revrec_ports::{Claim, RecordedResponse};
use sha2::{Digest, Sha256};

use crate::error::UseCaseError;
use crate::services::Services;

/// How long an answer is kept for replay.
pub const KEEP_MICROS: i64 = 24 * 60 * 60 * 1_000_000;
/// A claim with no answer after this long belongs to a request that died; it is taken over.
pub const ABANDON_AFTER_MICROS: i64 = 5 * 60 * 1_000_000;

/// What makes two requests "the same": method, path (with query) and body bytes.
pub fn fingerprint(method: &str, path: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    for part in [method.as_bytes(), path.as_bytes(), body] {
        hasher.update((part.len() as u64).to_be_bytes());
        hasher.update(part);
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

pub async fn claim(
    services: &Services,
    tenant_id: &str,
    key: &str,
    fingerprint: &str,
) -> Result<Claim, UseCaseError> {
    let now = services.clock.now_micros();
    Ok(services
        .idempotency
        .claim(
            tenant_id,
            key,
            fingerprint,
            now,
            KEEP_MICROS,
            ABANDON_AFTER_MICROS,
        )
        .await?)
}

pub async fn record(
    services: &Services,
    tenant_id: &str,
    key: &str,
    response: &RecordedResponse,
) -> Result<(), UseCaseError> {
    Ok(services
        .idempotency
        .record(tenant_id, key, response)
        .await?)
}

pub async fn release(services: &Services, tenant_id: &str, key: &str) -> Result<(), UseCaseError> {
    Ok(services.idempotency.release(tenant_id, key).await?)
}

#[cfg(test)]
mod tests {
    use super::fingerprint;

    #[test]
    fn fingerprints_tell_method_path_and_body_apart() {
        let base = fingerprint("POST", "/v1/contracts", b"{}");
        assert_eq!(base, fingerprint("POST", "/v1/contracts", b"{}"));
        assert_ne!(base, fingerprint("PUT", "/v1/contracts", b"{}"));
        assert_ne!(base, fingerprint("POST", "/v1/contracts/x", b"{}"));
        assert_ne!(base, fingerprint("POST", "/v1/contracts", b"{ }"));
        // Length prefixes keep the parts from running into each other.
        assert_ne!(
            fingerprint("POST", "/a", b"b"),
            fingerprint("POST", "/ab", b"")
        );
    }
}
