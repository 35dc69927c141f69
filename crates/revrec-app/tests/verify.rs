//! `revrec verify`, the audit command: a clean portfolio (new contracts, amendments, a
//! termination, a draft) verifies with the very hash the waterfall report answers; a hand
//! edit of a contract row or of a rollup row is named, with exit status 1.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use revrec_test_support::TestDatabase;
use serde_json::{Value, json};
use support::{Server, load_demo, verify};

const TOKEN: &str = "rr_test_sandbox";

async fn send(method: reqwest::Method, url: &str, body: &Value) -> Value {
    let reply = reqwest::Client::new()
        .request(method, url)
        .bearer_auth(TOKEN)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = reply.status();
    let body: Value = reply.json().await.unwrap();
    assert!(status.is_success(), "{url}: {status} {body}");
    body
}

fn contract(customer: &str) -> Value {
    json!({
        "customer_name": customer,
        "total_value": "12000.00",
        "start_date": "2026-01-01", "end_date": "2026-12-31",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 10000},
            {"name": "Setup", "pob_type": "services", "stated_price": 2000, "delivery_date": "2026-02-15"}
        ]
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_passes_clean_books_and_names_every_tampered_row() {
    for database in TestDatabase::all() {
        load_demo(&database.url, 40);
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        // Contracts with several versions: amended, amended again, terminated; and a draft.
        let amended = send(reqwest::Method::POST, &contracts, &contract("Amended Co")).await;
        let amended_id = amended["id"].as_str().unwrap();
        let mut change = contract("Amended Co");
        change["total_value"] = json!("15000.00");
        change["effective_date"] = json!("2026-07-01");
        support::name_obligations(&mut change, &amended);
        send(
            reqwest::Method::PUT,
            &format!("{contracts}/{amended_id}"),
            &change,
        )
        .await;
        change["total_value"] = json!("16000.00");
        change["effective_date"] = json!("2026-09-01");
        change["treatment"] = json!("cumulative_catch_up");
        send(
            reqwest::Method::PUT,
            &format!("{contracts}/{amended_id}"),
            &change,
        )
        .await;
        let ended = send(reqwest::Method::POST, &contracts, &contract("Ended Co")).await;
        let ended_id = ended["id"].as_str().unwrap().to_owned();
        send(
            reqwest::Method::POST,
            &format!("{contracts}/{ended_id}/terminate"),
            &json!({"effective_date": "2026-06-01"}),
        )
        .await;
        let mut draft = contract("Draft Co");
        draft["status"] = json!("draft");
        send(reqwest::Method::POST, &contracts, &draft).await;
        let report = reqwest::Client::new()
            .get(format!("{}/v1/waterfalls?currency=USD", server.url))
            .bearer_auth(TOKEN)
            .send()
            .await
            .unwrap()
            .json::<Value>()
            .await
            .unwrap();
        drop(server);

        let (code, clean) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{clean:#}");
        assert_eq!(clean["clean"], true);
        assert_eq!(clean["contracts_checked"], 43, "{clean:#}");
        let usd = &clean["tenants"][0]["currencies"][0];
        assert_eq!(usd["currency"], "USD");
        // The audit's hash is the one the report itself answered.
        assert_eq!(
            usd["stored_output_hash"], report["output_hash"],
            "{clean:#}"
        );
        assert_eq!(usd["recomputed_output_hash"], report["output_hash"]);

        // A contract row edited by hand, and the stored rollup of one month: a row added
        // beside what the writes appended (folded or not, reads add them all up).
        database.execute(&format!(
            "UPDATE contracts SET total_value = total_value + 1 WHERE id = '{ended_id}'"
        ));
        database.execute(&format!(
            "INSERT INTO rollup_deltas (tenant_id, serial, currency, deltas) \
             SELECT tenant_id, 999999999999, currency, \
                 '2026-03 subscription over_time 100 0 0 0 0 0 0 0 0 0 0' \
             FROM contracts WHERE id = '{ended_id}'"
        ));
        let (code, drift) = verify(&database.url, &[]);
        assert_eq!(code, 1, "{drift:#}");
        let tenant = &drift["tenants"][0];
        assert_eq!(tenant["clean"], false);
        assert_eq!(tenant["contract_mismatches"].as_array().unwrap().len(), 1);
        assert_eq!(
            tenant["contract_mismatches"][0]["contract_id"],
            ended_id.as_str()
        );
        let rows = tenant["rollup_mismatches"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{drift:#}");
        assert_eq!(rows[0]["period"], "2026-03");
        assert_eq!(
            rows[0]["stored"]["recognized"].as_i64().unwrap()
                - rows[0]["recomputed"]["recognized"].as_i64().unwrap(),
            100
        );
        assert_ne!(
            tenant["currencies"][0]["stored_output_hash"],
            tenant["currencies"][0]["recomputed_output_hash"]
        );

        // Another tenant has nothing to drift.
        let (code, other) = verify(&database.url, &["--tenant", "someone-else"]);
        assert_eq!((code, &other["contracts_checked"]), (0, &json!(0)));
    }
}

async fn get(url: &str) -> Value {
    reqwest::Client::new()
        .get(url)
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Runs a recalculation job restating `id` under `monthly_equal`, and its final state.
async fn restate_as_monthly_equal(url: &str, id: &str) -> Value {
    let job = send(
        reqwest::Method::POST,
        &format!("{url}/v1/jobs/recalculate-waterfall"),
        &json!({"contract_ids": [id], "policy": {"recognition_convention": "monthly_equal"}}),
    )
    .await;
    let poll = job["poll_url"].as_str().unwrap().to_owned();
    let mut finished = job;
    for _ in 0..200 {
        if finished["status"] == "completed" || finished["status"] == "failed" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        finished = get(&poll).await;
    }
    finished
}

/// The README's example: a contract terminated, then restated under another convention. The termination kept what the old convention had recognized by its date;
/// the restated price is what the new one had, and the stored contract says so too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_terminated_contract_restated_under_another_convention_stays_whole() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        let acme = json!({"customer_name": "Acme Corp", "total_value": 12000,
                          "start_date": "2026-01-01", "end_date": "2026-12-31"});
        let created = send(reqwest::Method::POST, &contracts, &acme).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let ended = send(
            reqwest::Method::POST,
            &format!("{contracts}/{id}/terminate"),
            &json!({"effective_date": "2026-10-01"}),
        )
        .await;
        assert_eq!(ended["total_value"], json!(8975.34), "{ended}");

        let finished = restate_as_monthly_equal(&server.url, &id).await;
        assert_eq!(finished["status"], "completed", "{finished}");
        assert_eq!(finished["result"]["contracts_changed"], 1, "{finished}");

        let restated = get(&format!("{contracts}/{id}")).await;
        assert_eq!(restated["total_value"], json!(9000.00), "{restated}");
        assert_eq!(
            restated["performance_obligations"][0]["allocated_amount"], restated["total_value"],
            "{restated}"
        );
        drop(server);
        let (code, report) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{report:#}");
        assert_eq!(report["clean"], true, "{report:#}");
    }
}

/// A contract restated under another convention and modified afterwards: the amendment is
/// computed under the restated convention, as its versions replay, so the audit finds its
/// rollup rows as the modification wrote them (they drifted when it computed the new
/// version under the convention the contract was recorded with).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restated_contract_modified_afterwards_verifies_clean() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        let acme = json!({"customer_name": "Acme Corp", "total_value": 25000,
                          "start_date": "2025-01-01", "end_date": "2025-02-26"});
        let created = send(reqwest::Method::POST, &contracts, &acme).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let finished = restate_as_monthly_equal(&server.url, &id).await;
        assert_eq!(finished["result"]["contracts_changed"], 1, "{finished}");

        let mut change = acme.clone();
        change["total_value"] = json!(12500);
        change["effective_date"] = json!("2025-01-21");
        send(reqwest::Method::PUT, &format!("{contracts}/{id}"), &change).await;
        drop(server);
        let (code, report) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{report:#}");
        assert_eq!(report["clean"], true, "{report:#}");
    }
}

