//! `revrec replay package.json`, the real binary, in an empty folder with no database
//! configured: a close package read from the API on each backend replays to the byte
//! (exit 0, printing the digests `GET /v1/periods` lists), and an altered one fails (exit
//! 1) saying where, as does one whose server found its stored figures edited.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use revrec_test_support::TestDatabase;
use serde_json::{Value, json};
use support::{Server, revrec};

const TOKEN: &str = "rr_test_sandbox";

async fn call(method: reqwest::Method, url: &str, body: Option<&Value>) -> String {
    let mut request = reqwest::Client::new()
        .request(method, url)
        .bearer_auth(TOKEN);
    if let Some(body) = body {
        request = request.json(body);
    }
    let reply = request.send().await.unwrap();
    let status = reply.status();
    let text = reply.text().await.unwrap();
    assert!(status.is_success(), "{url}: {status} {text}");
    text
}

fn replay(folder: &std::path::Path, package: &str) -> (bool, String, String) {
    std::fs::write(folder.join("package.json"), package).unwrap();
    let output = revrec(folder)
        .env_remove("REVREC_TEST_POSTGRES_URL")
        .args(["replay", "package.json"])
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_package_replays_offline_to_the_byte_and_an_altered_one_fails() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let url = |path: &str| format!("{}{path}", server.url);
        let contract = json!({
            "customer_name": "Replay Co",
            "total_value": "12000.00",
            "start_date": "2026-01-01", "end_date": "2026-12-31",
            "line_items": [
                {"name": "Platform", "pob_type": "subscription", "stated_price": 10000},
                {"name": "Setup", "pob_type": "services", "stated_price": 2000, "delivery_date": "2026-02-15"}
            ]
        });
        let created: Value = serde_json::from_str(
            &call(
                reqwest::Method::POST,
                &url("/v1/contracts"),
                Some(&contract),
            )
            .await,
        )
        .unwrap();
        let id = created["id"].as_str().unwrap();
        call(
            reqwest::Method::POST,
            &url(&format!("/v1/contracts/{id}/payments")),
            Some(&json!({"date": "2026-01-20", "amount": "4000.00", "reference": "WIRE-7"})),
        )
        .await;
        call(
            reqwest::Method::POST,
            &url("/v1/periods/close"),
            Some(&json!({"through": "2026-02"})),
        )
        .await;
        let package = call(
            reqwest::Method::GET,
            &url("/v1/close-packages/2026-02"),
            None,
        )
        .await;
        let listed: Value =
            serde_json::from_str(&call(reqwest::Method::GET, &url("/v1/periods"), None).await)
                .unwrap();
        let february = listed["closed"][1]["digest"].as_str().unwrap().to_owned();

        let folder = tempfile::tempdir().unwrap();
        let (ok, stdout, stderr) = replay(folder.path(), &package);
        assert!(ok, "{stderr}");
        assert!(stdout.contains(&format!("2026-02 {february}")), "{stdout}");
        // Nothing but the package in the folder: no database was made.
        let entries: Vec<_> = std::fs::read_dir(folder.path()).unwrap().collect();
        assert_eq!(entries.len(), 1);

        let altered = package.replacen("\"amount\":\"4000.00\"", "\"amount\":\"400.00\"", 1);
        assert_ne!(altered, package);
        let (ok, _, stderr) = replay(folder.path(), &altered);
        assert!(!ok);
        assert!(stderr.contains("(payment of "), "{stderr}");

        // A frozen figure edited by hand: the server says so in the package, and the
        // package no longer replays (its facts do not give that warning).
        database.execute(
            "UPDATE frozen_rollups SET recognized = recognized + 1 \
             WHERE period = '2026-02' AND corrects_period = ''",
        );
        let drifted = call(
            reqwest::Method::GET,
            &url("/v1/close-packages/2026-02"),
            None,
        )
        .await;
        let warnings = serde_json::from_str::<Value>(&drifted).unwrap()["warnings"].clone();
        assert_eq!(
            warnings,
            json!([
                "the figures stored at the close of 2026-02 are not what its facts give: run `revrec verify`"
            ])
        );
        let (ok, _, stderr) = replay(folder.path(), &drifted);
        assert!(!ok);
        assert!(stderr.contains("(in `warnings`)"), "{stderr}");
        drop(server);
    }
}
