//! The waterfall and Note 6 routes: figures, ranges, currencies and their errors.

use serde_json::json;

use crate::helpers::{number_texts, simple_contract, spawn_each};

#[tokio::test]
async fn the_portfolio_waterfall_lists_every_month_with_running_balances() {
    for app in spawn_each().await {
        app.create(&simple_contract(
            "A",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        let terminated = app
            .create(&simple_contract(
                "B",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = terminated["id"].as_str().unwrap();
        let reply = app
            .post(
                &format!("/v1/contracts/{id}/terminate"),
                &json!({"effective_date": "2026-10-01"}),
            )
            .await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);

        let waterfall = app
            .get("/v1/waterfalls?start_period=2026-09&end_period=2026-11")
            .await;
        assert_eq!(
            waterfall.json()["periods"],
            json!([
                {"period": "2026-09", "recognized_amount": 1972.60, "deferred_balance": 6049.32,
                 "billed_amount": 0.00, "contract_asset_balance": 0.00, "correction_amount": 0.00,
                 "variable_amount": 0.00, "closed": false},
                // The termination takes back the part of the billed-at-start price not yet
                // earned: a negative billing (a credit note).
                {"period": "2026-10", "recognized_amount": 1019.18, "deferred_balance": 2005.48,
                 "billed_amount": -3024.66, "contract_asset_balance": 0.00, "correction_amount": 0.00,
                 "variable_amount": 0.00, "closed": false},
                {"period": "2026-11", "recognized_amount": 986.30, "deferred_balance": 1019.18,
                 "billed_amount": 0.00, "contract_asset_balance": 0.00, "correction_amount": 0.00,
                 "variable_amount": 0.00, "closed": false}
            ])
        );
        assert!(
            waterfall
                .text
                .contains("\"total_recognized\":3978.08,\"total_deferred\":1019.18"),
            "{}",
            waterfall.text
        );
        // Defaults: the selection's first and last months, zeros listed.
        let whole = app.get("/v1/waterfalls").await.json();
        assert_eq!(whole["periods"].as_array().unwrap().len(), 12);
        let wide = app
            .get("/v1/waterfalls?start_period=2025-11&end_period=2027-02")
            .await
            .json();
        assert_eq!(
            wide["periods"][0],
            json!({"period": "2025-11", "recognized_amount": 0.00, "deferred_balance": 0.00,
                   "billed_amount": 0.00, "contract_asset_balance": 0.00,
                   "correction_amount": 0.00,
                 "variable_amount": 0.00, "closed": false})
        );
        assert_eq!(wide["periods"].as_array().unwrap().len(), 16);
        assert!(wide["output_hash"].as_str().unwrap().starts_with("sha256:"));
    }
}

#[tokio::test]
async fn bad_periods_are_400_with_the_expected_form() {
    for app in spawn_each().await {
        let format = app
            .get("/v1/waterfalls?start_period=2026-1")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        assert!(
            format["detail"].as_str().unwrap().contains("YYYY-MM"),
            "{format}"
        );
        app.get("/v1/waterfalls?end_period=2026-13")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        app.get("/v1/waterfalls?start_period=2026-05&end_period=2026-04")
            .await
            .problem(400, "INVALID_PERIOD_RANGE");
        app.get("/v1/waterfalls?start_period=2000-01&end_period=2050-01")
            .await
            .problem(400, "INVALID_PERIOD_RANGE");
        let note = app
            .get("/v1/disclosures/note6?period=2026-Q5")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        assert!(
            note["detail"].as_str().unwrap().contains("YYYY-Qn"),
            "{note}"
        );
        app.get("/v1/disclosures/note6?period=2026-03")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        app.get("/v1/disclosures/note6")
            .await
            .problem(400, "MISSING_PARAMETER");
        app.get("/v1/waterfalls?currency=XXX")
            .await
            .problem(400, "INVALID_PARAMETER");
        app.get("/v1/waterfalls?contract_id=ctr_nope")
            .await
            .problem(404, "CONTRACT_NOT_FOUND");
    }
}

#[tokio::test]
async fn currencies_are_never_added_together() {
    for app in spawn_each().await {
        app.create(&simple_contract("A", "1200.00", "2026-01-01", "2026-12-31"))
            .await;
        let mut euro = simple_contract("B", "2400.00", "2026-01-01", "2026-12-31");
        euro["currency"] = json!("EUR");
        app.create(&euro).await;
        let problem = app
            .get("/v1/waterfalls")
            .await
            .problem(422, "CURRENCY_REQUIRED");
        assert_eq!(problem["currencies"], json!(["EUR", "USD"]));
        app.get("/v1/disclosures/note6?period=2026-Q1")
            .await
            .problem(422, "CURRENCY_REQUIRED");
        let eur = app.get("/v1/waterfalls?currency=EUR").await.json();
        assert_eq!(
            (eur["currency"].as_str(), eur["total_recognized"].clone()),
            (Some("EUR"), json!(2400.0))
        );
        let usd = app
            .get("/v1/disclosures/note6?period=2026-Q4&currency=USD")
            .await
            .json();
        assert_eq!(usd["currency"], "USD");
    }
}

#[tokio::test]
async fn note6_reports_rpo_disaggregation_and_balances() {
    for app in spawn_each().await {
        app.create(&simple_contract(
            "A",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        let b = app
            .create(&simple_contract(
                "B",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        app.post(
            &format!("/v1/contracts/{}/terminate", b["id"].as_str().unwrap()),
            &json!({"effective_date": "2026-10-01"}),
        )
        .await;
        app.create(&json!({
            "customer_name": "C", "total_value": 500, "start_date": "2026-08-01", "end_date": "2027-07-31",
            "line_items": [{"name": "Install", "pob_type": "services", "stated_price": 500, "delivery_date": "2026-08-20"}]
        }))
        .await;
        let q3 = app.get("/v1/disclosures/note6?period=2026-Q3").await;
        assert_eq!(
            q3.json(),
            json!({
                "period": "2026-Q3",
                "rpo_total": 6049.32,
                "disaggregated_revenue": {"services": 500.00, "subscription": 6049.32},
                "currency": "USD",
                "rpo_next_12_months": 6049.32,
                "rpo_thereafter": 0.00,
                "revenue_by_timing": {"over_time": 6049.32, "point_in_time": 500.00},
                "total_revenue": 6549.32,
                "contract_balances": {
                    "opening_deferred_revenue": 12098.64,
                    "closing_deferred_revenue": 6049.32,
                    "revenue_recognized_from_opening_balance": 6049.32,
                    // No invoice and no cash: no contract assets, and receivables and
                    // credits unknown (null), but every field present.
                    "opening_contract_assets": 0.00,
                    "closing_contract_assets": 0.00,
                    "opening_receivables": null,
                    "closing_receivables": null,
                    "opening_customer_credits": null,
                    "closing_customer_credits": null
                },
                "output_hash": q3.json()["output_hash"].clone()
            })
        );
        let q4 = app.get("/v1/disclosures/note6?period=2026-Q4").await.json();
        assert_eq!(
            (q4["rpo_total"].clone(), q4["total_revenue"].clone()),
            (json!(0.0), json!(3024.66))
        );
        assert_eq!(
            q4["disaggregated_revenue"],
            json!({"services": 0.00, "subscription": 3024.66})
        );
    }
}

#[tokio::test]
async fn the_server_folds_what_writes_append_into_the_rollups() {
    for app in spawn_each().await {
        let before = app.get("/v1/waterfalls").await.text;
        app.create(&simple_contract(
            "Acme",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        let after = app.get("/v1/waterfalls").await.text;
        assert_ne!(after, before, "a report sees a write before any fold");
        // The server folds five times a second: give it ten chances.
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        let store = revrec_store_diesel::Store::open(&app.settings.database_url).unwrap();
        assert_eq!(
            store.reports().fold_rollups().await.unwrap(),
            0,
            "{:?}: the server left nothing to fold",
            app.backend
        );
        assert_eq!(app.get("/v1/waterfalls").await.text, after);
    }
}

/// One contract's waterfall is computed once per revision, books and query and kept
/// (`waterfall_memo`): every change to any of them shows at once.
#[tokio::test]
async fn one_contracts_waterfall_follows_its_revisions_the_closes_and_the_query() {
    for app in spawn_each().await {
        let created = app
            .create(&simple_contract(
                "Kept Ltd",
                "1200.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let whole_year =
            format!("/v1/waterfalls?contract_id={id}&start_period=2026-01&end_period=2026-12");
        let second_half = format!("/v1/waterfalls?contract_id={id}&start_period=2026-07");
        let read = |path: String| {
            let app = &app;
            async move {
                let reply = app.get(&path).await;
                assert_eq!(reply.status, 200, "{path}: {}", reply.text);
                reply.text
            }
        };
        let closed_months = |body: &str| -> Vec<String> {
            let value: serde_json::Value = serde_json::from_str(body).unwrap();
            value["periods"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|row| row["closed"] == true)
                .map(|row| row["period"].as_str().unwrap().to_owned())
                .collect()
        };

        let first = read(whole_year.clone()).await;
        assert_eq!(number_texts(&first, "recognized_amount").len(), 12);
        assert_eq!(read(whole_year.clone()).await, first);
        let half = read(second_half.clone()).await;
        assert_eq!(
            number_texts(&half, "recognized_amount"),
            number_texts(&first, "recognized_amount")[6..]
        );
        assert_eq!(
            read(whole_year.clone()).await,
            first,
            "the query is the key"
        );

        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-02"}))
            .await;
        assert_eq!(closed.status, 200, "{}", closed.text);
        let after_close = read(whole_year.clone()).await;
        assert_eq!(closed_months(&after_close), ["2026-01", "2026-02"]);
        assert_eq!(
            number_texts(&after_close, "recognized_amount"),
            number_texts(&first, "recognized_amount")
        );

        let modified = app
            .put(
                &format!("/v1/contracts/{id}"),
                &json!({"customer_name": "Kept Ltd", "total_value": "2400.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "effective_date": "2026-04-01", "treatment": "prospective"}),
            )
            .await;
        assert_eq!(modified.status, 200, "{}", modified.text);
        let after_change = read(whole_year.clone()).await;
        assert_eq!(number_texts(&after_change, "total_recognized"), ["2400.00"]);
        assert_eq!(closed_months(&after_change), ["2026-01", "2026-02"]);
        assert_ne!(read(second_half.clone()).await, half);

        let reopened = app
            .post(
                "/v1/periods/reopen",
                &json!({"from": "2026-02", "reason": "a late invoice"}),
            )
            .await;
        assert_eq!(reopened.status, 200, "{}", reopened.text);
        let after_reopen = read(whole_year.clone()).await;
        assert_eq!(closed_months(&after_reopen), ["2026-01"]);
        assert_eq!(number_texts(&after_reopen, "total_recognized"), ["2400.00"]);
    }
}
