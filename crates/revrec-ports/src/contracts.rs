//! Contracts and their versions, as stored.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use async_trait::async_trait;
use revrec_domain::usage::Quantity;
use revrec_domain::{
    Amendment, ContractTerms, ContractUsage, Convention, Currency, Invoice, MonthUsage, Payment,
    PercentComplete, Period, Rollup,
};
use time::Date;

use crate::error::RepositoryError;
use crate::reports::RollupDelta;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ContractStatus {
    /// An unsigned quote: listed and previewed, in no report.
    Draft,
    Active,
    /// Final: no revenue after the termination date.
    Terminated,
}

impl ContractStatus {
    pub const ALL: [ContractStatus; 3] = [
        ContractStatus::Active,
        ContractStatus::Draft,
        ContractStatus::Terminated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ContractStatus::Draft => "draft",
            ContractStatus::Active => "active",
            ContractStatus::Terminated => "terminated",
        }
    }

    pub fn parse(text: &str) -> Option<ContractStatus> {
        ContractStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
    }

    /// Whether the contract's figures belong in reports.
    pub fn is_reported(self) -> bool {
        !matches!(self, ContractStatus::Draft)
    }
}

impl fmt::Display for ContractStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The current state of a contract: what lists and filters need, one row per contract.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractRecord {
    pub tenant_id: String,
    pub id: String,
    pub customer_id: String,
    pub customer_name: String,
    pub contract_number: Option<String>,
    pub currency: Currency,
    pub status: ContractStatus,
    /// The current version number (1 for a new contract).
    pub version: u32,
    pub start_date: Date,
    pub end_date: Date,
    /// The transaction price in force, minor units.
    pub total_value: i64,
    pub terminated_on: Option<Date>,
    /// The contract this one was split from by a `separate_contract` modification.
    pub parent_contract_id: Option<String>,
    /// How many times a change of policy restated the contract's figures in place.
    pub restatements: u32,
    /// The recognition convention a change of policy restated the contract under: every
    /// version is computed under it (the versions keep their terms as recorded). `None`:
    /// each version's own.
    pub restated_convention: Option<Convention>,
    /// Microseconds since the epoch.
    pub created_at: i64,
    pub updated_at: i64,
}

/// How a version came to be: a change of terms, or an event that satisfied an obligation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VersionChange {
    Initial,
    Prospective {
        effective: Date,
    },
    CumulativeCatchUp {
        effective: Date,
    },
    Termination {
        effective: Date,
    },
    /// An obligation awaiting delivery was delivered on `effective`.
    Fulfillment {
        effective: Date,
        obligation_id: String,
    },
    /// A cumulative progress report as of `effective`.
    Progress {
        effective: Date,
        obligation_id: String,
        percent: PercentComplete,
    },
    /// A change in the estimate of a variable component (`POST …/estimates`): the terms are
    /// the predecessor's with the component's new included amount (and scenarios), applied as
    /// a cumulative catch-up on the inception basis in the month of `effective`
    /// (docs/asc606.md §15, ASC 606-10-32-42..44).
    Estimate {
        effective: Date,
        component_id: String,
    },
    /// A revision of a prepaid credits line's expected usage (`POST …/estimates` with
    /// `obligation_id`): the predecessor's terms with the line's new `expected_usage`, a
    /// cumulative catch-up in the month of `effective` (docs/asc606.md §15, ASC 606-10-55-48).
    ExpectedUsage {
        effective: Date,
        obligation_id: String,
    },
    /// A change of accounting policy (a recalculation job): every version before it is
    /// computed under this version's convention from then on, retrospectively. The versions
    /// before it keep their terms and read back as they were recorded.
    Restatement,
}

