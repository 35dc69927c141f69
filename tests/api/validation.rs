//! Bad input: every kind gets a clear problem with a stable code, and nothing is written.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each};

/// Posts `body` and returns the 422's `errors[]` as "field: message" lines.
async fn field_errors(app: &TestApp, body: &Value) -> Vec<String> {
    let problem = app
        .post("/v1/contracts", body)
        .await
        .problem(422, "VALIDATION_FAILED");
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|error| {
            format!(
                "{}: {}",
                error["field"].as_str().unwrap(),
                error["message"].as_str().unwrap()
            )
        })
        .collect()
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

fn base() -> Value {
    simple_contract("Acme", "1200.00", "2026-01-01", "2026-12-31")
}

#[tokio::test]
async fn malformed_bodies_are_400_and_wrong_media_types_415() {
    for app in spawn_each().await {
        let auth = format!("Bearer {SANDBOX}");
        let json_type = ("Content-Type", "application/json");
        let broken = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[("Authorization", &auth), json_type],
                b"{\"customer_name\": ".to_vec(),
            )
            .await;
        let problem = broken.problem(400, "MALFORMED_JSON");
        assert!(
            problem["detail"].as_str().unwrap().contains("line 1"),
            "{problem}"
        );
        app.raw(
            Method::POST,
            "/v1/contracts",
            &[("Authorization", &auth), json_type],
            Vec::new(),
        )
        .await
        .problem(400, "MALFORMED_JSON");
        let mut trailing = serde_json::to_vec(&base()).unwrap();
        trailing.extend_from_slice(b" trailing");
        app.raw(
            Method::POST,
            "/v1/contracts",
            &[("Authorization", &auth), json_type],
            trailing,
        )
        .await
        .problem(400, "MALFORMED_JSON");
        let text = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[("Authorization", &auth), ("Content-Type", "text/plain")],
                b"{}".to_vec(),
            )
            .await;
        text.problem(415, "UNSUPPORTED_MEDIA_TYPE");
        app.raw(
            Method::POST,
            "/v1/contracts",
            &[("Authorization", &auth)],
            b"{}".to_vec(),
        )
        .await
        .problem(415, "UNSUPPORTED_MEDIA_TYPE");
        // application/…+json and a charset are fine.
        let charset = app
            .raw(
                Method::POST,
                "/v1/contracts",
                &[
                    ("Authorization", &auth),
                    ("Content-Type", "application/json; charset=utf-8"),
                ],
                serde_json::to_vec(&base()).unwrap(),
            )
            .await;
        assert_eq!(charset.status.as_u16(), 201, "{}", charset.text);

        let huge = vec![b' '; 1024 * 1024 + 1];
        app.raw(
            Method::POST,
            "/v1/contracts",
            &[("Authorization", &auth), json_type],
            huge,
        )
        .await
        .problem(413, "PAYLOAD_TOO_LARGE");
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 1);
    }
}

#[tokio::test]
async fn the_shape_of_the_document_is_checked_field_by_field() {
    for app in spawn_each().await {
        assert_eq!(
            field_errors(&app, &with(base(), "strat_date", json!("2026-01-01")))
                .await
                .len(),
            1
        );
        let unknown = field_errors(&app, &with(base(), "strat_date", json!("2026-01-01"))).await;
        assert!(
            unknown[0].starts_with("strat_date: unknown field `strat_date`, expected one of"),
            "{unknown:?}"
        );
        let mut missing = base();
        missing.as_object_mut().unwrap().remove("customer_name");
        let missing = field_errors(&app, &missing).await;
        assert_eq!(missing, ["customer_name: missing field `customer_name`"]);
        let typed = field_errors(&app, &with(base(), "customer_name", json!(5))).await;
        assert!(
            typed[0].starts_with("customer_name: invalid type"),
            "{typed:?}"
        );
        let nested = field_errors(
            &app,
            &with(
                base(),
                "line_items",
                json!([{"pob_type": "subscription", "price": 1}]),
            ),
        )
        .await;
        assert!(
            nested[0].starts_with("line_items[0].price: unknown field `price`"),
            "{nested:?}"
        );
        let nested = field_errors(&app, &with(base(), "line_items", json!([{"name": "x"}]))).await;
        // The rest of the line is judged too: it has no price to weigh it by.
        assert_eq!(
            nested,
            [
                "line_items[0].pob_type: missing field `pob_type`",
                "line_items[0].ssp_price: give ssp_price or stated_price so the line has a standalone selling price",
            ]
        );
        let boolean = field_errors(&app, &with(base(), "total_value", json!(true))).await;
        assert!(
            boolean[0].starts_with("total_value: must be a number or a decimal string"),
            "{boolean:?}"
        );
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 0);
    }
}

