//! Recalculation jobs on the wire (docs/batch-and-jobs.md).

use std::collections::BTreeMap;

use revrec_ports::{JobRecord, JobStatus};
use revrec_usecases::recalculation::{job_output_hash, progress_percent};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shell::problem::{ErrorCode, ProblemBody, ProblemDetails};
use crate::wire::amount::Amount;
use crate::wire::contracts::ConventionName;
use crate::wire::dates::format_timestamp;

/// Body of `POST /v1/jobs/recalculate-waterfall` (optional: no body recalculates every
/// contract under its own policy).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecalculationInput {
    /// Only these contracts (at most 1,000); default every contract of the tenant.
    #[schema(max_items = 1000)]
    pub contract_ids: Option<Vec<String>>,
    /// Restate the contracts under this policy (retrospectively: every version of each
    /// contract takes it, and reports afterwards equal those of contracts ingested under it).
    pub policy: Option<PolicyInput>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyInput {
    #[schema(value_type = Option<ConventionName>)]
    pub recognition_convention: Option<String>,
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStatusName {
    Queued,
    Processing,
    Completed,
    Failed,
}

impl From<JobStatus> for JobStatusName {
    fn from(status: JobStatus) -> JobStatusName {
        match status {
            JobStatus::Queued => JobStatusName::Queued,
            JobStatus::Processing => JobStatusName::Processing,
            JobStatus::Completed => JobStatusName::Completed,
            JobStatus::Failed => JobStatusName::Failed,
        }
    }
}

/// The answer to creating a job.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JobCreated {
    #[schema(example = "job_01jdx8p3yq4g6bqk2v7hzt0w5n")]
    pub job_id: String,
    pub status: JobStatusName,
    /// Absolute URL of `GET /v1/jobs/{job_id}` (also in `Location`).
    pub poll_url: String,
}

/// A job as polled.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Job {
    pub job_id: String,
    pub status: JobStatusName,
    /// 0–100: contracts processed over contracts selected; 100 once finished.
    #[schema(minimum = 0, maximum = 100)]
    pub progress: u8,
    /// What the job was asked to do.
    pub request: JobRequest,
    /// Who asked for it (the credential); the versions a restatement writes are recorded
    /// by them.
    #[schema(example = "key:key_01h8")]
    pub requested_by: String,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[schema(format = DateTime)]
    pub finished_at: Option<String>,
    /// Present once the job has finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<JobResult>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JobRequest {
    pub contract_ids: Option<Vec<String>>,
    pub policy: Option<PolicyInput>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JobResult {
    pub contracts_recalculated: u64,
    /// Contracts whose figures changed (and were written).
    pub contracts_changed: u64,
    /// Change of revenue recognized through the end of `as_of_period`, per currency.
    pub total_recognized_delta: BTreeMap<String, Amount>,
    /// `sha256:` chained over every recalculated contract's schedule, in id order: the same
    /// figures give the same hash.
    pub output_hash: String,
    #[schema(example = "2026-11")]
    pub as_of_period: String,
    /// Contracts the policy could not be applied to; they keep their figures.
    pub skipped: Vec<SkippedContract>,
    /// Why a failed job failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ProblemBody>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SkippedContract {
    pub contract_id: String,
    pub reason: String,
}

impl Job {
    pub fn from_record(job: &JobRecord, public_url: &str) -> Job {
        let finished = job.status.is_finished();
        let result = finished.then(|| JobResult {
            contracts_recalculated: job.progress.processed,
            contracts_changed: job.progress.changed,
            total_recognized_delta: job
                .progress
                .recognized_delta
                .iter()
                .map(|(currency, amount)| {
                    (
                        currency.code().to_owned(),
                        Amount::minor(*amount, *currency),
                    )
                })
                .collect(),
            output_hash: job_output_hash(job),
            as_of_period: job.as_of.to_string(),
            skipped: job
                .progress
                .skipped
                .iter()
                .map(|(contract_id, reason)| SkippedContract {
                    contract_id: contract_id.clone(),
                    reason: reason.clone(),
                })
                .collect(),
            error: job.failure.as_ref().map(|failure| {
                let code = ErrorCode::parse(&failure.code).unwrap_or(ErrorCode::InternalError);
                ProblemDetails::new(code, failure.message.clone()).to_body(
                    public_url,
                    &format!("/v1/jobs/{}", job.id),
                    None,
                )
            }),
        });
        Job {
            job_id: job.id.clone(),
            status: job.status.into(),
            progress: progress_percent(job),
            request: JobRequest {
                contract_ids: job.request.contract_ids.clone(),
                policy: job.request.convention.map(|convention| PolicyInput {
                    recognition_convention: Some(convention.as_str().to_owned()),
                }),
            },
            requested_by: job.request.requested_by.clone(),
            created_at: format_timestamp(job.created_at),
            updated_at: format_timestamp(job.updated_at),
            finished_at: job.finished_at.map(format_timestamp),
            result,
        }
    }
}
