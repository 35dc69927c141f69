//! Wire types: what the JSON looks like, separate from the domain types it converts to.

pub mod amount;
pub mod audit;
pub mod batch;
pub mod close_package;
pub mod close_package_json;
pub mod close_package_variable;
pub mod close_package_zip;
pub mod contract_cost;
pub mod contracts;
pub mod dates;
pub mod events;
pub mod explain;
pub mod invoices;
pub mod jobs;
pub mod journal_csv;
pub mod ledger;
pub mod payments_received;
pub mod periods;
pub mod plain_contract;
pub mod problems;
pub mod reader;
pub mod recorded;
pub mod reports;
pub mod usage;
pub mod variable;
