//! A month's journal entries (approved: active and terminated contracts), a page at a
//! time, with the month's CSV for a general-ledger import: the very export of
//! `GET /api/v1/accounting/journal-entries?format=csv`.

use actix_web::{HttpRequest, HttpResponse, web};
use maud::html;
use revrec_domain::Period;
use revrec_http::AppState;
use revrec_http::wire::journal_csv::csv_export;
use revrec_usecases::ledger::{EntryStatus, JournalQuery, chart_of_accounts, journal_page};
use serde::Deserialize;

use crate::error::PageError;
use crate::format::{money, month_of};
use crate::layout::{self, Section};
use crate::session;

#[derive(Deserialize)]
pub struct JournalParams {
    period: Option<String>,
    after: Option<String>,
}

const PAGE: u32 = 50;

fn query_of(params: &JournalParams, now_micros: i64) -> Result<JournalQuery, PageError> {
    let period = match params.period.as_deref().filter(|text| !text.is_empty()) {
        Some(text) => {
            Period::parse(text).map_err(|error| PageError::BadInput(error.to_string()))?
        }
        None => month_of(now_micros),
    };
    Ok(JournalQuery {
        period,
        status: EntryStatus::Approved,
        currency: None,
        after: params.after.clone().filter(|after| !after.is_empty()),
        limit: PAGE,
        scope: revrec_domain::EntryScope::All,
        as_of: None,
        since: None,
    })
}

pub async fn page(
    request: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<JournalParams>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let services = &state.services;
    let query = query_of(&params, services.clock.now_micros())?;
    let chart = chart_of_accounts(services, signed.tenant(), query.period, query.as_of).await?;
    let entries = journal_page(services, signed.tenant(), &query, &chart).await?;
    let period = query.period;
    let body = html! {
        form.inline method="get" action="/console/journal" {
            label for="period" { "Month" }
            input #period type="month" name="period" value=(period) required;
            button type="submit" { "Show" }
            a.button href={"/console/journal.csv?period=" (period)} download { "Download " (period) " as CSV" }
        }
        @if entries.entries.is_empty() {
            p { "No journal entry for " (period) "." }
        }
        @for entry in &entries.entries {
            div.table-wrap {
                table.journal data-entry-id=(entry.entry.id) {
                    caption {
                        code { (entry.entry.id) } " · " (entry.entry.date) " · contract "
                        a href={"/console/contracts/" (entry.contract_id)} { (entry.contract_id) }
                        " (version " (entry.entry.version) ")"
                    }
                    thead { tr {
                        th scope="col" { "Account" }
                        th scope="col" { "Debit" }
                        th scope="col" { "Credit" }
                        th scope="col" { "Memo" }
                    } }
                    tbody {
                        @for line in &entry.entry.lines {
                            tr {
                                th scope="row" { (line.account.code) " " (line.account.name) }
                                td.num { @if line.debit != 0 { (money(line.debit, entry.currency)) } }
                                td.num { @if line.credit != 0 { (money(line.credit, entry.currency)) } }
                                td { (line.memo) }
                            }
                        }
                    }
                    tfoot { tr {
                        th scope="row" { "Total " (entry.currency.code()) }
                        td.num { (money(entry.entry.total_debit(), entry.currency)) }
                        td.num { (money(entry.entry.total_credit(), entry.currency)) }
                        td {}
                    } }
                }
            }
        }
        @if let Some(next) = &entries.next {
            p { a href={"/console/journal?period=" (period) "&after=" (next)} { "Next entries" } }
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Journal,
        "Journal entries",
        body,
    ))
}

/// The month as CSV: the API's own export, streamed a page at a time.
pub async fn csv(
    request: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<JournalParams>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let query = query_of(&params, state.services.clock.now_micros())?;
    let query = JournalQuery {
        after: None,
        limit: revrec_usecases::ledger::DEFAULT_LIMIT,
        ..query
    };
    let chart =
        chart_of_accounts(&state.services, signed.tenant(), query.period, query.as_of).await?;
    csv_export(&state, signed.tenant().to_owned(), query, chart)
        .await
        .map_err(PageError::from)
}
