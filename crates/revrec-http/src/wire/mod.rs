//! Wire types: what the JSON looks like, separate from the domain types it converts to.

pub mod amount;
pub mod contracts;
pub mod dates;
pub mod reports;
