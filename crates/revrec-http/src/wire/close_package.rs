//! The close package on the wire (docs/ledger.md, "The close package"): its JSON, the facts
//! log read back from it for a replay, and the ZIP of CSVs a person opens.
//!
//! The JSON is written by serde in field order with amounts in the currency's exact
//! decimals, so one package is one sequence of bytes: what a replay compares.

use revrec_domain::usage::{Breakage, Quantity, Tier, UnitRate, UsagePricing};
use revrec_domain::{
    Account, AccountRole, ChartOfAccounts, Consumption, ContractTerms, Convention, Currency, Money,
    MonthUsage, ObligationTerms, OutputHash, Pattern, PercentComplete, Period, PeriodAction,
    PeriodRange, PobType, PrepaidCredits, Quarter, RollupAmounts, Ssp, format_minor,
};
use revrec_ports::{
    BillingKind, ChartVersion, InvoiceRecord, PeriodEventRecord, StoredVersion, VersionChange,
};
use revrec_usecases::close_package::facts::ContractOpened;
use revrec_usecases::close_package::figures::{CurrencyPackage, MonthJournal, Rollforward};
use revrec_usecases::close_package::{
    ChainedFact, ClosePackage, ContractPackage, Fact, PackageSpan, PackageTotals, close_package,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shell::error::ApiError;
use crate::shell::instants::format_timestamp;
use crate::shell::state::AppState;
use crate::wire::amount::{Amount, millionths_text};
use crate::wire::close_package_variable::{ComponentFact, components_fact, components_in};
use crate::wire::dates::{format_date, parse_date};
use crate::wire::periods::ClosedPeriod;

/// The close package of a closed month or quarter. Its fields are written in this order,
/// the contracts a page at a time as they are read.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClosePackageOut {
    /// The month (`2026-03`) or quarter (`2026-Q1`) packaged.
    pub period: String,
    /// The tenant whose books these are: its entry ids are sealed over it.
    pub tenant_id: String,
    /// The release that computed the figures.
    pub engine: String,
    /// The books' own facts, first in the log: closes, reopens and charts of accounts.
    pub books: Vec<ChainedFactOut>,
    /// Each contract with a fact before the period's close, in id order: its facts (next
    /// in the log) and its figures.
    pub contracts: Vec<ContractPackageOut>,
    /// The last fact's digest: the whole log in one value.
    pub facts_head: String,
    /// Each month of the period: the close that froze it and the digest of its figures,
    /// as `GET /v1/periods` lists them.
    pub months: Vec<ClosedPeriod>,
    pub currencies: Vec<CurrencyPackageOut>,
    /// What to look at before signing: drafts, obligations awaiting delivery past their
    /// contract's end, stated prices the allocation moved, and any figure the server
    /// stored or exports that differs from what the facts give.
    pub warnings: Vec<String>,
}

/// One contract of the package.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractPackageOut {
    pub contract_id: String,
    pub customer_name: String,
    #[schema(example = "USD")]
    pub currency: String,
    /// Its facts, in the log's order.
    pub facts: Vec<ChainedFactOut>,
    /// Its figures; none for a draft (a preview, outside the books).
    pub figures: Option<ContractFiguresOut>,
}

/// Billed against recognized, and where the contract stands at the period's end.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractFiguresOut {
    /// Billed in the period.
    pub billed: Amount,
    /// Recognized in the period.
    pub recognized: Amount,
    pub billed_to_date: Amount,
    pub recognized_to_date: Amount,
    /// Balances at the period's end.
    pub deferred_revenue: Amount,
    pub contract_asset: Amount,
    pub receivable: Amount,
    /// The corrections the period booked for closed months before it.
    pub corrections: Vec<CorrectionOut>,
    /// Each month's journal entry ids, in export order (an id names its lines).
    pub journal: Vec<MonthEntriesOut>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MonthEntriesOut {
    pub period: String,
    pub entry_ids: Vec<String>,
}

/// One currency's figures.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CurrencyPackageOut {
    #[schema(example = "USD")]
    pub currency: String,
    /// The rows the period's closes froze: each month's own figures, and what it booked
    /// for an earlier closed month (`corrects`).
    pub frozen: Vec<FrozenRowOut>,
    pub rollforwards: RollforwardsOut,
    /// Each month's journal, and whether it posts what was frozen.
    pub journals: Vec<MonthJournalOut>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FrozenRowOut {
    pub period: String,
    pub pob_type: String,
    pub timing: String,
    pub corrects: Option<String>,
    pub recognized: Amount,
    pub billed: Amount,
    pub invoiced: Amount,
    pub contract_asset_change: Amount,
    pub contract_asset_earned: Amount,
    pub paid: Amount,
    pub customer_credit_change: Amount,
    pub rpo_change: Amount,
    pub rpo_next_12_months: Amount,
    pub recognized_from_opening_deferred: Amount,
}