impl VersionChange {
    pub fn name(&self) -> &'static str {
        match self {
            VersionChange::Initial => "initial",
            VersionChange::Prospective { .. } => "prospective",
            VersionChange::CumulativeCatchUp { .. } => "cumulative_catch_up",
            VersionChange::Termination { .. } => "termination",
            VersionChange::Fulfillment { .. } => "fulfillment",
            VersionChange::Progress { .. } => "progress",
            VersionChange::Estimate { .. } => "estimate",
            VersionChange::ExpectedUsage { .. } => "expected_usage",
            VersionChange::Restatement => "restatement",
        }
    }

    pub fn effective_date(&self) -> Option<Date> {
        match self {
            VersionChange::Initial | VersionChange::Restatement => None,
            VersionChange::Prospective { effective }
            | VersionChange::CumulativeCatchUp { effective }
            | VersionChange::Termination { effective }
            | VersionChange::Fulfillment { effective, .. }
            | VersionChange::Progress { effective, .. }
            | VersionChange::Estimate { effective, .. }
            | VersionChange::ExpectedUsage { effective, .. } => Some(*effective),
        }
    }

    /// Whether the version records an event (its terms are its predecessor's).
    pub fn is_event(&self) -> bool {
        matches!(
            self,
            VersionChange::Fulfillment { .. } | VersionChange::Progress { .. }
        )
    }

    /// The component an estimate reassessed.
    pub fn component_id(&self) -> Option<&str> {
        match self {
            VersionChange::Estimate { component_id, .. } => Some(component_id),
            _ => None,
        }
    }

    /// The obligation an event or a revision of expected usage names.
    pub fn obligation_id(&self) -> Option<&str> {
        match self {
            VersionChange::Fulfillment { obligation_id, .. }
            | VersionChange::Progress { obligation_id, .. }
            | VersionChange::ExpectedUsage { obligation_id, .. } => Some(obligation_id),
            _ => None,
        }
    }

    /// The domain amendment this version applies to its predecessor, with `terms` its own
    /// (none for the initial version, and none for a restatement, which is no amendment).
    pub fn amendment(&self, terms: &ContractTerms) -> Option<Amendment> {
        match *self {
            VersionChange::Initial | VersionChange::Restatement => None,
            VersionChange::Prospective { effective } => Some(Amendment::Prospective {
                effective,
                terms: terms.clone(),
            }),
            VersionChange::CumulativeCatchUp { effective }
            | VersionChange::Estimate { effective, .. }
            | VersionChange::ExpectedUsage { effective, .. } => {
                Some(Amendment::CumulativeCatchUp {
                    effective,
                    terms: terms.clone(),
                })
            }
            VersionChange::Termination { effective } => Some(Amendment::Termination { effective }),
            VersionChange::Fulfillment {
                effective,
                ref obligation_id,
            } => Some(Amendment::Fulfillment {
                obligation_id: obligation_id.clone(),
                date: effective,
            }),
            VersionChange::Progress {
                effective,
                ref obligation_id,
                percent,
            } => Some(Amendment::Progress {
                obligation_id: obligation_id.clone(),
                as_of: effective,
                percent,
            }),
        }
    }
}

/// One version: its complete terms (with every obligation id assigned) and how it came to be.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredVersion {
    pub number: u32,
    pub change: VersionChange,
    pub terms: ContractTerms,
    pub recorded_at: i64,
    /// Who recorded it (docs/ledger.md, "Who did what"): the credential, or for a
    /// restatement the job's requester; `unknown` before actors were kept.
    pub recorded_by: String,
}

/// One billing fact of a contract, as stored: an invoice, or a payment received. Both are
/// facts of the contract (not of a version), stamped against the closes and replayed alike,
/// so they are kept together.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InvoiceRecord {
    pub kind: BillingKind,
    /// `inv_…` or `pay_…`
    pub id: String,
    /// The billing system's invoice number, or the payment's reference: unique per contract
    /// and kind, a replay when repeated.
    pub number: Option<String>,
    pub date: Date,
    /// Minor units of the contract's currency, above zero.
    pub amount: i64,
    pub recorded_at: i64,
    /// Who recorded it; `unknown` before actors were kept.
    pub recorded_by: String,
}

/// What a billing fact is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BillingKind {
    Invoice,
    /// Cash received (docs/ledger.md).
    Payment,
}

impl BillingKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BillingKind::Invoice => "invoice",
            BillingKind::Payment => "payment",
        }
    }

    pub fn parse(text: &str) -> Option<BillingKind> {
        match text {
            "invoice" => Some(BillingKind::Invoice),
            "payment" => Some(BillingKind::Payment),
            _ => None,
        }
    }
}

impl InvoiceRecord {
    pub fn is_invoice(&self) -> bool {
        self.kind == BillingKind::Invoice
    }

    /// The payment it records (its number is the reference).
    pub fn payment(&self) -> Payment {
        Payment {
            date: self.date,
            amount: self.amount,
            reference: self.number.clone().unwrap_or_default(),
        }
    }

    pub fn invoice(&self) -> Invoice {
        Invoice {
            date: self.date,
            amount: self.amount,
            number: self.number.clone(),
        }
    }
}