#[tokio::test]
async fn amounts_dates_and_codes_are_checked_exactly() {
    for app in spawn_each().await {
        let cases: Vec<(Value, &str)> = vec![
            (
                with(base(), "total_value", json!("12.345")),
                "total_value: USD amounts have at most 2 decimal places",
            ),
            (
                with(base(), "total_value", json!(12.345)),
                "total_value: USD amounts have at most 2 decimal places",
            ),
            (
                with(base(), "total_value", json!("NaN")),
                "total_value: must be a decimal number such as 1250.00",
            ),
            (
                with(base(), "total_value", json!("Infinity")),
                "total_value: must be a decimal number such as 1250.00",
            ),
            (
                with(base(), "total_value", json!("1e400")),
                "total_value: must be less than 1000000000000 in absolute value",
            ),
            (
                with(base(), "total_value", json!(-5)),
                "total_value: must not be negative (got -5.00)",
            ),
            (
                with(
                    with(base(), "currency", json!("JPY")),
                    "total_value",
                    json!("10.5"),
                ),
                "total_value: JPY amounts have at most 0 decimal places",
            ),
            (
                with(base(), "currency", json!("usd")),
                "currency: `usd` is not an ISO 4217 currency code (three uppercase letters, such as USD)",
            ),
            (
                with(base(), "start_date", json!("2026-02-30")),
                "start_date: must be a calendar date in YYYY-MM-DD form (got `2026-02-30`)",
            ),
            (
                with(base(), "end_date", json!("2025-12-31")),
                "end_date: must not be before start_date (2026-01-01)",
            ),
            (
                with(base(), "end_date", json!("2126-01-01")),
                "end_date: the term may not exceed 100 years",
            ),
            (
                with(base(), "customer_name", json!("  ")),
                "customer_name: must not be blank",
            ),
            (
                with(base(), "status", json!("terminated")),
                "status: a new contract is `active` or `draft` (got `terminated`)",
            ),
            (
                with(base(), "effective_date", json!("2026-05-01")),
                "effective_date: applies only to PUT /v1/contracts/{id} on an active contract",
            ),
            (
                with(base(), "recognition_convention", json!("weekly")),
                "recognition_convention: unknown convention `weekly`; allowed: daily, monthly_equal, prorated_first_last",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"pob_type": "consulting", "stated_price": 1}]),
                ),
                "line_items[0].pob_type: unknown pob_type `consulting`; allowed: hardware, license, services, subscription, support, usage",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"pob_type": "support", "stated_price": 1, "service_end": "2027-01-31"}]),
                ),
                "line_items[0].service_end: 2027-01-31 is outside the contract term (2026-01-01 to 2026-12-31)",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"pob_type": "support", "stated_price": -1}]),
                ),
                "line_items[0].stated_price: must not be negative (got -1.00)",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"pob_type": "support", "stated_price": 1, "ssp_price": "0.0000001"}]),
                ),
                "line_items[0].ssp_price: has at most 6 decimal places (it is a weight)",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"pob_type": "support", "stated_price": 1, "ssp_price": 0}, {"pob_type": "services", "stated_price": 2, "ssp_price": 0}]),
                ),
                "line_items: every standalone selling price is zero, so a non-zero transaction price cannot be allocated",
            ),
            (
                with(
                    base(),
                    "line_items",
                    json!([{"id": "pob_x", "pob_type": "support", "stated_price": 1}]),
                ),
                "line_items[0].id: a new contract's obligations get their ids from the service; ids are for amendments",
            ),
        ];
        for (body, expected) in cases {
            let errors = field_errors(&app, &body).await;
            assert_eq!(errors, [expected], "{body}");
        }
        let many = vec![json!({"pob_type": "subscription", "stated_price": 1}); 501];
        let errors = field_errors(&app, &with(base(), "line_items", json!(many))).await;
        assert_eq!(
            errors,
            ["line_items: at most 500 line items are allowed (got 501)"]
        );
        // Several problems are reported together.
        let both = with(
            with(base(), "start_date", json!("soon")),
            "total_value",
            json!("1.001"),
        );
        assert_eq!(field_errors(&app, &both).await.len(), 2);
        assert_eq!(app.get("/v1/contracts").await.json()["total"], 0);
    }
}

/// A control character in a URL (a `%00` in an id or a search) reaches no database: a 404
/// for a path no resource has, a 400 naming the parameter, on both backends (it was a 500
/// on PostgreSQL).
#[tokio::test]
async fn a_nul_in_a_url_is_a_clear_refusal_on_every_backend() {
    for app in spawn_each().await {
        for path in [
            "/v1/contracts/%00",
            "/v1/jobs/%00",
            "/v1/contracts/a%00b/versions",
        ] {
            app.get(path).await.problem(404, "ROUTE_NOT_FOUND");
        }
        for path in [
            "/v1/contracts?query=%00",
            "/v1/contracts?customer_id=a%00b",
            "/v1/waterfalls?currency=US%00",
        ] {
            let problem = app.get(path).await.problem(400, "INVALID_PARAMETER");
            assert!(
                problem["detail"].as_str().unwrap().contains("control"),
                "{problem}"
            );
        }
    }
}
