//! MCP over Streamable HTTP (`POST /mcp`): what the MCP specification asks of a server
//! (2025-11-25 and 2026-07-28: Transports, Lifecycle, Tools, Authorization) item by item, in
//! both eras, and the tools giving the HTTP API's own answers.

use reqwest::StatusCode;
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{Reply, SANDBOX, TestApp, spawn_app, spawn_each};
use revrec_app::settings::Mode;
use revrec_test_support::TestDatabase;

const ACCEPT: &str = "application/json, text/event-stream";
const MODERN: &str = "2026-07-28";

/// POSTs one JSON-RPC message with the sandbox token and `headers`.
async fn mcp(app: &TestApp, headers: &[(&str, &str)], message: &Value) -> Reply {
    mcp_as(app, SANDBOX, headers, message).await
}

async fn mcp_as(app: &TestApp, token: &str, headers: &[(&str, &str)], message: &Value) -> Reply {
    let bearer = format!("Bearer {token}");
    let mut all = vec![
        ("Authorization", bearer.as_str()),
        ("Accept", ACCEPT),
        ("Content-Type", "application/json"),
    ];
    all.extend_from_slice(headers);
    app.raw(
        reqwest::Method::POST,
        "/mcp",
        &all,
        serde_json::to_vec(message).unwrap(),
    )
    .await
}

/// A 2026-07-28 request: `_meta` in the params, the version and method (and tool name) in
/// headers, as the revision wants.
async fn modern(app: &TestApp, id: u64, method: &str, mut params: Value) -> Reply {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"}
    });
    let name = params["name"].as_str().map(str::to_owned);
    let mut headers = vec![("MCP-Protocol-Version", MODERN), ("Mcp-Method", method)];
    if let Some(name) = name.as_deref() {
        headers.push(("Mcp-Name", name));
    }
    mcp(
        app,
        &headers,
        &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
    )
    .await
}

/// A legacy request (after `initialize`, with the negotiated version header).
async fn legacy(app: &TestApp, id: u64, method: &str, params: Value) -> Reply {
    mcp(
        app,
        &[("MCP-Protocol-Version", "2025-11-25")],
        &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
    )
    .await
}

fn guide_contract() -> Value {
    json!({
        "customer_name": "Globex",
        "contract_number": "MCP-1",
        "currency": "USD",
        "total_amount": "80.00",
        "start_date": "2026-01-01",
        "end_date": "2026-12-31",
        "line_items": [
            {"name": "Phone", "pob_type": "hardware", "stated_price": 20, "ssp_price": 20},
            {"name": "Minutes", "pob_type": "subscription", "stated_price": 30, "ssp_price": 30},
            {"name": "Setup", "pob_type": "services", "stated_price": 40, "ssp_price": 40, "delivery_date": "2026-02-15"}
        ]
    })
}

#[tokio::test]
async fn initialize_negotiates_a_legacy_version_and_notifications_are_accepted() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Sandbox).await;
    for (asked, answered) in [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-01-01", "2025-11-25"),
    ] {
        let reply = mcp(
            &app,
            &[],
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": asked, "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"}}}),
        )
        .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        assert!(
            reply
                .header("content-type")
                .unwrap()
                .starts_with("application/json")
        );
        let body = reply.json();
        assert_eq!(body["id"], 1);
        assert_eq!(body["result"]["protocolVersion"], answered, "{body}");
        assert!(
            body["result"]["capabilities"]["tools"].is_object(),
            "{body}"
        );
        assert_eq!(body["result"]["serverInfo"]["name"], "revrec");
        assert!(body["result"]["serverInfo"]["version"].is_string());
    }
    let notified = mcp(
        &app,
        &[("MCP-Protocol-Version", "2025-11-25")],
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
    assert_eq!(notified.status, StatusCode::ACCEPTED);
    assert!(notified.text.is_empty());
    let ping = legacy(&app, 2, "ping", json!({})).await.json();
    assert_eq!(ping["result"], json!({}));
}

