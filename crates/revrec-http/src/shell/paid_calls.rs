//! The gate a priced call passes before it runs. The shell knows only that there is one:
//! the payment room implements it (MPP over HTTP 402) and the app puts it into the state,
//! so a route asks for payment (`AppState::require_payment`) without knowing how payments
//! are made.

use std::any::Any;

use actix_web::HttpRequest;
use futures_util::future::LocalBoxFuture;
use revrec_usecases::{Principal, Services};

use crate::shell::error::ApiError;
use crate::shell::settings::HttpSettings;

pub trait PaidCalls: Any + Send + Sync {
    /// Lets the call through when the caller's plan does not price `route`, or when the
    /// request carries a valid, settled payment for it; otherwise the refusal to send (a
    /// 402 with fresh challenges, or a 503 when no rail can settle).
    fn admit<'a>(
        &'a self,
        request: &'a HttpRequest,
        services: &'a Services,
        settings: &'a HttpSettings,
        principal: &'a Principal,
        route: &'static str,
    ) -> LocalBoxFuture<'a, Result<(), ApiError>>;
}
