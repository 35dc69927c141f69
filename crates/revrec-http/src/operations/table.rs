//! The rows: every operation of the primary surface (`/v1`) and the guide surface
//! (`/api/v1`), the primary's first. The order is the order of the routes, of the priced
//! routes in the payment intent and of the MCP tools; a literal path comes before a
//! template it would match (`/v1/jobs/recalculate-waterfall` before `/v1/jobs/{job_id}`).

use actix_web::web;
use revrec_ports::Scope;

use utoipa::openapi::OpenApi;

use super::document::describe;
use super::row::{
    Answer, Batch, Body, Call, Cost, Credential, Handler, Operation, Price, Replay, Tool,
};
use crate::guide;
use crate::payments;
use crate::primary::{
    audit_events, close_packages, contracts, estimates, events, explain, invoices, jobs,
    payments_received, periods, reports, usage, usage_upload,
};

/// What most rows share: a read of the primary surface that a batch may run, free, charged
/// its admission unit, with an `ETag`, announced as current, reading no body.
const READ: Operation = Operation {
    route: "",
    operation_id: "",
    scope: Scope::ReadContracts,
    credential: Credential::Any,
    body: Body::None,
    batch: Batch::Runs,
    price: Price::Free,
    idempotent: false,
    replay: Replay::Kept,
    cost: Cost::Unit,
    answer: Answer::Conditional,
    deprecation: None,
    tool: Tool::NotATool(""),
    document: |_| {},
    handler: Handler::Own {
        route: web::get,
        run: None,
    },
};

/// A write of the primary surface: a JSON body under `Idempotency-Key`.
const WRITE: Operation = Operation {
    scope: Scope::WriteContracts,
    body: Body::Json,
    idempotent: true,
    answer: Answer::Plain,
    ..READ
};

