#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod sandbox;
pub mod stripe;

pub use sandbox::SandboxRail;
pub use stripe::{StripeRail, StripeSettings};
