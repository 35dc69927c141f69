//! The `revrec` binary itself: zero-configuration serve with its banner, graceful stop on
//! SIGTERM, migrate, keys (secret printed once, only a digest stored) and demo.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::{banner, revrec};

/// One HTTP/1.1 request over std, to keep these tests free of an async runtime:
/// (status, head, body).
fn http(method: &str, url: &str, headers: &[(&str, &str)], body: &str) -> (u16, String, String) {
    use std::io::{Read, Write};
    let address = url.trim_start_matches("http://");
    let (host, path) = address
        .split_once('/')
        .map_or((address, "/".to_owned()), |(h, p)| (h, format!("/{p}")));
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (
        response[9..12].parse().unwrap(),
        head.to_owned(),
        body.to_owned(),
    )
}

fn http_get(url: &str, token: Option<&str>) -> (u16, String) {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = bearer
        .iter()
        .map(|b| ("Authorization", b.as_str()))
        .collect();
    let (status, head, body) = http("GET", url, &headers, "");
    (status, format!("{head}\r\n\r\n{body}"))
}

#[test]
fn serve_needs_no_configuration_prints_the_token_and_stops_gracefully_on_sigterm() {
    let directory = tempfile::tempdir().unwrap();
    let mut child = revrec(directory.path())
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (url, lines) = banner(&mut child);
    let text = lines.join("\n");
    assert!(text.contains(&format!("{url}/docs/")), "{text}");
    assert!(text.contains("rr_test_sandbox"), "{text}");
    // Both surfaces, and the database file by its full path.
    assert!(text.contains(&format!("{url}/v1")), "{text}");
    assert!(text.contains(&format!("{url}/api/v1")), "{text}");
    // The embedded SQLite file is created in the working directory.
    let database = directory.path().join("revrec.db");
    assert!(database.exists());
    assert!(
        text.contains(&format!("sqlite://{} (sqlite)", database.display())),
        "{text}"
    );
    assert_eq!(http_get(&format!("{url}/readyz"), None).0, 200);
    let (status, body) = http_get(&format!("{url}/v1/contracts"), Some("rr_test_sandbox"));
    assert_eq!(status, 200, "{body}");

    let started = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert!(started.elapsed() < Duration::from_secs(20));
    let logs = String::from_utf8_lossy(&output.stdout);
    assert!(logs.contains("revrec stopped"), "{logs}");
    // Structured logs carry the request id and never the token.
    assert!(logs.contains("\"request_id\""), "{logs}");
    assert!(!logs.contains("rr_test_sandbox"), "{logs}");
}