/// A contract with its versions, oldest first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredContract {
    pub record: ContractRecord,
    pub versions: Vec<StoredVersion>,
    /// Its invoices and payments, in the order they were recorded (no invoice: billed at
    /// its start).
    pub invoices: Vec<InvoiceRecord>,
    /// Bumped by every write: what a write that must not race another expects.
    pub revision: i64,
    /// Where each fact stands against the tenant's closes (filled in by the store).
    pub stamps: BooksStamps,
    /// What its usage records add up to, per usage obligation and month
    /// (docs/asc606.md §15): what its plans are rated from.
    pub usage: ContractUsage,
}

/// One usage record as stored (docs/asc606.md §15): a fact of its own, never a version.
/// A restatement (another body under the same `record_id`) is appended with the next
/// revision; the latest revision is the record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageRecord {
    pub obligation_id: String,
    pub record_id: String,
    /// 1 for the first body under the record id.
    pub revision: u32,
    pub occurred_on: Date,
    /// Units used (millionths exact), for a line with a price per unit.
    pub quantity: Option<Quantity>,
    /// The record's own rated amount, minor units.
    pub amount: Option<i64>,
    pub recorded_at: i64,
    pub recorded_by: String,
}

/// What the usage tables get in a write: records appended, and the obligation-months they
/// change with their new totals.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct UsageWrite {
    pub records: Vec<UsageRecord>,
    pub months: Vec<(String, MonthUsage)>,
}

/// When each of a contract's facts entered the books (docs/ledger.md, Month end): the
/// sequence of the tenant's latest close or reopen when it was written, 0 before any. The
/// store stamps them (whatever a write carries) under a lock that orders writes and closes,
/// so a fact stamped below a close's sequence is exactly one that close saw.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BooksStamps {
    /// One per version, in version order.
    pub versions: Vec<i64>,
    /// One per invoice, in the order of `invoices`.
    pub invoices: Vec<i64>,
    /// When the contract entered the reports (created active, or activated); none for a
    /// draft.
    pub reported: Option<i64>,
    /// The instant (microseconds) it entered the reports: before it, the contract was a
    /// draft (what an `as_of` read sees).
    pub reported_at: Option<i64>,
    /// Its usage months' totals as each stood under the books' sequence it was written
    /// at, in (obligation, month, stamp) order: a close saw, of each month, the totals of
    /// the highest stamp below its own.
    pub usage: Vec<UsageStamp>,
}

/// The usage `layers` add up to: of each obligation-month, its last layer. `layers` come in
/// (obligation, month, stamp) order, as a contract's are kept.
pub fn usage_of<'a>(layers: impl IntoIterator<Item = &'a UsageStamp>) -> ContractUsage {
    let mut usage = ContractUsage::new();
    for layer in layers {
        let months = usage.entry(layer.obligation_id.clone()).or_default();
        match months.last_mut() {
            Some(last) if last.period == layer.month.period => *last = layer.month,
            _ => months.push(layer.month),
        }
    }
    usage
}

/// What `records` (the latest revision of each) add up to, per obligation and month: the
/// totals the layers hold, added up again from the records (an as-of read's).
pub fn usage_from_records<'a>(records: impl IntoIterator<Item = &'a UsageRecord>) -> ContractUsage {
    let mut totals: BTreeMap<(&str, Period), MonthUsage> = BTreeMap::new();
    for record in records {
        let period = Period::of(record.occurred_on);
        let month = totals
            .entry((record.obligation_id.as_str(), period))
            .or_insert(MonthUsage {
                period,
                quantity: Quantity::default(),
                amount: 0,
            });
        // Never past a total some write held: every state of the records was a month's.
        month.quantity = month
            .quantity
            .checked_add(record.quantity.unwrap_or_default())
            .unwrap_or(month.quantity);
        month.amount = month.amount.saturating_add(record.amount.unwrap_or(0));
    }
    let mut usage = ContractUsage::new();
    for ((obligation_id, _), month) in totals {
        usage
            .entry(obligation_id.to_owned())
            .or_default()
            .push(month);
    }
    usage
}

/// One obligation-month's usage totals as they stood at the last write under `stamp`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageStamp {
    pub obligation_id: String,
    pub month: MonthUsage,
    pub stamp: i64,
}

impl BooksStamps {
    /// The latest stamp of any fact: a close recorded under a higher sequence saw the
    /// contract as it is now.
    pub fn latest(&self) -> i64 {
        self.versions
            .iter()
            .chain(&self.invoices)
            .chain(&self.reported)
            .chain(self.usage.iter().map(|layer| &layer.stamp))
            .copied()
            .max()
            .unwrap_or(0)
    }
}

/// What the version table gets in a write.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VersionWrite {
    /// Only the record changes (activation).
    Unchanged,
    /// A new version (a new contract's first, or an amendment).
    Append(StoredVersion),
    /// The current version's terms are replaced (editing a draft).
    ReplaceCurrent(StoredVersion),
}

