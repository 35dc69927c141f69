//! The guide surface, under `/api/v1` (api-spec §4.10, decisions.md §5): contract ingest in
//! the §2.3 payload, the yearly waterfall, and the ledger (journal entries, trial balance,
//! chart of accounts). The same use cases, authentication, errors and `Idempotency-Key`
//! as the primary surface; only the wire shapes differ.

pub mod accounting;
pub mod contracts;
pub mod reports;
