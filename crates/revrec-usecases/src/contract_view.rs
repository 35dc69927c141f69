//! A contract as the use cases return it: its record, one version's terms and that
//! version's plan (allocations and schedule).

use revrec_domain::{ContractPlan, PlanHistory};
use revrec_ports::{ContractRecord, StoredVersion};

#[derive(Clone, Debug)]
pub struct ContractView {
    pub record: ContractRecord,
    /// The version shown (the current one unless another was asked for).
    pub version: StoredVersion,
    /// Plans of versions 1 through the one shown.
    pub history: PlanHistory,
}

impl ContractView {
    pub fn plan(&self) -> &ContractPlan {
        self.history.current()
    }
}
