//! List a tenant's contracts, filtered and paged.

use revrec_ports::{ContractPage, ContractQuery};

use crate::error::UseCaseError;
use crate::services::Services;

/// Default and largest page sizes (docs/limits.md, Exports and pages).
pub const DEFAULT_LIMIT: u32 = 50;
pub const MAX_LIMIT: u32 = 500;

pub async fn list_contracts(
    services: &Services,
    tenant_id: &str,
    query: &ContractQuery,
) -> Result<ContractPage, UseCaseError> {
    let mut query = query.clone();
    query.limit = query.limit.clamp(1, MAX_LIMIT);
    query.text = query
        .text
        .map(|text| text.trim().to_lowercase())
        .filter(|text| !text.is_empty());
    Ok(services.contracts.list(tenant_id, &query).await?)
}
