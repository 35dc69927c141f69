//! Plan and usage: the plans of the tenant's credentials with their rate limits and call
//! prices, requests per day and per route with their 4xx and 5xx counts, and the payments
//! received for priced calls.

use actix_web::{HttpRequest, HttpResponse, web};
use maud::html;
use revrec_domain::Currency;
use revrec_http::AppState;
use revrec_ports::Plan;
use revrec_usecases::usage::{UsageTotals, usage_report};
use serde::Deserialize;

use crate::error::PageError;
use crate::format::{instant, money};
use crate::layout::{self, Section};
use crate::pages::credentials::active_plans;
use crate::session;

#[derive(Deserialize)]
pub struct UsageQuery {
    days: Option<u32>,
}

const DAY_CHOICES: [u32; 3] = [7, 30, 90];

pub async fn page(
    request: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<UsageQuery>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let services = &state.services;
    let tenant = signed.tenant().to_owned();
    let days = query
        .days
        .filter(|days| DAY_CHOICES.contains(days))
        .unwrap_or(30);
    let report = usage_report(services, &tenant, days).await?;
    let mut plans: Vec<(Plan, usize)> = Vec::new();
    for plan in active_plans(services, &tenant).await? {
        match plans.iter_mut().find(|(known, _)| *known == plan) {
            Some((_, count)) => *count += 1,
            None => plans.push((plan, 1)),
        }
    }
    plans.sort_by_key(|(plan, _)| plan.as_str());
    let payments = services.payments.received(&tenant, 50).await?;
    let policy = &services.policy;
    let body = html! {
        section aria-labelledby="plans-heading" {
            h2 #plans-heading { "Plan" }
            @if plans.is_empty() {
                p { "No active credential yet: create a key to choose how this tenant calls the API." }
            } @else {
                div.table-wrap {
                    table #plans {
                        caption { "Plans of the tenant's active keys and OAuth clients" }
                        thead { tr {
                            th scope="col" { "Plan" }
                            th scope="col" { "Credentials" }
                            th scope="col" { "Rate limit" }
                            th scope="col" { "Price per priced call" }
                        } }
                        tbody {
                            @for (plan, count) in &plans {
                                tr data-plan=(plan.as_str()) {
                                    th scope="row" { (plan) }
                                    td.num { (count) }
                                    td {
                                        @match &policy.requests_per_minute {
                                            Some(limits) => { (limits.of(*plan)) " requests a minute per credential" }
                                            None => { "none" }
                                        }
                                    }
                                    td { (money(policy.call_price_cents.of(*plan), Currency::USD)) " USD" }
                                }
                            }
                        }
                    }
                }
            }
        }
        section aria-labelledby="usage-heading" {
            h2 #usage-heading { "Requests" }
            form.inline method="get" action="/console/usage" {
                label for="days" { "Days" }
                select #days name="days" {
                    @for choice in DAY_CHOICES {
                        option value=(choice) selected[choice == days] { "last " (choice) }
                    }
                }
                button type="submit" { "Show" }
            }
            p #usage-total data-requests=(report.total.requests) data-client-errors=(report.total.client_errors) data-server-errors=(report.total.server_errors) {
                (report.total.requests) " requests in the last " (days) " days: "
                (report.total.client_errors) " answered 4xx, " (report.total.server_errors) " answered 5xx."
            }
            (totals_table("usage-by-route", "By route", "Route", &report.routes))
            (totals_table("usage-by-day", "By day (UTC)", "Day", &report.days))
            (totals_table("usage-by-day-and-route", "By day (UTC) and route, newest first", "Day and route", &report.days_by_route))
        }
        section aria-labelledby="payments-heading" {
            h2 #payments-heading { "Payments received" }
            @if payments.is_empty() {
                p { "No paid call yet." }
            } @else {
                div.table-wrap {
                    table #payments {
                        caption { "The latest settled payments for priced calls" }
                        thead { tr {
                            th scope="col" { "Settled" }
                            th scope="col" { "Call" }
                            th scope="col" { "Amount" }
                            th scope="col" { "Method" }
                            th scope="col" { "Reference" }
                        } }
                        tbody {
                            @for payment in &payments {
                                tr {
                                    td { (instant(payment.settled_at)) }
                                    td { code { (payment.route) } }
                                    td.num {
                                        @match Currency::from_code(&payment.currency) {
                                            Ok(currency) => { (money(payment.amount, currency)) " " (payment.currency) }
                                            Err(_) => { (payment.amount) " (minor units) " (payment.currency) }
                                        }
                                    }
                                    td { (payment.method) }
                                    td { code { (payment.reference.as_deref().unwrap_or("—")) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Ok(layout::page(
        &signed.session,
        Section::Usage,
        "Plan and usage",
        body,
    ))
}

fn totals_table(id: &str, caption: &str, first: &str, rows: &[UsageTotals]) -> maud::Markup {
    html! {
        div.table-wrap {
            table id=(id) {
                caption { (caption) }
                thead { tr {
                    th scope="col" { (first) }
                    th scope="col" { "Requests" }
                    th scope="col" { "4xx" }
                    th scope="col" { "5xx" }
                } }
                tbody {
                    @for row in rows {
                        tr data-label=(row.label) {
                            th scope="row" { (row.label) }
                            td.num { (row.requests) }
                            td.num { (row.client_errors) }
                            td.num { (row.server_errors) }
                        }
                    }
                }
            }
        }
    }
}
