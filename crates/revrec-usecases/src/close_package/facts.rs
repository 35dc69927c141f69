//! The facts a close package carries (docs/ledger.md, "The close package"): every fact the
//! figures of its months follow from, each chained to the one before it by a digest, so
//! that a fact altered, dropped or moved breaks the chain. The log holds the books' own
//! facts first (closes, reopens and charts, in the order recorded), then each contract's,
//! contract by contract in id order: so the log is written a page of contracts at a time.
//!
//! A fact is what a person or system recorded: a contract opened, each of its versions, its
//! entry into the reports, each invoice and payment, each close and reopen, each chart of
//! accounts, and what a usage line's records added up to in a month under each books
//! sequence (docs/asc606.md §15: the records themselves, possibly millions, are listed by
//! `GET …/usage` and the audit trail; the months are what the figures follow from). Everything else (schedules, rollups, frozen rows, journals) is derived, and a
//! replay derives it again from these alone.

use revrec_domain::{
    AccountRole, Canonical, ChartOfAccounts, Consumption, ContractTerms, Convention, Currency,
    MonthUsage, OutputHash, Pattern, PeriodAction, PobType, output_hash,
};
use revrec_ports::{
    BooksStamps, ChartVersion, ContractRecord, ContractStatus, InvoiceRecord, PeriodEventRecord,
    StoredContract, StoredVersion, UsageStamp, VersionChange,
};

/// What a contract was opened with: the parts of its record no version says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractOpened {
    pub contract_id: String,
    pub customer_id: String,
    pub contract_number: Option<String>,
    pub parent_contract_id: Option<String>,
    pub currency: Currency,
    /// Microseconds since the epoch.
    pub created_at: i64,
    /// Restatements made in place before restatements were versions of their own: how many,
    /// and the convention they chose (none for a contract restated by versions, or never).
    pub restatements_in_place: u32,
    pub restated_in_place: Option<Convention>,
}

/// One fact. `stamp` is the sequence of the tenant's latest close or reopen when the fact
/// was written (0 before any): the closes it came before and after.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fact {
    ContractOpened(ContractOpened),
    Version {
        contract_id: String,
        stamp: i64,
        version: Box<StoredVersion>,
    },
    /// The contract entered the reports (created active, or a draft activated).
    Reported {
        contract_id: String,
        stamp: i64,
        at: i64,
    },
    /// An invoice or a payment received.
    Billing {
        contract_id: String,
        stamp: i64,
        record: InvoiceRecord,
    },
    Period(PeriodEventRecord),
    Chart(Box<ChartVersion>),
    /// A usage line's month as its records stood at the last write under `stamp`.
    UsageMonth {
        contract_id: String,
        stamp: i64,
        obligation_id: String,
        month: MonthUsage,
    },
}

impl Fact {
    /// What the fact is, in a word (the package's `kind`).
    pub fn kind(&self) -> &'static str {
        match self {
            Fact::ContractOpened(_) => "contract_opened",
            Fact::Version { .. } => "version",
            Fact::Reported { .. } => "reported",
            Fact::Billing { record, .. } => record.kind.as_str(),
            Fact::Period(event) => match event.action {
                PeriodAction::Close { .. } => "close",
                PeriodAction::Reopen { .. } => "reopen",
            },
            Fact::Chart(_) => "chart",
            Fact::UsageMonth { .. } => "usage_month",
        }
    }

    /// The contract it is a fact of, if any.
    pub fn contract_id(&self) -> Option<&str> {
        match self {
            Fact::ContractOpened(opened) => Some(&opened.contract_id),
            Fact::Version { contract_id, .. }
            | Fact::Reported { contract_id, .. }
            | Fact::Billing { contract_id, .. }
            | Fact::UsageMonth { contract_id, .. } => Some(contract_id),
            Fact::Period(_) | Fact::Chart(_) => None,
        }
    }

    /// Where one of the books' own facts stands in the log: a close or reopen at its
    /// sequence, a chart after the close or reopen it was recorded under.
    fn books_order(&self) -> (i64, u8, i64) {
        match self {
            Fact::Period(event) => (event.sequence, 0, 0),
            Fact::Chart(chart) => (chart.books_sequence, 1, chart.version),
            _ => (i64::MAX, 2, 0),
        }
    }
}

