//! `POST /contracts/{id}/payments`: cash received against a contract (docs/ledger.md). A
//! payment changes no version: it clears receivables (beyond them it is the customer's
//! credit), so it is written with the rollup deltas of the contract without it and with it,
//! like an invoice, and under closed books a payment dated in a closed month is a
//! correction in the first open month like any other late fact.

use std::sync::Arc;

use revrec_domain::{Currency, Field, FieldError, InvoiceField, Payment, check_payment};
use revrec_ports::{BillingKind, InvoiceRecord, StoredContract};

use crate::billing_fact::{add_billing_fact, billable};
use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::load_contract;
use crate::posting_control::{PostingGuard, WriteContext, posting_guard};
use crate::services::Services;
use revrec_domain::Period;

#[derive(Clone, Debug)]
pub enum PaymentOutcome {
    /// A new payment; the view shows the contract with it received.
    Recorded(ContractView, InvoiceRecord),
    /// A payment with this reference was recorded before, with the same figures: nothing
    /// new.
    Replayed(ContractView, InvoiceRecord),
}

/// Records the payment that `read` makes of the request in the contract's currency (an
/// amount's decimals are its currency's). `read`'s error is the caller's own (its 422).
pub async fn record_payment<E: From<UseCaseError>>(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    read: impl FnOnce(Currency) -> Result<Payment, E>,
) -> Result<PaymentOutcome, E> {
    let stored = load_contract(services, tenant_id, id).await?;
    let payment = read(stored.record.currency)?;
    let guard = posting_guard(services, tenant_id, context).await?;
    Ok(record_read_payment(services, stored, payment, (guard, &context.actor)).await?)
}

async fn record_read_payment(
    services: &Services,
    stored: Arc<StoredContract>,
    payment: Payment,
    (guard, actor): (PostingGuard, &str),
) -> Result<PaymentOutcome, UseCaseError> {
    let billable = billable(
        services,
        &stored,
        "paid (an unsigned quote is not billed; activate it first)",
    )
    .await?;
    let earlier = stored.invoices.iter().find(|record| {
        record.kind == BillingKind::Payment && record.number.as_deref() == Some(&payment.reference)
    });
    if let Some(earlier) = earlier {
        if earlier.payment() != payment {
            return Err(UseCaseError::PaymentReferenceReused {
                reference: payment.reference,
            });
        }
        return Ok(PaymentOutcome::Replayed(
            billable.view(&stored),
            earlier.clone(),
        ));
    }
    // A replay is answered whatever the books; a new payment is checked.
    guard.admit(Period::of(payment.date))?;
    let invalid = |field: InvoiceField, message: String| {
        UseCaseError::invalid(FieldError::new(
            Field::Invoice { index: None, field },
            message,
        ))
    };
    if payment.reference.trim().is_empty() {
        return Err(invalid(
            InvoiceField::Reference,
            "must name the payment (the bank's or the payer's reference); a repeated reference is a replay".into(),
        ));
    }
    check_payment(&payment, billable.before.current().signed_date())
        .map_err(|error| invalid(error.field(), error.to_string()))?;

    let record = InvoiceRecord {
        kind: BillingKind::Payment,
        id: services.ids.new_id("pay_"),
        number: Some(payment.reference.clone()),
        date: payment.date,
        amount: payment.amount,
        recorded_at: services.clock.now_micros(),
        recorded_by: actor.to_owned(),
    };
    let view = add_billing_fact(services, &stored, billable, record.clone()).await?;
    Ok(PaymentOutcome::Recorded(view, record))
}
