//! Recalculation jobs: queued with a poll URL, run by the server's worker, idempotent when
//! nothing changed, and a policy restatement that equals ingesting under the policy.

use reqwest::Method;
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each_with_jobs};

/// The same small portfolio under `convention` for `token`'s tenant: a plain subscription, a
/// bundle, a contract modified prospectively and one terminated.
async fn portfolio(app: &TestApp, token: &str, convention: Option<&str>) -> Vec<String> {
    let with = |mut body: Value| {
        if let Some(convention) = convention {
            body["recognition_convention"] = json!(convention);
        }
        body
    };
    let post = |body: Value| async move {
        let reply = app
            .request(Method::POST, "/v1/contracts", Some(token), Some(&body))
            .await;
        assert_eq!(reply.status.as_u16(), 201, "{}", reply.text);
        reply.json()["id"].as_str().unwrap().to_owned()
    };
    let plain = post(with(simple_contract(
        "Acme",
        "12000.00",
        "2026-01-01",
        "2026-12-31",
    )))
    .await;
    let bundle = post(with(json!({
        "customer_name": "Globex", "total_value": "9000.00",
        "start_date": "2026-02-10", "end_date": "2027-08-20",
        "line_items": [
            {"name": "Platform", "pob_type": "subscription", "stated_price": 7000},
            {"name": "Support", "pob_type": "support", "stated_price": 1500, "service_start": "2026-03-15"},
            {"name": "Setup", "pob_type": "services", "stated_price": 900, "delivery_date": "2026-02-20"}
        ]
    })))
    .await;
    let modified = post(with(simple_contract(
        "Initech",
        "6000.00",
        "2026-01-15",
        "2027-01-14",
    )))
    .await;
    let change = with(
        json!({"customer_name": "Initech", "total_value": "7500.00", "start_date": "2026-01-15",
                             "end_date": "2027-01-14", "effective_date": "2026-06-01"}),
    );
    let reply = app
        .request(
            Method::PUT,
            &format!("/v1/contracts/{modified}"),
            Some(token),
            Some(&change),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    let ended = post(with(simple_contract(
        "Umbrella",
        "3650.00",
        "2026-01-01",
        "2026-12-31",
    )))
    .await;
    let reply = app
        .request(
            Method::POST,
            &format!("/v1/contracts/{ended}/terminate"),
            Some(token),
            Some(&json!({"effective_date": "2026-09-10"})),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    vec![plain, bundle, modified, ended]
}

/// Every report a reader sees, for comparing two tenants byte for byte.
async fn reports(app: &TestApp, token: &str) -> Vec<String> {
    let mut bodies = Vec::new();
    for path in [
        "/v1/waterfalls",
        "/v1/waterfalls?start_period=2026-05&end_period=2026-11",
        "/v1/disclosures/note6?period=2026-Q1",
        "/v1/disclosures/note6?period=2026-Q2",
        "/v1/disclosures/note6?period=2026-Q3",
        "/v1/disclosures/note6?period=2026-Q4",
        "/v1/disclosures/note6?period=2027-Q2",
        "/api/v1/reports/waterfall?period=2026&granularity=quarterly",
        "/api/v1/accounting/trial-balance?period=2026-09",
    ] {
        let reply = app.request(Method::GET, path, Some(token), None).await;
        assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.text);
        bodies.push(reply.text);
    }
    bodies
}

#[tokio::test]
async fn a_job_is_queued_polled_and_changes_nothing_when_nothing_changed() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let before = reports(&app, SANDBOX).await;
        let contract_before = app.get(&format!("/v1/contracts/{}", ids[0])).await.text;

        let created = app.post("/v1/jobs/recalculate-waterfall", &json!({})).await;
        assert_eq!(created.status.as_u16(), 202, "{}", created.text);
        let body = created.json();
        let id = body["job_id"].as_str().unwrap();
        assert!(id.starts_with("job_"));
        assert_eq!(body["status"], "queued");
        let poll_url = format!("{}/v1/jobs/{id}", app.address);
        assert_eq!(body["poll_url"], poll_url);
        assert_eq!(created.header("location"), Some(poll_url));

        let job = app.finished_job(id).await;
        assert_eq!(job["status"], "completed", "{job}");
        assert_eq!(job["progress"], 100);
        let result = &job["result"];
        assert_eq!(result["contracts_recalculated"], 4);
        assert_eq!(result["contracts_changed"], 0);
        assert_eq!(result["total_recognized_delta"], json!({}));
        assert_eq!(result["skipped"], json!([]));
        let hash = result["output_hash"].as_str().unwrap().to_owned();
        assert!(hash.starts_with("sha256:") && hash.len() == 71, "{hash}");

        // Again, with no body at all: the same hash, and nothing written.
        let again = app
            .raw(
                Method::POST,
                "/v1/jobs/recalculate-waterfall",
                &[("Authorization", &format!("Bearer {SANDBOX}"))],
                Vec::new(),
            )
            .await;
        assert_eq!(again.status.as_u16(), 202, "{}", again.text);
        let again = app
            .finished_job(again.json()["job_id"].as_str().unwrap())
            .await;
        assert_eq!(again["result"]["output_hash"], hash);
        assert_eq!(reports(&app, SANDBOX).await, before);
        assert_eq!(
            app.get(&format!("/v1/contracts/{}", ids[0])).await.text,
            contract_before
        );

        // A subset hashes its own contracts only.
        let subset = app
            .recalculate(&json!({"contract_ids": [ids[1], ids[0], ids[1]]}))
            .await;
        assert_eq!(subset["result"]["contracts_recalculated"], 2);
        assert_eq!(
            subset["request"]["contract_ids"].as_array().unwrap().len(),
            2
        );
        assert_ne!(subset["result"]["output_hash"], hash);
    }
}

