//! `/v1/waterfalls` and `/v1/disclosures/note6`.

use actix_web::http::StatusCode;
use revrec_domain::{Period, Quarter};
use revrec_usecases::Principal;
use revrec_usecases::note6_report::note6_report;
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
use crate::wire::reports::{Note6Response, WaterfallResponse};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WaterfallParams {
    /// First month, `YYYY-MM`; default the selection's first month.
    #[param(pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$", example = "2026-01")]
    start_period: Option<String>,
    /// Last month, `YYYY-MM`; default the selection's last month.
    #[param(pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$", example = "2026-12")]
    end_period: Option<String>,
    /// One contract instead of the portfolio (a draft's waterfall is a preview).
    contract_id: Option<String>,
    /// Required when the selection holds several currencies.
    #[param(pattern = "^[A-Z]{3}$", example = "USD")]
    currency: Option<String>,
    /// Split each period's revenue into `groups` that sum to it exactly: `pob_type` (the
    /// portfolio's or the contract's obligation types) or `obligation` (one contract's
    /// obligations; needs `contract_id`).
    #[param(value_type = Option<crate::wire::reports::GroupByName>)]
    group_by: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

fn month(name: &'static str, text: Option<&str>) -> Result<Option<Period>, ApiError> {
    text.map(|text| {
        Period::parse(text)
            .map_err(|error| ApiError::period_parameter(name, text, "YYYY-MM", &error))
    })
    .transpose()
}

/// Monthly recognized revenue and deferred balance (ASC 606), every month of the range
/// listed. The portfolio is the tenant's active and terminated contracts.
#[utoipa::path(
    get, path = "/v1/waterfalls", tag = "primary", operation_id = "getRevenueWaterfalls",
    params(WaterfallParams, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The waterfall", body = WaterfallResponse, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn waterfall(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: WaterfallParams = parse_query(query_string)?;
    let waterfall_query = WaterfallQuery {
        start: month("start_period", params.start_period.as_deref())?,
        end: month("end_period", params.end_period.as_deref())?,
        contract_id: params.contract_id,
        currency: currency(params.currency.as_deref())?,
        granularity: revrec_domain::Granularity::Monthly,
        as_of: as_of(&state.services, params.as_of.as_deref())?,
    };
    let services = &state.stale_reads;
    let tenant = &principal.tenant_id;
    match group_by(params.group_by.as_deref())? {
        None => {
            let report = waterfall_report(services, tenant, &waterfall_query).await?;
            let body = match &waterfall_query.contract_id {
                // One contract's report comes from the use case's memo: so does its body.
                Some(id) => {
                    state
                        .waterfall_bodies
                        .body((tenant, id), &report, WaterfallResponse::to_json)
                }
                None => WaterfallResponse::to_json(&report),
            };
            Ok(Reply {
                status: StatusCode::OK,
                body,
                location: None,
            })
        }
        Some(group_by) => {
            let grouped =
                grouped_waterfall_report(services, tenant, &waterfall_query, group_by).await?;
            Ok(Reply::json(
                StatusCode::OK,
                &WaterfallResponse::grouped(&grouped),
            ))
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Note6Params {
    /// Calendar quarter, `YYYY-Qn`.
    #[param(required = true, pattern = "^[0-9]{4}-Q[1-4]$", example = "2026-Q1")]
    period: Option<String>,
    /// Required when the tenant's contracts are in several currencies.
    #[param(pattern = "^[A-Z]{3}$", example = "USD")]
    currency: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// Note 6 disclosure data for a quarter: remaining performance obligations, disaggregated
/// revenue and contract balances.
#[utoipa::path(
    get, path = "/v1/disclosures/note6", tag = "primary", operation_id = "getNote6Disclosures",
    params(Note6Params, ("If-None-Match" = Option<String>, Header, description = IF_NONE_MATCH_DOC)),
    responses((status = 200, description = "The disclosure data", body = Note6Response, headers(("ETag" = String, description = "Strong validator: a digest of the exact body (the same figures give the same tag on any instance and backend)"))), NotModified, StandardErrors),
    security(("bearer" = []))
)]
pub async fn note6(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: Note6Params = parse_query(query_string)?;
    let text = params.period.ok_or(ApiError::MissingParameter {
        name: "period",
        expected: "a quarter in YYYY-Qn form",
    })?;
    let quarter = Quarter::parse(&text)
        .map_err(|error| ApiError::period_parameter("period", &text, "YYYY-Qn", &error))?;
    let report = note6_report(
        &state.stale_reads,
        &principal.tenant_id,
        quarter,
        currency(params.currency.as_deref())?,
        as_of(&state.services, params.as_of.as_deref())?,
    )
    .await?;
    Ok(Reply::json(StatusCode::OK, &Note6Response::from(&report)))
}
