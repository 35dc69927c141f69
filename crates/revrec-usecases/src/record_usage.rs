//! `POST /v1/contracts/{id}/obligations/{pob_id}/usage`, its batch and the bulk upload:
//! usage records (docs/asc606.md §15). A record is a fact of its own, not a version: it is
//! appended to the contract's records, its month's totals are set anew, and the rollup
//! deltas of the revenue it rates are written with it, in one transaction per contract.
//!
//! A record id names one record of an obligation: the same body again is a replay (nothing
//! is written), another body a restatement (the record's next revision, its month's totals
//! moved by the difference). A record of a closed month is taken like any late fact: the
//! month stays as it was closed and the books carry the difference as a correction of the
//! first open month (docs/ledger.md, "Month end"), unless the tenant's posting control
//! asks such a write to say it is a correction.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use revrec_domain::money::amount_limit;
use revrec_domain::usage::{Quantity, UsagePricing};
use revrec_domain::{
    Consumption, ContractUsage, Currency, Field, FieldError, MonthUsage, ObligationTerms, Period,
    PlanHistory, UsageField,
};
use revrec_ports::{
    ContractStatus, ContractWrite, Expected, InvoiceWrite, StoredContract, UsageRecord, UsageWrite,
    VersionWrite,
};
use time::Date;

use crate::error::{UseCaseError, conflict_or_storage};
use crate::history::{current_version, load_contract, replay_on_pool, rollup_deltas};
use crate::posting_control::{PostingGuard, WriteContext, posting_guard};
use crate::services::Services;

/// One record as a caller sends it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageInput {
    pub obligation_id: String,
    pub record_id: String,
    pub occurred_on: Date,
    /// Units used: required on a line with `usage_pricing`, optional on one without.
    pub quantity: Option<Quantity>,
    /// The record's own rated amount in minor units: only on a line without pricing.
    pub amount: Option<i64>,
}

/// What became of a record.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UsageOutcome {
    /// A new record id.
    Recorded,
    /// The body its record id already has: nothing was written.
    Replayed,
    /// Another body under a known record id: its next revision.
    Restated,
}

impl UsageOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            UsageOutcome::Recorded => "recorded",
            UsageOutcome::Replayed => "replayed",
            UsageOutcome::Restated => "restated",
        }
    }
}

/// A record taken, with its obligation-month as it now stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageReceipt {
    pub outcome: UsageOutcome,
    /// The record as stored (for a replay, as it was).
    pub record: UsageRecord,
    pub month: RatedMonth,
}

/// One obligation's month of usage: its totals and what they rate.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RatedMonth {
    pub obligation_id: String,
    pub currency: Currency,
    pub usage: MonthUsage,
    /// The month's revenue: its quantity rated by the line's pricing, plus the amounts
    /// the records carried themselves.
    pub rated_amount: i64,
    /// The line's pricing (none: its records carry their amounts).
    pub pricing: Option<UsagePricing>,
}

/// Records on contract `contract_id` the inputs `read` makes of the request in the
/// contract's currency (its amounts need it): each is answered on its own (a refused one
/// is not stored, the others are), and every record taken is written in one transaction.
///
/// # Errors
/// For the contract as a whole: not found, a draft, its books past their limit, or
/// changed by another write more times than a few retries absorb; or what `read` refused.
pub async fn record_usage<E: From<UseCaseError>>(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    contract_id: &str,
    read: impl FnOnce(Currency) -> Result<Vec<UsageInput>, E>,
) -> Result<Vec<Result<UsageReceipt, UseCaseError>>, E> {
    let mut stored = load_contract(services, tenant_id, contract_id).await?;
    let inputs = read(stored.record.currency)?;
    let guard = posting_guard(services, tenant_id, context).await?;
    let mut attempts = 0;
    loop {
        match write_records(services, context, &stored, guard, &inputs).await {
            Err(UseCaseError::Conflict) if attempts < 4 => attempts += 1,
            other => return Ok(other?),
        }
        stored = load_contract(services, tenant_id, contract_id).await?;
    }
}

/// Records judged and made into a contract write, not yet saved: what an upload gathers
/// for several contracts and saves in one transaction.
pub struct PreparedUsage {
    pub answers: Vec<Result<UsageReceipt, UseCaseError>>,
    /// None when nothing is to be written (every record a replay or refused).
    pub write: Option<ContractWrite>,
}