/// A fact with the digest that chains it to the one before.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChainedFact {
    pub fact: Fact,
    pub hash: OutputHash,
}

/// The digest the log starts from.
pub fn chain_start() -> OutputHash {
    output_hash("close-package-facts/v1", &Empty)
}

struct Empty;

impl Canonical for Empty {
    fn encode(&self, _: &mut revrec_domain::digest::CanonicalWriter) {}
}

/// The digest of `fact` following `previous`.
pub fn chained(previous: &OutputHash, fact: &Fact) -> OutputHash {
    output_hash("close-package-fact/v1", &Link { previous, fact })
}

/// The books' own facts (closes, reopens, charts) in the log's order.
pub fn books_in_order(mut facts: Vec<Fact>) -> Vec<Fact> {
    facts.sort_by_key(Fact::books_order);
    facts
}

/// `facts`, in the order given, each chained to the one before, the first to `previous`.
pub fn chain_from(previous: &OutputHash, facts: Vec<Fact>) -> Vec<ChainedFact> {
    let mut previous = previous.clone();
    facts
        .into_iter()
        .map(|fact| {
            let hash = chained(&previous, &fact);
            previous = hash.clone();
            ChainedFact { fact, hash }
        })
        .collect()
}

/// Where a log does not hold together.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FactsError {
    #[error(
        "fact {index} ({kind}{of}) does not match its digest: it was altered, or a fact before it was"
    )]
    BrokenChain {
        index: usize,
        kind: &'static str,
        of: String,
    },
    #[error("contract {contract_id}: {problem}")]
    Contract {
        contract_id: String,
        problem: String,
    },
}

/// Checks that every fact of `log` follows from the one before by its digest.
///
/// # Errors
/// `BrokenChain` at the first fact whose digest is not the one its content and place give.
pub fn check_chain<'a>(log: impl IntoIterator<Item = &'a ChainedFact>) -> Result<(), FactsError> {
    let mut previous = chain_start();
    for (index, link) in log.into_iter().enumerate() {
        let expected = chained(&previous, &link.fact);
        if expected != link.hash {
            return Err(FactsError::BrokenChain {
                index: index + 1,
                kind: link.fact.kind(),
                of: link
                    .fact
                    .contract_id()
                    .map(|id| format!(" of {id}"))
                    .unwrap_or_default(),
            });
        }
        previous = expected;
    }
    Ok(())
}

/// The contract `facts` make, the facts of one contract in the log's order: opened, then
/// its versions, its entry into the reports and its billing facts.
///
/// # Errors
/// Facts that are not one contract's, opened first, with at least one version.
pub fn contract_of(tenant_id: &str, facts: &[Fact]) -> Result<StoredContract, FactsError> {
    let Some(Fact::ContractOpened(opened)) = facts.first() else {
        return Err(FactsError::Contract {
            contract_id: facts
                .first()
                .and_then(Fact::contract_id)
                .unwrap_or_default()
                .to_owned(),
            problem: "its facts do not start with its opening".to_owned(),
        });
    };
    let mut stored = opened_contract(tenant_id, opened);
    let other = |problem: &str| FactsError::Contract {
        contract_id: opened.contract_id.clone(),
        problem: problem.to_owned(),
    };
    for fact in facts.iter().skip(1) {
        if fact.contract_id() != Some(opened.contract_id.as_str()) {
            return Err(other(
                "a fact of another contract, or of the books, is among its facts",
            ));
        }
        match fact {
            Fact::Version { stamp, version, .. } => {
                stored.versions.push(StoredVersion::clone(version));
                stored.stamps.versions.push(*stamp);
            }
            Fact::Reported { stamp, at, .. } => {
                stored.stamps.reported = Some(*stamp);
                stored.stamps.reported_at = Some(*at);
            }
            Fact::Billing { stamp, record, .. } => {
                stored.invoices.push(record.clone());
                stored.stamps.invoices.push(*stamp);
            }
            Fact::UsageMonth {
                stamp,
                obligation_id,
                month,
                ..
            } => stored.stamps.usage.push(UsageStamp {
                obligation_id: obligation_id.clone(),
                month: *month,
                stamp: *stamp,
            }),
            Fact::ContractOpened(_) | Fact::Period(_) | Fact::Chart(_) => {
                return Err(other("it is opened twice, or holds a fact of the books"));
            }
        }
    }
    stored.versions.sort_by_key(|version| version.number);
    stored.stamps.usage.sort_by(|a, b| {
        (&a.obligation_id, a.month.period, a.stamp).cmp(&(
            &b.obligation_id,
            b.month.period,
            b.stamp,
        ))
    });
    // The months as they stand: each one's latest layer.
    stored.usage = revrec_ports::usage_of(&stored.stamps.usage);
    settle_record(&mut stored).map_err(|problem| other(&problem))?;
    Ok(stored)
}

