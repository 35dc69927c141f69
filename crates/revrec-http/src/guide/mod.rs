//! The guide surface, under `/api/v1` (docs/asc606.md §2 and §6, docs/ledger.md): contract
//! ingest in the guide payload, the yearly waterfall, and the ledger (journal entries,
//! trial balance, chart of accounts). The same use cases, authentication, errors and
//! `Idempotency-Key` as the primary surface; only the wire shapes differ.

pub mod accounting;
pub mod contracts;
pub mod reports;
