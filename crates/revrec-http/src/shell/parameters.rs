//! Query parameters several operations take, read the same way everywhere.

use revrec_domain::{Currency, Period};
use revrec_usecases::as_of::AsOf;
use revrec_usecases::posting_control::WriteContext;
use revrec_usecases::waterfall_report::GroupBy;
use revrec_usecases::{Principal, Services};
use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::IntoParams;

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

/// The `as_of` query parameter, if given: an RFC 3339 instant, not after the server's clock.
pub fn as_of(services: &Services, text: Option<&str>) -> Result<Option<AsOf>, ApiError> {
    instant(services, "as_of", text)
}

/// `since` of a journal export (docs/ledger.md, "What changed since an import"): an instant
/// as `as_of` takes it.
pub fn since(services: &Services, text: Option<&str>) -> Result<Option<AsOf>, ApiError> {
    instant(services, "since", text)
}

/// The query parameter `name`, an RFC 3339 instant not after the server's clock.
fn instant(
    services: &Services,
    name: &'static str,
    text: Option<&str>,
) -> Result<Option<AsOf>, ApiError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let instant =
        OffsetDateTime::parse(text, &Rfc3339).map_err(|_| ApiError::InvalidParameter {
            name,
            message: format!(
                "must be an RFC 3339 instant such as 2026-04-05T00:00:00Z (got `{text}`)"
            ),
        })?;
    // Microseconds, like every instant the store keeps (finer digits cannot tell two
    // facts apart).
    let micros = i64::try_from(instant.unix_timestamp_nanos().div_euclid(1_000)).map_err(|_| {
        ApiError::InvalidParameter {
            name,
            message: format!("is out of range (got `{text}`)"),
        }
    })?;
    Ok(Some(AsOf::checked(services, micros)?))
}

/// `correction=true` on a write: the request says it corrects a closed month, which a
/// tenant's posting control asks of a write effective in one (docs/ledger.md, "Posting
/// control").
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CorrectionParameter {
    /// `true`: this write corrects a closed month. A tenant whose posting control is
    /// `corrections_only` refuses a write effective in a closed month without it (409
    /// `PERIOD_CLOSED`); otherwise it changes nothing. Either way the write is booked as a
    /// correction in the first open month.
    #[param(value_type = Option<bool>)]
    pub correction: Option<String>,
}

/// Who writes (the credential) and whether the request says it is a correction.
pub fn write_context(principal: &Principal, query_string: &str) -> Result<WriteContext, ApiError> {
    let correction = form_urlencoded::parse(query_string.as_bytes())
        .filter(|(name, _)| name == "correction")
        .map(|(_, value)| match value.as_ref() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(ApiError::InvalidParameter {
                name: "correction",
                message: format!("must be true or false (got `{other}`)"),
            }),
        })
        .last()
        .transpose()?
        .unwrap_or(false);
    Ok(WriteContext {
        actor: principal.credential.quota_name(),
        correction,
    })
}

/// `limit` of a paged list: `default` when absent, else a whole number from 1 to `max`.
pub fn page_limit(text: Option<&str>, default: u32, max: u32) -> Result<u32, ApiError> {
    let Some(text) = text else {
        return Ok(default);
    };
    text.parse::<u32>()
        .ok()
        .filter(|limit| (1..=max).contains(limit))
        .ok_or_else(|| ApiError::InvalidParameter {
            name: "limit",
            message: format!("must be an integer from 1 to {max} (got `{text}`)"),
        })
}

/// A required `period` parameter naming one month, `YYYY-MM`.
pub fn required_month(text: Option<String>) -> Result<Period, ApiError> {
    let text = text.ok_or(ApiError::MissingParameter {
        name: "period",
        expected: "a month in YYYY-MM form",
    })?;
    Period::parse(&text)
        .map_err(|error| ApiError::period_parameter("period", &text, "YYYY-MM", &error))
}