/// The closes, reopens and charts among the books' own facts.
pub fn books_of(facts: &[Fact]) -> (Vec<PeriodEventRecord>, Vec<ChartVersion>) {
    let (mut events, mut charts) = (Vec::new(), Vec::new());
    for fact in facts {
        match fact {
            Fact::Period(event) => events.push(event.clone()),
            Fact::Chart(chart) => charts.push(ChartVersion::clone(chart)),
            _ => {}
        }
    }
    (events, charts)
}

/// A contract as opened, before any version.
fn opened_contract(tenant_id: &str, opened: &ContractOpened) -> StoredContract {
    StoredContract {
        record: ContractRecord {
            tenant_id: tenant_id.to_owned(),
            id: opened.contract_id.clone(),
            customer_id: opened.customer_id.clone(),
            customer_name: String::new(),
            contract_number: opened.contract_number.clone(),
            currency: opened.currency,
            status: ContractStatus::Draft,
            version: 0,
            start_date: time::Date::MIN,
            end_date: time::Date::MIN,
            total_value: 0,
            terminated_on: None,
            parent_contract_id: opened.parent_contract_id.clone(),
            restatements: opened.restatements_in_place,
            restated_convention: opened.restated_in_place,
            created_at: opened.created_at,
            updated_at: opened.created_at,
        },
        versions: Vec::new(),
        invoices: Vec::new(),
        revision: 0,
        stamps: BooksStamps::default(),
        usage: revrec_domain::ContractUsage::default(),
    }
}

/// The contract's record as its facts say, its restatements counted: those made in place
/// and one per restatement version.
fn settle_record(stored: &mut StoredContract) -> Result<(), String> {
    if stored.versions.is_empty() {
        return Err("no version of it is in the facts".to_owned());
    }
    let versioned_restatements = stored
        .versions
        .iter()
        .filter(|version| version.change == VersionChange::Restatement)
        .count();
    stored.record.restatements = stored
        .record
        .restatements
        .saturating_add(u32::try_from(versioned_restatements).unwrap_or(u32::MAX));
    crate::history::settle_record(stored);
    Ok(())
}

/// The facts of `stored` written before close `through` (stamped below it): what the
/// package of a month that close froze carries of the contract. None when it has none.
pub fn facts_of_contract(stored: &StoredContract, through: i64) -> Vec<Fact> {
    let record = &stored.record;
    let known: Vec<(&StoredVersion, i64)> = stored
        .versions
        .iter()
        .zip(&stored.stamps.versions)
        .filter(|(_, stamp)| **stamp < through)
        .map(|(version, stamp)| (version, *stamp))
        .collect();
    if known.is_empty() {
        return Vec::new();
    }
    let versioned_restatements = stored
        .versions
        .iter()
        .filter(|version| version.change == VersionChange::Restatement)
        .count();
    let in_place = record
        .restatements
        .saturating_sub(u32::try_from(versioned_restatements).unwrap_or(u32::MAX));
    let mut facts = vec![Fact::ContractOpened(ContractOpened {
        contract_id: record.id.clone(),
        customer_id: record.customer_id.clone(),
        contract_number: record.contract_number.clone(),
        parent_contract_id: record.parent_contract_id.clone(),
        currency: record.currency,
        created_at: record.created_at,
        restatements_in_place: in_place,
        restated_in_place: crate::history::legacy_restatement(stored),
    })];
    facts.extend(known.into_iter().map(|(version, stamp)| Fact::Version {
        contract_id: record.id.clone(),
        stamp,
        version: Box::new(version.clone()),
    }));
    if let (Some(stamp), Some(at)) = (stored.stamps.reported, stored.stamps.reported_at)
        && stamp < through
    {
        facts.push(Fact::Reported {
            contract_id: record.id.clone(),
            stamp,
            at,
        });
    }
    facts.extend(
        stored
            .invoices
            .iter()
            .zip(&stored.stamps.invoices)
            .filter(|(_, stamp)| **stamp < through)
            .map(|(record, stamp)| Fact::Billing {
                contract_id: stored.record.id.clone(),
                stamp: *stamp,
                record: record.clone(),
            }),
    );
    facts.extend(
        stored
            .stamps
            .usage
            .iter()
            .filter(|layer| layer.stamp < through)
            .map(|layer| Fact::UsageMonth {
                contract_id: stored.record.id.clone(),
                stamp: layer.stamp,
                obligation_id: layer.obligation_id.clone(),
                month: layer.month,
            }),
    );
    facts
}