/// The state a write expects to find; a mismatch is a `Conflict` and nothing is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Expected {
    pub version: u32,
    pub status: ContractStatus,
    /// The revision the contract was read at: an invoice changes neither version nor status,
    /// so only the revision tells that one landed in between.
    pub revision: i64,
}

/// Everything one contract change writes, applied in one transaction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractWrite {
    pub record: ContractRecord,
    /// `None` inserts a new contract.
    pub expected: Option<Expected>,
    pub version: VersionWrite,
    /// Invoices to add (a draft's replaced billing schedule is `ReplaceInvoices`' job).
    pub invoices: InvoiceWrite,
    /// Usage records to append (none for most writes).
    pub usage: UsageWrite,
    pub rollup: Vec<RollupDelta>,
}

/// A contract taken off the books whole (`revrec repair-calendar`): its rows go, and its
/// rollup contribution with them, in one transaction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractRemoval {
    pub tenant_id: String,
    pub contract_id: String,
    /// The revision the contract was read at; any other is a conflict.
    pub expected_revision: i64,
    /// What takes its contribution out of the rollups.
    pub rollup: Vec<RollupDelta>,
}

/// What the invoice table gets in a write.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum InvoiceWrite {
    #[default]
    Unchanged,
    /// New invoices of the contract.
    Add(Vec<InvoiceRecord>),
    /// The contract's invoices become these (a draft's billing schedule replaced).
    Replace(Vec<InvoiceRecord>),
}

/// Where a page of a list starts: after this (created_at, id).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractCursor {
    pub created_at: i64,
    pub id: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ContractQuery {
    /// Case-insensitive substring of the customer name, contract number or id.
    pub text: Option<String>,
    pub customer_id: Option<String>,
    pub status: Option<ContractStatus>,
    pub limit: u32,
    pub after: Option<ContractCursor>,
}

/// How much of its work an as-of read may read the facts for: contracts are read until
/// their `weight` adds up past `limit`.
#[derive(Clone, Copy, Debug)]
pub struct WorkBudget {
    pub limit: u64,
    pub weight: fn(&StoredContract) -> u64,
}

/// The rollup as it stands and the contracts written since an instant, in id order.
#[derive(Clone, Debug, Default)]
pub struct FactsSince {
    pub rollup: Rollup,
    pub contracts: Vec<Arc<StoredContract>>,
    /// The contracts' weight added up (past the budget when `complete` is false).
    pub weight: u64,
    /// Whether every contract written since is in `contracts`.
    pub complete: bool,
}

/// Which stored contracts to read whole, a page at a time, in id order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ContractScan {
    /// Start after this contract id.
    pub after: Option<String>,
    /// Up to and including this contract id.
    pub through: Option<String>,
    pub limit: u32,
    /// Only these ids (ids the tenant does not have are left out).
    pub ids: Option<Vec<String>>,
    /// Only these statuses; empty means all.
    pub statuses: Vec<ContractStatus>,
    /// Only contracts with activity in these days, inclusive: whose term
    /// `[start_date, end_date]` overlaps them, or with an invoice dated in them.
    pub overlapping: Option<(Date, Date)>,
    /// Only contracts in this currency.
    pub currency: Option<Currency>,
    /// Only contracts written after this instant (microseconds): their `updated_at`, which
    /// every write moves.
    pub changed_after: Option<i64>,
}

/// A page of a scan.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ScannedPage {
    /// The page's contracts that match, in id order (fewer than the limit when some of
    /// the page did not match).
    pub contracts: Vec<Arc<StoredContract>>,
    /// Where the next page starts (its `after`), when more may follow.
    pub next: Option<String>,
}

