//! Failures the real store rarely shows on demand, with mocked ports: a lost race (409
//! VERSION_CONFLICT), a broken database (500 INTERNAL_ERROR, with nothing internal in the
//! body) and an unreachable one (503 SERVICE_UNAVAILABLE).

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use std::sync::{Arc, Mutex};

use actix_web::test::{TestRequest, call_service, init_service, read_body};
use revrec_http::{AppState, HttpSettings, build_app};
use revrec_ports::api_keys::MockApiKeyRepository;
use revrec_ports::clock::MockClock;
use revrec_ports::contracts::MockContractRepository;
use revrec_ports::idempotency::MockIdempotencyRepository;
use revrec_ports::ids::MockIdSource;
use revrec_ports::jobs::MockJobRepository;
use revrec_ports::ledger::MockLedgerRepository;
use revrec_ports::oauth::MockOAuthRepository;
use revrec_ports::payments::MockPaymentRepository;
use revrec_ports::rate_limit::MockRateLimiter;
use revrec_ports::reports::MockReportRepository;
use revrec_ports::{
    Claim, ContractWrite, JobFailure, JobProgress, JobRecord, JobStatus, RecalculationRequest,
    RepositoryError, StoredContract, VersionWrite,
};
use revrec_usecases::{Policy, Services};
use serde_json::{Value, json};

fn state(contracts: MockContractRepository, reports: MockReportRepository) -> AppState {
    state_with(contracts, reports, MockIdempotencyRepository::new())
}

fn state_with(
    contracts: MockContractRepository,
    reports: MockReportRepository,
    idempotency: MockIdempotencyRepository,
) -> AppState {
    state_with_jobs(contracts, reports, idempotency, MockJobRepository::new())
}

fn state_with_jobs(
    contracts: MockContractRepository,
    reports: MockReportRepository,
    idempotency: MockIdempotencyRepository,
    jobs: MockJobRepository,
) -> AppState {
    let mut clock = MockClock::new();
    clock
        .expect_now_micros()
        .return_const(1_767_225_600_000_000_i64);
    let mut ids = MockIdSource::new();
    ids.expect_new_id().returning(|prefix| format!("{prefix}1"));
    // No posting control: every write is taken.
    let mut ledger = MockLedgerRepository::new();
    ledger.expect_posting_control().returning(|_| Ok(None));
    let services = Services::from(revrec_usecases::SharedServices {
        contracts: Arc::new(contracts),
        reports: Arc::new(reports),
        api_keys: Arc::new(MockApiKeyRepository::new()),
        idempotency: Arc::new(idempotency),
        ledger: Arc::new(ledger),
        jobs: Arc::new(jobs),
        oauth: Arc::new(MockOAuthRepository::new()),
        payments: Arc::new(MockPaymentRepository::new()),
        rate_limiter: Arc::new(MockRateLimiter::new()),
        client_auth_failures: Arc::new(MockRateLimiter::new()),
        console: Arc::new(revrec_ports::console::MockConsoleRepository::new()),
        usage: Arc::new(revrec_ports::usage::MockUsageRepository::new()),
        periods: Arc::new(revrec_ports::periods::MockPeriodRepository::nothing_closed()),
        passwords: Arc::new(revrec_ports::passwords::MockPasswordHasher::new()),
        usage_meter: Arc::default(),
        // No limits: these tests are about storage failures.
        policy: Policy {
            requests_per_minute: None,
            ..Policy::default()
        },
        clock: Arc::new(clock),
        ids: Arc::new(ids),
        heavy_reads: Arc::new(revrec_usecases::heavy_reads::HeavyReads::default()),
        waterfall_memo: Arc::default(),
        job_signal: Arc::default(),
        compute: Arc::new(revrec_ports::InlineCompute),
    });
    AppState {
        stale_reads: services.clone(),
        services,
        settings: Arc::new(HttpSettings {
            public_url: "http://revrec.test".into(),
            sandbox_mode: true,
            json_limit: 1 << 20,
            deprecations: Vec::new(),
            metrics_on_api: true,
        }),
        waterfall_bodies: Arc::default(),
        before_scrape: None,
        payments: Arc::new(revrec_http::payments::PaymentSettings::without_rails(
            b"a test secret of thirty-two bytes".to_vec(),
        )),
    }
}

