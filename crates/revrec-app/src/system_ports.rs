//! The real clock and id source (the ports' production adapters).

use std::time::{SystemTime, UNIX_EPOCH};

use revrec_ports::{Clock, IdSource};

pub struct SystemClock;

impl Clock for SystemClock {
    fn now_micros(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| {
                i64::try_from(elapsed.as_micros()).unwrap_or(i64::MAX)
            })
    }
}

/// ULIDs (time-ordered, 128 bits) for ids; 192 bits from the OS for secrets.
pub struct RandomIds;

impl IdSource for RandomIds {
    fn new_id(&self, prefix: &str) -> String {
        format!("{prefix}{}", ulid::Ulid::new().to_string().to_lowercase())
    }

    fn secret(&self) -> String {
        let mut bytes = [0_u8; 24];
        if getrandom::fill(&mut bytes).is_err() {
            // No OS randomness: refuse to make a guessable secret.
            panic!("the operating system's random source is unavailable; no secret can be made");
        }
        bytes.iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_prefixed_unique_and_secrets_are_long() {
        let ids = RandomIds;
        let (a, b) = (ids.new_id("ctr_"), ids.new_id("ctr_"));
        assert!(a.starts_with("ctr_") && a.len() == 30 && a != b);
        let secret = ids.secret();
        assert_eq!(secret.len(), 48);
        assert_ne!(secret, ids.secret());
    }
}
