//! `POST /v1/batch` on the wire (docs/batch-and-jobs.md).

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchRequest {
    /// Run in order; a later operation sees the writes of an earlier one.
    #[schema(max_items = 100)]
    pub operations: Vec<BatchOperation>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchOperation {
    #[schema(value_type = BatchMethod)]
    pub method: String,
    /// A primary route relative to `/v1` (a leading `/v1` is accepted), with its query
    /// string: `/contracts`, `/contracts/ctr_…/terminate`, `/waterfalls?start_period=2026-01`.
    #[schema(example = "/contracts")]
    pub path: String,
    /// The route's JSON body, for POST and PUT.
    #[schema(value_type = Option<Object>)]
    pub body: Option<Box<RawValue>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
pub enum BatchMethod {
    GET,
    POST,
    PUT,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BatchResponse {
    /// One per operation, in request order.
    pub results: Vec<BatchResult>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BatchResult {
    /// The status the route itself would have answered.
    pub status: u16,
    /// The `Location` the route would have sent (a created contract's URL).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// The route's body: its JSON, or an RFC 9457 problem when it failed.
    #[schema(value_type = Object)]
    pub body: Box<RawValue>,
}