#[tokio::test]
async fn tools_are_listed_in_a_stable_order_with_object_schemas_in_both_eras() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Sandbox).await;
    let listed = legacy(&app, 1, "tools/list", json!({})).await.json();
    let tools = listed["result"]["tools"].as_array().unwrap().clone();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "list_contracts",
            "get_contract",
            "modify_contract",
            "activate_contract",
            "terminate_contract",
            "list_contract_versions",
            "explain_contract_month",
            "fulfill_obligation",
            "report_progress",
            "record_usage",
            "list_usage",
            "update_estimate",
            "record_invoice",
            "list_payments",
            "record_payment",
            "get_waterfall",
            "get_note6",
            "list_periods",
            "close_period",
            "list_audit_events",
            "start_recalculation",
            "get_job",
            "ingest_contract",
            "get_journal_entries",
            "get_trial_balance"
        ]
    );
    for tool in &tools {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        assert!(tool["description"].is_string());
        // Schemas stand alone: every reference was inlined.
        assert!(!tool.to_string().contains("$ref"), "{tool}");
    }
    // Generated from the wire types: the guide payload's fields, the query parameters.
    let tool = |name: &str| {
        tools
            .iter()
            .find(|tool| tool["name"] == name)
            .unwrap()
            .clone()
    };
    let ingest = &tool("ingest_contract")["inputSchema"];
    assert!(ingest["properties"]["total_amount"].is_object(), "{ingest}");
    assert!(ingest["properties"]["line_items"]["items"]["properties"]["pob_type"].is_object());
    let waterfall = &tool("get_waterfall")["inputSchema"]["properties"];
    for parameter in ["start_period", "end_period", "contract_id", "currency"] {
        assert!(waterfall[parameter].is_object(), "{waterfall}");
    }
    assert_eq!(
        tool("get_contract")["inputSchema"]["required"],
        json!(["id"])
    );
    assert_eq!(tool("get_waterfall")["outputSchema"]["type"], "object");
    assert!(listed["result"].get("resultType").is_none());

    let modern_list = modern(&app, 2, "tools/list", json!({})).await;
    assert_eq!(modern_list.status, StatusCode::OK, "{}", modern_list.text);
    let modern_list = modern_list.json();
    assert_eq!(modern_list["result"]["resultType"], "complete");
    assert!(modern_list["result"]["ttlMs"].is_u64());
    assert!(["public", "private"].contains(&modern_list["result"]["cacheScope"].as_str().unwrap()));
    assert_eq!(modern_list["result"]["tools"], json!(tools));
}

#[tokio::test]
async fn tools_answer_what_the_http_api_answers_on_both_backends() {
    for app in spawn_each().await {
        let called = legacy(
            &app,
            1,
            "tools/call",
            json!({"name": "ingest_contract", "arguments": guide_contract()}),
        )
        .await
        .json();
        let result = &called["result"];
        assert_eq!(result["isError"], false, "{called}");
        let contract = &result["structuredContent"];
        let id = contract["id"].as_str().unwrap();
        // The text block is the same JSON, for clients without structured content.
        let text: Value =
            serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(&text, contract);
        // And the HTTP API has the very same contract.
        assert_eq!(
            &app.get(&format!("/v1/contracts/{id}")).await.json(),
            contract
        );

        let waterfall = modern(
            &app,
            2,
            "tools/call",
            json!({"name": "get_waterfall", "arguments": {"contract_id": id}}),
        )
        .await
        .json();
        assert_eq!(waterfall["result"]["resultType"], "complete");
        assert_eq!(
            waterfall["result"]["structuredContent"],
            app.get(&format!("/v1/waterfalls?contract_id={id}"))
                .await
                .json()
        );
        let explained = modern(
            &app,
            2,
            "tools/call",
            json!({"name": "explain_contract_month", "arguments": {"id": id, "period": "2026-03"}}),
        )
        .await
        .json();
        assert_eq!(
            explained["result"]["structuredContent"],
            app.get(&format!("/v1/contracts/{id}/explain?period=2026-03"))
                .await
                .json()
        );
        let note6 = legacy(
            &app,
            3,
            "tools/call",
            json!({"name": "get_note6", "arguments": {"period": "2026-Q1"}}),
        )
        .await
        .json();
        assert_eq!(
            note6["result"]["structuredContent"],
            app.get("/v1/disclosures/note6?period=2026-Q1").await.json()
        );
        let listed = legacy(
            &app,
            4,
            "tools/call",
            json!({"name": "list_contracts", "arguments": {"query": "MCP-1", "limit": 5}}),
        )
        .await
        .json();
        assert_eq!(listed["result"]["structuredContent"]["data"][0]["id"], id);
        for (tool, arguments, path) in [
            (
                "get_journal_entries",
                json!({"period": "2026-02", "limit": 2}),
                "/api/v1/accounting/journal-entries?period=2026-02&limit=2",
            ),
            (
                "get_trial_balance",
                json!({"period": "2026-03"}),
                "/api/v1/accounting/trial-balance?period=2026-03",
            ),
        ] {
            let called = legacy(
                &app,
                5,
                "tools/call",
                json!({"name": tool, "arguments": arguments}),
            )
            .await
            .json();
            assert_eq!(called["result"]["isError"], false, "{called}");
            assert_eq!(
                called["result"]["structuredContent"],
                app.get(path).await.json(),
                "{tool}"
            );
        }
    }
}

