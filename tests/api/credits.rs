//! Prepaid credits (docs/asc606.md §15, ASC 606-10-55-46..49) through the API on both
//! backends: a 2026 platform of 12,000.00 beside 6,000 credits sold for 6,000.00 that
//! expire on 31 December, 5,000 of them expected to be used. Revenue follows the credits
//! used; what is left is revenue of the day they expire.

use serde_json::{Value, json};

use crate::helpers::{TestApp, number_texts, spawn_each};

fn platform_with_credits(credits: Value) -> Value {
    json!({"customer_name": "Acme", "currency": "USD", "total_value": "18000.00",
           "start_date": "2026-01-01", "end_date": "2026-12-31",
           "line_items": [
               {"name": "Platform", "pob_type": "subscription", "stated_price": "12000.00"},
               {"name": "Credits", "pob_type": "services", "recognition": "credits",
                "stated_price": "6000.00", "prepaid_credits": credits}]})
}

fn credits() -> Value {
    json!({"credits": "6000", "expires_on": "2026-12-31", "expected_usage": "5000"})
}

/// (recognized, correction) of each month of 2026 in the contract's waterfall.
async fn months(app: &TestApp, id: &str) -> Vec<(String, String)> {
    let waterfall = app
        .get(&format!(
            "/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-12"
        ))
        .await;
    assert_eq!(waterfall.status, 200, "{}", waterfall.text);
    number_texts(&waterfall.text, "recognized_amount")
        .into_iter()
        .zip(number_texts(&waterfall.text, "correction_amount"))
        .collect()
}

fn pair(recognized: &str, correction: &str) -> (String, String) {
    (recognized.to_owned(), correction.to_owned())
}

fn cents(text: &str) -> i64 {
    let (whole, fraction) = text.split_once('.').unwrap();
    whole.parse::<i64>().unwrap() * 100 + fraction.parse::<i64>().unwrap()
}

#[tokio::test]
async fn credits_earn_as_they_are_used_and_the_rest_when_they_expire() {
    for app in spawn_each().await {
        let created = app
            .post("/v1/contracts", &platform_with_credits(credits()))
            .await;
        assert_eq!(created.status, 201, "{}", created.text);
        let contract = created.json();
        let line = &contract["performance_obligations"][1];
        assert_eq!(line["recognition"], "credits");
        assert_eq!(line["prepaid_credits"]["breakage"], "proportional");
        assert_eq!(line["prepaid_credits"]["expires_on"], "2026-12-31");
        assert_eq!(
            number_texts(&created.text, "allocated_amount"),
            ["12000.00", "6000.00"],
            "credits are allocated like any fixed-price line"
        );
        let id = contract["id"].as_str().unwrap().to_owned();
        let pob = line["id"].as_str().unwrap().to_owned();
        let path = format!("/v1/contracts/{id}/obligations/{pob}/usage");
        // Unused, the credits are all breakage on the day they expire.
        let unused = months(&app, &id).await;
        assert_eq!(unused[0], pair("1019.18", "0.00"));
        assert_eq!(unused[11], pair("7019.18", "0.00"));

        let january = app
            .post(
                &path,
                &json!({"record_id": "jan", "occurred_on": "2026-01-15", "quantity": "1000"}),
            )
            .await;
        assert_eq!(january.status, 201, "{}", january.text);
        // 6,000.00 × 1,000 / 5,000 expected.
        assert_eq!(number_texts(&january.text, "rated_amount"), ["1200.00"]);
        let february = app
            .post(
                &path,
                &json!({"record_id": "feb", "occurred_on": "2026-02-10", "quantity": "1500"}),
            )
            .await;
        assert_eq!(february.status, 201, "{}", february.text);
        assert_eq!(number_texts(&february.text, "rated_amount"), ["1800.00"]);
        let used = months(&app, &id).await;
        assert_eq!(used[0], pair("2219.18", "0.00"));
        assert_eq!(used[1], pair("2720.55", "0.00"));
        assert_eq!(used[11], pair("4019.18", "0.00"));
        let year: i64 = used.iter().map(|(recognized, _)| cents(recognized)).sum();
        assert_eq!(year, 1_800_000, "the year sums to the transaction price");

        // January closes; 500 more credits of January arrive after: the month stays as it
        // closed, February carries 600.00 more as a correction.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-01"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let late = app
            .post(
                &path,
                &json!({"record_id": "jan-late", "occurred_on": "2026-01-31", "quantity": "500"}),
            )
            .await;
        assert_eq!(late.status, 201, "{}", late.text);
        let after = months(&app, &id).await;
        assert_eq!(after[0], used[0], "a closed month never moves");
        assert_eq!(after[1], pair("3320.55", "600.00"));
        assert_eq!(after[11], pair("3419.18", "0.00"));
        let listed = app.get(&format!("{path}?period=2026-01")).await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        assert_eq!(number_texts(&listed.text, "rated_amount"), ["1800.00"]);
        // The journal and explain read the line like any other.
        let explained = app
            .get(&format!("/v1/contracts/{id}/explain?period=2026-02"))
            .await;
        assert_eq!(explained.status, 200, "{}", explained.text);
        let journal = app
            .get("/api/v1/accounting/journal-entries?period=2026-02&format=csv")
            .await;
        assert_eq!(journal.status, 200, "{}", journal.text);
        assert!(journal.text.contains("600.00"), "{}", journal.text);

        // January's close package carries the credits, and a replay re-performs it.
        let package = app.get("/v1/close-packages/2026-01").await;
        assert_eq!(package.status, 200, "{}", package.text);
        assert!(
            package
                .text
                .contains("\"credits\":{\"credits\":\"6000.000000\"")
        );
        revrec_app::replay_command::replay_package(package.text.as_bytes())
            .unwrap_or_else(|error| panic!("{:?}: {error}", app.backend));
    }
}

