//! `/v1/jobs`: start a recalculation, poll it.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use revrec_domain::{Convention, text};
use revrec_ports::RecalculationRequest;
use revrec_usecases::Principal;
use revrec_usecases::recalculation::{MAX_CONTRACT_IDS, get_job, start_recalculation};
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{IntoResponses, PartialSchema};

use crate::shell::body::parse_json;
use crate::shell::docs::{IDEMPOTENCY_KEY_DOC, StandardErrors};
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::respond::Reply;
use crate::shell::state::AppState;
use crate::wire::jobs::{Job, JobCreated, RecalculationInput};
use crate::wire::problems::Problems;

/// Start recalculating the tenant's waterfall figures (optionally restated under another
/// recognition convention). Poll `poll_url` for progress and the result.
#[utoipa::path(
    post, path = "/v1/jobs/recalculate-waterfall", tag = "primary", operation_id = "createWaterfallRecalculationJob",
    request_body(content = Option<RecalculationInput>, description = "Optional; no body recalculates every contract under its own policy"),
    params(("Idempotency-Key" = Option<String>, Header, description = IDEMPOTENCY_KEY_DOC, min_length = 1, max_length = 255, pattern = "^[\\x20-\\x7E]+$"), CorrectionParameter),
    responses(
        (status = 202, description = "Queued", body = JobCreated,
            headers(("Location" = String, description = "The URL to poll"))),
        StandardErrors,
        JobQueueFullResponse
    ),
    security(("bearer" = []))
)]
pub async fn create_job(
    state: &AppState,
    principal: &Principal,
    body: &[u8],
    query: &str,
) -> Result<Reply, ApiError> {
    let context = write_context(principal, query)?;
    let input: RecalculationInput = if body.iter().all(u8::is_ascii_whitespace) {
        RecalculationInput::default()
    } else {
        parse_json(body)?
    };
    let mut problems = Problems::default();
    if let Some(ids) = &input.contract_ids
        && (ids.is_empty() || ids.len() > MAX_CONTRACT_IDS)
    {
        problems.push(
            "contract_ids",
            format!("names 1 to {MAX_CONTRACT_IDS} contracts, or is left out for all of them"),
        );
    }
    // An id is looked up, so it is held to the rule the store can hold (no NUL).
    for (index, id) in input.contract_ids.iter().flatten().enumerate() {
        problems.text(format!("contract_ids[{index}]"), id, text::NAME);
    }
    let convention = match input
        .policy
        .as_ref()
        .and_then(|policy| policy.recognition_convention.as_deref())
    {
        None => None,
        Some(text) => {
            let convention = Convention::parse(text);
            if convention.is_none() {
                problems.push(
                    "policy.recognition_convention",
                    format!(
                        "unknown convention `{text}`; allowed: {}",
                        Convention::allowed_list()
                    ),
                );
            }
            convention
        }
    };
    problems.check()?;
    let job = start_recalculation(
        &state.services,
        &principal.tenant_id,
        &context,
        RecalculationRequest {
            contract_ids: input.contract_ids,
            convention,
            // The use case records the requester from the context.
            requested_by: String::new(),
        },
    )
    .await?;
    let poll_url = format!("{}/v1/jobs/{}", state.settings.public_url, job.id);
    Ok(Reply::json(
        StatusCode::ACCEPTED,
        &JobCreated {
            job_id: job.id.clone(),
            status: job.status.into(),
            poll_url: poll_url.clone(),
        },
    )
    .with_location(poll_url))
}

/// This route's 429: the rate limit, as on every route, or the tenant's job queue at its cap
/// (listed after [`StandardErrors`], whose 429 it replaces).
pub struct JobQueueFullResponse;

impl IntoResponses for JobQueueFullResponse {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut response = ResponseBuilder::new()
            .description(
                "Rate limit exceeded (`RATE_LIMITED`), or the tenant already has as many jobs queued or running as its cap (`JOB_QUEUE_FULL`: nothing was queued)",
            )
            .content(
                "application/problem+json",
                ContentBuilder::new()
                    .schema(Some(RefOr::Ref(Ref::from_schema_name("ProblemBody"))))
                    .build(),
            );
        for (name, description) in [
            (
                "Retry-After",
                "Seconds until the rate-limit window resets, or (JOB_QUEUE_FULL) until the tenant's oldest unfinished job should be done, from how long its latest jobs took; 1 to 60",
            ),
            (
                "RateLimit-Limit",
                "Requests per minute of the credential's plan",
            ),
            ("RateLimit-Remaining", "Requests left in the window"),
            ("RateLimit-Reset", "Seconds until the window resets"),
        ] {
            response = response.header(
                name,
                HeaderBuilder::new()
                    .schema(u32::schema())
                    .description(Some(description))
                    .build(),
            );
        }
        BTreeMap::from([("429".to_owned(), RefOr::T(response.build()))])
    }
}

/// A job's status, progress and, once finished, its result.
#[utoipa::path(
    get, path = "/v1/jobs/{job_id}", tag = "primary", operation_id = "getJobStatus",
    params(("job_id" = String, Path, description = "The job's id")),
    responses((status = 200, description = "The job", body = Job), StandardErrors),
    security(("bearer" = []))
)]
pub async fn job_status(
    state: &AppState,
    principal: &Principal,
    id: &str,
) -> Result<Reply, ApiError> {
    let job = get_job(&state.services, &principal.tenant_id, id).await?;
    Ok(Reply::json(
        StatusCode::OK,
        &Job::from_record(&job, &state.settings.public_url),
    ))
}
