//! A tenant's closes and reopens (docs/ledger.md, Month end): an append-only list, in the
//! order they were recorded. The closed months are what the list folds to
//! (`revrec_domain::ClosedPeriods`); nothing in it is ever changed or removed.

use async_trait::async_trait;
use revrec_domain::{Currency, FrozenRow, OutputHash, Period, PeriodAction, Rollup, RollupBooks};

use crate::error::RepositoryError;

/// One close or reopen, as recorded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PeriodEventRecord {
    /// 1 for a tenant's first, then one more each time: the order the books fold in, and
    /// what two instances racing to record one more contend for.
    pub sequence: i64,
    pub action: PeriodAction,
    /// Microseconds since the epoch.
    pub recorded_at: i64,
    /// Who recorded it: an API key or OAuth client id, `sandbox`, or a console user.
    pub actor: String,
    /// Why a reopen was made (required for reopens; none for closes).
    pub reason: Option<String>,
}

/// Each of `events`' actions with the sequence it was recorded under, in their order:
/// what the domain folds closes and reopens from (`frozen_spans`, `closing_sequence`).
pub fn sequenced_actions(events: &[PeriodEventRecord]) -> Vec<(i64, PeriodAction)> {
    events
        .iter()
        .map(|event| (event.sequence, event.action))
        .collect()
}

/// One month a close froze, with the digest of its figures: a fact of that close, recorded
/// once and never changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClosedMonthRecord {
    /// The sequence of the close that froze it.
    pub close_sequence: i64,
    pub period: Period,
    pub digest: OutputHash,
}

/// A close's accounting rule, the use case's: what the close freezes of one currency's
/// portfolio rollup, from what the store read under the books lock. The store writes the
/// rows it returns, as they are. A plain function, like [`crate::WorkBudget`]'s weight:
/// the store calls it on its blocking thread, in the close's transaction.
pub type FreezeRule = fn(FreezeInput<'_>) -> Result<Vec<FrozenRow>, FreezeError>;

/// What the store read of one currency for a close, under the books lock: no contract
/// write of the tenant runs until the close is recorded.
#[derive(Clone, Debug)]
pub struct FreezeInput<'a> {
    /// The sequence the close is recorded under.
    pub sequence: i64,
    /// The close closes every open month through this one.
    pub through: Period,
    /// The tenant's closes and reopens recorded before it, first recorded first.
    pub events: &'a [PeriodEventRecord],
    pub currency: Currency,
    /// The currency's portfolio rollup as it stands.
    pub restated: &'a Rollup,
    /// What the closes in force after `events` froze of it.
    pub books: RollupBooks,
}

/// Why a close froze nothing: nothing is written, and the store answers
/// [`RepositoryError::Conflict`] (the use case reads the books again).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FreezeError {
    /// Another close or reopen took the close's sequence since the close was decided: the
    /// books it would freeze are not the ones it was decided on.
    #[error(
        "close {sequence} was decided on books that have moved: the latest close or reopen is {latest}"
    )]
    BooksMoved { sequence: i64, latest: i64 },
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait PeriodRepository: Send + Sync {
    /// The tenant's closes and reopens, first recorded first.
    async fn period_events(
        &self,
        tenant_id: &str,
    ) -> Result<Vec<PeriodEventRecord>, RepositoryError>;

    /// [`PeriodRepository::period_events`] when the latest of them is `latest` (what
    /// [`crate::ContractRepository::find_in_books`] answered): none when it is 0, and
    /// otherwise the list as it was last read when that read ended at `latest` (the list
    /// is append-only, so its last sequence names it), without asking the database again.
    async fn period_events_at(
        &self,
        tenant_id: &str,
        latest: i64,
    ) -> Result<Vec<PeriodEventRecord>, RepositoryError>;

    /// Records `event` as the tenant's next. A close freezes, in the same transaction, what
    /// the tenant's portfolio rollups report for the months it closes (every currency), and
    /// no contract write of the tenant runs beside it: each is wholly before the close
    /// (inside what it froze) or wholly after (a correction). The store only reads and
    /// writes: for each currency in turn (a tenant of many currencies holds one currency's
    /// rows at once) it hands `freeze` what it read and writes the rows `freeze` returns,
    /// as they are; `freeze` is not called for a reopen. `Conflict` when its sequence is
    /// taken (another close or reopen was recorded since the caller read the list), or when
    /// `freeze` refused.
    async fn append_period_event(
        &self,
        tenant_id: &str,
        event: &PeriodEventRecord,
        freeze: FreezeRule,
    ) -> Result<(), RepositoryError>;

    /// Every month the tenant's closes recorded with its digest, by close sequence then
    /// month (those a later reopen took back too: the caller knows which are in force).
    async fn closed_months(
        &self,
        tenant_id: &str,
    ) -> Result<Vec<ClosedMonthRecord>, RepositoryError>;

    /// Records the months of closes, each once: a month already recorded for its close is
    /// left as it is (two instances recording the same close write it once).
    async fn record_closed_months(
        &self,
        tenant_id: &str,
        months: &[ClosedMonthRecord],
    ) -> Result<(), RepositoryError>;

    /// What the tenant's portfolio rollups in `currency` froze, for the months closed now.
    async fn frozen_rollup(
        &self,
        tenant_id: &str,
        currency: Currency,
    ) -> Result<RollupBooks, RepositoryError>;

    /// [`PeriodRepository::frozen_rollup`] when the tenant's latest close or reopen is
    /// `latest` (what [`crate::ReportRepository::rollup_in_books`] answered): nothing
    /// frozen ever changes, so an adapter may answer it without asking the database again.
    async fn frozen_rollup_at(
        &self,
        tenant_id: &str,
        currency: Currency,
        latest: i64,
    ) -> Result<RollupBooks, RepositoryError>;

    /// [`PeriodRepository::frozen_rollup`] as the books stood at `as_of` (microseconds):
    /// under the closes and reopens recorded by then.
    async fn frozen_rollup_as_of(
        &self,
        tenant_id: &str,
        currency: Currency,
        as_of: i64,
    ) -> Result<RollupBooks, RepositoryError>;
}

#[cfg(feature = "mock")]
impl MockPeriodRepository {
    /// Books with nothing closed: what a tenant that never closed a month reads.
    pub fn nothing_closed() -> MockPeriodRepository {
        let mut periods = MockPeriodRepository::new();
        periods.expect_period_events().returning(|_| Ok(Vec::new()));
        periods
            .expect_period_events_at()
            .returning(|_, _| Ok(Vec::new()));
        periods
            .expect_frozen_rollup()
            .returning(|_, _| Ok(RollupBooks::new()));
        periods
            .expect_frozen_rollup_at()
            .returning(|_, _, _| Ok(RollupBooks::new()));
        periods.expect_closed_months().returning(|_| Ok(Vec::new()));
        periods
    }
}
