//! Ingest a contract: validate, break into obligations, allocate, schedule and store, with
//! its rollup contribution, in one transaction.

use revrec_domain::{
    ContractDraft, Field, FieldError, Invoice, LineField, PlanHistory, ValidationErrors,
};
use revrec_ports::{
    ContractRecord, ContractStatus, ContractWrite, InvoiceWrite, StoredVersion, VersionChange,
    VersionWrite,
};

use crate::contract_view::ContractView;
use crate::error::{UseCaseError, conflict_or_storage};
use crate::history::{assign_obligation_ids, billing_of, customer_id_for, rollup_deltas};
use crate::offload::offload_sized;
use crate::posting_control::{WriteContext, admit_write, posting_guard};
use crate::record_invoice::scheduled_invoices;
use crate::services::Services;

/// A contract as submitted, with the fields that are not terms.
#[derive(Clone, Debug)]
pub struct NewContract {
    pub draft: ContractDraft,
    pub customer_id: Option<String>,
    pub contract_number: Option<String>,
    /// Keep it a draft (an unsigned quote) instead of activating it.
    pub as_draft: bool,
    /// Set when this contract is the separate part of a modification of another.
    pub parent_contract_id: Option<String>,
    /// Invoices that bill it (none: billed at its start).
    pub billing_schedule: Vec<Invoice>,
}

pub async fn ingest_contract(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    input: NewContract,
) -> Result<ContractView, UseCaseError> {
    if !input.as_draft {
        admit_write(services, tenant_id, context, first_posting(&input)).await?;
    }
    let (work_services, tenant) = (services.clone(), tenant_id.to_owned());
    let actor = context.actor.clone();
    let size = size_of(&input);
    let (write, view) = offload_sized(services, size, move || {
        prepare(&work_services, (&tenant, &actor), input)
    })
    .await??;
    services
        .contracts
        .save(write)
        .await
        .map_err(conflict_or_storage)?;
    Ok(view)
}

/// Ingests several contracts at once, each with its own outcome, in request order. The
/// valid ones are written in one transaction (multi-row statements, their rollup deltas
/// summed first), which is what makes a batch of a hundred contracts cheaper than a hundred
/// writes; should that transaction fail, each is written on its own, so one contract's
/// failure never becomes another's.
pub async fn ingest_contracts(
    services: &Services,
    tenant_id: &str,
    context: &WriteContext,
    inputs: Vec<NewContract>,
) -> Vec<Result<ContractView, UseCaseError>> {
    let (work_services, tenant) = (services.clone(), tenant_id.to_owned());
    let actor = context.actor.clone();
    let count = inputs.len();
    let guard = match posting_guard(services, tenant_id, context).await {
        Ok(guard) => guard,
        // The control could not be read: no contract is taken unchecked.
        Err(error) => {
            let message = error.to_string();
            return (0..count)
                .map(|_| {
                    Err(UseCaseError::Storage(
                        revrec_ports::RepositoryError::Unavailable(message.clone().into()),
                    ))
                })
                .collect();
        }
    };
    let size = inputs.iter().map(size_of).sum();
    let prepared: Vec<Result<(ContractWrite, ContractView), UseCaseError>> =
        match offload_sized(services, size, move || {
            inputs
                .into_iter()
                .map(|input| {
                    if !input.as_draft {
                        guard.admit(first_posting(&input))?;
                    }
                    prepare(&work_services, (&tenant, &actor), input)
                })
                .collect()
        })
        .await
        {
            Ok(prepared) => prepared,
            Err(_) => return (0..count).map(|_| Err(UseCaseError::Interrupted)).collect(),
        };
    let writes: Vec<ContractWrite> = prepared
        .iter()
        .filter_map(|outcome| outcome.as_ref().ok().map(|(write, _)| write.clone()))
        .collect();
    if writes.is_empty() || services.contracts.save_all(writes).await.is_ok() {
        return prepared
            .into_iter()
            .map(|outcome| outcome.map(|(_, view)| view))
            .collect();
    }
    let mut outcomes = Vec::with_capacity(prepared.len());
    for outcome in prepared {
        outcomes.push(match outcome {
            Ok((write, view)) => services
                .contracts
                .save(write)
                .await
                .map(|()| view)
                .map_err(conflict_or_storage),
            Err(error) => Err(error),
        });
    }
    outcomes
}

