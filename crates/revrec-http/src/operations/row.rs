//! One row of the operation table: what an operation is, how it is charged, paid, batched
//! and offered as a tool, and the function that runs it.

use std::future::Future;
use std::pin::Pin;

use revrec_ports::Scope;
use revrec_usecases::Principal;
use utoipa::openapi::OpenApi;

use crate::shell::error::ApiError;
use crate::shell::respond::Reply;
use crate::shell::state::AppState;

/// The roots of the two REST surfaces: every row's path is under one of them.
pub const SURFACES: [&str; 2] = ["/v1", "/api/v1"];

/// One operation of the API.
pub struct Operation {
    /// `METHOD /path`, the path a template as the OpenAPI document writes it.
    pub route: &'static str,
    /// The OpenAPI `operationId` (the handler's `#[utoipa::path]` says it too; a test holds
    /// the two together).
    pub operation_id: &'static str,
    /// What the caller's credential must hold.
    pub scope: Scope,
    pub credential: Credential,
    pub body: Body,
    pub batch: Batch,
    pub price: Price,
    /// Whether a retry under the same `Idempotency-Key` replays the first answer.
    pub idempotent: bool,
    /// How long a kept answer may be replayed.
    pub replay: Replay,
    pub cost: Cost,
    pub answer: Answer,
    pub deprecation: Option<Retirement>,
    pub tool: Tool,
    /// Adds the operation, as its handler's `#[utoipa::path]` describes it, to a document
    /// (`document::describe` of the handler's path type).
    pub document: fn(&mut OpenApi),
    pub handler: Handler,
}

/// How long an answer kept under an `Idempotency-Key` may be replayed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replay {
    /// For as long as the key is kept.
    Kept,
    /// While no close or reopen was recorded since (a close or a reopen): an answer that
    /// says "closed" must not be replayed once a reopen opened the months again
    /// (docs/ledger.md, Month end). Sent again after the books moved, the request runs
    /// again and its answer replaces the kept one.
    WhileBooksStand,
}

/// Who may call an operation, beyond its scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Credential {
    /// An API key, an OAuth access token or the sandbox token.
    Any,
    /// An API key or the sandbox token, not an OAuth access token (jobs and batch).
    ApiKey,
}

/// What the operation reads from the request body.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Body {
    /// Nothing (a GET).
    None,
    /// A JSON object, with a JSON content type.
    Json,
    /// JSON when there is a body (it may be empty).
    OptionalJson,
    /// Nothing, but whatever was sent still belongs to the request's identity for
    /// `Idempotency-Key`.
    Ignored,
}

/// Whether a batch may run the operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Batch {
    Runs,
    /// A batch answers 400 `BATCH_OPERATION_NOT_ALLOWED` for it.
    Refused,
}

/// Whether the caller's plan prices a call of the operation (paid over HTTP 402).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Price {
    Free,
    /// The plan's per-call price (`REVREC_CALL_PRICE_CENTS`, docs/payments.md).
    PerCall,
}

/// What the operation is charged against the caller's rate limit beyond the unit every
/// request takes (docs/limits.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cost {
    /// The one unit of admission.
    Unit,
    /// One unit per started 12,000 obligation-months of the contract in its body.
    ContractBody,
    /// A heavy read: one unit per started 12,000 obligation-months it replays, and refused
    /// past the limit of one request.
    Work,
    /// What its operations cost one by one (the batch).
    Operations,
}

/// How a successful answer is sent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// With a strong `ETag`, or 304 when `If-None-Match` names it.
    Conditional,
    Plain,
}

/// A deprecation announced on every answer (`Deprecation`, `Sunset`), then a 410 after the
/// sunset; instants in RFC 3339. `REVREC_DEPRECATIONS` can deprecate any operation too.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Retirement {
    pub deprecated_at: &'static str,
    pub sunset_at: &'static str,
}

/// The operation as an MCP tool, or why it is not one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    Named {
        name: &'static str,
        title: &'static str,
        description: &'static str,
        /// Whether it ends or removes something (MCP's `destructiveHint`).
        destructive: bool,
    },
    NotATool(&'static str),
}

/// The function that runs an operation once its request is read: what the table's own
/// route, a batch and an MCP tool all call.
pub type Run =
    for<'a> fn(&'a Call<'a>) -> Pin<Box<dyn Future<Output = Result<Reply, ApiError>> + 'a>>;

/// How the operation is served over HTTP.
#[derive(Clone, Copy)]
pub enum Handler {
    /// The table's route reads the request (`serve.rs`) and runs it.
    Runs(Run),
    /// A handler of its own serves it (it answers more than JSON, or runs other
    /// operations); `run` is what a tool runs, if it is one.
    Own {
        route: fn() -> actix_web::Route,
        run: Option<Run>,
    },
}

/// One call of an operation: who calls, the path's parameters, the query string and body.
pub struct Call<'a> {
    pub state: &'a AppState,
    pub principal: &'a Principal,
    pub params: &'a PathParams,
    pub query: &'a str,
    pub body: &'a [u8],
}

impl Call<'_> {
    /// The path parameter `name` (each row asks only for its template's).
    pub fn param(&self, name: &str) -> &str {
        self.params.get(name)
    }
}

/// The values of a route's `{name}` segments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathParams(pub Vec<(&'static str, String)>);

impl PathParams {
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(given, _)| *given == name)
            .map_or("", |(_, value)| value.as_str())
    }
}

impl Operation {
    pub fn method(&self) -> &'static str {
        self.route.split_once(' ').map_or("", |(method, _)| method)
    }

    pub fn path(&self) -> &'static str {
        self.route.split_once(' ').map_or("", |(_, path)| path)
    }

    /// The names of the path's `{…}` segments, in order.
    pub fn parameter_names(&self) -> impl Iterator<Item = &'static str> {
        self.path()
            .split('/')
            .filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
    }

    /// Whether it only reads.
    pub fn reads_only(&self) -> bool {
        self.method() == "GET"
    }

    /// What a call costs the caller in US cents: its plan's per-call price when the row is
    /// priced, else nothing.
    pub fn price_cents(&self, state: &AppState, principal: &Principal) -> i64 {
        match self.price {
            Price::Free => 0,
            Price::PerCall => state.services.policy.call_price_cents.of(principal.plan),
        }
    }

    /// What runs the operation for a batch or a tool.
    pub fn run(&self) -> Option<Run> {
        match self.handler {
            Handler::Runs(run) => Some(run),
            Handler::Own { run, .. } => run,
        }
    }

    pub fn tool_name(&self) -> Option<&'static str> {
        match self.tool {
            Tool::Named { name, .. } => Some(name),
            Tool::NotATool(_) => None,
        }
    }
}

/// The table, with each of its paths and the methods it takes (`GET, POST`) in table order:
/// the resources actix serves, matched in this order. Built once, when the routes are; the
/// batch reads it at run time.
#[derive(Clone)]
pub struct Table {
    pub rows: &'static [Operation],
    pub resources: Vec<(&'static str, String)>,
}

impl Table {
    pub fn new(rows: &'static [Operation]) -> Table {
        let mut resources: Vec<(&'static str, String)> = Vec::new();
        for operation in rows {
            match resources
                .iter_mut()
                .find(|(path, _)| *path == operation.path())
            {
                Some((_, methods)) => {
                    methods.push_str(", ");
                    methods.push_str(operation.method());
                }
                None => resources.push((operation.path(), operation.method().to_owned())),
            }
        }
        Table { rows, resources }
    }
}