/// [`record_usage`] without the save: the answers and the write they make, under `guard`
/// (the tenant's posting control, read once for all of an upload's contracts).
///
/// # Errors
/// As [`record_usage`], but a conflict: the save, and its retry, are the caller's.
pub async fn prepare_usage<E: From<UseCaseError>>(
    services: &Services,
    (tenant_id, context, guard): (&str, &WriteContext, PostingGuard),
    contract_id: &str,
    read: impl FnOnce(Currency) -> Result<Vec<UsageInput>, E>,
) -> Result<PreparedUsage, E> {
    let stored = load_contract(services, tenant_id, contract_id).await?;
    let inputs = read(stored.record.currency)?;
    Ok(prepare_records(services, context, &stored, guard, &inputs).await?)
}

/// Saves the writes of several [`prepare_usage`] calls in one transaction: all or none.
///
/// # Errors
/// `Conflict` when any of the contracts changed since it was read; the books' limit.
pub async fn save_prepared(
    services: &Services,
    writes: Vec<ContractWrite>,
) -> Result<(), UseCaseError> {
    if writes.is_empty() {
        return Ok(());
    }
    services
        .contracts
        .save_all(writes)
        .await
        .map_err(conflict_or_storage)
}

/// What one request's records do to the contract's usage, before it is written.
struct Pending<'a> {
    stored: &'a StoredContract,
    usage: ContractUsage,
    /// Records taken by this request, by (obligation, record id): a later input under the
    /// same id is judged against them.
    taken: BTreeMap<(String, String), UsageRecord>,
    changed_months: BTreeMap<(String, Period), MonthUsage>,
    records: Vec<UsageRecord>,
}

async fn write_records(
    services: &Services,
    context: &WriteContext,
    stored: &Arc<StoredContract>,
    guard: PostingGuard,
    inputs: &[UsageInput],
) -> Result<Vec<Result<UsageReceipt, UseCaseError>>, UseCaseError> {
    let prepared = prepare_records(services, context, stored, guard, inputs).await?;
    if let Some(write) = prepared.write {
        services
            .contracts
            .save(write)
            .await
            .map_err(conflict_or_storage)?;
    }
    Ok(prepared.answers)
}

async fn prepare_records(
    services: &Services,
    context: &WriteContext,
    stored: &Arc<StoredContract>,
    guard: PostingGuard,
    inputs: &[UsageInput],
) -> Result<PreparedUsage, UseCaseError> {
    if stored.record.status == ContractStatus::Draft {
        return Err(UseCaseError::InvalidTransition {
            status: stored.record.status,
            action: "sent usage (a draft is not in the books yet: activate it first)",
        });
    }
    let terms = &current_version(stored)?.terms;
    let known = known_records(services, stored, inputs).await?;
    let recorded_at = services.clock.now_micros();
    let mut pending = Pending {
        stored,
        usage: stored.usage.clone(),
        taken: BTreeMap::new(),
        changed_months: BTreeMap::new(),
        records: Vec::new(),
    };
    let mut answers = Vec::with_capacity(inputs.len());
    for input in inputs {
        let answer = terms
            .obligations
            .iter()
            .find(|obligation| obligation.id.as_deref() == Some(input.obligation_id.as_str()))
            .ok_or_else(|| UseCaseError::ObligationNotFound {
                contract_id: stored.record.id.clone(),
                id: input.obligation_id.clone(),
            })
            .and_then(|obligation| {
                let pricing = check_record(stored, obligation, input)?;
                guard.admit(Period::of(input.occurred_on))?;
                pending.take(input, pricing, &known, (recorded_at, &context.actor))
            });
        answers.push(answer);
    }
    let credits = credits_lines(&terms.obligations);
    let on_credits = answers.iter().any(|answer| {
        answer
            .as_ref()
            .is_ok_and(|receipt| credits.contains(receipt.month.obligation_id.as_str()))
    });
    if pending.records.is_empty() {
        if on_credits {
            let history = replay_on_pool(services, stored).await?;
            credits_earned(&history, &credits, &mut answers);
        }
        return Ok(PreparedUsage {
            answers,
            write: None,
        });
    }
    let currency = stored.record.currency;
    let before = replay_on_pool(services, stored).await?;
    let after = before.clone().with_usage(&pending.usage);
    if on_credits {
        credits_earned(&after, &credits, &mut answers);
    }
    let rollup = rollup_deltas(currency, Some(&before), Some(&after))?;
    let mut record = stored.record.clone();
    record.total_value = after.current().transaction_price();
    record.updated_at = recorded_at;
    let write = ContractWrite {
        record,
        expected: Some(Expected {
            version: stored.record.version,
            status: stored.record.status,
            revision: stored.revision,
        }),
        version: VersionWrite::Unchanged,
        invoices: InvoiceWrite::Unchanged,
        usage: UsageWrite {
            records: pending.records,
            months: pending
                .changed_months
                .into_iter()
                .map(|((obligation_id, _), month)| (obligation_id, month))
                .collect(),
        },
        rollup,
    };
    Ok(PreparedUsage {
        answers,
        write: Some(write),
    })
}

