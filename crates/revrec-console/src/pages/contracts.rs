//! Contracts: a searchable list, and one contract's page with its obligations, their
//! allocation and how each is satisfied, its monthly schedule (the API's waterfall of that
//! contract, with what was billed and the contract asset once it is billed by invoices),
//! its invoices, and its versions with what each change or event did.

use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_domain::{
    Billing, Consumption, ContractPlan, ContractTerms, Currency, ObligationPlan, Pattern,
    VariableScope, format_minor,
};
use revrec_http::AppState;
use revrec_ports::{ContractCursor, ContractQuery, ContractStatus};
use revrec_usecases::audit_trail::{AuditFilter, AuditPage, audit_events};
use revrec_usecases::get_contract::{VersionHistory, effect_of, version_history};
use revrec_usecases::list_contracts::list_contracts;
use revrec_usecases::waterfall_report::{WaterfallQuery, waterfall_report};
use serde::Deserialize;

use crate::error::PageError;
use crate::format::{instant, money};
use crate::layout::{self, Section};
use crate::session;

#[derive(Deserialize)]
pub struct ListParams {
    query: Option<String>,
    status: Option<String>,
    after_created: Option<i64>,
    after_id: Option<String>,
}

const STATUSES: [ContractStatus; 3] = [
    ContractStatus::Draft,
    ContractStatus::Active,
    ContractStatus::Terminated,
];

pub async fn list(
    request: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<ListParams>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let text = params.query.clone().unwrap_or_default();
    let status = match params.status.as_deref().filter(|text| !text.is_empty()) {
        Some(text) => Some(
            STATUSES
                .into_iter()
                .find(|status| status.as_str() == text)
                .ok_or_else(|| PageError::BadInput(format!("`{text}` is not a contract status")))?,
        ),
        None => None,
    };
    let after = match (params.after_created, params.after_id.clone()) {
        (Some(created_at), Some(id)) => Some(ContractCursor { created_at, id }),
        _ => None,
    };
    let page = list_contracts(
        &state.services,
        signed.tenant(),
        &ContractQuery {
            text: Some(text.clone()),
            customer_id: None,
            status,
            limit: 25,
            after,
        },
    )
    .await?;
    let status_text = status.map_or("", ContractStatus::as_str);
    let body = html! {
        form.inline method="get" action="/console/contracts" role="search" {
            label for="query" { "Customer, number or id" }
            input #query type="search" name="query" value=(text);
            label for="status" { "Status" }
            select #status name="status" {
                option value="" selected[status.is_none()] { "any" }
                @for known in STATUSES {
                    option value=(known.as_str()) selected[status == Some(known)] { (known.as_str()) }
                }
            }
            button type="submit" { "Search" }
        }
        p { (page.total) " contracts match." }
        div.table-wrap {
            table #contracts {
                caption { "Contracts, oldest first" }
                thead { tr {
                    th scope="col" { "Customer" }
                    th scope="col" { "Number" }
                    th scope="col" { "Status" }
                    th scope="col" { "Start" }
                    th scope="col" { "End" }
                    th scope="col" { "Transaction price" }
                } }
                tbody {
                    @for record in &page.items {
                        tr data-id=(record.id) {
                            th scope="row" { a href={"/console/contracts/" (record.id)} { (record.customer_name) } }
                            td { (record.contract_number.as_deref().unwrap_or("—")) }
                            td { (record.status.as_str()) }
                            td { (record.start_date) }
                            td { (record.end_date) }
                            td.num { (money(record.total_value, record.currency)) " " (record.currency.code()) }
                        }
                    }
                }
            }
        }
        @if let Some(next) = &page.next {
            p { a href={"/console/contracts?query=" (encode(&text)) "&status=" (status_text) "&after_created=" (next.created_at) "&after_id=" (next.id)} { "Next contracts" } }
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Contracts,
        "Contracts",
        body,
    ))
}

