//! `GET /v1/payments/intent` (the published terms) and `GET /v1/payments/challenge`
//! (always 402 with one challenge per rail), docs/payments.md.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use revrec_ports::Plan;
use std::collections::BTreeMap;

use revrec_ports::Quote;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::gate::{refusal, usd};
use super::holder::Holder;
use super::mpp::{CREDENTIAL_HEADER, INTENT};
use super::{CURRENCY, PaymentSettings, PricedRoutes, challenges, charge_of};
use crate::shell::error::{ApiError, PaymentProblem};
use crate::shell::problem::ErrorCode;
use crate::shell::respond::{json, parse_query};
use crate::shell::state::AppState;

/// The route challenged when none is named.
const DEFAULT_ROUTE: &str = "GET /v1/waterfalls";

fn rates_of(state: &AppState, priced: &PricedRoutes, plan: Plan) -> BTreeMap<String, String> {
    let cents = state.services.policy.call_price_cents.of(plan);
    priced
        .0
        .iter()
        .map(|route| ((*route).to_owned(), usd(cents)))
        .collect()
}

/// An amount in a payment method's own unit, as its challenges' `request` states it.
#[derive(Serialize, ToSchema, Debug)]
pub struct MethodAmount {
    /// A whole number of `currency`'s base units (cents, satoshis, token base units).
    #[schema(example = "5")]
    pub amount: String,
    /// `usd`, `sat`, or a TIP-20 token's address.
    #[schema(example = "usd")]
    pub currency: String,
    /// Who is paid (the merchant's address), for methods that name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recipient: Option<String>,
}

impl From<Quote> for MethodAmount {
    fn from(quote: Quote) -> MethodAmount {
        MethodAmount {
            amount: quote.amount,
            currency: quote.currency,
            recipient: quote.recipient,
        }
    }
}

/// What one priced call costs a caller of one plan.
#[derive(Serialize, ToSchema, Debug)]
pub struct RoutePrice {
    /// USD, two decimals.
    #[schema(example = "0.05")]
    pub usd: String,
    /// What each payment method's challenge for this call asks, in its own unit (a method
    /// that cannot take the charge, such as Lightning for 0.00, is absent).
    pub methods: BTreeMap<String, MethodAmount>,
}

/// A payment method offered here.
#[derive(Serialize, ToSchema, Debug)]
pub struct MethodTerms {
    /// The MPP method id: `stripe`, `tempo`, `lightning` or `sandbox`.
    pub method: String,
    pub settles_real_money: bool,
    /// What 1.00 USD is in this method's unit: the rate its challenges are priced at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_usd: Option<MethodAmount>,
}

/// The published payment terms (MPP, docs/payments.md).
#[derive(Serialize, ToSchema, Debug)]
pub struct PaymentIntent {
    /// `mpp/1.0`.
    pub protocol: String,
    pub merchant: String,
    /// The payment methods, in challenge order.
    pub supported_methods: Vec<String>,
    /// `USD`: the currency prices are set in.
    pub currency: String,
    /// The calls that can carry a price (`METHOD path`), on both surfaces.
    pub priced_routes: Vec<String>,
    /// What a caller of each plan pays per priced call: plan → route → price, in USD and
    /// in each payment method's unit. What a 402 charges is exactly this.
    pub prices: BTreeMap<String, BTreeMap<String, RoutePrice>>,
    /// Every plan's USD price per priced call (plan → route → USD); `prices` has the same
    /// and the methods' amounts.
    pub plan_rates: BTreeMap<String, BTreeMap<String, String>>,
    /// The sandbox (free) plan's prices only, kept for older clients: read `prices`.
    #[schema(deprecated)]
    pub rates: BTreeMap<String, String>,
    /// Monthly plan prices, USD.
    pub plans: BTreeMap<String, u32>,
    pub methods: Vec<MethodTerms>,
    /// `charge`.
    pub intent: String,
    /// `Payment-Authorization`.
    pub credential_header: String,
    pub challenge_url: String,
}

/// The merchant, the payment methods, and what each plan pays per priced call, in USD and
/// in each payment method's unit (`prices`). `plan_rates` and the deprecated `rates` (the
/// sandbox plan's) are kept for older clients.
#[utoipa::path(
    get, path = "/v1/payments/intent", tag = "payments", operation_id = "getPaymentIntent",
    responses((status = 200, description = "Payment intent information", body = PaymentIntent)),
    security(())
)]
pub async fn intent(state: web::Data<AppState>, priced: web::Data<PricedRoutes>) -> HttpResponse {
    let public_url = &state.settings.public_url;
    let payments = PaymentSettings::of(&state);
    let price_of = |plan: Plan, route: &str| {
        let cents = state.services.policy.call_price_cents.of(plan);
        let charge = charge_of("", route, cents);
        RoutePrice {
            usd: usd(cents),
            methods: payments
                .rails
                .iter()
                .filter_map(|rail| {
                    let quote = rail.quote(&charge)?;
                    Some((rail.method().to_owned(), MethodAmount::from(quote)))
                })
                .collect(),
        }
    };
    let prices = Plan::ALL
        .into_iter()
        .map(|plan| {
            let routes = priced
                .0
                .iter()
                .map(|route| ((*route).to_owned(), price_of(plan, route)))
                .collect();
            (plan.as_str().to_owned(), routes)
        })
        .collect();
    let body = PaymentIntent {
        protocol: "mpp/1.0".into(),
        merchant: payments.merchant.clone(),
        supported_methods: payments
            .rails
            .iter()
            .map(|rail| rail.method().to_owned())
            .collect(),
        currency: CURRENCY.to_ascii_uppercase(),
        priced_routes: priced.0.iter().map(|route| (*route).to_owned()).collect(),
        prices,
        plan_rates: Plan::ALL
            .into_iter()
            .map(|plan| (plan.as_str().to_owned(), rates_of(&state, &priced, plan)))
            .collect(),
        rates: rates_of(&state, &priced, Plan::Sandbox),
        plans: Plan::ALL
            .into_iter()
            .map(|plan| {
                let price = revrec_usecases::policy::PLAN_PRICES_USD.of(plan);
                (plan.as_str().to_owned(), price)
            })
            .collect(),
        methods: payments
            .rails
            .iter()
            .map(|rail| MethodTerms {
                method: rail.method().to_owned(),
                settles_real_money: rail.settles_real_money(),
                per_usd: rail.quote(&charge_of("", "", 100)).map(MethodAmount::from),
            })
            .collect(),
        intent: INTENT.into(),
        credential_header: CREDENTIAL_HEADER.into(),
        challenge_url: format!("{public_url}/v1/payments/challenge"),
    };
    json(StatusCode::OK, &body)
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
    priced: web::Data<PricedRoutes>,
) -> Result<HttpResponse, ApiError> {
    let params: ChallengeParams = parse_query(request.query_string())?;
    let route = params.route.as_deref().unwrap_or(DEFAULT_ROUTE);
    let Some(route) = priced.0.iter().find(|candidate| **candidate == route) else {
        return Err(ApiError::InvalidParameter {
            name: "route",
            message: format!("must be one of the priced calls: {}", priced.0.join(", ")),
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