/// The ids of the credits lines among `obligations`.
fn credits_lines(obligations: &[ObligationTerms]) -> BTreeSet<&str> {
    obligations
        .iter()
        .filter(|obligation| matches!(obligation.consumption, Some(Consumption::Credits(_))))
        .filter_map(|obligation| obligation.id.as_deref())
        .collect()
}

/// A credits line's month is what the line recognizes in it (docs/asc606.md §15): what
/// the credits used through it earn, less what they had earned before, and in the month
/// the credits expire the rest of the line's allocation.
fn credits_earned(
    history: &PlanHistory,
    credits: &BTreeSet<&str>,
    answers: &mut [Result<UsageReceipt, UseCaseError>],
) {
    for receipt in answers.iter_mut().flatten() {
        if credits.contains(receipt.month.obligation_id.as_str()) {
            receipt.month.rated_amount = month_revenue(
                history,
                &receipt.month.obligation_id,
                receipt.month.usage.period,
            );
        }
    }
}

/// What obligation `obligation_id` recognizes in `period` under `history`'s current plan.
fn month_revenue(history: &PlanHistory, obligation_id: &str, period: Period) -> i64 {
    history
        .current()
        .obligations()
        .iter()
        .find(|obligation| obligation.id.as_deref() == Some(obligation_id))
        .map_or(0, |obligation| {
            obligation.recognized_through(period.last_day())
                - obligation.recognized_through(period.previous().last_day())
        })
}

/// The latest revision of every record id `inputs` name that the contract already has.
async fn known_records(
    services: &Services,
    stored: &StoredContract,
    inputs: &[UsageInput],
) -> Result<BTreeMap<(String, String), UsageRecord>, UseCaseError> {
    let keys: Vec<(String, String)> = inputs
        .iter()
        .map(|input| (input.obligation_id.clone(), input.record_id.clone()))
        .collect();
    let found = services
        .contracts
        .usage_records_named(&stored.record.tenant_id, &stored.record.id, &keys)
        .await?;
    Ok(found
        .into_iter()
        .map(|record| {
            (
                (record.obligation_id.clone(), record.record_id.clone()),
                record,
            )
        })
        .collect())
}

/// The record against its line: a usage or credits line, a day it is in service (for
/// credits, by the day they expire), and the figures its pricing needs. Its pricing, when
/// it has one.
fn check_record<'a>(
    stored: &StoredContract,
    obligation: &'a ObligationTerms,
    input: &UsageInput,
) -> Result<Option<&'a UsagePricing>, UseCaseError> {
    let (pricing, expiry) = match &obligation.consumption {
        Some(Consumption::Usage(pricing)) => (pricing, None),
        Some(Consumption::Credits(credits)) => (&None, Some(credits.expires_on)),
        None => {
            return Err(UseCaseError::invalid(FieldError::new(
                Field::ObligationId,
                format!(
                    "`{}` is a {} line recognized by its own pattern; usage is recorded only on lines with recognition `usage` or `credits`",
                    input.obligation_id, obligation.pob_type
                ),
            )));
        }
    };
    let first = obligation
        .pattern
        .first_day()
        .unwrap_or(stored.record.start_date);
    let last = obligation
        .pattern
        .last_day()
        .unwrap_or(stored.record.end_date)
        .min(stored.record.terminated_on.unwrap_or(Date::MAX))
        .min(expiry.unwrap_or(Date::MAX));
    if input.occurred_on < first || input.occurred_on > last {
        let why = if stored
            .record
            .terminated_on
            .is_some_and(|day| input.occurred_on > day)
        {
            "the contract was terminated on"
        } else if expiry.is_some_and(|day| input.occurred_on > day) {
            "the credits can be used (they expire on the last)"
        } else {
            "the line is in service"
        };
        return Err(UseCaseError::invalid(FieldError::new(
            Field::Usage(UsageField::OccurredOn),
            format!(
                "{} is outside the days {why} ({first} to {last})",
                input.occurred_on
            ),
        )));
    }
    let limit = amount_limit(stored.record.currency);
    if expiry.is_some() {
        return match (input.quantity, input.amount) {
            (None, _) => Err(usage_field(
                UsageField::Quantity,
                "is required: the credits used",
            )),
            (Some(_), Some(_)) => Err(usage_field(
                UsageField::Amount,
                "does not apply to a credits line: its revenue follows the credits used; send the quantity alone",
            )),
            (Some(_), None) => Ok(None),
        };
    }
    match (pricing, input.quantity, input.amount) {
        (Some(_), None, _) => Err(usage_field(
            UsageField::Quantity,
            "is required: the line is rated by its usage_pricing",
        )),
        (Some(_), Some(_), Some(_)) => Err(usage_field(
            UsageField::Amount,
            "does not apply: the line is rated by its usage_pricing; send the quantity alone",
        )),
        (None, _, None) => Err(usage_field(
            UsageField::Amount,
            "is required: the line has no usage_pricing, so each record carries its rated amount",
        )),
        (_, _, Some(amount)) if amount < 0 => Err(usage_field(
            UsageField::Amount,
            "must not be negative; restate the record (the same record_id) to lower it",
        )),
        (_, _, Some(amount)) if amount >= limit => Err(usage_field(
            UsageField::Amount,
            "must be below 1000000000000",
        )),
        _ => Ok(pricing.as_ref()),
    }
}

