//! A version's variable components (docs/asc606.md §15) as the text of one column.
//!
//! A contract carries a handful of components, read with every version, so they live
//! beside the version's row rather than in a table of their own that every contract read
//! would join. One component per line, its fields separated by tabs:
//!
//! ```text
//! id  kind  method  included  scope  scenarios  rationale
//! ```
//!
//! `scope` is `all`, `obligations:0,2` or `period:1:2026-03` (positions in the version's
//! lines), `scenarios` is `amount@millionths` pairs joined by `,` (empty: none), and an empty
//! rationale is none. Free text holds no control character (`docs/limits.md`), so a tab or a
//! line break never occurs inside a field.

use revrec_domain::{
    EstimateMethod, Period, Probability, Scenario, VariableComponent, VariableKind, VariableScope,
};

use crate::blocking::StoreError;

/// The column's text; `None` for a version without components.
pub fn encode(components: &[VariableComponent]) -> Option<String> {
    if components.is_empty() {
        return None;
    }
    let lines: Vec<String> = components
        .iter()
        .map(|component| {
            let scope = match &component.scope {
                VariableScope::AllObligations => "all".to_owned(),
                VariableScope::Obligations(indexes) => format!(
                    "obligations:{}",
                    indexes
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                ),
                VariableScope::Period { obligation, period } => {
                    format!("period:{obligation}:{period}")
                }
            };
            let scenarios = component
                .scenarios
                .iter()
                .map(|scenario| {
                    format!("{}@{}", scenario.amount, scenario.probability.millionths())
                })
                .collect::<Vec<_>>()
                .join(",");
            [
                component.id.as_str(),
                component.kind.as_str(),
                component.method.as_str(),
                &component.included_amount.to_string(),
                &scope,
                &scenarios,
                component.rationale.as_deref().unwrap_or(""),
            ]
            .join("\t")
        })
        .collect();
    Some(lines.join("\n"))
}

/// The inverse of [`encode`].
pub fn decode(text: Option<&str>) -> Result<Vec<VariableComponent>, StoreError> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    text.split('\n').map(component).collect()
}

fn component(line: &str) -> Result<VariableComponent, StoreError> {
    let corrupt = || StoreError::Corrupt(format!("variable component `{line}`"));
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, kind, method, included, scope, scenarios, rationale] = fields.as_slice() else {
        return Err(corrupt());
    };
    let number = |text: &str| text.parse::<i64>().map_err(|_| corrupt());
    let index = |text: &str| text.parse::<usize>().map_err(|_| corrupt());
    let scope = match scope.split_once(':') {
        None if *scope == "all" => VariableScope::AllObligations,
        Some(("obligations", list)) => {
            VariableScope::Obligations(list.split(',').map(index).collect::<Result<_, _>>()?)
        }
        Some(("period", rest)) => {
            let (obligation, period) = rest.split_once(':').ok_or_else(corrupt)?;
            VariableScope::Period {
                obligation: index(obligation)?,
                period: Period::parse(period).map_err(|_| corrupt())?,
            }
        }
        _ => return Err(corrupt()),
    };
    let scenarios = if scenarios.is_empty() {
        Vec::new()
    } else {
        scenarios
            .split(',')
            .map(|pair| {
                let (amount, millionths) = pair.split_once('@').ok_or_else(corrupt)?;
                Ok(Scenario {
                    amount: number(amount)?,
                    probability: Probability::from_millionths(number(millionths)?)
                        .ok_or_else(corrupt)?,
                })
            })
            .collect::<Result<_, StoreError>>()?
    };
    Ok(VariableComponent {
        id: (*id).to_owned(),
        kind: VariableKind::parse(kind).ok_or_else(corrupt)?,
        method: EstimateMethod::parse(method).ok_or_else(corrupt)?,
        scenarios,
        included_amount: number(included)?,
        scope,
        rationale: (!rationale.is_empty()).then(|| (*rationale).to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scope_and_scenario_reads_back_as_written() {
        let components = vec![
            VariableComponent {
                id: "uptime bonus".into(),
                kind: VariableKind::Bonus,
                method: EstimateMethod::MostLikelyAmount,
                scenarios: vec![
                    Scenario {
                        amount: 2_400_000,
                        probability: Probability::from_millionths(700_000).unwrap(),
                    },
                    Scenario {
                        amount: 0,
                        probability: Probability::from_millionths(300_000).unwrap(),
                    },
                ],
                included_amount: 0,
                scope: VariableScope::AllObligations,
                rationale: Some("99.9 % uptime, judged: not highly probable".into()),
            },
            VariableComponent {
                id: "rebate".into(),
                kind: VariableKind::Rebate,
                method: EstimateMethod::ExpectedValue,
                scenarios: Vec::new(),
                included_amount: -150_000,
                scope: VariableScope::Obligations(vec![0, 2]),
                rationale: None,
            },
            VariableComponent {
                id: "march".into(),
                kind: VariableKind::Penalty,
                method: EstimateMethod::MostLikelyAmount,
                scenarios: Vec::new(),
                included_amount: -31_000,
                scope: VariableScope::Period {
                    obligation: 1,
                    period: Period::parse("2026-03").unwrap(),
                },
                rationale: None,
            },
        ];
        let text = encode(&components).unwrap();
        assert_eq!(decode(Some(&text)).unwrap(), components);
        assert_eq!(encode(&[]), None);
        assert_eq!(decode(None).unwrap(), Vec::new());
        assert!(decode(Some("x\tbonus")).is_err());
    }
}
