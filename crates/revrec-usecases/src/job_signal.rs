//! Wakes this process's job worker when a job is queued here, so the job starts at once
//! instead of at the worker's next poll. Workers of other instances sharing the database
//! still find it by polling (docs/batch-and-jobs.md).

use tokio::sync::Notify;
use tokio::sync::futures::Notified;

#[derive(Debug, Default)]
pub struct JobSignal {
    queued: Notify,
}

impl JobSignal {
    /// Says a job was queued. A worker not waiting yet finds the signal when it next waits.
    pub fn job_queued(&self) {
        self.queued.notify_one();
    }

    /// Completes when a job is queued in this process (at once if one was since the last
    /// wait).
    pub fn queued(&self) -> Notified<'_> {
        self.queued.notified()
    }
}
