//! Variable components as a contract carries them (docs/asc606.md §15): submitted with the
//! draft, checked with the rest of it, and held in the terms with the obligations they are
//! allocated to named by position.

use crate::currency::Currency;
use crate::field::{Field, FieldError, VariableField};
use crate::money::Ssp;
use crate::period::Period;
use crate::recognition::Pattern;
use crate::variable::{
    Estimate, EstimateMethod, Scenario, VariableKind, VariableScope, above_estimate,
    check_included, estimate,
};

/// Most variable components one contract may carry.
pub const MAX_COMPONENTS: usize = 50;
/// Most scenarios one component may weigh.
pub const MAX_SCENARIOS: usize = 100;

/// Where a component's amount goes, as submitted: obligations are named by a line's `id`
/// or, failing that, its name.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum ScopeDraft {
    /// With the fixed price, by relative SSP over every obligation (32-39).
    #[default]
    AllObligations,
    /// Wholly to these obligations, by relative SSP among them (32-40).
    Obligations(Vec<String>),
    /// Wholly to one month of a ratable obligation: a distinct period of a series (32-40).
    Period { obligation: String, period: Period },
}

/// One component as submitted. `kind` and `method` are raw text so the error for an
/// unknown value can list the allowed ones.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ComponentDraft {
    pub id: String,
    pub kind: String,
    pub method: String,
    /// `None`: the preparer gave only the constrained amount.
    pub scenarios: Option<Vec<Scenario>>,
    pub included_amount: i64,
    pub scope: ScopeDraft,
    pub rationale: Option<String>,
}

/// A validated component: its estimate (when scenarios were given) is at least the amount
/// included in the transaction price (the constraint, 32-11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariableComponent {
    pub id: String,
    pub kind: VariableKind,
    pub method: EstimateMethod,
    /// Empty when none were given.
    pub scenarios: Vec<Scenario>,
    pub included_amount: i64,
    /// Obligations by their position in the terms' `obligations`.
    pub scope: VariableScope,
    pub rationale: Option<String>,
}

impl VariableComponent {
    /// The estimate of its scenarios, when it has any.
    pub fn estimate(&self) -> Option<Estimate> {
        (!self.scenarios.is_empty())
            .then(|| estimate(self.method, &self.scenarios).ok())
            .flatten()
    }
}

/// What an obligation of a draft answers to: its line's id, and its name.
pub(crate) struct Reference<'a> {
    pub id: Option<&'a str>,
    pub name: &'a str,
}

/// A validated obligation, as far as a component's scope needs it.
#[derive(Clone, Copy)]
pub(crate) struct ScopedObligation {
    pub ssp: Ssp,
    pub pattern: Pattern,
}

