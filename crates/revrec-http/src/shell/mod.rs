//! The ground floor of the HTTP side: what every room stands on and nothing above it.
//!
//! State and settings, authentication and scopes, body limits and JSON reading, the error
//! catalogue and its problem+json rendering, idempotency, rate-limit admission, metrics,
//! request ids, the `respond` helpers and the documentation pieces every route shares. It
//! knows no route, no adapter and no OAuth or payment type: an adapter's own error converts
//! into [`error::ApiError`], and a priced call reaches the payment gate through
//! [`paid_calls::PaidCalls`].

pub mod auth;
pub mod body;
pub mod cost;
pub mod docs;
pub mod error;
pub mod idempotency;
pub mod instants;
pub mod metrics;
pub mod paid_calls;
pub mod parameters;
pub mod problem;
pub mod query_catalogue;
pub mod rendered;
pub mod request;
pub mod respond;
pub mod routing;
pub mod settings;
pub mod state;
