//! Explain (`docs/asc606.md` §14): every cent of one contract's month traced, obligation by
//! obligation: the allocation of the transaction price, the version and terms in force,
//! the convention's formula with its numbers, the corrections of closed months, and the
//! journal lines. Each obligation's parts sum exactly to its cell of the contract's
//! by-obligation waterfall, because both are read from the same books.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::usage::{Quantity, UsagePricing};
use revrec_domain::variable::allocate_price;
use revrec_domain::{
    AllocationStep, CreditsThrough, CumulativeThrough, Currency, JournalEntry, ObligationPlan,
    Period, PeriodAction, PlanHistory, PobType, PriceChange, Ssp, allocation_steps, obligation_key,
};
use revrec_domain::{
    Consumption, ContractTerms, Estimate, MonthUsage, VariableComponent, VariableScope,
};
use revrec_ports::{PeriodEventRecord, StoredContract, StoredVersion, WorkRefusal};

use crate::as_of::{AsOf, contract_in_books};
use crate::books::{ContractBooks, DetailKey, contract_books};
use crate::error::UseCaseError;
use crate::history::replay_on_pool;
use crate::ledger::{chart_of_accounts, contract_month_entries};
use crate::services::Services;

/// One contract's month, explained.
#[derive(Clone, Debug)]
pub struct ContractExplanation {
    pub contract_id: String,
    pub currency: Currency,
    pub period: Period,
    /// Whether the month is closed: its figures are those it froze, explained by the
    /// contract as the close saw it.
    pub closed: bool,
    /// The versions known (at `as_of` when given), first first.
    pub versions: Vec<StoredVersion>,
    /// The version the month's figures are computed under, as the books show it (the
    /// latest known then, for a closed month).
    pub version: u32,
    /// The transaction price of those terms.
    pub transaction_price: i64,
    /// How the transaction price was split by relative standalone selling price, when the
    /// obligations' prices in force are that split (none when a prospective change
    /// re-allocated only what remained: each obligation's price history says it then).
    pub allocation: Option<Vec<AllocationStep>>,
    /// What `allocation` splits: the transaction price less what variable components
    /// allocate to some obligations or to one month (docs/asc606.md §15).
    pub split_price: i64,
    /// The variable components of the version in force, each with what it allocated to
    /// which obligation.
    pub variable: Vec<ComponentExplanation>,
    pub obligations: Vec<ObligationExplanation>,
    /// The contract's journal entries for the month, as the journal reports them.
    pub journal: Vec<JournalEntry>,
}

/// One obligation's month.
#[derive(Clone, Debug)]
pub struct ObligationExplanation {
    pub id: Option<String>,
    pub name: String,
    pub pob_type: PobType,
    pub ssp: Ssp,
    /// Its price in force, and every change of it.
    pub allocated: i64,
    pub price_changes: Vec<PriceChange>,
    /// Revenue through the last day of the month before, and through the month's last day,
    /// each with its formula; none when the obligation is not in the terms the month shows
    /// (one a later change removed, which only corrections still name).
    pub through_previous: Option<CumulativeThrough>,
    pub through_end: Option<CumulativeThrough>,
    /// The month's own revenue: `through_end − through_previous`.
    pub recognized: i64,
    /// What the month books for each closed month it corrects.
    pub corrections: Vec<CorrectionPart>,
    /// Everything the month reports for the obligation: `recognized` plus the corrections,
    /// its cell of the by-obligation waterfall.
    pub reported: i64,
    /// A usage line's month as it was rated (docs/asc606.md §15): its usage and pricing.
    pub rating: Option<(MonthUsage, Option<UsagePricing>)>,
    /// A prepaid credits line's revenue through the month before and through the month, and
    /// what each is computed from (docs/asc606.md §15).
    pub credits: Option<(CreditsThrough, CreditsThrough)>,
}

impl ObligationExplanation {
    /// The obligation's terms, with nothing yet explained of its month.
    fn of(obligation: &ObligationPlan) -> ObligationExplanation {
        ObligationExplanation {
            id: obligation.id.clone(),
            name: obligation.name.to_string(),
            pob_type: obligation.pob_type,
            ssp: obligation.ssp,
            allocated: obligation.allocated(),
            price_changes: obligation.price_changes().to_vec(),
            through_previous: None,
            through_end: None,
            recognized: 0,
            corrections: Vec::new(),
            reported: 0,
            rating: None,
            credits: None,
        }
    }
}

/// The correction of one closed month, booked in the month explained.
#[derive(Clone, Copy, Debug)]
pub struct CorrectionPart {
    pub corrects: Period,
    /// The corrected month's revenue as restated (the terms the month explained shows).
    pub restated: i64,
    /// What the books had reported for it before: its frozen figure and any correction of
    /// it booked earlier.
    pub reported_before: i64,
    /// `restated − reported_before`.
    pub amount: i64,
}

