//! Field problems collected while a request is read and converted, reported all at once.

use std::fmt::Display;

use revrec_domain::text::{self, TextRule};
use revrec_domain::{Currency, Money, Ssp, calendar};

use crate::shell::error::ApiError;
use crate::shell::problem::FieldProblem;
use crate::wire::amount::DecimalInput;
use crate::wire::dates::{DateError, parse_date};

/// Field problems collected while reading and converting a request, all reported at once.
/// A field's name is anything that displays as it (`&str`, or a path put together only
/// when a problem is found).
#[derive(Default, Debug)]
pub struct Problems {
    pub list: Vec<FieldProblem>,
    /// Request fields (`start_date`, `line_items[0].stated_price`) that could not be read:
    /// what stands for them is a placeholder no rule may judge.
    pub unread: Vec<String>,
}

impl Problems {
    pub fn push(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.list.push(FieldProblem {
            field: field.into(),
            message: message.into(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `Ok` when nothing was found, else the 422 listing everything.
    pub fn check(self) -> Result<(), ApiError> {
        if self.list.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(self.list))
        }
    }

    /// Holds `value` to the free-text rule; `false` when it was refused (and reported).
    pub fn text(&mut self, field: impl Display, value: &str, rule: TextRule) -> bool {
        match text::check(value, rule) {
            Ok(()) => true,
            Err(error) => {
                self.push(field.to_string(), error.to_string());
                false
            }
        }
    }

    pub fn date(&mut self, field: impl Display, text: &str) -> Option<time::Date> {
        match parse_date(text) {
            Ok(date) => Some(date),
            Err(DateError::NotADate) => {
                self.push(
                    field.to_string(),
                    format!("must be a calendar date in YYYY-MM-DD form (got `{text}`)"),
                );
                None
            }
            Err(DateError::OutsideCalendar) => {
                self.push(
                    field.to_string(),
                    format!("{} (got `{text}`)", calendar::outside_message()),
                );
                None
            }
        }
    }

    pub fn optional_date(
        &mut self,
        field: impl Display,
        text: Option<&String>,
    ) -> Option<Option<time::Date>> {
        match text {
            None => Some(None),
            Some(text) => self.date(field, text).map(Some),
        }
    }

    pub fn money(
        &mut self,
        field: impl Display,
        text: &DecimalInput,
        currency: Currency,
    ) -> Option<i64> {
        match Money::parse(&text.0, currency) {
            Ok(money) => Some(money.minor()),
            Err(error) => {
                self.push(field.to_string(), error.to_string());
                None
            }
        }
    }

    pub fn ssp(&mut self, field: impl Display, text: &DecimalInput) -> Option<Ssp> {
        match Ssp::parse(&text.0) {
            Ok(ssp) => Some(ssp),
            Err(revrec_domain::AmountError::TooPrecise { .. }) => {
                self.push(
                    field.to_string(),
                    "has at most 6 decimal places (it is a weight)",
                );
                None
            }
            Err(error) => {
                self.push(field.to_string(), error.to_string());
                None
            }
        }
    }
}
