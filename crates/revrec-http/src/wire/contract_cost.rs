//! What a contract body costs, read before its route reads it whole: the obligation-months
//! it asks for, and the rate-limit units they take (`docs/limits.md`).

use revrec_usecases::limits::{size_of, units_of};
use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::wire::dates::parse_date;

/// Only what sizes a contract body; everything else is read (and judged) by its route.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ContractSize {
    start_date: Option<String>,
    end_date: Option<String>,
    line_items: Option<Vec<IgnoredAny>>,
}

/// The obligation-months a contract body asks for (a body that does not read counts as
/// one: its route refuses it).
pub fn contract_size(body: &[u8]) -> u64 {
    let size: ContractSize = serde_json::from_slice(body).unwrap_or_default();
    let date = |text: Option<&String>| text.and_then(|text| parse_date(text).ok());
    size_of(
        date(size.start_date.as_ref()),
        date(size.end_date.as_ref()),
        size.line_items.map_or(0, |lines| lines.len()),
    )
}

/// Rate-limit units a contract body costs.
pub fn contract_units(body: &[u8]) -> u64 {
    units_of(contract_size(body))
}
