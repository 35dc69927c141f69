//! The revenue dashboard: over a chosen range of months (by default the twelve through the
//! last month that has ended), recognized revenue stacked by `pob_type` with the deferred
//! balance as a line, the same figures in a table, and the remaining performance
//! obligations in two bands (next 12 months, thereafter). The figures are the API's: the
//! waterfall is `GET /v1/waterfalls`'s, to the cent.

use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_domain::{Currency, Period, PobType};
use revrec_http::AppState;
use revrec_usecases::Services;
use revrec_usecases::note6_report::note6_report;
use revrec_usecases::waterfall_report::{GroupBy, WaterfallQuery, grouped_waterfall_report};
use serde::Deserialize;

use crate::chart::{Month, revenue_chart};
use crate::error::PageError;
use crate::format::{last_ended_month, money};
use crate::layout::{self, Section};
use crate::session;

#[derive(Deserialize)]
pub struct DashboardQuery {
    from: Option<String>,
    to: Option<String>,
    currency: Option<String>,
}

/// Longest range the chart draws (ten years of months).
const MAX_MONTHS: i32 = 120;
/// The range shown when none is asked for: a year of months.
const DEFAULT_MONTHS: i32 = 12;

pub async fn page(
    request: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<DashboardQuery>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let services = &state.services;
    let tenant = signed.tenant();
    // By default the twelve months through the last one that has ended (by the app's
    // clock, in UTC): no month still taking revenue.
    let to = period_or(
        query.to.as_deref(),
        Some(last_ended_month(services.clock.now_micros())),
    )?;
    let from = period_or(query.from.as_deref(), Some(to.plus(-(DEFAULT_MONTHS - 1))))?;
    if to < from || from.months_until(to) >= MAX_MONTHS {
        return Err(PageError::BadInput(format!(
            "Choose a range of 1 to {MAX_MONTHS} months, its start before its end."
        )));
    }
    let (currency, currencies) =
        currency_choice(services, tenant, query.currency.as_deref()).await?;
    // `GET /v1/waterfalls?group_by=pob_type`'s report: the API's rows, split by type.
    let split = grouped_waterfall_report(
        services,
        tenant,
        &WaterfallQuery {
            start: Some(from),
            end: Some(to),
            currency: Some(currency),
            ..WaterfallQuery::default()
        },
        GroupBy::PobType,
    )
    .await?;
    let rows = &split.report.waterfall.rows;
    let months: Vec<Month> = rows
        .iter()
        .zip(&split.parts.rows)
        .map(|(row, by_pob_type)| Month {
            period: row.period,
            by_pob_type: by_pob_type.clone(),
            deferred_balance: row.deferred_balance,
            billed: row.billed,
            contract_asset_balance: row.contract_asset_balance,
            correction: row.correction,
            closed: row.closed,
        })
        .collect();
    let note6 = note6_report(services, tenant, to.quarter(), Some(currency), None)
        .await?
        .note6;
    let body = html! {
        (range_form(from, to, currency, &currencies))
        section aria-labelledby="chart-heading" {
            h2 #chart-heading { "Revenue waterfall, " (from) " to " (to) " (" (currency.code()) ")" }
            p {
                "Recognized in the range: " strong #total-recognized { (money(split.report.waterfall.total_recognized, currency)) }
                " · deferred at " (to) ": " strong #total-deferred { (money(split.report.waterfall.total_deferred, currency)) }
            }
            (revenue_chart(&months, currency))
            (month_table(&months, split.report.waterfall.billed_by_invoices, currency))
        }
        section aria-labelledby="rpo-heading" {
            h2 #rpo-heading { "Remaining performance obligations at the end of " (to.quarter()) }
            (rpo_bands(note6.rpo_next_12_months, note6.rpo_thereafter, currency))
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Dashboard,
        "Revenue",
        body,
    ))
}

fn period_or(text: Option<&str>, default: Option<Period>) -> Result<Period, PageError> {
    match text.filter(|text| !text.is_empty()) {
        Some(text) => Period::parse(text).map_err(|error| PageError::BadInput(error.to_string())),
        None => default.ok_or_else(|| PageError::BadInput("no default period".into())),
    }
}

