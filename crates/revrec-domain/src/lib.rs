#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// Money is exact: integers in minor units, never floating point.
#![deny(clippy::float_arithmetic)]
// Index arithmetic must not panic on data it has not seen; tests may index freely.
#![cfg_attr(not(test), deny(clippy::indexing_slicing))]

pub mod allocation;
pub mod billing;
pub mod books;
pub mod calendar;
pub mod chart;
pub mod consumption;
pub mod contract;
pub mod currency;
pub mod digest;
pub mod estimate_change;
pub mod field;
pub mod journal;
pub mod keyed_books;
pub mod money;
pub mod note6;
pub mod period;
pub mod periods;
pub mod plan;
pub mod progress;
pub mod recognition;
pub mod rollup;
pub mod rollup_books;
pub mod text;
pub mod trial_balance;
pub mod usage;
pub mod variable;
pub mod variable_terms;
pub mod version_effect;
pub mod waterfall;
pub mod waterfall_parts;

mod canonical;

pub use allocation::{AllocationError, AllocationStep, allocate, allocation_steps};
pub use billing::{
    Billing, BillingError, ContractBalance, Invoice, Payment, PaymentError, check_invoice,
    check_payment, credit_changes,
};
pub use books::{BookAmount, BookedMonth, Books, Correction, Series};
pub use chart::{Account, AccountRole, ChartOfAccounts, ChartProblem, ChartsInForce};
pub use consumption::{Consumption, ContractUsage, MonthUsage, PrepaidCredits};
pub use contract::{
    ContractDraft, ContractLimits, ContractTerms, Field, FieldError, InvoiceField, LineDraft,
    LineField, LineRecognition, ObligationTerms, PobType, UsageField, ValidationErrors,
    VariableField, obligation_months,
};
pub use currency::{Currency, CurrencyError};
pub use digest::{Canonical, OutputHash, output_hash};
pub use estimate_change::{EstimateChange, EstimateChangeError, ExpectedUsageChange};
pub use journal::{
    EntryKind, EntryScope, EntrySource, JournalEntry, JournalLine, MonthCorrection,
    correction_lines, entry_key, journal_delta, journal_entries,
};
pub use keyed_books::KeyedBooks;
pub use money::{
    AmountError, AmountOutOfRange, BOOKS_LIMIT_MINOR, Money, Ssp, books_limit, checked_sum,
    format_minor,
};
pub use note6::{ExclusionReason, Note6, RpoExclusion, note6};
pub use period::{Period, PeriodError, PeriodRange, Quarter};
pub use periods::{
    ClosedPeriods, FrozenSpan, PeriodAction, PeriodActionError, PostingControl, PostingRefused,
    closing_sequence, frozen_spans,
};
pub use plan::{
    Amendment, AmendmentError, ContractPlan, CreditsThrough, CumulativeThrough, MonthlySchedule,
    ObligationPlan, PlanHistory, PriceChange, ReplayError,
};
pub use progress::{PercentComplete, PercentError, ProgressBasis};
pub use recognition::{Convention, CurveShape, Measure, Pattern, RecognitionMethod, Timing};
pub use rollup::{
    MonthlyTotals, Rollup, RollupAmounts, RollupKey, contract_totals, contributions, extent,
};
pub use rollup_books::{BookedRollup, ClosedMonthFigures, FrozenRow, RollupBooks};
pub use text::{TextError, TextRule};
pub use trial_balance::{AccountBalance, TrialBalance, scoped_trial_balance, trial_balance};
pub use variable::{
    Estimate, EstimateError, EstimateMethod, Probability, Scenario, VariableKind, VariableScope,
};
pub use variable_terms::{ComponentDraft, ScopeDraft, VariableComponent};
pub use version_effect::{Reallocation, VersionEffect};
pub use waterfall::{Granularity, Waterfall, WaterfallRow, waterfall, waterfall_by};
pub use waterfall_parts::{
    GroupedWaterfall, PartAmount, WaterfallParts, fold_into_rows, obligation_key, obligation_keys,
    obligation_parts, pob_type_parts,
};