#[test]
fn keys_print_the_secret_once_and_store_only_its_digest() {
    let directory = tempfile::tempdir().unwrap();
    support::fresh_database(directory.path());
    let created = revrec(directory.path())
        .args([
            "keys",
            "create",
            "--tenant",
            "acme",
            "--name",
            "ci",
            "--scopes",
            "read:contracts",
            "--live",
        ])
        .output()
        .unwrap();
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    let secret = String::from_utf8(created.stdout).unwrap().trim().to_owned();
    assert!(
        secret.starts_with("rr_live_") && secret.len() == 56,
        "{secret}"
    );

    let listed = revrec(directory.path())
        .args(["keys", "list"])
        .output()
        .unwrap();
    let listing = String::from_utf8(listed.stdout).unwrap();
    assert!(
        listing.contains("acme") && listing.contains("read:contracts"),
        "{listing}"
    );
    assert!(!listing.contains(&secret), "{listing}");
    let database = std::fs::read(directory.path().join("revrec.db")).unwrap();
    let needle = secret.as_bytes();
    assert!(
        !database
            .windows(needle.len())
            .any(|window| window == needle),
        "the secret is stored in clear"
    );

    let id = listing
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    assert!(
        revrec(directory.path())
            .args(["keys", "revoke", &id])
            .status()
            .unwrap()
            .success()
    );
    assert!(
        !revrec(directory.path())
            .args(["keys", "revoke", &id])
            .status()
            .unwrap()
            .success()
    );
    let bad = revrec(directory.path())
        .args([
            "keys",
            "create",
            "--tenant",
            "acme",
            "--scopes",
            "read:everything",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown scope `read:everything`"));
}

#[test]
fn migrate_and_demo_work_and_bad_settings_are_refused_clearly() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("revrec.db");
    // Run in a folder without a database, every command but serve and demo refuses to
    // make one, and names the file it looked for.
    for args in [
        &["migrate"][..],
        &["keys", "list"],
        &["periods", "list", "--tenant", "sandbox"],
        &["verify"],
    ] {
        let refused = revrec(directory.path()).args(args).output().unwrap();
        let message = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{args:?}: {message}");
        assert!(
            message.contains("no database at sqlite://")
                && message.contains(&database.display().to_string()),
            "{args:?}: {message}"
        );
        assert!(
            !database.exists(),
            "{args:?} created {}",
            database.display()
        );
    }
    // The demo fills a tenant of its own unless told, and says which and where.
    let demo = revrec(directory.path())
        .args(["demo", "--contracts", "25"])
        .output()
        .unwrap();
    let message = String::from_utf8_lossy(&demo.stderr);
    assert!(demo.status.success(), "{message}");
    assert!(
        message.contains("loaded 25 sample contracts into tenant `demo`")
            && message.contains("revrec keys create --tenant demo")
            && message.contains(&database.display().to_string()),
        "{message}"
    );
    let migrated = revrec(directory.path()).arg("migrate").output().unwrap();
    let message = String::from_utf8_lossy(&migrated.stderr);
    assert!(migrated.status.success(), "{message}");
    assert!(
        message.contains(&format!(
            "database: sqlite://{} (sqlite)",
            database.display()
        )),
        "{message}"
    );

    let refused = revrec(directory.path())
        .env("REVREC_MODE", "prod")
        .arg("migrate")
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("REVREC_MODE=\"prod\" is not valid"));
    // A real connection error is shown, not swallowed.
    let unreachable = revrec(directory.path())
        .env(
            "REVREC_DATABASE_URL",
            "postgres://nobody@127.0.0.1:1/nothing",
        )
        .arg("migrate")
        .output()
        .unwrap();
    assert!(!unreachable.status.success());
    let message = String::from_utf8_lossy(&unreachable.stderr);
    assert!(
        message.contains("cannot connect to the database") && message.contains("127.0.0.1"),
        "{message}"
    );
}

