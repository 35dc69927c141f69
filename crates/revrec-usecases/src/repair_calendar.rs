//! `revrec repair-calendar`: takes off the books the contracts stored before every date was
//! held to the calendar (1900-01-01 to 2199-12-31; `docs/limits.md`).
//!
//! Such a contract (a term in year 0, say) was never a real one: the API refuses it today.
//! It is removed whole, in one transaction per contract, with its contribution to the
//! rollups; the caller keeps what was removed (the command prints it) so nothing is lost
//! without a trace. Every other contract is left as it is.

use revrec_ports::{ContractRemoval, StoredContract};

use crate::error::UseCaseError;
use crate::history::{ContractPages, replay, rollup_deltas};
use crate::services::Services;
use crate::verify_books::outside_calendar;

/// One contract taken off the books, as it was stored.
#[derive(Clone, Debug)]
pub struct RemovedContract {
    pub stored: StoredContract,
    pub reason: String,
}

/// Removes the tenant's contracts that hold a date outside the calendar.
///
/// # Errors
/// When the store fails; contracts removed before that stay removed (each is its own
/// transaction), and a second run finds the rest.
pub async fn repair_calendar(
    services: &Services,
    tenant_id: &str,
    page_size: u32,
) -> Result<Vec<RemovedContract>, UseCaseError> {
    let mut removed = Vec::new();
    let mut pages = ContractPages::new(services, tenant_id, page_size);
    while let Some(page) = pages.next_page().await? {
        for stored in &page {
            let Some(reason) = outside_calendar(stored) else {
                continue;
            };
            // What it added to the rollups, taken out again; a contract whose versions no
            // longer replay added nothing a report can still read.
            let rollup = match (replay(stored), stored.record.status.is_reported()) {
                (Ok(history), true) => rollup_deltas(stored.record.currency, Some(&history), None)?,
                _ => Vec::new(),
            };
            services
                .contracts
                .remove(ContractRemoval {
                    tenant_id: tenant_id.to_owned(),
                    contract_id: stored.record.id.clone(),
                    expected_revision: stored.revision,
                    rollup,
                })
                .await?;
            removed.push(RemovedContract {
                stored: StoredContract::clone(stored),
                reason,
            });
        }
    }
    Ok(removed)
}
