//! Cash received on the wire: `POST /v1/contracts/{id}/payments` (docs/ledger.md).

use revrec_domain::{Currency, Payment, text};
use revrec_ports::InvoiceRecord;
use revrec_usecases::list_payments::PaymentsReceived;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::contracts::Contract;
use crate::wire::dates::{format_date, format_timestamp};
use crate::wire::problems::Problems;

/// Cash received from the customer against the contract.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PaymentInput {
    /// The day the cash was received, `YYYY-MM-DD`: the month it clears receivables in.
    #[schema(format = Date, example = "2026-04-15")]
    pub date: String,
    /// Above zero, with no more decimals than the currency allows. More than the contract's
    /// receivable is a customer credit.
    pub amount: DecimalInput,
    /// The bank's or the payer's reference, unique per contract: sending it again is a
    /// replay, not a second payment.
    #[schema(example = "WIRE-2026-0415-77", min_length = 1, max_length = 64)]
    pub reference: String,
}

/// A payment as recorded.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PaymentOut {
    #[schema(format = Date)]
    pub date: String,
    pub amount: Amount,
    pub reference: String,
}

impl PaymentOut {
    pub fn of(payment: &Payment, currency: Currency) -> PaymentOut {
        PaymentOut {
            date: format_date(payment.date),
            amount: Amount::minor(payment.amount, currency),
            reference: payment.reference.clone(),
        }
    }
}

/// The answer to `POST /v1/contracts/{id}/payments`: the payment and the contract that
/// received it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PaymentRecorded {
    pub payment: PaymentOut,
    pub contract: Contract,
}

/// The payment `input` describes in `currency`, or its problems.
pub fn to_payment(
    input: &PaymentInput,
    currency: Currency,
    problems: &mut Problems,
) -> Option<Payment> {
    let date = problems.date("date", &input.date);
    let amount = problems.money("amount", &input.amount, currency);
    let reference = match input.reference.trim() {
        "" => {
            problems.push(
                "reference",
                "must name the payment: the bank's or the payer's reference",
            );
            None
        }
        reference => problems
            .text("reference", reference, text::REFERENCE)
            .then(|| reference.to_owned()),
    };
    Some(Payment {
        date: date?,
        amount: amount?,
        reference: reference?,
    })
}

/// A payment the contract received, as recorded.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReceivedPayment {
    /// `pay_…`
    pub id: String,
    #[schema(format = Date)]
    pub date: String,
    pub amount: Amount,
    pub reference: String,
    /// When it was recorded (the books know it from then on).
    #[schema(format = DateTime)]
    pub recorded_at: String,
    /// Who recorded it (the credential; `unknown` before actors were kept).
    #[schema(example = "key:key_01h8")]
    pub recorded_by: String,
}

/// The answer to `GET /v1/contracts/{id}/payments`: the cash the contract received, in the
/// order it was recorded.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PaymentList {
    pub contract_id: String,
    #[schema(example = "USD")]
    pub currency: String,
    pub data: Vec<ReceivedPayment>,
}

impl PaymentList {
    pub fn of(received: &PaymentsReceived) -> PaymentList {
        let currency = received.currency;
        PaymentList {
            contract_id: received.contract_id.clone(),
            currency: currency.code().to_owned(),
            data: received
                .payments
                .iter()
                .map(|record: &InvoiceRecord| {
                    let payment = PaymentOut::of(&record.payment(), currency);
                    ReceivedPayment {
                        id: record.id.clone(),
                        date: payment.date,
                        amount: payment.amount,
                        reference: payment.reference,
                        recorded_at: format_timestamp(record.recorded_at),
                        recorded_by: record.recorded_by.clone(),
                    }
                })
                .collect(),
        }
    }
}
