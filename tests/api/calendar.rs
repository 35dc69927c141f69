//! One calendar for every date (docs/limits.md): 1900-01-01 through 2199-12-31, checked by
//! one parser for every body field and every period parameter, so no contract the API takes
//! can break a report, and no report can be asked for a month no store can hold.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each};

const CALENDAR: &str = "must be between 1900-01-01 and 2199-12-31";

#[track_caller]
fn names_the_field_and_the_calendar(problem: &Value, field: &str) {
    let errors = problem["errors"].as_array().unwrap();
    assert!(
        errors.iter().any(|error| error["field"] == field
            && error["message"].as_str().unwrap().contains(CALENDAR)),
        "{problem}"
    );
}

async fn refused(app: &TestApp, method: Method, path: &str, body: &Value, field: &str) {
    let reply = app.request(method, path, Some(SANDBOX), Some(body)).await;
    let problem = reply.problem(422, "VALIDATION_FAILED");
    names_the_field_and_the_calendar(&problem, field);
}

#[tokio::test]
async fn dates_outside_the_calendar_are_refused_everywhere_and_nothing_is_stored() {
    for app in spawn_each().await {
        let year_zero = simple_contract("Zero", "100.00", "0000-01-01", "0000-12-31");
        refused(
            &app,
            Method::POST,
            "/v1/contracts",
            &year_zero,
            "start_date",
        )
        .await;
        let late = simple_contract("Late", "100.00", "2199-01-01", "2200-01-01");
        refused(&app, Method::POST, "/v1/contracts", &late, "end_date").await;
        let guide = json!({"customer_name": "Zero", "total_amount": 100,
                           "start_date": "1899-12-31", "end_date": "1900-12-31"});
        refused(
            &app,
            Method::POST,
            "/api/v1/contracts/ingest",
            &guide,
            "start_date",
        )
        .await;
        // A batch operation reads its body the same way.
        let batch = app
            .post(
                "/v1/batch",
                &json!({"operations": [{"method": "POST", "path": "/contracts", "body": year_zero}]}),
            )
            .await;
        assert_eq!(batch.status.as_u16(), 200, "{}", batch.text);
        assert_eq!(batch.json()["results"][0]["status"], 422, "{}", batch.text);
        let listed = app.get("/v1/contracts").await.json();
        assert_eq!(listed["data"].as_array().unwrap().len(), 0, "{listed}");

        // The calendar's own ends are accepted.
        let edges = app
            .create(&simple_contract(
                "Edges",
                "1200.00",
                "1900-01-01",
                "1900-12-31",
            ))
            .await;
        let late_edge = app
            .create(&simple_contract(
                "Late edge",
                "1200.00",
                "2199-01-01",
                "2199-12-31",
            ))
            .await;
        let id = edges["id"].as_str().unwrap();

        // PUT, events and invoices.
        let mut change = simple_contract("Edges", "1300.00", "1900-01-01", "1900-12-31");
        change["effective_date"] = json!("0000-07-01");
        refused(
            &app,
            Method::PUT,
            &format!("/v1/contracts/{id}"),
            &change,
            "effective_date",
        )
        .await;
        refused(
            &app,
            Method::POST,
            &format!("/v1/contracts/{id}/terminate"),
            &json!({"effective_date": "2200-01-01"}),
            "effective_date",
        )
        .await;
        refused(
            &app,
            Method::POST,
            &format!("/v1/contracts/{id}/invoices"),
            &json!({"date": "0001-01-31", "amount": 100, "number": "INV-1"}),
            "date",
        )
        .await;
        let pob = edges["performance_obligations"][0]["id"].as_str().unwrap();
        refused(
            &app,
            Method::POST,
            &format!("/v1/contracts/{id}/obligations/{pob}/progress"),
            &json!({"as_of": "9999-12-31", "percent_complete": 10}),
            "as_of",
        )
        .await;

        // Period parameters outside the calendar: 400, naming the parameter and the calendar.
        for (path, name) in [
            ("/v1/waterfalls?start_period=0000-01", "start_period"),
            ("/v1/waterfalls?end_period=2200-01", "end_period"),
            ("/v1/disclosures/note6?period=1899-Q4", "period"),
            ("/api/v1/reports/waterfall?period=0000", "period"),
            (
                "/api/v1/accounting/journal-entries?period=0000-01",
                "period",
            ),
        ] {
            let problem = app.get(path).await.problem(400, "INVALID_PERIOD_RANGE");
            let detail = problem["detail"].as_str().unwrap();
            assert!(
                detail.contains(&format!("`{name}`")) && detail.contains("1900-01 and 2199-12"),
                "{path}: {problem}"
            );
        }

        // Every report still answers, over the whole span of the portfolio (300 years).
        let whole = app.get("/v1/waterfalls").await;
        assert_eq!(whole.status.as_u16(), 200, "{}", whole.text);
        let rows = whole.json()["periods"].as_array().unwrap().len();
        assert_eq!(rows, 3600, "every month from 1900-01 through 2199-12");
        let one = app
            .get(&format!(
                "/v1/waterfalls?contract_id={}",
                late_edge["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(one.status.as_u16(), 200, "{}", one.text);
    }
}

/// A contract in year 0, as an earlier release stored it (straight through the use case:
/// the API refuses it now).
async fn store_year_zero(app: &TestApp) -> String {
    use revrec_domain::{ContractDraft, Convention, Currency};
    use revrec_usecases::ingest_contract::{NewContract, ingest_contract};
    let draft = ContractDraft {
        customer_name: "Zero".into(),
        currency: Currency::USD,
        start_date: time::Date::from_calendar_date(0, time::Month::January, 1).unwrap(),
        end_date: time::Date::from_calendar_date(0, time::Month::December, 31).unwrap(),
        signed_date: None,
        transaction_price: Some(120_000),
        convention: Convention::default(),
        lines: Vec::new(),
        variable: Vec::new(),
        unread: Vec::new(),
    };
    let view = ingest_contract(
        &app.services().await,
        "sandbox",
        &revrec_usecases::posting_control::WriteContext::by("sandbox"),
        NewContract {
            draft,
            customer_id: None,
            contract_number: None,
            as_draft: false,
            parent_contract_id: None,
            billing_schedule: Vec::new(),
        },
    )
    .await
    .unwrap();
    view.record.id
}

#[tokio::test]
async fn a_contract_stored_outside_the_calendar_breaks_no_report_and_is_found_and_repaired() {
    use revrec_usecases::repair_calendar::repair_calendar;
    use revrec_usecases::verify_books::verify_tenant;
    let reports = [
        "/v1/waterfalls",
        "/v1/waterfalls?start_period=2026-01&end_period=2026-12",
        "/v1/waterfalls?group_by=pob_type",
        "/v1/disclosures/note6?period=2026-Q2",
        "/api/v1/reports/waterfall?period=2026",
        "/api/v1/accounting/journal-entries?period=2026-03",
        "/api/v1/accounting/trial-balance?period=2026-03",
    ];
    for app in spawn_each().await {
        app.create(&simple_contract(
            "Acme",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        let mut before = Vec::new();
        for path in reports {
            before.push(app.get(path).await.text);
        }
        let zero = store_year_zero(&app).await;
        for (path, clean) in reports.iter().zip(&before) {
            let reply = app.get(path).await;
            assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.text);
            assert_eq!(
                &reply.text, clean,
                "{path}: year 0 leaves the calendar's months alone"
            );
        }
        let services = app.services().await;
        let audit = verify_tenant(&services, "sandbox", 100).await.unwrap();
        assert!(!audit.is_clean());
        assert_eq!(audit.contract_drift.len(), 1, "{audit:?}");
        assert_eq!(audit.contract_drift[0].contract_id, zero);
        assert!(
            audit.contract_drift[0]
                .problem
                .contains("revrec repair-calendar"),
            "{audit:?}"
        );
        assert!(audit.rollup_drift.is_empty(), "{audit:?}");

        let removed = repair_calendar(&services, "sandbox", 100).await.unwrap();
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].stored.record.id, zero);
        let audit = verify_tenant(&services, "sandbox", 100).await.unwrap();
        assert!(audit.is_clean(), "{audit:?}");
        app.get(&format!("/v1/contracts/{zero}"))
            .await
            .problem(404, "CONTRACT_NOT_FOUND");
        for (path, clean) in reports.iter().zip(&before) {
            assert_eq!(&app.get(path).await.text, clean, "{path}");
        }
        // Nothing else was touched: a second run removes nothing.
        assert!(
            repair_calendar(&services, "sandbox", 100)
                .await
                .unwrap()
                .is_empty()
        );
    }
}