/// A variable component and its allocation (docs/asc606.md §15).
#[derive(Clone, Debug)]
pub struct ComponentExplanation {
    pub component: VariableComponent,
    /// Its estimate, when it has scenarios.
    pub estimate: Option<Estimate>,
    /// What it allocated to each obligation of the terms (by id), zero shares left out; none
    /// for a component of every obligation, which is part of the split of the price.
    pub shares: Vec<(Option<String>, i64)>,
}

/// Every cent of contract `id`'s `period`, as the books report it (at `as_of` when given).
pub async fn explain_contract(
    services: &Services,
    tenant_id: &str,
    id: &str,
    period: Period,
    as_of: Option<AsOf>,
) -> Result<ContractExplanation, UseCaseError> {
    let (stored, events) = contract_in_books(services, tenant_id, id, as_of).await?;
    let size = explain_work(&stored, &events);
    let limit = services.policy.limits.read_obligation_months;
    if size > limit {
        return Err(WorkRefusal::TooMuch { limit, value: size }.into());
    }
    services.work.charge(size).await?;
    let _turn = if size > crate::offload::INLINE_OBLIGATION_MONTHS {
        Some(services.heavy_reads.turn(tenant_id).await?)
    } else {
        None
    };
    let history = replay_on_pool(services, &stored).await?;
    let chart = chart_of_accounts(services, tenant_id, period, as_of).await?;
    let tenant = tenant_id.to_owned();
    let shared = Arc::clone(&stored);
    crate::offload::offload_sized(services, size, move || {
        let books = contract_books(&shared, &history, &events)?;
        let journal = contract_month_entries(
            &shared,
            &history,
            books.detail.as_ref(),
            &chart,
            &tenant,
            period,
        )?;
        explain(&shared, &history, &books, period, journal)
    })
    .await?
}

/// What explaining a month of `stored` replays, in obligation-months: its versions once as
/// they stand, and once more as each close saw them (at most once a version).
fn explain_work(stored: &StoredContract, events: &[PeriodEventRecord]) -> u64 {
    let closes = events
        .iter()
        .filter(|event| matches!(event.action, PeriodAction::Close { .. }))
        .count();
    let states = u64::try_from(closes.min(stored.versions.len())).unwrap_or(u64::MAX);
    crate::history::replay_size(stored).saturating_mul(states.saturating_add(1))
}

