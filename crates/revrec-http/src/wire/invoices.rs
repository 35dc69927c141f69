//! Invoices on the wire: a contract's `billing_schedule` and `POST /v1/contracts/{id}/invoices`.

use revrec_domain::{Currency, Invoice, text};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::dates::format_date;
use crate::wire::problems::Problems;

/// One invoice: an entry of `billing_schedule`, or the body of
/// `POST /v1/contracts/{id}/invoices`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvoiceInput {
    /// The invoice date, `YYYY-MM-DD`: the month it bills in.
    #[schema(format = Date, example = "2026-03-31")]
    pub date: String,
    /// Above zero, with no more decimals than the currency allows. The contract's invoices
    /// together may not exceed its transaction price.
    pub amount: DecimalInput,
    /// The billing system's number, unique per contract: sending it again is a replay, not
    /// a second invoice.
    #[schema(example = "INV-2026-0042", min_length = 1, max_length = 64)]
    pub number: Option<String>,
}

/// An invoice as recorded.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct InvoiceOut {
    #[schema(format = Date)]
    pub date: String,
    pub amount: Amount,
    pub number: Option<String>,
}

impl InvoiceOut {
    pub fn of(invoice: &Invoice, currency: Currency) -> InvoiceOut {
        InvoiceOut {
            date: format_date(invoice.date),
            amount: Amount::minor(invoice.amount, currency),
            number: invoice.number.clone(),
        }
    }
}

/// `items` read as invoices of `currency` (none when the currency could not be read: its own
/// problem is reported), each problem named `{prefix}[index].field`.
pub fn to_invoices(
    prefix: &str,
    items: &[InvoiceInput],
    currency: Option<Currency>,
    problems: &mut Problems,
) -> Vec<Invoice> {
    items
        .iter()
        .enumerate()
        .filter_map(|(index, item)| {
            to_invoice(&format!("{prefix}[{index}]."), item, currency, problems)
        })
        .collect()
}

/// One invoice, its problems named `{prefix}field`.
pub fn to_invoice(
    prefix: &str,
    item: &InvoiceInput,
    currency: Option<Currency>,
    problems: &mut Problems,
) -> Option<Invoice> {
    let date = problems.date(format!("{prefix}date"), &item.date);
    let amount = currency
        .and_then(|currency| problems.money(format!("{prefix}amount"), &item.amount, currency));
    let number = match item.number.as_deref().map(str::trim) {
        Some("") => {
            problems.push(format!("{prefix}number"), "must not be blank when given");
            None
        }
        Some(number) => problems
            .text(format!("{prefix}number"), number, text::REFERENCE)
            .then(|| Some(number.to_owned())),
        None => Some(None),
    };
    Some(Invoice {
        date: date?,
        amount: amount?,
        number: number?,
    })
}
