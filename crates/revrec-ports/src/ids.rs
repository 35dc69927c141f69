//! Identifiers and secrets, behind a port so tests can make them predictable.

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait IdSource: Send + Sync {
    /// A new unique id with the given prefix (`ctr_`, `pob_`, `key_` …), sortable by creation.
    fn new_id(&self, prefix: &str) -> String;
    /// A new high-entropy secret of at least 160 bits, URL-safe characters only.
    fn secret(&self) -> String;
}
