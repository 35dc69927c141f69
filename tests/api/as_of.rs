//! Knowing when (docs/ledger.md, "As of an instant"): `as_of` answers as the books stood at
//! an instant. The app runs on a clock the test sets, so each change is recorded at a
//! chosen instant; what was read at an instant is read again, later, with that instant as
//! `as_of`.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use revrec_app::job_worker::JobWorkerSettings;
use revrec_app::startup::PortOverrides;
use revrec_test_support::TestDatabase;
use serde_json::json;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::helpers::{TestApp, number_texts, simple_contract, spawn_with_ports};
use crate::periods::{back_date_the_increase, worked_contract};

/// A clock that reads what the test last set.
pub struct SetClock(pub AtomicI64);

impl revrec_ports::Clock for SetClock {
    fn now_micros(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

impl SetClock {
    pub fn set(&self, instant: &str) {
        let instant = OffsetDateTime::parse(instant, &Rfc3339).unwrap();
        let micros = i64::try_from(instant.unix_timestamp_nanos() / 1_000).unwrap();
        self.0.store(micros, Ordering::SeqCst);
    }
}

pub async fn spawn_on_clock(database: TestDatabase, clock: &Arc<SetClock>) -> TestApp {
    let clock: Arc<dyn revrec_ports::Clock> = Arc::clone(clock) as _;
    spawn_with_ports(
        database,
        |_| {},
        PortOverrides {
            compute: None,
            clock: Some(clock),
        },
    )
    .await
}

async fn read(app: &TestApp, path: &str) -> String {
    let reply = app.get(path).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.text
}

/// What the test reads at each instant: the contract, its waterfall and the portfolio's,
/// Q1's Note 6, April's journal (JSON and CSV) and its trial balance.
fn reads(id: &str) -> Vec<String> {
    vec![
        format!("/v1/contracts/{id}"),
        format!("/v1/waterfalls?contract_id={id}"),
        format!("/v1/waterfalls?contract_id={id}&group_by=obligation"),
        "/v1/waterfalls?start_period=2026-01&end_period=2026-12".into(),
        "/v1/disclosures/note6?period=2026-Q1".into(),
        "/v1/disclosures/note6?period=2026-Q2".into(),
        "/api/v1/accounting/journal-entries?period=2026-04".into(),
        "/api/v1/accounting/journal-entries?period=2026-04&format=csv".into(),
        "/api/v1/accounting/trial-balance?period=2026-04".into(),
        "/api/v1/reports/waterfall?period=2026".into(),
    ]
}

/// Every read of [`reads`] at `instant`.
async fn read_all(
    app: &TestApp,
    clock: &SetClock,
    id: &str,
    instant: &'static str,
) -> (&'static str, Vec<String>) {
    clock.set(instant);
    let mut answers = Vec::new();
    for path in reads(id) {
        answers.push(read(app, &path).await);
    }
    (instant, answers)
}

fn with_as_of(path: &str, instant: &str) -> String {
    let separator = if path.contains('?') { '&' } else { '?' };
    format!("{path}{separator}as_of={instant}")
}

/// April's recognized revenue, as a waterfall body writes it.
fn april(body: &str) -> String {
    number_texts(body, "recognized_amount")[3].clone()
}

#[tokio::test]
async fn what_was_reported_at_an_instant_reads_the_same_bytes_later() {
    for database in TestDatabase::all() {
        let clock = Arc::new(SetClock(AtomicI64::new(0)));
        clock.set("2026-01-05T09:00:00Z");
        let app = spawn_on_clock(database, &clock).await;
        // The worked case: 12,000.00 over 2026, daily.
        let id = worked_contract(&app).await;
        let mut then: Vec<(&str, Vec<String>)> = Vec::new();
        then.push(read_all(&app, &clock, &id, "2026-02-01T00:00:00Z").await);

        // January to March closed on 3 April.
        clock.set("2026-04-03T10:00:00Z");
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-03"}))
            .await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        then.push(read_all(&app, &clock, &id, "2026-04-05T00:00:00Z").await);

        // On 10 April the increase to 15,000.00 is back-dated to 1 February.
        clock.set("2026-04-10T10:00:00Z");
        back_date_the_increase(&app, &id).await;
        // A payment of 4,000.00 on 20 April.
        clock.set("2026-04-20T10:00:00Z");
        let paid = app
            .post(
                &format!("/v1/contracts/{id}/payments"),
                &json!({"date": "2026-04-20", "amount": "4000.00", "reference": "wire-1"}),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.text);
        then.push(read_all(&app, &clock, &id, "2026-04-21T00:00:00Z").await);

        // Later still: April closed, reopened, and the contract terminated.
        clock.set("2026-05-04T10:00:00Z");
        for (path, body) in [
            ("/v1/periods/close", json!({"through": "2026-04"})),
            (
                "/v1/periods/reopen",
                json!({"from": "2026-03", "reason": "a late credit note"}),
            ),
            (
                &*format!("/v1/contracts/{id}/terminate"),
                json!({"effective_date": "2026-03-15"}),
            ),
        ] {
            let reply = app.post(path, &body).await;
            assert!(reply.status.is_success(), "{path}: {}", reply.text);
        }
        clock.set("2026-06-01T00:00:00Z");

        // Each instant's answers, read again as of it: the same bytes.
        for (instant, answers) in &then {
            for (path, answer) in reads(&id).iter().zip(answers) {
                let later = read(&app, &with_as_of(path, instant)).await;
                assert_eq!(&later, answer, "{path} as of {instant}");
            }
        }
        let contract_waterfall = &reads(&id)[1];
        // As of 5 April, March's close is in force and the increase unknown: April is
        // 986.31 (3,945.21 through April less 2,958.90 through March, of 12,000.00 over
        // 365 days). As of 21 April, April books the
        // increase: 1,232.88 restated + 739.73 corrected = 1,972.61.
        assert_eq!(april(&then[1].1[1]), "986.31");
        assert_eq!(april(&then[2].1[1]), "1972.61");
        // Now the termination and the reopen moved everything; as of then, nothing did.
        let now = read(&app, contract_waterfall).await;
        assert_ne!(now, then[2].1[1]);
        assert_eq!(
            april(
                &read(
                    &app,
                    &with_as_of(contract_waterfall, "2026-04-21T00:00:00Z")
                )
                .await
            ),
            "1972.61"
        );

        // Before the contract was recorded, it is not there and the portfolio is empty.
        let before = "2026-01-05T08:59:59Z";
        app.get(&with_as_of(&format!("/v1/contracts/{id}"), before))
            .await
            .problem(404, "CONTRACT_NOT_FOUND");
        let empty = read(
            &app,
            &with_as_of(
                "/v1/waterfalls?start_period=2026-01&end_period=2026-01",
                before,
            ),
        )
        .await;
        assert_eq!(number_texts(&empty, "recognized_amount"), ["0.00"]);

        // The future is not known yet, and an instant must be one.
        let future = app
            .get(&with_as_of("/v1/waterfalls", "2026-06-01T00:00:01Z"))
            .await;
        let problem = future.problem(422, "AS_OF_IN_FUTURE");
        assert_eq!(problem["now"], "2026-06-01T00:00:00Z");
        for bad in ["2026-04-05", "yesterday", "2026-13-01T00:00:00Z"] {
            let reply = app.get(&with_as_of("/v1/waterfalls", bad)).await;
            let problem = reply.problem(400, "INVALID_PARAMETER");
            assert!(
                problem["detail"].as_str().unwrap().contains("as_of"),
                "{problem}"
            );
        }
        // An as_of is one parameter more on a route that takes it, and refused elsewhere.
        app.get(&with_as_of("/v1/contracts", "2026-04-05T00:00:00Z"))
            .await
            .problem(400, "INVALID_PARAMETER");
    }
}

/// A restatement is a write like any other: read as of an instant before it, a portfolio's
/// reports are the books as they stood. The contracts it restated are found by the log of
/// contract changes (docs/ledger.md, "As of an instant"), not by reading every contract.
#[tokio::test]
async fn a_portfolio_read_as_of_an_instant_before_a_restatement_reads_the_books_as_they_stood() {
    for database in TestDatabase::all() {
        let clock = Arc::new(SetClock(AtomicI64::new(0)));
        clock.set("2026-01-05T09:00:00Z");
        let app = spawn_with_ports(
            database,
            |settings| {
                settings.job_worker = Some(JobWorkerSettings {
                    lease: Duration::from_secs(5),
                    poll: Duration::from_millis(50),
                    page_size: 2,
                });
            },
            PortOverrides {
                compute: None,
                clock: Some(Arc::clone(&clock) as Arc<dyn revrec_ports::Clock>),
            },
        )
        .await;
        // 12,000.00 over 2026, daily, and two more, so the job spans pages.
        let id = worked_contract(&app).await;
        for customer in ["Initech", "Umbrella"] {
            let reply = app
                .post(
                    "/v1/contracts",
                    &simple_contract(customer, "3650.00", "2026-01-01", "2026-12-31"),
                )
                .await;
            assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        }
        let portfolio = [
            "/v1/waterfalls?start_period=2026-01&end_period=2026-12",
            "/v1/disclosures/note6?period=2026-Q1",
            "/api/v1/reports/waterfall?period=2026",
        ];
        clock.set("2026-02-01T00:00:00Z");
        let mut then = Vec::new();
        for path in portfolio {
            then.push(read(&app, path).await);
        }

        clock.set("2026-02-10T10:00:00Z");
        let job = app
            .recalculate(&json!({"policy": {"recognition_convention": "monthly_equal"}}))
            .await;
        assert_eq!(job["status"], "completed", "{job}");
        assert_eq!(job["result"]["contracts_changed"], 3, "{job}");
        clock.set("2026-02-11T00:00:00Z");
        // January was 1,019.17 of the worked contract daily; 1,000.00 monthly.
        let restated = read(&app, &format!("/v1/waterfalls?contract_id={id}")).await;
        assert_eq!(number_texts(&restated, "recognized_amount")[0], "1000.00");
        for (path, answer) in portfolio.iter().zip(&then) {
            assert_ne!(&read(&app, path).await, answer, "{path} now");
            let later = read(&app, &with_as_of(path, "2026-02-01T00:00:00Z")).await;
            assert_eq!(&later, answer, "{path} as of 1 February");
        }
    }
}
