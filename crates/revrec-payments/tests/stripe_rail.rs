//! The Stripe rail against a local double of Stripe's PaymentIntent API.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_payments::{SandboxRail, StripeRail, StripeSettings};
use revrec_ports::{Charge, PaymentRail, RailError};
use revrec_test_support::stripe_double::{SECRET_KEY, StripeDouble};

fn rail(double: &StripeDouble, key: &str) -> StripeRail {
    StripeRail::new(StripeSettings {
        secret_key: key.into(),
        network_id: "profile_test".into(),
        api_base: double.base_url.clone(),
    })
    .unwrap()
}

fn charge(challenge: &str) -> Charge {
    Charge {
        challenge_id: challenge.into(),
        amount: 25,
        currency: "usd".into(),
        description: "GET /v1/waterfalls".into(),
    }
}

#[actix_web::test]
async fn a_succeeded_payment_intent_settles_with_its_id_and_the_documented_request() {
    let double = StripeDouble::start();
    let stripe = rail(&double, SECRET_KEY);
    assert_eq!(stripe.method(), "stripe");
    assert!(!stripe.settles_real_money(), "a test key moves no money");
    assert_eq!(
        stripe
            .method_details_for(&charge("ch_1"), &stripe.quote(&charge("ch_1")).unwrap())
            .await
            .unwrap()
            .unwrap(),
        r#"{"networkId":"profile_test","paymentMethodTypes":["card"]}"#
    );
    let settled = stripe
        .settle(&charge("ch_1"), None, r#"{"spt":"spt_ok_1"}"#)
        .await
        .unwrap();
    assert_eq!(settled.reference, "pi_double_1");
    let sent = &double.requests()[0];
    for expected in [
        ("amount", "25"),
        ("currency", "usd"),
        ("confirm", "true"),
        ("shared_payment_granted_token", "spt_ok_1"),
        ("automatic_payment_methods[allow_redirects]", "never"),
        ("metadata[mpp_challenge_id]", "ch_1"),
    ] {
        assert!(
            sent.contains(&(expected.0.into(), expected.1.into())),
            "{expected:?} in {sent:?}"
        );
    }
    // A retry after a lost answer replays the same PaymentIntent: nothing is charged twice.
    let again = stripe
        .settle(&charge("ch_1"), None, r#"{"spt":"spt_ok_1"}"#)
        .await
        .unwrap();
    assert_eq!(again.reference, "pi_double_1");
    assert_eq!(double.created(), 1);
}

#[actix_web::test]
async fn declines_and_outages_are_told_apart() {
    let double = StripeDouble::start();
    let stripe = rail(&double, SECRET_KEY);
    let settle = |challenge: &'static str, token: &'static str| {
        let stripe = &stripe;
        async move {
            stripe
                .settle(&charge(challenge), None, &format!(r#"{{"spt":"{token}"}}"#))
                .await
        }
    };
    assert!(
        matches!(settle("ch_1", "spt_declined").await, Err(RailError::Declined(m)) if m.contains("card_declined"))
    );
    assert!(
        matches!(settle("ch_2", "spt_requires_action").await, Err(RailError::Declined(m)) if m.contains("requires_action"))
    );
    assert!(matches!(
        settle("ch_3", "spt_unavailable").await,
        Err(RailError::Unavailable(_))
    ));
    // A token spent under another challenge is refused by Stripe.
    settle("ch_4", "spt_once").await.unwrap();
    assert!(
        matches!(settle("ch_5", "spt_once").await, Err(RailError::Declined(m)) if m.contains("already been used"))
    );
    // A wrong key is our fault, not the payer's.
    let wrong = rail(&double, "sk_test_wrong");
    assert!(matches!(
        wrong
            .settle(&charge("ch_6"), None, r#"{"spt":"spt_x"}"#)
            .await,
        Err(RailError::Unavailable(_))
    ));
    // No server at all.
    let nowhere = StripeRail::new(StripeSettings {
        secret_key: SECRET_KEY.into(),
        network_id: "profile_test".into(),
        api_base: "http://127.0.0.1:9".into(),
    })
    .unwrap();
    assert!(matches!(
        nowhere
            .settle(&charge("ch_7"), None, r#"{"spt":"spt_y"}"#)
            .await,
        Err(RailError::Unavailable(_))
    ));
    let debug = format!("{wrong:?}");
    assert!(!debug.contains("sk_test_wrong"), "{debug}");
}

#[actix_web::test]
async fn payloads_that_are_not_the_rails_own_are_malformed() {
    let double = StripeDouble::start();
    let stripe = rail(&double, "sk_live_pretend");
    assert!(stripe.settles_real_money());
    for payload in ["", "[]", r#"{"spt":"tok_1"}"#, r#"{"token":"spt_1"}"#] {
        assert!(
            matches!(stripe.proof_id(payload), Err(RailError::MalformedProof(_))),
            "{payload}"
        );
    }
    assert_eq!(stripe.proof_id(r#"{"spt":"spt_1"}"#).unwrap(), "spt_1");

    let sandbox = SandboxRail;
    assert!(!sandbox.settles_real_money());
    assert!(matches!(
        sandbox.proof_id(r#"{"token":"tok_sandbox_"}"#),
        Err(RailError::MalformedProof(_))
    ));
    let settled = sandbox
        .settle(&charge("ch_1"), None, r#"{"token":"tok_sandbox_a"}"#)
        .await
        .unwrap();
    assert!(settled.reference.starts_with("sbx_"));
    assert!(matches!(
        sandbox
            .settle(&charge("ch_2"), None, r#"{"token":"tok_sandbox_declined"}"#)
            .await,
        Err(RailError::Declined(_))
    ));
}
