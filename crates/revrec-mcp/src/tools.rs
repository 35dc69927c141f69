//! The MCP tools: each is one operation of the HTTP API, run through the same function as
//! its route, so a tool has the route's rules, scopes, problems and bytes.
//!
//! A tool's input schema is generated from the OpenAPI document (the same wire types): the
//! operation's path and query parameters, and the properties of its request body, side by
//! side in one object. Its output schema is the operation's success response. `$ref`s are
//! inlined, so each schema stands alone.

use std::sync::{Arc, OnceLock};

use revrec_ports::Scope;
use revrec_usecases::Principal;
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

use revrec_http::primary::batch::run_operation;
use revrec_http::shell::error::{ApiError, PaymentProblem};
use revrec_http::shell::idempotency::{Keyed, KeyedCall, checked_key, recorded_answer, run_keyed};
use revrec_http::shell::problem::{ErrorCode, ProblemDetails};
use revrec_http::shell::respond::Reply;
use revrec_http::shell::state::AppState;

const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";
/// The argument a write tool takes its idempotency key from.
pub const IDEMPOTENCY_ARGUMENT: &str = "idempotency_key";
const IDEMPOTENCY_ARGUMENT_DOC: &str = "Makes a retry safe: the first answer to this key (for this tool, contract and arguments) is kept 24 hours and given again instead of writing twice; the same key with other arguments is refused. Shared with the HTTP API's Idempotency-Key.";

/// One tool: its name and the operation it runs.
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// The operation's method and path template in the OpenAPI document.
    pub method: &'static str,
    pub path: &'static str,
    pub scope: Scope,
    pub read_only: bool,
}

