//! `GET /v1/close-packages/{period}`: the close package of a closed month or quarter
//! (docs/ledger.md, "The close package"), as JSON or, for a person, a ZIP of CSVs.

use actix_web::http::header::ACCEPT;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::Scope;

use crate::shell::auth;
use crate::shell::docs::StandardErrors;
use crate::shell::error::ApiError;
use crate::shell::state::AppState;
use crate::wire::close_package::{ClosePackageOut, package_of};
use crate::wire::close_package_json::package_json;
use crate::wire::close_package_zip::zip_answer;

/// The close package of a closed month (`2026-03`) or a quarter of closed months
/// (`2026-Q1`): the figures each close froze with their digests; rollforwards of deferred
/// revenue, contract assets and receivables; billed against recognized per contract; the
/// corrections booked; each month's journal checked against what was frozen; warnings;
/// and the facts it all follows from as a hash-chained log that `revrec replay` computes
/// again offline, to the byte. The same bytes on every read while the months stay closed,
/// streamed a page of contracts at a time. `Accept: application/zip` answers a ZIP of CSVs
/// with the JSON inside. Needs the `read:disclosures` scope.
#[utoipa::path(
    get, path = "/v1/close-packages/{period}", tag = "primary", operation_id = "getClosePackage",
    params(
        ("period" = String, Path, description = "A closed month, YYYY-MM, or a quarter of closed months, YYYY-Qn", example = "2026-03", pattern = "^[0-9]{4}-([0-9]{2}|Q[1-4])$")
    ),
    responses(
        (status = 200, description = "The close package",
            content(
                (ClosePackageOut = "application/json"),
                (Vec<u8> = "application/zip")
            )),
        StandardErrors
    ),
    security(("bearer" = []))
)]
pub async fn close_package_route(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let principal = auth::require(&request, &state, Scope::ReadDisclosures).await?;
    let period = request.match_info().get("period").unwrap_or_default();
    let zip = request
        .headers()
        .get(ACCEPT)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|accept| accept.to_ascii_lowercase().contains("application/zip"));
    if zip {
        let package = package_of(&state, &principal.tenant_id, period).await?;
        return zip_answer(&package);
    }
    package_json(&state, &principal.tenant_id, period).await
}
