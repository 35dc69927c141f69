//! Writes the request counts of the usage meter to the database every few seconds, and
//! once more when the server stops, so the console's usage page sees every instance's.

use std::time::Duration;

use revrec_usecases::Services;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How often the counts are written: the usage page's lag behind other instances.
const FLUSH_EVERY: Duration = Duration::from_secs(5);

pub struct UsageFlusher {
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl UsageFlusher {
    /// Starts flushing on the current runtime.
    pub fn start(services: Services) -> UsageFlusher {
        let (stop, mut stopped) = oneshot::channel();
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(FLUSH_EVERY);
            loop {
                tokio::select! {
                    _ = ticks.tick() => flush(&services).await,
                    _ = &mut stopped => break,
                }
            }
            flush(&services).await;
        });
        UsageFlusher { stop, task }
    }

    /// Flushes one last time and ends.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

async fn flush(services: &Services) {
    // A failed flush keeps its counts for the next one; say so once per failure.
    if let Err(error) = services.usage_meter.flush(services.usage.as_ref()).await {
        tracing::warn!(error = %error, "usage counts not written yet");
    }
}