/// The first month a submitted contract posts to: its start, or its signing or first
/// invoice when earlier (what the posting control checks).
fn first_posting(input: &NewContract) -> revrec_domain::Period {
    let draft = &input.draft;
    let first_invoice = input
        .billing_schedule
        .iter()
        .map(|invoice| invoice.date)
        .min();
    let earliest = [Some(draft.start_date), draft.signed_date, first_invoice]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(draft.start_date);
    revrec_domain::Period::of(earliest)
}

/// The obligation-months a submitted contract asks for (what decides where it is computed).
fn size_of(input: &NewContract) -> u64 {
    crate::limits::size_of(
        Some(input.draft.start_date),
        Some(input.draft.end_date),
        input.draft.lines.len(),
    )
}

/// Validation, obligation ids, allocation, schedule and rollup contribution: everything but
/// the write.
fn prepare(
    services: &Services,
    (tenant_id, actor): (&str, &str),
    input: NewContract,
) -> Result<(ContractWrite, ContractView), UseCaseError> {
    let ids_given: Vec<FieldError> = input
        .draft
        .lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.id.is_some())
        .map(|(index, _)| {
            FieldError::new(
                Field::Line { index, field: LineField::Id },
                "a new contract's obligations get their ids from the service; ids are for amendments",
            )
        })
        .collect();
    if !ids_given.is_empty() {
        return Err(UseCaseError::Invalid(ValidationErrors(ids_given)));
    }
    let mut terms = input
        .draft
        .validate_within(&services.policy.limits.contract)?;
    assign_obligation_ids(&mut terms, None, services.ids.as_ref())?;
    let now = services.clock.now_micros();
    let invoices = scheduled_invoices(
        &terms,
        &[],
        input.billing_schedule,
        services.ids.as_ref(),
        (now, actor),
    )?;
    let history = PlanHistory::new(&terms)
        .map_err(|error| {
            UseCaseError::invalid(FieldError::new(Field::LineItems, error.to_string()))
        })?
        .with_billing(billing_of(&invoices));

    let status = if input.as_draft {
        ContractStatus::Draft
    } else {
        ContractStatus::Active
    };
    let record = ContractRecord {
        tenant_id: tenant_id.to_owned(),
        id: services.ids.new_id("ctr_"),
        customer_id: input
            .customer_id
            .unwrap_or_else(|| customer_id_for(tenant_id, &terms.customer_name)),
        customer_name: terms.customer_name.clone(),
        contract_number: input.contract_number,
        currency: terms.currency,
        status,
        version: 1,
        start_date: terms.start_date,
        end_date: terms.end_date,
        total_value: terms.transaction_price,
        terminated_on: None,
        parent_contract_id: input.parent_contract_id,
        restatements: 0,
        restated_convention: None,
        created_at: now,
        updated_at: now,
    };
    let version = StoredVersion {
        number: 1,
        change: VersionChange::Initial,
        terms,
        recorded_at: now,
        recorded_by: actor.to_owned(),
    };
    let reported = status.is_reported().then_some(&history);
    let write = ContractWrite {
        record: record.clone(),
        expected: None,
        version: VersionWrite::Append(version.clone()),
        invoices: if invoices.is_empty() {
            InvoiceWrite::Unchanged
        } else {
            InvoiceWrite::Add(invoices)
        },
        usage: revrec_ports::UsageWrite::default(),
        rollup: rollup_deltas(record.currency, None, reported)?,
    };
    Ok((
        write,
        ContractView {
            record,
            version,
            history,
        },
    ))
}
