//! How many heavy reads one tenant runs at once (`docs/limits.md`, "Where the work runs"):
//! an as-of report reads a snapshot of contracts and replays them, an explanation replays a
//! contract's every version. A tenant's heavy reads take turns, a few at a time, so that
//! however many it sends at once, the database connections and the compute threads they
//! hold leave room for everybody else; the others wait for their turn, and nobody else
//! waits for them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::UseCaseError;

/// Heavy reads one tenant runs at once by default.
pub const HEAVY_READS_PER_TENANT: usize = 2;

/// Tenants whose turns are kept; past it, the idle ones are forgotten.
const KEPT_TENANTS: usize = 10_000;

pub struct HeavyReads {
    per_tenant: usize,
    turns: Mutex<HashMap<String, Arc<Semaphore>>>,
}

/// A heavy read's turn: the next one of its tenant starts when it is dropped.
pub struct HeavyReadTurn {
    _permit: OwnedSemaphorePermit,
}

impl HeavyReads {
    pub fn new(per_tenant: usize) -> HeavyReads {
        HeavyReads {
            per_tenant: per_tenant.max(1),
            turns: Mutex::new(HashMap::new()),
        }
    }

    /// Waits for a turn of `tenant_id`'s.
    ///
    /// # Errors
    /// `Interrupted` never in practice: the turns are never closed.
    pub async fn turn(&self, tenant_id: &str) -> Result<HeavyReadTurn, UseCaseError> {
        let turns = {
            let mut all = self.turns.lock().unwrap_or_else(PoisonError::into_inner);
            if all.len() >= KEPT_TENANTS {
                // A tenant whose turns nobody holds or waits for has all its permits back.
                let per_tenant = self.per_tenant;
                all.retain(|_, turns| {
                    Arc::strong_count(turns) > 1 || turns.available_permits() < per_tenant
                });
            }
            Arc::clone(
                all.entry(tenant_id.to_owned())
                    .or_insert_with(|| Arc::new(Semaphore::new(self.per_tenant))),
            )
        };
        let permit = turns
            .acquire_owned()
            .await
            .map_err(|_| UseCaseError::Interrupted)?;
        Ok(HeavyReadTurn { _permit: permit })
    }
}

impl Default for HeavyReads {
    fn default() -> HeavyReads {
        HeavyReads::new(HEAVY_READS_PER_TENANT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_tenant_waits_for_its_own_turns_and_not_for_anothers() {
        let reads = HeavyReads::new(2);
        let first = reads.turn("busy").await;
        let second = reads.turn("busy").await;
        assert!(first.is_ok() && second.is_ok());
        // A third read of the busy tenant waits; another tenant's goes at once.
        let third = reads.turn("busy");
        tokio::pin!(third);
        assert!(futures_poll_once(&mut third).await.is_none());
        assert!(reads.turn("bystander").await.is_ok());
        drop(first);
        assert!(third.await.is_ok());
    }

    /// Polls `future` once: its output if it was ready.
    async fn futures_poll_once<F: Future + Unpin>(future: &mut F) -> Option<F::Output> {
        let waker = std::task::Waker::noop();
        let mut context = std::task::Context::from_waker(waker);
        match std::pin::Pin::new(future).poll(&mut context) {
            std::task::Poll::Ready(output) => Some(output),
            std::task::Poll::Pending => None,
        }
    }
}
