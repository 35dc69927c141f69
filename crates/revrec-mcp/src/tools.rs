//! The MCP tools: each is one operation of the HTTP API, run through the same function as
//! its route, so a tool has the route's rules, scopes, problems and bytes.
//!
//! A tool's input schema is generated from the OpenAPI document (the same wire types): the
//! operation's path and query parameters, and the properties of its request body, side by
//! side in one object. Its output schema is the operation's success response. `$ref`s are
//! inlined, so each schema stands alone.

use std::sync::{Arc, LazyLock, OnceLock};

use revrec_usecases::Principal;
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

use revrec_http::operations::serve::{answered_at, books_standing, perform};
use revrec_http::operations::{Call, Cost, OPERATIONS, Operation, PathParams, Tool as RowTool};
use revrec_http::shell::cost::{self, Window};
use revrec_http::shell::error::{ApiError, PaymentProblem};
use revrec_http::shell::idempotency::{
    Keyed, KeyedCall, StillHolds, checked_key, recorded_answer, run_keyed,
};
use revrec_http::shell::problem::{ErrorCode, ProblemDetails};
use revrec_http::shell::respond::Reply;
use revrec_http::shell::state::AppState;
use revrec_http::wire::contract_cost;
use revrec_ports::RecordedResponse;

const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";
/// The argument a write tool takes its idempotency key from.
pub const IDEMPOTENCY_ARGUMENT: &str = "idempotency_key";
const IDEMPOTENCY_ARGUMENT_DOC: &str = "Makes a retry safe: the first answer to this key (for this tool, contract and arguments) is kept 24 hours and given again instead of writing twice; the same key with other arguments is refused. Shared with the HTTP API's Idempotency-Key.";

/// Every tool: the rows of the operation table that name one, in table order (stable).
pub static TOOLS: LazyLock<Vec<&'static Operation>> = LazyLock::new(|| {
    OPERATIONS
        .iter()
        .filter(|operation| operation.tool_name().is_some())
        .collect()
});

fn tools() -> impl Iterator<Item = &'static Operation> {
    TOOLS.iter().copied()
}

pub fn find(name: &str) -> Option<&'static Operation> {
    tools().find(|operation| operation.tool_name() == Some(name))
}

/// The tools as `tools/list` describes them, built once from the OpenAPI document.
pub fn described() -> &'static [Tool] {
    static DESCRIBED: OnceLock<Vec<Tool>> = OnceLock::new();
    DESCRIBED.get_or_init(|| {
        tools()
            .filter_map(|operation| describe(operation, document()))
            .collect()
    })
}

/// The operation's entry in the OpenAPI document.
fn operation_in<'a>(document: &'a Value, operation: &Operation) -> &'a Value {
    &document["paths"][operation.path()][operation.method().to_ascii_lowercase()]
}

/// The OpenAPI document as JSON, parsed once.
fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        serde_json::from_str(revrec_http::openapi::document_text()).unwrap_or_default()
    })
}

fn describe(row: &Operation, document: &Value) -> Option<Tool> {
    let RowTool::Named {
        name,
        title,
        description,
        destructive,
    } = row.tool
    else {
        return None;
    };
    let operation = operation_in(document, row);
    let components = &document["components"]["schemas"];
    let annotations = ToolAnnotations::new()
        .read_only(row.reads_only())
        .destructive(destructive)
        .idempotent(row.reads_only())
        .open_world(false);
    let mut tool = Tool::new(name, description, input_schema(operation, components))
        .with_title(title)
        .with_annotations(annotations);
    if let Some(output) = output_schema(operation, components) {
        tool = tool.with_raw_output_schema(Arc::new(output));
    }
    Some(tool)
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
/// idempotency key of a write, the rest sent as the body. It is charged what the REST call
/// it stands for is charged, against `window` (the MCP request's). A failure of the call
/// itself is the route's problem.
pub async fn call(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    row: &'static Operation,
    arguments: Map<String, Value>,
) -> Result<Result<Reply, ProblemDetails>, BadArguments> {
    let name = row.tool_name().unwrap_or_default();
    let operation = operation_in(document(), row);
    let mut rest = arguments;
    let key = match rest.remove(IDEMPOTENCY_ARGUMENT) {
        None | Some(Value::Null) => None,
        Some(Value::String(key)) if !row.reads_only() => Some(key),
        Some(_) if row.reads_only() => {
            return Err(BadArguments(format!(
                "{name} reads only; it takes no `{IDEMPOTENCY_ARGUMENT}`"
            )));
        }
        Some(other) => {
            return Err(BadArguments(format!(
                "`{IDEMPOTENCY_ARGUMENT}` must be a string, not {other}"
            )));
        }
    };
    let mut path = row.path().to_owned();
    let mut params = PathParams::default();
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
                if let Some(template_name) = row.parameter_names().find(|known| *known == name) {
                    params.0.push((template_name, text));
                }
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
            "{name} takes no argument named {}",
            names.join(", ")
        )));
    }
    let body = if has_body {
        serde_json::to_vec(&Value::Object(rest)).unwrap_or_default()
    } else {
        Vec::new()
    };
    let query = query.finish();
    if let Err(refused) = admit(state, principal, window, row, &body).await {
        return Ok(Err(into_problem(refused)));
    }
    let call = Call {
        state,
        principal,
        params: &params,
        query: &query,
        body: &body,
    };
    let run = || perform(row, &call, window);
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
    let standing = match books_standing(row, state, principal).await {
        Ok(standing) => standing,
        Err(refused) => return Ok(Err(into_problem(refused))),
    };
    let holds = |recorded: &RecordedResponse| standing.is_none_or(|at| answered_at(recorded, at));
    let call = KeyedCall {
        key: &key,
        method: row.method(),
        path_and_query: &path_and_query,
        body: &body,
        still_holds: standing.map(|_| &holds as StillHolds<'_>),
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

/// What a tool call is held to before it runs, as its route holds a request: the scope,
/// the price (paid over HTTP only), and the contract cost of its body.
async fn admit(
    state: &AppState,
    principal: &Principal,
    window: &Window,
    row: &Operation,
    body: &[u8],
) -> Result<(), ApiError> {
    principal.require(row.scope)?;
    refuse_if_priced(state, principal, row)?;
    if row.cost == Cost::ContractBody {
        let units = contract_cost::contract_units(body);
        cost::charge_units(state, principal, window, units).await?;
    }
    Ok(())
}

/// A call the credential's plan prices is paid over HTTP (MPP, a 402 with challenges); the
/// MCP payment binding is not offered, so the tool says where to pay instead of running.
fn refuse_if_priced(
    state: &AppState,
    principal: &Principal,
    row: &Operation,
) -> Result<(), ApiError> {
    let route = row.route;
    let price = row.price_cents(state, principal);
    if price <= 0 {
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