/// Whatever the API accepts, the audit reads: a hundred-year contract (twice the longest
/// range a report may be asked for) and one from the calendar's first year verify clean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longest_contracts_the_api_accepts_verify_clean() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        for (start, end) in [("2026-01-01", "2125-12-31"), ("1900-01-01", "1999-12-31")] {
            send(
                reqwest::Method::POST,
                &contracts,
                &json!({"customer_name": "Century", "total_value": 120000,
                        "start_date": start, "end_date": end}),
            )
            .await;
        }
        let whole = get(&format!("{}/v1/waterfalls", server.url)).await;
        assert_eq!(
            whole["periods"].as_array().unwrap().len(),
            2_712,
            "1900-01 to 2125-12"
        );
        drop(server);
        let (code, report) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{report:#}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_checks_every_closed_months_digest_and_catches_a_tampered_frozen_figure() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        let signed = send(reqwest::Method::POST, &contracts, &contract("Closed Co")).await;
        let id = signed["id"].as_str().unwrap();
        let books = send(
            reqwest::Method::POST,
            &format!("{}/v1/periods/close", server.url),
            &json!({"through": "2026-03"}),
        )
        .await;
        // A back-dated change after the close, and a contract signed late: corrections.
        let mut change = contract("Closed Co");
        change["total_value"] = json!("15000.00");
        change["effective_date"] = json!("2026-02-01");
        change["treatment"] = json!("cumulative_catch_up");
        support::name_obligations(&mut change, &signed);
        send(reqwest::Method::PUT, &format!("{contracts}/{id}"), &change).await;
        send(reqwest::Method::POST, &contracts, &contract("Late Co")).await;
        send(
            reqwest::Method::POST,
            &format!("{}/v1/periods/close", server.url),
            &json!({"through": "2026-04"}),
        )
        .await;
        drop(server);

        let (code, clean) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{clean:#}");
        let months = clean["tenants"][0]["closed_months"].as_array().unwrap();
        let periods: Vec<&str> = months
            .iter()
            .map(|month| month["period"].as_str().unwrap())
            .collect();
        assert_eq!(
            periods,
            ["2026-01", "2026-02", "2026-03", "2026-04"],
            "{clean:#}"
        );
        // The digest the close answered is the one verify reads from the store.
        assert_eq!(months[1]["stored_digest"], books["closed"][1]["digest"]);

        // A frozen figure edited by hand is caught, and named by its month.
        database.execute(
            "UPDATE frozen_rollups SET recognized = recognized + 1 \
             WHERE period = '2026-02' AND corrects_period = ''",
        );
        let (code, drift) = verify(&database.url, &[]);
        assert_eq!(code, 1, "{drift:#}");
        let months = drift["tenants"][0]["closed_months"].as_array().unwrap();
        let differing: Vec<&str> = months
            .iter()
            .filter(|month| month["clean"] == false)
            .map(|month| month["period"].as_str().unwrap())
            .collect();
        assert_eq!(differing, ["2026-02"], "{drift:#}");
    }
}

