//! Heavy reads (`docs/limits.md`, "What a request costs"): an as-of report replays the
//! contracts written since its instant, an explanation a contract's every version. Each is
//! charged to its caller by the obligation-months it replays, one unit per started 12,000,
//! before it replays them, and refused up front with 422 `WORK_LIMIT_EXCEEDED` past what
//! one request may replay.

use std::time::Duration;

use revrec_test_support::TestDatabase;
use revrec_usecases::limits::Limits;
use revrec_usecases::{PerPlan, Policy};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::helpers::{Reply, TestApp, spawn_configured};

/// Forty lines over a hundred years: 48,000 obligation-months.
fn wide(total: &str) -> Value {
    let lines: Vec<Value> = (0..40)
        .map(|index| json!({"name": format!("Seat {index}"), "pob_type": "subscription", "stated_price": 10}))
        .collect();
    json!({"customer_name": "Wide", "total_value": total, "start_date": "2026-01-01",
           "end_date": "2125-12-31", "line_items": lines})
}

fn remaining(reply: &Reply) -> u32 {
    reply
        .header("ratelimit-remaining")
        .unwrap()
        .parse()
        .unwrap()
}

async fn invoice(app: &TestApp, id: &str) {
    let reply = app
        .post(
            &format!("/v1/contracts/{id}/invoices"),
            &json!({"date": "2026-03-31", "amount": "100.00", "number": "INV-1"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
}

/// Now, a moment after the last write and a moment before the next.
async fn instant_between_writes() -> String {
    tokio::time::sleep(Duration::from_millis(5)).await;
    let now = OffsetDateTime::now_utc().format(&Rfc3339).unwrap();
    tokio::time::sleep(Duration::from_millis(5)).await;
    now
}

#[tokio::test]
async fn heavy_reads_are_charged_by_their_work_and_refused_past_the_limit_of_one_request() {
    for database in TestDatabase::all() {
        let app = spawn_configured(database, |settings| {
            settings.policy = Policy {
                requests_per_minute: Some(PerPlan {
                    sandbox: 600,
                    growth: 600,
                    scale: 600,
                }),
                limits: Limits {
                    read_obligation_months: 100_000,
                    ..Limits::default()
                },
                ..Policy::default()
            };
        })
        .await;
        crate::rate_limits::fresh_window_for(Duration::from_secs(20)).await;
        let created = app.create(&wide("400.00")).await;
        let first = created["id"].as_str().unwrap().to_owned();
        let second = app.create(&wide("400.00")).await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let instant = instant_between_writes().await;
        // Invoiced since: a read as of the instant puts the contract back, replaying it as
        // it was then and as it is now, 96,000 obligation-months: eight units in all.
        invoice(&app, &first).await;
        let path =
            format!("/v1/waterfalls?start_period=2026-01&end_period=2026-12&as_of={instant}");
        let before = remaining(&app.get("/v1/contracts?limit=1").await);
        let read = app.get(&path).await;
        assert_eq!(read.status, 200, "{}", read.text);
        assert_eq!(remaining(&read), before - 8, "{:?}", read.headers);
        // Both invoiced since: 192,000, past the 100,000 one request may replay. Refused
        // before anything is replayed, and charged only its admission (the invoice took
        // one unit too).
        invoice(&app, &second).await;
        let refused = app.get(&path).await;
        let problem = refused.problem(422, "WORK_LIMIT_EXCEEDED");
        assert_eq!(problem["limit"], 100_000);
        assert!(problem["value"].as_u64().unwrap() > 100_000, "{problem}");
        assert_eq!(remaining(&refused), before - 8 - 2);
        // The same on the guide surface and for Note 6.
        app.get(&format!(
            "/api/v1/reports/waterfall?period=2026&as_of={instant}"
        ))
        .await
        .problem(422, "WORK_LIMIT_EXCEEDED");
        app.get(&format!(
            "/v1/disclosures/note6?period=2026-Q1&as_of={instant}"
        ))
        .await
        .problem(422, "WORK_LIMIT_EXCEEDED");
        // Explaining a month replays the contract: 48,000 at its one version, four units.
        let explain = format!("/v1/contracts/{first}/explain?period=2026-03");
        let before = remaining(&app.get("/v1/contracts?limit=1").await);
        let explained = app.get(&explain).await;
        assert_eq!(explained.status, 200, "{}", explained.text);
        assert_eq!(remaining(&explained), before - 4);
        // Two modifications later it replays three versions: 144,000, refused.
        for (total, effective) in [("500.00", "2026-07-01"), ("600.00", "2026-09-01")] {
            let mut change = wide(total);
            for (line, obligation) in change["line_items"]
                .as_array_mut()
                .unwrap()
                .iter_mut()
                .zip(created["performance_obligations"].as_array().unwrap())
            {
                line["id"] = obligation["id"].clone();
            }
            change["effective_date"] = json!(effective);
            change["treatment"] = json!("prospective");
            let changed = app.put(&format!("/v1/contracts/{first}"), &change).await;
            assert_eq!(changed.status, 200, "{}", changed.text);
        }
        let problem = app.get(&explain).await.problem(422, "WORK_LIMIT_EXCEEDED");
        assert_eq!(problem["value"], 144_000);
    }
}
