//! A month's journal as one CSV download, streamed: the API's export and the console's are
//! the same bytes.

use actix_web::HttpResponse;
use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::web::{self, Bytes};
use revrec_domain::ChartOfAccounts;
use revrec_usecases::ledger::{JournalPage, JournalQuery, PageShape, journal_page_within};

use crate::shell::error::ApiError;
use crate::shell::state::AppState;
use crate::wire::ledger::{CSV_HEADER, write_csv_rows};

/// The whole month as CSV, a page of entries at a time: the first page is read before the
/// answer starts (so a failure then is a problem with its status), the rest as the client
/// reads. Memory stays flat however many contracts the tenant has.
pub async fn csv_export(
    state: &web::Data<AppState>,
    tenant_id: String,
    query: JournalQuery,
    chart: ChartOfAccounts,
) -> Result<HttpResponse, ApiError> {
    let shape = PageShape::CSV_CHUNK;
    let first = journal_page_within(&state.stale_reads, &tenant_id, &query, &chart, shape).await?;
    let shape = shape.after(&first);
    let scope = match query.scope {
        revrec_domain::EntryScope::All => String::new(),
        scope => format!("-{}", scope.as_str()),
    };
    let filename = format!(
        "journal-entries-{}-{}{scope}.csv",
        query.period,
        query.status.as_str()
    );
    let mut chunk = String::from(CSV_HEADER);
    let next = chunk_of(&mut chunk, &first, &query);
    let state = state.clone();
    // The first chunk is ready; each later one is the next page, read when it is wanted.
    let chart = std::sync::Arc::new(chart);
    let body =
        futures_util::stream::unfold((Some(chunk), next, shape), move |(ready, next, shape)| {
            let (state, tenant_id, chart) = (state.clone(), tenant_id.clone(), chart.clone());
            async move {
                if let Some(chunk) = ready {
                    return Some((Ok(Bytes::from(chunk)), (None, next, shape)));
                }
                let query = next?;
                match journal_page_within(&state.stale_reads, &tenant_id, &query, &chart, shape)
                    .await
                {
                    Ok(page) => {
                        let mut chunk = String::new();
                        let next = chunk_of(&mut chunk, &page, &query);
                        Some((Ok(Bytes::from(chunk)), (None, next, shape.after(&page))))
                    }
                    Err(error) => {
                        // The status is sent already: log, and end the body short of its end.
                        let error = ApiError::from(error);
                        error.log_server_error();
                        Some((Err(error), (None, None, shape)))
                    }
                }
            }
        });
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8; header=present")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .streaming(body))
}

/// Appends the page's rows; the query of the page after it, if any.
fn chunk_of(chunk: &mut String, page: &JournalPage, query: &JournalQuery) -> Option<JournalQuery> {
    write_csv_rows(chunk, &page.entries);
    page.next.clone().map(|after| JournalQuery {
        after: Some(after),
        ..query.clone()
    })
}
