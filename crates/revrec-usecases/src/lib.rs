#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod error;
#[cfg(test)]
mod mocked_services;
mod services;

pub mod activate_contract;
pub mod as_of;
pub mod audit_trail;
pub mod authenticate;
mod billing_fact;
pub mod books;
pub mod client_authentication;
pub mod close_package;
pub mod console_access;
pub mod contract_view;
pub mod demo_portfolio;
pub mod explain_contract;
pub mod get_contract;
pub mod heavy_reads;
pub mod history;
pub mod idempotency;
pub mod identity_memo;
pub mod ingest_contract;
pub mod introspect_token;
pub mod issue_token;
pub mod job_signal;
pub mod ledger;
pub mod limits;
pub mod list_contracts;
pub mod list_payments;
pub mod manage_api_keys;
pub mod modify_contract;
pub mod note6_report;
pub mod oauth_clients;
pub mod offload;
pub mod pay_for_call;
pub mod periods;
pub mod policy;
pub mod posting_control;
pub mod principal;
pub mod rate_limit;
pub mod recalculation;
pub mod record_estimate;
pub mod record_event;
pub mod record_invoice;
pub mod record_payment;
pub mod record_usage;
pub mod repair_calendar;
pub mod reported_waterfall;
pub mod revoke_token;
pub mod secrets;
pub mod sign_in_throttle;
pub mod terminate_contract;
pub mod usage;
pub mod usage_meter;
pub mod verify_books;
pub mod waterfall_memo;
pub mod waterfall_report;

pub use authenticate::{SANDBOX_TENANT, SANDBOX_TOKEN};
pub use contract_view::ContractView;
pub use error::UseCaseError;
pub use policy::{PerPlan, Policy};
pub use principal::{AuthError, Credential, Principal};
pub use services::{Services, SharedServices};
