//! The operation table: one row per operation of the two REST surfaces, and everything
//! derived from it. A row says what the operation is (its route and operation id, scope and
//! credential, body), how it is charged and paid (cost, per-call price), whether a batch may
//! run it, whether it is an MCP tool (or why not), its deprecation, and the function that
//! runs it. The actix routes (`serve.rs`), the batch's router (`router.rs`, `batch.rs`), the
//! priced routes and the intent's prices, the MCP tools and the operation list the OpenAPI
//! document gathers are all read from [`OPERATIONS`], so an operation is added in one row.

pub mod batch;
pub mod document;
pub mod router;
pub mod row;
pub mod serve;
pub mod table;

pub use row::{
    Answer, Batch, Body, Call, Cost, Credential, Handler, Operation, PathParams, Price, Retirement,
    Run, Table, Tool,
};
pub use table::{OPERATIONS, documented, priced_routes};
