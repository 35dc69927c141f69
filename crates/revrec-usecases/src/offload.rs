//! Hands a use case's CPU-heavy step to the compute pool and awaits its answer, so the
//! async thread that called it goes on serving other requests meanwhile.

use crate::error::UseCaseError;
use crate::services::Services;

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
