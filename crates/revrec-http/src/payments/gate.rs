//! The gate in front of a priced call: nothing runs, and nothing is written, until a
//! payment credential for this route and price is verified and settled
//! (draft-ryan-httpauth-payment, Idempotency and Side Effects; draft-payment-intent-charge-00,
//! Server Responsibilities).

use actix_web::{HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;
use revrec_domain::{Currency, Money};
use revrec_usecases::pay_for_call::{PaidCall, PaymentError, redeem};
use revrec_usecases::{Principal, Services};
use serde_json::Value;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::holder::{Holder, holder_in, may_pay};
use super::mpp::{
    CREDENTIAL_HEADER, Challenge, Credential, INTENT, canonical_json, decode_request, id_matches,
    receipt,
};
use super::{CURRENCY, Issued, PaymentSettings, challenges, charge_of, realm_of, shared_request};
use crate::shell::error::{ApiError, PaymentProblem};
use crate::shell::paid_calls::PaidCalls;
use crate::shell::problem::ErrorCode;
use crate::shell::settings::HttpSettings;
use crate::wire::dates::format_timestamp;

/// The receipt of this request's payment, for the middleware to send on a 2xx.
#[derive(Clone, Debug)]
pub struct PaymentReceipt(pub String);

/// MPP is the gate in front of every priced call.
impl PaidCalls for PaymentSettings {
    fn admit<'a>(
        &'a self,
        request: &'a HttpRequest,
        services: &'a Services,
        settings: &'a HttpSettings,
        principal: &'a Principal,
        route: &'static str,
    ) -> LocalBoxFuture<'a, Result<(), ApiError>> {
        Box::pin(require_payment(
            self, request, services, settings, principal, route,
        ))
    }
}

/// Lets the call through when the caller's plan does not price `route`, or when the
/// request carries a valid, settled payment for it; otherwise a 402 with fresh challenges.
async fn require_payment(
    payments: &PaymentSettings,
    request: &HttpRequest,
    services: &Services,
    settings: &HttpSettings,
    principal: &Principal,
    route: &'static str,
) -> Result<(), ApiError> {
    let amount = services.policy.call_price_cents.of(principal.plan);
    if amount <= 0 {
        return Ok(());
    }
    let outcome = settle_call(
        payments, request, services, settings, principal, route, amount,
    )
    .await;
    let label = match &outcome {
        Ok(()) => "settled",
        Err(ApiError::Payment(problem)) => match problem.code {
            ErrorCode::PaymentRequired => "challenged",
            ErrorCode::PaymentVerificationFailed => "declined",
            ErrorCode::PaymentRailUnavailable => "unavailable",
            _ => "refused",
        },
        Err(_) => "failed",
    };
    metrics::counter!(crate::shell::metrics::PAYMENTS, "outcome" => label).increment(1);
    outcome
}

