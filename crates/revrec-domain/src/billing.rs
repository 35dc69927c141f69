//! Invoices and the contract balances they make (ASC 606-10-45-1 to 45-4, decisions.md §13).
//!
//! A contract with invoices is billed by them, not at its start: at each month end its
//! balance is billed to date less recognized to date, a contract liability (deferred
//! revenue) above zero and a contract asset below. Balances are per contract and month,
//! never netted across contracts. A contract without invoices keeps the billed-at-start
//! convention of §5, its figures unchanged to the byte.

use time::Date;

use crate::period::Period;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invoice {
    pub date: Date,
    /// Minor units, above zero.
    pub amount: i64,
    /// The billing system's own number: a natural idempotency key.
    pub number: Option<String>,
}

/// A contract's invoices, in date order (invoices of one day in the order they came).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Billing {
    invoices: Vec<Invoice>,
}

/// Why a set of invoices cannot be a contract's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BillingError {
    #[error("must be above zero")]
    NotPositive,
    #[error("is before the contract was signed ({signed}); an invoice follows the contract")]
    BeforeSigned { signed: Date },
    #[error(
        "bring the contract's invoices to {billed}, above its transaction price {price}; invoices above the price are refused"
    )]
    AbovePrice { billed: String, price: String },
}

impl BillingError {
    /// The invoice field a caller should look at.
    pub fn field(&self) -> crate::contract::InvoiceField {
        match self {
            BillingError::BeforeSigned { .. } => crate::contract::InvoiceField::Date,
            BillingError::NotPositive | BillingError::AbovePrice { .. } => {
                crate::contract::InvoiceField::Amount
            }
        }
    }
}

impl Billing {
    pub fn new(mut invoices: Vec<Invoice>) -> Billing {
        invoices.sort_by_key(|invoice| invoice.date);
        Billing { invoices }
    }

    pub fn invoices(&self) -> &[Invoice] {
        &self.invoices
    }

    pub fn is_empty(&self) -> bool {
        self.invoices.is_empty()
    }

    pub fn total(&self) -> i64 {
        self.invoices.iter().map(|invoice| invoice.amount).sum()
    }

    /// The month of the last invoice.
    pub fn last_period(&self) -> Option<Period> {
        self.invoices.last().map(|invoice| Period::of(invoice.date))
    }

    /// What was billed in each of `months` months from `first` (invoices outside are left
    /// out; callers cover every invoice's month).
    pub fn billed_monthly(&self, first: Period, months: usize) -> Vec<i64> {
        let mut billed = vec![0; months];
        for invoice in &self.invoices {
            let slot = usize::try_from(first.months_until(Period::of(invoice.date)))
                .ok()
                .and_then(|index| billed.get_mut(index));
            if let Some(slot) = slot {
                *slot += invoice.amount;
            }
        }
        billed
    }
}

/// A contract's position at a month end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ContractBalance {
    /// Billed to date (revrec records no cash: the ledger clears receivables as it applies
    /// payments).
    pub receivable: i64,
    /// Recognized beyond what was billed: a right to consideration conditioned on more
    /// than the passage of time (ASC 606-10-45-3).
    pub asset: i64,
    /// Billed beyond what was recognized: deferred revenue (ASC 606-10-45-2).
    pub liability: i64,
}

impl ContractBalance {
    /// Presented net per contract: at most one of `asset` and `liability` is non-zero.
    pub fn of(billed_to_date: i64, recognized_to_date: i64) -> ContractBalance {
        let net = billed_to_date - recognized_to_date;
        ContractBalance {
            receivable: billed_to_date,
            asset: (-net).max(0),
            liability: net.max(0),
        }
    }
}

/// Checks one more invoice against the contract: a positive amount, not before signing, and
/// the invoices together not above `price`.
pub fn check_invoice(
    billing: &Billing,
    invoice: &Invoice,
    signed: Date,
    price: i64,
    format: impl Fn(i64) -> String,
) -> Result<(), BillingError> {
    if invoice.amount <= 0 {
        return Err(BillingError::NotPositive);
    }
    if invoice.date < signed {
        return Err(BillingError::BeforeSigned { signed });
    }
    let billed = billing.total() + invoice.amount;
    if billed > price {
        return Err(BillingError::AbovePrice {
            billed: format(billed),
            price: format(price),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn invoice(date: Date, amount: i64) -> Invoice {
        Invoice {
            date,
            amount,
            number: None,
        }
    }

    #[test]
    fn a_balance_is_an_asset_or_a_liability_never_both() {
        assert_eq!(
            ContractBalance::of(300, 100),
            ContractBalance {
                receivable: 300,
                asset: 0,
                liability: 200
            }
        );
        assert_eq!(
            ContractBalance::of(0, 100),
            ContractBalance {
                receivable: 0,
                asset: 100,
                liability: 0
            }
        );
        assert_eq!(ContractBalance::of(50, 50).asset, 0);
    }

    #[test]
    fn invoices_are_kept_in_date_order_and_summed_by_month() {
        let billing = Billing::new(vec![
            invoice(date!(2026 - 03 - 31), 300),
            invoice(date!(2026 - 01 - 15), 100),
            invoice(date!(2026 - 03 - 01), 50),
        ]);
        assert_eq!(billing.invoices()[0].amount, 100);
        assert_eq!(billing.total(), 450);
        assert_eq!(
            billing.billed_monthly(Period::parse("2026-01").unwrap(), 4),
            [100, 0, 350, 0]
        );
        assert_eq!(
            billing.last_period(),
            Some(Period::parse("2026-03").unwrap())
        );
    }

    #[test]
    fn an_invoice_must_be_positive_after_signing_and_within_the_price() {
        let billing = Billing::new(vec![invoice(date!(2026 - 01 - 31), 900)]);
        let check = |invoice: &Invoice| {
            check_invoice(&billing, invoice, date!(2026 - 01 - 01), 1000, |v| {
                v.to_string()
            })
        };
        assert_eq!(check(&invoice(date!(2026 - 02 - 28), 100)), Ok(()));
        assert_eq!(
            check(&invoice(date!(2026 - 02 - 28), 0)),
            Err(BillingError::NotPositive)
        );
        assert!(matches!(
            check(&invoice(date!(2025 - 12 - 31), 10)),
            Err(BillingError::BeforeSigned { .. })
        ));
        assert!(matches!(
            check(&invoice(date!(2026 - 02 - 28), 101)),
            Err(BillingError::AbovePrice { .. })
        ));
    }
}