fn usage_field(field: UsageField, message: &str) -> UseCaseError {
    UseCaseError::invalid(FieldError::new(Field::Usage(field), message))
}

impl Pending<'_> {
    /// Judges `input` against what its record id already holds and, unless it is a
    /// replay, moves its month's totals.
    fn take(
        &mut self,
        input: &UsageInput,
        pricing: Option<&UsagePricing>,
        known: &BTreeMap<(String, String), UsageRecord>,
        (recorded_at, actor): (i64, &str),
    ) -> Result<UsageReceipt, UseCaseError> {
        let key = (input.obligation_id.clone(), input.record_id.clone());
        let previous = self.taken.get(&key).or_else(|| known.get(&key)).cloned();
        let same_body = |record: &UsageRecord| {
            record.occurred_on == input.occurred_on
                && record.quantity == input.quantity
                && record.amount == input.amount
        };
        let (outcome, record) = match previous {
            Some(record) if same_body(&record) => (UsageOutcome::Replayed, record),
            Some(record) => {
                let (was, now) = (
                    Period::of(record.occurred_on),
                    Period::of(input.occurred_on),
                );
                if was != now {
                    return Err(usage_field(
                        UsageField::OccurredOn,
                        &format!(
                            "restates record `{}` of {was} into {now}; a restatement keeps the record's month (restate it to zero and record the usage of {now} under a new record_id)",
                            input.record_id
                        ),
                    ));
                }
                let restated = self.record(input, record.revision + 1, (recorded_at, actor));
                self.move_month(input, Some(&record), &restated)?;
                (UsageOutcome::Restated, restated)
            }
            None => {
                let recorded = self.record(input, 1, (recorded_at, actor));
                self.move_month(input, None, &recorded)?;
                (UsageOutcome::Recorded, recorded)
            }
        };
        if outcome != UsageOutcome::Replayed {
            self.taken.insert(key, record.clone());
            self.records.push(record.clone());
        }
        let usage = self.month(&input.obligation_id, Period::of(input.occurred_on));
        let currency = self.stored.record.currency;
        Ok(UsageReceipt {
            outcome,
            record,
            month: RatedMonth::new(input.obligation_id.clone(), currency, usage, pricing),
        })
    }

    fn record(&self, input: &UsageInput, revision: u32, (at, actor): (i64, &str)) -> UsageRecord {
        UsageRecord {
            obligation_id: input.obligation_id.clone(),
            record_id: input.record_id.clone(),
            revision,
            occurred_on: input.occurred_on,
            quantity: input.quantity,
            amount: input.amount,
            recorded_at: at,
            recorded_by: actor.to_owned(),
        }
    }

    /// The obligation's month as it stands with what this request took.
    fn month(&self, obligation_id: &str, period: Period) -> MonthUsage {
        month_of(&self.usage, obligation_id, period)
    }

    /// The month's totals without `old` (the revision it replaces) and with `new`.
    fn move_month(
        &mut self,
        input: &UsageInput,
        old: Option<&UsageRecord>,
        new: &UsageRecord,
    ) -> Result<(), UseCaseError> {
        let period = Period::of(new.occurred_on);
        let mut month = self.month(&input.obligation_id, period);
        let too_large = || {
            usage_field(
                UsageField::Quantity,
                "takes the month's usage past what one obligation-month may hold",
            )
        };
        if let Some(old) = old {
            month.quantity = month
                .quantity
                .checked_sub(old.quantity.unwrap_or_default())
                .ok_or_else(|| UseCaseError::Corrupt("a month below its records".into()))?;
            month.amount -= old.amount.unwrap_or(0);
        }
        month.quantity = month
            .quantity
            .checked_add(new.quantity.unwrap_or_default())
            .ok_or_else(too_large)?;
        let limit = amount_limit(self.stored.record.currency);
        month.amount = month
            .amount
            .checked_add(new.amount.unwrap_or(0))
            .filter(|amount| *amount < limit)
            .ok_or_else(|| {
                usage_field(
                    UsageField::Amount,
                    "takes the month's amounts to 1000000000000 or more",
                )
            })?;
        let months = self.usage.entry(input.obligation_id.clone()).or_default();
        match months.binary_search_by_key(&period, |month| month.period) {
            Ok(at) => months[at] = month,
            Err(at) => months.insert(at, month),
        }
        self.changed_months
            .insert((input.obligation_id.clone(), period), month);
        Ok(())
    }
}

