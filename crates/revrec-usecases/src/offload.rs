//! Hands a use case's CPU-heavy step to the compute pool and awaits its answer, so the
//! async thread that called it goes on serving other requests meanwhile.

use crate::error::UseCaseError;
use crate::services::Services;

/// Obligation-months below which work is done where it is asked for: a few hundred
/// microseconds at most, less than the hop to the pool and back would add to every
/// ordinary request.
pub const INLINE_OBLIGATION_MONTHS: u64 = 2_400;

/// [`offload`] for work of `size` obligation-months; small work runs inline.
///
/// # Errors
/// As [`offload`].
pub async fn offload_sized<T, F>(services: &Services, size: u64, work: F) -> Result<T, UseCaseError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    if size <= INLINE_OBLIGATION_MONTHS {
        Ok(work())
    } else {
        offload(services, work).await
    }
}

/// `work`'s result, computed on the compute pool.
///
/// # Errors
/// `Interrupted` when the work never answered (it panicked).
pub async fn offload<T, F>(services: &Services, work: F) -> Result<T, UseCaseError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = futures_channel::oneshot::channel();
    services.compute.execute(Box::new(move || {
        // The caller may have gone (its client disconnected): nobody needs the answer.
        let _ = sender.send(work());
    }));
    receiver.await.map_err(|_| UseCaseError::Interrupted)
}