pub async fn detail(
    request: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let services = &state.services;
    let listed = version_history(services, signed.tenant(), &id).await?;
    let view = listed.current()?;
    let report = waterfall_report(
        services,
        signed.tenant(),
        &WaterfallQuery {
            contract_id: Some(id.to_string()),
            ..WaterfallQuery::default()
        },
    )
    .await?;
    let schedule = &report.waterfall;
    // The contract's facts with who recorded each (docs/ledger.md, "Who did what").
    let trail_page = audit_events(
        services,
        signed.tenant(),
        AuditFilter {
            contract_id: Some(id.to_string()),
            limit: TRAIL_ROWS,
            ..AuditFilter::default()
        },
    )
    .await?;
    let record = &view.record;
    let currency = record.currency;
    let plan = view.plan();
    let billed_by_invoices = schedule.billed_by_invoices;
    // Revenue that variable consideration made, when any did (docs/asc606.md §15).
    let shows_variable = schedule.rows.iter().any(|row| row.variable != 0);
    let title = format!("{} — {}", record.customer_name, record.id);
    let body = html! {
        dl.facts {
            dt { "Status" } dd #status { (record.status.as_str()) }
            dt { "Contract number" } dd { (record.contract_number.as_deref().unwrap_or("—")) }
            dt { "Term" } dd { (record.start_date) " to " (record.end_date) }
            dt { "Transaction price" } dd #transaction-price { (money(record.total_value, currency)) " " (currency.code()) }
            dt { "Convention" } dd { (plan.convention().as_str()) }
            dt { "Version" } dd { (record.version) }
            @if let Some(terminated) = record.terminated_on {
                dt { "Terminated on" } dd { (terminated) }
            }
        }
        section aria-labelledby="obligations-heading" {
            h2 #obligations-heading { "Performance obligations and allocation" }
            (obligations(plan, currency))
        }
        @if !view.version.terms.variable.is_empty() {
            section aria-labelledby="variable-heading" {
                h2 #variable-heading { "Variable consideration" }
                (variable_consideration(&view.version.terms, currency))
            }
        }
        section aria-labelledby="schedule-heading" {
            h2 #schedule-heading { "Schedule" }
            div.table-wrap {
                table #schedule {
                    caption { "Revenue recognized each month and the deferred balance at its end" }
                    thead { tr {
                        th scope="col" { "Month" }
                        th scope="col" { "Recognized" }
                        @if billed_by_invoices { th scope="col" { "Billed" } }
                        th scope="col" { "Deferred balance" }
                        @if billed_by_invoices { th scope="col" { "Contract asset" } }
                        th scope="col" { "Of which corrections of closed months" }
                        @if shows_variable { th scope="col" { "Of which variable consideration" } }
                        th scope="col" { "Books" }
                    } }
                    tbody {
                        @for row in &schedule.rows {
                            tr data-period=(row.period) {
                                th scope="row" { (row.period) }
                                td.num data-column="recognized" { (money(row.recognized, currency)) }
                                @if billed_by_invoices { td.num data-column="billed" { (money(row.billed, currency)) } }
                                td.num data-column="deferred_balance" { (money(row.deferred_balance, currency)) }
                                @if billed_by_invoices { td.num data-column="contract_asset_balance" { (money(row.contract_asset_balance, currency)) } }
                                td.num data-column="correction" { (money(row.correction, currency)) }
                                @if shows_variable { td.num data-column="variable" { (money(row.variable, currency)) } }
                                td data-column="books" { @if row.closed { "closed" } @else { "open" } }
                            }
                        }
                    }
                    tfoot { tr {
                        th scope="row" { "Total" }
                        td.num #schedule-total { (money(schedule.total_recognized, currency)) }
                        @if billed_by_invoices { td {} }
                        td {}
                        @if billed_by_invoices { td {} }
                        td {}
                        @if shows_variable { td {} }
                        td {}
                    } }
                }
            }
        }
        @if !view.history.billing().is_empty() {
            section aria-labelledby="invoices-heading" {
                h2 #invoices-heading { "Invoices" }
                (invoices(view.history.billing(), currency))
            }
        }
        section aria-labelledby="versions-heading" {
            h2 #versions-heading { "Versions" }
            (versions(&listed, currency))
        }
        section aria-labelledby="trail-heading" {
            h2 #trail-heading { "Who did what" }
            (trail(&trail_page))
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Contracts,
        &title,
        body,
    ))
}