/// Every tool, in the order `tools/list` gives them (stable).
pub const TOOLS: [ToolSpec; 18] = [
    ToolSpec {
        name: "list_contracts",
        title: "List contracts",
        description: "List and search the tenant's contracts (newest first), a page at a time: filter by text, customer or status; pass `cursor` from `next_cursor` for the next page.",
        method: "get",
        path: "/v1/contracts",
        scope: Scope::ReadContracts,
        read_only: true,
    },
    ToolSpec {
        name: "get_contract",
        title: "Get a contract",
        description: "One contract with its performance obligations, allocation and status; `version` shows an earlier version as it stood.",
        method: "get",
        path: "/v1/contracts/{id}",
        scope: Scope::ReadContracts,
        read_only: true,
    },
    ToolSpec {
        name: "ingest_contract",
        title: "Ingest a contract",
        description: "Create a contract from the guide payload (total_amount, line items with pob_type, stated_price, ssp_price): allocated and scheduled at once. Amounts are decimal strings.",
        method: "post",
        path: "/api/v1/contracts/ingest",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "modify_contract",
        title: "Modify a contract",
        description: "Replace a draft's terms, or amend an active contract from `effective_date` (treatment prospective, cumulative_catch_up or separate_contract). Send the whole new terms.",
        method: "put",
        path: "/v1/contracts/{id}",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "terminate_contract",
        title: "Terminate a contract",
        description: "End an active contract: no revenue from `effective_date` (the first day without service); the unrecognized rest leaves the price, deferred revenue and RPO.",
        method: "post",
        path: "/v1/contracts/{id}/terminate",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "get_waterfall",
        title: "Revenue waterfall",
        description: "Monthly recognized revenue and deferred balances for the portfolio, or for one contract with `contract_id`, between `start_period` and `end_period` (YYYY-MM). `group_by=pob_type` splits each month by obligation type; `group_by=obligation` (with `contract_id`) by obligation.",
        method: "get",
        path: "/v1/waterfalls",
        scope: Scope::ReadWaterfalls,
        read_only: true,
    },
    ToolSpec {
        name: "get_note6",
        title: "Note 6 disclosure",
        description: "Note 6 data for a quarter (`period` as YYYY-Qn): remaining performance obligations, disaggregated revenue and contract balances.",
        method: "get",
        path: "/v1/disclosures/note6",
        scope: Scope::ReadDisclosures,
        read_only: true,
    },
    ToolSpec {
        name: "get_journal_entries",
        title: "Journal entries",
        description: "A month's balanced journal entries (`period` as YYYY-MM), a page at a time with totals; pass `cursor` from `next_cursor` for the next page.",
        method: "get",
        path: "/api/v1/accounting/journal-entries",
        scope: Scope::ReadLedger,
        read_only: true,
    },
    ToolSpec {
        name: "get_trial_balance",
        title: "Trial balance",
        description: "Every account's debit or credit balance at the end of a month (`period` as YYYY-MM), per currency; debits equal credits.",
        method: "get",
        path: "/api/v1/accounting/trial-balance",
        scope: Scope::ReadLedger,
        read_only: true,
    },
    ToolSpec {
        name: "start_recalculation",
        title: "Start a recalculation",
        description: "Queue a job that recomputes every contract's schedule (or `contract_ids`), optionally under another recognition policy; read it with get_job.",
        method: "post",
        path: "/v1/jobs/recalculate-waterfall",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "get_job",
        title: "Read a job",
        description: "A recalculation job's status, progress (0-100) and, once finished, its result and output_hash.",
        method: "get",
        path: "/v1/jobs/{job_id}",
        scope: Scope::ReadContracts,
        read_only: true,
    },
    ToolSpec {
        name: "list_contract_versions",
        title: "Contract versions",
        description: "Every version of a contract, first to current, with what each changed: the treatment, the catch-up booked in its effective month, the re-allocation of a prospective change, what an event recognized.",
        method: "get",
        path: "/v1/contracts/{id}/versions",
        scope: Scope::ReadContracts,
        read_only: true,
    },
    ToolSpec {
        name: "fulfill_obligation",
        title: "Fulfill an obligation",
        description: "Record the delivery of a point-in-time obligation that awaits it (`pob_id` from the contract's performance_obligations): its whole allocation becomes revenue of `date`'s month, as a new contract version. A second fulfillment is refused.",
        method: "post",
        path: "/v1/contracts/{id}/obligations/{pob_id}/fulfillments",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "report_progress",
        title: "Report progress",
        description: "Report cumulative `percent_complete` (0-100, up to 4 decimals, as a decimal string) on a `progress` obligation as of a date: that month carries the difference from the last report, negative when an estimate falls.",
        method: "post",
        path: "/v1/contracts/{id}/obligations/{pob_id}/progress",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "record_invoice",
        title: "Record an invoice",
        description: "Bill a contract: from its first invoice on, billed less recognized is a contract liability or a contract asset per month. `number` is the invoice's natural key: sent again with the same figures it is a replay. Amounts are decimal strings.",
        method: "post",
        path: "/v1/contracts/{id}/invoices",
        scope: Scope::WriteContracts,
        read_only: false,
    },
    ToolSpec {
        name: "list_periods",
        title: "Closed months",
        description: "The tenant's books: the first open month, each closed month with who closed it, when and the digest of its figures, and every close and reopen.",
        method: "get",
        path: "/v1/periods",
        scope: Scope::ReadWaterfalls,
        read_only: true,
    },
    ToolSpec {
        name: "close_period",
        title: "Close months",
        description: "Close every open month through `through` (YYYY-MM, a month that has ended): what is reported for them never changes again, and later changes land in the first open month as corrections. Closing what is closed changes nothing.",
        method: "post",
        path: "/v1/periods/close",
        scope: Scope::ClosePeriods,
        read_only: false,
    },
    ToolSpec {
        name: "explain_contract_month",
        title: "Explain a contract's month",
        description: "Every cent of one contract's month (`period`, YYYY-MM) traced: the relative-SSP allocation step by step, the versions, each obligation's formula with its numbers, the corrections of closed months and the journal lines; each step has a one-sentence `text`. `as_of` (RFC 3339) explains it as the books stood then.",
        method: "get",
        path: "/v1/contracts/{id}/explain",
        scope: Scope::ReadWaterfalls,
        read_only: true,
    },
];

pub fn find(name: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|tool| tool.name == name)
}

/// The tools as `tools/list` describes them, built once from the OpenAPI document.
pub fn described() -> &'static [Tool] {
    static DESCRIBED: OnceLock<Vec<Tool>> = OnceLock::new();
    DESCRIBED.get_or_init(|| {
        TOOLS
            .iter()
            .map(|spec| describe(spec, document()))
            .collect()
    })
}

/// The OpenAPI document as JSON, parsed once.
fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        serde_json::from_str(revrec_http::openapi::document_text()).unwrap_or_default()
    })
}

fn describe(spec: &ToolSpec, document: &Value) -> Tool {
    let operation = &document["paths"][spec.path][spec.method];
    let components = &document["components"]["schemas"];
    let annotations = ToolAnnotations::new()
        .read_only(spec.read_only)
        .destructive(spec.name == "terminate_contract")
        .idempotent(spec.read_only)
        .open_world(false);
    let mut tool = Tool::new(
        spec.name,
        spec.description,
        input_schema(operation, components),
    )
    .with_title(spec.title)
    .with_annotations(annotations);
    if let Some(output) = output_schema(operation, components) {
        tool = tool.with_raw_output_schema(Arc::new(output));
    }
    tool
}

