//! Events that satisfy obligations, and a contract's versions with what each changed.

use revrec_domain::{Currency, PercentComplete, PlanHistory};
use revrec_ports::StoredVersion;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::dates::{format_date, format_timestamp};
use crate::wire::problems::Problems;

/// Body of `POST /v1/contracts/{id}/obligations/{pob_id}/fulfillments`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FulfillmentInput {
    /// The day the obligation was delivered, `YYYY-MM-DD`: its whole allocation is revenue
    /// of that day's month.
    #[schema(format = Date, example = "2026-03-15")]
    pub date: String,
    /// Optional; when sent it must be 100. A point-in-time obligation is satisfied whole:
    /// one satisfied over time is sent with `"recognition": "progress"`.
    pub percent_complete: Option<DecimalInput>,
}

/// Body of `POST /v1/contracts/{id}/obligations/{pob_id}/progress`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgressInput {
    /// The day the measure was taken, `YYYY-MM-DD`; its month carries the change.
    #[schema(format = Date, example = "2026-02-28")]
    pub as_of: String,
    /// Cumulative percent complete, 0 to 100 with up to 4 decimals (hours spent over hours
    /// expected, milestones reached …). A lower figure than the last is a change in estimate
    /// booked in this month.
    pub percent_complete: DecimalInput,
}

/// Reads a percent field, reporting a problem under `field` when it is not one.
pub fn percent(
    problems: &mut Problems,
    field: &str,
    text: &DecimalInput,
) -> Option<PercentComplete> {
    match PercentComplete::parse(&text.0) {
        Ok(percent) => Some(percent),
        Err(error) => {
            problems.push(field, error.to_string());
            None
        }
    }
}

/// One obligation whose allocated price a version changed.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Reallocation {
    pub pob_id: String,
    /// The price before the version (0 for an obligation it added).
    pub allocated_before: Amount,
    pub allocated_after: Amount,
}

/// One version of a contract and its effect.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractVersion {
    pub version: u32,
    /// `initial`, `prospective`, `cumulative_catch_up`, `termination`, `fulfillment`,
    /// `progress`, `estimate` (a change in a variable component's estimate, booked as a
    /// cumulative catch-up), `expected_usage` (a credits line's expected usage revised, the
    /// same way) or `restatement` (a recalculation job's change of policy: every earlier
    /// version computed under its convention from then on; they read back as recorded).
    pub change: String,
    /// The first day under the version (none for the initial one and for a restatement,
    /// which reaches back to the start).
    #[schema(format = Date)]
    pub effective_date: Option<String>,
    #[schema(format = DateTime)]
    pub recorded_at: String,
    /// Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `cli`,
    /// `console:<email>`, or for a restatement the job's requester; `unknown` for versions
    /// recorded before actors were kept. Never a secret.
    #[schema(example = "key:key_01h8")]
    pub recorded_by: String,
    pub transaction_price: Amount,
    /// Revenue of the days before `effective_date` that the new terms say was earned, less
    /// what had been: booked in the effective month. Non-zero only for a cumulative
    /// catch-up.
    pub catch_up: Amount,
    /// What an event recognized on its date (a fulfillment: the whole allocation; a progress
    /// report: the change of cumulative revenue, negative for a lowered estimate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recognized: Option<Amount>,
    /// The obligation an event satisfied, or whose expected usage a revision revised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pob_id: Option<String>,
    /// A progress report's cumulative percent complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent_complete: Option<Amount>,
    /// The variable component an estimate reassessed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component_id: Option<String>,
    /// Obligations whose allocation the version changed (a prospective change re-allocates
    /// what remains; a termination leaves each what it earned).
    pub reallocations: Vec<Reallocation>,
}

impl ContractVersion {
    /// `version`'s entry, from the plans of versions 1 through it (at least).
    pub fn of(
        version: &StoredVersion,
        history: &PlanHistory,
        currency: Currency,
    ) -> Option<ContractVersion> {
        let change = &version.change;
        let effect = revrec_usecases::get_contract::effect_of(history, version.number, change)?;
        let plan = history.recorded(version.number)?;
        let money = |minor| Amount::minor(minor, currency);
        Some(ContractVersion {
            version: version.number,
            change: change.name().to_owned(),
            effective_date: effect.effective.map(format_date),
            recorded_at: format_timestamp(version.recorded_at),
            recorded_by: version.recorded_by.clone(),
            transaction_price: money(effect.transaction_price_after),
            catch_up: money(if change.is_event() {
                0
            } else {
                effect.catch_up
            }),
            recognized: change
                .is_event()
                .then(|| money(effect.recognized_on_effective_day)),
            pob_id: change.obligation_id().map(str::to_owned),
            percent_complete: match change {
                revrec_ports::VersionChange::Progress { percent, .. } => {
                    Some(Amount(percent.to_string()))
                }
                _ => None,
            },
            component_id: change.component_id().map(str::to_owned),
            reallocations: effect
                .reallocations
                .iter()
                .map(|moved| Reallocation {
                    pob_id: plan
                        .obligations()
                        .get(moved.index)
                        .and_then(|obligation| obligation.id.clone())
                        .unwrap_or_default(),
                    allocated_before: money(moved.before),
                    allocated_after: money(moved.after),
                })
                .collect(),
        })
    }
}

/// `GET /v1/contracts/{id}/versions`: every version, first to current.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractVersionList {
    pub contract_id: String,
    pub currency: String,
    pub data: Vec<ContractVersion>,
}