fn obligations(plan: &ContractPlan, currency: Currency) -> Markup {
    html! {
        div.table-wrap {
            table #obligations {
                caption { "Each obligation's share of the transaction price, by relative standalone selling price" }
                thead { tr {
                    th scope="col" { "Obligation" }
                    th scope="col" { "Type" }
                    th scope="col" { "Timing" }
                    th scope="col" { "Satisfied" }
                    th scope="col" { "Standalone selling price" }
                    th scope="col" { "Allocated" }
                    th scope="col" { "In force" }
                } }
                tbody {
                    @for obligation in plan.obligations() {
                        tr data-obligation=(obligation.id.as_deref().unwrap_or(&obligation.name)) {
                            th scope="row" { (obligation.name) }
                            td { (obligation.pob_type.as_str()) }
                            td { (obligation.timing().as_str().replace('_', " ")) }
                            td data-column="satisfied" { (satisfaction(obligation)) }
                            td.num { (format_minor(obligation.ssp.micros(), 6)) }
                            td.num { (money(obligation.allocated(), currency)) }
                            td { @if obligation.in_force { "yes" } @else { "no" } }
                        }
                    }
                }
            }
        }
    }
}

/// The version's variable components: the estimate, what the constraint includes, and
/// where it is allocated (docs/asc606.md §15).
fn variable_consideration(terms: &ContractTerms, currency: Currency) -> Markup {
    let name_of = |index: usize| {
        terms
            .obligations
            .get(index)
            .map_or_else(String::new, |obligation| obligation.name.to_string())
    };
    html! {
        div.table-wrap {
            table #variable-consideration {
                caption { "Variable components: the amount included in the transaction price never exceeds the estimate" }
                thead { tr {
                    th scope="col" { "Component" }
                    th scope="col" { "Kind" }
                    th scope="col" { "Method" }
                    th scope="col" { "Estimate" }
                    th scope="col" { "Included" }
                    th scope="col" { "Allocated to" }
                    th scope="col" { "Rationale" }
                } }
                tbody {
                    @for component in &terms.variable {
                        tr data-component=(component.id) {
                            th scope="row" { (component.id) }
                            td { (component.kind.as_str().replace('_', " ")) }
                            td { (component.method.as_str().replace('_', " ")) }
                            td.num { (component.estimate().map_or_else(|| "—".to_owned(), |estimate| estimate.text(currency.exponent()))) }
                            td.num data-column="included" { (money(component.included_amount, currency)) }
                            td { (match &component.scope {
                                VariableScope::AllObligations => "every obligation, with the fixed price".to_owned(),
                                VariableScope::Obligations(indexes) => indexes.iter().map(|index| name_of(*index)).collect::<Vec<_>>().join(", "),
                                VariableScope::Period { obligation, period } => format!("{} in {period}", name_of(*obligation)),
                            }) }
                            td { (component.rationale.as_deref().unwrap_or("—")) }
                        }
                    }
                }
            }
        }
    }
}

/// How and when an obligation is satisfied, as far as the contract knows.
fn satisfaction(obligation: &ObligationPlan) -> String {
    match &obligation.consumption {
        Some(Consumption::Usage(_)) => return "as used, rated each month".to_owned(),
        Some(Consumption::Credits(credits)) => {
            return format!(
                "as credits are used, expiring {} ({} breakage)",
                credits.expires_on,
                credits.breakage.as_str().replace('_', " ")
            );
        }
        None => {}
    }
    match obligation.pattern {
        Pattern::Ratable { start, end } => format!("ratably, {start} to {end}"),
        Pattern::PointInTime { date } => format!("delivered {date}"),
        Pattern::AwaitingDelivery => "awaiting delivery".to_owned(),
        Pattern::Progress => match obligation.percent_complete {
            Some(percent) => format!("{percent} % complete"),
            None => "0 % complete".to_owned(),
        },
    }
}