/// A fact and the digest before it, as hashed.
struct Link<'a> {
    previous: &'a OutputHash,
    fact: &'a Fact,
}

impl Canonical for Link<'_> {
    fn encode(&self, out: &mut revrec_domain::digest::CanonicalWriter) {
        out.text(self.previous.as_str()).text(self.fact.kind());
        match self.fact {
            Fact::ContractOpened(opened) => {
                out.text(&opened.contract_id)
                    .text(&opened.customer_id)
                    .text(opened.currency.code())
                    .integer(opened.created_at)
                    .integer(i64::from(opened.restatements_in_place));
                optional_text(out, opened.contract_number.as_deref());
                optional_text(out, opened.parent_contract_id.as_deref());
                optional_text(out, opened.restated_in_place.map(Convention::as_str));
            }
            Fact::Version {
                contract_id,
                stamp,
                version,
            } => {
                out.text(contract_id)
                    .integer(*stamp)
                    .integer(i64::from(version.number))
                    .integer(version.recorded_at)
                    .text(&version.recorded_by);
                encode_change(out, &version.change);
                encode_terms(out, &version.terms);
            }
            Fact::Reported {
                contract_id,
                stamp,
                at,
            } => {
                out.text(contract_id).integer(*stamp).integer(*at);
            }
            Fact::Billing {
                contract_id,
                stamp,
                record,
            } => {
                out.text(contract_id)
                    .integer(*stamp)
                    .text(&record.id)
                    .text(&record.date.to_string())
                    .integer(record.amount)
                    .integer(record.recorded_at)
                    .text(&record.recorded_by);
                optional_text(out, record.number.as_deref());
            }
            Fact::Period(event) => {
                let month = match event.action {
                    PeriodAction::Close { through } => through,
                    PeriodAction::Reopen { from } => from,
                };
                out.integer(event.sequence)
                    .period(month)
                    .integer(event.recorded_at)
                    .text(&event.actor);
                optional_text(out, event.reason.as_deref());
            }
            Fact::Chart(chart) => {
                out.integer(chart.version)
                    .integer(chart.recorded_at)
                    .integer(chart.books_sequence)
                    .text(&chart.actor);
                encode_chart(out, &chart.chart);
            }
            Fact::UsageMonth {
                contract_id,
                stamp,
                obligation_id,
                month,
            } => {
                out.text(contract_id)
                    .integer(*stamp)
                    .text(obligation_id)
                    .period(month.period)
                    .integer(month.quantity.millionths())
                    .integer(month.amount);
            }
        }
    }
}

fn optional_text(out: &mut revrec_domain::digest::CanonicalWriter, text: Option<&str>) {
    match text {
        Some(text) => out.list(1).text(text),
        None => out.list(0),
    };
}

fn encode_change(out: &mut revrec_domain::digest::CanonicalWriter, change: &VersionChange) {
    out.text(change.name());
    optional_text(
        out,
        change
            .effective_date()
            .map(|date| date.to_string())
            .as_deref(),
    );
    optional_text(out, change.obligation_id());
    match change {
        VersionChange::Progress { percent, .. } => {
            out.integer(i64::from(percent.ten_thousandths()));
        }
        VersionChange::Estimate { component_id, .. } => {
            out.text(component_id);
        }
        _ => {}
    }
}

