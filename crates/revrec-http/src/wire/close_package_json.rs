//! The close package's JSON, streamed (docs/ledger.md, "The close package"): the opening
//! (what the package is of, and the books' own facts) is written as soon as the months are
//! known to be closed, each page of contracts as it is computed, and the totals last. The
//! server holds a page of contracts at a time, whatever the portfolio's size; the bytes are
//! the ones `ClosePackageOut` serializes to, which a replay compares.

use actix_web::HttpResponse;
use actix_web::web::Bytes;
use revrec_usecases::close_package::{ENGINE, OpenPackage, open_package};

use crate::shell::error::ApiError;
use crate::shell::state::AppState;
use crate::wire::close_package::{ClosePackageOut, ContractPackageOut, package_span};

/// Where the answer is.
enum Part {
    Opening(String, OpenPackage),
    Contracts { open: OpenPackage, written: bool },
    Done,
}

/// The package of `period` as a streamed JSON answer: a problem with its status when the
/// period is not closed (before anything is written); later failures are logged and end
/// the body short.
///
/// # Errors
/// The period does not read, or a month of it is open.
pub async fn package_json(
    state: &AppState,
    tenant_id: &str,
    period: &str,
) -> Result<HttpResponse, ApiError> {
    let span = package_span(period)?;
    let open = open_package(&state.stale_reads, tenant_id, span).await?;
    let opening = ClosePackageOut::opening(period, tenant_id, ENGINE, &open.books);
    let prefix = format!(
        "{{\"period\":{},\"tenant_id\":{},\"engine\":{},\"books\":{},\"contracts\":[",
        json(&opening.period),
        json(&opening.tenant_id),
        json(&opening.engine),
        json(&opening.books),
    );
    let body = futures_util::stream::unfold(Part::Opening(prefix, open), |part| async move {
        match part {
            Part::Opening(prefix, open) => Some((
                Ok(Bytes::from(prefix)),
                Part::Contracts {
                    open,
                    written: false,
                },
            )),
            Part::Contracts { mut open, written } => match open.next_page().await {
                Ok(Some(page)) => {
                    let mut chunk = String::new();
                    let mut written = written;
                    for contract in &page {
                        if written {
                            chunk.push(',');
                        }
                        written = true;
                        chunk.push_str(&json(&ContractPackageOut::of(contract)));
                    }
                    Some((Ok(Bytes::from(chunk)), Part::Contracts { open, written }))
                }
                Ok(None) => match open.finish().await {
                    Ok(totals) => {
                        let mut closing = ClosePackageOut::opening("", "", "", &[]);
                        closing.close(&totals);
                        let suffix = format!(
                            "],\"facts_head\":{},\"months\":{},\"currencies\":{},\"warnings\":{}}}",
                            json(&closing.facts_head),
                            json(&closing.months),
                            json(&closing.currencies),
                            json(&closing.warnings),
                        );
                        Some((Ok(Bytes::from(suffix)), Part::Done))
                    }
                    Err(error) => cut_short(error),
                },
                Err(error) => cut_short(error),
            },
            Part::Done => None,
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .streaming(body))
}

/// The status is sent already: log, and end the body short of its end.
fn cut_short(error: revrec_usecases::UseCaseError) -> Option<(Result<Bytes, ApiError>, Part)> {
    let error = ApiError::from(error);
    error.log_server_error();
    Some((Err(error), Part::Done))
}

fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