#[tokio::test]
async fn usage_tools_record_a_usage_record_and_read_its_rated_month_back() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({"customer_name": "Initech", "total_value": "1200.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "1200.00"},
                    {"name": "API calls", "pob_type": "usage", "usage_pricing": {"rate": "0.002"}}]}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let calls = contract["performance_obligations"][1]["id"]
            .as_str()
            .unwrap();
        let record = json!({"name": "record_usage", "arguments": {"id": id, "pob_id": calls,
            "record_id": "evt-1", "occurred_on": "2026-03-05", "quantity": "1500"}});
        let recorded = legacy(&app, 1, "tools/call", record.clone()).await.json();
        assert_eq!(recorded["result"]["isError"], false, "{recorded}");
        let answer = &recorded["result"]["structuredContent"];
        assert_eq!(answer["status"], "recorded");
        // 1,500 calls at 0.002.
        assert_eq!(answer["month"]["rated_amount"], json!(3.0));
        let replayed = legacy(&app, 2, "tools/call", record).await.json();
        assert_eq!(
            replayed["result"]["structuredContent"]["status"], "replayed",
            "{replayed}"
        );
        let listed = legacy(
            &app,
            3,
            "tools/call",
            json!({"name": "list_usage", "arguments": {"id": id, "pob_id": calls,
                   "period": "2026-03"}}),
        )
        .await
        .json();
        assert_eq!(listed["result"]["isError"], false, "{listed}");
        assert_eq!(
            listed["result"]["structuredContent"],
            app.get(&format!(
                "/v1/contracts/{id}/obligations/{calls}/usage?period=2026-03"
            ))
            .await
            .json()
        );
    }
}

#[tokio::test]
async fn event_and_invoice_tools_record_what_the_http_api_records() {
    for app in spawn_each().await {
        // 1,200.00 of platform and 300.00 of implementation measured by progress.
        let contract = app
            .create(
                &json!({"customer_name": "Initech", "total_value": "1500.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31", "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "1200.00"},
                    {"name": "Implementation", "pob_type": "services", "stated_price": "300.00",
                     "recognition": "progress"}]}),
            )
            .await;
        let id = contract["id"].as_str().unwrap();
        let services = contract["performance_obligations"][1]["id"]
            .as_str()
            .unwrap();
        let reported = legacy(
            &app,
            1,
            "tools/call",
            json!({"name": "report_progress", "arguments": {"id": id, "pob_id": services,
                   "as_of": "2026-02-28", "percent_complete": "40"}}),
        )
        .await;
        let reported = reported.json();
        assert_eq!(reported["result"]["isError"], false, "{reported}");
        let event = &reported["result"]["structuredContent"];
        // 40 % of 300.00, in February.
        assert_eq!(event["version"]["change"], "progress");
        assert_eq!(event["version"]["recognized"], json!(120.0));
        assert_eq!(event["contract"]["version"], 2);

        let invoice = json!({"name": "record_invoice", "arguments": {"id": id,
            "date": "2026-03-31", "amount": "375.00", "number": "INV-7"}});
        let billed = legacy(&app, 2, "tools/call", invoice.clone()).await.json();
        assert_eq!(billed["result"]["isError"], false, "{billed}");
        let again = legacy(&app, 3, "tools/call", invoice).await.json();
        assert_eq!(
            again["result"]["structuredContent"]["invoice"],
            billed["result"]["structuredContent"]["invoice"]
        );
        let fulfilled_twice = legacy(
            &app,
            4,
            "tools/call",
            json!({"name": "fulfill_obligation", "arguments": {"id": id, "pob_id": "pob_nope",
                   "date": "2026-03-01"}}),
        )
        .await
        .json();
        assert_eq!(fulfilled_twice["result"]["isError"], true);
        assert!(
            fulfilled_twice["result"]["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("OBLIGATION_NOT_FOUND")
        );

        // The HTTP API holds what the tools wrote, and the versions tool reads it.
        let versions = legacy(
            &app,
            5,
            "tools/call",
            json!({"name": "list_contract_versions", "arguments": {"id": id}}),
        )
        .await
        .json();
        assert_eq!(
            versions["result"]["structuredContent"],
            app.get(&format!("/v1/contracts/{id}/versions"))
                .await
                .json()
        );
        let read = app.get(&format!("/v1/contracts/{id}")).await.json();
        assert_eq!(read["billing_schedule"].as_array().unwrap().len(), 1);
        assert_eq!(read, billed["result"]["structuredContent"]["contract"]);
    }
}