pub static OPERATIONS: &[Operation] = &[
    Operation {
        route: "GET /v1/contracts",
        operation_id: "listContracts",
        price: Price::PerCall,
        tool: Tool::Named {
            name: "list_contracts",
            title: "List contracts",
            description: "List and search the tenant's contracts (newest first), a page at a time: filter by text, customer or status; pass `cursor` from `next_cursor` for the next page.",
            destructive: false,
        },
        document: describe::<contracts::__path_list>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::list(call.state, call.principal, call.query))
        }),
        ..READ
    },
    Operation {
        route: "POST /v1/contracts",
        operation_id: "ingestContract",
        price: Price::PerCall,
        cost: Cost::ContractBody,
        tool: Tool::NotATool(
            "ingest_contract takes the guide payload: one tool per write keeps an agent from choosing between two shapes of the same contract",
        ),
        document: describe::<contracts::__path_ingest>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::ingest(
                call.state,
                call.principal,
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/contracts/{id}",
        operation_id: "getContract",
        tool: Tool::Named {
            name: "get_contract",
            title: "Get a contract",
            description: "One contract with its performance obligations, allocation and status; `version` shows an earlier version as it stood.",
            destructive: false,
        },
        document: describe::<contracts::__path_get>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::get(
                call.state,
                call.principal,
                call.param("id"),
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "PUT /v1/contracts/{id}",
        operation_id: "updateContract",
        cost: Cost::ContractBody,
        tool: Tool::Named {
            name: "modify_contract",
            title: "Modify a contract",
            description: "Replace a draft's terms, or amend an active contract from `effective_date` (treatment prospective, cumulative_catch_up or separate_contract). Send the whole new terms.",
            destructive: false,
        },
        document: describe::<contracts::__path_update>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::update(
                call.state,
                call.principal,
                call.param("id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/activate",
        operation_id: "activateContract",
        body: Body::Ignored,
        tool: Tool::Named {
            name: "activate_contract",
            title: "Activate a contract",
            description: "Activate a draft: its figures enter every report from then on.",
            destructive: false,
        },
        document: describe::<contracts::__path_activate>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::activate(
                call.state,
                call.principal,
                call.param("id"),
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/terminate",
        operation_id: "terminateContract",
        tool: Tool::Named {
            name: "terminate_contract",
            title: "Terminate a contract",
            description: "End an active contract: no revenue from `effective_date` (the first day without service); the unrecognized rest leaves the price, deferred revenue and RPO.",
            destructive: true,
        },
        document: describe::<contracts::__path_terminate>,
        handler: Handler::Runs(|call| {
            Box::pin(contracts::terminate(
                call.state,
                call.principal,
                call.param("id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/contracts/{id}/versions",
        operation_id: "listContractVersions",
        tool: Tool::Named {
            name: "list_contract_versions",
            title: "Contract versions",
            description: "Every version of a contract, first to current, with what each changed: the treatment, the catch-up booked in its effective month, the re-allocation of a prospective change, what an event recognized.",
            destructive: false,
        },
        document: describe::<events::__path_versions>,
        handler: Handler::Runs(|call| {
            Box::pin(events::versions(
                call.state,
                call.principal,
                call.param("id"),
            ))
        }),
        ..READ
    },
    Operation {
        route: "GET /v1/contracts/{id}/explain",
        operation_id: "explainContractMonth",
        scope: Scope::ReadWaterfalls,
        cost: Cost::Work,
        tool: Tool::Named {
            name: "explain_contract_month",
            title: "Explain a contract's month",
            description: "Every cent of one contract's month (`period`, YYYY-MM) traced: the relative-SSP allocation step by step, the versions, each obligation's formula with its numbers, the corrections of closed months and the journal lines; each step has a one-sentence `text`. `as_of` (RFC 3339) explains it as the books stood then.",
            destructive: false,
        },
        document: describe::<explain::__path_explain>,
        handler: Handler::Runs(|call| {
            Box::pin(explain::explain(
                call.state,
                call.principal,
                call.param("id"),
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "POST /v1/contracts/{id}/obligations/{pob_id}/fulfillments",
        operation_id: "fulfillObligation",
        tool: Tool::Named {
            name: "fulfill_obligation",
            title: "Fulfill an obligation",
            description: "Record the delivery of a point-in-time obligation that awaits it (`pob_id` from the contract's performance_obligations): its whole allocation becomes revenue of `date`'s month, as a new contract version. A second fulfillment is refused.",
            destructive: false,
        },
        document: describe::<events::__path_fulfill>,
        handler: Handler::Runs(|call| {
            Box::pin(events::fulfill(
                call.state,
                call.principal,
                call.param("id"),
                call.param("pob_id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/obligations/{pob_id}/progress",
        operation_id: "reportProgress",
        tool: Tool::Named {
            name: "report_progress",
            title: "Report progress",
            description: "Report cumulative `percent_complete` (0-100, up to 4 decimals, as a decimal string) on a `progress` obligation as of a date: that month carries the difference from the last report, negative when an estimate falls.",
            destructive: false,
        },
        document: describe::<events::__path_progress>,
        handler: Handler::Runs(|call| {
            Box::pin(events::progress(
                call.state,
                call.principal,
                call.param("id"),
                call.param("pob_id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/obligations/{pob_id}/usage",
        operation_id: "recordUsage",
        tool: Tool::Named {
            name: "record_usage",
            title: "Record usage",
            description: "Record one usage record on a `usage` line (`pob_id`): `record_id` (the metering system's id), `occurred_on` (a day the line is in service), and `quantity` (a decimal string, rated by the line's usage_pricing) or `amount` (on a line without pricing). On a `credits` line, `quantity` counts the credits used (by the day they expire), and `rated_amount` is what the line recognizes in the month. The answer carries the month's units and `rated_amount`. The same record_id with the same body is a replay; with another body a restatement in the same month. A record of a closed month is booked as a correction in the first open month.",
            destructive: false,
        },
        document: describe::<usage::__path_record>,
        handler: Handler::Runs(|call| {
            Box::pin(usage::record(
                call.state,
                call.principal,
                (call.param("id"), call.param("pob_id")),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/contracts/{id}/obligations/{pob_id}/usage",
        operation_id: "listUsage",
        tool: Tool::Named {
            name: "list_usage",
            title: "A usage line's month",
            description: "A usage line's month (`period`, YYYY-MM): its units, the amounts its records carried, the `rated_amount` they make its revenue, and every record (the latest revision of each).",
            destructive: false,
        },
        document: describe::<usage::__path_month>,
        handler: Handler::Runs(|call| {
            Box::pin(usage::month(
                call.state,
                call.principal,
                (call.param("id"), call.param("pob_id")),
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "POST /v1/usage-records",
        operation_id: "uploadUsage",
        batch: Batch::Refused,
        // Each line is its own record: a repeated upload replays them, line by line.
        idempotent: false,
        tool: Tool::NotATool(
            "an upload is a metering system's export file; an agent records usage one record at a time with record_usage",
        ),
        document: describe::<usage_upload::__path_upload_route>,
        // It reads NDJSON or CSV as the body arrives, so it reads its request itself.
        handler: Handler::Own {
            route: || web::post().to(usage_upload::upload_route),
            run: None,
        },
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/estimates",
        operation_id: "updateEstimate",
        tool: Tool::Named {
            name: "update_estimate",
            title: "Update a variable estimate",
            description: "Re-estimate a contract's variable component (`component_id` from its variable_consideration) as of a day in an open month: `included_amount` (a decimal string, never above the estimate of its scenarios) moves the transaction price, and `as_of`'s month carries the cumulative catch-up. Earlier months never move. New `scenarios` may be sent; the method may not change. Or revise a prepaid credits line's expected usage: `obligation_id` (its pob_ id) with `expected_usage` (a decimal string, at most its credits), caught up in `as_of`'s month the same way.",
            destructive: false,
        },
        document: describe::<estimates::__path_estimate>,
        handler: Handler::Runs(|call| {
            Box::pin(estimates::estimate(
                call.state,
                call.principal,
                call.param("id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "POST /v1/contracts/{id}/invoices",
        operation_id: "recordInvoice",
        tool: Tool::Named {
            name: "record_invoice",
            title: "Record an invoice",
            description: "Bill a contract: from its first invoice on, billed less recognized is a contract liability or a contract asset per month. `number` is the invoice's natural key: sent again with the same figures it is a replay. Amounts are decimal strings.",
            destructive: false,
        },
        document: describe::<invoices::__path_invoice>,
        handler: Handler::Runs(|call| {
            Box::pin(invoices::invoice(
                call.state,
                call.principal,
                call.param("id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/contracts/{id}/payments",
        operation_id: "listPayments",
        tool: Tool::Named {
            name: "list_payments",
            title: "Payments received",
            description: "The cash a contract has received, in the order it was recorded: each payment's date, amount and reference. `as_of` (RFC 3339) lists what the books knew then.",
            destructive: false,
        },
        document: describe::<payments_received::__path_payments>,
        handler: Handler::Runs(|call| {
            Box::pin(payments_received::payments(
                call.state,
                call.principal,
                call.param("id"),
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "POST /v1/contracts/{id}/payments",
        operation_id: "recordPayment",
        tool: Tool::Named {
            name: "record_payment",
            title: "Record a payment",
            description: "Record cash received against a contract: Dr Cash Clearing, Cr Accounts Receivable up to what is billed and unpaid, Cr Customer Credit beyond it. `reference` is the payment's natural key: sent again with the same date and amount it is a replay. Dated in a closed month, it is booked as a correction in the first open month. Amounts are decimal strings.",
            destructive: false,
        },
        document: describe::<payments_received::__path_payment>,
        handler: Handler::Runs(|call| {
            Box::pin(payments_received::payment(
                call.state,
                call.principal,
                call.param("id"),
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/waterfalls",
        operation_id: "getRevenueWaterfalls",
        scope: Scope::ReadWaterfalls,
        price: Price::PerCall,
        cost: Cost::Work,
        tool: Tool::Named {
            name: "get_waterfall",
            title: "Revenue waterfall",
            description: "Monthly recognized revenue and deferred balances for the portfolio, or for one contract with `contract_id`, between `start_period` and `end_period` (YYYY-MM). `group_by=pob_type` splits each month by obligation type; `group_by=obligation` (with `contract_id`) by obligation.",
            destructive: false,
        },
        document: describe::<reports::__path_waterfall>,
        handler: Handler::Runs(|call| {
            Box::pin(reports::waterfall(call.state, call.principal, call.query))
        }),
        ..READ
    },
    Operation {
        route: "GET /v1/disclosures/note6",
        operation_id: "getNote6Disclosures",
        scope: Scope::ReadDisclosures,
        price: Price::PerCall,
        cost: Cost::Work,
        tool: Tool::Named {
            name: "get_note6",
            title: "Note 6 disclosure",
            description: "Note 6 data for a quarter (`period` as YYYY-Qn): remaining performance obligations, disaggregated revenue and contract balances.",
            destructive: false,
        },
        document: describe::<reports::__path_note6>,
        handler: Handler::Runs(|call| {
            Box::pin(reports::note6(call.state, call.principal, call.query))
        }),
        ..READ
    },
    Operation {
        route: "GET /v1/periods",
        operation_id: "listPeriods",
        scope: Scope::ReadWaterfalls,
        cost: Cost::Work,
        answer: Answer::Plain,
        tool: Tool::Named {
            name: "list_periods",
            title: "Closed months",
            description: "The tenant's books: the first open month, each closed month with who closed it, when and the digest of its figures, and every close and reopen. `as_of` (RFC 3339) gives the books as they stood then.",
            destructive: false,
        },
        document: describe::<periods::__path_list>,
        handler: Handler::Runs(|call| {
            Box::pin(periods::list(call.state, call.principal, call.query))
        }),
        ..READ
    },
    Operation {
        route: "GET /v1/close-packages/{period}",
        operation_id: "getClosePackage",
        scope: Scope::ReadDisclosures,
        // Like the journal's CSV export: one read of the books a page at a time, admitted
        // as one call.
        batch: Batch::Refused,
        // Streamed as it is computed: no digest of the whole answer to tag it with.
        answer: Answer::Plain,
        tool: Tool::NotATool(
            "a close package is a file for a person or an auditor's replay, as large as the books; an agent reads the same figures with list_periods, get_note6 and get_journal_entries",
        ),
        document: describe::<close_packages::__path_close_package_route>,
        // It answers a ZIP too, so it reads its request itself.
        handler: Handler::Own {
            route: || web::get().to(close_packages::close_package_route),
            run: None,
        },
        ..READ
    },
    Operation {
        route: "POST /v1/periods/close",
        operation_id: "closePeriods",
        scope: Scope::ClosePeriods,
        tool: Tool::Named {
            name: "close_period",
            title: "Close months",
            description: "Close every open month through `through` (YYYY-MM, a month that has ended): what is reported for them never changes again, and later changes land in the first open month as corrections. Closing what is closed changes nothing.",
            destructive: false,
        },
        document: describe::<periods::__path_close>,
        handler: Handler::Runs(|call| {
            Box::pin(periods::close(call.state, call.principal, call.body))
        }),
        replay: Replay::WhileBooksStand,
        ..WRITE
    },
    Operation {
        route: "POST /v1/periods/reopen",
        operation_id: "reopenPeriods",
        scope: Scope::ClosePeriods,
        tool: Tool::NotATool(
            "reopening closed months restates figures already reported; a controller does it, with a reason for the history, over the API, the CLI or the console",
        ),
        document: describe::<periods::__path_reopen>,
        handler: Handler::Runs(|call| {
            Box::pin(periods::reopen(call.state, call.principal, call.body))
        }),
        replay: Replay::WhileBooksStand,
        ..WRITE
    },
    Operation {
        route: "GET /v1/periods/posting-control",
        operation_id: "getPostingControl",
        scope: Scope::ReadWaterfalls,
        tool: Tool::NotATool(
            "a tenant setting a controller reads and sets over the API, with list_periods for the books themselves",
        ),
        document: describe::<periods::__path_get_posting_control>,
        handler: Handler::Runs(|call| {
            Box::pin(periods::get_posting_control(call.state, call.principal))
        }),
        ..READ
    },
    Operation {
        route: "PUT /v1/periods/posting-control",
        operation_id: "putPostingControl",
        scope: Scope::ClosePeriods,
        tool: Tool::NotATool(
            "whether closed months take back-dated writes is a controller's policy, set over the API",
        ),
        document: describe::<periods::__path_put_posting_control>,
        handler: Handler::Runs(|call| {
            Box::pin(periods::put_posting_control(
                call.state,
                call.principal,
                call.body,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/audit-events",
        operation_id: "listAuditEvents",
        scope: Scope::ReadLedger,
        tool: Tool::Named {
            name: "list_audit_events",
            title: "Audit trail",
            description: "Who did what to the books, oldest first: every contract version, invoice, payment, close, reopen, chart change, posting control change and job, with who recorded it and when. Filter by `period` (the month it was recorded, YYYY-MM) or `contract_id`; pass `cursor` from `next_cursor` for the next page.",
            destructive: false,
        },
        document: describe::<audit_events::__path_list>,
        handler: Handler::Runs(|call| {
            Box::pin(audit_events::list(call.state, call.principal, call.query))
        }),
        ..READ
    },
    Operation {
        route: "POST /v1/batch",
        operation_id: "executeBatch",
        credential: Credential::ApiKey,
        batch: Batch::Refused,
        cost: Cost::Operations,
        tool: Tool::NotATool(
            "an MCP client calls tools one at a time; each operation a batch runs is a tool of its own",
        ),
        document: describe::<super::batch::__path_batch_route>,
        handler: Handler::Own {
            route: || web::post().to(super::batch::batch_route),
            run: None,
        },
        ..WRITE
    },
    Operation {
        route: "POST /v1/jobs/recalculate-waterfall",
        operation_id: "createWaterfallRecalculationJob",
        credential: Credential::ApiKey,
        body: Body::OptionalJson,
        tool: Tool::Named {
            name: "start_recalculation",
            title: "Start a recalculation",
            description: "Queue a job that recomputes every contract's schedule (or `contract_ids`), optionally under another recognition policy; read it with get_job.",
            destructive: false,
        },
        document: describe::<jobs::__path_create_job>,
        handler: Handler::Runs(|call| {
            Box::pin(jobs::create_job(
                call.state,
                call.principal,
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /v1/jobs/{job_id}",
        operation_id: "getJobStatus",
        credential: Credential::ApiKey,
        answer: Answer::Plain,
        tool: Tool::Named {
            name: "get_job",
            title: "Read a job",
            description: "A recalculation job's status, progress (0-100) and, once finished, its result and output_hash.",
            destructive: false,
        },
        document: describe::<jobs::__path_job_status>,
        handler: Handler::Runs(|call| {
            Box::pin(jobs::job_status(
                call.state,
                call.principal,
                call.param("job_id"),
            ))
        }),
        ..READ
    },
    Operation {
        route: "GET /v1/payments/intent",
        operation_id: "getPaymentIntent",
        batch: Batch::Refused,
        answer: Answer::Plain,
        tool: Tool::NotATool(
            "the payment terms are for HTTP clients that pay a 402; paid calls are not taken over MCP",
        ),
        document: describe::<payments::routes::__path_intent>,
        handler: Handler::Own {
            route: || web::get().to(payments::routes::intent),
            run: None,
        },
        ..READ
    },
    Operation {
        route: "GET /v1/payments/challenge",
        operation_id: "getPaymentChallenge",
        batch: Batch::Refused,
        answer: Answer::Plain,
        tool: Tool::NotATool(
            "the payment terms are for HTTP clients that pay a 402; paid calls are not taken over MCP",
        ),
        document: describe::<payments::routes::__path_challenge>,
        handler: Handler::Own {
            route: || web::get().to(payments::routes::challenge),
            run: None,
        },
        ..READ
    },
    Operation {
        route: "POST /api/v1/contracts/ingest",
        operation_id: "ingestGuideContract",
        batch: Batch::Refused,
        price: Price::PerCall,
        cost: Cost::ContractBody,
        tool: Tool::Named {
            name: "ingest_contract",
            title: "Ingest a contract",
            description: "Create a contract from the guide payload (total_amount, line items with pob_type, stated_price, ssp_price): allocated and scheduled at once. Amounts are decimal strings.",
            destructive: false,
        },
        document: describe::<guide::contracts::__path_ingest>,
        handler: Handler::Runs(|call| {
            Box::pin(guide::contracts::ingest(
                call.state,
                call.principal,
                call.body,
                call.query,
            ))
        }),
        ..WRITE
    },
    Operation {
        route: "GET /api/v1/reports/waterfall",
        operation_id: "getGuideWaterfall",
        scope: Scope::ReadWaterfalls,
        batch: Batch::Refused,
        price: Price::PerCall,
        cost: Cost::Work,
        tool: Tool::NotATool(
            "get_waterfall answers the same figures month by month, for any range",
        ),
        document: describe::<guide::reports::__path_waterfall>,
        handler: Handler::Runs(|call| {
            Box::pin(guide::reports::waterfall(
                call.state,
                call.principal,
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "GET /api/v1/accounting/journal-entries",
        operation_id: "listJournalEntries",
        scope: Scope::ReadLedger,
        batch: Batch::Refused,
        answer: Answer::Plain,
        tool: Tool::Named {
            name: "get_journal_entries",
            title: "Journal entries",
            description: "A month's balanced journal entries (`period` as YYYY-MM), a page at a time with totals; pass `cursor` from `next_cursor` for the next page.",
            destructive: false,
        },
        document: describe::<guide::accounting::__path_journal_entries_route>,
        // It answers CSV too, so it reads its request itself; a tool gets the JSON pages.
        handler: Handler::Own {
            route: || web::get().to(guide::accounting::journal_entries_route),
            run: Some(|call: &Call<'_>| {
                Box::pin(guide::accounting::journal_entries(
                    call.state,
                    call.principal,
                    call.query,
                ))
            }),
        },
        ..READ
    },
    Operation {
        route: "GET /api/v1/accounting/trial-balance",
        operation_id: "getTrialBalance",
        scope: Scope::ReadLedger,
        batch: Batch::Refused,
        cost: Cost::Work,
        answer: Answer::Plain,
        tool: Tool::Named {
            name: "get_trial_balance",
            title: "Trial balance",
            description: "Every account's debit or credit balance at the end of a month (`period` as YYYY-MM), per currency; debits equal credits.",
            destructive: false,
        },
        document: describe::<guide::accounting::__path_trial_balance>,
        handler: Handler::Runs(|call| {
            Box::pin(guide::accounting::trial_balance(
                call.state,
                call.principal,
                call.query,
            ))
        }),
        ..READ
    },
    Operation {
        route: "GET /api/v1/accounting/chart-of-accounts",
        operation_id: "getChartOfAccounts",
        scope: Scope::ReadLedger,
        batch: Batch::Refused,
        answer: Answer::Plain,
        tool: Tool::NotATool(
            "the chart maps the books to a general ledger's accounts: set up by a person, and every journal line an agent reads already names its account",
        ),
        document: describe::<guide::accounting::__path_get_chart>,
        handler: Handler::Runs(|call| {
            Box::pin(guide::accounting::get_chart(call.state, call.principal))
        }),
        ..READ
    },
    Operation {
        route: "PUT /api/v1/accounting/chart-of-accounts",
        operation_id: "putChartOfAccounts",
        batch: Batch::Refused,
        tool: Tool::NotATool(
            "the chart maps the books to a general ledger's accounts: a controller changes it, not an agent",
        ),
        document: describe::<guide::accounting::__path_put_chart>,
        handler: Handler::Runs(|call| {
            Box::pin(guide::accounting::put_chart(
                call.state,
                call.principal,
                call.body,
            ))
        }),
        ..WRITE
    },
];

/// The routes a plan's per-call price applies to, in table order.
pub fn priced_routes() -> Vec<&'static str> {
    OPERATIONS
        .iter()
        .filter(|operation| operation.price == Price::PerCall)
        .map(|operation| operation.route)
        .collect()
}

/// The table's operations as the OpenAPI document describes them.
pub fn documented() -> OpenApi {
    super::document::documented(OPERATIONS)
}
