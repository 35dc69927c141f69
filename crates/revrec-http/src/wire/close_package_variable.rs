//! A version's variable components as a close package's fact holds them, and read back for
//! a replay (docs/ledger.md, "The close package"): every figure exact, obligations by their
//! position in the version's `obligations`.

use revrec_domain::{
    Currency, EstimateMethod, Money, Period, Probability, Scenario, VariableComponent,
    VariableKind, VariableScope, format_minor,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ComponentFact {
    pub id: String,
    pub kind: String,
    pub method: String,
    /// `[amount, probability]` pairs; the probability in millionths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<(String, i64)>,
    pub included_amount: String,
    /// `all`, `obligations` or `period`.
    pub scope: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obligations: Vec<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rationale: Option<String>,
}

pub fn components_fact(components: &[VariableComponent], currency: Currency) -> Vec<ComponentFact> {
    let money = |minor| format_minor(minor, currency.exponent());
    components
        .iter()
        .map(|component| {
            let (scope, obligations, period) = match &component.scope {
                VariableScope::AllObligations => ("all", Vec::new(), None),
                VariableScope::Obligations(indexes) => ("obligations", indexes.clone(), None),
                VariableScope::Period { obligation, period } => {
                    ("period", vec![*obligation], Some(period.to_string()))
                }
            };
            ComponentFact {
                id: component.id.clone(),
                kind: component.kind.as_str().to_owned(),
                method: component.method.as_str().to_owned(),
                scenarios: component
                    .scenarios
                    .iter()
                    .map(|scenario| (money(scenario.amount), scenario.probability.millionths()))
                    .collect(),
                included_amount: money(component.included_amount),
                scope: scope.to_owned(),
                obligations,
                period,
                rationale: component.rationale.clone(),
            }
        })
        .collect()
}

pub fn components_in(
    facts: &[ComponentFact],
    currency: Currency,
) -> Result<Vec<VariableComponent>, String> {
    let money = |field: &str, text: &str| {
        Money::parse(text, currency)
            .map(Money::minor)
            .map_err(|error| format!("variable_consideration {field} {error}"))
    };
    facts
        .iter()
        .map(|fact| {
            let scope = match (
                fact.scope.as_str(),
                fact.obligations.as_slice(),
                &fact.period,
            ) {
                ("all", [], None) => VariableScope::AllObligations,
                ("obligations", indexes, None) if !indexes.is_empty() => {
                    VariableScope::Obligations(indexes.to_vec())
                }
                ("period", [obligation], Some(period)) => VariableScope::Period {
                    obligation: *obligation,
                    period: Period::parse(period)
                        .map_err(|error| format!("variable_consideration period {error}"))?,
                },
                (other, ..) => {
                    return Err(format!(
                        "variable_consideration scope `{other}` is not a scope"
                    ));
                }
            };
            Ok(VariableComponent {
                id: fact.id.clone(),
                kind: VariableKind::parse(&fact.kind)
                    .ok_or_else(|| format!("variable_consideration kind `{}`", fact.kind))?,
                method: EstimateMethod::parse(&fact.method)
                    .ok_or_else(|| format!("variable_consideration method `{}`", fact.method))?,
                scenarios: fact
                    .scenarios
                    .iter()
                    .map(|(amount, millionths)| {
                        Ok(Scenario {
                            amount: money("scenario amount", amount)?,
                            probability: Probability::from_millionths(*millionths).ok_or_else(
                                || format!("variable_consideration probability {millionths}"),
                            )?,
                        })
                    })
                    .collect::<Result<_, String>>()?,
                included_amount: money("included_amount", &fact.included_amount)?,
                scope,
                rationale: fact.rationale.clone(),
            })
        })
        .collect()
}
