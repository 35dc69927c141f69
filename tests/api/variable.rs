//! Variable consideration (docs/asc606.md §15) through the API on both backends: the worked
//! uptime bonus, a change in its estimate, components scoped to lines and to one month, and
//! the bad input each refused with nothing stored.

use std::sync::Arc;
use std::sync::atomic::AtomicI64;

use revrec_test_support::TestDatabase;
use serde_json::{Value, json};

use crate::as_of::{SetClock, spawn_on_clock};
use crate::helpers::{TestApp, number_texts, spawn_each};

/// A 2026 managed service, 120,000.00 USD, daily, with an uptime bonus of 24,000.00 (most
/// likely amount: 24,000 at 0.7, nothing at 0.3) constrained to nothing at inception.
fn managed_service() -> Value {
    json!({"customer_name": "Acme", "total_value": "120000.00",
           "start_date": "2026-01-01", "end_date": "2026-12-31",
           "variable_consideration": [{
               "id": "uptime_bonus", "kind": "bonus", "method": "most_likely_amount",
               "scenarios": [{"amount": "24000.00", "probability": "0.7"},
                             {"amount": "0", "probability": "0.3"}],
               "included_amount": "0.00",
               "rationale": "99.9 % uptime is not highly probable yet"}]})
}

async fn months(app: &TestApp) -> Vec<String> {
    let waterfall = app
        .get("/v1/waterfalls?start_period=2026-01&end_period=2026-12")
        .await;
    assert_eq!(waterfall.status, 200, "{}", waterfall.text);
    number_texts(&waterfall.text, "recognized_amount")
}