#[tokio::test]
async fn failures_of_the_call_are_results_with_is_error_and_protocol_errors_are_json_rpc() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Sandbox).await;
    let mut bad = guide_contract();
    bad["total_amount"] = json!("-5.00");
    let refused = legacy(
        &app,
        1,
        "tools/call",
        json!({"name": "ingest_contract", "arguments": bad}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::OK);
    let result = &refused.json()["result"];
    assert_eq!(result["isError"], true, "{result}");
    let problem: Value =
        serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(problem["code"], "VALIDATION_FAILED", "{problem}");
    assert!(
        problem["message"].is_string() && problem["errors"].is_array(),
        "{problem}"
    );
    assert!(problem["hint"].is_string(), "{problem}");

    let missing = legacy(
        &app,
        2,
        "tools/call",
        json!({"name": "get_contract", "arguments": {"id": "ctr_nope"}}),
    )
    .await
    .json();
    assert_eq!(missing["result"]["isError"], true);
    assert!(
        missing["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("CONTRACT_NOT_FOUND")
    );

    let unknown = legacy(&app, 3, "tools/call", json!({"name": "no_such_tool"})).await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(unknown.json()["error"]["code"], -32602);
    let stray = legacy(
        &app,
        4,
        "tools/call",
        json!({"name": "get_job", "arguments": {"job_id": "job_1", "colour": "red"}}),
    )
    .await;
    assert_eq!(stray.json()["error"]["code"], -32602, "{}", stray.text);
    let no_method = legacy(&app, 5, "resources/list", json!({})).await;
    assert_eq!(no_method.json()["error"]["code"], -32601);
}

#[tokio::test]
async fn the_transport_checks_version_origin_method_credentials_and_scopes() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Sandbox).await;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}});
    let old = mcp(&app, &[("MCP-Protocol-Version", "1900-01-01")], &list).await;
    assert_eq!(old.status, StatusCode::BAD_REQUEST);
    assert_eq!(old.json()["error"]["code"], -32022);
    assert_eq!(old.json()["error"]["data"]["requested"], "1900-01-01");

    let foreign = mcp(&app, &[("Origin", "https://evil.example")], &list).await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    let own_origin = app.address.clone();
    let own = mcp(&app, &[("Origin", own_origin.as_str())], &list).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.text);

    let get = app
        .request(reqwest::Method::GET, "/mcp", Some(SANDBOX), None)
        .await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow").as_deref(), Some("POST"));

    let anonymous = app
        .raw(
            reqwest::Method::POST,
            "/mcp",
            &[("Accept", ACCEPT), ("Content-Type", "application/json")],
            serde_json::to_vec(&list).unwrap(),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let challenge = anonymous.header("www-authenticate").unwrap();
    assert!(
        challenge.contains(&format!(
            "resource_metadata=\"{}/.well-known/oauth-protected-resource/mcp\"",
            app.address
        )),
        "{challenge}"
    );
    let metadata = app
        .get("/.well-known/oauth-protected-resource/mcp")
        .await
        .json();
    assert_eq!(metadata["resource"], format!("{}/mcp", app.address));
    assert!(
        metadata["scopes_supported"]
            .as_array()
            .unwrap()
            .contains(&json!("execute:mcp"))
    );

    // A key without execute:mcp is refused at the door; one with it but without a tool's
    // data scope gets that tool's refusal as a result.
    let (_, reader) = app.key("sandbox", &[Scope::ReadContracts]).await;
    let refused = mcp_as(&app, &reader, &[], &list).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let challenge = refused.header("www-authenticate").unwrap();
    assert!(
        challenge.contains("error=\"insufficient_scope\"")
            && challenge.contains("scope=\"execute:mcp\""),
        "{challenge}"
    );
    let (_, agent) = app
        .key("sandbox", &[Scope::ExecuteMcp, Scope::ReadContracts])
        .await;
    let waterfall = mcp_as(
        &app,
        &agent,
        &[],
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "get_waterfall", "arguments": {}}}),
    )
    .await
    .json();
    assert_eq!(waterfall["result"]["isError"], true, "{waterfall}");
    assert!(
        waterfall["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("read:waterfalls")
    );
    let contracts = mcp_as(
        &app,
        &agent,
        &[],
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                "params": {"name": "list_contracts", "arguments": {}}}),
    )
    .await
    .json();
    assert_eq!(contracts["result"]["isError"], false, "{contracts}");

    let batch = mcp(&app, &[], &json!([list])).await;
    assert_eq!(batch.status, StatusCode::BAD_REQUEST);

    // The client must accept JSON answers (and may take streams, which are never sent).
    let html_only = app
        .raw(
            reqwest::Method::POST,
            "/mcp",
            &[
                ("Authorization", "Bearer rr_test_sandbox"),
                ("Accept", "text/html"),
                ("Content-Type", "application/json"),
            ],
            serde_json::to_vec(&list).unwrap(),
        )
        .await;
    assert_eq!(html_only.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(html_only.json()["error"]["code"], -32600);
}