fn explain(
    stored: &StoredContract,
    history: &PlanHistory,
    books: &ContractBooks,
    period: Period,
    journal: Vec<JournalEntry>,
) -> Result<ContractExplanation, UseCaseError> {
    let closed = books
        .booked
        .closed_through
        .is_some_and(|closed| period <= closed);
    // The contract as the books show the month: as the close that froze it saw it, or as
    // it stands.
    let state = match &books.detail {
        Some(detail) => detail.state_of(period, history),
        None => Some(history),
    };
    // Each obligation's reported month and its corrections, by obligation key.
    let mut booked: BTreeMap<String, (i64, Vec<(Period, i64)>)> = BTreeMap::new();
    if let Some(detail) = &books.detail {
        for (key, months) in &detail.reported {
            let DetailKey::Obligation(key) = key else {
                continue;
            };
            if let Some(month) = months.iter().find(|month| month.period == period) {
                let corrections = month
                    .corrections
                    .iter()
                    .map(|correction| (correction.corrects, correction.amount.recognized))
                    .collect();
                booked.insert(key.clone(), (month.amount.recognized, corrections));
            }
        }
    }
    let mut obligations = Vec::new();
    if let Some(state) = state {
        let plan = state.current();
        let schedule = plan.schedule();
        for (index, obligation) in plan.obligations().iter().enumerate() {
            let key = obligation_key(obligation);
            let (through_previous, through_end) = (
                obligation.cumulative_through(period.previous().last_day()),
                obligation.cumulative_through(period.last_day()),
            );
            let recognized = through_end.cumulative - through_previous.cumulative;
            let month_revenue = |month: Period| {
                schedule
                    .periods()
                    .position(|held| held == month)
                    .and_then(|at| schedule.revenue(index).get(at).copied())
                    .unwrap_or(0)
            };
            let (reported, corrections) = match booked.remove(&key) {
                Some((reported, corrections)) => (
                    reported,
                    corrections
                        .into_iter()
                        .map(|(corrects, amount)| {
                            let restated = month_revenue(corrects);
                            CorrectionPart {
                                corrects,
                                restated,
                                reported_before: restated - amount,
                                amount,
                            }
                        })
                        .collect(),
                ),
                None => (recognized, Vec::new()),
            };
            let rating = match &obligation.consumption {
                Some(Consumption::Usage(pricing)) => Some((
                    obligation.usage_in(period).unwrap_or(MonthUsage {
                        period,
                        quantity: Quantity::ZERO,
                        amount: 0,
                    }),
                    pricing.clone(),
                )),
                _ => None,
            };
            let credits = obligation
                .credits_through(period.previous().last_day())
                .zip(obligation.credits_through(period.last_day()));
            obligations.push(ObligationExplanation {
                through_previous: Some(through_previous),
                through_end: Some(through_end),
                recognized,
                corrections,
                reported,
                rating,
                credits,
                ..ObligationExplanation::of(obligation)
            });
        }
    }
    // Obligations only closed months still hold (a later change removed them): their
    // corrections are all the month has of them.
    for (key, (reported, corrections)) in booked {
        let known = history
            .versions()
            .iter()
            .flat_map(|plan| plan.obligations())
            .find(|obligation| obligation_key(obligation) == key);
        let Some(obligation) = known else { continue };
        obligations.push(ObligationExplanation {
            corrections: corrections
                .into_iter()
                .map(|(corrects, amount)| CorrectionPart {
                    corrects,
                    restated: 0,
                    reported_before: -amount,
                    amount,
                })
                .collect(),
            reported,
            ..ObligationExplanation::of(obligation)
        });
    }
    let plan = state.map_or_else(|| history.current(), PlanHistory::current);
    let version = state.map_or(history.versions().len(), |state| state.versions().len());
    let variable = version
        .checked_sub(1)
        .and_then(|index| stored.versions.get(index))
        .map(|version| explain_components(&version.terms))
        .unwrap_or_default();
    // What the components allocate outside the relative-SSP split of the whole, by obligation.
    let mut scoped: BTreeMap<Option<String>, i64> = BTreeMap::new();
    for explained in &variable {
        if explained.component.scope != VariableScope::AllObligations {
            for (id, share) in &explained.shares {
                *scoped.entry(id.clone()).or_default() += share;
            }
        }
    }
    let split_price = plan.transaction_price() - scoped.values().sum::<i64>();
    Ok(ContractExplanation {
        contract_id: stored.record.id.clone(),
        currency: stored.record.currency,
        period,
        closed,
        versions: stored.versions.clone(),
        version: u32::try_from(version).unwrap_or(u32::MAX),
        transaction_price: plan.transaction_price(),
        allocation: relative_ssp_split(split_price, plan.obligations(), &scoped),
        split_price,
        variable,
        obligations,
        journal,
    })
}

/// Each component of `terms` with its shares, as the plan allocated them.
fn explain_components(terms: &ContractTerms) -> Vec<ComponentExplanation> {
    let weights: Vec<u128> = terms
        .obligations
        .iter()
        .map(|obligation| u128::try_from(obligation.ssp.micros()).unwrap_or(0))
        .collect();
    terms
        .variable
        .iter()
        .map(|component| {
            // A component for every obligation is part of the one relative-SSP split of the
            // price (`allocation`): it has no shares of its own.
            let shares = if component.scope == VariableScope::AllObligations {
                Vec::new()
            } else {
                allocate_price(
                    0,
                    &weights,
                    &[(component.included_amount, component.scope.clone())],
                )
                .map(|price| price.totals())
                .unwrap_or_default()
            };
            ComponentExplanation {
                component: component.clone(),
                estimate: component.estimate(),
                shares: terms
                    .obligations
                    .iter()
                    .zip(shares)
                    .filter(|(_, share)| *share != 0)
                    .map(|(obligation, share)| (obligation.id.clone(), share))
                    .collect(),
            }
        })
        .collect()
}

/// The relative-SSP split of `price` over the obligations in force, when their prices are
/// exactly that split plus what components scoped to them (`scoped`, by id) gave them.
fn relative_ssp_split(
    price: i64,
    obligations: &[ObligationPlan],
    scoped: &BTreeMap<Option<String>, i64>,
) -> Option<Vec<AllocationStep>> {
    let in_force: Vec<&ObligationPlan> = obligations.iter().filter(|o| o.in_force).collect();
    if in_force.len() != obligations.len() {
        return None;
    }
    let weights: Vec<u128> = in_force
        .iter()
        .map(|obligation| u128::try_from(obligation.ssp.micros()).unwrap_or(0))
        .collect();
    let steps = allocation_steps(price, &weights).ok()?;
    let reproduced = steps.iter().zip(&in_force).all(|(step, obligation)| {
        step.share + scoped.get(&obligation.id).copied().unwrap_or(0) == obligation.allocated()
    });
    reproduced.then_some(steps)
}
