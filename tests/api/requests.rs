//! What a request may look like (docs/limits.md): no parameter a route does not take, one
//! JSON document and nothing after it, amounts no more precise than they can be, and a body
//! that arrives in time.

use std::time::Duration;

use reqwest::Method;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{SANDBOX, simple_contract, spawn_each};

#[tokio::test]
async fn an_unknown_query_parameter_is_a_400_naming_it() {
    for app in spawn_each().await {
        let problem = app
            .get(
                "/v1/waterfalls?start_period=2026-01&end_period=2026-03&as_at=2026-04-01T00:00:00Z",
            )
            .await
            .problem(400, "INVALID_PARAMETER");
        let detail = problem["detail"].as_str().unwrap();
        assert!(
            detail.contains("`as_at`") && detail.contains("start_period"),
            "{problem}"
        );
        let created = app
            .create(&simple_contract(
                "Acme",
                "1200.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = created["id"].as_str().unwrap();
        let problem = app
            .get(&format!("/v1/contracts/{id}/versions?page=2"))
            .await
            .problem(400, "INVALID_PARAMETER");
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("takes no query parameters"),
            "{problem}"
        );
        app.get("/api/v1/accounting/journal-entries?period=2026-03&lines=recognition")
            .await
            .problem(400, "INVALID_PARAMETER");
        // A batch operation's query is held to the same.
        let batch = app
            .post(
                "/v1/batch",
                &json!({"operations": [
                    {"method": "GET", "path": "/waterfalls?start_period=2026-01&as_at=2026-04-01"},
                    {"method": "GET", "path": "/waterfalls?start_period=2026-01"},
                    {"method": "POST", "path": "/contracts?status=draft",
                     "body": simple_contract("Acme", "1200.00", "2026-01-01", "2026-12-31")}
                ]}),
            )
            .await;
        let results = batch.json()["results"].as_array().unwrap().clone();
        assert_eq!(results[0]["status"], 400, "{results:?}");
        assert!(
            results[0]["body"]["detail"]
                .as_str()
                .unwrap()
                .contains("`as_at`")
        );
        assert_eq!(results[1]["status"], 200, "{results:?}");
        assert_eq!(results[2]["status"], 400, "{results:?}");
        // What a route does take still works, as before.
        let fine = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-03&currency=USD")
            .await;
        assert_eq!(fine.status.as_u16(), 200, "{}", fine.text);
        let fine = app.get(&format!("/v1/contracts/{id}?version=1")).await;
        assert_eq!(fine.status.as_u16(), 200, "{}", fine.text);
    }
}

#[tokio::test]
async fn trailing_characters_are_malformed_json_and_too_many_decimals_say_so() {
    for app in spawn_each().await {
        let reply = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[
                    ("Authorization", "Bearer rr_test_sandbox"),
                    ("Content-Type", "application/json"),
                ],
                br#"{"a":1}}"#.to_vec(),
            )
            .await;
        reply.problem(400, "MALFORMED_JSON");
        let precise = format!("1.{}", "3".repeat(50));
        let mut body = simple_contract("Acme", "1", "2026-01-01", "2026-12-31");
        body["total_value"] = json!(precise);
        let problem = app
            .request(Method::POST, "/v1/contracts", Some(SANDBOX), Some(&body))
            .await
            .problem(422, "VALIDATION_FAILED");
        let message = problem["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains("at most 2 decimal places"), "{problem}");
        let listed = app.get("/v1/contracts").await.json();
        assert_eq!(listed["total"], 0);
    }
}

#[tokio::test]
async fn a_body_trickled_slower_than_the_deadline_is_408() {
    let app = spawn_each().await.remove(0);
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /v1/contracts HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {SANDBOX}\r\n\
         Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let mut buffer = [0_u8; 4096];
    // One byte a second, as long as the server keeps listening (a deadline of 10 s).
    let read = loop {
        tokio::select! {
            read = stream.read(&mut buffer) => break read.unwrap(),
            () = tokio::time::sleep(Duration::from_secs(1)) => {
                if stream.write_all(b" ").await.is_err() || started.elapsed() > Duration::from_secs(30) {
                    break 0;
                }
            }
        }
    };
    answer.extend_from_slice(&buffer[..read]);
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("REQUEST_TIMEOUT"), "{text}");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
}