#[tokio::test]
async fn the_stateless_revision_discovers_checks_its_headers_and_404s_unknown_methods() {
    let app = spawn_app(TestDatabase::sqlite(), Mode::Sandbox).await;
    let discovered = modern(&app, 1, "server/discover", json!({})).await;
    assert_eq!(discovered.status, StatusCode::OK, "{}", discovered.text);
    let discovered = discovered.json()["result"].clone();
    assert_eq!(discovered["resultType"], "complete");
    assert_eq!(discovered["supportedVersions"][0], MODERN);
    assert!(
        discovered["supportedVersions"]
            .as_array()
            .unwrap()
            .contains(&json!("2025-11-25"))
    );
    assert!(discovered["capabilities"]["tools"].is_object());
    assert_eq!(
        discovered["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "revrec"
    );
    assert!(discovered["ttlMs"].is_u64());

    let meta = json!({"io.modelcontextprotocol/protocolVersion": MODERN,
                      "io.modelcontextprotocol/clientCapabilities": {}});
    let mismatched = mcp(
        &app,
        &[
            ("MCP-Protocol-Version", MODERN),
            ("Mcp-Method", "tools/call"),
        ],
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": meta}}),
    )
    .await;
    assert_eq!(mismatched.status, StatusCode::BAD_REQUEST);
    assert_eq!(mismatched.json()["error"]["code"], -32020);
    let wrong_name = mcp(
        &app,
        &[("MCP-Protocol-Version", MODERN), ("Mcp-Method", "tools/call"), ("Mcp-Name", "get_job")],
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                "params": {"name": "get_note6", "arguments": {"period": "2026-Q1"}, "_meta": meta}}),
    )
    .await;
    assert_eq!(wrong_name.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong_name.json()["error"]["code"], -32020);
    let header_only = mcp(
        &app,
        &[
            ("MCP-Protocol-Version", MODERN),
            ("Mcp-Method", "tools/list"),
        ],
        &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {}}),
    )
    .await;
    assert_eq!(
        header_only.status,
        StatusCode::BAD_REQUEST,
        "{}",
        header_only.text
    );

    let unknown = modern(&app, 5, "resources/list", json!({})).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json()["error"]["code"], -32601);
    assert_eq!(unknown.json()["id"], 5);
}

