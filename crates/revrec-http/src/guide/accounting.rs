//! `/api/v1/accounting`: a month's journal entries (JSON pages or one CSV export), the
//! trial balance at a month end, and the tenant's chart of accounts.

use actix_web::http::StatusCode;
use actix_web::http::header::ACCEPT;
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use revrec_domain::{ChartOfAccounts, EntryScope, Period};
use revrec_ports::Scope;
use revrec_usecases::Principal;
use revrec_usecases::ledger::{
    DEFAULT_LIMIT, EntryStatus, JournalQuery, MAX_LIMIT, chart_of_accounts, current_chart,
    journal_page, set_chart_of_accounts, trial_balances,
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::shell::auth;
use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{as_of, currency, page_limit, since};
use crate::shell::respond::{Reply, parse_query, query};
use crate::shell::state::AppState;
use crate::wire::dates::format_date;
use crate::wire::journal_csv::csv_export;
use crate::wire::ledger::{
    ChartOfAccountsBody, CurrencyTrialBalance, JournalEntriesResponse, JournalEntryView,
    TrialBalanceResponse, totals,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JournalParams {
    /// The month, `YYYY-MM`.
    #[param(
        required = true,
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$",
        example = "2026-03"
    )]
    period: Option<String>,
    /// `approved` (default): active and terminated contracts; `draft`: previews of drafts.
    #[param(value_type = Option<EntryStatusName>)]
    status: Option<String>,
    /// Only contracts in this currency.
    #[param(pattern = "^[A-Z]{3}$", example = "USD")]
    currency: Option<String>,
    /// Entries per page (JSON only; default 100).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    limit: Option<String>,
    /// `next_cursor` of the previous page (JSON only).
    cursor: Option<String>,
    /// `csv` streams every entry of the month as RFC 4180 CSV (as does `Accept: text/csv`).
    #[param(value_type = Option<FormatName>)]
    format: Option<String>,
    /// Which lines: `all` (default); `recognition`, the revenue recognized against deferred
    /// revenue or the contract asset (corrections included), for a general ledger that
    /// receives invoices from the billing system; `billing`, the invoices and cash received.
    /// Each part is an entry of its own id, balanced; the two make up `all` line for line.
    #[param(value_type = Option<EntryScopeName>)]
    entries: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
    /// Only what changed since this instant (RFC 3339), for a ledger that imported the month
    /// then: a reversal (`reverses`) of each entry the month had then and no longer has,
    /// and each entry it has now and did not have then (docs/ledger.md).
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    since: Option<String>,
}

#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum EntryScopeName {
    All,
    Recognition,
    Billing,
}

/// `entries` as a scope; default `all`.
fn entry_scope(text: Option<&str>) -> Result<EntryScope, ApiError> {
    match text {
        None => Ok(EntryScope::All),
        Some(text) => EntryScope::parse(text).ok_or_else(|| ApiError::InvalidParameter {
            name: "entries",
            message: format!("must be one of all, recognition, billing (got `{text}`)"),
        }),
    }
}

#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum EntryStatusName {
    Approved,
    Draft,
}

#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum FormatName {
    Json,
    Csv,
}

/// `period` as a month, required.
fn required_month(text: Option<String>) -> Result<Period, ApiError> {
    let text = text.ok_or(ApiError::MissingParameter {
        name: "period",
        expected: "a month in YYYY-MM form",
    })?;
    Period::parse(&text)
        .map_err(|error| ApiError::period_parameter("period", &text, "YYYY-MM", &error))
}

