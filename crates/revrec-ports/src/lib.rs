#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod api_keys;
pub mod auth;
pub mod clock;
pub mod compute;
pub mod console;
pub mod contracts;
pub mod error;
pub mod idempotency;
pub mod ids;
pub mod jobs;
pub mod ledger;
pub mod oauth;
pub mod passwords;
pub mod payments;
pub mod periods;
pub mod rate_limit;
pub mod reports;
pub mod usage;
pub mod work;

pub use api_keys::{ApiKeyRecord, ApiKeyRepository};
pub use auth::{Plan, Scope};
pub use clock::Clock;
pub use compute::{ComputePool, InlineCompute};
pub use console::{ConsoleRepository, ConsoleSessionRecord, ConsoleUserRecord, FailureWindow};
pub use contracts::{
    BillingKind, BooksStamps, ContractCursor, ContractPage, ContractQuery, ContractRecord,
    ContractRemoval, ContractRepository, ContractRestatement, ContractScan, ContractStatus,
    ContractWrite, Expected, FactsSince, InvoiceRecord, InvoiceWrite, ScannedPage, StoredContract,
    StoredVersion, UsageRecord, UsageStamp, UsageWrite, VersionChange, VersionWrite, WorkBudget,
    usage_from_records, usage_of,
};
pub use error::RepositoryError;
pub use idempotency::{Claim, IdempotencyRepository, RecordedKind, RecordedResponse};
pub use ids::IdSource;
pub use jobs::{
    Enqueued, JobFailure, JobLease, JobProgress, JobRecord, JobRepository, JobStatus, PageCommit,
    QueueDepth, QueueFull, RecalculationRequest,
};
pub use ledger::{
    AuditEventRecord, AuditQuery, ChartVersion, LedgerRepository, PostingControlRecord,
};
pub use oauth::{AccessTokenRecord, ActiveToken, OAuthClientRecord, OAuthRepository};
pub use passwords::{PasswordError, PasswordHasher};
pub use payments::{
    Charge, PaymentRail, PaymentReceived, PaymentRepository, Quote, RailError, Redemption,
    RedemptionOutcome, Settlement,
};
pub use periods::{
    ClosedMonthRecord, FreezeError, FreezeInput, FreezeRule, PeriodEventRecord, PeriodRepository,
};
pub use rate_limit::{QuotaKey, RateDecision, RateLimiter, WINDOW_SECONDS, window_of};
pub use reports::{ROLLUP_FOLD_BATCH, ReportRepository, RollupDelta};
pub use usage::{CredentialKind, CredentialUse, UsageCount, UsageRepository};
pub use work::{Unmetered, WorkMeter, WorkRefusal};
