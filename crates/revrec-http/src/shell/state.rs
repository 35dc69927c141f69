//! What every handler can reach: the use cases' ports, the HTTP settings and the gate in
//! front of priced calls.

use std::sync::Arc;

use actix_web::HttpRequest;
use revrec_usecases::waterfall_report::WaterfallReport;
use revrec_usecases::{Principal, Services};

use crate::shell::error::ApiError;
use crate::shell::paid_calls::PaidCalls;
use crate::shell::rendered::RenderedBodies;
use crate::shell::settings::HttpSettings;

/// What the app refreshes just before a scrape: gauges the HTTP adapter cannot see (the
/// store's connection pool, whose metrics the store names and describes).
pub type BeforeScrape = Arc<dyn Fn() + Send + Sync>;

#[derive(Clone)]
pub struct AppState {
    pub services: Services,
    /// The use cases for the reads that tolerate lagging the writes a little (portfolio
    /// reports, the journal and its export, trial balances, close packages): over the
    /// read replica when `REVREC_DATABASE_READ_URL` is set (docs/scaling.md, "Read
    /// replicas"), otherwise `services` itself.
    pub stale_reads: Services,
    /// Shared: a request that meters its work clones the state (`shell::cost`).
    pub settings: Arc<HttpSettings>,
    /// The gate in front of priced calls: in the app, the payment room's (MPP).
    pub payments: Arc<dyn PaidCalls>,
    /// Refreshes the gauges only the app can read (the connection pool) before a scrape.
    pub before_scrape: Option<BeforeScrape>,
    /// The bodies of single-contract waterfalls the use case handed out before.
    pub waterfall_bodies: Arc<RenderedBodies<WaterfallReport>>,
}

impl AppState {
    /// `route`'s payment, through the state's gate (`route` reads `GET /v1/waterfalls`).
    pub async fn require_payment(
        &self,
        request: &HttpRequest,
        principal: &Principal,
        route: &'static str,
    ) -> Result<(), ApiError> {
        self.payments
            .admit(request, &self.services, &self.settings, principal, route)
            .await
    }
}