/// Runs `revrec args…` in `directory` and parses its standard output as JSON.
fn json_of(directory: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let output = revrec(directory).args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn oauth_clients_and_keys_speak_json_for_scripts_and_the_client_gets_tokens() {
    let directory = tempfile::tempdir().unwrap();
    support::fresh_database(directory.path());
    let path = directory.path();
    let key = json_of(
        path,
        &[
            "keys",
            "create",
            "--tenant",
            "acme",
            "--scopes",
            "read:contracts",
            "--json",
        ],
    );
    assert!(
        key["secret"].as_str().unwrap().starts_with("rr_test_"),
        "{key}"
    );
    assert_eq!(key["scopes"], "read:contracts");
    let keys = json_of(path, &["keys", "list", "--json"]);
    assert_eq!(keys[0]["id"], key["id"]);
    assert_eq!(keys[0]["status"], "active");
    assert!(keys[0].get("secret").is_none(), "{keys}");

    let client = json_of(
        path,
        &[
            "oauth-clients",
            "create",
            "--tenant",
            "acme",
            "--name",
            "ledger sync",
            "--scopes",
            "read:contracts read:waterfalls",
            "--plan",
            "scale",
            "--json",
        ],
    );
    let (id, secret) = (
        client["client_id"].as_str().unwrap().to_owned(),
        client["client_secret"].as_str().unwrap().to_owned(),
    );
    assert!(
        id.starts_with("rrc_") && secret.starts_with("rr_cs_"),
        "{client}"
    );
    assert_eq!(
        (&client["plan"], &client["scopes"], &client["name"]),
        (
            &"scale".into(),
            &"read:contracts read:waterfalls".into(),
            &"ledger sync".into()
        )
    );
    // Only a digest of the secret is stored.
    let database = std::fs::read(path.join("revrec.db")).unwrap();
    assert!(
        !database
            .windows(secret.len())
            .any(|w| w == secret.as_bytes())
    );

    // The printed secret gets a token from the running server.
    let mut child = revrec(path)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (url, _) = banner(&mut child);
    let body = format!("grant_type=client_credentials&client_id={id}&client_secret={secret}");
    let (status, response) = http_post_form(&format!("{url}/oauth/token"), &body);
    assert_eq!(status, 200, "{response}");
    assert!(response.contains("\"token_type\":\"Bearer\""), "{response}");
    let listed = json_of(
        path,
        &["oauth-clients", "list", "--tenant", "acme", "--json"],
    );
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["status"], "active");
    assert!(listed[0].get("client_secret").is_none());

    let revoked = json_of(path, &["oauth-clients", "revoke", &id, "--json"]);
    assert_eq!(
        (&revoked["id"], &revoked["status"]),
        (&id.as_str().into(), &"revoked".into())
    );
    assert_eq!(
        json_of(path, &["oauth-clients", "list", "--json"])[0]["status"],
        "revoked"
    );
    let (status, response) = http_post_form(&format!("{url}/oauth/token"), &body);
    assert_eq!(status, 401, "{response}");
    child.kill().unwrap();
    child.wait().unwrap();

    let again = revrec(path)
        .args(["oauth-clients", "revoke", &id])
        .output()
        .unwrap();
    assert!(!again.status.success(), "a second revoke says so");
    let bad = revrec(path)
        .args([
            "oauth-clients",
            "create",
            "--tenant",
            "acme",
            "--plan",
            "platinum",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown plan `platinum`"));
}

fn http_post_form(url: &str, body: &str) -> (u16, String) {
    let form = [("Content-Type", "application/x-www-form-urlencoded")];
    let (status, head, body) = http("POST", url, &form, body);
    (status, format!("{head}\r\n\r\n{body}"))
}

fn http_get_with_headers(url: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
    http("GET", url, headers, "")
}

#[test]
fn revrec_pay_turns_a_402_challenge_into_a_credential_the_server_accepts() {
    let directory = tempfile::tempdir().unwrap();
    support::fresh_database(directory.path());
    let path = directory.path();
    let key = json_of(
        path,
        &[
            "keys",
            "create",
            "--tenant",
            "acme",
            "--plan",
            "growth",
            "--scopes",
            "read:waterfalls",
            "--json",
        ],
    );
    let bearer = format!("Bearer {}", key["secret"].as_str().unwrap());
    let mut child = revrec(path)
        .arg("serve")
        .env("REVREC_CALL_PRICES", "growth=0.05")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (url, _) = banner(&mut child);
    let waterfall = format!("{url}/v1/waterfalls?start_period=2026-01&end_period=2026-12");
    let (status, head, _) = http_get_with_headers(&waterfall, &[("Authorization", &bearer)]);
    assert_eq!(status, 402, "{head}");
    let challenge = head
        .lines()
        .filter_map(|line| line.strip_prefix("www-authenticate: "))
        .find(|value| value.contains("method=\"sandbox\""))
        .unwrap_or_else(|| panic!("{head}"))
        .to_owned();
    let paid = revrec(path)
        .args([
            "pay",
            "--challenge",
            &challenge,
            "--token",
            "tok_sandbox_cli",
        ])
        .output()
        .unwrap();
    assert!(
        paid.status.success(),
        "{}",
        String::from_utf8_lossy(&paid.stderr)
    );
    let credential = String::from_utf8(paid.stdout).unwrap().trim().to_owned();
    assert!(credential.starts_with("Payment "), "{credential}");
    let (status, head, body) = http_get_with_headers(
        &waterfall,
        &[
            ("Authorization", &bearer),
            ("Payment-Authorization", &credential),
        ],
    );
    assert_eq!(status, 200, "{head}\n{body}");
    assert!(head.contains("payment-receipt: "), "{head}");
    let (status, _, _) = http_get_with_headers(
        &waterfall,
        &[
            ("Authorization", &bearer),
            ("Payment-Authorization", &credential),
        ],
    );
    assert_eq!(status, 402, "a credential pays once");
    child.kill().unwrap();
    child.wait().unwrap();
    let bad = revrec(path)
        .args(["pay", "--challenge", "Bearer x"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}

#[test]
fn serve_refuses_a_database_migrated_by_a_newer_revrec() {
    use diesel::connection::SimpleConnection;
    use diesel::{Connection, SqliteConnection};
    let directory = tempfile::tempdir().unwrap();
    support::fresh_database(directory.path());
    let file = directory.path().join("revrec.db");
    SqliteConnection::establish(file.to_str().unwrap())
        .unwrap()
        .batch_execute("INSERT INTO __diesel_schema_migrations (version) VALUES ('20991231000000')")
        .unwrap();
    let refused = revrec(directory.path()).arg("serve").output().unwrap();
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("the database schema is newer than this revrec")
            && stderr.contains("20991231000000"),
        "{stderr}"
    );
}

#[test]
fn every_request_logs_its_id_tenant_route_template_status_and_duration() {
    let directory = tempfile::tempdir().unwrap();
    let mut child = revrec(directory.path())
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (url, _) = banner(&mut child);
    let authorized = [
        ("Authorization", "Bearer rr_test_sandbox"),
        ("X-Request-Id", "log-test-1"),
    ];
    let (status, _, _) = http(
        "GET",
        &format!("{url}/v1/contracts/ctr_nope"),
        &authorized,
        "",
    );
    assert_eq!(status, 404);
    let (status, _, _) = http(
        "GET",
        &format!("{url}/healthz"),
        &[("X-Request-Id", "log-test-2")],
        "",
    );
    assert_eq!(status, 200);
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The bearer token is never written to the log.
    assert!(!stdout.contains("rr_test_sandbox"), "{stdout}");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let access = |id: &str| {
        lines
            .iter()
            .find(|line| {
                line["span"]["request_id"] == id && line["fields"]["message"] == "request handled"
            })
            .unwrap_or_else(|| panic!("no access line for {id}: {stdout}"))
            .clone()
    };
    let line = access("log-test-1");
    assert_eq!(line["span"]["tenant"], "sandbox", "{line}");
    assert_eq!(line["span"]["route"], "/v1/contracts/{id}", "{line}");
    assert_eq!(line["fields"]["status"], 404, "{line}");
    assert!(
        line["fields"]["duration_ms"].as_f64().unwrap() >= 0.0,
        "{line}"
    );
    let line = access("log-test-2");
    assert_eq!(line["span"]["route"], "/healthz", "{line}");
    assert_eq!(line["fields"]["status"], 200, "{line}");
}

#[test]
fn revrec_mcp_serves_the_tools_over_stdio_with_the_key_from_the_environment() {
    use std::io::{BufRead, BufReader, Write};
    let directory = tempfile::tempdir().unwrap();
    support::fresh_database(directory.path());
    let mut child = revrec(directory.path())
        .arg("mcp")
        .env("REVREC_MCP_TOKEN", "rr_test_sandbox")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |message: serde_json::Value| -> Option<serde_json::Value> {
        writeln!(input, "{message}").unwrap();
        input.flush().unwrap();
        // A notification is answered by nothing.
        message.get("id")?;
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        Some(serde_json::from_str(&line).unwrap_or_else(|_| panic!("not JSON: {line}")))
    };
    let initialized = ask(serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
    .unwrap();
    assert_eq!(initialized["result"]["protocolVersion"], "2025-06-18");
    // A notification gets no line back: the next line answers the next request.
    assert!(
        ask(serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).is_none()
    );
    let tools =
        ask(serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})).unwrap();
    assert_eq!(
        tools["result"]["tools"].as_array().unwrap().len(),
        revrec_mcp::tools::TOOLS.len()
    );
    let ingested = ask(serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "ingest_contract", "arguments": {
            "customer_name": "Stdio Co", "currency": "USD", "total_amount": "1200.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31",
            "line_items": [{"name": "Platform", "pob_type": "subscription", "stated_price": 1200}]}}}))
    .unwrap();
    assert_eq!(ingested["result"]["isError"], false, "{ingested}");
    let id = ingested["result"]["structuredContent"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let waterfall = ask(
        serde_json::json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
        "name": "get_waterfall", "arguments": {"contract_id": id},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}}),
    )
    .unwrap();
    assert_eq!(waterfall["result"]["resultType"], "complete");
    assert_eq!(
        waterfall["result"]["structuredContent"]["total_recognized"],
        1200.0
    );
    let refused = ask(
        serde_json::json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
        "name": "ingest_contract", "arguments": {"customer_name": "Bad"}}}),
    )
    .unwrap();
    assert_eq!(refused["result"]["isError"], true);
    drop(input);
    assert!(child.wait().unwrap().success());

    // Without a usable credential every request is refused, and it says why.
    let mut refused = revrec(directory.path())
        .arg("mcp")
        .env("REVREC_MCP_TOKEN", "rr_test_not_a_key")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    writeln!(
        refused.stdin.take().unwrap(),
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list"}}"#
    )
    .unwrap();
    let output = refused.wait_with_output().unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("REVREC_MCP_TOKEN"),
        "{answer}"
    );
}

