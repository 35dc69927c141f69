//! Variable consideration on the wire (docs/asc606.md §15): the components a contract is
//! sent with, their echo with the estimate computed, and a change in estimate (a
//! component's, or a credits line's expected usage).

use revrec_domain::usage::Quantity;
use revrec_domain::{
    ComponentDraft, ContractTerms, Currency, ExpectedUsageChange, Field, Period, Probability,
    Scenario, ScopeDraft, VariableComponent, VariableField, VariableScope, text,
};
use revrec_usecases::record_estimate::Reestimate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::amount::{Amount, DecimalInput};
use crate::wire::problems::Problems;

/// A component of the price that depends on what happens (ASC 606-10-32-5..14).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableComponentInput {
    /// Unique within the contract; estimates name it.
    #[schema(max_length = 200, example = "uptime_bonus")]
    pub id: String,
    /// `bonus` adds to the price; `penalty`, `rebate` and `price_concession` are given as
    /// negative amounts; `other` either way.
    #[schema(value_type = VariableKindName)]
    pub kind: String,
    /// How the estimate is computed from `scenarios` (32-8).
    #[schema(value_type = EstimateMethodName)]
    pub method: String,
    /// The outcomes and their probabilities (exact decimals summing to 1); the estimate is
    /// computed exactly and echoed.
    pub scenarios: Option<Vec<ScenarioInput>>,
    /// The constrained amount in the transaction price (32-11): never above the estimate.
    pub included_amount: DecimalInput,
    /// Default: with the fixed price, by relative SSP over every obligation.
    pub allocation: Option<ComponentAllocationInput>,
    /// Why the constraint includes what it does: the preparer's judgement, for the auditor.
    #[schema(max_length = 1000)]
    pub rationale: Option<String>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioInput {
    pub amount: DecimalInput,
    /// A decimal from 0 to 1 with at most 6 places.
    pub probability: DecimalInput,
}