/// Path and query parameters, then the body's properties, as one object.
fn input_schema(operation: &Value, components: &Value) -> JsonObject {
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let (Some(name), Some(place)) = (parameter["name"].as_str(), parameter["in"].as_str())
        else {
            continue;
        };
        // A write's `Idempotency-Key` is an argument of its tool; other headers are the
        // transport's, and `format` picks CSV, which a tool never returns.
        if place == "header" && name == IDEMPOTENCY_HEADER {
            let mut schema = inline(&parameter["schema"], components, 0);
            if let Some(object) = schema.as_object_mut() {
                object.insert("description".into(), json!(IDEMPOTENCY_ARGUMENT_DOC));
            }
            properties.insert(IDEMPOTENCY_ARGUMENT.to_owned(), schema);
            continue;
        }
        if place == "header" || name == "format" {
            continue;
        }
        let mut schema = inline(&parameter["schema"], components, 0);
        if let (Some(description), Some(object)) =
            (parameter["description"].as_str(), schema.as_object_mut())
        {
            object
                .entry("description")
                .or_insert_with(|| Value::from(description));
        }
        properties.insert(name.to_owned(), schema);
        if parameter["required"].as_bool() == Some(true) {
            required.push(Value::from(name));
        }
    }
    if let Some(body) = body_schema(operation, components) {
        for (name, schema) in body["properties"].as_object().into_iter().flatten() {
            properties.insert(name.clone(), schema.clone());
        }
        required.extend(body["required"].as_array().into_iter().flatten().cloned());
    }
    let mut schema = Map::new();
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), Value::Array(required));
    }
    schema
}

/// The request body's object schema, inlined (a nullable body's object alternative).
fn body_schema(operation: &Value, components: &Value) -> Option<Value> {
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    if schema.is_null() {
        return None;
    }
    let schema = inline(schema, components, 0);
    if schema["properties"].is_object() {
        return Some(schema);
    }
    ["oneOf", "anyOf"]
        .iter()
        .filter_map(|key| schema[*key].as_array())
        .flatten()
        .find(|alternative| alternative["properties"].is_object())
        .cloned()
}

/// The success response's schema, inlined; `None` when it is not a JSON object.
fn output_schema(operation: &Value, components: &Value) -> Option<JsonObject> {
    let responses = &operation["responses"];
    let schema = ["200", "201", "202"]
        .iter()
        .map(|status| &responses[*status]["content"]["application/json"]["schema"])
        .find(|schema| !schema.is_null())?;
    match inline(schema, components, 0) {
        Value::Object(object) if object.get("type") == Some(&json!("object")) => Some(object),
        _ => None,
    }
}

