//! The Periods page: the tenant's closed months with who closed each, when and the digest of
//! its figures, every close and reopen, a form that closes months and one that reopens them
//! for a reason. The same use case as `POST /v1/periods/close` and `revrec periods`.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{Markup, html};
use revrec_domain::{Period, PeriodAction, text};
use revrec_http::AppState;
use revrec_usecases::UseCaseError;
use revrec_usecases::periods::{PeriodsView, close_periods, list_periods, reopen_periods};
use serde::Deserialize;

use crate::error::PageError;
use crate::format::instant;
use crate::layout::{self, Section, notice};
use crate::session::{self, SignedIn};

const PATH: &str = "/console/periods";

/// `GET /console/periods`.
pub async fn page(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let view = list_periods(&state.services, signed.tenant()).await?;
    Ok(render(&signed, &view, None))
}

#[derive(Deserialize)]
pub struct CloseForm {
    csrf: String,
    through: String,
}

/// `POST /console/periods/close`.
pub async fn close(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<CloseForm>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    signed.check_csrf(&form.csrf)?;
    let closed = match Period::parse(form.through.trim()) {
        Ok(through) => {
            close_periods(&state.services, signed.tenant(), &actor(&signed), through).await
        }
        Err(error) => Err(UseCaseError::Period(error)),
    };
    answer(&state, &signed, closed).await
}

#[derive(Deserialize)]
pub struct ReopenForm {
    csrf: String,
    from: String,
    reason: String,
}

/// `POST /console/periods/reopen`.
pub async fn reopen(
    request: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<ReopenForm>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    signed.check_csrf(&form.csrf)?;
    let reason = form.reason.trim();
    if reason.is_empty() {
        let view = list_periods(&state.services, signed.tenant()).await?;
        return Ok(render(
            &signed,
            &view,
            Some("Say why the months are reopened: the reason is kept in the history."),
        ));
    }
    if let Err(error) = text::check(reason, text::REOPEN_REASON) {
        let view = list_periods(&state.services, signed.tenant()).await?;
        return Ok(render(
            &signed,
            &view,
            Some(&format!("The reason {error}.")),
        ));
    }
    let reopened = match Period::parse(form.from.trim()) {
        Ok(from) => {
            reopen_periods(
                &state.services,
                signed.tenant(),
                &actor(&signed),
                from,
                reason,
            )
            .await
        }
        Err(error) => Err(UseCaseError::Period(error)),
    };
    answer(&state, &signed, reopened).await
}

/// The page after a close or reopen: the books as they now stand, or the refusal above
/// them unchanged.
async fn answer(
    state: &AppState,
    signed: &SignedIn,
    outcome: Result<PeriodsView, UseCaseError>,
) -> Result<HttpResponse, PageError> {
    match outcome {
        Ok(view) => Ok(render(signed, &view, None)),
        Err(refused @ (UseCaseError::PeriodAction(_) | UseCaseError::Period(_))) => {
            let view = list_periods(&state.services, signed.tenant()).await?;
            Ok(render(signed, &view, Some(&format!("{refused}."))))
        }
        Err(other) => Err(other.into()),
    }
}

/// Who a close made in the console is recorded as.
fn actor(signed: &SignedIn) -> String {
    format!("console:{}", signed.session.email)
}

fn render(signed: &SignedIn, view: &PeriodsView, problem: Option<&str>) -> HttpResponse {
    let body = html! {
        (notice(problem, true))
        p #first-open {
            @match view.first_open {
                Some(first) => { "Closed through " strong { (first.previous()) } "; the first open month is " strong { (first) } "." }
                None => { "No month is closed yet." }
            }
        }
        (forms(signed))
        (closed_table(view))
        (history_table(view))
    };
    let status = if problem.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    layout::page_with_status(status, &signed.session, Section::Periods, "Periods", body)
}

fn forms(signed: &SignedIn) -> Markup {
    html! {
        section aria-labelledby="close-heading" {
            h2 #close-heading { "Close months" }
            p.hint { "Everything reported for a closed month stays as it is; later changes land in the first open month as corrections." }
            form.inline method="post" action={(PATH) "/close"} {
                input type="hidden" name="csrf" value=(signed.session.csrf_token);
                label for="through" { "Close every open month through" }
                input #through type="month" name="through" required placeholder="2026-03";
                button type="submit" { "Close" }
            }
        }
        section aria-labelledby="reopen-heading" {
            h2 #reopen-heading { "Reopen months" }
            form.stacked method="post" action={(PATH) "/reopen"} {
                input type="hidden" name="csrf" value=(signed.session.csrf_token);
                label for="from" { "Reopen from (this month and every later closed one)" }
                input #from type="month" name="from" required placeholder="2026-03";
                label for="reason" { "Reason (kept in the history)" }
                input #reason type="text" name="reason" required maxlength="500";
                button.danger type="submit" { "Reopen" }
            }
        }
    }
}

fn closed_table(view: &PeriodsView) -> Markup {
    html! {
        @if !view.closed.is_empty() {
            div.table-wrap {
                table #closed-periods {
                    caption { "Closed months" }
                    thead {
                        tr {
                            th scope="col" { "Month" }
                            th scope="col" { "Closed" }
                            th scope="col" { "By" }
                            th scope="col" { "Digest of its figures" }
                            th scope="col" { "Close package" }
                        }
                    }
                    tbody {
                        @for month in &view.closed {
                            tr data-period=(month.period) {
                                th scope="row" { (month.period) }
                                td { (instant(month.closed_at)) }
                                td { (month.closed_by) }
                                td { code { (month.digest) } }
                                td { a href={"/console/close-packages/" (month.period)} download { "ZIP" } }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn history_table(view: &PeriodsView) -> Markup {
    html! {
        @if !view.history.is_empty() {
            div.table-wrap {
                table #period-history {
                    caption { "Every close and reopen" }
                    thead {
                        tr {
                            th scope="col" { "#" }
                            th scope="col" { "What" }
                            th scope="col" { "When" }
                            th scope="col" { "By" }
                            th scope="col" { "Reason" }
                        }
                    }
                    tbody {
                        @for event in &view.history {
                            tr {
                                th scope="row" { (event.sequence) }
                                td {
                                    @match event.action {
                                        PeriodAction::Close { through } => { "closed through " (through) }
                                        PeriodAction::Reopen { from } => { "reopened from " (from) }
                                    }
                                }
                                td { (instant(event.recorded_at)) }
                                td { (event.actor) }
                                td { (event.reason.as_deref().unwrap_or("")) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A closed month's close package as a ZIP of CSVs: the API's own (docs/ledger.md, "The
/// close package").
pub async fn close_package(
    request: HttpRequest,
    state: web::Data<AppState>,
    period: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let signed = session::require(&request, &state).await?;
    let package =
        revrec_http::wire::close_package::package_of(&state, signed.tenant(), &period).await?;
    Ok(revrec_http::wire::close_package_zip::zip_answer(&package)?)
}
