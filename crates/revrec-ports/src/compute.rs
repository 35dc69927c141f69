//! Where the CPU-heavy part of a use case runs (allocation, schedules, reports, exports), so
//! that it never holds up the threads that take and answer requests: a large batch keeps
//! its own caller waiting, not `/healthz` or another tenant's read (`docs/limits.md`).

/// Runs jobs away from the request-serving threads.
pub trait ComputePool: Send + Sync {
    fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>);
}

/// Runs each job at once on the calling thread: for the command line and for tests, where
/// nothing else is being served.
#[derive(Clone, Copy, Debug, Default)]
pub struct InlineCompute;

impl ComputePool for InlineCompute {
    fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>) {
        job();
    }
}
