//! The books' closed months on the wire (docs/ledger.md, Month end): the bodies of
//! `POST /v1/periods/close`, `POST /v1/periods/reopen` and the answer of all three routes.

use revrec_domain::PeriodAction;
use revrec_usecases::periods::PeriodsView;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::dates::format_timestamp;

/// `POST /v1/periods/close`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseInput {
    /// The last month to close, `YYYY-MM`: every open month up to it closes with it. It
    /// must have ended by the server's clock (UTC).
    #[schema(example = "2026-03")]
    pub through: Option<String>,
}

/// `POST /v1/periods/reopen`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReopenInput {
    /// The first month to reopen, `YYYY-MM`: it and every later closed month reopen.
    #[schema(example = "2026-02")]
    pub from: Option<String>,
    /// Why, in words an auditor reads later: kept in the history. Free text (one line).
    #[schema(
        example = "February's usage invoices were posted late",
        max_length = 1000
    )]
    pub reason: Option<String>,
}

/// A tenant's books: the closed months and every close and reopen.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Periods {
    /// The first month not closed; null before any month is closed.
    #[schema(example = "2026-04")]
    pub first_open_period: Option<String>,
    /// The closed months, oldest first, from the first with figures.
    pub closed: Vec<ClosedPeriod>,
    /// Every close and reopen, first recorded first. Never rewritten.
    pub history: Vec<PeriodEvent>,
}

/// One closed month.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClosedPeriod {
    #[schema(example = "2026-03")]
    pub period: String,
    /// When the close that froze it was recorded (RFC 3339, UTC).
    pub closed_at: String,
    /// The credential that closed it: `key:<id>`, `oauth:<client_id>`, `sandbox`, or
    /// `console:<user>`.
    pub closed_by: String,
    /// The canonical digest of every figure the month froze (`revrec verify` recomputes
    /// it).
    pub digest: String,
}

/// One close or reopen.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PeriodEvent {
    /// 1 for the tenant's first, one more each time.
    pub sequence: i64,
    /// `close` or `reopen`.
    #[schema(example = "close")]
    pub action: String,
    /// The last month a close closed, or the first month a reopen reopened.
    #[schema(example = "2026-03")]
    pub period: String,
    pub recorded_at: String,
    pub actor: String,
    /// Why a reopen was made; null for a close.
    pub reason: Option<String>,
}

impl ClosedPeriod {
    pub fn of(month: &revrec_usecases::periods::ClosedMonth) -> ClosedPeriod {
        ClosedPeriod {
            period: month.period.to_string(),
            closed_at: format_timestamp(month.closed_at),
            closed_by: month.closed_by.clone(),
            digest: month.digest.as_str().to_owned(),
        }
    }
}

impl Periods {
    pub fn of(view: &PeriodsView) -> Periods {
        Periods {
            first_open_period: view.first_open.map(|period| period.to_string()),
            closed: view.closed.iter().map(ClosedPeriod::of).collect(),
            history: view
                .history
                .iter()
                .map(|event| {
                    let (action, period) = match event.action {
                        PeriodAction::Close { through } => ("close", through),
                        PeriodAction::Reopen { from } => ("reopen", from),
                    };
                    PeriodEvent {
                        sequence: event.sequence,
                        action: action.to_owned(),
                        period: period.to_string(),
                        recorded_at: format_timestamp(event.recorded_at),
                        actor: event.actor.clone(),
                        reason: event.reason.clone(),
                    }
                })
                .collect(),
        }
    }
}

/// `PUT /v1/periods/posting-control`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostingControlInput {
    /// `allowed` (the default): a write effective in a closed month is booked as a
    /// correction in the first open month. `corrections_only`: such a write is refused
    /// (409 `PERIOD_CLOSED`) unless it says `correction=true`.
    #[schema(value_type = Option<ClosedMonthWritesName>, example = "corrections_only")]
    pub closed_month_writes: Option<String>,
}

/// What a tenant's posting control does with a write effective in a closed month.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum ClosedMonthWritesName {
    Allowed,
    CorrectionsOnly,
}

/// A tenant's posting control (docs/ledger.md, "Posting control").
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PostingControlSetting {
    #[schema(value_type = ClosedMonthWritesName, example = "corrections_only")]
    pub closed_month_writes: String,
    /// When it was set (RFC 3339, UTC); null while the default is in force.
    pub recorded_at: Option<String>,
    /// The credential that set it; null while the default is in force.
    pub recorded_by: Option<String>,
}

impl PostingControlSetting {
    pub fn of(record: Option<&revrec_ports::PostingControlRecord>) -> PostingControlSetting {
        match record {
            Some(record) => PostingControlSetting {
                closed_month_writes: record.control.as_str().to_owned(),
                recorded_at: Some(format_timestamp(record.recorded_at)),
                recorded_by: Some(record.actor.clone()),
            },
            None => PostingControlSetting {
                closed_month_writes: revrec_domain::PostingControl::default().as_str().to_owned(),
                recorded_at: None,
                recorded_by: None,
            },
        }
    }
}
