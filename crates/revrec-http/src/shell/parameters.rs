//! Query parameters several operations take, read the same way everywhere.

use revrec_domain::Currency;
use revrec_usecases::waterfall_report::GroupBy;

use crate::shell::error::ApiError;

/// The `group_by` query parameter, if given.
pub fn group_by(text: Option<&str>) -> Result<Option<GroupBy>, ApiError> {
    text.map(|text| {
        GroupBy::parse(text).ok_or_else(|| ApiError::InvalidParameter {
            name: "group_by",
            message: format!("must be one of pob_type, obligation (got `{text}`)"),
        })
    })
    .transpose()
}

/// The `currency` query parameter, if given: an ISO 4217 code.
pub fn currency(text: Option<&str>) -> Result<Option<Currency>, ApiError> {
    text.map(|code| {
        Currency::from_code(code).map_err(|error| ApiError::InvalidParameter {
            name: "currency",
            message: error.to_string(),
        })
    })
    .transpose()
}
