//! The primary surface, rooted at `/v1` (contracts, waterfalls, Note 6 and their extensions):
//! each operation's function, run by its row of the operation table (`crate::operations`).

pub mod audit_events;
pub mod close_packages;
pub mod contracts;
pub mod estimates;
pub mod events;
pub mod explain;
pub mod invoices;
pub mod jobs;
pub mod payments_received;
pub mod periods;
pub mod reports;
pub mod usage;
pub mod usage_upload;