/// Checks every component against the draft's lines (`references`, and `obligations`: the
/// validated ones, complete only when every line passed) and returns them, or `None` after
/// recording why.
pub(crate) fn check_components(
    components: &[ComponentDraft],
    currency: Currency,
    references: &[Reference<'_>],
    obligations: &[ScopedObligation],
    errors: &mut Vec<FieldError>,
) -> Option<Vec<VariableComponent>> {
    if components.len() > MAX_COMPONENTS {
        errors.push(FieldError::new(
            Field::VariableConsideration,
            format!(
                "at most {MAX_COMPONENTS} components are allowed (got {})",
                components.len()
            ),
        ));
        return None;
    }
    let lines_complete = obligations.len() == references.len();
    let before = errors.len();
    let checked: Vec<VariableComponent> = components
        .iter()
        .enumerate()
        .filter_map(|(index, component)| {
            check_component(
                (components, currency),
                index,
                component,
                references,
                lines_complete.then_some(obligations),
                errors,
            )
        })
        .collect();
    (errors.len() == before).then_some(checked)
}

fn check_component(
    (all, currency): (&[ComponentDraft], Currency),
    index: usize,
    component: &ComponentDraft,
    references: &[Reference<'_>],
    obligations: Option<&[ScopedObligation]>,
    errors: &mut Vec<FieldError>,
) -> Option<VariableComponent> {
    let field = |field| Field::Variable { index, field };
    let before = errors.len();
    let exponent = currency.exponent();
    if component.id.trim().is_empty() {
        errors.push(FieldError::new(
            field(VariableField::Id),
            "must not be blank",
        ));
    } else if all
        .iter()
        .take(index)
        .any(|earlier| earlier.id == component.id)
    {
        errors.push(FieldError::new(
            field(VariableField::Id),
            format!(
                "`{}` names an earlier component too; ids are unique",
                component.id
            ),
        ));
    }
    let kind = VariableKind::parse(&component.kind);
    if kind.is_none() {
        errors.push(FieldError::new(
            field(VariableField::Kind),
            format!(
                "unknown kind `{}`; allowed: {}",
                component.kind,
                VariableKind::ALL.map(VariableKind::as_str).join(", ")
            ),
        ));
    }
    let method = EstimateMethod::parse(&component.method);
    if method.is_none() {
        errors.push(FieldError::new(
            field(VariableField::Method),
            format!(
                "unknown method `{}`; allowed: expected_value, most_likely_amount",
                component.method
            ),
        ));
    }
    // Bonuses add to the price; penalties, rebates and concessions take from it (docs/asc606.md §15).
    let sign_problem = |amount: i64| kind.and_then(|kind| kind.sign_problem(amount));
    if let Some(problem) = sign_problem(component.included_amount) {
        errors.push(FieldError::new(
            field(VariableField::IncludedAmount),
            problem,
        ));
    }
    if let Some(scenarios) = &component.scenarios {
        if scenarios.len() > MAX_SCENARIOS {
            errors.push(FieldError::new(
                field(VariableField::Scenarios),
                format!(
                    "at most {MAX_SCENARIOS} scenarios are allowed (got {})",
                    scenarios.len()
                ),
            ));
        } else if let Some(problem) = scenarios
            .iter()
            .find_map(|scenario| sign_problem(scenario.amount))
        {
            errors.push(FieldError::new(field(VariableField::Scenarios), problem));
        } else if let Some(method) = method {
            match estimate(method, scenarios) {
                Err(error) => {
                    errors.push(FieldError::new(
                        field(VariableField::Scenarios),
                        error.to_string(),
                    ));
                }
                Ok(estimate) => {
                    if check_included(component.included_amount, estimate).is_err() {
                        errors.push(FieldError::new(
                            field(VariableField::IncludedAmount),
                            above_estimate(component.included_amount, method, estimate, exponent),
                        ));
                    }
                }
            }
        }
    }
    let scope = resolve_scope(&component.scope, references, obligations, &mut |message| {
        errors.push(FieldError::new(field(VariableField::Allocation), message));
    });
    if errors.len() > before {
        return None;
    }
    Some(VariableComponent {
        id: component.id.clone(),
        kind: kind?,
        method: method?,
        scenarios: component.scenarios.clone().unwrap_or_default(),
        included_amount: component.included_amount,
        scope: scope?,
        rationale: component.rationale.clone(),
    })
}

/// The scope with obligations by position; `obligations` (when every line passed) lets a
/// month's scope be held to a ratable obligation whose service covers that month.
fn resolve_scope(
    scope: &ScopeDraft,
    references: &[Reference<'_>],
    obligations: Option<&[ScopedObligation]>,
    report: &mut dyn FnMut(String),
) -> Option<VariableScope> {
    let find = |wanted: &str| {
        references
            .iter()
            .position(|reference| reference.id == Some(wanted))
            .or_else(|| {
                references
                    .iter()
                    .position(|reference| reference.name == wanted)
            })
    };
    match scope {
        ScopeDraft::AllObligations => Some(VariableScope::AllObligations),
        ScopeDraft::Obligations(names) => {
            if names.is_empty() {
                report("name at least one line (its id or name)".to_owned());
                return None;
            }
            let mut indexes = Vec::with_capacity(names.len());
            for name in names {
                match find(name) {
                    Some(index) if !indexes.contains(&index) => indexes.push(index),
                    Some(_) => {
                        report(format!("names `{name}` twice"));
                        return None;
                    }
                    None => {
                        report(format!("no line has the id or name `{name}`"));
                        return None;
                    }
                }
            }
            indexes.sort_unstable();
            if let Some(obligations) = obligations
                && indexes
                    .iter()
                    .all(|index| obligations.get(*index).is_none_or(|o| o.ssp.micros() == 0))
            {
                report(
                    "every line it names has a zero standalone selling price, so the amount cannot be allocated among them"
                        .to_owned(),
                );
                return None;
            }
            Some(VariableScope::Obligations(indexes))
        }
        ScopeDraft::Period { obligation, period } => {
            let Some(index) = find(obligation) else {
                report(format!("no line has the id or name `{obligation}`"));
                return None;
            };
            if let Some(pattern) = obligations.and_then(|o| o.get(index)).map(|o| o.pattern) {
                let covered = match pattern {
                    Pattern::Ratable { start, end } => {
                        Period::of(start) <= *period && *period <= Period::of(end)
                    }
                    _ => {
                        report(format!(
                            "`{obligation}` is recognized {}; a month's scope needs a ratable obligation (a series of distinct periods, ASC 606-10-32-40)",
                            pattern.method().as_str()
                        ));
                        return None;
                    }
                };
                if !covered {
                    report(format!("{period} is outside the service of `{obligation}`"));
                    return None;
                }
            }
            Some(VariableScope::Period {
                obligation: index,
                period: *period,
            })
        }
    }
}