/// Payments whose sum leaves the 64-bit range, written past the API (which refuses them,
/// docs/limits.md "Money"): verify sums with checks and names the contract and the
/// currency's books instead of comparing a wrapped recomputation with a wrapped row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_names_books_whose_sums_leave_the_range() {
    for database in TestDatabase::all() {
        let server = Server::start(&database.url, &[]);
        let contracts = format!("{}/v1/contracts", server.url);
        let paid = send(reqwest::Method::POST, &contracts, &contract("Paid Co")).await;
        let id = paid["id"].as_str().unwrap().to_owned();
        for reference in ["WIRE-1", "WIRE-2"] {
            send(
                reqwest::Method::POST,
                &format!("{contracts}/{id}/payments"),
                &json!({"date": "2026-03-01", "amount": "1000.00", "reference": reference}),
            )
            .await;
        }
        drop(server);
        let (code, clean) = verify(&database.url, &[]);
        assert_eq!(code, 0, "{clean:#}");

        // Each payment 5 × 10^18 cents: their sum is past i64::MAX, and wraps in a release
        // build's `+` to a negative figure.
        database.execute(&format!(
            "UPDATE contract_invoices SET amount = 5000000000000000000 \
             WHERE contract_id = '{id}' AND kind = 'payment'"
        ));
        database.execute(&format!(
            "INSERT INTO rollup_deltas (tenant_id, serial, currency, deltas) \
             SELECT tenant_id, 999999999999, currency, \
                 '2026-03 subscription over_time 0 0 0 0 0 0 0 0 5000000000000000000 0 0' \
             FROM contracts WHERE id = '{id}'"
        ));
        let (code, drift) = verify(&database.url, &[]);
        assert_eq!(code, 1, "{drift:#}");
        let tenant = &drift["tenants"][0];
        assert_eq!(tenant["clean"], false);
        let contracts = tenant["contract_mismatches"].as_array().unwrap();
        assert_eq!(contracts.len(), 1, "{drift:#}");
        assert_eq!(contracts[0]["contract_id"], id.as_str());
        let problem = contracts[0]["problem"].as_str().unwrap();
        assert!(problem.contains("past the limit"), "{problem}");
        assert!(problem.contains("46116860184273879.03"), "{problem}");
        let beyond = tenant["beyond_limits"].as_array().unwrap();
        assert_eq!(beyond.len(), 1, "{drift:#}");
        assert!(beyond[0].as_str().unwrap().starts_with("the USD rollup"));
    }
}
