//! A waterfall as a use case reports it: the figures and the hash of their canonical form.

use revrec_domain::{OutputHash, Waterfall};

#[derive(Clone, Debug)]
pub struct WaterfallReport {
    pub waterfall: Waterfall,
    pub output_hash: OutputHash,
}