#[test]
fn periods_close_list_and_reopen_a_tenants_months_from_the_command_line() {
    let directory = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| revrec(directory.path()).args(args).output().unwrap();
    let demo = run(&["demo", "--contracts", "5", "--tenant", "sandbox"]);
    assert!(
        demo.status.success(),
        "{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    let closed = run(&[
        "periods",
        "close",
        "--tenant",
        "sandbox",
        "--through",
        "2026-03",
    ]);
    assert!(
        closed.status.success(),
        "{}",
        String::from_utf8_lossy(&closed.stderr)
    );
    let text = String::from_utf8_lossy(&closed.stdout).into_owned();
    assert!(text.contains("first open month: 2026-04"), "{text}");
    assert!(text.contains("#1  close through 2026-03  by cli"), "{text}");
    // A reopen needs a reason; without one nothing changes.
    let refused = run(&[
        "periods", "reopen", "--tenant", "sandbox", "--from", "2026-02", "--reason", " ",
    ]);
    assert!(!refused.status.success());
    let reopened = run(&[
        "periods",
        "reopen",
        "--tenant",
        "sandbox",
        "--from",
        "2026-02",
        "--reason",
        "late invoices",
    ]);
    assert!(
        reopened.status.success(),
        "{}",
        String::from_utf8_lossy(&reopened.stderr)
    );
    let listed = run(&["periods", "list", "--tenant", "sandbox"]);
    let text = String::from_utf8_lossy(&listed.stdout).into_owned();
    assert!(text.contains("first open month: 2026-02"), "{text}");
    assert!(
        text.contains("#2  reopen from 2026-02  by cli: late invoices"),
        "{text}"
    );
    assert!(!text.contains("#3"), "{text}");
    // A month that has not ended cannot be closed.
    let refused = run(&[
        "periods",
        "close",
        "--tenant",
        "sandbox",
        "--through",
        "2199-12",
    ]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("has not ended"));
}