impl RatedMonth {
    pub fn new(
        obligation_id: String,
        currency: Currency,
        usage: MonthUsage,
        pricing: Option<&UsagePricing>,
    ) -> RatedMonth {
        let rated = pricing.map_or(0, |pricing| {
            pricing.rate_month(usage.quantity, currency.exponent())
        });
        RatedMonth {
            obligation_id,
            currency,
            rated_amount: rated.saturating_add(usage.amount),
            usage,
            pricing: pricing.cloned(),
        }
    }
}

/// One obligation's records of `period`, with the month they add up to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UsageMonthView {
    pub month: RatedMonth,
    pub records: Vec<UsageRecord>,
}

/// `GET /v1/contracts/{id}/obligations/{pob_id}/usage?period=`: the latest revision of
/// each of the month's records, by day then id, and the month they rate.
///
/// # Errors
/// `ContractNotFound`, `ObligationNotFound`, or a line that is not a usage line.
pub async fn usage_month(
    services: &Services,
    tenant_id: &str,
    contract_id: &str,
    obligation_id: &str,
    period: Period,
) -> Result<UsageMonthView, UseCaseError> {
    let stored = load_contract(services, tenant_id, contract_id).await?;
    let terms = &current_version(&stored)?.terms;
    let obligation = terms
        .obligations
        .iter()
        .find(|obligation| obligation.id.as_deref() == Some(obligation_id))
        .ok_or_else(|| UseCaseError::ObligationNotFound {
            contract_id: contract_id.to_owned(),
            id: obligation_id.to_owned(),
        })?;
    let pricing = match &obligation.consumption {
        Some(Consumption::Usage(pricing)) => pricing.as_ref(),
        Some(Consumption::Credits(_)) => None,
        None => {
            return Err(UseCaseError::invalid(FieldError::new(
                Field::ObligationId,
                format!(
                    "`{obligation_id}` is not a usage or credits line: it has no usage records"
                ),
            )));
        }
    };
    let records = services
        .contracts
        .usage_records(tenant_id, contract_id, obligation_id, period)
        .await?;
    let usage = month_of(&stored.usage, obligation_id, period);
    let mut month = RatedMonth::new(
        obligation_id.to_owned(),
        stored.record.currency,
        usage,
        pricing,
    );
    if matches!(obligation.consumption, Some(Consumption::Credits(_))) {
        let history = replay_on_pool(services, &stored).await?;
        month.rated_amount = month_revenue(&history, obligation_id, period);
    }
    Ok(UsageMonthView { month, records })
}

/// One obligation's month of `usage` (nothing used when it has no records).
fn month_of(usage: &ContractUsage, obligation_id: &str, period: Period) -> MonthUsage {
    usage
        .get(obligation_id)
        .and_then(|months| months.iter().find(|month| month.period == period))
        .copied()
        .unwrap_or(MonthUsage {
            period,
            quantity: Quantity::ZERO,
            amount: 0,
        })
}
