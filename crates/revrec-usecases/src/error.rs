//! What a use case can refuse or fail with. The HTTP adapter maps each variant to a problem
//! type in one exhaustive match.

use revrec_domain::{ChartProblem, Currency, FieldError, PeriodError, ValidationErrors};
use revrec_ports::{ContractStatus, RepositoryError, WorkRefusal};

#[derive(Debug, thiserror::Error)]
pub enum UseCaseError {
    #[error("no contract {id} for this tenant")]
    ContractNotFound { id: String },
    /// An `as_of` read of a contract whose first version was recorded after that instant.
    /// (`as_of` in microseconds.)
    #[error("contract {id} was not yet recorded at the as_of instant")]
    ContractNotYetRecorded { id: String, as_of: i64 },
    /// The books of an instant still to come are unknown (both in microseconds).
    #[error("as_of is after the server's clock: the books of the future are not known yet")]
    AsOfInFuture { as_of: i64, now: i64 },
    #[error("contract {id} has no version {version} (it has {latest})")]
    VersionNotFound {
        id: String,
        version: u32,
        latest: u32,
    },
    /// The request's fields break the rules; each error names its field.
    #[error("{0}")]
    Invalid(ValidationErrors),
    /// A proposed chart of accounts breaks the rules; each problem names its field.
    #[error("the chart of accounts is not valid")]
    InvalidChart(Vec<ChartProblem>),
    #[error("contract {contract_id} has no performance obligation {id}")]
    ObligationNotFound { contract_id: String, id: String },
    /// The obligation was satisfied already or is no longer in force.
    #[error("{0}")]
    ObligationClosed(String),
    /// An estimate named another method than its component's (docs/asc606.md §15).
    #[error("{0}")]
    EstimateMethodChanged(String),
    #[error(
        "invoice `{number}` is already the contract's with another date or amount; a number names one invoice"
    )]
    InvoiceNumberReused { number: String },
    #[error(
        "payment `{reference}` is already the contract's with another date or amount; a reference names one payment"
    )]
    PaymentReferenceReused { reference: String },
    #[error("no job {id} for this tenant")]
    JobNotFound { id: String },
    /// The tenant's queue is at its cap; nothing was queued.
    #[error(
        "this tenant already has {cap} recalculation jobs queued or running, the most it may have; one must finish before another is queued (retry in about {retry_after_seconds} s)"
    )]
    JobQueueFull { cap: u32, retry_after_seconds: u32 },
    #[error("no contract {} for this tenant", .ids.join(", "))]
    UnknownContracts { ids: Vec<String> },
    #[error("a {status} contract cannot be {action}")]
    InvalidTransition {
        status: ContractStatus,
        action: &'static str,
    },
    #[error("the contract changed while this request was being processed; read it again and retry")]
    Conflict,
    #[error("the selection holds amounts in {}; name one with the currency parameter", list(.currencies))]
    CurrencyRequired { currencies: Vec<Currency> },
    /// `group_by=obligation` names a contract's obligations: it needs that contract.
    #[error("is `obligation`, which needs a contract_id: obligations are one contract's")]
    ObligationsNeedAContract,
    #[error(transparent)]
    Period(#[from] PeriodError),
    /// A close of a month not over yet, or a reopen of a month not closed.
    #[error(transparent)]
    PeriodAction(revrec_domain::PeriodActionError),
    /// A write into a closed month that the tenant's posting control takes only as a
    /// correction (docs/ledger.md, "Posting control"); nothing was stored.
    #[error(transparent)]
    PostingRefused(#[from] revrec_domain::PostingRefused),
    /// The write would take a contract's or a currency's books past their limit
    /// (docs/limits.md, "Money"); nothing was stored.
    #[error(transparent)]
    AmountOutOfRange(#[from] revrec_domain::AmountOutOfRange),
    #[error("stored data could not be replayed: {0}")]
    Corrupt(String),
    /// Work handed to the compute pool never answered (it panicked, or the pool is gone).
    #[error("the computation of this request was interrupted")]
    Interrupted,
    /// The request's meter refused the work a read was about to do.
    #[error(transparent)]
    WorkRefused(#[from] WorkRefusal),
    #[error(transparent)]
    Storage(RepositoryError),
}

impl From<RepositoryError> for UseCaseError {
    /// A write the store refused for the books' limit is the caller's refusal, like the
    /// one the use case finds before writing.
    fn from(error: RepositoryError) -> UseCaseError {
        match error {
            RepositoryError::OutOfRange(error) => UseCaseError::AmountOutOfRange(error),
            other => UseCaseError::Storage(other),
        }
    }
}

impl UseCaseError {
    pub fn invalid(error: FieldError) -> UseCaseError {
        UseCaseError::Invalid(ValidationErrors(vec![error]))
    }
}

impl From<ValidationErrors> for UseCaseError {
    fn from(errors: ValidationErrors) -> UseCaseError {
        UseCaseError::Invalid(errors)
    }
}

fn list(currencies: &[Currency]) -> String {
    currencies
        .iter()
        .map(|c| c.code())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A repository conflict on a write means someone else changed the contract first.
pub(crate) fn conflict_or_storage(error: RepositoryError) -> UseCaseError {
    match error {
        RepositoryError::Conflict(_) => UseCaseError::Conflict,
        other => UseCaseError::Storage(other),
    }
}

/// Runs `write` again while it loses a race for a version number (a repository
/// `Conflict`), a few times at most: the loser records the next version. `Conflict` when
/// every attempt lost.
pub(crate) async fn retried_on_conflict<T, F, Fut>(mut write: F) -> Result<T, UseCaseError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RepositoryError>>,
{
    for _ in 0..8 {
        match write().await {
            Ok(written) => return Ok(written),
            Err(RepositoryError::Conflict(_)) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(UseCaseError::Conflict)
}