async fn send(state: AppState, request: TestRequest) -> (u16, Value) {
    let app = init_service(build_app(state)).await;
    let response = call_service(
        &app,
        request
            .insert_header(("Authorization", "Bearer rr_test_sandbox"))
            .to_request(),
    )
    .await;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        content_type.starts_with("application/problem+json"),
        "{content_type}"
    );
    let body: Value = serde_json::from_slice(&read_body(response).await).unwrap();
    (status, body)
}

fn contract_body() -> Value {
    json!({"customer_name": "Acme", "total_value": "1200.00", "start_date": "2026-01-01", "end_date": "2026-12-31"})
}

#[actix_web::test]
async fn a_lost_race_is_409_version_conflict_and_nothing_else_happens() {
    // Capture the write of an ingest to serve it back as the stored contract.
    let captured: Arc<Mutex<Option<ContractWrite>>> = Arc::default();
    let mut contracts = MockContractRepository::new();
    let sink = Arc::clone(&captured);
    contracts.expect_save().times(1).returning(move |write| {
        *sink.lock().unwrap() = Some(write);
        Ok(())
    });
    let app = init_service(build_app(state(contracts, MockReportRepository::new()))).await;
    let created = call_service(
        &app,
        TestRequest::post()
            .uri("/v1/contracts")
            .insert_header(("Authorization", "Bearer rr_test_sandbox"))
            .set_json(contract_body())
            .to_request(),
    )
    .await;
    assert_eq!(created.status().as_u16(), 201);
    let write = captured.lock().unwrap().clone().unwrap();
    let VersionWrite::Append(version) = write.version else {
        panic!("an ingest appends version 1")
    };
    let stored = StoredContract {
        record: write.record,
        versions: vec![version],
        invoices: Vec::new(),
        revision: 1,
        stamps: revrec_ports::BooksStamps::default(),
        usage: revrec_domain::ContractUsage::default(),
    };

    let mut contracts = MockContractRepository::new();
    contracts
        .expect_find()
        .returning(move |_, _| Ok(Some(Arc::new(stored.clone()))));
    contracts
        .expect_save()
        .times(1)
        .returning(|_| Err(RepositoryError::Conflict("version moved".into())));
    let mut change = contract_body();
    change["total_value"] = json!("2400.00");
    change["effective_date"] = json!("2026-06-01");
    let (status, body) = send(
        state(contracts, MockReportRepository::new()),
        TestRequest::put()
            .uri("/v1/contracts/ctr_1")
            .set_json(change),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("VERSION_CONFLICT"))
    );
}

#[actix_web::test]
async fn a_broken_database_is_500_and_the_body_exposes_nothing_of_it() {
    let mut contracts = MockContractRepository::new();
    contracts.expect_find().returning(|_, _| {
        Err(RepositoryError::Backend(
            "relation \"contracts\" does not exist; password=hunter2".into(),
        ))
    });
    let (status, body) = send(
        state(contracts, MockReportRepository::new()),
        TestRequest::get().uri("/v1/contracts/ctr_1"),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (500, Some("INTERNAL_ERROR"))
    );
    let text = body.to_string();
    assert!(
        !text.contains("hunter2") && !text.contains("relation"),
        "{text}"
    );
    assert!(body["request_id"].is_string());
}

#[actix_web::test]
async fn an_unreachable_database_is_503_for_requests_and_readiness() {
    let mut reports = MockReportRepository::new();
    reports
        .expect_ping()
        .returning(|| Err(RepositoryError::Unavailable("connection refused".into())));
    let (status, body) = send(
        state(MockContractRepository::new(), reports),
        TestRequest::get().uri("/readyz"),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("SERVICE_UNAVAILABLE"))
    );
    assert!(!body.to_string().contains("refused"));

    let mut contracts = MockContractRepository::new();
    contracts
        .expect_list()
        .returning(|_, _| Err(RepositoryError::Unavailable("timed out".into())));
    let (status, body) = send(
        state(contracts, MockReportRepository::new()),
        TestRequest::get().uri("/v1/contracts"),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("SERVICE_UNAVAILABLE"))
    );
}

