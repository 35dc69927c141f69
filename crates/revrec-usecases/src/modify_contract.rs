//! `PUT /contracts/{id}`: replace a draft's terms, or modify an active contract with an
//! effective date and an ASC 606-10-25-12/13 treatment, making a new version.

use revrec_domain::{
    Amendment, ContractDraft, ContractPlan, ContractTerms, Convention, Field, FieldError, Invoice,
    LineField, Pattern, PlanHistory, PobType, ValidationErrors,
};
use revrec_ports::{
    ContractRecord, ContractStatus, InvoiceWrite, StoredContract, StoredVersion, VersionChange,
    VersionWrite,
};
use time::Date;

use crate::contract_view::ContractView;
use crate::error::UseCaseError;
use crate::history::{
    NewVersion, append_version, assign_obligation_ids, billing_of, customer_id_for, load_contract,
    replay_on_pool, save_change,
};
use crate::ingest_contract::{NewContract, ingest_contract};
use crate::posting_control::{WriteContext, admit_write};
use crate::record_invoice::{billing_with, scheduled_invoices};
use crate::services::Services;
use revrec_domain::Period;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Treatment {
    Prospective,
    CumulativeCatchUp,
    SeparateContract,
}

impl Treatment {
    pub const ALL: [Treatment; 3] = [
        Treatment::Prospective,
        Treatment::CumulativeCatchUp,
        Treatment::SeparateContract,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Treatment::Prospective => "prospective",
            Treatment::CumulativeCatchUp => "cumulative_catch_up",
            Treatment::SeparateContract => "separate_contract",
        }
    }

    pub fn parse(text: &str) -> Option<Treatment> {
        Treatment::ALL
            .into_iter()
            .find(|treatment| treatment.as_str() == text)
    }
}

#[derive(Clone, Debug)]
pub struct ContractModification {
    /// The complete new terms (for `separate_contract`: the terms of the added goods).
    pub draft: ContractDraft,
    pub customer_id: Option<String>,
    pub contract_number: Option<String>,
    pub effective_date: Option<Date>,
    pub treatment: Option<Treatment>,
    /// Whether the request named a `recognition_convention`: an active contract keeps its
    /// own when none is named (the draft then holds a default that is not the caller's).
    pub convention_given: bool,
    /// Invoices: a draft's replace its schedule; an active contract's are added (an entry
    /// whose number the contract has is that invoice again). `None` leaves billing as is.
    pub billing_schedule: Option<Vec<Invoice>>,
}

#[derive(Clone, Debug)]
pub enum ModificationOutcome {
    /// A draft's terms were replaced (still version 1).
    DraftReplaced(ContractView),
    /// An active contract has a new version.
    Amended(ContractView),
    /// The added goods became a contract of their own; the original is untouched.
    SeparateContract(ContractView),
}

