//! Invoices and the contract balances they make (ASC 606-10-45-1 to 45-4, docs/asc606.md §12).
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

/// Cash received from the customer against the contract (docs/ledger.md): it clears
/// receivables; beyond them it is a customer credit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub date: Date,
    /// Minor units, above zero.
    pub amount: i64,
    /// The payer's or the bank's reference: a natural idempotency key.
    pub reference: String,
}

/// A contract's invoices and payments, each in date order (those of one day in the order
/// they came).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Billing {
    invoices: Vec<Invoice>,
    payments: Vec<Payment>,
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
        Billing {
            invoices,
            payments: Vec::new(),
        }
    }

    /// The same invoices with these payments received.
    #[must_use]
    pub fn with_payments(mut self, mut payments: Vec<Payment>) -> Billing {
        payments.sort_by_key(|payment| payment.date);
        self.payments = payments;
        self
    }

    pub fn invoices(&self) -> &[Invoice] {
        &self.invoices
    }

    pub fn payments(&self) -> &[Payment] {
        &self.payments
    }

    /// No invoices: the contract is billed at its start (payments, if any, clear that).
    pub fn is_empty(&self) -> bool {
        self.invoices.is_empty()
    }

    /// The month of the last payment.
    pub fn last_payment_period(&self) -> Option<Period> {
        self.payments.last().map(|payment| Period::of(payment.date))
    }

    /// What was received in each of `months` months from `first` (payments outside are left
    /// out; callers cover every payment's month).
    pub fn paid_monthly(&self, first: Period, months: usize) -> Vec<i64> {
        by_month(
            self.payments
                .iter()
                .map(|payment| (payment.date, payment.amount)),
            first,
            months,
        )
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
        by_month(
            self.invoices
                .iter()
                .map(|invoice| (invoice.date, invoice.amount)),
            first,
            months,
        )
    }
}

/// Dated amounts summed in each of `months` months from `first` (those outside left out).
fn by_month(dated: impl Iterator<Item = (Date, i64)>, first: Period, months: usize) -> Vec<i64> {
    let mut sums = vec![0; months];
    for (date, amount) in dated {
        let slot = usize::try_from(first.months_until(Period::of(date)))
            .ok()
            .and_then(|index| sums.get_mut(index));
        if let Some(slot) = slot {
            *slot += amount;
        }
    }
    sums
}

/// A contract's position at a month end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ContractBalance {
    /// Billed to date, before any cash received (payments and customer credit are
    /// [`credit_changes`]' business).
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

/// Why a payment cannot be the contract's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    #[error("must be above zero")]
    NotPositive,
    #[error("is before the contract was signed ({signed}); cash received follows the contract")]
    BeforeSigned { signed: Date },
}

impl PaymentError {
    /// The payment field a caller should look at.
    pub fn field(&self) -> crate::contract::InvoiceField {
        match self {
            PaymentError::BeforeSigned { .. } => crate::contract::InvoiceField::Date,
            PaymentError::NotPositive => crate::contract::InvoiceField::Amount,
        }
    }
}

/// Checks a payment against the contract: a positive amount, not before signing. More than
/// the receivable is allowed: the rest is the customer's credit.
pub fn check_payment(payment: &Payment, signed: Date) -> Result<(), PaymentError> {
    if payment.amount <= 0 {
        return Err(PaymentError::NotPositive);
    }
    if payment.date < signed {
        return Err(PaymentError::BeforeSigned { signed });
    }
    Ok(())
}

/// Receivables and customer credit month by month: billed to date less received to date,
/// per contract, a receivable above zero and a customer credit below (an overpayment is
/// never a negative receivable, ASC 606-10-50-8). Returns each month's change of the credit.
pub fn credit_changes(billed: &[i64], paid: &[i64]) -> Vec<i64> {
    let (mut net, mut credit_before) = (0_i64, 0_i64);
    billed
        .iter()
        .zip(paid)
        .map(|(billed, paid)| {
            net += billed - paid;
            let credit = (-net).max(0);
            let change = credit - credit_before;
            credit_before = credit;
            change
        })
        .collect()
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
    fn an_overpayment_is_a_customer_credit_that_later_billing_uses_up() {
        // Billed 100, then 150 received: 50 of credit; 80 billed next month takes it.
        assert_eq!(
            credit_changes(&[100, 0, 80, 0], &[0, 150, 0, 0]),
            [0, 50, -50, 0]
        );
        assert_eq!(credit_changes(&[100, 0], &[40, 60]), [0, 0]);
    }

    #[test]
    fn a_payment_must_be_positive_and_after_signing() {
        let payment = |date, amount| Payment {
            date,
            amount,
            reference: "wire-1".into(),
        };
        let signed = date!(2026 - 01 - 01);
        assert_eq!(check_payment(&payment(signed, 1), signed), Ok(()));
        assert_eq!(
            check_payment(&payment(signed, 0), signed),
            Err(PaymentError::NotPositive)
        );
        assert!(matches!(
            check_payment(&payment(date!(2025 - 12 - 31), 5), signed),
            Err(PaymentError::BeforeSigned { .. })
        ));
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
