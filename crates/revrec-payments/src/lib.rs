#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod bolt11;
pub mod hex;
pub mod lightning;
pub mod sandbox;
pub mod stripe;
pub mod tempo;

pub use lightning::{LightningRail, LightningSettings};
pub use sandbox::SandboxRail;
pub use stripe::{StripeRail, StripeSettings};
pub use tempo::{TempoRail, TempoSettings};
