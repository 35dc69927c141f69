//! Note 6 disclosure data for a calendar quarter.

use revrec_domain::{Currency, Note6, OutputHash, Quarter, note6, output_hash};

use crate::as_of::AsOf;
use crate::books::booked_portfolio;
use crate::error::UseCaseError;
use crate::services::Services;

#[derive(Clone, Debug)]
pub struct Note6Report {
    pub note6: Note6,
    pub output_hash: OutputHash,
}

pub async fn note6_report(
    services: &Services,
    tenant_id: &str,
    quarter: Quarter,
    currency: Option<Currency>,
    as_of: Option<AsOf>,
) -> Result<Note6Report, UseCaseError> {
    // As the books report it: a quarter whose months are closed shows what they froze.
    let (currency, booked) = booked_portfolio(
        services,
        tenant_id,
        currency,
        Some(quarter.last_period()),
        as_of,
    )
    .await?;
    let note6 = note6(&booked.rollup, currency, quarter);
    let output_hash = output_hash("note6/v1", &note6);
    Ok(Note6Report { note6, output_hash })
}
