//! A month's journal as one CSV download, streamed: the API's export and the console's are
//! the same bytes.

use actix_web::HttpResponse;
use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::web::{self, Bytes};
use revrec_domain::ChartOfAccounts;
use revrec_usecases::ledger::{JournalQuery, journal_export};

use crate::shell::error::ApiError;
use crate::shell::state::AppState;
use crate::wire::ledger::{CSV_HEADER, write_csv_rows};

/// Batches of entries computed and not yet written: what the export holds in memory besides
/// the batch being computed and the reads arriving from the database.
const BATCHES_WAITING: usize = 2;

/// The whole month as CSV, streamed: the export runs as a task of its own that sends its
/// entries a batch of reads at a time, and each batch is written as one chunk as the client
/// takes them. The first batch arrives before the answer starts (so a failure then is a
/// problem with its status). Memory stays flat however many contracts the tenant has.
pub async fn csv_export(
    state: &web::Data<AppState>,
    tenant_id: String,
    query: JournalQuery,
    chart: ChartOfAccounts,
) -> Result<HttpResponse, ApiError> {
    let scope = match query.scope {
        revrec_domain::EntryScope::All => String::new(),
        scope => format!("-{}", scope.as_str()),
    };
    let filename = format!(
        "journal-entries-{}-{}{scope}.csv",
        query.period,
        query.status.as_str()
    );
    let (sink, mut reads) = tokio::sync::mpsc::channel(BATCHES_WAITING);
    let exporter = state.clone();
    actix_web::rt::spawn(async move {
        journal_export(&exporter.stale_reads, &tenant_id, &query, &chart, sink).await;
    });
    let mut first = String::from(CSV_HEADER);
    match reads.recv().await {
        Some(Err(error)) => return Err(error.into()),
        Some(Ok(entries)) => write_csv_rows(&mut first, &entries),
        None => {}
    }
    let body = futures_util::stream::unfold((Some(first), reads), |(ready, mut reads)| async {
        if let Some(chunk) = ready {
            return Some((Ok(Bytes::from(chunk)), (None, reads)));
        }
        match reads.recv().await? {
            Ok(entries) => {
                let mut chunk = String::new();
                write_csv_rows(&mut chunk, &entries);
                Some((Ok(Bytes::from(chunk)), (None, reads)))
            }
            Err(error) => {
                // The status is sent already: log, and end the body short of its end.
                let error = ApiError::from(error);
                error.log_server_error();
                Some((Err(error), (None, reads)))
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