/// The currency asked for, else the tenant's first (USD when it has none), and every
/// currency the tenant has figures in, for the chooser.
pub async fn currency_choice(
    services: &Services,
    tenant: &str,
    asked: Option<&str>,
) -> Result<(Currency, Vec<Currency>), PageError> {
    let currencies = services.reports.currencies(tenant).await?;
    let chosen = match asked.filter(|code| !code.is_empty()) {
        Some(code) => {
            Currency::from_code(code).map_err(|error| PageError::BadInput(error.to_string()))?
        }
        None => currencies.first().copied().unwrap_or(Currency::USD),
    };
    Ok((chosen, currencies))
}

pub fn currency_select(currency: Currency, currencies: &[Currency]) -> Markup {
    html! {
        label for="currency" { "Currency" }
        select #currency name="currency" {
            @if !currencies.contains(&currency) {
                option value=(currency.code()) selected { (currency.code()) }
            }
            @for known in currencies {
                option value=(known.code()) selected[*known == currency] { (known.code()) }
            }
        }
    }
}

fn range_form(from: Period, to: Period, currency: Currency, currencies: &[Currency]) -> Markup {
    html! {
        form.inline method="get" action="/console/dashboard" {
            label for="from" { "From" }
            input #from type="month" name="from" value=(from) required;
            label for="to" { "To" }
            input #to type="month" name="to" value=(to) required;
            (currency_select(currency, currencies))
            button type="submit" { "Show" }
        }
    }
}

/// The months as a table, each marked closed or open with the part of its revenue that
/// corrects closed months; with what was billed and the contract assets beside the deferred
/// balance when a contract of the portfolio is `billed_by_invoices`.
fn month_table(months: &[Month], billed_by_invoices: bool, currency: Currency) -> Markup {
    html! {
        div.table-wrap {
            table #waterfall-table {
                caption { "Recognized revenue by month and obligation type, and the deferred balance" }
                thead {
                    tr {
                        th scope="col" { "Month" }
                        @for kind in PobType::ALL { th scope="col" { (kind.as_str()) } }
                        th scope="col" { "Recognized" }
                        th scope="col" { "Of which corrections of closed months" }
                        th scope="col" { "Deferred balance" }
                        @if billed_by_invoices {
                            th scope="col" { "Billed" }
                            th scope="col" { "Contract assets" }
                        }
                        th scope="col" { "Books" }
                    }
                }
                tbody {
                    @for month in months {
                        tr data-period=(month.period) {
                            th scope="row" { (month.period) }
                            @for amount in &month.by_pob_type { td.num { (money(*amount, currency)) } }
                            td.num data-column="recognized" { (money(month.by_pob_type.iter().sum(), currency)) }
                            td.num data-column="correction" { (money(month.correction, currency)) }
                            td.num data-column="deferred_balance" { (money(month.deferred_balance, currency)) }
                            @if billed_by_invoices {
                                td.num data-column="billed" { (money(month.billed, currency)) }
                                td.num data-column="contract_asset_balance" { (money(month.contract_asset_balance, currency)) }
                            }
                            td data-column="books" { @if month.closed { "closed" } @else { "open" } }
                        }
                    }
                }
            }
        }
    }
}

/// Two bands in proportion, each with its figure (never the proportion alone).
fn rpo_bands(next_12: i64, thereafter: i64, currency: Currency) -> Markup {
    let total = (next_12 + thereafter).max(1);
    let width = |part: i64| 600.0 * part.max(0) as f64 / total as f64;
    html! {
        figure.chart {
            svg #rpo-bands viewBox="0 0 600 36" role="img" aria-label="Remaining performance obligations: next 12 months and thereafter" {
                rect x="0" y="0" width=(format!("{:.2}", width(next_12))) height="36" fill="#1b6ca8" {}
                rect x=(format!("{:.2}", width(next_12))) y="0" width=(format!("{:.2}", width(thereafter))) height="36" fill="#9bbbd4" {}
            }
            dl.bands {
                dt { "Next 12 months" } dd #rpo-next-12 { (money(next_12, currency)) }
                dt { "Thereafter" } dd #rpo-thereafter { (money(thereafter, currency)) }
                dt { "Total" } dd #rpo-total { (money(next_12 + thereafter, currency)) }
            }
        }
    }
}