pub async fn modify_contract(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    id: &str,
    change: ContractModification,
) -> Result<ModificationOutcome, UseCaseError> {
    let stored = load_contract(services, tenant_id, id).await?;
    let before = replay_on_pool(services, &stored).await?;
    let record = &stored.record;
    match record.status {
        ContractStatus::Terminated => Err(UseCaseError::InvalidTransition {
            status: record.status,
            action: "modified",
        }),
        ContractStatus::Draft => {
            for (given, field) in [
                (change.effective_date.is_some(), Field::EffectiveDate),
                (change.treatment.is_some(), Field::Treatment),
            ] {
                if given {
                    return Err(UseCaseError::invalid(FieldError::new(
                        field,
                        "applies to active contracts; a draft's terms are simply replaced",
                    )));
                }
            }
            let mut terms = change
                .draft
                .validate_within(&services.policy.limits.contract)?;
            assign_obligation_ids(&mut terms, Some(before.current()), services.ids.as_ref())?;
            let now = services.clock.now_micros();
            let (invoices, billing) = match change.billing_schedule.clone() {
                Some(schedule) => {
                    let replaced = scheduled_invoices(
                        &terms,
                        &[],
                        schedule,
                        services.ids.as_ref(),
                        (now, &context.actor),
                    )?;
                    let billing = billing_of(&replaced);
                    (InvoiceWrite::Replace(replaced), billing)
                }
                None => (InvoiceWrite::Unchanged, billing_of(&stored.invoices)),
            };
            let history = PlanHistory::new(&terms)
                .map_err(|error| {
                    UseCaseError::invalid(FieldError::new(Field::LineItems, error.to_string()))
                })?
                .with_billing(billing);
            let mut next = changed_record(tenant_id, record, &change, &terms, now);
            next.currency = terms.currency;
            next.start_date = terms.start_date;
            next.total_value = terms.transaction_price;
            let version = StoredVersion {
                number: 1,
                change: VersionChange::Initial,
                terms,
                recorded_at: now,
                recorded_by: context.actor.clone(),
            };
            save_change(
                services,
                &stored,
                next.clone(),
                VersionWrite::ReplaceCurrent(version.clone()),
                invoices,
                Vec::new(),
            )
            .await?;
            Ok(ModificationOutcome::DraftReplaced(ContractView {
                record: next,
                version,
                history,
            }))
        }
        ContractStatus::Active => {
            let effective = change.effective_date.ok_or_else(|| {
                UseCaseError::invalid(FieldError::new(
                    Field::EffectiveDate,
                    "is required to modify an active contract (the first day under the new terms)",
                ))
            })?;
            admit_write(services, tenant_id, context, Period::of(effective)).await?;
            let treatment = change.treatment.unwrap_or(Treatment::Prospective);
            if treatment == Treatment::SeparateContract {
                let view = ingest_contract(
                    services,
                    tenant_id,
                    context,
                    NewContract {
                        draft: change.draft,
                        customer_id: Some(
                            change
                                .customer_id
                                .unwrap_or_else(|| record.customer_id.clone()),
                        ),
                        contract_number: change.contract_number,
                        as_draft: false,
                        parent_contract_id: Some(record.id.clone()),
                        billing_schedule: change.billing_schedule.unwrap_or_default(),
                    },
                )
                .await?;
                return Ok(ModificationOutcome::SeparateContract(view));
            }
            let mut draft = change.draft.clone();
            draft.convention = kept_convention(&stored, &change)?;
            keep_named_obligations(before.current(), &mut draft)?;
            keep_event_patterns(before.current(), &mut draft);
            let mut terms = draft.validate_within(&services.policy.limits.contract)?;
            assign_obligation_ids(&mut terms, Some(before.current()), services.ids.as_ref())?;
            // The version is recorded under the contract's own convention, but a restated
            // contract's versions are all computed under the restated one (`replay`): so
            // is this amendment, or its rollup deltas would differ from its replay.
            let mut computed = terms.clone();
            if let Some(restated) = record.restated_convention {
                computed.convention = restated;
            }
            let (amendment, version_change) = match treatment {
                Treatment::CumulativeCatchUp => (
                    Amendment::CumulativeCatchUp {
                        effective,
                        terms: computed,
                    },
                    VersionChange::CumulativeCatchUp { effective },
                ),
                Treatment::Prospective | Treatment::SeparateContract => (
                    Amendment::Prospective {
                        effective,
                        terms: computed,
                    },
                    VersionChange::Prospective { effective },
                ),
            };
            let now = services.clock.now_micros();
            let added = match change.billing_schedule.clone() {
                Some(schedule) => scheduled_invoices(
                    &terms,
                    &stored.invoices,
                    schedule,
                    services.ids.as_ref(),
                    (now, &context.actor),
                )?,
                None => Vec::new(),
            };
            let after = before
                .amend(&amendment)
                .map_err(|error| {
                    UseCaseError::invalid(FieldError::new(error.field(), error.to_string()))
                })?
                .with_billing(billing_with(&stored.invoices, &added));
            let new = NewVersion {
                record: changed_record(tenant_id, record, &change, &terms, now),
                change: version_change,
                terms,
                invoices: if added.is_empty() {
                    InvoiceWrite::Unchanged
                } else {
                    InvoiceWrite::Add(added)
                },
                recorded_at: now,
                recorded_by: context.actor.clone(),
            };
            let view = append_version(services, &stored, (&before, after), new).await?;
            Ok(ModificationOutcome::Amended(view))
        }
    }
}

/// An amendment changes only the obligations it names. Every obligation in force must be
/// named by its `id` in `line_items`; one is dropped only with `"removed": true` (those
/// lines are taken out of the draft here). A contract of one subscription line (the
/// one-line form, `total_value` alone) may leave `line_items` out: its one obligation goes on.
fn keep_named_obligations(
    plan: &ContractPlan,
    draft: &mut ContractDraft,
) -> Result<(), UseCaseError> {
    let obligations_in_force: Vec<_> = plan
        .obligations()
        .iter()
        .filter(|obligation| obligation.in_force)
        .collect();
    let in_force: Vec<&str> = obligations_in_force
        .iter()
        .filter_map(|obligation| obligation.id.as_deref())
        .collect();
    let mut errors = Vec::new();
    let mut removed = Vec::new();
    for (index, line) in draft
        .lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.removed)
    {
        match line.id.as_deref() {
            Some(id) if in_force.contains(&id) => removed.push(id.to_owned()),
            Some(id) => errors.push(FieldError::new(
                Field::Line {
                    index,
                    field: LineField::Id,
                },
                format!("`{id}` is not an obligation in force on this contract"),
            )),
            None => errors.push(FieldError::new(
                Field::Line {
                    index,
                    field: LineField::Removed,
                },
                "needs the `id` of the obligation it drops",
            )),
        }
    }
    if !errors.is_empty() {
        return Err(UseCaseError::Invalid(ValidationErrors(errors)));
    }
    let listed = !draft.lines.is_empty();
    draft.lines.retain(|line| !line.removed);
    if listed && draft.lines.is_empty() {
        return Err(UseCaseError::invalid(FieldError::new(
            Field::LineItems,
            "must keep at least one obligation; to end them all, terminate the contract",
        )));
    }
    let one_line = matches!(
        obligations_in_force.as_slice(),
        [only] if only.pob_type == PobType::Subscription
            && *only.name == *PobType::Subscription.as_str()
    );
    if !listed && one_line {
        return Ok(());
    }
    let missing: Vec<&str> = in_force
        .iter()
        .copied()
        .filter(|id| {
            !removed.iter().any(|gone| gone == id)
                && !draft
                    .lines
                    .iter()
                    .any(|line| line.id.as_deref() == Some(*id))
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(UseCaseError::invalid(FieldError::new(
            Field::LineItems,
            format!(
                "must name every obligation in force by its `id` (missing: {}); keep each with its id, or drop it with \"removed\": true",
                missing.join(", ")
            ),
        )))
    }
}