#[tokio::test]
async fn write_tools_honour_an_idempotency_key_shared_with_the_http_api() {
    for app in spawn_each().await {
        let tools =
            legacy(&app, 1, "tools/list", json!({})).await.json()["result"]["tools"].clone();
        for tool in tools.as_array().unwrap() {
            let writes = tool["annotations"]["readOnlyHint"] == false;
            assert_eq!(
                tool["inputSchema"]["properties"]["idempotency_key"].is_object(),
                writes,
                "{tool}"
            );
        }
        let mut arguments = guide_contract();
        arguments["idempotency_key"] = json!("mcp-order-1");
        let call = json!({"name": "ingest_contract", "arguments": arguments});
        let first = legacy(&app, 2, "tools/call", call.clone()).await.json();
        let again = legacy(&app, 3, "tools/call", call).await.json();
        let id = first["result"]["structuredContent"]["id"].as_str().unwrap();
        assert_eq!(again["result"]["structuredContent"]["id"], id, "{again}");
        // The HTTP API sees the same key for the same request: the same answer again.
        let over_http = app
            .raw(
                reqwest::Method::POST,
                "/api/v1/contracts/ingest",
                &[
                    ("Authorization", "Bearer rr_test_sandbox"),
                    ("Content-Type", "application/json"),
                    ("Idempotency-Key", "mcp-order-1"),
                ],
                serde_json::to_vec(&guide_contract()).unwrap(),
            )
            .await;
        assert_eq!(
            over_http.header("idempotent-replayed").as_deref(),
            Some("true")
        );
        assert_eq!(over_http.json()["id"], id);
        let listed = app.get("/v1/contracts?query=MCP-1").await.json();
        assert_eq!(listed["data"].as_array().unwrap().len(), 1, "written twice");

        let mut other = guide_contract();
        other["total_amount"] = json!("81.00");
        other["idempotency_key"] = json!("mcp-order-1");
        let reused = legacy(
            &app,
            4,
            "tools/call",
            json!({"name": "ingest_contract", "arguments": other}),
        )
        .await
        .json();
        assert_eq!(reused["result"]["isError"], true);
        assert!(
            reused["result"]["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("IDEMPOTENCY_KEY_REUSED")
        );
        let read_with_key = legacy(
            &app,
            5,
            "tools/call",
            json!({"name": "get_job", "arguments": {"job_id": "job_1", "idempotency_key": "k"}}),
        )
        .await
        .json();
        assert_eq!(read_with_key["error"]["code"], -32602);
    }
}

#[tokio::test]
async fn a_priced_call_says_where_to_pay_instead_of_running() {
    let app = crate::helpers::spawn_configured(TestDatabase::sqlite(), |settings| {
        settings.policy.call_price_cents = revrec_usecases::PerPlan {
            sandbox: 5,
            growth: 0,
            scale: 0,
        };
    })
    .await;
    let priced = legacy(
        &app,
        1,
        "tools/call",
        json!({"name": "get_waterfall", "arguments": {}}),
    )
    .await
    .json();
    assert_eq!(priced["result"]["isError"], true, "{priced}");
    let problem: Value =
        serde_json::from_str(priced["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(problem["code"], "PAYMENT_REQUIRED", "{problem}");
    assert!(
        problem["message"]
            .as_str()
            .unwrap()
            .contains("GET /v1/waterfalls")
    );
    // A tool whose route is free runs.
    let job = legacy(
        &app,
        2,
        "tools/call",
        json!({"name": "get_job", "arguments": {"job_id": "job_nope"}}),
    )
    .await
    .json();
    assert!(
        job["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("JOB_NOT_FOUND"),
        "{job}"
    );
}

#[tokio::test]
async fn close_period_and_list_periods_are_the_apis_close_and_books() {
    for app in spawn_each().await {
        let closed = legacy(
            &app,
            1,
            "tools/call",
            json!({"name": "close_period", "arguments": {"through": "2026-03", "idempotency_key": "close-march"}}),
        )
        .await
        .json();
        assert_eq!(closed["result"]["isError"], false, "{closed}");
        assert_eq!(
            closed["result"]["structuredContent"]["first_open_period"],
            "2026-04"
        );
        let listed = legacy(
            &app,
            2,
            "tools/call",
            json!({"name": "list_periods", "arguments": {}}),
        )
        .await
        .json();
        assert_eq!(
            listed["result"]["structuredContent"],
            app.get("/v1/periods").await.json()
        );
        // A month not over is the API's problem, as a tool error.
        let refused = legacy(
            &app,
            3,
            "tools/call",
            json!({"name": "close_period", "arguments": {"through": "2199-12"}}),
        )
        .await
        .json();
        assert_eq!(refused["result"]["isError"], true, "{refused}");
        assert!(
            refused.to_string().contains("PERIOD_NOT_ENDED"),
            "{refused}"
        );
    }
}

/// Cash is recorded and listed by tools as the HTTP API records and lists it.
#[tokio::test]
async fn payment_tools_record_and_list_cash_as_the_http_api_does() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({"customer_name": "Hooli", "total_value": "1200.00",
                "start_date": "2026-01-01", "end_date": "2026-12-31"}))
            .await;
        let id = contract["id"].as_str().unwrap();
        let payment = json!({"name": "record_payment", "arguments": {"id": id,
            "date": "2026-02-10", "amount": "100.00", "reference": "WIRE-9",
            "idempotency_key": "mcp-pay-1"}});
        let paid = legacy(&app, 1, "tools/call", payment.clone()).await.json();
        assert_eq!(paid["result"]["isError"], false, "{paid}");
        let recorded = &paid["result"]["structuredContent"];
        assert_eq!(recorded["payment"]["reference"], "WIRE-9");
        assert_eq!(recorded["payment"]["amount"], json!(100.0));
        // The same key replays the first answer; the HTTP API sees one payment.
        let again = legacy(&app, 2, "tools/call", payment).await.json();
        assert_eq!(again["result"]["structuredContent"], *recorded);
        let listed = legacy(
            &app,
            3,
            "tools/call",
            json!({"name": "list_payments", "arguments": {"id": id}}),
        )
        .await
        .json();
        let rest = app.get(&format!("/v1/contracts/{id}/payments")).await;
        assert_eq!(rest.status, 200, "{}", rest.text);
        assert_eq!(listed["result"]["structuredContent"], rest.json());
        assert_eq!(rest.json()["data"].as_array().unwrap().len(), 1);
        assert_eq!(rest.json()["data"][0]["reference"], "WIRE-9");
    }
}

/// A tool is charged what the REST call it stands for is charged: a contract of 50,000
/// obligation-months takes five units of the caller's window, as `POST /v1/contracts` does.
#[tokio::test]
async fn a_tool_call_is_charged_the_contract_cost_of_its_rest_call() {
    for database in TestDatabase::all() {
        let app = crate::limits::limited(database, 60).await;
        crate::rate_limits::fresh_window_for(std::time::Duration::from_secs(15)).await;
        let remaining = |reply: &Reply| -> u32 {
            reply
                .header("ratelimit-remaining")
                .unwrap()
                .parse()
                .unwrap()
        };
        let lines: Vec<Value> = (0..50)
            .map(|index| {
                json!({"name": format!("Seat {index}"), "pob_type": "subscription",
                                "stated_price": "10.00"})
            })
            .collect();
        let first = legacy(&app, 1, "tools/list", json!({})).await;
        let before = remaining(&first);
        let ingested = legacy(
            &app,
            2,
            "tools/call",
            json!({"name": "ingest_contract", "arguments": {"customer_name": "Wide",
                   "currency": "USD", "total_amount": "500.00", "start_date": "2026-01-01",
                   "end_date": "2109-04-30", "line_items": lines}}),
        )
        .await;
        assert_eq!(
            ingested.json()["result"]["isError"],
            false,
            "{}",
            ingested.text
        );
        // Its own admission and four more.
        assert_eq!(remaining(&ingested), before - 5, "{:?}", ingested.headers);
        let small = legacy(
            &app,
            3,
            "tools/call",
            json!({"name": "list_contracts", "arguments": {}}),
        )
        .await;
        assert_eq!(remaining(&small), before - 6);
    }
}