/// The contract's invoices by date, with what they bill together.
fn invoices(billing: &Billing, currency: Currency) -> Markup {
    html! {
        div.table-wrap {
            table #invoices {
                caption { "Invoices: billed less recognized is a contract liability, recognized beyond billed a contract asset" }
                thead { tr {
                    th scope="col" { "Date" }
                    th scope="col" { "Number" }
                    th scope="col" { "Amount" }
                } }
                tbody {
                    @for invoice in billing.invoices() {
                        tr {
                            th scope="row" { (invoice.date) }
                            td { (invoice.number.as_deref().unwrap_or("—")) }
                            td.num { (money(invoice.amount, currency)) }
                        }
                    }
                }
                tfoot { tr {
                    th scope="row" colspan="2" { "Billed" }
                    td.num #invoices-total { (money(billing.total(), currency)) }
                } }
            }
        }
    }
}

/// Each version: when and how it took effect, the price after it, the catch-up it booked in
/// its effective month on revenue of earlier days, and what an event recognized (the
/// domain's own [`revrec_domain::VersionEffect`], as `GET /v1/contracts/{id}/versions` gives).
fn versions(listed: &VersionHistory, currency: Currency) -> Markup {
    html! {
        div.table-wrap {
            table #versions {
                caption { "Versions, first to current" }
                thead { tr {
                    th scope="col" { "Version" }
                    th scope="col" { "Change" }
                    th scope="col" { "Effective" }
                    th scope="col" { "Transaction price after" }
                    th scope="col" { "Catch-up on earlier revenue" }
                    th scope="col" { "Recognized by the event" }
                    th scope="col" { "Recorded" }
                    th scope="col" { "Recorded by" }
                } }
                tbody {
                    @for version in &listed.versions {
                        @if let Some(effect) = effect_of(&listed.history, version.number, &version.change) {
                            tr data-version=(version.number) {
                                th scope="row" { (version.number) }
                                td { (version.change.name().replace('_', " ")) }
                                td { (effect.effective.map_or_else(|| "—".to_owned(), |date| date.to_string())) }
                                td.num { (money(effect.transaction_price_after, currency)) }
                                td.num {
                                    @if effect.effective.is_some() && !version.change.is_event() { (money(effect.catch_up, currency)) } @else { "—" }
                                }
                                td.num {
                                    @if version.change.is_event() { (money(effect.recognized_on_effective_day, currency)) } @else { "—" }
                                }
                                td { (instant(version.recorded_at)) }
                                td data-column="recorded_by" { (version.recorded_by) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Facts of a contract the page lists with who recorded them (the API's audit trail has
/// them all).
const TRAIL_ROWS: u32 = 200;

/// The contract's facts, oldest first, each with who recorded it.
fn trail(page: &AuditPage) -> Markup {
    html! {
        div.table-wrap {
            table #trail {
                caption { "Every fact of the contract, oldest first, with the credential that recorded it" }
                thead { tr {
                    th scope="col" { "Recorded" }
                    th scope="col" { "Fact" }
                    th scope="col" { "Which" }
                    th scope="col" { "Recorded by" }
                } }
                tbody {
                    @for event in &page.events {
                        tr {
                            td { (instant(event.recorded_at)) }
                            td { (event.kind) }
                            td { (event.reference) }
                            td data-column="actor" { (event.actor) }
                        }
                    }
                }
            }
        }
        @if page.next.is_some() {
            p { "More facts than this page shows: GET /v1/audit-events?contract_id=… lists them all." }
        }
    }
}

/// A query string value, percent-encoded.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
