//! The primary surface, rooted at `/v1` (api-spec §4.1–§4.4 and the contract extensions):
//! each operation's function, run by its row of the operation table (`crate::operations`).

pub mod contracts;
pub mod events;
pub mod explain;
pub mod invoices;
pub mod jobs;
pub mod payments_received;
pub mod periods;
pub mod reports;