/// A month's journal entries: one balanced entry per contract with activity in it, dated
/// the month's last day, with stable ids. JSON pages by default; `format=csv` (or
/// `Accept: text/csv`) streams the whole month as CSV for a general-ledger import.
#[utoipa::path(
    get, path = "/api/v1/accounting/journal-entries", tag = "guide", operation_id = "listJournalEntries",
    params(JournalParams),
    responses(
        (status = 200, description = "A page of entries, or the month as CSV",
            content(
                (JournalEntriesResponse = "application/json"),
                (String = "text/csv", example = json!("date,entry_id,account_code,account_name,debit,credit,currency,memo,contract_id,obligation_id\r\n"))
            )),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn journal_entries_route(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let principal = auth::require(&request, &state, Scope::ReadLedger).await?;
    let params: JournalParams = query(&request)?;
    let csv = match params.format.as_deref() {
        Some("csv") => true,
        Some("json") => false,
        Some(other) => {
            return Err(ApiError::InvalidParameter {
                name: "format",
                message: format!("must be one of json, csv (got `{other}`)"),
            });
        }
        None => request
            .headers()
            .get(ACCEPT)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|accept| accept.to_ascii_lowercase().contains("text/csv")),
    };
    if !csv {
        return Ok(journal_page_of(&state, &principal, params)
            .await?
            .into_response());
    }
    let (mut journal_query, _, chart) = read_journal_query(&state, &principal, &params).await?;
    for (given, name) in [
        (params.limit.is_some(), "limit"),
        (journal_query.after.is_some(), "cursor"),
    ] {
        if given {
            return Err(ApiError::InvalidParameter {
                name,
                message: "pages JSON only; the CSV export holds the whole month".into(),
            });
        }
    }
    journal_query.limit = MAX_LIMIT;
    csv_export(&state, principal.tenant_id, journal_query, chart).await
}

/// A page of the month's journal entries as JSON, from a query string: the route's JSON
/// answer and the MCP tool's.
pub async fn journal_entries(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: JournalParams = parse_query(query_string)?;
    journal_page_of(state, principal, params).await
}

async fn journal_page_of(
    state: &AppState,
    principal: &Principal,
    params: JournalParams,
) -> Result<Reply, ApiError> {
    let (mut journal_query, status, chart) = read_journal_query(state, principal, &params).await?;
    journal_query.limit = page_limit(params.limit.as_deref(), journal_query.limit, MAX_LIMIT)?;
    let page = journal_page(
        &state.stale_reads,
        &principal.tenant_id,
        &journal_query,
        &chart,
    )
    .await?;
    Ok(Reply::json(
        StatusCode::OK,
        &JournalEntriesResponse {
            period: journal_query.period.to_string(),
            status: status.as_str().to_owned(),
            entries: page
                .entries
                .iter()
                .map(|entry| JournalEntryView::new(entry, status))
                .collect(),
            totals: totals(&page.entries),
            next_cursor: page.next.as_deref().map(encode_cursor),
        },
    ))
}

/// The query's month, status, currency and cursor, and the tenant's chart (one chart for
/// the whole answer, every page of an export included).
async fn read_journal_query(
    state: &AppState,
    principal: &Principal,
    params: &JournalParams,
) -> Result<(JournalQuery, EntryStatus, ChartOfAccounts), ApiError> {
    let period = required_month(params.period.clone())?;
    let status = match params.status.as_deref() {
        None => EntryStatus::Approved,
        Some(text) => EntryStatus::parse(text).ok_or_else(|| ApiError::InvalidParameter {
            name: "status",
            message: format!("must be one of approved, draft (got `{text}`)"),
        })?,
    };
    let journal_query = JournalQuery {
        period,
        status,
        currency: currency(params.currency.as_deref())?,
        after: params.cursor.as_deref().map(decode_cursor).transpose()?,
        limit: DEFAULT_LIMIT,
        scope: entry_scope(params.entries.as_deref())?,
        as_of: as_of(&state.services, params.as_of.as_deref())?,
        since: since(&state.services, params.since.as_deref())?,
    };
    if let (Some(since), Some(as_of)) = (journal_query.since, journal_query.as_of)
        && since.micros() > as_of.micros()
    {
        return Err(ApiError::InvalidParameter {
            name: "since",
            message: "must not be after `as_of`".into(),
        });
    }
    let chart = chart_of_accounts(
        &state.services,
        &principal.tenant_id,
        period,
        journal_query.as_of,
    )
    .await?;
    Ok((journal_query, status, chart))
}

