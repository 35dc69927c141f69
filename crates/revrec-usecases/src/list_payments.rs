//! The cash a contract has received (docs/ledger.md, "Cash received"): its payments in the
//! order they were recorded, as the books knew them at an instant when one is given.

use revrec_domain::Currency;
use revrec_ports::{BillingKind, InvoiceRecord};

use crate::as_of::{AsOf, load_contract_as_of};
use crate::error::UseCaseError;
use crate::services::Services;

/// A contract's payments, in its currency.
#[derive(Clone, Debug)]
pub struct PaymentsReceived {
    pub contract_id: String,
    pub currency: Currency,
    pub payments: Vec<InvoiceRecord>,
}

pub async fn list_payments(
    services: &Services,
    tenant_id: &str,
    id: &str,
    as_of: Option<AsOf>,
) -> Result<PaymentsReceived, UseCaseError> {
    let stored = load_contract_as_of(services, tenant_id, id, as_of).await?;
    Ok(PaymentsReceived {
        contract_id: stored.record.id.clone(),
        currency: stored.record.currency,
        payments: stored
            .invoices
            .iter()
            .filter(|record| record.kind == BillingKind::Payment)
            .cloned()
            .collect(),
    })
}