#[tokio::test]
async fn the_uptime_bonus_is_included_as_of_july_as_a_catch_up_and_the_year_sums_to_the_price() {
    let mut bodies = Vec::new();
    for app in spawn_each().await {
        let contract = app.create(&managed_service()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let signed = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(number_texts(&signed.text, "total_value"), ["120000.00"]);
        let component = &contract["variable_consideration"][0];
        assert_eq!(component["estimate"], "24000.00000000");
        assert_eq!(component["allocation"]["scope"], "all");
        assert_eq!(component["scenarios"][0]["probability"], "0.700000");
        let before = months(&app).await;
        assert_eq!(&before[..2], ["10191.78", "9205.48"]);

        let estimated = app
            .post(
                &format!("/v1/contracts/{id}/estimates"),
                &json!({"as_of": "2026-07-01", "component_id": "uptime_bonus",
                        "included_amount": "24000.00"}),
            )
            .await;
        assert_eq!(estimated.status, 201, "{}", estimated.text);
        let body = estimated.json();
        assert_eq!(body["version"]["change"], "estimate");
        assert_eq!(body["version"]["component_id"], "uptime_bonus");
        assert_eq!(body["version"]["effective_date"], "2026-07-01");
        // What January to June would have had of the bonus, booked in July.
        assert_eq!(number_texts(&estimated.text, "catch_up"), ["11901.37"]);

        // Read back from the store: the component and the price as re-estimated.
        let read = app.get(&format!("/v1/contracts/{id}")).await;
        assert_eq!(number_texts(&read.text, "total_value"), ["144000.00"]);
        assert_eq!(number_texts(&read.text, "included_amount"), ["24000.00"]);
        let after = months(&app).await;
        assert_eq!(after[..6], before[..6], "months before July never move");
        assert_eq!(&after[6..8], ["24131.51", "12230.13"]);
        let year: i64 = after
            .iter()
            .map(|text| text.replace('.', "").parse::<i64>().unwrap())
            .sum();
        assert_eq!(year, 14_400_000);
        // The close package holds the components and the estimate as facts, and ties out.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-07"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let package = app.get("/v1/close-packages/2026-07").await;
        assert_eq!(package.status, 200, "{}", package.text);
        assert_eq!(package.json()["warnings"], json!([]), "{}", package.text);
        assert!(package.text.contains(r#""component_id":"uptime_bonus""#));
        assert!(package.text.contains(r#""included_amount":"24000.00""#));
        bodies.push((read.text, after));
    }
    let (sqlite, postgres) = (&bodies[0], &bodies.get(1).unwrap_or(&bodies[0]));
    assert_eq!(sqlite.1, postgres.1, "the same figures on both backends");
}

#[tokio::test]
async fn components_scoped_to_a_line_and_to_one_month_on_the_guide_surface() {
    for app in spawn_each().await {
        let ingested = app
            .post(
                "/api/v1/contracts/ingest",
                &json!({"customer_name": "Beta", "start_date": "2026-01-01",
                        "end_date": "2026-12-31", "line_items": [
                            {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                            {"name": "Onboarding", "pob_type": "services", "stated_price": "3000.00"}],
                        "variable_consideration": [
                            {"id": "go_live", "kind": "bonus", "method": "most_likely_amount",
                             "included_amount": "500.00",
                             "allocation": {"scope": "obligations", "line_ids": ["Onboarding"]}},
                            {"id": "march_outage", "kind": "penalty", "method": "most_likely_amount",
                             "included_amount": "-310.00",
                             "allocation": {"scope": "period", "obligation_id": "Platform", "period": "2026-03"}}]}),
            )
            .await;
        assert_eq!(ingested.status, 201, "{}", ingested.text);
        let months = months(&app).await;
        // January: 1,019.18 of platform and the whole 3,500.00 of onboarding; March its own
        // 1,019.17 of platform less the 310.00 credit.
        assert_eq!(&months[..4], ["4519.18", "920.55", "709.17", "986.31"]);
        let year: i64 = months
            .iter()
            .map(|text| text.replace('.', "").parse::<i64>().unwrap())
            .sum();
        assert_eq!(year, 1_519_000);

        // Explain traces March: the split of the fixed price, then each component's part.
        let id = ingested.json()["id"].as_str().unwrap().to_owned();
        let explained = app
            .get(&format!("/v1/contracts/{id}/explain?period=2026-03"))
            .await;
        assert_eq!(explained.status, 200, "{}", explained.text);
        let body = explained.json();
        assert_eq!(
            number_texts(&explained.text, "allocated_amount")[..2],
            ["12000.00", "3000.00"]
        );
        let components = body["variable_consideration"].as_array().unwrap();
        assert_eq!(components.len(), 2);
        assert_eq!(components[0]["scope"], "obligations");
        assert_eq!(components[1]["scope"], "period");
        assert_eq!(
            number_texts(&explained.text, "amount")[..2],
            ["500.00", "-310.00"],
            "each component's share"
        );
        assert!(
            components[1]["text"]
                .as_str()
                .unwrap()
                .contains("wholly to 2026-03"),
            "{body}"
        );
        assert_eq!(
            number_texts(&explained.text, "recognized_amount")
                .last()
                .unwrap(),
            "709.17"
        );
    }
}

#[tokio::test]
async fn bad_estimates_and_components_are_refused_with_nothing_stored() {
    for app in spawn_each().await {
        // The constraint: never above the estimate; probabilities add up to exactly 1.
        let mut above = managed_service();
        above["variable_consideration"][0]["included_amount"] = json!("24000.01");
        above["variable_consideration"][0]["scenarios"][1]["probability"] = json!("0.2");
        let refused = app.post("/v1/contracts", &above).await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        let fields: Vec<&str> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| error["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["variable_consideration[0].scenarios"], "{problem}");
        above["variable_consideration"][0]["scenarios"][1]["probability"] = json!("0.3");
        let refused = app.post("/v1/contracts", &above).await;
        let problem = refused.problem(422, "VALIDATION_FAILED");
        assert_eq!(
            problem["errors"][0]["field"],
            "variable_consideration[0].included_amount"
        );
        assert_eq!(app.get("/v1/contracts").await.json()["data"], json!([]));

        let contract = app.create(&managed_service()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let estimates = format!("/v1/contracts/{id}/estimates");
        let changed = app
            .post(
                &estimates,
                &json!({"as_of": "2026-07-01", "component_id": "uptime_bonus",
                        "included_amount": "10000.00", "method": "expected_value"}),
            )
            .await;
        changed.problem(422, "ESTIMATE_METHOD_CHANGED");
        let unknown = app
            .post(
                &estimates,
                &json!({"as_of": "2026-07-01", "component_id": "volume_rebate",
                        "included_amount": "0"}),
            )
            .await;
        assert_eq!(
            unknown.problem(422, "VALIDATION_FAILED")["errors"][0]["field"],
            "component_id"
        );
        let too_much = app
            .post(
                &estimates,
                &json!({"as_of": "2026-07-01", "component_id": "uptime_bonus",
                        "included_amount": "30000.00"}),
            )
            .await;
        assert_eq!(
            too_much.problem(422, "VALIDATION_FAILED")["errors"][0]["field"],
            "included_amount"
        );
        // A change in estimate is new information: never dated in a closed month.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let late = app
            .post(
                &estimates,
                &json!({"as_of": "2026-03-31", "component_id": "uptime_bonus",
                        "included_amount": "24000.00"}),
            )
            .await;
        let problem = late.problem(409, "PERIOD_CLOSED");
        assert_eq!(problem["closed_through"], "2026-03");
        let read = app.get(&format!("/v1/contracts/{id}")).await.json();
        assert_eq!(read["version"], 1, "nothing stored");
    }
}

/// An estimate is a fact of its instant: read `as_of` before it, the books are as they
/// stood (the price without the bonus), and after it as re-estimated.
#[tokio::test]
async fn a_read_as_of_an_instant_before_the_estimate_reads_the_books_as_they_stood() {
    for database in TestDatabase::all() {
        let clock = Arc::new(SetClock(AtomicI64::new(0)));
        clock.set("2026-06-15T09:00:00Z");
        let app = spawn_on_clock(database, &clock).await;
        let contract = app.create(&managed_service()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        clock.set("2026-06-20T00:00:00Z");
        let before = months(&app).await;
        let contract_before = app.get(&format!("/v1/contracts/{id}")).await.text;

        clock.set("2026-07-02T10:00:00Z");
        let estimated = app
            .post(
                &format!("/v1/contracts/{id}/estimates"),
                &json!({"as_of": "2026-07-01", "component_id": "uptime_bonus",
                        "included_amount": "24000.00"}),
            )
            .await;
        assert_eq!(estimated.status, 201, "{}", estimated.text);

        clock.set("2026-07-03T00:00:00Z");
        let then = app
            .get(
                "/v1/waterfalls?start_period=2026-01&end_period=2026-12&as_of=2026-06-20T00:00:00Z",
            )
            .await;
        assert_eq!(then.status, 200, "{}", then.text);
        assert_eq!(number_texts(&then.text, "recognized_amount"), before);
        let contract_then = app
            .get(&format!("/v1/contracts/{id}?as_of=2026-06-20T00:00:00Z"))
            .await;
        assert_eq!(contract_then.text, contract_before);
        assert_eq!(months(&app).await[6], "24131.51");
    }
}

/// The variable part of each month's revenue (`variable_amount`), of `path`'s rows.
async fn variable_months(app: &TestApp, path: &str) -> Vec<String> {
    let waterfall = app.get(path).await;
    assert_eq!(waterfall.status, 200, "{}", waterfall.text);
    number_texts(&waterfall.text, "variable_amount")
}

#[tokio::test]
async fn waterfalls_show_the_part_of_revenue_variable_consideration_made_and_closed_months_keep_it()
{
    for app in spawn_each().await {
        // The worked bonus: nothing variable until July, then the bonus's share of the
        // revenue through each month end, its catch-up in July.
        let contract = app.create(&managed_service()).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let estimated = app
            .post(
                &format!("/v1/contracts/{id}/estimates"),
                &json!({"as_of": "2026-07-01", "component_id": "uptime_bonus",
                        "included_amount": "24000.00"}),
            )
            .await;
        assert_eq!(estimated.status, 201, "{}", estimated.text);
        let portfolio = "/v1/waterfalls?start_period=2026-01&end_period=2026-12";
        let variable = variable_months(&app, portfolio).await;
        assert_eq!(variable[..6], ["0.00"; 6]);
        assert_eq!(variable[6..8], ["13939.73", "2038.35"]);
        let year: i64 = variable
            .iter()
            .map(|text| text.replace('.', "").parse::<i64>().unwrap())
            .sum();
        assert_eq!(year, 2_400_000, "the year's parts make the bonus");
        // By obligation, and on the guide surface's quarters.
        let by_obligation = app
            .get(&format!(
                "/v1/waterfalls?contract_id={id}&start_period=2026-07&end_period=2026-07&group_by=obligation"
            ))
            .await;
        assert_eq!(by_obligation.status, 200, "{}", by_obligation.text);
        // The row's figures, then its one obligation's.
        assert_eq!(
            number_texts(&by_obligation.text, "recognized_amount"),
            ["24131.51", "24131.51"]
        );
        assert_eq!(
            number_texts(&by_obligation.text, "variable_amount"),
            ["13939.73", "13939.73"]
        );
        let quarters = app
            .get("/api/v1/reports/waterfall?period=2026&granularity=quarterly")
            .await;
        assert_eq!(quarters.status, 200, "{}", quarters.text);
        assert_eq!(
            number_texts(&quarters.text, "variable_amount"),
            ["0.00", "0.00", "17950.69", "6049.31"]
        );

        // A usage line is variable whole: by pob_type, the usage part is its revenue.
        let metered = app
            .create(&json!({"customer_name": "Metered", "currency": "USD",
                "total_value": "12000.00", "start_date": "2026-01-01", "end_date": "2026-12-31",
                "line_items": [
                    {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
                    {"name": "API calls", "pob_type": "usage",
                     "usage_pricing": {"unit": "api_call", "rate": "0.002"}}]}))
            .await;
        let metered_id = metered["id"].as_str().unwrap().to_owned();
        let pob = metered["performance_obligations"][1]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let usage = format!("/v1/contracts/{metered_id}/obligations/{pob}/usage");
        let recorded = app
            .post(
                &usage,
                &json!({"record_id": "m-1", "occurred_on": "2026-03-03", "quantity": "50000"}),
            )
            .await;
        assert_eq!(recorded.status, 201, "{}", recorded.text);
        let contract_march = format!(
            "/v1/waterfalls?contract_id={metered_id}&start_period=2026-03&end_period=2026-04&group_by=pob_type"
        );
        let grouped = app.get(&contract_march).await;
        assert_eq!(grouped.status, 200, "{}", grouped.text);
        // March's row, then its six pob_types (hardware, license, services, subscription,
        // support, usage): the usage part is variable whole, the platform's not at all.
        let march: Vec<String> = number_texts(&grouped.text, "variable_amount")
            .into_iter()
            .take(7)
            .collect();
        assert_eq!(
            march,
            ["100.00", "0.00", "0.00", "0.00", "0.00", "0.00", "100.00"]
        );
        assert_eq!(
            number_texts(&grouped.text, "recognized_amount")[..7],
            [
                "1119.17", "0.00", "0.00", "0.00", "1019.17", "0.00", "100.00"
            ]
        );

        // Closed, March keeps its part; a late record of it is a correction in April,
        // variable like the rest of the line's revenue.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let late = app
            .post(
                &usage,
                &json!({"record_id": "m-2", "occurred_on": "2026-03-30", "quantity": "10000"}),
            )
            .await;
        assert_eq!(late.status, 201, "{}", late.text);
        let contract_months = format!(
            "/v1/waterfalls?contract_id={metered_id}&start_period=2026-03&end_period=2026-04"
        );
        assert_eq!(
            variable_months(&app, &contract_months).await,
            ["100.00", "20.00"]
        );
        let portfolio_march = "/v1/waterfalls?start_period=2026-03&end_period=2026-04";
        let both = variable_months(&app, portfolio_march).await;
        assert_eq!(both[0], "100.00", "the closed month as it froze");
    }
}