/// `schema` with every `#/components/schemas/…` reference replaced by its target.
fn inline(schema: &Value, components: &Value, depth: usize) -> Value {
    // The wire types are not recursive; the bound only guards against a mistake.
    if depth > 32 {
        return json!({});
    }
    match schema {
        Value::Object(object) => {
            if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
                let name = reference.trim_start_matches("#/components/schemas/");
                return inline(&components[name], components, depth + 1);
            }
            Value::Object(
                object
                    .iter()
                    .map(|(key, value)| (key.clone(), inline(value, components, depth + 1)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| inline(item, components, depth + 1))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Why a tool's arguments could not be read (a JSON-RPC invalid-params error).
#[derive(Debug)]
pub struct BadArguments(pub String);

/// Runs the tool with `arguments`: its path and query parameters taken out by name, the
/// idempotency key of a write, the rest sent as the body. A failure of the call itself is
/// the route's problem.
pub async fn call(
    state: &AppState,
    principal: &Principal,
    spec: &ToolSpec,
    arguments: Map<String, Value>,
) -> Result<Result<Reply, ProblemDetails>, BadArguments> {
    let operation = &document()["paths"][spec.path][spec.method];
    let mut rest = arguments;
    let key = match rest.remove(IDEMPOTENCY_ARGUMENT) {
        None | Some(Value::Null) => None,
        Some(Value::String(key)) if !spec.read_only => Some(key),
        Some(_) if spec.read_only => {
            return Err(BadArguments(format!(
                "{} reads only; it takes no `{IDEMPOTENCY_ARGUMENT}`",
                spec.name
            )));
        }
        Some(other) => {
            return Err(BadArguments(format!(
                "`{IDEMPOTENCY_ARGUMENT}` must be a string, not {other}"
            )));
        }
    };
    let mut path = spec.path.to_owned();
    let mut query = form_urlencoded::Serializer::new(String::new());
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let (Some(name), Some(place)) = (parameter["name"].as_str(), parameter["in"].as_str())
        else {
            continue;
        };
        if place == "header" {
            continue;
        }
        let Some(value) = rest.remove(name) else {
            continue;
        };
        let text = match value {
            Value::String(text) => text,
            Value::Number(number) => number.to_string(),
            Value::Bool(flag) => flag.to_string(),
            Value::Null => continue,
            other => {
                return Err(BadArguments(format!(
                    "`{name}` must be a string or a number, not {other}"
                )));
            }
        };
        match place {
            "path" => {
                // Ids are plain text; anything that would change the path is refused.
                if text.is_empty() || text.contains(['/', '?', '#', '%']) {
                    return Err(BadArguments(format!("`{name}` is not an id: `{text}`")));
                }
                path = path.replace(&format!("{{{name}}}"), &text);
            }
            "query" => {
                query.append_pair(name, &text);
            }
            _ => {}
        }
    }
    let has_body = !operation["requestBody"].is_null();
    if !has_body && !rest.is_empty() {
        let names: Vec<String> = rest.keys().map(|name| format!("`{name}`")).collect();
        return Err(BadArguments(format!(
            "{} takes no argument named {}",
            spec.name,
            names.join(", ")
        )));
    }
    let body = if has_body {
        serde_json::to_vec(&Value::Object(rest)).unwrap_or_default()
    } else {
        Vec::new()
    };
    let query = query.finish();
    let run = || run_tool(state, principal, spec, &path, &query, &body);
    let Some(key) = key else {
        return Ok(run().await.map_err(into_problem));
    };
    let key = match checked_key(&key) {
        Ok(key) => key,
        Err(refused) => return Ok(Err(into_problem(refused))),
    };
    let path_and_query = if query.is_empty() {
        path.clone()
    } else {
        format!("{path}?{query}")
    };
    let call = KeyedCall {
        key: &key,
        method: &spec.method.to_ascii_uppercase(),
        path_and_query: &path_and_query,
        body: &body,
    };
    Ok(match run_keyed(state, principal, &call, run).await {
        Ok(Keyed::Ran(outcome)) => outcome.map_err(into_problem),
        Ok(Keyed::Replayed(recorded)) => {
            metrics::counter!(revrec_http::shell::metrics::IDEMPOTENCY_REPLAYS).increment(1);
            recorded_answer(recorded)
        }
        Err(refused) => Err(into_problem(refused)),
    })
}

/// A call the credential's plan prices is paid over HTTP (MPP, a 402 with challenges); the
/// MCP payment binding is not offered, so the tool says where to pay instead of running.
fn refuse_if_priced(
    state: &AppState,
    principal: &Principal,
    spec: &ToolSpec,
) -> Result<(), ApiError> {
    let route = format!("{} {}", spec.method.to_ascii_uppercase(), spec.path);
    let price = state.services.policy.call_price_cents.of(principal.plan);
    if price <= 0 || !revrec_http::payments::PRICED_ROUTES.contains(&route.as_str()) {
        return Ok(());
    }
    Err(ApiError::Payment(PaymentProblem {
        code: ErrorCode::PaymentRequired,
        message: format!(
            "{route} costs {} USD on the {} plan, and paid calls are not taken over MCP yet: call {route} over HTTP and pay its 402 challenge, or use a plan without a price.",
            revrec_http::payments::gate::usd(price),
            principal.plan
        ),
        challenges: Vec::new(),
        challenge_id: None,
    }))
}

/// The failure's problem; a server failure logs its cause here, server-side only.
fn into_problem(failure: ApiError) -> ProblemDetails {
    failure.log_server_error();
    failure.problem()
}

/// The tool's operation, through its route's own function.
async fn run_tool(
    state: &AppState,
    principal: &Principal,
    spec: &ToolSpec,
    path: &str,
    query: &str,
    body: &[u8],
) -> Result<Reply, ApiError> {
    refuse_if_priced(state, principal, spec)?;
    match spec.name {
        // The guide surface's operations: the route checks the scope before its function.
        "ingest_contract" => {
            principal.require(spec.scope)?;
            revrec_http::guide::contracts::ingest(state, principal, body).await
        }
        "get_journal_entries" => {
            principal.require(spec.scope)?;
            revrec_http::guide::accounting::journal_entries(state, principal, query).await
        }
        "get_trial_balance" => {
            principal.require(spec.scope)?;
            revrec_http::guide::accounting::trial_balance(state, principal, query).await
        }
        _ => {
            let relative = path.strip_prefix("/v1").unwrap_or(path);
            let method = spec.method.to_ascii_uppercase();
            run_operation(state, principal, &method, relative, query, body).await
        }
    }
}
