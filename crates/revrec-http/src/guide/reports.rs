//! `GET /api/v1/reports/waterfall`: one year's waterfall, by month, quarter or year.

use actix_web::http::StatusCode;
use revrec_domain::period::parse_year;
use revrec_domain::{Granularity, Period};
use revrec_usecases::Principal;
use revrec_usecases::waterfall_report::{
    WaterfallQuery, grouped_waterfall_report, waterfall_report,
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::docs::{IF_NONE_MATCH_DOC, NotModified, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{as_of, currency, group_by};
use crate::shell::respond::{Reply, parse_query};
use crate::shell::state::AppState;
use crate::wire::reports::GuideWaterfallResponse;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuideWaterfallParams {
    /// The year, `YYYY`.
    #[param(required = true, pattern = "^[0-9]{4}$", example = "2026")]
    period: Option<String>,
    /// Rows of a month (default), a quarter or the year.
    #[param(value_type = Option<crate::wire::reports::GranularityName>)]
    granularity: Option<String>,
    /// Required when the tenant's contracts are in several currencies.
    #[param(pattern = "^[A-Z]{3}$", example = "USD")]
    currency: Option<String>,
    /// `pob_type`: each row's revenue by obligation type, in `groups` summing to it exactly
    /// (`obligation` needs one contract: use `GET /v1/waterfalls?contract_id=…`).
    #[param(value_type = Option<crate::wire::reports::GroupByName>)]
    group_by: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// Recognized revenue and the deferred balance of the tenant's portfolio over one year,
/// read from the monthly rollups (its cost does not grow with the number of contracts).
#[utoipa::path(
    get, path = "/api/v1/reports/waterfall", tag = "guide", operation_id = "getGuideWaterfall",
    params(GuideWaterfallParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The year's waterfall", body = GuideWaterfallResponse, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn waterfall(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: GuideWaterfallParams = parse_query(query_string)?;
    let text = params.period.ok_or(ApiError::MissingParameter {
        name: "period",
        expected: "a year in YYYY form",
    })?;
    let year = parse_year(&text)
        .map_err(|error| ApiError::period_parameter("period", &text, "YYYY", &error))?;
    let granularity = match params.granularity.as_deref() {
        None => Granularity::Monthly,
        Some(text) => Granularity::parse(text).ok_or_else(|| ApiError::InvalidParameter {
            name: "granularity",
            message: format!("must be one of monthly, quarterly, annual (got `{text}`)"),
        })?,
    };
    let (Some(first), Some(last)) = (Period::new(year, 1), Period::new(year, 12)) else {
        return Err(ApiError::InvalidPeriodFormat {
            name: "period",
            value: text,
            expected: "YYYY",
        });
    };
    let query = WaterfallQuery {
        start: Some(first),
        end: Some(last),
        contract_id: None,
        currency: currency(params.currency.as_deref())?,
        granularity,
        as_of: as_of(&state.services, params.as_of.as_deref())?,
    };
    let grouping = group_by(params.group_by.as_deref())?;
    let tenant = &principal.tenant_id;
    let services = &state.stale_reads;
    let body = match grouping {
        None => {
            GuideWaterfallResponse::new(year, &*waterfall_report(services, tenant, &query).await?)
        }
        Some(group_by) => GuideWaterfallResponse::grouped(
            year,
            &grouped_waterfall_report(services, tenant, &query, group_by).await?,
        ),
    };
    Ok(Reply::json(StatusCode::OK, &body))
}