#[tokio::test]
async fn a_policy_restatement_equals_ingesting_under_that_policy() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let (_, fresh) = app.key("fresh", &Scope::ALL).await;
        portfolio(&app, &fresh, Some("monthly_equal")).await;
        assert_ne!(reports(&app, SANDBOX).await, reports(&app, &fresh).await);

        let job = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(job["status"], "completed", "{job}");
        assert_eq!(
            job["request"]["policy"]["recognition_convention"],
            "monthly_equal"
        );
        let result = &job["result"];
        assert_eq!(result["contracts_recalculated"], 4);
        assert_eq!(result["contracts_changed"], 4);
        assert_eq!(reports(&app, SANDBOX).await, reports(&app, &fresh).await);

        // The change through the job's month, for the plain 12,000.00 contract of 2026 alone:
        // monthly_equal counts whole months, daily counts days.
        let as_of = result["as_of_period"].as_str().unwrap();
        let restated = app
            .recalculate(
                &json!({"contract_ids": [ids[0]], "policy": {"recognition_convention": "daily"}}),
            )
            .await;
        let (year, month): (i32, u32) = (as_of[..4].parse().unwrap(), as_of[5..].parse().unwrap());
        let expected_cents: i64 = if year == 2026 {
            let days: i64 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][..month as usize]
                .iter()
                .sum();
            let daily = (1_200_000 * days * 2 + 365) / (365 * 2);
            daily - 100_000 * i64::from(month)
        } else {
            0
        };
        let delta = restated["result"]["total_recognized_delta"]["USD"]
            .as_f64()
            .unwrap_or(0.0);
        assert_eq!((delta * 100.0).round() as i64, expected_cents, "{restated}");
        let back = app.recalculate(&json!({"contract_ids": [ids[0]], "policy": {"recognition_convention": "monthly_equal"}})).await;
        assert_eq!(back["result"]["contracts_changed"], 1);

        // Restated in place: every version takes the policy, and the contract says so.
        let contract = app
            .get(&format!("/v1/contracts/{}?version=1", ids[2]))
            .await
            .json();
        assert_eq!(contract["recognition_convention"], "monthly_equal");
        // Running it again changes nothing and gives the first run's hash.
        let rerun = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(rerun["result"]["contracts_changed"], 0);
        assert_eq!(rerun["result"]["output_hash"], result["output_hash"]);
        // Entry ids of the restated months are new: the restated figures never reuse them.
        let journal = app
            .get("/api/v1/accounting/journal-entries?period=2026-01")
            .await
            .json();
        let fresh_journal = app
            .request(
                Method::GET,
                "/api/v1/accounting/journal-entries?period=2026-01",
                Some(&fresh),
                None,
            )
            .await
            .json();
        assert_eq!(journal["totals"], fresh_journal["totals"]);
    }
}

#[tokio::test]
async fn bad_requests_and_other_tenants_jobs_are_refused() {
    for app in spawn_each_with_jobs().await {
        let ids = portfolio(&app, SANDBOX, None).await;
        let problem = app
            .post(
                "/v1/jobs/recalculate-waterfall",
                &json!({"contract_ids": [ids[0], "ctr_nope"]}),
            )
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(problem["errors"][0]["field"], "contract_ids");
        assert!(
            problem["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("ctr_nope")
        );
        for body in [
            json!({"contract_ids": []}),
            json!({"policy": {"recognition_convention": "weekly"}}),
            json!({"policy": "monthly_equal"}),
            json!({"colour": 1}),
        ] {
            app.post("/v1/jobs/recalculate-waterfall", &body)
                .await
                .problem(422, "VALIDATION_FAILED");
        }
        app.raw(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            &[
                ("Authorization", &format!("Bearer {SANDBOX}")),
                ("Content-Type", "text/plain"),
            ],
            b"{}".to_vec(),
        )
        .await
        .problem(415, "UNSUPPORTED_MEDIA_TYPE");

        let job = app.recalculate(&json!({})).await;
        let id = job["job_id"].as_str().unwrap();
        let (_, other) = app.key("acme", &Scope::ALL).await;
        app.request(Method::GET, &format!("/v1/jobs/{id}"), Some(&other), None)
            .await
            .problem(404, "JOB_NOT_FOUND");
        // Another tenant's contract ids are unknown to it.
        app.request(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            Some(&other),
            Some(&json!({"contract_ids": [ids[0]]})),
        )
        .await
        .problem(422, "VALIDATION_FAILED");
        let (_, reader) = app.key("sandbox", &[Scope::ReadContracts]).await;
        app.request(
            Method::POST,
            "/v1/jobs/recalculate-waterfall",
            Some(&reader),
            Some(&json!({})),
        )
        .await
        .problem(403, "INSUFFICIENT_SCOPE");
        assert_eq!(
            app.request(Method::GET, &format!("/v1/jobs/{id}"), Some(&reader), None)
                .await
                .status
                .as_u16(),
            200
        );
    }
}
