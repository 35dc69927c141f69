//! The audit trail on the wire (docs/ledger.md, "Who did what"): `GET /v1/audit-events`.

use revrec_usecases::audit_trail::AuditPage;
use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::dates::format_timestamp;

/// One fact of the books and who recorded it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AuditEvent {
    /// When it was recorded (RFC 3339, UTC, to the microsecond).
    #[schema(format = DateTime)]
    pub recorded_at: String,
    /// `version.initial`, `version.prospective`, `version.cumulative_catch_up`,
    /// `version.termination`, `version.fulfillment`, `version.progress`,
    /// `version.restatement`, `invoice`, `payment`, `period.close`, `period.reopen`,
    /// `chart`, `posting_control`, `job`, `usage.recorded` or `usage.restated`.
    #[schema(example = "version.prospective")]
    pub kind: String,
    /// The contract the fact is of; null for a fact of the books (a close, a chart
    /// version, a posting control change, a job).
    pub contract_id: Option<String>,
    /// Which one: the version number, the invoice's or payment's id, the month closed
    /// through or reopened from, the chart version, the setting, the job's id.
    #[schema(example = "2")]
    pub reference: String,
    /// Who recorded it: `key:<id>`, `oauth:<client_id>`, `sandbox`, `cli` or
    /// `console:<email>` (`unknown` for facts recorded before actors were kept). Never a
    /// secret.
    #[schema(example = "key:key_01h8")]
    pub actor: String,
}

/// A page of the audit trail, oldest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AuditEvents {
    pub data: Vec<AuditEvent>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl AuditEvents {
    pub fn of(page: &AuditPage, next_cursor: Option<String>) -> AuditEvents {
        AuditEvents {
            data: page
                .events
                .iter()
                .map(|event| AuditEvent {
                    recorded_at: format_timestamp(event.recorded_at),
                    kind: event.kind.clone(),
                    contract_id: event.contract_id.clone(),
                    reference: event.reference.clone(),
                    actor: event.actor.clone(),
                })
                .collect(),
            next_cursor,
        }
    }
}