fn encode_terms(out: &mut revrec_domain::digest::CanonicalWriter, terms: &ContractTerms) {
    out.text(&terms.customer_name)
        .text(terms.currency.code())
        .text(&terms.start_date.to_string())
        .text(&terms.end_date.to_string())
        .text(&terms.signed_date.to_string())
        .integer(terms.transaction_price)
        .text(terms.convention.as_str());
    out.list(terms.obligations.len());
    for obligation in &terms.obligations {
        optional_text(out, obligation.id.as_deref());
        out.text(&obligation.name)
            .text(obligation.pob_type.as_str())
            .integer(obligation.ssp.micros());
        match obligation.stated_price {
            Some(price) => out.list(1).integer(price),
            None => out.list(0),
        };
        match obligation.pattern {
            Pattern::Ratable { start, end } => out
                .text("ratable")
                .text(&start.to_string())
                .text(&end.to_string()),
            Pattern::PointInTime { date } => out.text("point_in_time").text(&date.to_string()),
            Pattern::AwaitingDelivery => out.text("awaiting_delivery"),
            Pattern::Progress => out.text("progress"),
        };
        // Only a usage or credits line's: every other line encodes as it always has.
        match &obligation.consumption {
            Some(Consumption::Usage(pricing)) => encode_pricing(out, pricing.as_ref()),
            Some(Consumption::Credits(credits)) => encode_credits(out, credits),
            None => {}
        }
    }
    // Only when there are any: a fixed-price contract's facts encode as they always have.
    if !terms.variable.is_empty() {
        encode_components(out, &terms.variable);
    }
}

/// Variable components (docs/asc606.md §15), every figure exact.
fn encode_components(
    out: &mut revrec_domain::digest::CanonicalWriter,
    components: &[revrec_domain::VariableComponent],
) {
    use revrec_domain::VariableScope;
    out.text("variable_consideration").list(components.len());
    for component in components {
        out.text(&component.id)
            .text(component.kind.as_str())
            .text(component.method.as_str())
            .integer(component.included_amount);
        out.list(component.scenarios.len());
        for scenario in &component.scenarios {
            out.integer(scenario.amount)
                .integer(scenario.probability.millionths());
        }
        match &component.scope {
            VariableScope::AllObligations => {
                out.text("all");
            }
            VariableScope::Obligations(indexes) => {
                out.text("obligations").list(indexes.len());
                for index in indexes {
                    out.integer(i64::try_from(*index).unwrap_or(i64::MAX));
                }
            }
            VariableScope::Period { obligation, period } => {
                out.text("period")
                    .integer(i64::try_from(*obligation).unwrap_or(i64::MAX))
                    .text(&period.to_string());
            }
        }
        optional_text(out, component.rationale.as_deref());
    }
}

/// How a usage line is rated, every figure exact.
fn encode_pricing(
    out: &mut revrec_domain::digest::CanonicalWriter,
    pricing: Option<&revrec_domain::usage::UsagePricing>,
) {
    out.text("usage");
    let Some(pricing) = pricing else {
        out.list(0);
        return;
    };
    out.list(1)
        .text(pricing.unit())
        .integer(pricing.rate().millionths())
        .integer(pricing.included_per_month().millionths())
        .list(pricing.tiers().len());
    for tier in pricing.tiers() {
        match tier.up_to {
            Some(up_to) => out.list(1).integer(up_to.millionths()),
            None => out.list(0),
        };
        out.integer(tier.rate.millionths());
    }
}

/// A credits line's credits, every figure exact.
fn encode_credits(
    out: &mut revrec_domain::digest::CanonicalWriter,
    credits: &revrec_domain::PrepaidCredits,
) {
    out.text("credits")
        .integer(credits.credits.millionths())
        .text(&credits.expires_on.to_string())
        .integer(credits.expected_usage.millionths())
        .text(credits.breakage.as_str());
}

fn encode_chart(out: &mut revrec_domain::digest::CanonicalWriter, chart: &ChartOfAccounts) {
    // The usage account is left out while it is the default, so a chart keeps the digest
    // it had before usage lines were known.
    let usage = AccountRole::Revenue(PobType::Usage);
    let default = ChartOfAccounts::default();
    let accounts: Vec<_> = chart
        .accounts()
        .filter(|(role, account)| *role != usage || *account != default.account(usage))
        .collect();
    out.list(accounts.len());
    for (role, account) in accounts {
        out.text(&role.to_string())
            .text(&account.code)
            .text(&account.name);
    }
}
