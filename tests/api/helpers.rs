//! `spawn_app`: the real application on port 0 with a fresh database, and typed helpers.

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use std::time::Duration;

use revrec_app::job_worker::JobWorkerSettings;
use revrec_app::settings::{Mode, PaymentTerms, Settings};
use revrec_app::startup::{Application, PortOverrides, open_store, services};
use revrec_ports::{Plan, Scope};
use revrec_store_diesel::DatabaseUrl;
use revrec_test_support::{Backend, TestDatabase};
use revrec_usecases::manage_api_keys::{NewApiKey, create_api_key, revoke_api_key};
use revrec_usecases::oauth_clients::{NewOAuthClient, create_oauth_client};
use revrec_usecases::{PerPlan, Policy};
use serde_json::Value;

pub const SANDBOX: &str = "rr_test_sandbox";

pub struct TestApp {
    pub address: String,
    /// `http://…` of the metrics-only listener, when the settings gave it one.
    pub metrics_address: Option<String>,
    pub backend: Backend,
    pub settings: Settings,
    client: reqwest::Client,
    /// Held for its cleanup (a sibling instance holds none).
    _database: Option<TestDatabase>,
}

/// A response, read whole.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    }

    /// Asserts an RFC 9457 problem with this status and code, and returns its body.
    #[track_caller]
    pub fn problem(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status.as_u16(), status, "{}", self.text);
        assert!(
            self.header("content-type")
                .is_some_and(|value| value.starts_with("application/problem+json")),
            "content type {:?}",
            self.header("content-type")
        );
        let body = self.json();
        assert_eq!(body["code"], code, "{}", self.text);
        assert_eq!(body["status"], status);
        let slug = code.to_lowercase().replace('_', "-");
        // Payment problems use the types MPP registers; every other, our own pages.
        assert!(
            body["type"]
                .as_str()
                .is_some_and(|t| t.ends_with(&format!("/errors/{slug}"))
                    || (code.starts_with("PAYMENT_")
                        && t.starts_with("https://paymentauth.org/problems/"))),
            "{body}"
        );
        assert!(
            body["title"].is_string() && body["message"].is_string() && body["detail"].is_string()
        );
        assert!(
            body["instance"]
                .as_str()
                .is_some_and(|i| i.starts_with('/'))
        );
        assert_eq!(
            body["request_id"].as_str(),
            self.header("x-request-id").as_deref()
        );
        body
    }
}

/// The app over a fresh database of each available backend, with no job worker.
pub async fn spawn_each() -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(spawn_app(database, Mode::Sandbox).await);
    }
    apps
}

/// [`spawn_each`], each app running a recalculation-job worker (fast polling, small pages).
pub async fn spawn_each_with_jobs() -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(spawn_app_with(database, Mode::Sandbox, true).await);
    }
    apps
}

pub async fn spawn_app(database: TestDatabase, mode: Mode) -> TestApp {
    spawn_app_with(database, mode, false).await
}

/// Limits far above what any test sends, so only the rate-limit tests meet them.
pub fn unlimited_policy() -> Policy {
    Policy {
        requests_per_minute: Some(PerPlan {
            sandbox: 1_000_000,
            growth: 1_000_000,
            scale: 1_000_000,
        }),
        ..Policy::default()
    }
}

async fn spawn_app_with(database: TestDatabase, mode: Mode, jobs: bool) -> TestApp {
    spawn_configured(database, |settings| {
        settings.mode = mode;
        if jobs {
            // Only where a test runs jobs: an idle worker still polls its database.
            settings.job_worker = Some(JobWorkerSettings {
                lease: Duration::from_secs(5),
                poll: Duration::from_millis(50),
                // Small pages, so every test job spans several.
                page_size: 2,
            });
        }
    })
    .await
}

/// The app over `database` with the test defaults (sandbox mode, no job worker, no
/// effective rate limit), as `configure` changes them.
pub async fn spawn_configured(
    database: TestDatabase,
    configure: impl FnOnce(&mut Settings),
) -> TestApp {
    spawn_computing_on(database, configure, None).await
}

/// [`spawn_configured`] with the use cases computing on `compute`.
pub async fn spawn_computing_on(
    database: TestDatabase,
    configure: impl FnOnce(&mut Settings),
    compute: Option<std::sync::Arc<dyn revrec_ports::ComputePool>>,
) -> TestApp {
    spawn_with_ports(
        database,
        configure,
        PortOverrides {
            compute,
            clock: None,
        },
    )
    .await
}

/// [`spawn_configured`] with some of the system's ports replaced (a clock a test sets).
pub async fn spawn_with_ports(
    database: TestDatabase,
    configure: impl FnOnce(&mut Settings),
    overrides: PortOverrides,
) -> TestApp {
    let mut settings = Settings {
        database_url: DatabaseUrl::parse(&database.url).expect("test database URL"),
        database_read_url: None,
        listen: "127.0.0.1:0".parse().expect("address"),
        metrics_listen: None,
        public_url: None,
        mode: Mode::Sandbox,
        log_filter: "warn".into(),
        workers: Some(2),
        job_worker: None,
        policy: unlimited_policy(),
        payments: PaymentTerms::default(),
        deprecations: Vec::new(),
    };
    configure(&mut settings);
    let application = Application::build_with(settings.clone(), overrides)
        .await
        .expect("the app builds");
    // The bound address: the public URL may name a proxy in front of it.
    let address = format!("http://127.0.0.1:{}", application.port());
    let metrics_address = application
        .metrics_address()
        .map(|bound| format!("http://{bound}"));
    tokio::spawn(application.run_until_stopped());
    TestApp {
        address,
        metrics_address,
        backend: database.backend,
        settings,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client"),
        _database: Some(database),
    }
}