fn encode_cursor(contract_id: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("je:{contract_id}"))
}

fn decode_cursor(text: &str) -> Result<String, ApiError> {
    let invalid = || ApiError::InvalidParameter {
        name: "cursor",
        message: "is not a cursor this API issued".into(),
    };
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| invalid())?;
    let decoded = String::from_utf8(bytes).map_err(|_| invalid())?;
    decoded
        .strip_prefix("je:")
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .ok_or_else(invalid)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrialBalanceParams {
    /// The month whose last day the balances are at, `YYYY-MM`.
    #[param(
        required = true,
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])$",
        example = "2026-03"
    )]
    period: Option<String>,
    /// One currency only; default every currency the tenant has figures in.
    #[param(pattern = "^[A-Z]{3}$", example = "USD")]
    currency: Option<String>,
    /// Balances of which entries, as on the journal: `all` (default), `recognition` or
    /// `billing`; the two parts add up to `all`, account by account.
    #[param(value_type = Option<EntryScopeName>)]
    entries: Option<String>,
    // Described by `shell::docs::AS_OF_DOC`.
    #[param(format = DateTime, example = "2026-04-05T00:00:00Z")]
    as_of: Option<String>,
}

/// Every account's debit or credit balance at the month's end, per currency, from the same
/// postings as the journal entries (life to date); debits equal credits.
#[utoipa::path(
    get, path = "/api/v1/accounting/trial-balance", tag = "guide", operation_id = "getTrialBalance",
    params(TrialBalanceParams),
    responses((status = 200, description = "The trial balance", body = TrialBalanceResponse), StandardErrors),
    security(("bearer" = []))
)]
pub async fn trial_balance(
    state: &AppState,
    principal: &Principal,
    query_string: &str,
) -> Result<Reply, ApiError> {
    let params: TrialBalanceParams = parse_query(query_string)?;
    let period = required_month(params.period)?;
    let balances = trial_balances(
        &state.stale_reads,
        &principal.tenant_id,
        period,
        currency(params.currency.as_deref())?,
        entry_scope(params.entries.as_deref())?,
        as_of(&state.services, params.as_of.as_deref())?,
    )
    .await?;
    Ok(Reply::json(
        StatusCode::OK,
        &TrialBalanceResponse {
            period: period.to_string(),
            as_of: format_date(period.last_day()),
            balances: balances.iter().map(CurrencyTrialBalance::from).collect(),
        },
    ))
}

/// The accounts journal entries post to: the tenant's own, or the defaults.
#[utoipa::path(
    get, path = "/api/v1/accounting/chart-of-accounts", tag = "guide", operation_id = "getChartOfAccounts",
    responses((status = 200, description = "The chart of accounts", body = ChartOfAccountsBody), StandardErrors),
    security(("bearer" = []))
)]
pub async fn get_chart(state: &AppState, principal: &Principal) -> Result<Reply, ApiError> {
    let chart = current_chart(&state.services, &principal.tenant_id).await?;
    Ok(Reply::json(
        StatusCode::OK,
        &ChartOfAccountsBody::from(&chart),
    ))
}

/// Replace the tenant's chart of accounts: a new version, in force from the first open
/// month. Closed months keep the accounts they closed with.
#[utoipa::path(
    put, path = "/api/v1/accounting/chart-of-accounts", tag = "guide", operation_id = "putChartOfAccounts",
    request_body = ChartOfAccountsBody,
    params(("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$")),
    responses((status = 200, description = "The chart as saved", body = ChartOfAccountsBody), StandardErrors),
    security(("bearer" = []))
)]
pub async fn put_chart(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let input: ChartOfAccountsBody = parse_json(body)?;
    let chart = set_chart_of_accounts(
        &state.services,
        &principal.tenant_id,
        &principal.credential.quota_name(),
        ChartOfAccounts::from(&input),
    )
    .await?;
    Ok(Reply::json(
        StatusCode::OK,
        &ChartOfAccountsBody::from(&chart),
    ))
}