/// A change of policy applied to a contract in place: from now on every version is computed
/// under `convention` (a retrospective restatement, not a modification; the versions keep
/// their terms as recorded).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractRestatement {
    pub contract_id: String,
    /// The revision the contract was read at; any other is a conflict.
    pub expected_revision: i64,
    pub convention: Convention,
    /// The version the restatement appends (its change `Restatement`): the stored versions
    /// are never rewritten. None for a draft, whose terms are still being edited in place
    /// (it is restated in place, and its versions follow the policy once it is activated).
    pub version: Option<StoredVersion>,
    /// The transaction price under `convention` when it differs from the stored one: a
    /// termination keeps what was recognized by its date, and that depends on the
    /// convention.
    pub total_value: Option<i64>,
    pub updated_at: i64,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractPage {
    pub items: Vec<ContractRecord>,
    /// Every match, regardless of paging.
    pub total: u64,
    /// Set when more items follow.
    pub next: Option<ContractCursor>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
#[async_trait]
pub trait ContractRepository: Send + Sync {
    /// Applies one contract change atomically: the record, the version, the rollup deltas.
    ///
    /// # Errors
    /// `Conflict` when inserting an id that exists, or when the stored version or status is
    /// not the expected one (someone else changed the contract); nothing is written then.
    async fn save(&self, write: ContractWrite) -> Result<(), RepositoryError>;

    /// Applies several contract changes in one transaction, with multi-row statements and
    /// the rollup deltas of all of them summed: all are written or none is.
    ///
    /// # Errors
    /// As [`ContractRepository::save`] for any one of them; nothing is written then.
    async fn save_all(&self, writes: Vec<ContractWrite>) -> Result<(), RepositoryError>;

    /// Deletes a contract with its versions, lines and invoices, and applies the removal's
    /// rollup deltas, in one transaction.
    ///
    /// # Errors
    /// `Conflict` when the contract is gone or no longer at the expected revision; nothing
    /// is written then.
    async fn remove(&self, removal: ContractRemoval) -> Result<(), RepositoryError>;

    /// The contract with every version, or `None` when the tenant has no such contract.
    /// Shared (`Arc`): an adapter may hand out the same decoded contract to many readers.
    async fn find(
        &self,
        tenant_id: &str,
        id: &str,
    ) -> Result<Option<Arc<StoredContract>>, RepositoryError>;

    /// [`ContractRepository::find`], with the sequence of the tenant's latest close or
    /// reopen (0 before any) read in the same statement as the contract's revision: what a
    /// read under the books needs to tell whether the tenant's closes changed since it last
    /// read them, without asking again.
    async fn find_in_books(
        &self,
        tenant_id: &str,
        id: &str,
    ) -> Result<Option<(Arc<StoredContract>, i64)>, RepositoryError>;

    /// Whole contracts (record, versions, revision), a page at a time in id order: what a
    /// job or an export reads instead of calling `find` for each contract. A page looks
    /// at up to `limit` contracts and returns those that match.
    async fn scan(
        &self,
        tenant_id: &str,
        scan: &ContractScan,
    ) -> Result<ScannedPage, RepositoryError>;

    /// Where reads of `every` contracts end, going on from `after` in id order: the id of
    /// the tenant's `every`-th contract after it, of the `2 × every`-th, and so on, at most
    /// `marks` of them (fewer when the tenant's contracts run out). An export reads the
    /// ranges between them side by side, each in one [`ContractRepository::scan`].
    async fn scan_marks(
        &self,
        tenant_id: &str,
        after: Option<String>,
        every: u32,
        marks: u32,
    ) -> Result<Vec<String>, RepositoryError>;

    /// What an as-of read of the tenant's rollup in `currency` needs, read in one
    /// snapshot so that a write landing meanwhile is in both or in neither: the rollup as
    /// it stands and every contract in that currency written after `as_of` (microseconds),
    /// the ones to put back as they were. Reading stops once the contracts' `weight` adds
    /// up past `budget`: the read would be refused, and nothing more need be read. The
    /// connection is given back before any contract is replayed.
    async fn facts_since(
        &self,
        tenant_id: &str,
        currency: Currency,
        as_of: i64,
        budget: WorkBudget,
    ) -> Result<FactsSince, RepositoryError>;

    /// A page of the tenant's contracts, ordered by creation then id.
    async fn list(
        &self,
        tenant_id: &str,
        query: &ContractQuery,
    ) -> Result<ContractPage, RepositoryError>;

    /// The latest revision of each usage record `keys` name (obligation id, record id)
    /// that the contract has.
    async fn usage_records_named(
        &self,
        tenant_id: &str,
        contract_id: &str,
        keys: &[(String, String)],
    ) -> Result<Vec<UsageRecord>, RepositoryError>;

    /// The latest revision recorded by `as_of` (microseconds) of each of the contract's
    /// usage records, by obligation then record id.
    async fn usage_records_known(
        &self,
        tenant_id: &str,
        contract_id: &str,
        as_of: i64,
    ) -> Result<Vec<UsageRecord>, RepositoryError>;

    /// The latest revision of each of an obligation's records in `period`, by day then id.
    async fn usage_records(
        &self,
        tenant_id: &str,
        contract_id: &str,
        obligation_id: &str,
        period: Period,
    ) -> Result<Vec<UsageRecord>, RepositoryError>;
}