impl TestApp {
    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Reply {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        read(request.send().await.expect("request sent")).await
    }

    pub async fn raw(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Reply {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address))
            .body(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        read(request.send().await.expect("request sent")).await
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.request(Method::GET, path, Some(SANDBOX), None).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Reply {
        self.request(Method::POST, path, Some(SANDBOX), Some(body))
            .await
    }

    pub async fn put(&self, path: &str, body: &Value) -> Reply {
        self.request(Method::PUT, path, Some(SANDBOX), Some(body))
            .await
    }

    /// Creates a contract in the sandbox tenant and returns its body.
    pub async fn create(&self, body: &Value) -> Value {
        let reply = self.post("/v1/contracts", body).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        reply.json()
    }

    /// An API key made the way `revrec keys create` makes one.
    pub async fn key(&self, tenant: &str, scopes: &[Scope]) -> (String, String) {
        let store = open_store(&self.settings).await.expect("store");
        let created = create_api_key(
            &services(&store),
            NewApiKey {
                tenant_id: tenant.into(),
                name: "test".into(),
                scopes: scopes.to_vec(),
                plan: Plan::Growth,
                live: false,
            },
        )
        .await
        .expect("key created");
        (created.key.id, created.secret)
    }

    /// An OAuth client made the way `revrec oauth-clients create` makes one: (id, secret).
    pub async fn oauth_client(
        &self,
        tenant: &str,
        scopes: &[Scope],
        plan: Plan,
    ) -> (String, String) {
        let created = create_oauth_client(
            &self.services().await,
            NewOAuthClient {
                tenant_id: tenant.into(),
                name: "test".into(),
                scopes: scopes.to_vec(),
                plan,
            },
        )
        .await
        .expect("client created");
        (created.client.id, created.secret)
    }

    /// The use cases over this app's database (what the CLI commands use).
    pub async fn services(&self) -> revrec_usecases::Services {
        services(&open_store(&self.settings).await.expect("store"))
    }

    /// A second server process on the same database (another instance behind a load
    /// balancer), with the same settings.
    pub async fn sibling(&self) -> TestApp {
        self.sibling_with(|_| {}).await
    }

    /// [`TestApp::sibling`] with settings changed by `configure`.
    pub async fn sibling_with(&self, configure: impl FnOnce(&mut Settings)) -> TestApp {
        let mut settings = self.settings.clone();
        configure(&mut settings);
        let application = Application::build(settings.clone())
            .await
            .expect("the sibling builds");
        // The bound address: the public URL may name a proxy in front of it.
        let address = format!("http://127.0.0.1:{}", application.port());
        let metrics_address = application
            .metrics_address()
            .map(|bound| format!("http://{bound}"));
        tokio::spawn(application.run_until_stopped());
        TestApp {
            address,
            metrics_address,
            backend: self.backend,
            settings,
            client: self.client.clone(),
            _database: None,
        }
    }

    pub async fn revoke(&self, id: &str) {
        let store = open_store(&self.settings).await.expect("store");
        assert!(
            revoke_api_key(&services(&store), None, id)
                .await
                .expect("revoked")
        );
    }
}

async fn read(response: reqwest::Response) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    Reply {
        status,
        headers,
        text,
    }
}

impl TestApp {
    /// Polls a job until it has finished (completed or failed) and returns it.
    pub async fn finished_job(&self, job_id: &str) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            let job = self.get(&format!("/v1/jobs/{job_id}")).await;
            assert_eq!(job.status, StatusCode::OK, "{}", job.text);
            let job = job.json();
            if job["status"] == "completed" || job["status"] == "failed" {
                return job;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "job {job_id} did not finish: {job}"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Starts a recalculation and waits for its end.
    pub async fn recalculate(&self, body: &Value) -> Value {
        let created = self.post("/v1/jobs/recalculate-waterfall", body).await;
        assert_eq!(created.status.as_u16(), 202, "{}", created.text);
        let id = created.json()["job_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        self.finished_job(&id).await
    }
}

/// The spec's four-field contract.
pub fn simple_contract(customer: &str, value: &str, start: &str, end: &str) -> Value {
    serde_json::json!({ "customer_name": customer, "total_value": value, "start_date": start, "end_date": end })
}

/// Every value of the JSON number field `key` in `body`, in order, as its exact text (through
/// `serde_json::Value` an amount would be a float: `893.50` would read `893.5`).
pub fn number_texts(body: &str, key: &str) -> Vec<String> {
    let key = format!("\"{key}\":");
    body.match_indices(&key)
        .map(|(at, key)| {
            body[at + key.len()..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
                .collect()
        })
        .collect()
}
