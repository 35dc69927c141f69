//! The real clock, id source and password hasher (the ports' production adapters).

use std::time::{SystemTime, UNIX_EPOCH};

use argon2::{Argon2, PasswordHash, PasswordVerifier};
use async_trait::async_trait;
use revrec_ports::{Clock, IdSource, PasswordError, PasswordHasher};

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

/// Argon2id with the crate's defaults (19 MiB, 2 passes, 1 lane: OWASP's first
/// recommendation), run on a blocking thread so a hash never stalls a request worker.
pub struct Argon2Passwords;

#[async_trait]
impl PasswordHasher for Argon2Passwords {
    async fn hash(&self, password: &str) -> Result<String, PasswordError> {
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || {
            argon2::PasswordHasher::hash_password(&Argon2::default(), password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|error| PasswordError::Hashing(error.to_string()))
        })
        .await
        .map_err(|error| PasswordError::Hashing(error.to_string()))?
    }

    async fn verify(&self, password: &str, phc: &str) -> Result<bool, PasswordError> {
        let (password, phc) = (password.to_owned(), phc.to_owned());
        tokio::task::spawn_blocking(move || {
            let hash = PasswordHash::new(&phc).map_err(|_| PasswordError::UnreadableHash)?;
            Ok(Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok())
        })
        .await
        .map_err(|error| PasswordError::Hashing(error.to_string()))?
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

    #[tokio::test]
    async fn passwords_hash_to_argon2id_and_verify_only_themselves() {
        let phc = Argon2Passwords
            .hash("correct horse battery")
            .await
            .unwrap_or_default();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(
            Argon2Passwords
                .verify("correct horse battery", &phc)
                .await
                .unwrap_or(false)
        );
        assert!(
            !Argon2Passwords
                .verify("correct horse battery!", &phc)
                .await
                .unwrap_or(true)
        );
        assert!(matches!(
            Argon2Passwords.verify("x", "not a hash").await,
            Err(PasswordError::UnreadableHash)
        ));
    }
}

/// Computes on a pool of threads of its own, apart from the HTTP workers and from the
/// threads that make database calls: a large batch keeps its own caller waiting, while
/// `/healthz`, another tenant's read and every database call go on. The operating system
/// shares the cores among the jobs in flight, so a small job is not queued behind a large
/// one; how many are in flight at once is bounded by the rate limits and the request
/// limits (`docs/limits.md`).
#[derive(Clone, Copy, Debug, Default)]
pub struct DedicatedCompute;

/// Most threads computing at once.
const COMPUTE_THREADS: usize = 64;

impl revrec_ports::ComputePool for DedicatedCompute {
    fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>) {
        static POOL: std::sync::OnceLock<Option<tokio::runtime::Runtime>> =
            std::sync::OnceLock::new();
        let pool = POOL.get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .max_blocking_threads(COMPUTE_THREADS)
                .thread_name("revrec-compute")
                .build()
                .ok()
        });
        match pool {
            Some(pool) => {
                pool.spawn_blocking(job);
            }
            // No threads to be had: compute where the caller is.
            None => job(),
        }
    }
}