#[actix_web::test]
async fn a_key_still_in_flight_is_409_and_the_handler_does_not_run() {
    let mut idempotency = MockIdempotencyRepository::new();
    idempotency
        .expect_claim()
        .returning(|_, _, _, _, _, _| Ok(Claim::InFlight));
    // No expectation on the contract repository: running the handler would fail the test.
    let request = TestRequest::post()
        .uri("/v1/contracts")
        .insert_header(("Idempotency-Key", "order-1"))
        .set_json(contract_body());
    let (status, body) = send(
        state_with(
            MockContractRepository::new(),
            MockReportRepository::new(),
            idempotency,
        ),
        request,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("IDEMPOTENCY_KEY_IN_PROGRESS"))
    );
}

#[actix_web::test]
async fn a_server_failure_is_not_recorded_so_a_retry_runs_again() {
    let mut idempotency = MockIdempotencyRepository::new();
    idempotency
        .expect_claim()
        .returning(|_, _, _, _, _, _| Ok(Claim::Granted));
    idempotency.expect_record().never();
    idempotency
        .expect_release()
        .times(1)
        .returning(|_, _| Ok(()));
    let mut contracts = MockContractRepository::new();
    contracts
        .expect_save()
        .returning(|_| Err(RepositoryError::Backend("disk full".into())));
    let request = TestRequest::post()
        .uri("/v1/contracts")
        .insert_header(("Idempotency-Key", "order-1"))
        .set_json(contract_body());
    let (status, body) = send(
        state_with(contracts, MockReportRepository::new(), idempotency),
        request,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (500, Some("INTERNAL_ERROR"))
    );
}

#[actix_web::test]
async fn a_failed_job_carries_its_problem_in_result_error() {
    let mut jobs = MockJobRepository::new();
    jobs.expect_find().returning(|tenant, id| {
        Ok(Some(JobRecord {
            tenant_id: tenant.to_owned(),
            id: id.to_owned(),
            status: JobStatus::Failed,
            request: RecalculationRequest::default(),
            as_of: revrec_domain::Period::parse("2026-11").unwrap(),
            progress: JobProgress {
                total: 10,
                processed: 4,
                hash_chain: "ab".repeat(32),
                ..JobProgress::default()
            },
            failure: Some(JobFailure {
                code: "INTERNAL_ERROR".into(),
                message: "A stored contract could not be recomputed.".into(),
            }),
            attempts: 1,
            created_at: 1_767_225_600_000_000,
            updated_at: 1_767_225_600_000_000,
            finished_at: Some(1_767_225_600_000_000),
        }))
    });
    let app = init_service(build_app(state_with_jobs(
        MockContractRepository::new(),
        MockReportRepository::new(),
        MockIdempotencyRepository::new(),
        jobs,
    )))
    .await;
    let response = call_service(
        &app,
        TestRequest::get()
            .uri("/v1/jobs/job_1")
            .insert_header(("Authorization", "Bearer rr_test_sandbox"))
            .to_request(),
    )
    .await;
    assert_eq!(response.status().as_u16(), 200);
    let body: Value = serde_json::from_slice(&read_body(response).await).unwrap();
    assert_eq!(body["status"], "failed");
    assert_eq!(body["progress"], 100);
    assert_eq!(body["result"]["contracts_recalculated"], 4);
    let error = &body["result"]["error"];
    assert_eq!(error["code"], "INTERNAL_ERROR");
    assert_eq!(error["status"], 500);
    assert_eq!(error["type"], "http://revrec.test/errors/internal-error");
    assert_eq!(error["instance"], "/v1/jobs/job_1");
}
