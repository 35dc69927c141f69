//! The answers to an event on a contract: the contract as it now stands, with what the
//! event added.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::contracts::Contract;
use crate::wire::events::ContractVersion;
use crate::wire::invoices::InvoiceOut;

/// The answer to an event: the contract at its new version, and that version's effect.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EventRecorded {
    pub contract: Contract,
    pub version: ContractVersion,
}

/// The answer to `POST /v1/contracts/{id}/invoices`: the invoice and the contract billed by it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct InvoiceRecorded {
    pub invoice: InvoiceOut,
    pub contract: Contract,
}
