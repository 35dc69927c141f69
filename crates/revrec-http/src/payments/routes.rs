//! `GET /v1/payments/intent` (the published terms) and `GET /v1/payments/challenge`
//! (always 402 with one challenge per rail), decisions.md §10.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::Plan;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use utoipa::IntoParams;

use super::gate::{refusal, usd};
use super::holder::Holder;
use super::mpp::{CREDENTIAL_HEADER, INTENT};
use super::{CURRENCY, PRICED_ROUTES, PaymentSettings, challenges};
use crate::shell::error::{ApiError, PaymentProblem};
use crate::shell::problem::ErrorCode;
use crate::shell::respond::{json, parse_query};
use crate::shell::routing::resource;
use crate::shell::state::AppState;

/// The payment routes, under `/v1` beside the primary surface (registered before its scope,
/// which would otherwise take every `/v1` path).
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .service(resource("/v1/payments/intent", "GET").route(web::get().to(intent)))
        .service(resource("/v1/payments/challenge", "GET").route(web::get().to(challenge)));
}

/// The route challenged when none is named.
const DEFAULT_ROUTE: &str = "GET /v1/waterfalls";

fn rates_of(state: &AppState, plan: Plan) -> Value {
    let cents = state.services.policy.call_price_cents.of(plan);
    let rates: Map<String, Value> = PRICED_ROUTES
        .iter()
        .map(|route| ((*route).to_owned(), Value::String(usd(cents))))
        .collect();
    Value::Object(rates)
}

/// The merchant, the payment methods, the per-call rates by plan and the plan prices.
/// `rates` are the free tier's (the sandbox plan); `plan_rates` has every plan's.
#[utoipa::path(
    get, path = "/v1/payments/intent", tag = "payments", operation_id = "getPaymentIntent",
    responses((status = 200, description = "Payment intent information", body = Object)),
    security(())
)]
pub async fn intent(state: web::Data<AppState>) -> HttpResponse {
    let public_url = &state.settings.public_url;
    let plan_rates: Map<String, Value> = Plan::ALL
        .into_iter()
        .map(|plan| (plan.as_str().to_owned(), rates_of(&state, plan)))
        .collect();
    let plans: Map<String, Value> = Plan::ALL
        .into_iter()
        .map(|plan| {
            let price = revrec_usecases::policy::PLAN_PRICES_USD.of(plan);
            (plan.as_str().to_owned(), Value::from(price))
        })
        .collect();
    let payments = PaymentSettings::of(&state);
    let methods: Vec<Value> = payments
        .rails
        .iter()
        .map(|rail| json!({"method": rail.method(), "settles_real_money": rail.settles_real_money()}))
        .collect();
    json(
        StatusCode::OK,
        &json!({
            "protocol": "mpp/1.0",
            "merchant": payments.merchant,
            "supported_methods": payments.rails.iter().map(|rail| rail.method()).collect::<Vec<_>>(),
            "currency": CURRENCY.to_ascii_uppercase(),
            "rates": rates_of(&state, Plan::Sandbox),
            "plan_rates": plan_rates,
            "plans": plans,
            "methods": methods,
            "intent": INTENT,
            "credential_header": CREDENTIAL_HEADER,
            "challenge_url": format!("{public_url}/v1/payments/challenge"),
        }),
    )
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ChallengeParams {
    /// The priced call to challenge, `METHOD path` (default `GET /v1/waterfalls`).
    #[param(example = "GET /v1/waterfalls")]
    pub route: Option<String>,
    /// The plan whose price applies: sandbox, growth (default) or scale.
    pub plan: Option<String>,
}

/// Always 402: one `WWW-Authenticate: Payment` challenge per payment method for the
/// named call at the named plan's price, so a client can see the terms before calling.
/// Nobody authenticates here, so these challenges are issued to no caller and pay for no
/// call: a priced call's own 402 carries challenges issued to its caller.
#[utoipa::path(
    get, path = "/v1/payments/challenge", tag = "payments", operation_id = "getPaymentChallenge",
    params(ChallengeParams),
    responses(
        (status = 402, description = "Payment challenges", body = crate::shell::problem::ProblemBody, content_type = "application/problem+json",
            headers(("WWW-Authenticate" = String, description = "One MPP Payment challenge per method"),
                    ("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "Unknown route or plan, or no payment method configured", body = crate::shell::problem::ProblemBody, content_type = "application/problem+json"),
    ),
    security(())
)]
pub async fn challenge(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params: ChallengeParams = parse_query(request.query_string())?;
    let route = params.route.as_deref().unwrap_or(DEFAULT_ROUTE);
    let Some(route) = PRICED_ROUTES.iter().find(|priced| **priced == route) else {
        return Err(ApiError::InvalidParameter {
            name: "route",
            message: format!(
                "must be one of the priced calls: {}",
                PRICED_ROUTES.join(", ")
            ),
        });
    };
    let plan = match params.plan.as_deref() {
        None => Plan::Growth,
        Some(text) => Plan::parse(text).ok_or_else(|| ApiError::InvalidParameter {
            name: "plan",
            message: "must be sandbox, growth or scale".into(),
        })?,
    };
    let amount = state.services.policy.call_price_cents.of(plan);
    let now = state.services.clock.now_micros();
    let fresh = challenges(
        PaymentSettings::of(&state),
        &state.settings.public_url,
        route,
        amount,
        now,
        &Holder::Nobody,
    )
    .await;
    if fresh.challenges.is_empty() && !fresh.rail_unavailable {
        return Err(ApiError::Payment(PaymentProblem {
            code: ErrorCode::PaymentMethodUnsupported,
            message: "No payment method is configured on this server for this price.".into(),
            challenges: Vec::new(),
            challenge_id: None,
        }));
    }
    Err(refusal(
        ErrorCode::PaymentRequired,
        format!("{route} costs {} USD on the {plan} plan.", usd(amount)),
        fresh,
    ))
}
