//! Note 6 for a chosen quarter (by default the last quarter that has ended): remaining
//! performance obligations, disaggregated revenue and contract balances, the figures of
//! `GET /v1/disclosures/note6`.

use actix_web::{HttpRequest, HttpResponse, web};
use maud::html;
use revrec_domain::Quarter;
use revrec_http::AppState;
use revrec_usecases::note6_report::note6_report;
use serde::Deserialize;

use crate::error::PageError;
use crate::format::{last_ended_quarter, money};
use crate::layout::{self, Section};
use crate::pages::dashboard::{currency_choice, currency_select};
use crate::session;

#[derive(Deserialize)]
pub struct DisclosureQuery {
    quarter: Option<String>,
    currency: Option<String>,
}

pub async fn page(
    request: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<DisclosureQuery>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let services = &state.services;
    let tenant = signed.tenant();
    let quarter = match query.quarter.as_deref().filter(|text| !text.is_empty()) {
        Some(text) => {
            Quarter::parse(text).map_err(|error| PageError::BadInput(error.to_string()))?
        }
        None => last_ended_quarter(services.clock.now_micros()),
    };
    let (currency, currencies) =
        currency_choice(services, tenant, query.currency.as_deref()).await?;
    let note = note6_report(services, tenant, quarter, Some(currency), None)
        .await?
        .note6;
    let row = |id: &str, label: &str, amount: i64| {
        html! { tr #(id) { th scope="row" { (label) } td.num { (money(amount, currency)) } } }
    };
    let body = html! {
        form.inline method="get" action="/console/disclosures" {
            label for="quarter" { "Quarter" }
            input #quarter type="text" name="quarter" value=(quarter) pattern="[0-9]{4}-Q[1-4]" required aria-describedby="quarter-hint";
            span #quarter-hint .hint { "for example 2026-Q2" }
            (currency_select(currency, &currencies))
            button type="submit" { "Show" }
        }
        div.table-wrap {
            table #note6 {
                caption { "Note 6 — revenue from contracts with customers, " (quarter) " (" (currency.code()) ")" }
                tbody {
                    tr.group { th colspan="2" scope="rowgroup" { "Remaining performance obligations (ASC 606-10-50-13)" } }
                    (row("rpo-total", "Total at the quarter's end", note.rpo_total))
                    (row("rpo-next-12", "Expected in the next 12 months", note.rpo_next_12_months))
                    (row("rpo-thereafter", "Thereafter", note.rpo_thereafter))
                    tr.group { th colspan="2" scope="rowgroup" { "Disaggregated revenue (50-5)" } }
                    @for (kind, amount) in &note.revenue_by_pob_type {
                        tr data-pob-type=(kind.as_str()) { th scope="row" { (kind.as_str()) } td.num { (money(*amount, currency)) } }
                    }
                    @for (timing, amount) in &note.revenue_by_timing {
                        tr data-timing=(timing.as_str()) { th scope="row" { "Transferred " (timing.as_str().replace('_', " ")) } td.num { (money(*amount, currency)) } }
                    }
                    (row("total-revenue", "Revenue of the quarter", note.total_revenue))
                    tr.group { th colspan="2" scope="rowgroup" { "Contract balances (50-8)" } }
                    (row("opening-deferred", "Contract liabilities, opening", note.opening_deferred))
                    (row("closing-deferred", "Contract liabilities, closing", note.closing_deferred))
                    (row("from-opening", "Revenue recognized from the opening balance", note.revenue_from_opening_deferred))
                    @if note.billed_by_invoices {
                        (row("opening-receivables", "Receivables, opening", note.opening_receivables))
                        (row("closing-receivables", "Receivables, closing", note.closing_receivables))
                        (row("opening-contract-assets", "Contract assets, opening", note.opening_contract_assets))
                        (row("closing-contract-assets", "Contract assets, closing", note.closing_contract_assets))
                    }
                }
            }
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Disclosures,
        "Note 6 disclosures",
        body,
    ))
}