#[tokio::test]
async fn bad_credits_are_refused_with_a_problem_and_nothing_is_stored() {
    for app in spawn_each().await {
        for (credits, field, message) in [
            (Value::Null, "line_items[1].prepaid_credits", "is required"),
            (
                json!({"credits": "6000", "expires_on": "2026-12-31", "expected_usage": "7000"}),
                "line_items[1].prepaid_credits",
                "must not exceed credits",
            ),
            (
                json!({"credits": "6000", "expires_on": "2027-01-31"}),
                "line_items[1].prepaid_credits",
                "outside the line's service",
            ),
            (
                json!({"credits": "6000", "expires_on": "2026-12-31", "breakage": "sometimes"}),
                "line_items[1].prepaid_credits.breakage",
                "unknown breakage",
            ),
            (
                json!({"credits": "-1", "expires_on": "2026-12-31"}),
                "line_items[1].prepaid_credits.credits",
                "",
            ),
        ] {
            let refused = app
                .post("/v1/contracts", &platform_with_credits(credits.clone()))
                .await;
            assert_eq!(refused.status, 422, "{credits}: {}", refused.text);
            let problem = refused.json();
            let errors = problem["errors"].as_array().unwrap();
            assert!(
                errors.iter().any(|error| error["field"] == field
                    && error["message"].as_str().unwrap().contains(message)),
                "{credits}: {}",
                refused.text
            );
        }
        let listed = app.get("/v1/contracts").await;
        assert_eq!(listed.json()["data"].as_array().unwrap().len(), 0);

        let contract = app.create(&platform_with_credits(credits())).await;
        let id = contract["id"].as_str().unwrap();
        let pob = contract["performance_obligations"][1]["id"]
            .as_str()
            .unwrap();
        let path = format!("/v1/contracts/{id}/obligations/{pob}/usage");
        for (body, field) in [
            (
                json!({"record_id": "a", "occurred_on": "2026-01-15", "amount": "10.00"}),
                "quantity",
            ),
            (
                json!({"record_id": "a", "occurred_on": "2026-01-15", "quantity": "1", "amount": "10.00"}),
                "amount",
            ),
        ] {
            let refused = app.post(&path, &body).await;
            assert_eq!(refused.status, 422, "{body}: {}", refused.text);
            assert!(
                refused.text.contains(&format!("\"field\":\"{field}\"")),
                "{}",
                refused.text
            );
        }
        let month = app.get(&format!("{path}?period=2026-01")).await;
        assert_eq!(month.status, 200, "{}", month.text);
        assert_eq!(month.json()["records"].as_array().unwrap().len(), 0);

        // A modification may reprice the credits line and revise its expected usage (from
        // its effective date), but not change its credits, their expiry or breakage.
        let platform = contract["performance_obligations"][0]["id"]
            .as_str()
            .unwrap();
        let modify = |credits: Value| {
            json!({"customer_name": "Acme", "total_value": "19000.00",
                   "start_date": "2026-01-01", "end_date": "2026-12-31",
                   "effective_date": "2026-07-01", "treatment": "prospective",
                   "line_items": [
                       {"id": platform, "pob_type": "subscription", "stated_price": "12000.00"},
                       {"id": pob, "pob_type": "services", "recognition": "credits",
                        "stated_price": "7000.00", "prepaid_credits": credits}]})
        };
        let changed = app
            .put(
                &format!("/v1/contracts/{id}"),
                &modify(json!({"credits": "7000", "expires_on": "2026-12-31", "expected_usage": "5000"})),
            )
            .await;
        assert_eq!(changed.status, 422, "{}", changed.text);
        assert!(
            changed.text.contains("keeps the prepaid_credits"),
            "{}",
            changed.text
        );
        let revised = app
            .put(
                &format!("/v1/contracts/{id}"),
                &modify(json!({"credits": "6000", "expires_on": "2026-12-31", "expected_usage": "4000"})),
            )
            .await;
        assert_eq!(revised.status, 200, "{}", revised.text);
        assert_eq!(
            revised.json()["performance_obligations"][1]["prepaid_credits"]["expected_usage"],
            json!(4000.0)
        );
    }
}