/// A line that continues an obligation satisfied by events, and says nothing of how it is
/// recognized, keeps what the events made of it: still awaiting delivery, delivered on the
/// day a fulfillment named, or measured by progress (an omitted `delivery_date` would
/// otherwise mean the contract's start, and move an undelivered setup fee's revenue).
fn keep_event_patterns(plan: &ContractPlan, draft: &mut ContractDraft) {
    for line in &mut draft.lines {
        let silent = line.recognition.is_none()
            && line.delivery_date.is_none()
            && !line.awaiting_delivery
            && line.service_start.is_none()
            && line.service_end.is_none();
        let Some(id) = line.id.as_deref().filter(|_| silent) else {
            continue;
        };
        let Some(obligation) = plan
            .obligations()
            .iter()
            .find(|obligation| obligation.in_force && obligation.id.as_deref() == Some(id))
        else {
            continue;
        };
        match (obligation.pattern, obligation.fulfilled_on) {
            (Pattern::AwaitingDelivery, _) => line.awaiting_delivery = true,
            (Pattern::Progress, _) => line.recognition = Some("progress".to_owned()),
            (_, Some(delivered)) => line.delivery_date = Some(delivered),
            _ => {}
        }
    }
}

/// The convention an amendment's terms are recorded under: the contract's own. A different
/// one named in the request is refused: a change of policy restates every contract
/// (`POST /v1/jobs/recalculate-waterfall`), it is not a modification of one.
fn kept_convention(
    stored: &StoredContract,
    change: &ContractModification,
) -> Result<Convention, UseCaseError> {
    let recorded = stored
        .versions
        .last()
        .map(|version| version.terms.convention)
        .ok_or_else(|| {
            UseCaseError::Corrupt(format!("contract {} has no versions", stored.record.id))
        })?;
    // Under a restatement the contract's figures follow the restated convention.
    let in_effect = stored.record.restated_convention.unwrap_or(recorded);
    let asked = change.draft.convention;
    if change.convention_given && asked != in_effect && asked != recorded {
        return Err(UseCaseError::invalid(FieldError::new(
            Field::RecognitionConvention,
            format!(
                "is `{}` for this contract and a modification cannot change it; leave it out, or restate every contract under a new policy with POST /v1/jobs/recalculate-waterfall",
                in_effect.as_str()
            ),
        )));
    }
    Ok(recorded)
}

/// The record after a change of terms: customer, contract number, end date and time; the
/// caller sets what differs between a draft's replacement and an amendment.
fn changed_record(
    tenant_id: &str,
    record: &ContractRecord,
    change: &ContractModification,
    terms: &ContractTerms,
    now: i64,
) -> ContractRecord {
    let mut next = record.clone();
    next.customer_id = customer_for(tenant_id, record, change, &terms.customer_name);
    next.customer_name.clone_from(&terms.customer_name);
    next.contract_number = change
        .contract_number
        .clone()
        .or_else(|| record.contract_number.clone());
    next.end_date = terms.end_date;
    next.updated_at = now;
    next
}

/// The customer id after a change: the one given, else the current one while the name is
/// the same customer, else the id of the new name.
fn customer_for(
    tenant_id: &str,
    current: &ContractRecord,
    change: &ContractModification,
    new_name: &str,
) -> String {
    if let Some(id) = &change.customer_id {
        return id.clone();
    }
    if current.customer_name.trim().to_lowercase() == new_name.trim().to_lowercase() {
        current.customer_id.clone()
    } else {
        customer_id_for(tenant_id, new_name)
    }
}
