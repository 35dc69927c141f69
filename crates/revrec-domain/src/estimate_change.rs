//! A change in the estimate of a variable component (docs/asc606.md §15): the terms of the
//! version it makes.

use crate::consumption::Consumption;
use crate::contract::ContractTerms;
use crate::field::{Field, FieldError};
use crate::money::format_minor;
use crate::usage::Quantity;
use crate::variable::{EstimateMethod, Scenario, above_estimate, check_included, estimate};
use crate::variable_terms::MAX_SCENARIOS;

/// A change in the estimate of one component (ASC 606-10-32-14, 32-42..44).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EstimateChange {
    pub component_id: String,
    /// When sent, it must be the component's own method: a method is chosen once (32-8).
    pub method: Option<EstimateMethod>,
    /// `None` keeps the component's scenarios.
    pub scenarios: Option<Vec<Scenario>>,
    pub included_amount: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EstimateChangeError {
    #[error("the contract has no variable component `{id}`")]
    UnknownComponent { id: String },
    #[error(
        "component `{id}` is estimated by {from}; a component keeps the method it was given (ASC 606-10-32-8), so {to} is refused"
    )]
    MethodChanged {
        id: String,
        from: &'static str,
        to: &'static str,
    },
    #[error("{}", .0.message)]
    Invalid(FieldError),
}

impl ContractTerms {
    /// These terms with `change` applied to its component: the same obligations and scopes,
    /// the transaction price moved by the change in the included amount.
    pub fn reestimated(
        &self,
        change: &EstimateChange,
    ) -> Result<ContractTerms, EstimateChangeError> {
        let position = self
            .variable
            .iter()
            .position(|component| component.id == change.component_id)
            .ok_or_else(|| EstimateChangeError::UnknownComponent {
                id: change.component_id.clone(),
            })?;
        let mut next = self.clone();
        let component = next.variable.get_mut(position).ok_or_else(|| {
            EstimateChangeError::UnknownComponent {
                id: change.component_id.clone(),
            }
        })?;
        if let Some(method) = change.method.filter(|method| *method != component.method) {
            return Err(EstimateChangeError::MethodChanged {
                id: component.id.clone(),
                from: component.method.as_str(),
                to: method.as_str(),
            });
        }
        let invalid = |field: Field, message: String| {
            EstimateChangeError::Invalid(FieldError::new(field, message))
        };
        let kind = component.kind;
        let sign_problem = |amount: i64| kind.sign_problem(amount);
        if let Some(problem) = sign_problem(change.included_amount) {
            return Err(invalid(Field::IncludedAmount, problem.to_owned()));
        }
        if let Some(scenarios) = &change.scenarios {
            if let Some(problem) = scenarios.iter().find_map(|s| sign_problem(s.amount)) {
                return Err(invalid(Field::Scenarios, problem.to_owned()));
            }
            if scenarios.len() > MAX_SCENARIOS {
                return Err(invalid(
                    Field::Scenarios,
                    format!(
                        "at most {MAX_SCENARIOS} scenarios are allowed (got {})",
                        scenarios.len()
                    ),
                ));
            }
            estimate(component.method, scenarios)
                .map_err(|error| invalid(Field::Scenarios, error.to_string()))?;
            component.scenarios.clone_from(scenarios);
        }
        let exponent = self.currency.exponent();
        if let Some(estimate) = component.estimate()
            && check_included(change.included_amount, estimate).is_err()
        {
            return Err(invalid(
                Field::IncludedAmount,
                above_estimate(change.included_amount, component.method, estimate, exponent),
            ));
        }
        let difference = change.included_amount - component.included_amount;
        component.included_amount = change.included_amount;
        next.transaction_price = self.transaction_price.saturating_add(difference);
        let limit = crate::money::amount_limit(self.currency);
        if next.transaction_price < 0 || next.transaction_price >= limit {
            return Err(invalid(
                Field::IncludedAmount,
                format!(
                    "takes the transaction price to {}; it must be from 0 to below 1000000000000",
                    format_minor(next.transaction_price, exponent)
                ),
            ));
        }
        Ok(next)
    }
}

/// A revision of a prepaid credits line's expected usage (ASC 606-10-55-48): the estimate
/// of breakage updated, a change in estimate like a component's (docs/asc606.md §15).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedUsageChange {
    /// The credits line's obligation id (`pob_…`).
    pub obligation_id: String,
    pub expected_usage: Quantity,
}

impl ContractTerms {
    /// These terms with the credits line's expected usage revised: nothing else changes.
    pub fn with_expected_usage(
        &self,
        change: &ExpectedUsageChange,
    ) -> Result<ContractTerms, FieldError> {
        let mut next = self.clone();
        let obligation = next
            .obligations
            .iter_mut()
            .find(|obligation| obligation.id.as_deref() == Some(change.obligation_id.as_str()))
            .ok_or_else(|| {
                FieldError::new(
                    Field::EstimateObligation,
                    format!("the contract has no obligation `{}`", change.obligation_id),
                )
            })?;
        let Some(Consumption::Credits(credits)) = obligation.consumption.as_mut() else {
            return Err(FieldError::new(
                Field::EstimateObligation,
                format!(
                    "`{}` is not a prepaid credits line; only a credits line has an expected usage to revise",
                    change.obligation_id
                ),
            ));
        };
        if change.expected_usage > credits.credits {
            return Err(FieldError::new(
                Field::ExpectedUsage,
                format!(
                    "{} is more than the line's {} credits: breakage is the credits not expected to be used",
                    format_minor(change.expected_usage.millionths(), 6),
                    format_minor(credits.credits.millionths(), 6)
                ),
            ));
        }
        credits.expected_usage = change.expected_usage;
        Ok(next)
    }
}