#[tokio::test]
async fn a_revised_expected_usage_is_an_estimate_caught_up_in_its_month() {
    for app in spawn_each().await {
        let contract = app.create(&platform_with_credits(credits())).await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let platform = contract["performance_obligations"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let pob = contract["performance_obligations"][1]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let usage = format!("/v1/contracts/{id}/obligations/{pob}/usage");
        for (record, day, quantity) in
            [("jan", "2026-01-20", "1000"), ("feb", "2026-02-10", "1500")]
        {
            let recorded = app
                .post(
                    &usage,
                    &json!({"record_id": record, "occurred_on": day, "quantity": quantity}),
                )
                .await;
            assert_eq!(recorded.status, 201, "{}", recorded.text);
        }
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-01"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let estimates = format!("/v1/contracts/{id}/estimates");
        let versions = format!("/v1/contracts/{id}/versions");
        let versions_before = app.get(&versions).await.text;

        // Each refused with a problem naming its field, and nothing stored.
        for (body, status, field) in [
            (
                json!({"as_of": "2026-03-01", "obligation_id": pob, "expected_usage": "6000.5"}),
                422,
                "expected_usage",
            ),
            (
                json!({"as_of": "2026-03-01", "obligation_id": platform, "expected_usage": "4000"}),
                422,
                "obligation_id",
            ),
            (
                json!({"as_of": "2026-03-01", "obligation_id": "pob_unknown", "expected_usage": "4000"}),
                422,
                "obligation_id",
            ),
            (
                json!({"as_of": "2026-03-01", "obligation_id": pob, "component_id": "bonus",
                       "expected_usage": "4000"}),
                422,
                "obligation_id",
            ),
            (
                json!({"as_of": "2026-03-01", "obligation_id": pob, "expected_usage": "4000",
                       "included_amount": "10.00"}),
                422,
                "included_amount",
            ),
            (
                json!({"as_of": "2026-03-01", "obligation_id": pob}),
                422,
                "expected_usage",
            ),
            (
                json!({"as_of": "2026-01-15", "obligation_id": pob, "expected_usage": "4000"}),
                409,
                "",
            ),
        ] {
            let refused = app.post(&estimates, &body).await;
            assert_eq!(refused.status, status, "{body}: {}", refused.text);
            let named = if field.is_empty() {
                "\"code\":\"PERIOD_CLOSED\"".to_owned()
            } else {
                format!("\"field\":\"{field}\"")
            };
            assert!(refused.text.contains(&named), "{body}: {}", refused.text);
        }
        assert_eq!(app.get(&versions).await.text, versions_before);

        // 2,500 of the 5,000 expected were used by February (3,000.00 of 6,000.00); expected
        // to be 4,000 from March, March carries the catch-up to 3,750.00 though no credit
        // was used in it. January and February stay as they were.
        let revised = app
            .post(
                &estimates,
                &json!({"as_of": "2026-03-01", "obligation_id": pob, "expected_usage": "4000"}),
            )
            .await;
        assert_eq!(revised.status, 201, "{}", revised.text);
        let body = revised.json();
        assert_eq!(body["version"]["change"], "expected_usage");
        assert_eq!(body["version"]["pob_id"], pob.as_str());
        assert_eq!(body["version"]["effective_date"], "2026-03-01");
        assert_eq!(
            body["contract"]["performance_obligations"][1]["prepaid_credits"]["expected_usage"],
            json!(4000.0)
        );
        let rows = months(&app, &id).await;
        assert_eq!(rows[0], pair("2219.18", "0.00"));
        assert_eq!(rows[1], pair("2720.55", "0.00"));
        assert_eq!(rows[2].0, "1769.17");
        let march = app.get(&format!("{usage}?period=2026-03")).await;
        assert_eq!(number_texts(&march.text, "rated_amount"), ["750.00"]);
        // Explain earns March step by step: 2,500 used of the 5,000 expected through
        // February, of the 4,000 expected through March.
        let explained = app
            .get(&format!("/v1/contracts/{id}/explain?period=2026-03"))
            .await;
        assert_eq!(explained.status, 200, "{}", explained.text);
        let credits = &explained.json()["obligations"][1]["credits"];
        assert_eq!(credits["breakage"], "proportional");
        assert_eq!(credits["expires_on"], "2026-12-31");
        assert_eq!(
            credits["through_previous_month"]["formula"],
            "round(6000.00 × min(2500.000000, 5000.000000) / 5000.000000) = 3000.00"
        );
        assert_eq!(
            credits["through_month"]["formula"],
            "round(6000.00 × min(2500.000000, 4000.000000) / 4000.000000) = 3750.00"
        );
        let explained_credits = &explained.text[explained.text.find("\"credits\":{").unwrap()..];
        assert_eq!(
            number_texts(explained_credits, "expected_usage")[..2],
            ["5000.000000", "4000.000000"]
        );
        assert_eq!(number_texts(explained_credits, "amount")[0], "750.00");
        assert!(
            credits["text"]
                .as_str()
                .unwrap()
                .contains("750.00 of revenue"),
            "{credits}"
        );
        // The version is a fact of the close package, and a replay re-performs it.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let package = app.get("/v1/close-packages/2026-03").await;
        assert_eq!(package.status, 200, "{}", package.text);
        assert!(
            package.text.contains("\"kind\":\"expected_usage\""),
            "{}",
            package.text
        );
        revrec_app::replay_command::replay_package(package.text.as_bytes())
            .unwrap_or_else(|error| panic!("{:?}: {error}", app.backend));
    }
}
