//! Folds the rollup deltas that writes append into one row per month, a few times a second
//! and once more when the server stops (docs/ARCHITECTURE.md, "Rollup deltas"). Reads are
//! exact either way; folding keeps them at about one row per month. Every instance folds;
//! two folding at once take different rows.

use std::time::Duration;

use revrec_ports::ROLLUP_FOLD_BATCH;
use revrec_usecases::Services;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How often the deltas are folded: what a report reads beyond one row per month is the
/// writes of about this long.
const FOLD_EVERY: Duration = Duration::from_millis(200);

pub struct RollupFolder {
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl RollupFolder {
    /// Starts folding on the current runtime.
    pub fn start(services: Services) -> RollupFolder {
        let (stop, mut stopped) = oneshot::channel();
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(FOLD_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = ticks.tick() => fold_all(&services).await,
                    _ = &mut stopped => break,
                }
            }
            fold_all(&services).await;
        });
        RollupFolder { stop, task }
    }

    /// Folds one last time and ends.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// Folds until a fold takes less than a full batch: a backlog (after a bulk load, say) goes
/// at once, a batch a transaction. A failure is logged; the next fold takes the rows.
pub async fn fold_all(services: &Services) {
    loop {
        match services.reports.fold_rollups().await {
            Ok(0) => return,
            Ok(rows) => {
                tracing::debug!(rows, "rollup deltas folded");
                if rows < ROLLUP_FOLD_BATCH {
                    return;
                }
            }
            Err(error) => {
                tracing::warn!(%error, "rollup deltas not folded yet; trying again");
                return;
            }
        }
    }
}
