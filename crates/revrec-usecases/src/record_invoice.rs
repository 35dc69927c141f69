//! `POST /contracts/{id}/invoices`, and the `billing_schedule` of ingest and PUT: invoices
//! that bill a contract instead of the billed-at-start convention (docs/asc606.md §12). An
//! invoice changes no version: it moves the contract's balances, so it is written with the
//! rollup deltas of the contract billed without it and with it.

use std::sync::Arc;

use revrec_domain::{
    Billing, ContractTerms, Currency, Field, FieldError, Invoice, InvoiceField, ValidationErrors,
    check_invoice, format_minor,
};
use revrec_ports::{BillingKind, IdSource, InvoiceRecord, StoredContract};

use crate::billing_fact::{add_billing_fact, billable};
use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{billing_of, load_contract};
use crate::posting_control::{PostingGuard, WriteContext, posting_guard};
use crate::services::Services;
use revrec_domain::Period;

#[derive(Clone, Debug)]
pub enum InvoiceOutcome {
    /// A new invoice; the view shows the contract billed by it.
    Recorded(ContractView, InvoiceRecord),
    /// An invoice with this number was recorded before, with the same figures: nothing new.
    Replayed(ContractView, InvoiceRecord),
}

/// Records the invoice that `read` makes of the request in the contract's currency (an
/// amount's decimals are its currency's, so the request is read once the contract is): one
/// load of the contract serves both. `read`'s error is the caller's own (its 422).
pub async fn record_invoice<E: From<UseCaseError>>(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    read: impl FnOnce(Currency) -> Result<Invoice, E>,
) -> Result<InvoiceOutcome, E> {
    let stored = load_contract(services, tenant_id, id).await?;
    let invoice = read(stored.record.currency)?;
    let guard = posting_guard(services, tenant_id, context).await?;
    Ok(record_read_invoice(services, stored, invoice, (guard, &context.actor)).await?)
}

async fn record_read_invoice(
    services: &Services,
    stored: Arc<StoredContract>,
    invoice: Invoice,
    (guard, actor): (PostingGuard, &str),
) -> Result<InvoiceOutcome, UseCaseError> {
    let billable = billable(
        services,
        &stored,
        "invoiced (an unsigned quote is not billed; activate it first)",
    )
    .await?;
    let earlier = invoice.number.as_ref().and_then(|number| {
        stored
            .invoices
            .iter()
            .find(|i| i.is_invoice() && i.number.as_ref() == Some(number))
    });
    if let Some(earlier) = earlier {
        if earlier.invoice() != invoice {
            return Err(UseCaseError::InvoiceNumberReused {
                number: earlier.number.clone().unwrap_or_default(),
            });
        }
        return Ok(InvoiceOutcome::Replayed(
            billable.view(&stored),
            earlier.clone(),
        ));
    }
    // A replay is answered whatever the books; a new invoice is checked.
    guard.admit(Period::of(invoice.date))?;
    let plan = billable.before.current();
    let price = plan.transaction_price();
    let exponent = plan.currency().exponent();
    check_invoice(
        billable.before.billing(),
        &invoice,
        plan.signed_date(),
        price,
        |minor| format_minor(minor, exponent),
    )
    .map_err(|error| {
        UseCaseError::invalid(FieldError::new(
            Field::Invoice {
                index: None,
                field: error.field(),
            },
            error.to_string(),
        ))
    })?;

    let now = services.clock.now_micros();
    let record = new_record(invoice, services.ids.as_ref(), (now, actor));
    let view = add_billing_fact(services, &stored, billable, record.clone()).await?;
    Ok(InvoiceOutcome::Recorded(view, record))
}

fn new_record(invoice: Invoice, ids: &dyn IdSource, (now, actor): (i64, &str)) -> InvoiceRecord {
    InvoiceRecord {
        kind: BillingKind::Invoice,
        id: ids.new_id("inv_"),
        number: invoice.number,
        date: invoice.date,
        amount: invoice.amount,
        recorded_at: now,
        recorded_by: actor.to_owned(),
    }
}

/// The invoices a `billing_schedule` adds to a contract with `terms` that holds `existing`
/// ones: each checked like a posted invoice (in order, so the total is judged as it grows),
/// and an entry whose number is already the contract's is that invoice again, not a second
/// one (its figures must then be the same).
pub fn scheduled_invoices(
    terms: &ContractTerms,
    existing: &[InvoiceRecord],
    schedule: Vec<Invoice>,
    ids: &dyn IdSource,
    recorded: (i64, &str),
) -> Result<Vec<InvoiceRecord>, UseCaseError> {
    let mut errors = Vec::new();
    let mut billed: Vec<InvoiceRecord> = existing.to_vec();
    let mut added = Vec::new();
    let exponent = terms.currency.exponent();
    for (index, invoice) in schedule.into_iter().enumerate() {
        let field = |field| Field::Invoice {
            index: Some(index),
            field,
        };
        let same_number = invoice.number.as_ref().and_then(|number| {
            billed
                .iter()
                .find(|i| i.is_invoice() && i.number.as_ref() == Some(number))
        });
        if let Some(earlier) = same_number {
            if earlier.invoice() != invoice {
                errors.push(FieldError::new(
                    field(InvoiceField::Number),
                    format!(
                        "invoice `{}` is already the contract's with another date or amount; a number names one invoice",
                        invoice.number.unwrap_or_default()
                    ),
                ));
            }
            continue;
        }
        let so_far = billing_of(&billed);
        match check_invoice(
            &so_far,
            &invoice,
            terms.signed_date,
            terms.transaction_price,
            |m| format_minor(m, exponent),
        ) {
            Ok(()) => {
                let record = new_record(invoice, ids, recorded);
                billed.push(record.clone());
                added.push(record);
            }
            Err(error) => errors.push(FieldError::new(field(error.field()), error.to_string())),
        }
    }
    if errors.is_empty() {
        Ok(added)
    } else {
        Err(UseCaseError::Invalid(ValidationErrors(errors)))
    }
}

/// The billing of a contract whose invoices are `existing` plus `added`.
pub fn billing_with(existing: &[InvoiceRecord], added: &[InvoiceRecord]) -> Billing {
    let all: Vec<InvoiceRecord> = existing.iter().chain(added).cloned().collect();
    billing_of(&all)
}