/// The priced call's payment: verified and settled, or the 402 (or 503) that says why not.
async fn settle_call(
    payments: &PaymentSettings,
    request: &HttpRequest,
    services: &Services,
    settings: &HttpSettings,
    principal: &Principal,
    route: &'static str,
    amount: i64,
) -> Result<(), ApiError> {
    let now = services.clock.now_micros();
    let public_url = &settings.public_url;
    let holder = Holder::of(principal);
    let refuse = async |code: ErrorCode, message: String| {
        let fresh = challenges(payments, public_url, route, amount, now, &holder).await;
        refusal(code, message, fresh)
    };
    let mut credentials = request.headers().get_all(CREDENTIAL_HEADER);
    let Some(value) = credentials.next() else {
        return Err(refuse(
            ErrorCode::PaymentRequired,
            format!(
                "{route} costs {} USD on the {} plan; pay one of the challenges and send the credential in Payment-Authorization.",
                usd(amount),
                principal.plan
            ),
        ).await);
    };
    let text = value.to_str().unwrap_or_default();
    if credentials.next().is_some() || text.contains(',') {
        return Err(ApiError::Payment(PaymentProblem {
            code: ErrorCode::MultiplePaymentCredentials,
            message: "The request carries more than one payment credential.".into(),
            challenges: Vec::new(),
            challenge_id: None,
        }));
    }
    let credential = match Credential::parse(text) {
        Ok(credential) => credential,
        Err(error) => {
            return Err(refuse(ErrorCode::PaymentMalformedCredential, error.to_string()).await);
        }
    };
    let mut echoed = credential.challenge;
    let Some(rail) = payments.rail(&echoed.method) else {
        return Err(ApiError::Payment(PaymentProblem {
            code: ErrorCode::PaymentMethodUnsupported,
            message: format!(
                "This server does not take the payment method `{}`.",
                echoed.method
            ),
            challenges: Vec::new(),
            challenge_id: None,
        }));
    };
    // Every challenge we issue advertises the header; a client need not echo it.
    echoed
        .header
        .get_or_insert_with(|| CREDENTIAL_HEADER.to_owned());
    let issued_here = echoed.intent == INTENT
        && echoed.realm == realm_of(public_url)
        && payments
            .secrets
            .iter()
            .any(|secret| id_matches(secret, &echoed));
    if !issued_here {
        return Err(refuse(
            ErrorCode::PaymentInvalidChallenge,
            "The echoed challenge was not issued by this service, or was altered.".into(),
        )
        .await);
    }
    let expires = OffsetDateTime::parse(&echoed.expires, &Rfc3339)
        .map(|instant| instant.unix_timestamp() * 1_000_000)
        .unwrap_or(i64::MIN);
    if now >= expires {
        return Err(refuse(
            ErrorCode::PaymentExpired,
            format!("The challenge expired at {}.", echoed.expires),
        )
        .await);
    }
    // A genuine challenge proves we issued it, not that it was for this caller: another
    // tenant's (or key's) challenge, seen in a log or a shared agent, pays nothing here.
    match holder_in(echoed.opaque.as_deref()) {
        Holder::Nobody => {
            return Err(refuse(
                ErrorCode::PaymentInvalidChallenge,
                "This challenge was issued to no caller (by GET /v1/payments/challenge, which shows the terms) and pays for no call; pay one of the challenges of this answer, issued to you.".into(),
            ).await);
        }
        holder if !may_pay(&holder, principal) => {
            return Err(refuse(
                ErrorCode::PaymentInvalidChallenge,
                "This challenge was issued to another caller (another API key or OAuth client); pay one of the challenges of this answer, issued to you.".into(),
            ).await);
        }
        Holder::Caller(_) => {}
    }
    // Nor that it was for this call at this price: the shared fields of its request are
    // what this rail asks for this call now (its `methodDetails`, bound by the HMAC, are
    // the rail's to check when it settles).
    let charge = charge_of(&echoed.id, route, amount);
    let mut stated = decode_request(&echoed.request).unwrap_or(Value::Null);
    let method_details = stated
        .as_object_mut()
        .and_then(|map| map.remove("methodDetails"))
        .map(|details| canonical_json(&details));
    let expected = rail
        .quote(&charge)
        .map(|quote| shared_request(&quote, route));
    if expected.as_ref() != Some(&stated) {
        return Err(refuse(
            ErrorCode::PaymentInvalidChallenge,
            format!(
                "The challenge was issued for another call or price, not {route} at {} USD.",
                usd(amount)
            ),
        )
        .await);
    }
    let call = PaidCall {
        tenant_id: principal.tenant_id.clone(),
        challenge_id: echoed.id.clone(),
        route: route.to_owned(),
        amount,
        currency: CURRENCY.to_owned(),
        method_details,
    };
    match redeem(services, rail.as_ref(), &call, &credential.payload).await {
        Ok(settlement) => {
            let timestamp = format_timestamp(now.div_euclid(1_000_000) * 1_000_000);
            request.extensions_mut().insert(PaymentReceipt(receipt(
                rail.method(),
                &settlement.reference,
                &timestamp,
                &echoed.id,
            )));
            Ok(())
        }
        Err(PaymentError::AlreadyUsed) => Err(refuse(
            ErrorCode::PaymentInvalidChallenge,
            "This challenge or payment proof has already been used.".into(),
        )
        .await),
        Err(PaymentError::MalformedProof(reason)) => {
            Err(refuse(ErrorCode::PaymentMalformedCredential, reason).await)
        }
        Err(PaymentError::Declined(reason)) => {
            Err(refuse(ErrorCode::PaymentVerificationFailed, reason).await)
        }
        Err(PaymentError::RailUnavailable(_)) => Err(ApiError::Payment(PaymentProblem {
            code: ErrorCode::PaymentRailUnavailable,
            message: format!(
                "The {} payment rail did not answer; nothing was charged twice, retry with the same credential.",
                rail.method()
            ),
            challenges: Vec::new(),
            challenge_id: None,
        })),
        Err(PaymentError::Storage(error)) => {
            Err(ApiError::from(revrec_usecases::UseCaseError::from(error)))
        }
    }
}

/// The 402 that refuses a credential (or asks for one) with `fresh` challenges; a 503 when
/// no challenge could be issued because every rail's provider was down.
pub fn refusal(code: ErrorCode, message: String, fresh: Issued) -> ApiError {
    if fresh.challenges.is_empty() && fresh.rail_unavailable {
        return ApiError::Payment(PaymentProblem {
            code: ErrorCode::PaymentRailUnavailable,
            message: "No payment rail could issue a challenge now (its provider did not answer); retry shortly.".into(),
            challenges: Vec::new(),
            challenge_id: None,
        });
    }
    ApiError::Payment(PaymentProblem {
        code,
        message,
        challenge_id: fresh
            .challenges
            .first()
            .map(|challenge| challenge.id.clone()),
        challenges: fresh.challenges.iter().map(Challenge::to_header).collect(),
    })
}

/// Cents as a USD amount: 5 → `0.05`.
pub fn usd(cents: i64) -> String {
    Money::from_minor(cents, Currency::USD).to_string()
}