/// Deferred revenue, contract assets and receivables from the month before the period to
/// its end.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RollforwardsOut {
    pub deferred_revenue: RollforwardOut,
    pub contract_assets: RollforwardOut,
    pub receivables: RollforwardOut,
}

/// `opening` + each movement + `corrections` = `closing`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RollforwardOut {
    pub opening: Amount,
    pub movements: Vec<MovementOut>,
    pub corrections: Amount,
    pub closing: Amount,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MovementOut {
    pub name: String,
    pub amount: Amount,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CorrectionOut {
    pub booked_in: String,
    pub corrects: String,
    pub recognized: Amount,
    pub billed: Amount,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MonthJournalOut {
    pub period: String,
    pub entries: usize,
    pub lines: usize,
    pub total_debit: Amount,
    pub total_credit: Amount,
    pub accounts: Vec<AccountTotalOut>,
    /// Whether the journal posts, account by account, what the month froze.
    pub equals_frozen: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AccountTotalOut {
    pub code: String,
    pub name: String,
    pub debit: Amount,
    pub credit: Amount,
}

/// A fact with the digest that chains it to the one before it in the log.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ChainedFactOut {
    pub hash: String,
    /// The fact, by its `kind`: `contract_opened`, `version` (with its `change` and full
    /// `terms`), `reported`, `invoice`, `payment`, `close`, `reopen`, `chart` or
    /// `usage_month`, each with
    /// its fields (docs/ledger.md, "Replaying a close package"). An object of its own
    /// shape per kind, described here rather than as a union, which some client
    /// generators cannot build without extra packages.
    #[schema(value_type = Object)]
    pub fact: FactOut,
}

/// One fact, by kind. Amounts are in the contract's currency; instants RFC 3339.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FactOut {
    ContractOpened {
        contract_id: String,
        customer_id: String,
        contract_number: Option<String>,
        parent_contract_id: Option<String>,
        currency: String,
        created_at: String,
        restatements_in_place: u32,
        restated_in_place: Option<String>,
    },
    Version {
        contract_id: String,
        books_sequence: i64,
        number: u32,
        recorded_at: String,
        recorded_by: String,
        change: ChangeOut,
        /// Boxed: the largest fact by far.
        terms: Box<TermsOut>,
    },
    Reported {
        contract_id: String,
        books_sequence: i64,
        recorded_at: String,
    },
    Invoice(BillingOut),
    Payment(BillingOut),
    Close {
        sequence: i64,
        through: String,
        recorded_at: String,
        actor: String,
    },
    Reopen {
        sequence: i64,
        from: String,
        recorded_at: String,
        actor: String,
        reason: Option<String>,
    },
    Chart {
        version: i64,
        books_sequence: i64,
        recorded_at: String,
        actor: String,
        accounts: Vec<ChartAccountOut>,
    },
    /// A usage line's month as its records stood under one books sequence.
    UsageMonth {
        contract_id: String,
        books_sequence: i64,
        pob_id: String,
        period: String,
        /// Units, six decimals.
        quantity: String,
        /// What the records carried as their own amounts.
        amount: FactAmount,
    },
}

/// An invoice or a payment received, as a fact.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BillingOut {
    pub contract_id: String,
    pub books_sequence: i64,
    pub id: String,
    pub number: Option<String>,
    pub date: String,
    pub amount: FactAmount,
    pub recorded_at: String,
    pub recorded_by: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChangeOut {
    /// `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
    /// `progress`, `estimate` or `restatement`.
    pub kind: String,
    pub effective: Option<String>,
    pub obligation_id: Option<String>,
    pub percent_complete: Option<String>,
    /// The component an `estimate` reassessed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component_id: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TermsOut {
    pub customer_name: String,
    pub currency: String,
    pub start_date: String,
    pub end_date: String,
    pub signed_date: String,
    pub transaction_price: FactAmount,
    pub convention: String,
    pub obligations: Vec<ObligationOut>,
    /// Variable components (docs/asc606.md §15); left out when the price is fixed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variable_consideration: Vec<ComponentFact>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ObligationOut {
    pub id: Option<String>,
    pub name: String,
    pub pob_type: String,
    pub stated_price: Option<FactAmount>,
    /// Up to six decimals.
    pub ssp: FactAmount,
    pub pattern: PatternOut,
    /// A usage line's rating (docs/asc606.md §15); left out for every other line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<UsageFact>,
    /// A credits line's credits (docs/asc606.md §15); left out for every other line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credits: Option<CreditsFact>,
}

/// Prepaid credits: quantities as decimal strings of six places.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreditsFact {
    pub credits: String,
    pub expires_on: String,
    pub expected_usage: String,
    pub breakage: String,
}