/// Where a component's amount goes (ASC 606-10-32-39..41).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ComponentAllocationInput {
    /// `obligations`: wholly to the lines named, by relative SSP among them; `period`: to
    /// one month of one ratable obligation.
    #[schema(value_type = ComponentScopeName)]
    pub scope: String,
    /// `obligations`: the request's line ids or names.
    pub line_ids: Option<Vec<String>>,
    /// `obligations`: obligation ids (`pob_…`), as on `PUT`.
    pub obligation_ids: Option<Vec<String>>,
    /// `period`: the obligation, by line id, name or obligation id.
    pub obligation_id: Option<String>,
    /// `period`: the month, `YYYY-MM`.
    #[schema(example = "2026-03", pattern = "^[0-9]{4}-[0-9]{2}$")]
    pub period: Option<String>,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum VariableKindName {
    Bonus,
    Penalty,
    Rebate,
    PriceConcession,
    Other,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum EstimateMethodName {
    ExpectedValue,
    MostLikelyAmount,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum ComponentScopeName {
    Obligations,
    Period,
}

/// The components of a request as drafts, with placeholders for what could not be read
/// (named in `unread`, so the domain judges no placeholder).
pub fn to_components(
    items: &[VariableComponentInput],
    currency: Option<Currency>,
    problems: &mut Problems,
    unread: &mut Vec<Field>,
) -> Vec<ComponentDraft> {
    items
        .iter()
        .enumerate()
        .map(|(index, item)| to_component(index, item, currency, problems, unread))
        .collect()
}

fn to_component(
    index: usize,
    item: &VariableComponentInput,
    currency: Option<Currency>,
    problems: &mut Problems,
    unread: &mut Vec<Field>,
) -> ComponentDraft {
    let path = |field: &str| format!("variable_consideration[{index}].{field}");
    let mut unreadable = |field: VariableField| unread.push(Field::Variable { index, field });
    problems.text(path("id"), &item.id, text::NAME);
    if let Some(rationale) = &item.rationale {
        problems.text(path("rationale"), rationale, text::REOPEN_REASON);
    }
    let included_amount = match currency {
        Some(currency) => problems.money(path("included_amount"), &item.included_amount, currency),
        None => None,
    };
    if included_amount.is_none() {
        unreadable(VariableField::IncludedAmount);
    }
    let scenarios = item.scenarios.as_ref().and_then(|scenarios| {
        let read = read_scenarios(scenarios, &path("scenarios"), currency, problems);
        if read.is_none() {
            unreadable(VariableField::Scenarios);
        }
        read
    });
    let scope = match &item.allocation {
        None => ScopeDraft::AllObligations,
        Some(allocation) => {
            to_scope(allocation, &path("allocation"), problems).unwrap_or_else(|| {
                unreadable(VariableField::Allocation);
                ScopeDraft::AllObligations
            })
        }
    };
    ComponentDraft {
        id: item.id.clone(),
        kind: item.kind.clone(),
        method: item.method.clone(),
        scenarios,
        included_amount: included_amount.unwrap_or(0),
        scope,
        rationale: item
            .rationale
            .clone()
            .filter(|text| !text.trim().is_empty()),
    }
}

fn to_scope(
    allocation: &ComponentAllocationInput,
    path: &str,
    problems: &mut Problems,
) -> Option<ScopeDraft> {
    let given = |name: &str, present: bool| present.then(|| name.to_owned());
    match allocation.scope.as_str() {
        "obligations" => {
            let stray: Vec<String> = [
                given("obligation_id", allocation.obligation_id.is_some()),
                given("period", allocation.period.is_some()),
            ]
            .into_iter()
            .flatten()
            .collect();
            if !stray.is_empty() {
                problems.push(
                    path,
                    format!("`{}` belongs to the `period` scope", stray.join("`, `")),
                );
                return None;
            }
            match (&allocation.line_ids, &allocation.obligation_ids) {
                (Some(names), None) | (None, Some(names)) => {
                    Some(ScopeDraft::Obligations(names.clone()))
                }
                _ => {
                    problems.push(
                        path,
                        "the `obligations` scope names its lines by `line_ids` or by `obligation_ids` (one of them)",
                    );
                    None
                }
            }
        }
        "period" => {
            if allocation.line_ids.is_some() || allocation.obligation_ids.is_some() {
                problems.push(
                    path,
                    "`line_ids` and `obligation_ids` belong to the `obligations` scope",
                );
                return None;
            }
            let (Some(obligation), Some(period)) = (&allocation.obligation_id, &allocation.period)
            else {
                problems.push(
                    path,
                    "the `period` scope names `obligation_id` and `period` (YYYY-MM)",
                );
                return None;
            };
            match Period::parse(period) {
                Ok(period) => Some(ScopeDraft::Period {
                    obligation: obligation.clone(),
                    period,
                }),
                Err(error) => {
                    problems.push(format!("{path}.period"), error.to_string());
                    None
                }
            }
        }
        other => {
            problems.push(
                format!("{path}.scope"),
                format!("unknown scope `{other}`; allowed: obligations, period"),
            );
            None
        }
    }
}

/// A component as the contract holds it, with its estimate.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct VariableComponentOut {
    pub id: String,
    #[schema(value_type = VariableKindName)]
    pub kind: &'static str,
    #[schema(value_type = EstimateMethodName)]
    pub method: &'static str,
    pub scenarios: Vec<ScenarioOut>,
    /// The estimate of `scenarios` by `method`, exact: the currency's decimals and six more
    /// (an expected value is a whole number of millionths of a minor unit). Absent without
    /// scenarios.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, example = "24000.00000000")]
    pub estimate: Option<String>,
    /// The constrained amount in the transaction price.
    pub included_amount: Amount,
    pub allocation: ComponentAllocationOut,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rationale: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ScenarioOut {
    pub amount: Amount,
    /// Exact, six places.
    #[schema(example = "0.700000")]
    pub probability: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ComponentAllocationOut {
    /// `all`, `obligations` or `period`.
    #[schema(example = "all")]
    pub scope: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub obligation_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub obligation_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
}

/// The components of `terms`, obligations named by their ids.
pub fn components_out(terms: &ContractTerms) -> Vec<VariableComponentOut> {
    let currency = terms.currency;
    let id_of = |index: usize| {
        terms
            .obligations
            .get(index)
            .and_then(|obligation| obligation.id.clone())
            .unwrap_or_default()
    };
    terms
        .variable
        .iter()
        .map(|component| component_out(component, currency, &id_of))
        .collect()
}

fn component_out(
    component: &VariableComponent,
    currency: Currency,
    id_of: &dyn Fn(usize) -> String,
) -> VariableComponentOut {
    let allocation = match &component.scope {
        VariableScope::AllObligations => ComponentAllocationOut {
            scope: "all",
            obligation_ids: Vec::new(),
            obligation_id: None,
            period: None,
        },
        VariableScope::Obligations(indexes) => ComponentAllocationOut {
            scope: "obligations",
            obligation_ids: indexes.iter().map(|index| id_of(*index)).collect(),
            obligation_id: None,
            period: None,
        },
        VariableScope::Period { obligation, period } => ComponentAllocationOut {
            scope: "period",
            obligation_ids: Vec::new(),
            obligation_id: Some(id_of(*obligation)),
            period: Some(period.to_string()),
        },
    };
    VariableComponentOut {
        id: component.id.clone(),
        kind: component.kind.as_str(),
        method: component.method.as_str(),
        scenarios: component
            .scenarios
            .iter()
            .map(|scenario| ScenarioOut {
                amount: Amount::minor(scenario.amount, currency),
                probability: probability_text(scenario.probability),
            })
            .collect(),
        estimate: component
            .estimate()
            .map(|estimate| estimate.text(currency.exponent())),
        included_amount: Amount::minor(component.included_amount, currency),
        allocation,
        rationale: component.rationale.clone(),
    }
}

fn probability_text(probability: Probability) -> String {
    let millionths = probability.millionths();
    format!("{}.{:06}", millionths / 1_000_000, millionths % 1_000_000)
}

/// Body of `POST /v1/contracts/{id}/estimates`: a variable component's new estimate
/// (`component_id` with `included_amount`), or a prepaid credits line's new expected usage
/// (`obligation_id` with `expected_usage`).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EstimateInput {
    /// The day the new estimate takes effect, in an open month: its month carries the
    /// cumulative catch-up.
    #[schema(format = Date, example = "2026-07-01")]
    pub as_of: String,
    /// The component's `id` (a component's estimate).
    #[schema(example = "uptime_bonus")]
    pub component_id: Option<String>,
    /// The new constrained amount in the transaction price (never above the estimate); with
    /// `component_id`.
    pub included_amount: Option<DecimalInput>,
    /// New scenarios; default the component's own.
    pub scenarios: Option<Vec<ScenarioInput>>,
    /// When sent, the component's own method (a change of method is refused).
    #[schema(value_type = Option<EstimateMethodName>)]
    pub method: Option<String>,
    /// A prepaid credits line's obligation id (`pob_…`): its expected usage is revised.
    #[schema(example = "pob_01h8")]
    pub obligation_id: Option<String>,
    /// The credits the customer is now expected to use (at most the line's credits); with
    /// `obligation_id`.
    pub expected_usage: Option<DecimalInput>,
}

/// The change `input` asks for, in `currency`, or every problem of reading it.
pub fn to_estimate_change(
    input: &EstimateInput,
    currency: Currency,
    problems: &mut Problems,
) -> Option<(time::Date, Reestimate)> {
    let as_of = problems.date("as_of", &input.as_of);
    let change = match (&input.component_id, &input.obligation_id) {
        (Some(component_id), None) => component_change(input, component_id, currency, problems),
        (None, Some(obligation_id)) => expected_usage_change(input, obligation_id, problems),
        (Some(_), Some(_)) => {
            problems.push(
                "obligation_id",
                "send either component_id (a component's estimate) or obligation_id (a credits line's expected usage), not both",
            );
            None
        }
        (None, None) => {
            problems.push(
                "component_id",
                "is required: the component to re-estimate (or obligation_id, a credits line whose expected usage is revised)",
            );
            None
        }
    };
    if !problems.is_empty() {
        return None;
    }
    Some((as_of?, change?))
}

fn component_change(
    input: &EstimateInput,
    component_id: &str,
    currency: Currency,
    problems: &mut Problems,
) -> Option<Reestimate> {
    if input.expected_usage.is_some() {
        problems.push(
            "expected_usage",
            "belongs to a credits line's revision (with obligation_id), not to a component's estimate",
        );
    }
    let included = match &input.included_amount {
        Some(amount) => problems.money("included_amount", amount, currency),
        None => {
            problems.push(
                "included_amount",
                "is required with component_id: the new constrained amount",
            );
            None
        }
    };
    let method = match input.method.as_deref() {
        None => None,
        Some(text) => {
            let method = revrec_domain::EstimateMethod::parse(text);
            if method.is_none() {
                problems.push(
                    "method",
                    format!("unknown method `{text}`; allowed: expected_value, most_likely_amount"),
                );
            }
            method
        }
    };
    let scenarios = input
        .scenarios
        .as_ref()
        .map(|scenarios| read_scenarios(scenarios, "scenarios", Some(currency), problems));
    Some(Reestimate::Component(revrec_domain::EstimateChange {
        component_id: component_id.to_owned(),
        method,
        scenarios: scenarios.flatten(),
        included_amount: included?,
    }))
}

fn expected_usage_change(
    input: &EstimateInput,
    obligation_id: &str,
    problems: &mut Problems,
) -> Option<Reestimate> {
    for (field, sent) in [
        ("included_amount", input.included_amount.is_some()),
        ("scenarios", input.scenarios.is_some()),
        ("method", input.method.is_some()),
    ] {
        if sent {
            problems.push(
                field,
                "belongs to a component's estimate (with component_id), not to a credits line's revision",
            );
        }
    }
    let expected_usage = match &input.expected_usage {
        Some(text) => match Quantity::parse(&text.0) {
            Ok(quantity) => Some(quantity),
            Err(error) => {
                problems.push("expected_usage", error.to_string());
                None
            }
        },
        None => {
            problems.push(
                "expected_usage",
                "is required with obligation_id: the credits now expected to be used",
            );
            None
        }
    };
    Some(Reestimate::ExpectedUsage(ExpectedUsageChange {
        obligation_id: obligation_id.to_owned(),
        expected_usage: expected_usage?,
    }))
}

/// Every scenario read (each problem reported), or `None` if any could not be.
fn read_scenarios(
    items: &[ScenarioInput],
    path: &str,
    currency: Option<Currency>,
    problems: &mut Problems,
) -> Option<Vec<Scenario>> {
    let read: Vec<Option<Scenario>> = items
        .iter()
        .enumerate()
        .map(|(number, scenario)| {
            let at = |field: &str| format!("{path}[{number}].{field}");
            let amount = currency
                .and_then(|currency| problems.money(at("amount"), &scenario.amount, currency));
            let probability = match Probability::parse(&scenario.probability.0) {
                Ok(probability) => Some(probability),
                Err(error) => {
                    problems.push(at("probability"), error.to_string());
                    None
                }
            };
            Some(Scenario {
                amount: amount?,
                probability: probability?,
            })
        })
        .collect();
    read.into_iter().collect()
}