/// How a usage line is rated: `pricing` none when its records carry their amounts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UsageFact {
    pub pricing: Option<PricingFact>,
}

/// Rates and quantities as decimal strings of six places.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PricingFact {
    pub unit: String,
    pub rate: String,
    pub included_per_month: String,
    pub tiers: Vec<TierFact>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TierFact {
    pub up_to: Option<String>,
    pub rate: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PatternOut {
    Ratable { start: String, end: String },
    PointInTime { date: String },
    AwaitingDelivery,
    Progress,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChartAccountOut {
    pub role: String,
    pub code: String,
    pub name: String,
}

/// An amount of a fact, as a decimal string with the currency's decimals (`"500.00"`): a
/// string, so that it reads back as exactly the text written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FactAmount(pub String);

impl FactAmount {
    fn minor(minor: i64, currency: Currency) -> FactAmount {
        FactAmount(format_minor(minor, currency.exponent()))
    }
}

/// The package of `period` as the wire shows it.
pub async fn package_of(
    state: &AppState,
    tenant_id: &str,
    period: &str,
) -> Result<ClosePackageOut, ApiError> {
    let span = package_span(period)?;
    let package = close_package(&state.stale_reads, tenant_id, span).await?;
    Ok(ClosePackageOut::of(&package))
}

/// `2026-03` or `2026-Q1` as the months it covers.
pub fn package_span(text: &str) -> Result<PackageSpan, ApiError> {
    let refused = |error| ApiError::period_parameter("period", text, "YYYY-MM or YYYY-Qn", &error);
    let months = if text.contains('Q') {
        Quarter::parse(text).map_err(refused)?.periods()
    } else {
        let month = Period::parse(text).map_err(refused)?;
        PeriodRange::new(month, month).map_err(refused)?
    };
    Ok(PackageSpan {
        label: text.to_owned(),
        months,
    })
}

impl ClosePackageOut {
    pub fn of(package: &ClosePackage) -> ClosePackageOut {
        let mut out = ClosePackageOut::opening(
            &package.span.label,
            &package.tenant_id,
            &package.engine,
            &package.books,
        );
        out.contracts = package
            .contracts
            .iter()
            .map(ContractPackageOut::of)
            .collect();
        out.close(&package.totals);
        out
    }

    /// The package before its contracts: what a streamed answer writes first.
    pub fn opening(
        period: &str,
        tenant_id: &str,
        engine: &str,
        books: &[ChainedFact],
    ) -> ClosePackageOut {
        ClosePackageOut {
            period: period.to_owned(),
            tenant_id: tenant_id.to_owned(),
            engine: engine.to_owned(),
            // The books' own facts carry no amount: any currency writes them alike.
            books: books
                .iter()
                .map(|link| chained_out(link, Currency::USD))
                .collect(),
            contracts: Vec::new(),
            facts_head: String::new(),
            months: Vec::new(),
            currencies: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The totals, once every contract is read.
    pub fn close(&mut self, totals: &PackageTotals) {
        self.facts_head = totals.facts_head.as_str().to_owned();
        self.months = totals.months.iter().map(ClosedPeriod::of).collect();
        self.currencies = totals
            .currencies
            .iter()
            .map(CurrencyPackageOut::of)
            .collect();
        self.warnings.clone_from(&totals.warnings);
    }
}

impl ContractPackageOut {
    pub fn of(package: &ContractPackage) -> ContractPackageOut {
        let currency = package.currency;
        let amount = |minor: i64| Amount::minor(minor, currency);
        ContractPackageOut {
            contract_id: package.contract_id.clone(),
            customer_name: package.customer_name.clone(),
            currency: currency.code().to_owned(),
            facts: package
                .facts
                .iter()
                .map(|link| chained_out(link, currency))
                .collect(),
            figures: package.figures.as_ref().map(|figures| ContractFiguresOut {
                billed: amount(figures.billed),
                recognized: amount(figures.recognized),
                billed_to_date: amount(figures.billed_to_date),
                recognized_to_date: amount(figures.recognized_to_date),
                deferred_revenue: amount(figures.deferred_revenue),
                contract_asset: amount(figures.contract_asset),
                receivable: amount(figures.receivable),
                corrections: figures
                    .corrections
                    .iter()
                    .map(|correction| CorrectionOut {
                        booked_in: correction.booked_in.to_string(),
                        corrects: correction.corrects.to_string(),
                        recognized: amount(correction.recognized),
                        billed: amount(correction.billed),
                    })
                    .collect(),
                journal: figures
                    .journal
                    .iter()
                    .map(|(period, ids)| MonthEntriesOut {
                        period: period.to_string(),
                        entry_ids: ids.clone(),
                    })
                    .collect(),
            }),
        }
    }
}

impl CurrencyPackageOut {
    fn of(package: &CurrencyPackage) -> CurrencyPackageOut {
        let currency = package.currency;
        CurrencyPackageOut {
            currency: currency.code().to_owned(),
            frozen: package
                .frozen
                .iter()
                .map(|row| {
                    frozen_row(
                        row.key.period,
                        row.key.pob_type,
                        row.key.timing.as_str(),
                        row.corrects,
                        &row.amounts,
                        currency,
                    )
                })
                .collect(),
            rollforwards: RollforwardsOut {
                deferred_revenue: rollforward(&package.deferred_revenue, currency),
                contract_assets: rollforward(&package.contract_assets, currency),
                receivables: rollforward(&package.receivables, currency),
            },
            journals: package
                .journals
                .iter()
                .map(|journal| journal_out(journal, currency))
                .collect(),
        }
    }
}

fn frozen_row(
    period: Period,
    pob_type: PobType,
    timing: &str,
    corrects: Option<Period>,
    amounts: &RollupAmounts,
    currency: Currency,
) -> FrozenRowOut {
    let amount = |minor: i64| Amount::minor(minor, currency);
    FrozenRowOut {
        period: period.to_string(),
        pob_type: pob_type.as_str().to_owned(),
        timing: timing.to_owned(),
        corrects: corrects.map(|period| period.to_string()),
        recognized: amount(amounts.recognized),
        billed: amount(amounts.booked),
        invoiced: amount(amounts.invoiced),
        contract_asset_change: amount(amounts.asset_change),
        contract_asset_earned: amount(amounts.asset_earned),
        paid: amount(amounts.paid),
        customer_credit_change: amount(amounts.credit_change),
        rpo_change: amount(amounts.rpo_change),
        rpo_next_12_months: amount(amounts.rpo_next_12),
        recognized_from_opening_deferred: amount(amounts.recognized_from_opening),
    }
}

fn rollforward(rollforward: &Rollforward, currency: Currency) -> RollforwardOut {
    let amount = |minor: i64| Amount::minor(minor, currency);
    RollforwardOut {
        opening: amount(rollforward.opening),
        movements: rollforward
            .movements
            .iter()
            .map(|(name, minor)| MovementOut {
                name: (*name).to_owned(),
                amount: amount(*minor),
            })
            .collect(),
        corrections: amount(rollforward.corrections),
        closing: amount(rollforward.closing),
    }
}

fn journal_out(journal: &MonthJournal, currency: Currency) -> MonthJournalOut {
    let amount = |minor: i64| Amount::minor(minor, currency);
    MonthJournalOut {
        period: journal.period.to_string(),
        entries: journal.entries,
        lines: journal.lines,
        total_debit: amount(journal.total_debit),
        total_credit: amount(journal.total_credit),
        accounts: journal
            .accounts
            .iter()
            .map(|account| AccountTotalOut {
                code: account.code.clone(),
                name: account.name.clone(),
                debit: amount(account.debit),
                credit: amount(account.credit),
            })
            .collect(),
        equals_frozen: journal.equals_frozen,
    }
}

/// A fact as written, with its digest; `currency` is its contract's (a billing fact's
/// amount is in it).
fn chained_out(link: &ChainedFact, currency: Currency) -> ChainedFactOut {
    ChainedFactOut {
        hash: link.hash.as_str().to_owned(),
        fact: fact_out(&link.fact, currency),
    }
}

fn fact_out(fact: &Fact, currency: Currency) -> FactOut {
    match fact {
        Fact::ContractOpened(opened) => FactOut::ContractOpened {
            contract_id: opened.contract_id.clone(),
            customer_id: opened.customer_id.clone(),
            contract_number: opened.contract_number.clone(),
            parent_contract_id: opened.parent_contract_id.clone(),
            currency: opened.currency.code().to_owned(),
            created_at: format_timestamp(opened.created_at),
            restatements_in_place: opened.restatements_in_place,
            restated_in_place: opened
                .restated_in_place
                .map(|convention| convention.as_str().to_owned()),
        },
        Fact::Version {
            contract_id,
            stamp,
            version,
        } => FactOut::Version {
            contract_id: contract_id.clone(),
            books_sequence: *stamp,
            number: version.number,
            recorded_at: format_timestamp(version.recorded_at),
            recorded_by: version.recorded_by.clone(),
            change: ChangeOut {
                kind: version.change.name().to_owned(),
                effective: version.change.effective_date().map(format_date),
                obligation_id: version.change.obligation_id().map(str::to_owned),
                percent_complete: match &version.change {
                    VersionChange::Progress { percent, .. } => Some(percent.to_string()),
                    _ => None,
                },
                component_id: version.change.component_id().map(str::to_owned),
            },
            terms: Box::new(terms_out(&version.terms)),
        },
        Fact::Reported {
            contract_id,
            stamp,
            at,
        } => FactOut::Reported {
            contract_id: contract_id.clone(),
            books_sequence: *stamp,
            recorded_at: format_timestamp(*at),
        },
        Fact::Billing {
            contract_id,
            stamp,
            record,
        } => {
            let billing = BillingOut {
                contract_id: contract_id.clone(),
                books_sequence: *stamp,
                id: record.id.clone(),
                number: record.number.clone(),
                date: format_date(record.date),
                amount: FactAmount::minor(record.amount, currency),
                recorded_at: format_timestamp(record.recorded_at),
                recorded_by: record.recorded_by.clone(),
            };
            match record.kind {
                BillingKind::Invoice => FactOut::Invoice(billing),
                BillingKind::Payment => FactOut::Payment(billing),
            }
        }
        Fact::Period(event) => match event.action {
            PeriodAction::Close { through } => FactOut::Close {
                sequence: event.sequence,
                through: through.to_string(),
                recorded_at: format_timestamp(event.recorded_at),
                actor: event.actor.clone(),
            },
            PeriodAction::Reopen { from } => FactOut::Reopen {
                sequence: event.sequence,
                from: from.to_string(),
                recorded_at: format_timestamp(event.recorded_at),
                actor: event.actor.clone(),
                reason: event.reason.clone(),
            },
        },
        Fact::UsageMonth {
            contract_id,
            stamp,
            obligation_id,
            month,
        } => FactOut::UsageMonth {
            contract_id: contract_id.clone(),
            books_sequence: *stamp,
            pob_id: obligation_id.clone(),
            period: month.period.to_string(),
            quantity: millionths_text(month.quantity.millionths()),
            amount: FactAmount::minor(month.amount, currency),
        },
        Fact::Chart(chart) => FactOut::Chart {
            version: chart.version,
            books_sequence: chart.books_sequence,
            recorded_at: format_timestamp(chart.recorded_at),
            actor: chart.actor.clone(),
            accounts: chart
                .chart
                .accounts()
                .map(|(role, account)| ChartAccountOut {
                    role: role.to_string(),
                    code: account.code.to_string(),
                    name: account.name.to_string(),
                })
                .collect(),
        },
    }
}

fn terms_out(terms: &ContractTerms) -> TermsOut {
    let currency = terms.currency;
    TermsOut {
        customer_name: terms.customer_name.clone(),
        currency: currency.code().to_owned(),
        start_date: format_date(terms.start_date),
        end_date: format_date(terms.end_date),
        signed_date: format_date(terms.signed_date),
        transaction_price: FactAmount::minor(terms.transaction_price, currency),
        convention: terms.convention.as_str().to_owned(),
        variable_consideration: components_fact(&terms.variable, currency),
        obligations: terms
            .obligations
            .iter()
            .map(|obligation| ObligationOut {
                id: obligation.id.clone(),
                name: obligation.name.to_string(),
                pob_type: obligation.pob_type.as_str().to_owned(),
                stated_price: obligation
                    .stated_price
                    .map(|price| FactAmount::minor(price, currency)),
                ssp: FactAmount(format_minor(
                    obligation.ssp.micros(),
                    u8::try_from(Ssp::DECIMALS).unwrap_or(6),
                )),
                pattern: match obligation.pattern {
                    Pattern::Ratable { start, end } => PatternOut::Ratable {
                        start: format_date(start),
                        end: format_date(end),
                    },
                    Pattern::PointInTime { date } => PatternOut::PointInTime {
                        date: format_date(date),
                    },
                    Pattern::AwaitingDelivery => PatternOut::AwaitingDelivery,
                    Pattern::Progress => PatternOut::Progress,
                },
                usage: match &obligation.consumption {
                    Some(Consumption::Usage(pricing)) => Some(UsageFact {
                        pricing: pricing.as_ref().map(pricing_fact),
                    }),
                    _ => None,
                },
                credits: match &obligation.consumption {
                    Some(Consumption::Credits(credits)) => Some(CreditsFact {
                        credits: millionths_text(credits.credits.millionths()),
                        expires_on: format_date(credits.expires_on),
                        expected_usage: millionths_text(credits.expected_usage.millionths()),
                        breakage: credits.breakage.as_str().to_owned(),
                    }),
                    _ => None,
                },
            })
            .collect(),
    }
}

fn pricing_fact(pricing: &UsagePricing) -> PricingFact {
    PricingFact {
        unit: pricing.unit().to_owned(),
        rate: millionths_text(pricing.rate().millionths()),
        included_per_month: millionths_text(pricing.included_per_month().millionths()),
        tiers: pricing
            .tiers()
            .iter()
            .map(|tier| TierFact {
                up_to: tier.up_to.map(|up_to| millionths_text(up_to.millionths())),
                rate: millionths_text(tier.rate.millionths()),
            })
            .collect(),
    }
}

fn pricing_in(pricing: &PricingFact) -> Result<UsagePricing, String> {
    let rate = |field: &str, text: &str| {
        UnitRate::parse(text).map_err(|error| format!("usage.pricing.{field}: {error}"))
    };
    let quantity = |field: &str, text: &str| {
        Quantity::parse(text).map_err(|error| format!("usage.pricing.{field}: {error}"))
    };
    let tiers = pricing
        .tiers
        .iter()
        .map(|tier| {
            Ok(Tier {
                up_to: tier
                    .up_to
                    .as_deref()
                    .map(|text| quantity("tiers.up_to", text))
                    .transpose()?,
                rate: rate("tiers.rate", &tier.rate)?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    UsagePricing::new(
        rate("rate", &pricing.rate)?,
        quantity("included_per_month", &pricing.included_per_month)?,
        tiers,
    )
    .map(|pricing_in| pricing_in.with_unit(&pricing.unit))
    .map_err(|error| format!("usage.pricing: {error}"))
}

/// What a replay reads of a package: what it is of, and the facts.
#[derive(Clone, Debug, Deserialize)]
pub struct PackageFactsIn {
    pub period: String,
    pub tenant_id: String,
    pub engine: String,
    pub books: Vec<ChainedFactOut>,
    pub contracts: Vec<ContractFactsIn>,
}

/// A contract of a package, as a replay reads it: its facts.
#[derive(Clone, Debug, Deserialize)]
pub struct ContractFactsIn {
    pub facts: Vec<ChainedFactOut>,
}

impl PackageFactsIn {
    /// The facts read back, each with the digest it states: the books' own, then each
    /// contract's.
    ///
    /// # Errors
    /// The first fact that does not read, by its place in the log and field.
    pub fn facts(&self) -> Result<(Vec<ChainedFact>, Vec<Vec<ChainedFact>>), String> {
        let mut place = 0;
        let books = facts_in(&self.books, &mut place)?;
        let contracts = self
            .contracts
            .iter()
            .map(|contract| facts_in(&contract.facts, &mut place))
            .collect::<Result<_, _>>()?;
        Ok((books, contracts))
    }
}

/// `log` read back, its places counted on from `place`.
fn facts_in(log: &[ChainedFactOut], place: &mut usize) -> Result<Vec<ChainedFact>, String> {
    let mut currencies: std::collections::BTreeMap<String, Currency> =
        std::collections::BTreeMap::new();
    log.iter()
        .map(|link| {
            *place += 1;
            let at = |problem: String| format!("fact {place}: {problem}");
            let hash = OutputHash::parse(&link.hash)
                .ok_or_else(|| at(format!("hash `{}` is not a sha256: digest", link.hash)))?;
            let fact = fact_in(&link.fact, &mut currencies).map_err(at)?;
            Ok(ChainedFact { fact, hash })
        })
        .collect()
}

fn fact_in(
    fact: &FactOut,
    currencies: &mut std::collections::BTreeMap<String, Currency>,
) -> Result<Fact, String> {
    Ok(match fact {
        FactOut::ContractOpened {
            contract_id,
            customer_id,
            contract_number,
            parent_contract_id,
            currency,
            created_at,
            restatements_in_place,
            restated_in_place,
        } => {
            let currency = currency_in(currency)?;
            currencies.insert(contract_id.clone(), currency);
            Fact::ContractOpened(ContractOpened {
                contract_id: contract_id.clone(),
                customer_id: customer_id.clone(),
                contract_number: contract_number.clone(),
                parent_contract_id: parent_contract_id.clone(),
                currency,
                created_at: instant_in("created_at", created_at)?,
                restatements_in_place: *restatements_in_place,
                restated_in_place: restated_in_place
                    .as_deref()
                    .map(convention_in)
                    .transpose()?,
            })
        }
        FactOut::Version {
            contract_id,
            books_sequence,
            number,
            recorded_at,
            recorded_by,
            change,
            terms,
        } => Fact::Version {
            contract_id: contract_id.clone(),
            stamp: *books_sequence,
            version: Box::new(StoredVersion {
                number: *number,
                change: change_in(change)?,
                terms: terms_in(terms)?,
                recorded_at: instant_in("recorded_at", recorded_at)?,
                recorded_by: recorded_by.clone(),
            }),
        },
        FactOut::Reported {
            contract_id,
            books_sequence,
            recorded_at,
        } => Fact::Reported {
            contract_id: contract_id.clone(),
            stamp: *books_sequence,
            at: instant_in("recorded_at", recorded_at)?,
        },
        FactOut::Invoice(billing) => billing_in(billing, BillingKind::Invoice, currencies)?,
        FactOut::Payment(billing) => billing_in(billing, BillingKind::Payment, currencies)?,
        FactOut::Close {
            sequence,
            through,
            recorded_at,
            actor,
        } => Fact::Period(PeriodEventRecord {
            sequence: *sequence,
            action: PeriodAction::Close {
                through: month_in("through", through)?,
            },
            recorded_at: instant_in("recorded_at", recorded_at)?,
            actor: actor.clone(),
            reason: None,
        }),
        FactOut::Reopen {
            sequence,
            from,
            recorded_at,
            actor,
            reason,
        } => Fact::Period(PeriodEventRecord {
            sequence: *sequence,
            action: PeriodAction::Reopen {
                from: month_in("from", from)?,
            },
            recorded_at: instant_in("recorded_at", recorded_at)?,
            actor: actor.clone(),
            reason: reason.clone(),
        }),
        FactOut::Chart {
            version,
            books_sequence,
            recorded_at,
            actor,
            accounts,
        } => {
            let mut chart = ChartOfAccounts::default();
            for account in accounts {
                let role = AccountRole::parse(&account.role)
                    .ok_or_else(|| format!("accounts: no role `{}`", account.role))?;
                *chart.account_mut(role) = Account::new(&account.code, &account.name);
            }
            Fact::Chart(Box::new(ChartVersion {
                version: *version,
                chart,
                recorded_at: instant_in("recorded_at", recorded_at)?,
                books_sequence: *books_sequence,
                actor: actor.clone(),
            }))
        }
        FactOut::UsageMonth {
            contract_id,
            books_sequence,
            pob_id,
            period,
            quantity,
            amount,
        } => {
            let currency = currencies
                .get(contract_id)
                .copied()
                .ok_or_else(|| format!("contract {contract_id} was not opened before it"))?;
            Fact::UsageMonth {
                contract_id: contract_id.clone(),
                stamp: *books_sequence,
                obligation_id: pob_id.clone(),
                month: MonthUsage {
                    period: month_in("period", period)?,
                    quantity: Quantity::parse(quantity)
                        .map_err(|error| format!("quantity: {error}"))?,
                    amount: money_in("amount", amount, currency)?,
                },
            }
        }
    })
}

fn billing_in(
    billing: &BillingOut,
    kind: BillingKind,
    currencies: &std::collections::BTreeMap<String, Currency>,
) -> Result<Fact, String> {
    let currency = currencies
        .get(&billing.contract_id)
        .copied()
        .ok_or_else(|| format!("contract {} was not opened before it", billing.contract_id))?;
    Ok(Fact::Billing {
        contract_id: billing.contract_id.clone(),
        stamp: billing.books_sequence,
        record: InvoiceRecord {
            kind,
            id: billing.id.clone(),
            number: billing.number.clone(),
            date: date_in("date", &billing.date)?,
            amount: money_in("amount", &billing.amount, currency)?,
            recorded_at: instant_in("recorded_at", &billing.recorded_at)?,
            recorded_by: billing.recorded_by.clone(),
        },
    })
}

fn change_in(change: &ChangeOut) -> Result<VersionChange, String> {
    let effective = || {
        change
            .effective
            .as_deref()
            .ok_or_else(|| "change.effective is missing".to_owned())
            .and_then(|text| date_in("change.effective", text))
    };
    let obligation = || {
        change
            .obligation_id
            .clone()
            .ok_or_else(|| "change.obligation_id is missing".to_owned())
    };
    Ok(match change.kind.as_str() {
        "initial" => VersionChange::Initial,
        "restatement" => VersionChange::Restatement,
        "prospective" => VersionChange::Prospective {
            effective: effective()?,
        },
        "cumulative_catch_up" => VersionChange::CumulativeCatchUp {
            effective: effective()?,
        },
        "termination" => VersionChange::Termination {
            effective: effective()?,
        },
        "fulfillment" => VersionChange::Fulfillment {
            effective: effective()?,
            obligation_id: obligation()?,
        },
        "expected_usage" => VersionChange::ExpectedUsage {
            effective: effective()?,
            obligation_id: obligation()?,
        },
        "progress" => VersionChange::Progress {
            effective: effective()?,
            obligation_id: obligation()?,
            percent: PercentComplete::parse(change.percent_complete.as_deref().unwrap_or(""))
                .map_err(|error| format!("change.percent_complete {error}"))?,
        },
        "estimate" => VersionChange::Estimate {
            effective: effective()?,
            component_id: change
                .component_id
                .clone()
                .ok_or_else(|| "change.component_id is missing".to_owned())?,
        },
        other => return Err(format!("change.kind `{other}` is not a kind of version")),
    })
}

fn terms_in(terms: &TermsOut) -> Result<ContractTerms, String> {
    let currency = currency_in(&terms.currency)?;
    Ok(ContractTerms {
        customer_name: terms.customer_name.clone(),
        currency,
        start_date: date_in("terms.start_date", &terms.start_date)?,
        end_date: date_in("terms.end_date", &terms.end_date)?,
        signed_date: date_in("terms.signed_date", &terms.signed_date)?,
        transaction_price: money_in(
            "terms.transaction_price",
            &terms.transaction_price,
            currency,
        )?,
        convention: convention_in(&terms.convention)?,
        obligations: terms
            .obligations
            .iter()
            .map(|obligation| obligation_in(obligation, currency))
            .collect::<Result<_, _>>()?,
        variable: components_in(&terms.variable_consideration, currency)?,
    })
}

fn obligation_in(
    obligation: &ObligationOut,
    currency: Currency,
) -> Result<ObligationTerms, String> {
    Ok(ObligationTerms {
        id: obligation.id.clone(),
        name: obligation.name.as_str().into(),
        pob_type: PobType::parse(&obligation.pob_type)
            .ok_or_else(|| format!("pob_type `{}` is not a type", obligation.pob_type))?,
        stated_price: obligation
            .stated_price
            .as_ref()
            .map(|price| money_in("stated_price", price, currency))
            .transpose()?,
        ssp: Ssp::parse(&obligation.ssp.0).map_err(|error| format!("ssp {error}"))?,
        pattern: match &obligation.pattern {
            PatternOut::Ratable { start, end } => Pattern::Ratable {
                start: date_in("pattern.start", start)?,
                end: date_in("pattern.end", end)?,
            },
            PatternOut::PointInTime { date } => Pattern::PointInTime {
                date: date_in("pattern.date", date)?,
            },
            PatternOut::AwaitingDelivery => Pattern::AwaitingDelivery,
            PatternOut::Progress => Pattern::Progress,
        },
        consumption: match (&obligation.usage, &obligation.credits) {
            (Some(usage), None) => Some(
                usage
                    .pricing
                    .as_ref()
                    .map(pricing_in)
                    .transpose()
                    .map(Consumption::Usage)?,
            ),
            (None, Some(credits)) => Some(Consumption::Credits(credits_in(credits)?)),
            (None, None) => None,
            (Some(_), Some(_)) => return Err("a line is either usage or credits".to_owned()),
        },
    })
}

fn credits_in(credits: &CreditsFact) -> Result<PrepaidCredits, String> {
    let quantity = |field: &str, text: &str| {
        Quantity::parse(text).map_err(|error| format!("credits.{field}: {error}"))
    };
    Ok(PrepaidCredits {
        credits: quantity("credits", &credits.credits)?,
        expires_on: date_in("credits.expires_on", &credits.expires_on)?,
        expected_usage: quantity("expected_usage", &credits.expected_usage)?,
        breakage: Breakage::parse(&credits.breakage)
            .ok_or_else(|| format!("credits.breakage: unknown `{}`", credits.breakage))?,
    })
}

fn currency_in(text: &str) -> Result<Currency, String> {
    Currency::from_code(text).map_err(|error| format!("currency: {error}"))
}

fn convention_in(text: &str) -> Result<Convention, String> {
    Convention::parse(text).ok_or_else(|| format!("convention `{text}` is not a convention"))
}

fn money_in(field: &str, amount: &FactAmount, currency: Currency) -> Result<i64, String> {
    Money::parse(&amount.0, currency)
        .map(Money::minor)
        .map_err(|error| format!("{field} {error}"))
}

fn date_in(field: &str, text: &str) -> Result<time::Date, String> {
    parse_date(text).map_err(|_| format!("{field} `{text}` is not a date YYYY-MM-DD"))
}

fn month_in(field: &str, text: &str) -> Result<Period, String> {
    Period::parse(text).map_err(|error| format!("{field} {error}"))
}

fn instant_in(field: &str, text: &str) -> Result<i64, String> {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .ok()
        .and_then(|instant| i64::try_from(instant.unix_timestamp_nanos() / 1_000).ok())
        .ok_or_else(|| format!("{field} `{text}` is not an RFC 3339 instant"))
}
